package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue.ExitCondition;
import org.jcq.queues.MessagePassingQueue.Supplier;
import org.jcq.queues.MessagePassingQueue.WaitStrategy;
import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of {@link MessagePassingQueue}, checked on every registry queue: single-threaded
 * behaviour (against an {@link ArrayDeque} model where it helps), argument rules, and races
 * between producers, consumers and observers that fail on any lost, duplicated or reordered
 * element. Every concurrent test runs under a {@link Race} deadline.
 */
class QueueSanityTest {
    private static final String ALL = "org.jcq.queues.QueueRegistry#all";
    private static final String BOUNDED = "org.jcq.queues.QueueRegistry#bounded";
    private static final String SINGLE_CONSUMER = "org.jcq.queues.QueueRegistry#singleConsumer";
    private static final String MULTI_PRODUCER = "org.jcq.queues.QueueRegistry#multiProducer";

    /** Elements of the concurrent tests are {@code producer * STRIDE + sequence}. */
    private static final int STRIDE = 1 << 24;

    // ---------------------------------------------------------------------------------------------
    // Capacity

    // ---------------------------------------------------------------------------------------------
    // toString

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void toStringSaysWhatTheQueueIsNotItsElements(QueueSpec spec) {
        final MessagePassingQueue<String> q = spec.create(16);
        assertTrue(q.offer("first-element"));
        assertTrue(q.offer("second-element"));
        assertEquals("first-element", q.poll());
        final String text = q.toString();
        assertTrue(text.startsWith(q.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(q)) + "["),
                text);
        assertTrue(text.contains("capacity=" + (spec.bounded() ? Integer.toString(q.capacity()) : "unbounded")), text);
        assertFalse(text.contains("element"), text);
        if (q instanceof QueueProgressIndicators) {
            assertTrue(text.endsWith(", size=1, producerIndex=2, consumerIndex=1]"), text);
        } else if (spec.name().contains("Compound")) {
            assertTrue(text.contains(", size=1, lanes="), text);
        } else {
            assertTrue(text.endsWith(", empty=false]"), text);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BOUNDED)
    void capacityIsRequestRoundedUpToPowerOfTwo(QueueSpec spec) {
        for (int requested : new int[] {Integer.MIN_VALUE, -1, 0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 1000, 1024, 1025}) {
            if (requested >= spec.capacity().minAccepted()) {
                assertEquals(spec.capacity().expected(requested), spec.create(requested).capacity(),
                        "capacity of a queue built for " + requested);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BOUNDED)
    void capacityOutOfRangeIsRejectedNamingIt(QueueSpec spec) {
        final int min = spec.capacity().minAccepted();
        for (int bad : new int[] {min - 1, 0, -1, Integer.MIN_VALUE, (1 << 30) + 1, Integer.MAX_VALUE}) {
            if (bad >= min && bad <= 1 << 30) {
                continue; // accepted, as JCTools accepts it (min - 1 wraps for Integer.MIN_VALUE)
            }
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> spec.create(bad),
                    "capacity " + bad);
            final String message = String.valueOf(e.getMessage());
            assertTrue(message.contains("capacity") && message.contains(String.valueOf(bad)),
                    "message should name capacity and " + bad + ": " + message);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BOUNDED)
    void exactlyCapacityElementsFitAtEveryRingPosition(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        for (int requested : new int[] {spec.capacity().minRequest(), 4, 16}) {
            final MessagePassingQueue<Integer> q = spec.create(requested);
            final Queue<Integer> queue = QueueRegistry.asQueue(q);
            final int capacity = q.capacity();
            int next = 0;
            int expected = 0;
            for (int round = 0; round < capacity + 1; round++) {
                // Start this round's fill at ring position (round mod capacity).
                while (Math.floorMod(next - round, capacity) != 0) {
                    assertTrue(q.offer(next++));
                    assertEquals(expected++, q.poll());
                }
                for (int i = 0; i < capacity; i++) {
                    assertTrue(q.offer(next++), "offer " + i + " of " + capacity + " in round " + round);
                }
                assertEquals(capacity, q.size());
                assertFalse(q.offer(-1), "offer into a full queue");
                assertFalse(q.relaxedOffer(-1), "relaxedOffer into a full queue");
                assertThrows(IllegalStateException.class, () -> queue.add(-1), "add into a full queue");
                assertEquals(0, q.fill(() -> fail("supplier called for a full queue"), 3));
                assertEquals(0, q.fill(() -> fail("supplier called for a full queue")));
                assertEquals(capacity, q.size());

                assertEquals(expected++, q.poll());
                assertTrue(q.offer(next++), "offer after one poll from a full queue");
                assertFalse(q.offer(-1), "offer into a full queue again");
                for (int i = 0; i < capacity; i++) {
                    assertEquals(expected++, q.poll());
                }
                assertNull(q.poll());
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Single-threaded order and emptiness

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void pollPastEndNeverReturnsStaleElement(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        for (int requested : new int[] {spec.capacity().minRequest(), 4, 8}) {
            final MessagePassingQueue<Integer> q = spec.create(requested);
            final int maxLevel = spec.bounded() ? q.capacity() : 16;
            int next = 0;
            for (int level = 1; level <= maxLevel; level++) {
                // At least ten laps of the ring at each fill level.
                for (int passed = 0; passed < 10 * maxLevel; passed += level) {
                    final int first = next;
                    for (int i = 0; i < level; i++) {
                        assertTrue(q.offer(next++));
                    }
                    for (int i = 0; i < level; i++) {
                        assertEquals(first + i, q.poll(), "level " + level);
                    }
                    assertEmpty(q, "after level " + level + " round ending at " + next);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void steadyBacklogKeepsFifoAcrossWrapArounds(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(8);
        final int maxBacklog = spec.bounded() ? q.capacity() - 1 : 16;
        int next = 0;
        int expected = 0;
        for (int backlog = 0; backlog <= maxBacklog; backlog++) {
            for (int i = 0; i < backlog; i++) {
                assertTrue(q.offer(next++));
            }
            for (int i = 0; i < 10 * (maxBacklog + 1); i++) {
                assertTrue(q.offer(next++));
                assertEquals(backlog + 1, q.size());
                assertEquals(expected, q.peek());
                assertEquals(expected++, q.poll());
            }
            for (int i = 0; i < backlog; i++) {
                assertEquals(expected++, q.poll());
            }
            assertEmpty(q, "after backlog " + backlog);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void behavesLikeArrayDequeUnderRandomSingleThreadedOperations(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        for (int requested : new int[] {spec.capacity().minRequest(), 8}) {
            final MessagePassingQueue<Integer> q = spec.create(requested);
            final int capacity = spec.bounded() ? q.capacity() : Integer.MAX_VALUE;
            final ArrayDeque<Integer> model = new ArrayDeque<>();
            final Random random = new Random(requested * 31L + spec.name().hashCode());
            final int[] next = {0};
            final Supplier<Integer> supplier = () -> next[0]++;
            for (int step = 0; step < 20_000; step++) {
                final String at = "step " + step + ", model " + model;
                int op = random.nextInt(14);
                if (op >= 12) {
                    // Alternate between filling and emptying phases so both edges are hit often.
                    op = (step / 150) % 2 == 0 ? 0 : 3;
                }
                switch (op) {
                    case 0, 1 -> {
                        final boolean added = q.offer(next[0]);
                        assertEquals(model.size() < capacity, added, at);
                        if (added) {
                            model.add(next[0]);
                        }
                        next[0]++;
                    }
                    case 2 -> {
                        final boolean added = q.relaxedOffer(next[0]);
                        assertEquals(model.size() < capacity, added, at);
                        if (added) {
                            model.add(next[0]);
                        }
                        next[0]++;
                    }
                    case 3, 4 -> assertEquals(model.poll(), q.poll(), at);
                    case 5 -> assertEquals(model.poll(), q.relaxedPoll(), at);
                    case 6 -> assertEquals(model.peek(), q.peek(), at);
                    case 7 -> assertEquals(model.peek(), q.relaxedPeek(), at);
                    case 8 -> {
                        final int limit = random.nextInt(4) == 0 ? random.nextInt(Math.min(capacity, 40) + 3) : random.nextInt(6);
                        final List<Integer> drained = new ArrayList<>();
                        final int n = q.drain(drained::add, limit);
                        final List<Integer> expected = new ArrayList<>();
                        while (expected.size() < limit && !model.isEmpty()) {
                            expected.add(model.poll());
                        }
                        assertEquals(expected.size(), n, at);
                        assertEquals(expected, drained, at);
                    }
                    case 9 -> {
                        final int limit = random.nextInt(4) == 0 ? random.nextInt(Math.min(capacity, 40) + 3) : random.nextInt(6);
                        final int first = next[0];
                        final int n = q.fill(supplier, limit);
                        assertEquals(Math.min(limit, capacity - model.size()), n, at);
                        assertEquals(first + n, next[0], "supplier calls, " + at);
                        for (int i = 0; i < n; i++) {
                            model.add(first + i);
                        }
                    }
                    case 10 -> {
                        assertEquals(model.size(), q.size(), at);
                        assertEquals(model.isEmpty(), q.isEmpty(), at);
                    }
                    default -> assertEquals(new ArrayList<>(model), contents(q), at);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void peekReturnsHeadWithoutRemovingIt(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = spec.create(8);
        assertNull(q.peek());
        q.offer(1);
        q.offer(2);
        assertEquals(1, q.peek());
        assertEquals(1, q.peek());
        assertEquals(2, q.size());
        assertEquals(1, q.poll());
        assertEquals(2, q.peek());
        assertEquals(2, q.poll());
        assertNull(q.peek());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void relaxedMethodsMatchStrictOnesWhenQuiescent(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = spec.create(8);
        final int fillTo = spec.bounded() ? q.capacity() : 20;
        int next = 0;
        int expected = 0;
        for (int lap = 0; lap < 5; lap++) {
            assertNull(q.relaxedPoll());
            assertNull(q.relaxedPeek());
            for (int i = 0; i < fillTo; i++) {
                assertTrue(q.relaxedOffer(next++), "relaxedOffer " + i + " in lap " + lap);
                assertEquals(expected, q.relaxedPeek());
            }
            if (spec.bounded()) {
                assertFalse(q.relaxedOffer(-1), "relaxedOffer into a full queue");
            }
            for (int i = 0; i < fillTo; i++) {
                assertEquals(q.peek(), q.relaxedPeek());
                assertEquals(expected++, q.relaxedPoll(), "lap " + lap);
            }
            assertNull(q.relaxedPoll());
            assertNull(q.relaxedPeek());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void sizeAndIsEmptyCountElements(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = spec.create(16);
        final int max = spec.bounded() ? q.capacity() : 40;
        for (int lap = 0; lap < 3; lap++) {
            assertEquals(0, q.size());
            assertTrue(q.isEmpty());
            for (int i = 1; i <= max; i++) {
                q.offer(i);
                assertEquals(i, q.size());
                assertFalse(q.isEmpty());
            }
            for (int i = max - 1; i >= 0; i--) {
                q.poll();
                assertEquals(i, q.size());
                assertEquals(i == 0, q.isEmpty());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void clearRemovesEverythingAndQueueStaysUsable(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = spec.create(8);
        q.clear();
        assertEmpty(q, "clear of an empty queue");
        int next = 0;
        for (int lap = 0; lap < 4; lap++) {
            for (int i = 0; i < 5; i++) {
                assertTrue(q.offer(next++));
            }
            q.poll();
            q.clear();
            assertEmpty(q, "after clear in lap " + lap);
            if (q instanceof QueueProgressIndicators) {
                final QueueProgressIndicators indices = (QueueProgressIndicators) q;
                assertEquals(indices.currentProducerIndex(), indices.currentConsumerIndex());
            }
            assertTrue(q.offer(next));
            assertEquals(next++, q.poll());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BOUNDED)
    void progressIndicatorsAdvanceByOnePerElement(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        // The array queues document one index step per element (QueueProgressIndicators).
        final MessagePassingQueue<Integer> q = spec.create(8);
        final QueueProgressIndicators indices = (QueueProgressIndicators) q;
        final int capacity = q.capacity();
        assertIndices(indices, 0, 0);
        for (int i = 0; i < 3; i++) {
            q.offer(i);
            assertIndices(indices, i + 1, 0);
        }
        q.poll();
        assertIndices(indices, 3, 1);
        q.poll();
        q.poll();
        assertNull(q.poll());
        assertNull(q.relaxedPoll());
        assertEquals(0, q.drain(e -> fail("drained from an empty queue")));
        assertIndices(indices, 3, 3);
        assertEquals(capacity, q.fill(() -> 7));
        assertIndices(indices, 3 + capacity, 3);
        assertFalse(q.offer(8));
        assertFalse(q.relaxedOffer(8));
        assertEquals(0, q.fill(() -> 8, 4));
        assertIndices(indices, 3 + capacity, 3);
        assertEquals(Math.min(2, capacity), q.drain(e -> { }, 2));
        assertIndices(indices, 3 + capacity, 3 + Math.min(2, capacity));
        q.clear();
        assertIndices(indices, 3 + capacity, 3 + capacity);
    }

    // ---------------------------------------------------------------------------------------------
    // drain and fill

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void drainHandsOverAtMostLimitInQueueOrder(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(16);
        offerRange(q, 0, 10);
        final List<Integer> drained = new ArrayList<>();
        assertEquals(3, q.drain(drained::add, 3));
        assertEquals(List.of(0, 1, 2), drained);
        assertEquals(7, q.size());
        assertEquals(0, q.drain(e -> fail("drain with limit 0 handed over " + e), 0));
        assertEquals(7, q.size());
        assertEquals(7, q.drain(drained::add, 100));
        assertEquals(range(0, 10), drained);
        assertEquals(0, q.drain(drained::add, 5));
        assertEmpty(q, "after drain");

        offerRange(q, 10, 15);
        assertEquals(5, q.drain(drained::add));
        assertEquals(0, q.drain(drained::add));
        assertEquals(range(0, 15), drained);
        assertEmpty(q, "after drain()");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BOUNDED)
    void drainWithoutLimitReturnsAfterCapacityEvenIfRefilled(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(8);
        final int capacity = q.capacity();
        offerRange(q, 0, capacity);
        final int[] next = {capacity};
        final List<Integer> drained = new ArrayList<>();
        // Each element handed over is replaced by a new one, so the queue never runs dry.
        assertEquals(capacity, q.drain(e -> {
            drained.add(e);
            assertTrue(q.offer(next[0]++));
        }));
        assertEquals(range(0, capacity), drained);
        assertEquals(range(capacity, 2 * capacity), drainToList(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void fillAddsAtMostLimitAndCallsSupplierOnlyForAddedElements(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(16);
        final int[] supplied = {0};
        final Supplier<Integer> supplier = () -> supplied[0]++;
        assertEquals(3, q.fill(supplier, 3));
        assertEquals(3, supplied[0]);
        assertEquals(0, q.fill(() -> fail("supplier called with limit 0"), 0));
        assertEquals(3, q.size());
        final int added = q.fill(supplier);
        assertEquals(supplied[0], 3 + added, "supplier calls must equal elements added");
        if (spec.bounded()) {
            assertEquals(q.capacity() - 3, added, "fill() fills a bounded queue to capacity");
            assertEquals(0, q.fill(supplier));
            assertEquals(0, q.fill(supplier, 5));
            assertEquals(q.capacity(), supplied[0], "supplier called for an element that did not fit");
        } else {
            assertTrue(added > 0, "fill() on an unbounded queue adds a batch");
        }
        assertEquals(range(0, supplied[0]), drainToList(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void waitingDrainReturnsWhenExitConditionTurnsFalse(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(16);
        offerRange(q, 0, 10);
        final List<Integer> drained = new ArrayList<>();
        final List<Integer> idleCounters = new ArrayList<>();
        final WaitStrategy wait = idle -> {
            idleCounters.add(idle);
            if (idleCounters.size() == 1) {
                // Progress after an idle round must reset the counter to 0.
                assertTrue(q.offer(10));
            }
            return idle + 1;
        };
        q.drain(drained::add, wait, () -> idleCounters.size() < 3);
        assertEquals(range(0, 11), drained);
        assertEquals(List.of(0, 0, 1), idleCounters);
        assertEmpty(q, "after waiting drain");

        offerRange(q, 0, 3);
        q.drain(e -> fail("drained after exit said stop"), idle -> fail("waited after exit said stop"), () -> false);
        assertEquals(3, q.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BOUNDED)
    void waitingFillWaitsWhileFullAndReturnsWhenExitConditionTurnsFalse(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(16);
        final int capacity = q.capacity();
        final int[] supplied = {0};
        final List<Integer> idleCounters = new ArrayList<>();
        final WaitStrategy wait = idle -> {
            idleCounters.add(idle);
            if (idleCounters.size() == 1) {
                // Make room for one: the next batch adds it and resets the idle counter.
                assertEquals(0, q.poll());
            }
            return idle + 1;
        };
        q.fill(() -> supplied[0]++, wait, () -> idleCounters.size() < 3);
        assertEquals(capacity + 1, supplied[0]);
        assertEquals(List.of(0, 0, 1), idleCounters);
        assertEquals(range(1, capacity + 1), drainToList(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void waitingFillReturnsWhenExitConditionTurnsFalse(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(16);
        final int[] supplied = {0};
        // The exit condition is checked before each batch, so a batch may overshoot the 3.
        q.fill(() -> supplied[0]++, idle -> idle + 1, () -> supplied[0] < 3);
        assertTrue(supplied[0] >= 3, "supplied " + supplied[0]);
        assertEquals(range(0, supplied[0]), drainToList(q));

        q.fill(() -> fail("supplied after exit said stop"), idle -> fail("waited after exit said stop"), () -> false);
        assertEmpty(q, "after a fill that was told to stop at once");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void consumerExceptionInDrainCountsElementAsDeliveredAndKeepsQueueConsistent(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = wrappedQueueHolding(spec, 0, 1, 2, 3, 4, 5);
        final List<Integer> drained = new ArrayList<>();
        final IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> q.drain(e -> {
            drained.add(e);
            if (e == 2) {
                throw new IllegalStateException("consumer fails on 2");
            }
        }));
        assertEquals("consumer fails on 2", thrown.getMessage());
        assertEquals(List.of(0, 1, 2), drained);
        assertEquals(3, q.size());
        assertEquals(List.of(3, 4, 5), contents(q));
        assertTrue(q.offer(6));
        assertEquals(List.of(3, 4, 5, 6), drainToList(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void supplierExceptionStopsFillKeepingEarlierElements(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = wrappedQueueHolding(spec, 0);
        final int[] next = {10};
        final IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> q.fill(() -> {
            if (next[0] == 13) {
                throw new IllegalStateException("supplier fails at 13");
            }
            return next[0]++;
        }, 6));
        assertEquals("supplier fails at 13", thrown.getMessage());
        assertEquals(4, q.size());
        assertEquals(List.of(0, 10, 11, 12), contents(q));
        assertTrue(q.offer(7));
        assertEquals(List.of(0, 10, 11, 12, 7), drainToList(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MULTI_PRODUCER)
    void fillReturnsWhenAnotherProducerTakesTheRoomItSaw(QueueSpec spec) throws InterruptedException {
        // fill(s, limit) stops early when the queue is full and never drops a supplied element. Here
        // another producer fills the last free slot while the supplier runs: fill must still return
        // (having placed the element in room it claimed first, or having stopped), not wait for a
        // consumer, which may never come (it may be the very thread that called fill).
        assumeTrue(spec.bounded(), "an unbounded queue is never full");
        final MessagePassingQueue<Integer> q = spec.create(Math.max(2, spec.capacity().minRequest()));
        final int capacity = q.capacity();
        offerRange(q, 0, capacity - 1);
        final CountDownLatch inSupplier = new CountDownLatch(1);
        final CountDownLatch otherOfferDone = new CountDownLatch(1);
        final AtomicInteger supplied = new AtomicInteger();
        final AtomicInteger added = new AtomicInteger(-1);
        final Thread filler = new Thread(() -> added.set(q.fill(() -> {
            inSupplier.countDown();
            try {
                otherOfferDone.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            supplied.incrementAndGet();
            return 100;
        }, 1)), "filler");
        filler.setDaemon(true);
        filler.start();
        try {
            assertTrue(inSupplier.await(5, TimeUnit.SECONDS), "supplier not called with a free slot");
            final boolean otherAdded = q.offer(200);
            otherOfferDone.countDown();
            filler.join(2_000);
            assertFalse(filler.isAlive(), "fill still running 2 s after its supplier returned, with the queue full and no"
                    + " consumer: it waits for a consumer to free the room another producer took");
            final List<Integer> contents = drainToList(q);
            assertEquals(added.get(), supplied.get(), "supplied elements that were not added (dropped)");
            assertEquals(capacity - 1 + added.get() + (otherAdded ? 1 : 0), contents.size(), "contents " + contents);
            assertTrue(contents.size() <= capacity, "more than capacity: " + contents);
        } finally {
            // Be the consumer a stuck fill waits for, so no thread outlives the test.
            otherOfferDone.countDown();
            for (int i = 0; filler.isAlive() && i < 1_000; i++) {
                q.poll();
                filler.join(5);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MULTI_PRODUCER)
    void failedFillClaimBehindAnotherProducerIsSkippedNotWaitedFor(QueueSpec spec) throws InterruptedException {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        // A multi-producer fill claims its slot before calling its supplier. If the supplier fails
        // after another producer has claimed the next slot, the claim cannot be withdrawn, and the
        // slot is never written: every consuming method must skip it rather than wait for it, and
        // the slot must work again on the next laps.
        final List<String> forms = List.of("poll", "relaxedPoll", "peek", "relaxedPeek", "drain");
        for (final String form : forms) {
            for (final boolean throwing : new boolean[] {false, true}) {
                final String where = form + (throwing ? " after a throwing supplier" : " after a null supplier");
                // Room for 4: two offers, the fill's claim and the other producer's offer.
                final MessagePassingQueue<Integer> q = spec.create(spec.capacity().exact() ? 5 : 4);
                final int capacity = q.capacity();
                offerRange(q, 0, 2);
                final CountDownLatch inSupplier = new CountDownLatch(1);
                final CountDownLatch otherOffered = new CountDownLatch(1);
                final AtomicInteger failures = new AtomicInteger();
                final Thread filler = new Thread(() -> {
                    try {
                        q.fill(() -> {
                            inSupplier.countDown();
                            try {
                                otherOffered.await(5, TimeUnit.SECONDS);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            if (throwing) {
                                throw new IllegalStateException("supplier fails");
                            }
                            return null;
                        }, 1);
                    } catch (NullPointerException | IllegalStateException expected) {
                        failures.incrementAndGet();
                    }
                }, "filler");
                filler.setDaemon(true);
                filler.start();
                assertTrue(inSupplier.await(5, TimeUnit.SECONDS), where);
                assertTrue(q.offer(200), where);
                otherOffered.countDown();
                filler.join(5_000);
                assertFalse(filler.isAlive(), where);
                assertEquals(1, failures.get(), "fill did not report the supplier's failure, " + where);

                final List<Integer> got = Collections.synchronizedList(new ArrayList<>());
                final Race race = new Race().watching(got::size, () -> where + ": got " + got);
                race.thread("consumer", () -> {
                    while (got.size() < 3) {
                        race.idle();
                        final Integer e;
                        switch (form) {
                            case "poll":
                                e = q.poll();
                                break;
                            case "relaxedPoll":
                                e = q.relaxedPoll();
                                break;
                            case "peek":
                                e = q.peek() == null ? null : q.poll();
                                break;
                            case "relaxedPeek":
                                e = q.relaxedPeek() == null ? null : q.poll();
                                break;
                            default:
                                q.drain(got::add, 1);
                                continue;
                        }
                        if (e != null) {
                            got.add(e);
                        }
                    }
                });
                race.run();
                assertEquals(List.of(0, 1, 200), got, where);
                assertEmpty(q, where);
                for (int i = 0; i < 3 * capacity; i++) {
                    assertTrue(q.offer(i), where);
                    assertEquals(i, q.poll(), where);
                }
                assertEmpty(q, where);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MULTI_PRODUCER)
    void consumerWaitingOnAClaimThatIsWithdrawnReturnsNull(QueueSpec spec) throws InterruptedException {
        // poll and peek wait for a claimed head. If its fill then withdraws the claim (the
        // supplier failed and no producer claimed past it), they must see the queue empty again
        // and return null, not wait for a store that will never come.
        for (final boolean peek : new boolean[] {false, true}) {
            final MessagePassingQueue<Integer> q = spec.create(4);
            final CountDownLatch inSupplier = new CountDownLatch(1);
            final CountDownLatch release = new CountDownLatch(1);
            final Thread filler = new Thread(() -> {
                try {
                    q.fill(() -> {
                        inSupplier.countDown();
                        try {
                            release.await(5, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return null;
                    }, 1);
                } catch (NullPointerException expected) {
                    // the supplier's null
                }
            }, "filler");
            filler.setDaemon(true);
            filler.start();
            assertTrue(inSupplier.await(5, TimeUnit.SECONDS));
            final AtomicInteger result = new AtomicInteger(-1);
            final Thread consumer = new Thread(() -> {
                final Integer e = peek ? q.peek() : q.poll();
                result.set(e == null ? 0 : 1);
            }, "consumer");
            consumer.setDaemon(true);
            consumer.start();
            Thread.sleep(50);
            release.countDown();
            consumer.join(5_000);
            final boolean stuck = consumer.isAlive();
            if (stuck) {
                assertTrue(q.offer(1), "unblocking offer");
                consumer.join(5_000);
            }
            assertFalse(stuck, (peek ? "peek" : "poll") + " still waiting for a withdrawn claim");
            assertEquals(0, result.get(), (peek ? "peek" : "poll") + " returned an element from an empty queue");
            filler.join(5_000);
            assertEmpty(q, "after the withdrawn claim");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MULTI_PRODUCER)
    void failedFillClaimIsWithdrawnWhenNoProducerClaimedPastIt(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = wrappedQueueHolding(spec, 0, 1);
        final long producerIndex = producerIndexOrMinusOne(q);
        assertThrows(NullPointerException.class, () -> q.fill(nullAfter(10, 0), 3));
        assertEquals(producerIndex, producerIndexOrMinusOne(q), "claim not withdrawn");
        assertEquals(2, q.size());
        assertEquals(List.of(0, 1), drainToList(q));
        assertEmpty(q, "after the withdrawn claim");
    }

    // ---------------------------------------------------------------------------------------------
    // Bad input: each is rejected and leaves the queue as it was

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void nullElementIsRejectedAndQueueUnchanged(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = wrappedQueueHolding(spec, 0, 1, 2);
        final Queue<Integer> queue = QueueRegistry.asQueue(q);
        final Snapshot before = Snapshot.of(q);
        assertThrows(NullPointerException.class, () -> q.offer(null));
        before.assertSame(q, "offer(null)");
        assertThrows(NullPointerException.class, () -> q.relaxedOffer(null));
        before.assertSame(q, "relaxedOffer(null)");
        assertThrows(NullPointerException.class, () -> queue.add(null));
        before.assertSame(q, "add(null)");
        assertEquals(List.of(0, 1, 2), drainToList(q));

        if (spec.bounded()) {
            // On a full queue too: null is an error, not a "full" answer.
            final MessagePassingQueue<Integer> full = spec.create(4);
            offerRange(full, 0, full.capacity());
            final Snapshot fullBefore = Snapshot.of(full);
            assertThrows(NullPointerException.class, () -> full.offer(null));
            assertThrows(NullPointerException.class, () -> full.relaxedOffer(null));
            fullBefore.assertSame(full, "offer(null) into a full queue");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void nullFromSupplierStopsFillKeepingEarlierElements(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final List<Consumer<MessagePassingQueue<Integer>>> fills = List.of(
                q -> q.fill(nullAfter(100, 3), 10),
                q -> q.fill(nullAfter(100, 3)),
                q -> q.fill(nullAfter(100, 3), idle -> idle + 1, () -> true));
        for (int form = 0; form < fills.size(); form++) {
            final MessagePassingQueue<Integer> q = wrappedQueueHolding(spec, 0, 1);
            final long producerIndex = producerIndexOrMinusOne(q);
            final Consumer<MessagePassingQueue<Integer>> fill = fills.get(form);
            assertThrows(NullPointerException.class, () -> fill.accept(q), "fill form " + form);
            assertEquals(5, q.size(), "fill form " + form);
            assertEquals(List.of(0, 1, 100, 101, 102), contents(q), "fill form " + form);
            if (spec.bounded()) {
                assertEquals(producerIndex + 3, producerIndexOrMinusOne(q), "nothing claimed for the null");
            }
            assertTrue(q.offer(7));
            assertEquals(List.of(0, 1, 100, 101, 102, 7), drainToList(q), "fill form " + form);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void negativeLimitIsRejectedAndQueueUnchanged(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = wrappedQueueHolding(spec, 0, 1, 2);
        final Snapshot before = Snapshot.of(q);
        for (int limit : new int[] {-1, Integer.MIN_VALUE}) {
            assertThrows(IllegalArgumentException.class, () -> q.drain(e -> fail("consumer called"), limit));
            before.assertSame(q, "drain limit " + limit);
            assertThrows(IllegalArgumentException.class, () -> q.fill(() -> fail("supplier called"), limit));
            before.assertSame(q, "fill limit " + limit);
        }
        assertEquals(List.of(0, 1, 2), drainToList(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void nullArgumentsAreRejectedAndQueueUnchanged(QueueSpec spec) {
        final MessagePassingQueue.Consumer<Integer> c = e -> fail("consumer called");
        final Supplier<Integer> s = () -> fail("supplier called");
        final WaitStrategy w = idle -> fail("wait strategy called");
        final ExitCondition x = () -> fail("exit condition called");
        for (boolean empty : new boolean[] {true, false}) {
            final MessagePassingQueue<Integer> q = empty ? spec.create(8) : wrappedQueueHolding(spec, 0, 1, 2);
            final Snapshot before = Snapshot.of(q);
            final List<Runnable> calls = List.of(
                    () -> q.drain(null, 1),
                    () -> q.drain(null),
                    () -> q.drain(null, w, x),
                    () -> q.drain(c, null, x),
                    () -> q.drain(c, w, null),
                    () -> q.fill(null, 1),
                    () -> q.fill(null),
                    // The null supplier is found by the first batch, so the exit condition lets one run.
                    () -> q.fill(null, w, () -> true),
                    () -> q.fill(s, null, x),
                    () -> q.fill(s, w, null));
            for (int i = 0; i < calls.size(); i++) {
                // As JCTools: a null callback is an illegal argument, named in the message.
                final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, calls.get(i)::run,
                        "call " + i + ", empty " + empty);
                assertTrue(e.getMessage().endsWith(" must not be null"), e.getMessage());
                before.assertSame(q, "call " + i + ", empty " + empty);
            }
            assertEquals(empty ? List.of() : List.of(0, 1, 2), drainToList(q));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Iterator

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void iteratorWalksQueueOrderAndDoesNotRemove(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = wrappedQueueHolding(spec, 5, 6, 7, 8);
        final Queue<Integer> queue = QueueRegistry.asQueue(q);
        final Snapshot before = Snapshot.of(q);
        assertEquals(List.of(5, 6, 7, 8), contents(q));

        final Iterator<Integer> it = queue.iterator();
        if (spec.removesAnywhere()) {
            assertThrows(IllegalStateException.class, it::remove);
        }
        assertEquals(5, it.next());
        if (!spec.removesAnywhere()) {
            assertThrows(UnsupportedOperationException.class, it::remove);
        }
        assertEquals(6, it.next());
        assertEquals(7, it.next());
        assertEquals(8, it.next());
        assertFalse(it.hasNext());
        assertThrows(NoSuchElementException.class, it::next);
        before.assertSame(q, "iteration");

        assertFalse(queue.remove(Integer.valueOf(42)));
        assertTrue(queue.contains(7));
        assertFalse(queue.contains(42));
        before.assertSame(q, "remove(absent element)");
        if (spec.removesAnywhere()) {
            // The MPMC blocking queues remove from any position (see QueueRemovalTest).
            assertTrue(queue.remove(Integer.valueOf(6)));
            assertFalse(queue.contains(6));
            assertEquals(List.of(5, 7, 8), drainToList(q));
        } else {
            assertThrows(UnsupportedOperationException.class, () -> queue.remove(Integer.valueOf(6)));
            before.assertSame(q, "remove(present element)");
            assertEquals(List.of(5, 6, 7, 8), drainToList(q));
        }
        assertFalse(queue.iterator().hasNext());
        assertThrows(NoSuchElementException.class, () -> queue.iterator().next());
    }

    /**
     * The spliterator is what a concurrent queue's must be: {@code CONCURRENT} and {@code NONNULL}
     * ({@code ORDERED} for FIFO queues), never {@code SIZED} (a stream sized at its start fails
     * when the queue changes under it: found by the JSR-166 TCK's
     * {@code LinkedBlockingQueue8Test}); bound at its first traversal, not at its creation;
     * exhausted for good once it found the end; and split into batches that together hold every
     * element once, in order.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void spliteratorIsConcurrentLateBindingAndNeverSized(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = spec.create(64);
        final Queue<Integer> queue = QueueRegistry.asQueue(q);
        final java.util.Spliterator<Integer> late = queue.spliterator();
        final int expected = java.util.Spliterator.CONCURRENT | java.util.Spliterator.NONNULL
                | (spec.fifo() ? java.util.Spliterator.ORDERED : 0);
        assertEquals(expected, late.characteristics());
        assertFalse(late.hasCharacteristics(java.util.Spliterator.SIZED));
        assertEquals(Long.MAX_VALUE, late.estimateSize());
        for (int i = 0; i < 40; i++) {
            assertTrue(q.offer(i));
        }
        final List<Integer> seen = new ArrayList<>();
        assertTrue(late.tryAdvance(seen::add), "bound at its first traversal: sees what came after its creation");
        late.forEachRemaining(seen::add);
        assertFalse(late.tryAdvance(seen::add));
        assertTrue(q.offer(40));
        assertFalse(late.tryAdvance(seen::add), "exhausted for good");
        assertNull(late.trySplit());
        final List<Integer> all = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            all.add(i);
        }
        if (spec.fifo()) {
            assertEquals(all, seen);
        } else {
            assertEquals(new java.util.HashSet<>(all), new java.util.HashSet<>(seen));
        }
        // Splits: batches of growing size, then the rest; every element once.
        final java.util.Spliterator<Integer> whole = queue.spliterator();
        final List<Integer> split = new ArrayList<>();
        for (java.util.Spliterator<Integer> part; (part = whole.trySplit()) != null; ) {
            part.forEachRemaining(split::add);
        }
        whole.forEachRemaining(split::add);
        assertEquals(41, split.size());
        assertEquals(41, queue.stream().parallel().mapToInt(Integer::intValue).distinct().count());
        assertThrows(NullPointerException.class, () -> queue.spliterator().tryAdvance(null));
        assertEquals(41, q.size());
        // Keeps nothing found ahead: after a clear() mid-traversal, nothing more is handed over
        // (the JSR-166 TCK's Collection8Test checks this of the JDK's concurrent queues).
        final java.util.Spliterator<Integer> cleared = queue.spliterator();
        assertTrue(cleared.tryAdvance(e -> { }));
        assertTrue(cleared.tryAdvance(e -> { }));
        queue.clear();
        assertFalse(cleared.tryAdvance(e -> fail("handed over " + e + " after clear()")));
    }

    /**
     * {@code stream().toArray()} while a producer and a consumer race never throws (with a
     * {@code SIZED} spliterator it threw "End size ... is less than fixed size ..." in most calls)
     * and returns what was in the queue at some moment: elements in queue order, each at most once.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void streamToArrayWhileProducerAndConsumerRace(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(256);
        final Queue<Integer> queue = QueueRegistry.asQueue(q);
        final int total = 200_000;
        final java.util.concurrent.atomic.AtomicInteger consumed = new java.util.concurrent.atomic.AtomicInteger();
        final Race race = new Race().watching(consumed::get, () -> spec + ": consumed " + consumed.get());
        race.thread("producer", () -> {
            for (int i = 0; i < total; i++) {
                while (i - consumed.get() >= 128 || !q.offer(i)) {
                    race.idle();
                }
            }
        });
        race.thread("consumer", () -> {
            for (int n = 0; n < total; ) {
                if (q.poll() != null) {
                    consumed.set(++n);
                } else {
                    race.idle();
                }
            }
        });
        race.thread("streamer", () -> {
            do {
                final Object[] a = queue.stream().toArray();
                for (int k = 1; k < a.length; k++) {
                    assertTrue((Integer) a[k] > (Integer) a[k - 1], "in order, each once");
                }
                race.idle();
            } while (consumed.get() < total);
        });
        race.run();
    }

    // ---------------------------------------------------------------------------------------------
    // Races

    /** How producers and consumers of a race move elements. */
    enum Transfer {
        OFFER_POLL,
        RELAXED,
        FILL_DRAIN_BATCHES,
        FILL_DRAIN_WAITING
    }

    static Stream<Arguments> queuesAndTransfers() {
        return QueueRegistry.specs().flatMap(spec -> Arrays.stream(Transfer.values()).map(t -> Arguments.of(spec, t)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("queuesAndTransfers")
    void everyElementArrivesExactlyOnceInProducerOrder(QueueSpec spec, Transfer transfer) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        // A tiny ring keeps producers and consumers on the full and empty edges; a larger one lets
        // them run apart. Two producers and two consumers where the queue allows them.
        new Traffic(spec, spec.capacity().minRequest(), transfer, 80_000).run();
        new Traffic(spec, 64, transfer, 120_000).run();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void sizeAndIndicesStayWithinBoundsWhileRacing(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final Traffic traffic = new Traffic(spec, 8, Transfer.OFFER_POLL, 100_000);
        final MessagePassingQueue<Integer> q = traffic.q;
        final QueueProgressIndicators indices = q instanceof QueueProgressIndicators ? (QueueProgressIndicators) q : null;
        final long max = spec.bounded() ? q.capacity() : Integer.MAX_VALUE;
        final AtomicLong samples = new AtomicLong();
        traffic.race.thread("observer", () -> {
            // At least one sample: an unbounded queue's producer never waits, so on a busy machine
            // the traffic may be over before the observer is first scheduled.
            for (long i = 0; i == 0 || !traffic.done(); i++) {
                final int size = q.size();
                assertTrue(size >= 0 && size <= max, "size " + size + " outside [0, " + max + "]");
                q.isEmpty();
                if (indices != null) {
                    assertIndicesInOrder(indices, spec.bounded() ? max : -1);
                }
                samples.incrementAndGet();
                if ((i & 63) == 63) {
                    traffic.race.idle();
                }
            }
        });
        traffic.run();
        assertTrue(samples.get() > 0, "observer took no samples");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void offerHappensBeforePollOfSameElement(QueueSpec spec) {
        final MessagePassingQueue<Message> q = spec.create(16);
        final int producers = spec.producerThreads();
        final int consumers = spec.consumerThreads();
        final int perProducer = 100_000 / producers;
        final AtomicInteger consumed = new AtomicInteger();
        final Race race = new Race().watching(consumed::get, () -> spec + ": consumed " + consumed.get());
        for (int p = 0; p < producers; p++) {
            final int id = p;
            race.thread("producer-" + p, () -> {
                for (int i = 0; i < perProducer; i++) {
                    final Message m = new Message();
                    m.producer = id;
                    m.sequence = i;
                    m.check = ~(long) i;
                    m.payload = new int[] {i};
                    m.text = "m" + i;
                    while (!q.offer(m)) {
                        race.idle();
                    }
                }
            });
        }
        for (int c = 0; c < consumers; c++) {
            race.thread("consumer-" + c, () -> {
                while (consumed.get() < producers * perProducer) {
                    final Message m = q.poll();
                    if (m == null) {
                        race.idle();
                        continue;
                    }
                    final int i = m.sequence;
                    if (m.check != ~(long) i || m.payload == null || m.payload[0] != i || !("m" + i).equals(m.text)
                            || m.producer < 0 || m.producer >= producers) {
                        fail("saw a message before its fields: " + m);
                    }
                    consumed.incrementAndGet();
                }
            });
        }
        race.run();
        assertEquals(producers * perProducer, consumed.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(SINGLE_CONSUMER)
    void notEmptyMeansPollReturnsElementUnderRacingProducers(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(8);
        final int producers = spec.producerThreads();
        final int perProducer = 200_000 / producers;
        final AtomicInteger consumed = new AtomicInteger();
        final Race race = new Race().watching(consumed::get, () -> spec + ": consumed " + consumed.get());
        startProducers(race, q, producers, perProducer);
        race.thread("consumer", () -> {
            final int[] last = new int[producers];
            Arrays.fill(last, -1);
            while (consumed.get() < producers * perProducer) {
                if (!q.isEmpty()) {
                    final Integer e = q.poll();
                    assertNotNull(e, "poll returned null after isEmpty() said false");
                    checkNext(last, e, true);
                    consumed.incrementAndGet();
                } else {
                    race.idle();
                }
            }
        });
        race.run();
        assertEmpty(q, "after the race");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(SINGLE_CONSUMER)
    void peekThenPollReturnSameElementUnderRacingProducers(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(8);
        final int producers = spec.producerThreads();
        final int perProducer = 200_000 / producers;
        final AtomicInteger consumed = new AtomicInteger();
        final Race race = new Race().watching(consumed::get, () -> spec + ": consumed " + consumed.get());
        startProducers(race, q, producers, perProducer);
        race.thread("consumer", () -> {
            final int[] last = new int[producers];
            Arrays.fill(last, -1);
            while (consumed.get() < producers * perProducer) {
                final boolean relaxed = (consumed.get() & 1) == 1;
                final Integer peeked = relaxed ? q.relaxedPeek() : q.peek();
                if (peeked != null) {
                    assertSame(peeked, q.poll(), (relaxed ? "relaxedPeek" : "peek") + " then poll");
                    checkNext(last, peeked, true);
                    consumed.incrementAndGet();
                } else {
                    race.idle();
                }
            }
        });
        race.run();
        assertEmpty(q, "after the race");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void iteratorIsWeaklyConsistentWhileProducerAndConsumerRace(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        // One producer offers 0, 1, 2, ...; so queue order is increasing order. The counters bracket
        // each element's life: offering/offered before/after offer, consuming/consumed before/after
        // the poll that may take it.
        final MessagePassingQueue<Integer> q = spec.create(32);
        final Queue<Integer> queue = QueueRegistry.asQueue(q);
        final int total = 100_000;
        final AtomicInteger offering = new AtomicInteger(-1);
        final AtomicInteger offered = new AtomicInteger();
        final AtomicInteger consuming = new AtomicInteger();
        final AtomicInteger consumed = new AtomicInteger();
        final AtomicLong walks = new AtomicLong();
        final Race race = new Race().watching(consumed::get, () -> spec + ": offered " + offered.get() + ", consumed "
                + consumed.get() + ", walks " + walks.get());
        // An unbounded queue is held to the same backlog as the bounded ones (32), and the producer
        // waits half-way for a walk, so the iterator races the others however the threads are scheduled.
        final int backlog = spec.bounded() ? Integer.MAX_VALUE : 32;
        race.thread("producer", () -> {
            for (int i = 0; i < total; i++) {
                while (i - consumed.get() >= backlog || (i == total / 2 && walks.get() == 0)) {
                    race.idle();
                }
                offering.set(i);
                while (!q.offer(i)) {
                    race.idle();
                }
                offered.set(i + 1);
            }
        });
        race.thread("consumer", () -> {
            for (int expected = 0; expected < total; ) {
                consuming.set(expected + 1);
                final Integer e = q.poll();
                if (e == null) {
                    race.idle();
                    continue;
                }
                assertEquals(expected++, e);
                consumed.set(expected);
            }
        });
        race.thread("iterator", () -> {
            final List<Integer> walk = new ArrayList<>();
            while (consumed.get() < total) {
                final int consumedBeforeWalk = consumed.get();
                final int offeredBeforeWalk = offered.get();
                walk.clear();
                int previous = -1;
                // Any exception here (ConcurrentModificationException included) fails the race.
                for (Integer e : queue) {
                    final int offeringNow = offering.get();
                    assertTrue(e > previous, "iterator returned " + e + " after " + previous + " (order, or twice)");
                    assertTrue(e >= consumedBeforeWalk,
                            "iterator returned " + e + ", consumed before the walk began (" + consumedBeforeWalk + ")");
                    assertTrue(e <= offeringNow, "iterator returned " + e + " before it was offered");
                    walk.add(e);
                    previous = e;
                }
                // Elements offered before the walk and not yet taken when it ended must all be seen.
                final int takenBeforeEnd = consuming.get();
                int expected = takenBeforeEnd;
                for (Integer e : walk) {
                    if (e >= takenBeforeEnd && expected < offeredBeforeWalk) {
                        // The message is built lazily: an unbounded queue's walk may hold 100,000 elements.
                        assertEquals(expected, e, () -> "iterator skipped an element present throughout the walk: " + walk);
                        expected++;
                    }
                }
                final int missed = expected;
                assertTrue(expected >= offeredBeforeWalk, () -> "iterator missed " + missed + " (present throughout the"
                        + " walk, offered before " + offeredBeforeWalk + "): " + walk);
                walks.incrementAndGet();
                race.idle();
            }
        });
        race.run();
        assertTrue(walks.get() > 0);
        assertEmpty(q, "after the race");
    }

    // ---------------------------------------------------------------------------------------------
    // Helpers

    /** An element with plain fields, all set before it is offered. */
    static final class Message {
        int producer = -1;
        int sequence = -1;
        long check;
        int[] payload;
        String text;

        @Override
        public String toString() {
            return "Message[producer=" + producer + ", sequence=" + sequence + ", check=" + check + ", payload="
                    + Arrays.toString(payload) + ", text=" + text + "]";
        }
    }

    /** What a queue looked like, to assert that a rejected call left it as it was. */
    record Snapshot(int size, boolean empty, long producerIndex, long consumerIndex, List<Object> contents) {
        static Snapshot of(MessagePassingQueue<?> q) {
            final long consumerIndex =
                    q instanceof QueueProgressIndicators ? ((QueueProgressIndicators) q).currentConsumerIndex() : -1;
            return new Snapshot(q.size(), q.isEmpty(), producerIndexOrMinusOne(q), consumerIndex,
                    new ArrayList<>(QueueSanityTest.contents(q)));
        }

        void assertSame(MessagePassingQueue<?> q, String after) {
            assertEquals(this, of(q), "queue changed by " + after);
        }
    }

    /** Producers and consumers moving tagged elements through one queue, checking each arrival. */
    private static final class Traffic {
        final QueueSpec spec;
        final MessagePassingQueue<Integer> q;
        final Transfer transfer;
        final int producers;
        final int consumers;
        final int perProducer;
        final Race race = new Race();
        final AtomicInteger producersDone = new AtomicInteger();
        final AtomicLong produced = new AtomicLong();
        final AtomicLong consumed = new AtomicLong();
        final long[] producedBy;
        final BitSet[][] seenBy;

        Traffic(QueueSpec spec, int requestedCapacity, Transfer transfer, int total) {
            this.spec = spec;
            this.q = spec.create(requestedCapacity);
            this.transfer = transfer;
            this.producers = spec.producerThreads();
            this.consumers = spec.consumerThreads();
            this.perProducer = total / producers;
            this.producedBy = new long[producers];
            this.seenBy = new BitSet[consumers][producers];
            race.watching(consumed::get, () -> spec + " " + transfer + " capacity " + q.capacity() + ": producers done "
                    + producersDone.get() + "/" + producers + ", produced " + produced.get() + ", consumed "
                    + consumed.get() + ", size " + q.size());
            for (int p = 0; p < producers; p++) {
                final int id = p;
                race.thread("producer-" + p, () -> {
                    final long n = produce(id);
                    producedBy[id] = n;
                    produced.addAndGet(n);
                    producersDone.incrementAndGet();
                });
            }
            for (int c = 0; c < consumers; c++) {
                final BitSet[] seen = seenBy[c];
                for (int p = 0; p < producers; p++) {
                    seen[p] = new BitSet();
                }
                race.thread("consumer-" + c, () -> consume(seen));
            }
        }

        /** True once every producer finished and every element it produced was consumed. */
        boolean done() {
            return producersDone.get() == producers && consumed.get() == produced.get();
        }

        void run() {
            race.run();
            final String where = spec + " " + transfer + " capacity " + q.capacity();
            for (int p = 0; p < producers; p++) {
                final BitSet union = new BitSet();
                long count = 0;
                for (BitSet[] seen : seenBy) {
                    if (union.intersects(seen[p])) {
                        fail(where + ": producer " + p + "'s elements delivered to two consumers");
                    }
                    union.or(seen[p]);
                    count += seen[p].cardinality();
                }
                assertEquals(producedBy[p], count, where + ": elements of producer " + p);
                assertEquals(producedBy[p], union.nextClearBit(0), where + ": elements of producer " + p);
            }
            assertEmpty(q, where);
        }

        private long produce(int id) {
            final int base = id * STRIDE;
            switch (transfer) {
                case OFFER_POLL -> {
                    for (int i = 0; i < perProducer; i++) {
                        while (!q.offer(base + i)) {
                            race.idle();
                        }
                    }
                    return perProducer;
                }
                case RELAXED -> {
                    for (int i = 0; i < perProducer; i++) {
                        while (!q.relaxedOffer(base + i)) {
                            race.idle();
                        }
                    }
                    return perProducer;
                }
                case FILL_DRAIN_BATCHES -> {
                    final int[] next = {0};
                    final Supplier<Integer> s = () -> base + next[0]++;
                    final int[] limits = {1, 3, 7, 64};
                    for (int round = 0; next[0] < perProducer; round++) {
                        final int left = perProducer - next[0];
                        final int added = spec.bounded() && left >= q.capacity() && round % 5 == 4
                                ? q.fill(s)
                                : q.fill(s, Math.min(left, limits[round % limits.length]));
                        if (added == 0) {
                            race.idle();
                        }
                    }
                    return next[0];
                }
                case FILL_DRAIN_WAITING -> {
                    final int[] next = {0};
                    q.fill(() -> base + next[0]++, idle -> {
                        race.idle();
                        return idle + 1;
                    }, () -> next[0] < perProducer);
                    return next[0];
                }
                default -> throw new AssertionError(transfer);
            }
        }

        private void consume(BitSet[] seen) {
            final int[] last = new int[producers];
            Arrays.fill(last, -1);
            final boolean single = consumers == 1;
            final MessagePassingQueue.Consumer<Integer> check = e -> {
                checkNext(last, e, single);
                seen[e / STRIDE].set(e % STRIDE);
                consumed.incrementAndGet();
            };
            switch (transfer) {
                case OFFER_POLL, RELAXED -> {
                    final boolean relaxed = transfer == Transfer.RELAXED;
                    while (!done()) {
                        final Integer e = relaxed ? q.relaxedPoll() : q.poll();
                        if (e == null) {
                            race.idle();
                        } else {
                            check.accept(e);
                        }
                    }
                }
                case FILL_DRAIN_BATCHES -> {
                    final int[] limits = {1, 5, 64};
                    for (int round = 0; !done(); round++) {
                        final int n = round % 4 == 3 ? q.drain(check) : q.drain(check, limits[round % limits.length]);
                        if (n == 0) {
                            race.idle();
                        }
                    }
                }
                case FILL_DRAIN_WAITING -> q.drain(check, idle -> {
                    race.idle();
                    return idle + 1;
                }, () -> !done());
                default -> throw new AssertionError(transfer);
            }
        }
    }

    /**
     * Checks that {@code e} comes after the last element seen from its producer: the very next one
     * when {@code consecutive} (a single consumer sees every element), else a later one.
     */
    private static void checkNext(int[] last, int e, boolean consecutive) {
        final int producer = e / STRIDE;
        final int sequence = e % STRIDE;
        final int previous = last[producer];
        if (consecutive ? sequence != previous + 1 : sequence <= previous) {
            fail("from producer " + producer + ": got sequence " + sequence + " after " + previous
                    + (consecutive ? " (lost, duplicated or reordered)" : " (duplicated or reordered)"));
        }
        last[producer] = sequence;
    }

    /** Adds producers that offer {@code producer * STRIDE + i} for {@code i < perProducer}. */
    private static void startProducers(Race race, MessagePassingQueue<Integer> q, int producers, int perProducer) {
        for (int p = 0; p < producers; p++) {
            final int base = p * STRIDE;
            race.thread("producer-" + p, () -> {
                for (int i = 0; i < perProducer; i++) {
                    while (!q.offer(base + i)) {
                        race.idle();
                    }
                }
            });
        }
    }

    /** A queue whose indices have wrapped around its ring a few times, holding {@code elements}. */
    private static MessagePassingQueue<Integer> wrappedQueueHolding(QueueSpec spec, int... elements) {
        final MessagePassingQueue<Integer> q = spec.create(8);
        for (int i = 0; i < 3 * 8 + 5; i++) {
            assertTrue(q.offer(-1));
            assertEquals(-1, q.poll());
        }
        for (int e : elements) {
            assertTrue(q.offer(e));
        }
        return q;
    }

    private static Supplier<Integer> nullAfter(int first, int count) {
        final int[] next = {first};
        return () -> next[0] < first + count ? next[0]++ : null;
    }

    private static void offerRange(MessagePassingQueue<Integer> q, int from, int to) {
        for (int i = from; i < to; i++) {
            assertTrue(q.offer(i), "offer " + i);
        }
    }

    private static List<Integer> range(int from, int to) {
        final List<Integer> list = new ArrayList<>();
        for (int i = from; i < to; i++) {
            list.add(i);
        }
        return list;
    }

    private static List<Integer> drainToList(MessagePassingQueue<Integer> q) {
        final List<Integer> list = new ArrayList<>();
        for (Integer e; (e = q.poll()) != null; ) {
            list.add(e);
        }
        return list;
    }

    static <E> List<E> contents(MessagePassingQueue<E> q) {
        final List<E> list = new ArrayList<>();
        QueueRegistry.asQueue(q).iterator().forEachRemaining(list::add);
        return list;
    }

    static void assertEmpty(MessagePassingQueue<?> q, String where) {
        assertNull(q.poll(), "poll " + where);
        assertNull(q.peek(), "peek " + where);
        assertNull(q.relaxedPoll(), "relaxedPoll " + where);
        assertNull(q.relaxedPeek(), "relaxedPeek " + where);
        assertTrue(q.isEmpty(), "isEmpty " + where);
        assertEquals(0, q.size(), "size " + where);
        assertEquals(0, q.drain(e -> fail("drained " + e + " " + where), 10), "drain " + where);
        assertFalse(QueueRegistry.asQueue(q).iterator().hasNext(), "iterator " + where);
    }

    /**
     * Checks the indices as an observer sees them: the consumer behind the producer, never going
     * back, and (if {@code capacity >= 0}) the producer at most {@code capacity} ahead.
     */
    private static void assertIndicesInOrder(QueueProgressIndicators indices, long capacity) {
        final long consumerFirst = indices.currentConsumerIndex();
        final long producer = indices.currentProducerIndex();
        final long consumerLast = indices.currentConsumerIndex();
        assertTrue(consumerFirst <= producer, "consumer index " + consumerFirst + " > producer index " + producer);
        assertTrue(consumerFirst <= consumerLast, "consumer index went back");
        if (capacity >= 0) {
            assertTrue(producer - consumerLast <= capacity,
                    "producer index " + producer + " more than capacity ahead of " + consumerLast);
        }
    }

    /** The producer index of a queue with {@link QueueProgressIndicators}; -1 for one without. */
    private static long producerIndexOrMinusOne(MessagePassingQueue<?> q) {
        return q instanceof QueueProgressIndicators ? ((QueueProgressIndicators) q).currentProducerIndex() : -1;
    }

    private static void assertIndices(QueueProgressIndicators indices, long producer, long consumer) {
        assertEquals(producer, indices.currentProducerIndex(), "producer index");
        assertEquals(consumer, indices.currentConsumerIndex(), "consumer index");
    }
}
