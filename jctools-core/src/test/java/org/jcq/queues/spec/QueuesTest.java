package org.jcq.queues.spec;

import static org.jcq.queues.spec.Queues.Threads.MANY;
import static org.jcq.queues.spec.Queues.Threads.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.jcq.queues.CheckedBlockingQueue;
import org.jcq.queues.CheckedQueue;
import org.jcq.queues.MessagePassingBlockingQueue;
import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpmcBlockingArrayQueue;
import org.jcq.queues.MpmcBlockingUnpaddedArrayQueue;
import org.jcq.queues.MpmcUnboundedBlockingArrayQueue;
import org.jcq.queues.MpmcUnboundedBlockingUnpaddedArrayQueue;
import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.jcq.queues.MpscBlockingConsumerUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedBlockingConsumerArrayQueue;
import org.jcq.queues.MpscUnboundedBlockingConsumerUnpaddedArrayQueue;
import org.jcq.queues.SpscBlockingArrayQueue;
import org.jcq.queues.SpscBlockingUnpaddedArrayQueue;
import org.jcq.queues.MpmcArrayQueue;
import org.jcq.queues.MpmcUnpaddedArrayQueue;
import org.jcq.queues.MpmcUnboundedXaddArrayQueue;
import org.jcq.queues.MpmcUnboundedXaddUnpaddedArrayQueue;
import org.jcq.queues.MpscArrayQueue;
import org.jcq.queues.MpscChunkedArrayQueue;
import org.jcq.queues.MpscChunkedUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedArrayQueue;
import org.jcq.queues.MpscUnboundedUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedXaddArrayQueue;
import org.jcq.queues.SpmcArrayQueue;
import org.jcq.queues.SpmcUnpaddedArrayQueue;
import org.jcq.queues.SpscArrayQueue;
import org.jcq.queues.SpscChunkedUnpaddedArrayQueue;
import org.jcq.queues.SpscUnboundedArrayQueue;
import org.jcq.queues.SpscUnboundedUnpaddedArrayQueue;
import org.jcq.queues.spec.Queues.Threads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every combination of the builder (producers one/many, consumers one/many, bounded/unbounded,
 * throughput/footprint first) returns the queue its javadoc's table names, built with the same
 * arguments (the same footprint as the named constructor, empty and holding elements), at the
 * capacity the table promises; the queue does what the shape promises; and the builder rejects
 * what it must. The same for {@code blocking()} and its table, whose queues also wait as their bound
 * says.
 */
class QueuesTest {
    /** Requested bounds: below and at each least capacity, between powers of two, and large. */
    private static final int[] BOUNDS = {1, 2, 3, 4, 5, 15, 16, 17, 100, 1024, 4097};

    /**
     * One row of the table: the decision, and what it must build from the requested bound
     * ({@code make} takes the bound already raised to {@code least}).
     */
    record Row(Threads producers, Threads consumers, boolean bounded, boolean footprintFirst, Class<?> type,
            int least, IntFunction<MessagePassingQueue<Integer>> make) {
        @Override
        public String toString() {
            return producers + "/" + consumers + "/" + (bounded ? "bounded" : "unbounded") + "/"
                    + (footprintFirst ? "footprint" : "throughput");
        }
    }

    static Stream<Row> table() {
        return Stream.of(
                new Row(ONE, ONE, true, false, SpscArrayQueue.class, 4, SpscArrayQueue::new),
                new Row(ONE, ONE, true, true, SpscChunkedUnpaddedArrayQueue.class, 16, SpscChunkedUnpaddedArrayQueue::new),
                new Row(MANY, ONE, true, false, MpscArrayQueue.class, 1, MpscArrayQueue::new),
                new Row(MANY, ONE, true, true, MpscChunkedUnpaddedArrayQueue.class, 4, MpscChunkedUnpaddedArrayQueue::new),
                new Row(ONE, MANY, true, false, SpmcArrayQueue.class, 1, SpmcArrayQueue::new),
                new Row(ONE, MANY, true, true, SpmcUnpaddedArrayQueue.class, 1, SpmcUnpaddedArrayQueue::new),
                new Row(MANY, MANY, true, false, MpmcArrayQueue.class, 2, MpmcArrayQueue::new),
                new Row(MANY, MANY, true, true, MpmcUnpaddedArrayQueue.class, 2, MpmcUnpaddedArrayQueue::new),
                new Row(ONE, ONE, false, false, SpscUnboundedArrayQueue.class, 0, n -> new SpscUnboundedArrayQueue<>(1024)),
                new Row(ONE, ONE, false, true, SpscUnboundedUnpaddedArrayQueue.class, 0,
                        n -> new SpscUnboundedUnpaddedArrayQueue<>(16)),
                new Row(MANY, ONE, false, false, MpscUnboundedXaddArrayQueue.class, 0,
                        n -> new MpscUnboundedXaddArrayQueue<>(1024)),
                new Row(MANY, ONE, false, true, MpscUnboundedUnpaddedArrayQueue.class, 0, n -> new MpscUnboundedUnpaddedArrayQueue<>(16)),
                new Row(ONE, MANY, false, false, MpmcUnboundedXaddArrayQueue.class, 0,
                        n -> new MpmcUnboundedXaddArrayQueue<>(1024)),
                new Row(ONE, MANY, false, true, MpmcUnboundedXaddUnpaddedArrayQueue.class, 0,
                        n -> new MpmcUnboundedXaddUnpaddedArrayQueue<>(32, 0)),
                new Row(MANY, MANY, false, false, MpmcUnboundedXaddArrayQueue.class, 0,
                        n -> new MpmcUnboundedXaddArrayQueue<>(1024)),
                new Row(MANY, MANY, false, true, MpmcUnboundedXaddUnpaddedArrayQueue.class, 0,
                        n -> new MpmcUnboundedXaddUnpaddedArrayQueue<>(32, 0)));
    }

