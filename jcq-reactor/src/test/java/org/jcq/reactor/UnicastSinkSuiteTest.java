package org.jcq.reactor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.jcq.queues.MessagePassingQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.Fuseable;
import reactor.core.Scannable;
import reactor.core.publisher.Sinks;
import reactor.core.publisher.Sinks.EmitResult;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;
import reactor.util.concurrent.Queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A unicast sink on each of {@link SinkQueues}' unbounded queues ({@link SinkCase}), one emitting
 * thread at a time: order, cancellation, a late subscriber, the buffered count, the
 * {@code Disposable} form, and a fused downstream that polls from another thread. Each test holds
 * the queue it gave the sink and checks that the elements went through it.
 */
class UnicastSinkSuiteTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static List<Integer> range(int from, int to) {
        return IntStream.range(from, to).boxed().collect(Collectors.toList());
    }

    private static void emitAll(Sinks.Many<Integer> sink, int from, int to) {
        for (int i = from; i < to; i++) {
            assertEquals(EmitResult.OK, sink.tryEmitNext(i), "emit " + i);
        }
    }

    private static int buffered(Sinks.Many<?> sink) {
        return Scannable.from(sink).scan(Scannable.Attr.BUFFERED);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void manyElementsArriveInEmissionOrder(SinkCase c) {
        final int n = 100_000;
        final Queue<Integer> queue = c.newQueue();
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        StepVerifier.create(sink.asFlux())
                .then(() -> {
                    emitAll(sink, 0, n);
                    assertEquals(EmitResult.OK, sink.tryEmitComplete());
                })
                .recordWith(ArrayList::new)
                .thenConsumeWhile(x -> true)
                .consumeRecordedWith(values -> assertEquals(range(0, n), values))
                .expectComplete()
                .verify(TIMEOUT);
        assertTrue(queue.isEmpty(), "queue drained");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void lateSubscriberGetsWhatWasBufferedInOrder(SinkCase c) {
        final int n = 1000;
        final Queue<Integer> queue = c.newQueue();
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        emitAll(sink, 0, n);
        assertEquals(EmitResult.OK, sink.tryEmitComplete());
        // Everything waits in the JCQ queue that was handed over, oldest first.
        assertEquals(n, queue.size());
        assertEquals(0, queue.peek());
        assertEquals(n, buffered(sink));
        assertEquals(0, sink.currentSubscriberCount());

        StepVerifier.create(sink.asFlux())
                .expectNextSequence(range(0, n))
                .expectComplete()
                .verify(TIMEOUT);
        assertTrue(queue.isEmpty(), "queue drained");
        assertEquals(0, buffered(sink));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void secondSubscriberIsRejectedEvenAfterTheFirstCancels(SinkCase c) {
        final Queue<Integer> queue = c.newQueue();
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        emitAll(sink, 0, 3);
        StepVerifier.create(sink.asFlux(), 0)
                .then(() -> StepVerifier.create(sink.asFlux())
                        .expectErrorSatisfies(e -> {
                            assertInstanceOf(IllegalStateException.class, e);
                            assertEquals("Sinks.many().unicast() sinks only allow a single Subscriber", e.getMessage());
                        })
                        .verify(TIMEOUT))
                .thenRequest(3)
                .expectNext(0, 1, 2)
                .thenCancel()
                .verify(TIMEOUT);
        assertEquals(0, sink.currentSubscriberCount());
        StepVerifier.create(sink.asFlux())
                .expectError(IllegalStateException.class)
                .verify(TIMEOUT);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void cancelClearsTheQueueAndLaterEmissionsFail(SinkCase c) {
        final Queue<Integer> queue = c.newQueue();
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        StepVerifier.create(sink.asFlux(), 0)
                .then(() -> emitAll(sink, 0, 10))
                .then(() -> assertEquals(10, queue.size(), "buffered before cancel"))
                .thenRequest(4)
                .expectNext(0, 1, 2, 3)
                .thenCancel()
                .verify(TIMEOUT);
        assertEquals(0, queue.size(), "queue cleared on cancel");
        assertTrue(queue.isEmpty(), "queue cleared on cancel");
        assertEquals(EmitResult.FAIL_CANCELLED, sink.tryEmitNext(10));
        assertEquals(EmitResult.FAIL_CANCELLED, sink.tryEmitComplete());
        assertTrue(queue.isEmpty(), "an emission after cancel leaves nothing behind");
        assertEquals(Boolean.TRUE, Scannable.from(sink).scan(Scannable.Attr.CANCELLED));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void cancelHandsTheUndeliveredElementsToTheDiscardHook(SinkCase c) {
        final Queue<Integer> queue = c.newQueue();
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        final List<Integer> discarded = new CopyOnWriteArrayList<>();
        StepVerifier.create(sink.asFlux().doOnDiscard(Integer.class, discarded::add), 0)
                .then(() -> emitAll(sink, 0, 10))
                .thenRequest(3)
                .expectNext(0, 1, 2)
                .thenCancel()
                .verify(TIMEOUT);
        // With a hook, Reactor polls the queue empty rather than clearing it, in queue order.
        assertEquals(range(3, 10), discarded);
        assertTrue(queue.isEmpty(), "queue emptied on cancel");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void bufferedCountIsTheQueueSize(SinkCase c) {
        final Queue<Integer> queue = c.newQueue();
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        StepVerifier.create(sink.asFlux(), 0)
                .then(() -> {
                    emitAll(sink, 0, 50);
                    assertEquals(50, queue.size());
                    assertEquals(50, buffered(sink));
                })
                .thenRequest(20)
                .expectNextCount(20)
                .then(() -> {
                    assertEquals(30, queue.size());
                    assertEquals(30, buffered(sink));
                })
                .thenRequest(30)
                .expectNextCount(30)
                .then(() -> {
                    assertEquals(0, queue.size());
                    assertEquals(0, buffered(sink));
                })
                .thenCancel()
                .verify(TIMEOUT);
        // Reactor knows the capacity of its own queues only.
        assertEquals(Queues.CAPACITY_UNSURE, Scannable.from(sink).scan(Scannable.Attr.CAPACITY));
        assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, ((MessagePassingQueue<?>) queue).capacity());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void disposableRunsOnceOnCancel(SinkCase c) {
        final AtomicInteger disposed = new AtomicInteger();
        final Queue<Integer> queue = c.newQueue();
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue, disposed::incrementAndGet);
        StepVerifier.create(sink.asFlux(), 0)
                .then(() -> emitAll(sink, 0, 5))
                .then(() -> assertEquals(0, disposed.get(), "not before a terminal signal"))
                .thenCancel()
                .verify(TIMEOUT);
        assertEquals(1, disposed.get());
        assertTrue(queue.isEmpty(), "queue cleared on cancel");
        assertEquals(EmitResult.FAIL_CANCELLED, sink.tryEmitError(new IllegalStateException("late")));
        assertEquals(1, disposed.get(), "once");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void disposableRunsOnCompletionWhileElementsAreStillBuffered(SinkCase c) {
        final AtomicInteger disposed = new AtomicInteger();
        final Queue<Integer> queue = c.newQueue();
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue, disposed::incrementAndGet);
        emitAll(sink, 0, 5);
        assertEquals(EmitResult.OK, sink.tryEmitComplete());
        // On completion, the callback does not wait for the subscriber: the queue still holds all.
        assertEquals(1, disposed.get());
        assertEquals(5, queue.size());
        StepVerifier.create(sink.asFlux())
                .expectNext(0, 1, 2, 3, 4)
                .expectComplete()
                .verify(TIMEOUT);
        assertEquals(1, disposed.get(), "once");
        assertTrue(queue.isEmpty(), "queue drained");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void disposableRunsOnError(SinkCase c) {
        final AtomicInteger disposed = new AtomicInteger();
        final Queue<Integer> queue = c.newQueue();
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue, disposed::incrementAndGet);
        StepVerifier.create(sink.asFlux())
                .then(() -> emitAll(sink, 0, 2))
                .expectNext(0, 1)
                .then(() -> assertEquals(EmitResult.OK, sink.tryEmitError(new IllegalStateException("boom"))))
                .expectErrorMessage("boom")
                .verify(TIMEOUT);
        assertEquals(1, disposed.get());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void fusedDownstreamPollsTheQueueDirectly(SinkCase c) {
        final Queue<Integer> queue = c.newQueue();
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        emitAll(sink, 0, 100);
        assertEquals(EmitResult.OK, sink.tryEmitComplete());
        StepVerifier.create(sink.asFlux())
                .expectFusion(Fuseable.ASYNC)
                .expectNextSequence(range(0, 100))
                .expectComplete()
                .verify(TIMEOUT);
        assertTrue(queue.isEmpty(), "queue drained by the fused subscriber");
    }

    /**
     * {@code publishOn} fuses with the sink (ASYNC): it takes the elements straight from the queue
     * given to the sink, on its worker. Without fusion the sink would drain its queue on the
     * emitting thread into {@code publishOn}'s own queue, and the worker would never poll the
     * sink's: so the test fails if fusion is lost.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void publishOnPollsFromItsWorkerWhileTheTestThreadOffers(SinkCase c) throws InterruptedException {
        final int n = 100_000;
        final RecordingQueue<Integer> queue = RecordingQueue.recording(c.<Integer>newQueue());
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        final Scheduler worker = Schedulers.newSingle("jcq-poller");
        try {
            final List<String> threads = new CopyOnWriteArrayList<>();
            final CollectingSubscriber<Integer> subscriber = new CollectingSubscriber<>();
            sink.asFlux()
                    .publishOn(worker)
                    .doOnNext(v -> {
                        if (v % 10_000 == 0) {
                            threads.add(Thread.currentThread().getName());
                        }
                    })
                    .subscribe(subscriber);
            emitAll(sink, 0, n);
            assertEquals(EmitResult.OK, sink.tryEmitComplete());
            assertEquals(range(0, n), subscriber.awaitCompletion(TIMEOUT));
            assertEquals(n / 10_000, threads.size());
            assertTrue(threads.stream().allMatch(t -> t.startsWith("jcq-poller")), "consumed on the worker: " + threads);
            assertTrue(queue.pollingThreads().stream().allMatch(t -> t.startsWith("jcq-poller")),
                    "the sink's queue is polled by the worker only (fused): " + queue.pollingThreads());
            assertFalse(queue.pollingThreads().isEmpty(), "the worker polled the sink's queue");
            assertTrue(queue.isEmpty(), "queue drained");
        } finally {
            worker.dispose();
        }
    }
}
