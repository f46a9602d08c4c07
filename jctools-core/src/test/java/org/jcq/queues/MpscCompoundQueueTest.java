package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a compound queue keeps instead of FIFO (the registry suites skip their order checks for it):
 * every element once, also through spills between lanes, drains and fills and failing callbacks;
 * each producer's order while no lane fills; {@code !isEmpty()} and {@code peek()} promising the
 * next {@code poll()}; a bound that is the lanes' sum, reached only when every lane is full. Both
 * editions, with 1, 2 and 4 lanes. (Step-by-step agreement with JCTools' own is in
 * jctools-benchmarks' {@code MpscCompoundQueueParityTest}.)
 */
class MpscCompoundQueueTest {
    /** An edition, by its two-argument constructor. */
    private record Edition(String name, BiFunction<Integer, Integer, MessagePassingQueue<Integer>> make) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Edition> editions() {
        return Stream.of(new Edition("MpscCompoundQueue", MpscCompoundQueue::new),
                new Edition("MpscCompoundUnpaddedQueue", MpscCompoundUnpaddedQueue::new));
    }

    static Stream<Arguments> editionsAndLanes() {
        return editions().flatMap(e -> Stream.of(1, 2, 4).map(lanes -> Arguments.of(e, lanes)));
    }

    /**
     * One thread fills the queue: its own lane first, then the others; every offer succeeds until
     * all lanes are full, and only then fails; what comes out is each element once.
     */
    @ParameterizedTest(name = "{0}, {1} lanes")
    @MethodSource("editionsAndLanes")
    void offersFailOnlyWhenEveryLaneIsFull(Edition edition, int lanes) {
        final MessagePassingQueue<Integer> q = edition.make().apply(16, lanes);
        assertEquals(16, q.capacity());
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 16; i++) {
                assertTrue(q.offer(i), "offer " + i);
                assertEquals(i + 1, q.size());
                assertFalse(q.isEmpty());
            }
            assertFalse(q.offer(-1));
            assertFalse(q.relaxedOffer(-1));
            assertEquals(0, q.fill(() -> fail("supplier called for a full queue"), 4));
            final BitSet seen = new BitSet();
            for (int i = 0; i < 16; i++) {
                final Integer peeked = q.peek();
                final Integer e = q.poll();
                assertEquals(peeked, e);
                assertFalse(seen.get(e), "twice: " + e);
                seen.set(e);
            }
            assertEquals(16, seen.cardinality());
            assertNull(q.poll());
            assertNull(q.peek());
            assertTrue(q.isEmpty());
            assertEquals(0, q.size());
        }
    }

    @ParameterizedTest(name = "{0}, {1} lanes")
    @MethodSource("editionsAndLanes")
    void fillAndDrainMoveEachElementOnceWithinTheirLimits(Edition edition, int lanes) {
        final MessagePassingQueue<Integer> q = edition.make().apply(16, lanes);
        final AtomicInteger next = new AtomicInteger();
        assertEquals(0, q.fill(next::getAndIncrement, 0));
        assertEquals(5, q.fill(next::getAndIncrement, 5));
        int added = 5;
        while (added < 16) {
            final int n = q.fill(next::getAndIncrement, 16);
            assertTrue(n > 0 && n <= 16 - added, "fill added " + n + " with " + added + " in");
            added += n;
        }
        assertEquals(16, next.get(), "the supplier is asked only for elements added");
        assertEquals(0, q.fill(next::getAndIncrement));
        final BitSet seen = new BitSet();
        assertEquals(3, q.drain(e -> seen.set(e), 3));
        assertEquals(13, q.drain(e -> {
            assertFalse(seen.get(e), "twice: " + e);
            seen.set(e);
        }));
        assertEquals(16, seen.cardinality());
        assertTrue(q.isEmpty());
        assertEquals(0, q.drain(e -> fail("nothing to drain")));
    }

    /** A drain whose callback throws: that element counts as delivered, the rest stay. */
    @ParameterizedTest(name = "{0}, {1} lanes")
    @MethodSource("editionsAndLanes")
    void aThrowingDrainCallbackLosesAndDuplicatesNothing(Edition edition, int lanes) {
        final MessagePassingQueue<Integer> q = edition.make().apply(16, lanes);
        for (int i = 0; i < 16; i++) {
            assertTrue(q.offer(i));
        }
        final BitSet seen = new BitSet();
        for (int thrown = 0; thrown < 4; thrown++) {
            final int[] calls = {0};
            assertThrows(IllegalStateException.class, () -> q.drain(e -> {
                assertFalse(seen.get(e), "twice: " + e);
                seen.set(e);
                if (++calls[0] == 3) {
                    throw new IllegalStateException("callback failed");
                }
            }, 16));
        }
        q.drain(e -> {
            assertFalse(seen.get(e), "twice: " + e);
            seen.set(e);
        });
        assertEquals(16, seen.cardinality());
        assertTrue(q.isEmpty());
    }

    /** A fill whose supplier throws keeps what it added and leaves the queue usable. */
    @ParameterizedTest(name = "{0}, {1} lanes")
    @MethodSource("editionsAndLanes")
    void aThrowingFillSupplierKeepsWhatItAdded(Edition edition, int lanes) {
        final MessagePassingQueue<Integer> q = edition.make().apply(16, lanes);
        final AtomicInteger next = new AtomicInteger();
        assertThrows(IllegalStateException.class, () -> q.fill(() -> {
            final int e = next.getAndIncrement();
            if (e == 3) {
                throw new IllegalStateException("supplier failed");
            }
            return e;
        }, 8));
        assertEquals(3, q.size());
        assertTrue(q.offer(100));
        final List<Integer> out = new ArrayList<>();
        q.drain(out::add);
        out.sort(null);
        assertEquals(List.of(0, 1, 2, 100), out);
    }

    /**
     * Four producers on a queue large enough that no lane fills: every element arrives once and
     * each producer's in the order it offered them (a lane is an MPSC queue, and two producers
     * that share one still keep their own orders).
     */
    @ParameterizedTest(name = "{0}, {1} lanes")
    @MethodSource("editionsAndLanes")
    void withoutSpillsEveryProducersOrderHolds(Edition edition, int lanes) {
        final int producers = 4;
        final int perProducer = 2_000;
        final MessagePassingQueue<Integer> q = edition.make().apply(1 << 16, lanes);
        final int[] last = new int[producers];
        java.util.Arrays.fill(last, -1);
        final AtomicLong consumed = new AtomicLong();
        final Race race = new Race().watching(consumed::get, () -> "consumed " + consumed.get());
        for (int p = 0; p < producers; p++) {
            final int base = p * perProducer;
            race.thread("producer-" + p, () -> {
                for (int i = 0; i < perProducer; i++) {
                    assertTrue(q.offer(base + i));
                }
            });
        }
        race.thread("consumer", () -> {
            while (consumed.get() < (long) producers * perProducer) {
                final Integer e = q.poll();
                if (e == null) {
                    race.idle();
                    continue;
                }
                final int producer = e / perProducer;
                assertEquals(last[producer] + 1, e % perProducer, "producer " + producer + " order");
                last[producer]++;
                consumed.incrementAndGet();
            }
        });
        race.run();
        assertNull(q.poll());
    }

    static Stream<Arguments> editionsLanesAndTransfers() {
        return editionsAndLanes().flatMap(a -> Stream.of("poll", "relaxedPoll", "drain", "peekThenPoll")
                .map(t -> Arguments.of(a.get()[0], a.get()[1], t)));
    }

    /**
     * Four producers through a queue of 8 (lanes fill and spill all the time), offering and
     * filling: every element arrives exactly once; after {@code !isEmpty()} and after a
     * {@code peek()} the next {@code poll()} returns an element (the peeked one).
     */
    @ParameterizedTest(name = "{0}, {1} lanes, {2}")
    @MethodSource("editionsLanesAndTransfers")
    void throughSpillsEveryElementArrivesExactlyOnce(Edition edition, int lanes, String transfer) {
        final int producers = 4;
        final int perProducer = 5_000;
        final MessagePassingQueue<Integer> q = edition.make().apply(8, lanes);
        final BitSet seen = new BitSet(producers * perProducer);
        final AtomicLong consumed = new AtomicLong();
        final Race race = new Race().watching(consumed::get, () -> "consumed " + consumed.get() + ", size " + q.size());
        for (int p = 0; p < producers; p++) {
            final int base = p * perProducer;
            final boolean filling = p % 2 == 1;
            race.thread("producer-" + p, () -> {
                int i = 0;
                while (i < perProducer) {
                    if (filling) {
                        final int from = i;
                        final int[] k = {from};
                        final int n = q.fill(() -> base + k[0]++, Math.min(3, perProducer - i));
                        assertEquals(k[0] - from, n, "supplier calls");
                        i += n;
                        if (n == 0) {
                            race.idle();
                        }
                    } else if (q.offer(base + i)) {
                        i++;
                    } else {
                        race.idle();
                    }
                }
            });
        }
        final MessagePassingQueue.Consumer<Integer> take = e -> {
            assertFalse(seen.get(e), "twice: " + e);
            seen.set(e);
            consumed.incrementAndGet();
        };
        race.thread("consumer", () -> {
            final long total = (long) producers * perProducer;
            while (consumed.get() < total) {
                switch (transfer) {
                    case "poll" -> {
                        final boolean notEmpty = !q.isEmpty();
                        final Integer e = q.poll();
                        if (notEmpty && e == null) {
                            fail("isEmpty() said false, then poll() returned null");
                        }
                        if (e == null) {
                            race.idle();
                        } else {
                            take.accept(e);
                        }
                    }
                    case "relaxedPoll" -> {
                        final Integer e = q.relaxedPoll();
                        if (e == null) {
                            race.idle();
                        } else {
                            take.accept(e);
                        }
                    }
                    case "drain" -> {
                        if (q.drain(take, 5) == 0) {
                            race.idle();
                        }
                    }
                    default -> {
                        final Integer peeked = q.peek();
                        if (peeked == null) {
                            race.idle();
                        } else {
                            assertEquals(peeked, q.poll(), "poll after peek");
                            take.accept(peeked);
                        }
                    }
                }
            }
        });
        race.run();
        assertEquals(producers * perProducer, seen.cardinality());
        assertTrue(q.isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("editions")
    void theIteratorSeesEachElementOnceAndDoesNotRemove(Edition edition) {
        final MessagePassingQueue<Integer> q = edition.make().apply(16, 4);
        for (int i = 0; i < 16; i++) {
            assertTrue(q.offer(i));
        }
        final BitSet seen = new BitSet();
        final java.util.Iterator<Integer> it = QueueRegistry.asQueue(q).iterator();
        while (it.hasNext()) {
            final int e = it.next();
            assertFalse(seen.get(e));
            seen.set(e);
        }
        assertEquals(16, seen.cardinality());
        assertThrows(java.util.NoSuchElementException.class, it::next);
        assertThrows(UnsupportedOperationException.class, it::remove);
        assertEquals(16, q.size());
    }
}
