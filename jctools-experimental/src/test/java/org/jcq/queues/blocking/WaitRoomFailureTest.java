package org.jcq.queues.blocking;

import static org.jcq.queues.blocking.BlockingQueues.PATIENCE_MILLIS;
import static org.jcq.queues.blocking.BlockingQueues.awaitParked;
import static org.jcq.queues.blocking.BlockingQueues.joinOrFail;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.blocking.BlockingQueues.Spec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The wait room when a supplier is slow or re-enters the queue, and when a re-check throws.
 * <ul>
 * <li>A fill signals for each element as it goes: a consumer parked in {@code take} gets the
 *     first element while the supplier is still working on the second. (It used to signal once
 *     after the batch: checked to fail for MPSC and MPMC, whose waiting consumers await without a
 *     re-check interval.)</li>
 * <li>A waiter's re-check under the room's lock never waits for a claimed, unwritten slot: a fill
 *     whose supplier offers to the same queue while a consumer waits must not deadlock. (The
 *     re-check used to be the core {@code poll}, which spins on such a slot while holding the
 *     lock the supplier's offer needs to signal: checked to hang for MPSC and MPMC.)</li>
 * <li>A re-check that throws leaves no registration behind: the counts are back to zero and
 *     the queue still hands elements to later waiters. (It used to leave the count raised, so
 *     every later add took the lock to signal a waiter that was gone.)</li>
 * </ul>
 */
class WaitRoomFailureTest {
    static Stream<Spec> casProducers() {
        return Stream.of(BlockingQueues.MPSC, BlockingQueues.MPMC);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.blocking.BlockingQueues#ours")
    void fillWakesAWaitingConsumerForEachElementNotAfterTheBatch(Spec spec) throws InterruptedException {
        final BlockingQueue<Integer> q = spec.create(8);
        final AtomicReference<Integer> first = new AtomicReference<>();
        final CountDownLatch tookFirst = new CountDownLatch(1);
        final Thread consumer = new Thread(() -> {
            try {
                first.set(q.take());
                tookFirst.countDown();
                q.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "consumer");
        consumer.setDaemon(true);
        consumer.start();
        awaitParked(consumer);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicReference<Boolean> firstSeenBeforeRelease = new AtomicReference<>();
        final int[] calls = {0};
        final Thread filler = new Thread(() -> mpq(q).fill(() -> {
            if (calls[0]++ == 0) {
                return 1;
            }
            // The second element: the first is in the queue now, and its consumer must have it.
            try {
                firstSeenBeforeRelease.set(tookFirst.await(PATIENCE_MILLIS, TimeUnit.MILLISECONDS));
                release.await(PATIENCE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 2;
        }, 2), "filler");
        filler.setDaemon(true);
        filler.start();
        try {
            assertTrue(tookFirst.await(PATIENCE_MILLIS, TimeUnit.MILLISECONDS),
                    "the consumer stayed parked beside the fill's first element while the supplier worked on the second");
            assertEquals(1, first.get());
        } finally {
            release.countDown();
            joinOrFail(filler);
            joinOrFail(consumer);
        }
        assertEquals(Boolean.TRUE, firstSeenBeforeRelease.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("casProducers")
    void supplierOfferingToTheQueueWhileAConsumerWaitsDoesNotDeadlock(Spec spec) throws InterruptedException {
        final BlockingQueue<Integer> q = spec.create(8);
        final List<Integer> taken = new CopyOnWriteArrayList<>();
        final Thread consumer = new Thread(() -> {
            try {
                for (int i = 0; i < 3; i++) {
                    taken.add(q.take());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "consumer");
        consumer.setDaemon(true);
        consumer.start();
        awaitParked(consumer);
        final Thread filler = new Thread(() -> mpq(q).fill(() -> {
            // The fill holds a claim on the head slot now. This offer wakes the consumer, whose
            // re-check then finds the head claimed and unwritten.
            assertTrue(q.offer(100));
            // Give the woken consumer a chance to take the room's lock and re-check (a re-check
            // that waits for the head would hold the lock from here on), then offer again, which
            // takes that lock to signal while the consumer is registered.
            waitForTheLockOrAWhile(BlockingQueues.roomOf(q));
            assertTrue(q.offer(101));
            return 42;
        }, 1), "filler");
        filler.setDaemon(true);
        filler.start();
        joinOrFail(filler);
        joinOrFail(consumer);
        assertEquals(List.of(42, 100, 101), taken);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.blocking.BlockingQueues#ours")
    void recheckThatThrowsLeavesNoRegistrationBehind(Spec spec) throws InterruptedException {
        final Failing<Integer> failing = Failing.of(spec, 4);
        final BlockingQueue<Integer> q = failing.queue;
        final WaitRoom room = BlockingQueues.roomOf(q);

        // A consumer's re-check throws: take() passes the exception on, registration undone.
        failing.arm();
        final Throwable fromTake = thrownBy(q::take);
        assertSame(Failing.FAILURE, fromTake, "take did not pass the re-check's failure on");
        assertArrayEquals(new long[] {0, 0}, room.registrations(q), "registrations left behind by the failed take");
        assertEquals(0, q.size());

        // A producer's re-check throws: put() passes the exception on, registration undone.
        for (int i = 0; i < 4; i++) {
            assertTrue(q.offer(i));
        }
        failing.arm();
        final Throwable fromPut = thrownBy(() -> {
            q.put(99);
            return null;
        });
        assertSame(Failing.FAILURE, fromPut, "put did not pass the re-check's failure on");
        assertArrayEquals(new long[] {0, 0}, room.registrations(q), "registrations left behind by the failed put");
        for (int i = 0; i < 4; i++) {
            assertEquals(i, q.poll());
        }
        assertNull(q.poll());

        // The queue still wakes a waiter.
        final AtomicReference<Integer> got = new AtomicReference<>();
        final Thread consumer = new Thread(() -> {
            try {
                got.set(q.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "consumer");
        consumer.setDaemon(true);
        consumer.start();
        awaitParked(consumer);
        assertTrue(q.offer(7));
        joinOrFail(consumer);
        assertEquals(7, got.get());
        assertArrayEquals(new long[] {0, 0}, room.registrations(q));
    }

    /** A task that may throw anything. */
    private interface Call {
        Object call() throws Throwable;
    }

    /**
     * What {@code call} throws, run in a thread of its own so that a call that waits for good
     * (a re-check that did not throw) fails the test instead of hanging it.
     */
    private static Throwable thrownBy(Call call) throws InterruptedException {
        final AtomicReference<Throwable> thrown = new AtomicReference<>();
        final Thread t = new Thread(() -> {
            try {
                call.call();
            } catch (Throwable failure) {
                thrown.set(failure);
            }
        }, "caller");
        t.setDaemon(true);
        t.start();
        joinOrFail(t);
        if (thrown.get() == null) {
            throw new AssertionError("nothing thrown");
        }
        return thrown.get();
    }

    /** Waits until somebody holds the room's lock, or 200 ms at most. */
    private static void waitForTheLockOrAWhile(WaitRoom room) {
        final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
        while (!room.lockForTests().isLocked() && System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @SuppressWarnings("unchecked")
    private static MessagePassingQueue<Integer> mpq(BlockingQueue<Integer> q) {
        return (MessagePassingQueue<Integer>) q;
    }

    /**
     * One of the queues of this package whose {@code relaxedPoll} and {@code relaxedOffer} (the
     * wait room's re-checks) throw {@link #FAILURE} once each time the test arms them.
     */
    static final class Failing<E> {
        static final Error FAILURE = new Error("re-check fails (test)");

        BlockingQueue<E> queue;
        private volatile boolean armed;

        void arm() {
            armed = true;
        }

        /** Throws once if armed. */
        void check() {
            if (armed) {
                armed = false;
                throw FAILURE;
            }
        }

        static Failing<Integer> of(Spec spec, int capacity) {
            final Failing<Integer> f = new Failing<>();
            switch (spec.name) {
                case "SpscBlockingArrayQueue":
                    f.queue = new SpscBlockingArrayQueue<Integer>(capacity) {
                        @Override
                        public Integer relaxedPoll() {
                            f.check();
                            return super.relaxedPoll();
                        }

                        @Override
                        public boolean relaxedOffer(Integer e) {
                            f.check();
                            return super.relaxedOffer(e);
                        }
                    };
                    break;
                case "MpscBlockingArrayQueue":
                    f.queue = new MpscBlockingArrayQueue<Integer>(capacity) {
                        @Override
                        public Integer relaxedPoll() {
                            f.check();
                            return super.relaxedPoll();
                        }

                        @Override
                        public boolean relaxedOffer(Integer e) {
                            f.check();
                            return super.relaxedOffer(e);
                        }
                    };
                    break;
                default:
                    f.queue = new MpmcBlockingArrayQueue<Integer>(capacity) {
                        @Override
                        public Integer relaxedPoll() {
                            f.check();
                            return super.relaxedPoll();
                        }

                        @Override
                        public boolean relaxedOffer(Integer e) {
                            f.check();
                            return super.relaxedOffer(e);
                        }
                    };
            }
            return f;
        }
    }
}
