package org.jcq.queues.blocking;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.jcq.queues.blocking.BlockingQueues.Kind;
import org.jcq.queues.blocking.BlockingQueues.Spec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.jcq.queues.blocking.BlockingQueues.awaitParked;
import static org.jcq.queues.blocking.BlockingQueues.joinOrFail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The {@link BlockingQueue} contract, as the JDK's own blocking-queue tests check it, for the
 * queues of this package and for {@link java.util.concurrent.ArrayBlockingQueue}: a case that
 * fails for the JDK's queue is a wrong case. Threads hand over through {@link Thread#getState()}
 * (a waiter is acted on only once it is parked), never through sleeps; time bounds are loose.
 * Hand-off and interrupt-while-waiting cases also run on virtual threads where the runtime has them.
 */
class BlockingQueueContractTest {
    /** A power of two, so that every queue's capacity is exactly this. */
    private static final int CAPACITY = 4;
    private static final long SHORT_MILLIS = 20;

    static Stream<Spec> queues() {
        return BlockingQueues.oursAndReference();
    }

    /** Every queue with every kind of thread (virtual ones are skipped before JDK 21). */
    static Stream<Arguments> queuesAndKinds() {
        return BlockingQueues.oursAndReference().flatMap(spec -> Stream.of(Kind.values()).map(kind -> Arguments.of(spec, kind)));
    }

    private static BlockingQueue<Integer> full(Spec spec) {
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        for (int i = 0; i < CAPACITY; i++) {
            assertTrue(q.offer(i));
        }
        return q;
    }

    /** Runs {@code body} in a new platform thread, keeping what it returns or throws. */
    private static final class Side {
        final AtomicReference<Object> result = new AtomicReference<>();
        final AtomicReference<Throwable> thrown = new AtomicReference<>();
        final AtomicReference<Boolean> interruptedAfter = new AtomicReference<>();
        final Thread thread;

        interface Body {
            Object run() throws Exception;
        }

        Side(String name, Body body) {
            this(Kind.PLATFORM, name, body);
        }

        Side(Kind kind, String name, Body body) {
            thread = kind.newThread(name, () -> {
                try {
                    result.set(body.run());
                } catch (Throwable t) {
                    thrown.set(t);
                }
                interruptedAfter.set(Thread.currentThread().isInterrupted());
            });
            thread.start();
        }

        Object join() throws InterruptedException {
            joinOrFail(thread);
            final Throwable t = thrown.get();
            if (t != null) {
                throw new AssertionError("side thread failed", t);
            }
            return result.get();
        }

