package org.jcq.benchmarks.support;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.jcq.benchmarks.jmh.BlockingRoundTrip;
import org.jcq.benchmarks.jmh.BlockingThroughput;
import org.jcq.benchmarks.jmh.MpqThroughput;
import org.jcq.benchmarks.jmh.QueueBaseline;
import org.jcq.benchmarks.jmh.QueueBatchThroughput;
import org.jcq.benchmarks.jmh.QueueBurstCost;
import org.jcq.benchmarks.jmh.QueueRoundTrip;
import org.jcq.benchmarks.jmh.QueueThroughput;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.annotations.Param;

class BenchmarkQueuesTest {
    private static final int CAPACITY = 16;
    private static final int ELEMENTS = 10;
    /** Agrona's three queues, the JDK's three. */
    private static final int ANCHORS = 6;
    /** jctools-experimental's queues on trial (the two LPRQ forms), which have no JCTools twin. */
    private static final int EXPERIMENTAL = 2;
    private static final int ANY = BenchmarkQueues.ANY_NUMBER;

    static List<String> names() {
        return BenchmarkQueues.names();
    }

    @ParameterizedTest
    @MethodSource("names")
    void buildsAFifoQueue(String qType) {
        // A compound queue is FIFO per lane only: a producer whose lane is full spills.
        assumeFalse(qType.contains("Compound"), "not FIFO: MpscCompoundQueueParityTest checks it");
        final Queue<Integer> q = BenchmarkQueues.create(qType, CAPACITY);
        assertNotSame(q, BenchmarkQueues.create(qType, CAPACITY));
        assertTrue(q.isEmpty());
        assertNull(q.poll());
        for (int i = 0; i < ELEMENTS; i++) {
            assertTrue(q.offer(i), qType + " offer " + i);
        }
        assertEquals(ELEMENTS, q.size());
        assertEquals(0, q.peek());
        for (int i = 0; i < ELEMENTS; i++) {
            assertEquals(i, q.poll(), qType + " poll " + i);
        }
        assertNull(q.poll());
        assertTrue(q.isEmpty());
    }

