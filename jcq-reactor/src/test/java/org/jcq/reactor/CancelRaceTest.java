package org.jcq.reactor;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.Disposable;
import reactor.core.publisher.Sinks;
import reactor.core.publisher.Sinks.EmitResult;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A cancel racing a fused {@code publishOn}: two threads emit to an unsafe sink as fast as they
 * can while {@code publishOn} polls the sink's queue on its worker, and the subscriber cancels.
 * An emitter whose drain then finds the sink cancelled clears the queue while the worker may
 * still be polling it: two consumers at once. With a single-consumer MPSC queue, one of them can
 * end up waiting for ever on a slot that the other has already emptied (seen within a few dozen
 * rounds on a 2-core machine). Each round checks that both emitters return and that the worker
 * is free to run another task, each within a deadline, so a thread stuck that way fails the test.
 * The same two consumers without Reactor, one polling and one clearing while a producer offers,
 * make the race far more often (the bounded queue's, which the sink rarely shows, included).
 */
class CancelRaceTest {
    private static final int MAX_ROUNDS = 400;
    private static final long ROUNDS_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long WAIT_SECONDS = 5;

    /** Through Reactor; the unbounded queue (the bounded one's race shows here too rarely to test). */
    @Test
    void cancelWhileAFusedPublishOnPollsLeavesNoThreadStuck() throws InterruptedException {
        final Scheduler worker = Schedulers.newSingle("jcq-cancel-race", true);
        try {
            final long end = System.nanoTime() + ROUNDS_NANOS;
            for (int round = 0; round < MAX_ROUNDS && System.nanoTime() < end; round++) {
                race(SinkQueues.forConcurrentSink(16), worker, round);
            }
        } finally {
            worker.dispose();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"forConcurrentSink", "boundedForConcurrentSink"})
    void aPollAndAClearAtOnceLeaveNoThreadStuckAndTakeNothingTwice(String factory) throws InterruptedException {
        final int n = 2_000;
        final long end = System.nanoTime() + ROUNDS_NANOS;
        for (int round = 0; round < 100 && System.nanoTime() < end; round++) {
            final Queue<Integer> queue = factory.startsWith("bounded")
                    ? SinkQueues.boundedForConcurrentSink(64)
                    : SinkQueues.forConcurrentSink(16);
            final AtomicIntegerArray taken = new AtomicIntegerArray(n);
            final AtomicBoolean stop = new AtomicBoolean();
            final Thread producer = daemon("producer", () -> {
                for (int i = 0; i < n; i++) {
                    while (!queue.offer(i)) {
                        Thread.onSpinWait();
                    }
                }
            });
            final Thread poller = daemon("poller", () -> {
                while (!stop.get()) {
                    final Integer e = queue.poll();
                    if (e != null) {
                        taken.incrementAndGet(e);
                    }
                }
            });
            final Thread clearer = daemon("clearer", () -> {
                while (!stop.get()) {
                    queue.clear();
                }
            });
            for (Thread t : List.of(producer, poller, clearer)) {
                t.start();
            }
            producer.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
            stop.set(true);
            for (Thread t : List.of(producer, poller, clearer)) {
                t.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
                assertFalse(t.isAlive(), "round " + round + ": the " + t.getName() + " is stuck");
            }
            for (int i = 0; i < n; i++) {
                assertTrue(taken.get(i) <= 1, "round " + round + ": " + i + " taken " + taken.get(i) + " times");
            }
        }
    }

    private static Thread daemon(String name, Runnable body) {
        final Thread t = new Thread(body, name);
        t.setDaemon(true);
        return t;
    }

    private static void race(Queue<Integer> queue, Scheduler worker, int round) throws InterruptedException {
        final Sinks.Many<Integer> sink = Sinks.unsafe().many().unicast().onBackpressureBuffer(queue);
        final AtomicInteger received = new AtomicInteger();
        final Disposable subscription = sink.asFlux().publishOn(worker).subscribe(v -> received.incrementAndGet());
        final List<Thread> emitters = new ArrayList<>();
        for (int e = 0; e < 2; e++) {
            final Thread t = new Thread(() -> {
                for (int i = 0; sink.tryEmitNext(i) != EmitResult.FAIL_CANCELLED; i++) {
                    // Until the cancel: FAIL_OVERFLOW (a full bounded queue) just tries again.
                }
            }, "emitter-" + e);
            t.setDaemon(true);
            emitters.add(t);
            t.start();
        }
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (received.get() < 100) {
            assertTrue(System.nanoTime() < deadline, "round " + round + ": the worker got " + received.get() + " elements");
            Thread.onSpinWait();
        }
        subscription.dispose();
        for (Thread t : emitters) {
            t.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
            assertFalse(t.isAlive(), "round " + round + ": " + t.getName() + " stuck after the cancel");
        }
        final CountDownLatch ran = new CountDownLatch(1);
        worker.schedule(ran::countDown);
        assertTrue(ran.await(WAIT_SECONDS, TimeUnit.SECONDS), "round " + round + ": the publishOn worker stuck after the cancel");
    }
}
