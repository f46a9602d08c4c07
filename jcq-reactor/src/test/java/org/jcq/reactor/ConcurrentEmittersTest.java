package org.jcq.reactor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.SignalType;
import reactor.core.publisher.Sinks;
import reactor.core.publisher.Sinks.EmitResult;
import reactor.test.StepVerifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several emitting threads, and the question of which queue they need. First, deterministically:
 * while one emitter is held inside {@code offer}, a second one is turned away by a
 * {@code Sinks.many()} sink and let through by a {@code Sinks.unsafe()} sink, so only the latter
 * puts two producers on the queue at once. Then under load: four threads through the serialized
 * sink with an SPSC queue, and four threads at once through the unsafe sink with an MPSC queue,
 * each checked per sender for order, loss and duplicates.
 */
class ConcurrentEmittersTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int SENDERS = 4;
    private static final int PER_SENDER = 50_000;

    @Test
    void serializedSinkTurnsASecondEmitterAwayWhileAnOfferIsUnderWay() throws Exception {
        final RecordingQueue<Integer> queue = RecordingQueue.holdingFirstOffer(SinkQueues.<Integer>forSerializedSink());
        final Sinks.Many<Integer> sink = Sinks.many().unicast().onBackpressureBuffer(queue);
        final AtomicReference<EmitResult> first = new AtomicReference<>();
        final Thread emitter = new Thread(() -> first.set(sink.tryEmitNext(1)), "held-emitter");
        emitter.start();
        try {
            assertTrue(queue.awaitFirstOffer(10), "the first offer never started");
            assertEquals(EmitResult.FAIL_NON_SERIALIZED, sink.tryEmitNext(2));
            assertEquals(1, queue.offers(), "the turned-away emission must not reach the queue");
        } finally {
            queue.releaseFirstOffer();
            emitter.join(TIMEOUT.toMillis());
        }
        assertEquals(EmitResult.OK, first.get());
        assertEquals(EmitResult.OK, sink.tryEmitNext(2));
        assertEquals(1, queue.mostOffersAtOnce(), "a serialized sink never offers twice at once");
        StepVerifier.create(sink.asFlux()).expectNext(1, 2).thenCancel().verify(TIMEOUT);
    }

    @Test
    void unsafeSinkLetsASecondEmitterOfferWhileAnOfferIsUnderWay() throws Exception {
        final RecordingQueue<Integer> queue = RecordingQueue.holdingFirstOffer(SinkQueues.<Integer>forConcurrentSink());
        final Sinks.Many<Integer> sink = Sinks.unsafe().many().unicast().onBackpressureBuffer(queue);
        final AtomicReference<EmitResult> first = new AtomicReference<>();
        final Thread emitter = new Thread(() -> first.set(sink.tryEmitNext(1)), "held-emitter");
        emitter.start();
        try {
            assertTrue(queue.awaitFirstOffer(10), "the first offer never started");
            // Nothing stops this emission: two offers are under way on the queue at once.
            assertEquals(EmitResult.OK, sink.tryEmitNext(2));
            assertEquals(2, queue.mostOffersAtOnce(), "an unsafe sink offers from two threads at once");
        } finally {
            queue.releaseFirstOffer();
            emitter.join(TIMEOUT.toMillis());
        }
        assertEquals(EmitResult.OK, first.get());
        // The held element reached the queue last: order holds per sender, not across senders.
        StepVerifier.create(sink.asFlux()).expectNext(2, 1).thenCancel().verify(TIMEOUT);
    }

    @Test
    void severalThreadsThroughTheSerializedSinkNeedOnlyAnSpscQueue() throws Exception {
        final RecordingQueue<Integer> queue = RecordingQueue.recording(SinkQueues.<Integer>forSerializedSink());
        final Sinks.Many<Integer> sink = Sinks.many().unicast().onBackpressureBuffer(queue);
        final CollectingSubscriber<Integer> subscriber = new CollectingSubscriber<>();
        sink.asFlux().subscribe(subscriber);
        final LongAdder turnedAway = new LongAdder();
        runSenders(sender -> {
            for (int i = 0; i < PER_SENDER; i++) {
                // What a user writes (one busyLooping handler per call, as Reactor asks), counting
                // the times the sink turned this sender away.
                final Sinks.EmitFailureHandler retry = Sinks.EmitFailureHandler.busyLooping(Duration.ofSeconds(10));
                sink.emitNext(sender * PER_SENDER + i, (SignalType signal, EmitResult result) -> {
                    if (result == EmitResult.FAIL_NON_SERIALIZED) {
                        turnedAway.increment();
                    }
                    return retry.onEmitFailure(signal, result);
                });
            }
        });
        sink.emitComplete(Sinks.EmitFailureHandler.FAIL_FAST);
        assertEachSenderInOrder(subscriber.awaitCompletion(TIMEOUT), "turned away " + turnedAway.sum() + " times");
        assertEquals(SENDERS * PER_SENDER, queue.offers());
        assertEquals(1, queue.mostOffersAtOnce(), "the queue saw one producer at a time");
        assertTrue(queue.isEmpty(), "queue drained");
    }

    @Test
    void severalThreadsAtOnceThroughTheUnsafeSinkWithAnMpscQueue() throws Exception {
        final Queue<Integer> queue = SinkQueues.forConcurrentSink();
        final Sinks.Many<Integer> sink = Sinks.unsafe().many().unicast().onBackpressureBuffer(queue);
        final CollectingSubscriber<Integer> subscriber = new CollectingSubscriber<>();
        sink.asFlux().subscribe(subscriber);
        final AtomicInteger failures = new AtomicInteger();
        runSenders(sender -> {
            for (int i = 0; i < PER_SENDER; i++) {
                if (sink.tryEmitNext(sender * PER_SENDER + i) != EmitResult.OK) {
                    failures.incrementAndGet();
                }
            }
        });
        // Completion only after every sender has finished (joined): the sink does not order it.
        assertEquals(EmitResult.OK, sink.tryEmitComplete());
        assertEquals(0, failures.get(), "failed emissions");
        assertEachSenderInOrder(subscriber.awaitCompletion(TIMEOUT), "");
        assertTrue(queue.isEmpty(), "queue drained");
    }

    @Test
    void severalThreadsAtOnceFillTheMpscQueueBeforeTheSubscriberComes() throws Exception {
        final Queue<Integer> queue = SinkQueues.forConcurrentSink();
        final Sinks.Many<Integer> sink = Sinks.unsafe().many().unicast().onBackpressureBuffer(queue);
        final AtomicInteger failures = new AtomicInteger();
        // No subscriber: nothing drains, so the senders meet on the queue's offer alone.
        runSenders(sender -> {
            for (int i = 0; i < PER_SENDER; i++) {
                if (sink.tryEmitNext(sender * PER_SENDER + i) != EmitResult.OK) {
                    failures.incrementAndGet();
                }
            }
        });
        assertEquals(0, failures.get(), "failed emissions");
        assertEquals(SENDERS * PER_SENDER, queue.size());
        assertEquals(EmitResult.OK, sink.tryEmitComplete());
        final CollectingSubscriber<Integer> subscriber = new CollectingSubscriber<>();
        sink.asFlux().subscribe(subscriber);
        assertEachSenderInOrder(subscriber.awaitCompletion(TIMEOUT), "");
        assertTrue(queue.isEmpty(), "queue drained");
    }

    /** What one sender does, given its number. */
    private interface Sender {
        void send(int sender) throws Exception;
    }

    /** Starts the senders together, waits for all of them, and rethrows the first failure. */
    private static void runSenders(Sender body) throws Exception {
        final CyclicBarrier start = new CyclicBarrier(SENDERS);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < SENDERS; s++) {
            final int sender = s;
            final Thread t = new Thread(() -> {
                try {
                    start.await();
                    body.send(sender);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "sender-" + s);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(TIMEOUT.toMillis());
            if (t.isAlive()) {
                throw new AssertionError(t.getName() + " still running after " + TIMEOUT);
            }
        }
        if (failure.get() != null) {
            throw new AssertionError("a sender failed", failure.get());
        }
    }

    /**
     * Each sender's values arrived in the order it sent them, none twice and none missing: the
     * next value of a sender is always the one after its last.
     */
    private static void assertEachSenderInOrder(List<Integer> values, String note) {
        final int[] next = new int[SENDERS];
        for (int k = 0; k < values.size(); k++) {
            final int v = values.get(k);
            final int sender = v / PER_SENDER;
            final int seq = v % PER_SENDER;
            if (seq != next[sender]) {
                throw new AssertionError("at " + k + ": sender " + sender + " sent " + seq + " but "
                        + next[sender] + " was due " + note);
            }
            next[sender]++;
        }
        for (int s = 0; s < SENDERS; s++) {
            assertEquals(PER_SENDER, next[s], "values of sender " + s + " " + note);
        }
        assertEquals(SENDERS * PER_SENDER, values.size(), "values " + note);
    }
}