        Throwable joinExpectingFailure() throws InterruptedException {
            joinOrFail(thread);
            return thrown.get();
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("queuesAndKinds")
    void takeWaitsForPutAndGetsItsElement(Spec spec, Kind kind) throws Exception {
        assumeTrue(kind.available(), "virtual threads need JDK 21+");
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        final Side consumer = new Side(kind, "take", q::take);
        awaitParked(consumer.thread);
        q.put(42);
        assertEquals(42, consumer.join());
        assertTrue(q.isEmpty());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("queuesAndKinds")
    void putOnFullQueueWaitsForTake(Spec spec, Kind kind) throws Exception {
        assumeTrue(kind.available(), "virtual threads need JDK 21+");
        final BlockingQueue<Integer> q = full(spec);
        final Side producer = new Side(kind, "put", () -> {
            q.put(99);
            return null;
        });
        awaitParked(producer.thread);
        assertEquals(CAPACITY, q.size());
        assertEquals(0, q.take());
        producer.join();
        final List<Integer> rest = new ArrayList<>();
        q.drainTo(rest);
        assertEquals(Arrays.asList(1, 2, 3, 99), rest);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void timedPollOnEmptyQueueReturnsNullNotBeforeTimeout(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        final long start = System.nanoTime();
        assertNull(q.poll(SHORT_MILLIS, TimeUnit.MILLISECONDS));
        final long elapsed = System.nanoTime() - start;
        assertTrue(elapsed >= TimeUnit.MILLISECONDS.toNanos(SHORT_MILLIS), "returned early: " + elapsed + " ns");
        assertTrue(elapsed < TimeUnit.MILLISECONDS.toNanos(BlockingQueues.PATIENCE_MILLIS), "took " + elapsed + " ns");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void timedOfferOnFullQueueReturnsFalseNotBeforeTimeoutAndLeavesItUnchanged(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = full(spec);
        final long start = System.nanoTime();
        assertFalse(q.offer(99, SHORT_MILLIS, TimeUnit.MILLISECONDS));
        final long elapsed = System.nanoTime() - start;
        assertTrue(elapsed >= TimeUnit.MILLISECONDS.toNanos(SHORT_MILLIS), "returned early: " + elapsed + " ns");
        assertTrue(elapsed < TimeUnit.MILLISECONDS.toNanos(BlockingQueues.PATIENCE_MILLIS), "took " + elapsed + " ns");
        assertEquals(Arrays.asList(0, 1, 2, 3), new ArrayList<>(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void timedPollGetsElementOfferedWhileItWaits(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        final Side consumer = new Side("poll", () -> q.poll(BlockingQueues.PATIENCE_MILLIS, TimeUnit.MILLISECONDS));
        awaitParked(consumer.thread);
        assertTrue(q.offer(7));
        assertEquals(7, consumer.join());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void timedOfferSucceedsWhenRoomIsMadeWhileItWaits(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = full(spec);
        final Side producer = new Side("offer", () -> q.offer(99, BlockingQueues.PATIENCE_MILLIS, TimeUnit.MILLISECONDS));
        awaitParked(producer.thread);
        assertEquals(0, q.poll());
        assertEquals(true, producer.join());
        assertEquals(CAPACITY, q.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void zeroOrNegativeTimeoutNeverWaits(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        assertNull(q.poll(0, TimeUnit.SECONDS));
        assertNull(q.poll(-1, TimeUnit.SECONDS));
        assertTrue(q.offer(1, 0, TimeUnit.SECONDS));
        assertEquals(1, q.poll(0, TimeUnit.SECONDS));
        final BlockingQueue<Integer> f = full(spec);
        assertFalse(f.offer(99, 0, TimeUnit.SECONDS));
        assertFalse(f.offer(99, -1, TimeUnit.SECONDS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void interruptedBeforeTakeThrowsEvenWithAnElementAndClearsStatus(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        q.put(1);
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, q::take);
        assertFalse(Thread.interrupted());
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> q.poll(1, TimeUnit.SECONDS));
        assertFalse(Thread.interrupted());
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> q.poll(0, TimeUnit.SECONDS));
        assertFalse(Thread.interrupted());
        assertEquals(1, q.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void interruptedBeforePutThrowsEvenWithRoomAndLeavesQueueUnchanged(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> q.put(1));
        assertFalse(Thread.interrupted());
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> q.offer(1, 1, TimeUnit.SECONDS));
        assertFalse(Thread.interrupted());
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> q.offer(1, 0, TimeUnit.SECONDS));
        assertFalse(Thread.interrupted());
        assertTrue(q.isEmpty());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("queuesAndKinds")
    void interruptDuringTakeThrowsAndClearsStatus(Spec spec, Kind kind) throws Exception {
        assumeTrue(kind.available(), "virtual threads need JDK 21+");
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        assertInterruptedWhileWaiting(new Side(kind, "take", q::take));
        assertInterruptedWhileWaiting(new Side(kind, "poll", () -> q.poll(BlockingQueues.PATIENCE_MILLIS, TimeUnit.MILLISECONDS)));
        // The queue still works, and no waiter is left counted that would eat a wake-up.
        final Side consumer = new Side("take", q::take);
        awaitParked(consumer.thread);
        q.put(5);
        assertEquals(5, consumer.join());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("queuesAndKinds")
    void interruptDuringPutThrowsAndClearsStatus(Spec spec, Kind kind) throws Exception {
        assumeTrue(kind.available(), "virtual threads need JDK 21+");
        final BlockingQueue<Integer> q = full(spec);
        assertInterruptedWhileWaiting(new Side(kind, "put", () -> {
            q.put(99);
            return null;
        }));
        assertInterruptedWhileWaiting(new Side(kind, "offer", () -> q.offer(99, BlockingQueues.PATIENCE_MILLIS, TimeUnit.MILLISECONDS)));
        assertEquals(Arrays.asList(0, 1, 2, 3), new ArrayList<>(q));
        final Side producer = new Side("put", () -> {
            q.put(100);
            return null;
        });
        awaitParked(producer.thread);
        assertEquals(0, q.take());
        producer.join();
        assertEquals(Arrays.asList(1, 2, 3, 100), new ArrayList<>(q));
    }

    private static void assertInterruptedWhileWaiting(Side side) throws InterruptedException {
        awaitParked(side.thread);
        side.thread.interrupt();
        final Throwable t = side.joinExpectingFailure();
        assertTrue(t instanceof InterruptedException, "expected InterruptedException, got " + t);
        assertEquals(Boolean.FALSE, side.interruptedAfter.get(), "interrupt status cleared as thrown");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void drainToMovesAllOrUpToTheLimitInOrder(Spec spec) {
        final BlockingQueue<Integer> q = full(spec);
        final List<Integer> sink = new ArrayList<>();
        assertEquals(0, q.drainTo(sink, 0));
        assertEquals(0, q.drainTo(sink, -1));
        assertEquals(2, q.drainTo(sink, 2));
        assertEquals(Arrays.asList(0, 1), sink);
        assertEquals(2, q.size());
        assertEquals(2, q.drainTo(sink));
        assertEquals(Arrays.asList(0, 1, 2, 3), sink);
        assertTrue(q.isEmpty());
        assertEquals(0, q.drainTo(sink));
        assertEquals(0, q.drainTo(sink, 5));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void drainToRejectsNullAndItself(Spec spec) {
        final BlockingQueue<Integer> q = full(spec);
        assertThrows(NullPointerException.class, () -> q.drainTo(null));
        assertThrows(NullPointerException.class, () -> q.drainTo(null, 1));
        assertThrows(IllegalArgumentException.class, () -> q.drainTo(q));
        assertThrows(IllegalArgumentException.class, () -> q.drainTo(q, 1));
        assertEquals(CAPACITY, q.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void drainToMakesRoomForWaitingProducer(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = full(spec);
        final Side producer = new Side("put", () -> {
            q.put(99);
            return null;
        });
        awaitParked(producer.thread);
        final List<Integer> sink = new ArrayList<>();
        assertEquals(1, q.drainTo(sink, 1));
        producer.join();
        assertEquals(Arrays.asList(1, 2, 3, 99), new ArrayList<>(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void remainingCapacityIsCapacityLessSize(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        assertEquals(CAPACITY, q.remainingCapacity());
        q.put(1);
        assertEquals(CAPACITY - 1, q.remainingCapacity());
        q.put(2);
        q.put(3);
        q.put(4);
        assertEquals(0, q.remainingCapacity());
        q.take();
        assertEquals(1, q.remainingCapacity());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void nullElementsAreRejectedEvenWhenInterrupted(Spec spec) {
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        assertThrows(NullPointerException.class, () -> q.put(null));
        assertThrows(NullPointerException.class, () -> q.offer(null, 1, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> q.offer(null));
        assertThrows(NullPointerException.class, () -> q.add(null));
        Thread.currentThread().interrupt();
        try {
            assertThrows(NullPointerException.class, () -> q.put(null));
        } finally {
            Thread.interrupted();
        }
        assertTrue(q.isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void addOnFullQueueThrowsIllegalState(Spec spec) {
        final BlockingQueue<Integer> q = full(spec);
        assertThrows(IllegalStateException.class, () -> q.add(99));
        assertEquals(CAPACITY, q.size());
    }

    // ---- the timed drain of MessagePassingBlockingQueue (ours only: the JDK's has none) ---------

    /** Every queue of ours with every kind of thread. */
    static Stream<Arguments> oursAndKinds() {
        return BlockingQueues.ours().flatMap(spec -> Stream.of(Kind.values()).map(kind -> Arguments.of(spec, kind)));
    }

    static Stream<Spec> ours() {
        return BlockingQueues.ours();
    }

    private static org.jcq.queues.MessagePassingBlockingQueue<Integer> mpbq(Spec spec) {
        return (org.jcq.queues.MessagePassingBlockingQueue<Integer>) spec.create(CAPACITY);
    }

    /**
     * A timed drain on an empty queue waits for the first element (parked, on either kind of
     * thread), then hands over it and what followed, up to the limit, without waiting again.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("oursAndKinds")
    void timedDrainWaitsForTheFirstElementThenTakesWhatIsThere(Spec spec, Kind kind) throws Exception {
        assumeTrue(kind.available(), "virtual threads need JDK 21+");
        final org.jcq.queues.MessagePassingBlockingQueue<Integer> q = mpbq(spec);
        final List<Integer> out = new ArrayList<>();
        final Side consumer = new Side(kind, "drain", () -> q.drain(out::add, 2, Long.MAX_VALUE, TimeUnit.DAYS));
        awaitParked(consumer.thread);
        q.put(1);
        assertEquals(1, consumer.join(), "the one element put");
        assertEquals(Arrays.asList(1), out);
        // What is there is taken at once, never more than the limit.
        out.clear();
        q.put(2);
        q.put(3);
        q.put(4);
        assertEquals(2, q.drain(out::add, 2, 1, TimeUnit.NANOSECONDS));
        assertEquals(Arrays.asList(2, 3), out);
        assertEquals(1, q.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ours")
    void timedDrainOnAnEmptyQueueReturnsZeroNotBeforeTheTimeout(Spec spec) throws Exception {
        final org.jcq.queues.MessagePassingBlockingQueue<Integer> q = mpbq(spec);
        final long start = System.nanoTime();
        assertEquals(0, q.drain(e -> fail("nothing to hand over"), 3, SHORT_MILLIS, TimeUnit.MILLISECONDS));
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(SHORT_MILLIS), "gave up early");
        assertEquals(0, q.drain(e -> fail("nothing to hand over"), 3, 0, TimeUnit.SECONDS));
        assertEquals(0, q.drain(e -> fail("limit 0"), 0, Long.MAX_VALUE, TimeUnit.DAYS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ours")
    void timedDrainRejectsBadArgumentsLeavingTheQueueUnchanged(Spec spec) throws Exception {
        final org.jcq.queues.MessagePassingBlockingQueue<Integer> q = mpbq(spec);
        q.put(1);
        assertThrows(IllegalArgumentException.class, () -> q.drain(null, 1, 1, TimeUnit.SECONDS));
        assertThrows(IllegalArgumentException.class, () -> q.drain(e -> { }, -1, 1, TimeUnit.SECONDS));
        assertEquals(1, q.size());
        q.clear();
        assertThrows(NullPointerException.class, () -> q.drain(e -> { }, 1, 1, null), "empty, so it must wait");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("oursAndKinds")
    void interruptDuringTimedDrainThrowsClearsStatusAndLosesNothing(Spec spec, Kind kind) throws Exception {
        assumeTrue(kind.available(), "virtual threads need JDK 21+");
        final org.jcq.queues.MessagePassingBlockingQueue<Integer> q = mpbq(spec);
        final Side consumer = new Side(kind, "drain",
                () -> q.drain(e -> fail("nothing was offered"), 4, Long.MAX_VALUE, TimeUnit.DAYS));
        awaitParked(consumer.thread);
        consumer.thread.interrupt();
        assertTrue(consumer.joinExpectingFailure() instanceof InterruptedException);
        assertFalse(consumer.interruptedAfter.get(), "interrupt status cleared");
        q.put(7);
        assertEquals(7, q.poll());
    }

    /**
     * A fill whose supplier blocks holds its claimed slot unwritten (the multi-producer queues
     * claim before they ask the supplier). A timed poll and a timed drain return empty-handed once
     * their time is up, and a waiting take throws when interrupted: none spins on the claimed slot
     * past them. Under a deadline, so that a wait that ignores them fails instead of hanging.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("ours")
    void waitsForAClaimedButUnwrittenSlotHonourDeadlinesAndInterrupts(Spec spec) throws Exception {
        assumeTrue(spec.multiProducer, "a single producer claims nothing before its supplier answers");
        final org.jcq.queues.MessagePassingBlockingQueue<Integer> q = mpbq(spec);
        final java.util.concurrent.CountDownLatch inSupplier = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final Thread filler = new Thread(() -> q.fill(() -> {
            inSupplier.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 5;
        }, 1), "slow-filler");
        filler.start();
        try {
            assertTrue(inSupplier.await(20, TimeUnit.SECONDS));
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
                final long start = System.nanoTime();
                assertNull(q.poll(SHORT_MILLIS, TimeUnit.MILLISECONDS));
                assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(SHORT_MILLIS), "gave up early");
                assertEquals(0, q.drain(e -> fail("nothing written yet"), 4, SHORT_MILLIS, TimeUnit.MILLISECONDS));
                final Side taker = new Side("take", q::take);
                awaitParked(taker.thread);
                taker.thread.interrupt();
                assertTrue(taker.joinExpectingFailure() instanceof InterruptedException);
            });
        } finally {
            release.countDown();
            filler.join();
        }
        assertEquals(5, q.take());
    }
}