    @Test
    void unknownNameIsRejectedByName() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkQueues.create("NoSuchQueue", CAPACITY));
        assertTrue(e.getMessage().contains("NoSuchQueue"), e.getMessage());
    }

    /**
     * Ours whose JCTools twin is their padded edition's: the compact XADD, compound and
     * blocking-consumer queues (JCTools 4.0.7 has no unpadded edition of them). They add no twin
     * name of their own.
     */
    private static boolean hasStandInTwin(String q) {
        return (q.contains("Xadd") || q.contains("Compound") || q.contains("BlockingConsumer")) && BenchmarkQueues.isCompact(q);
    }

    @Test
    void namesAreDistinctAndComplete() {
        final long peers = BenchmarkQueues.ours().stream().mapToInt(q -> BenchmarkQueues.peersOf(q).size()).sum();
        final long standIns = BenchmarkQueues.ours().stream().filter(BenchmarkQueuesTest::hasStandInTwin).count();
        assertEquals(4, standIns, "the compact MPSC and MPMC XADD, compound and blocking-consumer queues");
        assertEquals(2 * BenchmarkQueues.ours().size() - standIns + peers + ANCHORS + EXPERIMENTAL, names().size());
        assertEquals(names().size(), new HashSet<>(names()).size());
        assertTrue(names().containsAll(BenchmarkQueues.ours()));
    }

    @Test
    void twinsAreKnownQueues() {
        for (String q : BenchmarkQueues.ours()) {
            final String twinOf = hasStandInTwin(q) ? q.replace("Unpadded", "") : q;
            assertEquals(BenchmarkQueues.JCTOOLS_PREFIX + twinOf, BenchmarkQueues.twinOf(q));
            assertTrue(names().contains(BenchmarkQueues.twinOf(q)));
            final String vh = BenchmarkQueues.vhTwinOf(q);
            assertTrue(vh == null || names().contains(vh), vh);
            final String atomic = BenchmarkQueues.atomicTwinOf(q);
            assertTrue(atomic == null || names().contains(atomic), atomic);
            assertEquals(BenchmarkQueues.peersOf(q), java.util.stream.Stream.of(vh, atomic)
                    .filter(java.util.Objects::nonNull).toList(), q);
        }
        assertThrows(IllegalArgumentException.class,
                () -> BenchmarkQueues.twinOf(BenchmarkQueues.JDK_CLQ));
    }

    /**
     * The twins the performance pages compare with: both Unsafe-free editions where JCTools has
     * them (neither has the XADD or compound queues, nor an unpadded blocking consumer; the Atomic
     * edition has no blocking consumer).
     */
    @Test
    void everyPaddedQueueOfOursButXaddHasBothUnsafeFreePeers() {
        for (String q : BenchmarkQueues.ours()) {
            final boolean none = q.contains("Xadd") || q.contains("Compound") || q.equals(BenchmarkQueues.MPSC_BLOCKING_UNPADDED);
            assertEquals(!none, BenchmarkQueues.vhTwinOf(q) != null, q + " VarHandle twin");
            final boolean atomic = !none && !q.equals(BenchmarkQueues.MPSC_BLOCKING);
            assertEquals(atomic, BenchmarkQueues.atomicTwinOf(q) != null, q + " Atomic twin");
            for (String peer : BenchmarkQueues.peersOf(q)) {
                final Queue<Integer> twin = BenchmarkQueues.create(peer, CAPACITY);
                final String pkg = twin.getClass().getPackageName();
                assertTrue(pkg.contains(peer.startsWith(BenchmarkQueues.JCTOOLS_VH_PREFIX) ? "varhandle" : "atomic"), peer + ": " + pkg);
                assertEquals(BenchmarkQueues.isCompact(q), pkg.endsWith("unpadded"), peer + ": " + pkg);
            }
        }
    }

    @Test
    void quickSetPairsEachOfOursWithItsTwin() {
        final List<String> quick = BenchmarkQueues.quickNames();
        final List<String> padded = BenchmarkQueues.ours().stream().filter(q -> !BenchmarkQueues.isCompact(q)).toList();
        assertEquals(2 * padded.size() + 1, quick.size());
        assertTrue(padded.size() < BenchmarkQueues.ours().size(), "the compact editions are among ours");
        for (String q : BenchmarkQueues.ours()) {
            if (BenchmarkQueues.isCompact(q)) {
                assertFalse(quick.contains(q), q + ": the quick run leaves the compact editions out");
                continue;
            }
            assertEquals(quick.indexOf(q) + 1, quick.indexOf(BenchmarkQueues.twinOf(q)), q);
        }
        assertTrue(names().containsAll(quick));
    }

    @Test
    void benchmarkParamDefaultsListEveryQueue() throws NoSuchFieldException {
        for (Class<?> benchmark : List.of(QueueThroughput.class, QueueBaseline.class,
                QueueBurstCost.class, MpqThroughput.class, QueueBatchThroughput.class, QueueRoundTrip.class)) {
            final Param p = benchmark.getField("qType").getAnnotation(Param.class);
            assertArrayEquals(names().toArray(new String[0]), p.value(), benchmark.getName());
        }
    }

    @Test
    void linkedTransferQueueIsAnAnchor() {
        assertTrue(names().contains(BenchmarkQueues.JDK_LTQ));
        assertTrue(BenchmarkQueues.create(BenchmarkQueues.JDK_LTQ, CAPACITY) instanceof LinkedTransferQueue);
    }

    @Test
    void shapesFollowTheNames() {
        assertShape(1, 1, BenchmarkQueues.SPSC, BenchmarkQueues.SPSC_LINKED, BenchmarkQueues.JCTOOLS_SPSC,
                BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_UNBOUNDED, BenchmarkQueues.AGRONA_SPSC);
        assertShape(ANY, 1, BenchmarkQueues.MPSC, BenchmarkQueues.MPSC_XADD, BenchmarkQueues.MPSC_BLOCKING,
                BenchmarkQueues.JCTOOLS_MPSC, BenchmarkQueues.JCTOOLS_VH_MPSC, BenchmarkQueues.AGRONA_MPSC);
        assertShape(1, ANY, BenchmarkQueues.SPMC, BenchmarkQueues.JCTOOLS_SPMC, BenchmarkQueues.JCTOOLS_VH_SPMC);
        assertShape(ANY, ANY, BenchmarkQueues.MPMC, BenchmarkQueues.MPMC_XADD, BenchmarkQueues.JCTOOLS_MPMC,
                BenchmarkQueues.JCTOOLS_VH_MPMC, BenchmarkQueues.AGRONA_MPMC, BenchmarkQueues.JDK_CLQ, BenchmarkQueues.JDK_ABQ,
                BenchmarkQueues.JDK_LTQ);
    }

    private static void assertShape(int producers, int consumers, String... qTypes) {
        for (String q : qTypes) {
            assertEquals(producers, BenchmarkQueues.maxProducers(q), q + " producers");
            assertEquals(consumers, BenchmarkQueues.maxConsumers(q), q + " consumers");
        }
    }

    @ParameterizedTest
    @MethodSource("names")
    void everyQueueHasAShapeOfOneOrAny(String qType) {
        assertTrue(Set.of(1, ANY).contains(BenchmarkQueues.maxProducers(qType)), qType);
        assertTrue(Set.of(1, ANY).contains(BenchmarkQueues.maxConsumers(qType)), qType);
    }

    @Test
    void shapeOfAnUnknownQueueIsRejectedByName() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkQueues.maxProducers("NoSuchQueue"));
        assertTrue(e.getMessage().contains("NoSuchQueue"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BenchmarkQueues.maxConsumers("NoSuchQueue"));
    }

    /** A bounded queue holds exactly its reported capacity; an unbounded one reports UNBOUNDED. */
    @ParameterizedTest
    @MethodSource("names")
    void capacityOfIsWhatTheQueueHolds(String qType) {
        final Queue<Integer> q = BenchmarkQueues.create(qType, CAPACITY);
        final int capacity = BenchmarkQueues.capacityOf(q);
        if (capacity == BenchmarkQueues.UNBOUNDED) {
            for (int i = 0; i < 2 * CAPACITY; i++) {
                assertTrue(q.offer(i), qType + " is unbounded but refused element " + i);
            }
        } else {
            assertTrue(capacity >= CAPACITY, qType + " capacity " + capacity);
            for (int i = 0; i < capacity; i++) {
                assertTrue(q.offer(i), qType + " refused element " + i + " of " + capacity);
            }
            assertFalse(q.offer(capacity), qType + " took more than its capacity " + capacity);
        }
    }

    static List<String> blockingNames() {
        return BenchmarkQueues.blockingNames();
    }

    @Test
    void blockingGroupIsOursThenTheJdksAndLeavesTheComparisonListsAlone() {
        assertEquals(List.of(BenchmarkQueues.BLOCKING_SPSC, BenchmarkQueues.BLOCKING_MPSC, BenchmarkQueues.BLOCKING_MPMC,
                BenchmarkQueues.BLOCKING_MPSC_UNBOUNDED, BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED,
                BenchmarkQueues.BLOCKING_SPSC_UNPADDED, BenchmarkQueues.MPSC_BLOCKING_UNPADDED,
                BenchmarkQueues.BLOCKING_MPMC_UNPADDED, BenchmarkQueues.BLOCKING_MPSC_UNBOUNDED_UNPADDED,
                BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED_UNPADDED,
                BenchmarkQueues.JDK_ABQ, BenchmarkQueues.JDK_LBQ, BenchmarkQueues.JDK_LTQ), blockingNames());
        // The MPSC ones are also ours with a JCTools twin (or a stand-in); the rest have none.
        for (String q : List.of(BenchmarkQueues.BLOCKING_SPSC, BenchmarkQueues.BLOCKING_MPMC,
                BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED, BenchmarkQueues.BLOCKING_SPSC_UNPADDED,
                BenchmarkQueues.BLOCKING_MPMC_UNPADDED, BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED_UNPADDED,
                BenchmarkQueues.JDK_LBQ)) {
            assertFalse(names().contains(q), q + " has no twin, so it is not in names()");
            assertFalse(BenchmarkQueues.ours().contains(q), q);
            assertFalse(BenchmarkQueues.quickNames().contains(q), q);
        }
    }

    @Test
    void blockingBenchmarkParamDefaultsListEveryBlockingQueue() throws NoSuchFieldException {
        for (Class<?> benchmark : List.of(BlockingThroughput.class, BlockingRoundTrip.class)) {
            final Param p = benchmark.getField("qType").getAnnotation(Param.class);
            assertArrayEquals(blockingNames().toArray(new String[0]), p.value(), benchmark.getName());
        }
    }

    @Test
    void blockingShapesFollowTheNames() {
        assertShape(1, 1, BenchmarkQueues.BLOCKING_SPSC);
        assertShape(ANY, 1, BenchmarkQueues.BLOCKING_MPSC);
        assertShape(ANY, ANY, BenchmarkQueues.BLOCKING_MPMC, BenchmarkQueues.JDK_LBQ);
    }

    /** Each blocking queue is a FIFO that createBlocking and create both build, and take waits for put. */
    @ParameterizedTest
    @MethodSource("blockingNames")
    void buildsABlockingFifoQueue(String qType) throws InterruptedException {
        final BlockingQueue<Integer> q = BenchmarkQueues.createBlocking(qType, CAPACITY);
        assertTrue(BenchmarkQueues.create(qType, CAPACITY) instanceof BlockingQueue, qType);
        assertNull(q.poll(1, TimeUnit.MILLISECONDS), qType + " timed poll of an empty queue");
        for (int i = 0; i < ELEMENTS; i++) {
            q.put(i);
        }
        for (int i = 0; i < ELEMENTS; i++) {
            assertEquals(i, q.take(), qType + " take " + i);
        }
        assertTrue(q.isEmpty());
    }

    /**
     * The bounded ones hold what capacityOf says; LinkedTransferQueue and our unbounded ones ignore
     * the capacity (ours take it as their chunk size).
     */
    @ParameterizedTest
    @MethodSource("blockingNames")
    void blockingCapacityIsWhatTheQueueHolds(String qType) throws InterruptedException {
        final BlockingQueue<Integer> q = BenchmarkQueues.createBlocking(qType, CAPACITY);
        final int capacity = BenchmarkQueues.capacityOf(q);
        final boolean unbounded = qType.equals(BenchmarkQueues.JDK_LTQ) || qType.contains("Unbounded");
        assertEquals(unbounded ? BenchmarkQueues.UNBOUNDED : CAPACITY, capacity, qType);
        if (capacity != BenchmarkQueues.UNBOUNDED) {
            for (int i = 0; i < capacity; i++) {
                q.put(i);
            }
            assertFalse(q.offer(capacity, 1, TimeUnit.MILLISECONDS), qType + " took more than " + capacity);
        }
    }

    @Test
    void createBlockingRejectsANonBlockingQueueByName() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkQueues.createBlocking(BenchmarkQueues.SPSC, CAPACITY));
        assertTrue(e.getMessage().contains(BenchmarkQueues.SPSC), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BenchmarkQueues.create("NoSuchBlockingQueue", CAPACITY));
    }
}