    /** Builds the row's decision; unbounded rows ignore {@code bound}. */
    private static MessagePassingQueue<Integer> build(Row row, int bound) {
        final Queues.Builder b = Queues.builder().producers(row.producers()).consumers(row.consumers());
        if (row.bounded()) {
            b.bounded(bound);
        } else {
            b.unbounded();
        }
        if (row.footprintFirst()) {
            b.footprintFirst();
        } else {
            b.throughputFirst();
        }
        return b.build();
    }

    @Test
    void theTableCoversEveryCombinationOnce() {
        assertEquals(16, table().map(Row::toString).distinct().count());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void buildsTheTableClassAtTheTableCapacity(Row row) {
        if (!row.bounded()) {
            final MessagePassingQueue<Integer> q = build(row, 0);
            assertSame(row.type(), q.getClass());
            assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, q.capacity());
            return;
        }
        for (int bound : BOUNDS) {
            final MessagePassingQueue<Integer> q = build(row, bound);
            assertSame(row.type(), q.getClass(), "bound " + bound);
            assertEquals(Math.max(pow2(bound), row.least()), q.capacity(), "bound " + bound);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void buildsWithTheTableArguments(Row row) {
        for (int bound : row.bounded() ? new int[] {1, 100, 1024} : new int[] {0}) {
            final int raised = Math.max(bound, row.least());
            for (int count : row.bounded() ? new int[] {0, 1, Math.max(pow2(bound), row.least())} : new int[] {0, 1, 100, 3000}) {
                assertEquals(Footprints.holding(() -> row.make().apply(raised), count),
                        Footprints.holding(() -> build(row, bound), count), "bound " + bound + ", holding " + count);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void doesWhatTheShapePromises(Row row) {
        ShapeCheck.check(() -> build(row, 64), row.producers() == ONE ? 1 : 2, row.consumers() == ONE ? 1 : 2);
    }

    @Test
    void throughputComesFirstUnlessFootprintIsAskedFor() {
        for (Row row : table().filter(r -> !r.footprintFirst()).toArray(Row[]::new)) {
            final Queues.Builder b = Queues.builder().producers(row.producers()).consumers(row.consumers());
            final MessagePassingQueue<Integer> q = row.bounded() ? b.bounded(64).build() : b.unbounded().build();
            assertSame(row.type(), q.getClass(), row.toString());
        }
    }

    @Test
    void theLastChoiceOfEachKindWins() {
        final Queues.Builder b = Queues.builder().producers(ONE).producers(MANY).consumers(MANY).consumers(ONE)
                .unbounded().bounded(100).throughputFirst().footprintFirst();
        final MessagePassingQueue<Integer> q = b.build();
        assertSame(MpscChunkedUnpaddedArrayQueue.class, q.getClass());
        assertEquals(128, q.capacity());
        assertSame(MpscUnboundedXaddArrayQueue.class, b.bounded(8).unbounded().throughputFirst().build().getClass());
    }

    @Test
    void eachBuildIsANewQueue() {
        final Queues.Builder b = Queues.builder().producers(ONE).consumers(ONE).bounded(8);
        final MessagePassingQueue<String> first = b.build();
        first.offer("x");
        final MessagePassingQueue<String> second = b.build();
        assertNotSame(first, second);
        assertTrue(second.isEmpty());
    }

    @Test
    void buildBeforeEveryChoiceIsMadeSaysWhatIsMissing() {
        assertMissing("producers", Queues.builder().consumers(ONE).bounded(8));
        assertMissing("consumers", Queues.builder().producers(ONE).unbounded());
        assertMissing("bound", Queues.builder().producers(ONE).consumers(MANY).footprintFirst());
        assertMissing("producers", Queues.builder());
    }

    private static void assertMissing(String what, Queues.Builder b) {
        final IllegalStateException e = assertThrows(IllegalStateException.class, b::build);
        assertTrue(e.getMessage().startsWith(what + " not chosen"), e.getMessage());
    }

    @Test
    void badArgumentsAreRejectedByName() {
        for (int bound : List.of(0, -1, Integer.MIN_VALUE, (1 << 30) + 1, Integer.MAX_VALUE)) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Queues.builder().bounded(bound));
            assertTrue(e.getMessage().startsWith("capacity") && e.getMessage().contains(String.valueOf(bound)),
                    e.getMessage());
        }
        assertTrue(assertThrows(NullPointerException.class, () -> Queues.builder().producers(null)).getMessage()
                .contains("producers"));
        assertTrue(assertThrows(NullPointerException.class, () -> Queues.builder().consumers(null)).getMessage()
                .contains("consumers"));
    }

    @Test
    void aRejectedArgumentLeavesEarlierChoicesAsTheyWere() {
        final Queues.Builder b = Queues.builder().producers(ONE).consumers(ONE).bounded(8);
        assertThrows(IllegalArgumentException.class, () -> b.bounded(0));
        assertThrows(NullPointerException.class, () -> b.producers(null));
        assertEquals(8, b.build().capacity());
    }

    // ---------------------------------------------------------------------------------------------
    // blocking()

    /** The javadoc's blocking table, one row per decision. */
    static Stream<Row> blockingTable() {
        final List<Row> rows = new ArrayList<>();
        rows.add(new Row(ONE, ONE, true, false, SpscBlockingArrayQueue.class, 4, SpscBlockingArrayQueue::new));
        rows.add(new Row(ONE, ONE, true, true, SpscBlockingUnpaddedArrayQueue.class, 4, SpscBlockingUnpaddedArrayQueue::new));
        rows.add(new Row(MANY, ONE, true, false, MpscBlockingConsumerArrayQueue.class, 1, MpscBlockingConsumerArrayQueue::new));
        rows.add(new Row(MANY, ONE, true, true, MpscBlockingConsumerUnpaddedArrayQueue.class, 1,
                MpscBlockingConsumerUnpaddedArrayQueue::new));
        for (Threads producers : Threads.values()) {
            rows.add(new Row(producers, MANY, true, false, MpmcBlockingArrayQueue.class, 2, MpmcBlockingArrayQueue::new));
            rows.add(new Row(producers, MANY, true, true, MpmcBlockingUnpaddedArrayQueue.class, 2,
                    MpmcBlockingUnpaddedArrayQueue::new));
            rows.add(new Row(producers, MANY, false, false, MpmcUnboundedBlockingArrayQueue.class, 0,
                    n -> new MpmcUnboundedBlockingArrayQueue<>(1024)));
            rows.add(new Row(producers, MANY, false, true, MpmcUnboundedBlockingUnpaddedArrayQueue.class, 0,
                    n -> new MpmcUnboundedBlockingUnpaddedArrayQueue<>(32, 0)));
            rows.add(new Row(producers, ONE, false, false, MpscUnboundedBlockingConsumerArrayQueue.class, 0,
                    n -> new MpscUnboundedBlockingConsumerArrayQueue<>(1024)));
            rows.add(new Row(producers, ONE, false, true, MpscUnboundedBlockingConsumerUnpaddedArrayQueue.class, 0,
                    n -> new MpscUnboundedBlockingConsumerUnpaddedArrayQueue<>(16)));
        }
        return rows.stream();
    }

    /** Builds the row's decision as a blocking queue; unbounded rows ignore {@code bound}. */
    private static MessagePassingBlockingQueue<Integer> buildBlocking(Row row, int bound) {
        final Queues.Builder b = Queues.builder().producers(row.producers()).consumers(row.consumers());
        if (row.bounded()) {
            b.bounded(bound);
        } else {
            b.unbounded();
        }
        return row.footprintFirst() ? b.footprintFirst().blocking() : b.throughputFirst().blocking();
    }

    @Test
    void theBlockingTableCoversEveryCombinationOnce() {
        assertEquals(16, blockingTable().map(Row::toString).distinct().count());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blockingTable")
    void blockingBuildsTheTableClassAtTheTableCapacity(Row row) {
        for (int bound : row.bounded() ? BOUNDS : new int[] {0}) {
            final MessagePassingBlockingQueue<Integer> q = buildBlocking(row, bound);
            assertSame(row.type(), q.getClass(), "bound " + bound);
            if (row.bounded()) {
                assertEquals(Math.max(pow2(bound), row.least()), q.capacity(), "bound " + bound);
                assertEquals(q.capacity(), q.remainingCapacity(), "bound " + bound);
            } else {
                assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, q.capacity());
                assertEquals(Integer.MAX_VALUE, q.remainingCapacity());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blockingTable")
    void blockingBuildsWithTheTableArguments(Row row) {
        for (int bound : row.bounded() ? new int[] {1, 100} : new int[] {0}) {
            final int raised = Math.max(bound, row.least());
            for (int count : row.bounded() ? new int[] {0, 1, Math.max(pow2(bound), row.least())} : new int[] {0, 1, 100, 3000}) {
                assertEquals(Footprints.holding(() -> row.make().apply(raised), count),
                        Footprints.holding(() -> buildBlocking(row, bound), count), "bound " + bound + ", holding " + count);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blockingTable")
    void blockingQueueDoesWhatTheShapePromises(Row row) {
        ShapeCheck.check(() -> buildBlocking(row, 64), row.producers() == ONE ? 1 : 2, row.consumers() == ONE ? 1 : 2);
    }

    /**
     * The queue blocks as its bound says: with one producer {@code put}ting four times the bound
     * and one consumer {@code take}ing, every element arrives in order (a bounded queue's
     * {@code put} waits for room, a {@code take} for an element); a timed {@code poll} of an empty
     * queue and a timed {@code offer} to a full one give up.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("blockingTable")
    void blockingQueueWaitsOnBothSidesAsItsBoundSays(Row row) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = buildBlocking(row, 4);
        assertNull(q.poll(1, TimeUnit.MILLISECONDS));
        final int total = 4000;
        final ExecutorService consumer = Executors.newSingleThreadExecutor();
        try {
            final Future<Integer> taken = consumer.submit(() -> {
                int next = 0;
                for (; next < total; next++) {
                    assertEquals(next, q.take());
                }
                return next;
            });
            for (int i = 0; i < total; i++) {
                q.put(i);
            }
            assertEquals(total, taken.get(30, TimeUnit.SECONDS));
        } finally {
            consumer.shutdownNow();
        }
        if (row.bounded()) {
            for (int i = 0; i < q.capacity(); i++) {
                assertTrue(q.offer(i));
            }
            assertFalse(q.offer(-1, 1, TimeUnit.MILLISECONDS));
            assertEquals(0, q.remainingCapacity());
        }
    }

    @Test
    void blockingBeforeEveryChoiceIsMadeSaysWhatIsMissing() {
        assertBlockingMissing("producers", Queues.builder().consumers(ONE).bounded(8));
        assertBlockingMissing("consumers", Queues.builder().producers(ONE).unbounded());
        assertBlockingMissing("bound", Queues.builder().producers(ONE).consumers(MANY).footprintFirst());
    }

    private static void assertBlockingMissing(String what, Queues.Builder b) {
        final IllegalStateException e = assertThrows(IllegalStateException.class, b::blocking);
        assertTrue(e.getMessage().startsWith(what + " not chosen"), e.getMessage());
    }

    static int pow2(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    @Test
    void checkedBuildsCheckedViewsOfTheTablesChoiceWithTheChosenSides() {
        final MessagePassingQueue<Integer> plain = Queues.builder().producers(MANY).consumers(ONE).bounded(16).build();
        final MessagePassingQueue<Integer> q = Queues.builder().producers(MANY).consumers(ONE).bounded(16)
                .checked(true).build();
        assertSame(CheckedQueue.class, q.getClass());
        assertSame(plain.getClass(), ((CheckedQueue<Integer>) q).unwrap().getClass());
        assertTrue(q.toString().contains("producer=any threads, consumer=none now"), q.toString());
        final MessagePassingBlockingQueue<Integer> b = Queues.builder().producers(ONE).consumers(MANY).unbounded()
                .checked(true).blocking();
        assertSame(CheckedBlockingQueue.class, b.getClass());
        assertTrue(b.toString().contains("producer=none now, consumer=any threads"), b.toString());
        assertTrue(b.offer(1));
        assertEquals(1, b.poll());
        // Off again, and off by default (the property is not set in the tests).
        assertFalse(Queues.builder().producers(ONE).consumers(ONE).bounded(4).checked(true).checked(false).build()
                instanceof CheckedQueue);
        assertFalse(Queues.builder().producers(ONE).consumers(ONE).bounded(4).build() instanceof CheckedQueue);
    }

    @Test
    void thePropertyMakesEveryNewBuilderChecked() {
        final Queues.Builder builder;
        System.setProperty(Queues.CHECKED_PROPERTY, "true");
        try {
            builder = Queues.builder().producers(ONE).consumers(ONE).bounded(4);
        } finally {
            System.clearProperty(Queues.CHECKED_PROPERTY);
        }
        assertTrue(builder.build() instanceof CheckedQueue);
        assertTrue(builder.blocking() instanceof CheckedBlockingQueue);
        assertFalse(builder.checked(false).build() instanceof CheckedQueue);
    }
}
