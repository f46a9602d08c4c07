package org.jcq.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

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

class QueueFactoryTest {
    private static final int CAPACITY = 16;
    private static final int ELEMENTS = 10;
    /** Agrona's three queues, the JDK's three. */
    private static final int ANCHORS = 6;
    private static final int ANY = QueueFactory.ANY_NUMBER;

    static List<String> names() {
        return QueueFactory.names();
    }

    @ParameterizedTest
    @MethodSource("names")
    void buildsAFifoQueue(String qType) {
        // A compound queue is FIFO per lane only: a producer whose lane is full spills.
        assumeFalse(qType.contains("Compound"), "not FIFO: MpscCompoundQueueParityTest checks it");
        final Queue<Integer> q = QueueFactory.create(qType, CAPACITY);
        assertNotSame(q, QueueFactory.create(qType, CAPACITY));
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
                () -> QueueFactory.create("NoSuchQueue", CAPACITY));
        assertTrue(e.getMessage().contains("NoSuchQueue"), e.getMessage());
    }

    /**
     * Ours whose JCTools twin is their padded edition's: the compact XADD, compound and
     * blocking-consumer queues (JCTools 4.0.7 has no unpadded edition of them). They add no twin
     * name of their own.
     */
    private static boolean hasStandInTwin(String q) {
        return (q.contains("Xadd") || q.contains("Compound") || q.contains("BlockingConsumer")) && QueueFactory.isCompact(q);
    }

    @Test
    void namesAreDistinctAndComplete() {
        final long peers = QueueFactory.ours().stream().mapToInt(q -> QueueFactory.peersOf(q).size()).sum();
        final long standIns = QueueFactory.ours().stream().filter(QueueFactoryTest::hasStandInTwin).count();
        assertEquals(4, standIns, "the compact MPSC and MPMC XADD, compound and blocking-consumer queues");
        assertEquals(2 * QueueFactory.ours().size() - standIns + peers + ANCHORS, names().size());
        assertEquals(names().size(), new HashSet<>(names()).size());
        assertTrue(names().containsAll(QueueFactory.ours()));
    }

    @Test
    void twinsAreKnownQueues() {
        for (String q : QueueFactory.ours()) {
            final String twinOf = hasStandInTwin(q) ? q.replace("Unpadded", "") : q;
            assertEquals(QueueFactory.JCTOOLS_PREFIX + twinOf, QueueFactory.twinOf(q));
            assertTrue(names().contains(QueueFactory.twinOf(q)));
            final String vh = QueueFactory.vhTwinOf(q);
            assertTrue(vh == null || names().contains(vh), vh);
            final String atomic = QueueFactory.atomicTwinOf(q);
            assertTrue(atomic == null || names().contains(atomic), atomic);
            assertEquals(QueueFactory.peersOf(q), java.util.stream.Stream.of(vh, atomic)
                    .filter(java.util.Objects::nonNull).toList(), q);
        }
        assertThrows(IllegalArgumentException.class,
                () -> QueueFactory.twinOf(QueueFactory.JDK_CLQ));
    }

    /**
     * The twins the performance pages compare with: both Unsafe-free editions where JCTools has
     * them (neither has the XADD or compound queues, nor an unpadded blocking consumer; the Atomic
     * edition has no blocking consumer).
     */
    @Test
    void everyPaddedQueueOfOursButXaddHasBothUnsafeFreePeers() {
        for (String q : QueueFactory.ours()) {
            final boolean none = q.contains("Xadd") || q.contains("Compound") || q.equals(QueueFactory.MPSC_BLOCKING_UNPADDED);
            assertEquals(!none, QueueFactory.vhTwinOf(q) != null, q + " VarHandle twin");
            final boolean atomic = !none && !q.equals(QueueFactory.MPSC_BLOCKING);
            assertEquals(atomic, QueueFactory.atomicTwinOf(q) != null, q + " Atomic twin");
            for (String peer : QueueFactory.peersOf(q)) {
                final Queue<Integer> twin = QueueFactory.create(peer, CAPACITY);
                final String pkg = twin.getClass().getPackageName();
                assertTrue(pkg.contains(peer.startsWith(QueueFactory.JCTOOLS_VH_PREFIX) ? "varhandle" : "atomic"), peer + ": " + pkg);
                assertEquals(QueueFactory.isCompact(q), pkg.endsWith("unpadded"), peer + ": " + pkg);
            }
        }
    }

    @Test
    void quickSetPairsEachOfOursWithItsTwin() {
        final List<String> quick = QueueFactory.quickNames();
        final List<String> padded = QueueFactory.ours().stream().filter(q -> !QueueFactory.isCompact(q)).toList();
        assertEquals(2 * padded.size() + 1, quick.size());
        assertTrue(padded.size() < QueueFactory.ours().size(), "the compact editions are among ours");
        for (String q : QueueFactory.ours()) {
            if (QueueFactory.isCompact(q)) {
                assertFalse(quick.contains(q), q + ": the quick run leaves the compact editions out");
                continue;
            }
            assertEquals(quick.indexOf(q) + 1, quick.indexOf(QueueFactory.twinOf(q)), q);
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
        assertTrue(names().contains(QueueFactory.JDK_LTQ));
        assertTrue(QueueFactory.create(QueueFactory.JDK_LTQ, CAPACITY) instanceof LinkedTransferQueue);
    }

    @Test
    void shapesFollowTheNames() {
        assertShape(1, 1, QueueFactory.SPSC, QueueFactory.SPSC_LINKED, QueueFactory.JCTOOLS_SPSC,
                QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_UNBOUNDED, QueueFactory.AGRONA_SPSC);
        assertShape(ANY, 1, QueueFactory.MPSC, QueueFactory.MPSC_XADD, QueueFactory.MPSC_BLOCKING,
                QueueFactory.JCTOOLS_MPSC, QueueFactory.JCTOOLS_VH_MPSC, QueueFactory.AGRONA_MPSC);
        assertShape(1, ANY, QueueFactory.SPMC, QueueFactory.JCTOOLS_SPMC, QueueFactory.JCTOOLS_VH_SPMC);
        assertShape(ANY, ANY, QueueFactory.MPMC, QueueFactory.MPMC_XADD, QueueFactory.JCTOOLS_MPMC,
                QueueFactory.JCTOOLS_VH_MPMC, QueueFactory.AGRONA_MPMC, QueueFactory.JDK_CLQ, QueueFactory.JDK_ABQ,
                QueueFactory.JDK_LTQ);
    }

    private static void assertShape(int producers, int consumers, String... qTypes) {
        for (String q : qTypes) {
            assertEquals(producers, QueueFactory.maxProducers(q), q + " producers");
            assertEquals(consumers, QueueFactory.maxConsumers(q), q + " consumers");
        }
    }

    @ParameterizedTest
    @MethodSource("names")
    void everyQueueHasAShapeOfOneOrAny(String qType) {
        assertTrue(Set.of(1, ANY).contains(QueueFactory.maxProducers(qType)), qType);
        assertTrue(Set.of(1, ANY).contains(QueueFactory.maxConsumers(qType)), qType);
    }

    @Test
    void shapeOfAnUnknownQueueIsRejectedByName() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueFactory.maxProducers("NoSuchQueue"));
        assertTrue(e.getMessage().contains("NoSuchQueue"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QueueFactory.maxConsumers("NoSuchQueue"));
    }

    /** A bounded queue holds exactly its reported capacity; an unbounded one reports UNBOUNDED. */
    @ParameterizedTest
    @MethodSource("names")
    void capacityOfIsWhatTheQueueHolds(String qType) {
        final Queue<Integer> q = QueueFactory.create(qType, CAPACITY);
        final int capacity = QueueFactory.capacityOf(q);
        if (capacity == QueueFactory.UNBOUNDED) {
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
        return QueueFactory.blockingNames();
    }

    @Test
    void blockingGroupIsOursThenTheJdksAndLeavesTheComparisonListsAlone() {
        assertEquals(List.of(QueueFactory.BLOCKING_SPSC, QueueFactory.BLOCKING_MPSC, QueueFactory.BLOCKING_MPMC,
                QueueFactory.BLOCKING_MPSC_UNBOUNDED, QueueFactory.BLOCKING_MPMC_UNBOUNDED,
                QueueFactory.BLOCKING_SPSC_UNPADDED, QueueFactory.MPSC_BLOCKING_UNPADDED,
                QueueFactory.BLOCKING_MPMC_UNPADDED, QueueFactory.BLOCKING_MPSC_UNBOUNDED_UNPADDED,
                QueueFactory.BLOCKING_MPMC_UNBOUNDED_UNPADDED,
                QueueFactory.JDK_ABQ, QueueFactory.JDK_LBQ, QueueFactory.JDK_LTQ), blockingNames());
        // The MPSC ones are also ours with a JCTools twin (or a stand-in); the rest have none.
        for (String q : List.of(QueueFactory.BLOCKING_SPSC, QueueFactory.BLOCKING_MPMC,
                QueueFactory.BLOCKING_MPMC_UNBOUNDED, QueueFactory.BLOCKING_SPSC_UNPADDED,
                QueueFactory.BLOCKING_MPMC_UNPADDED, QueueFactory.BLOCKING_MPMC_UNBOUNDED_UNPADDED,
                QueueFactory.JDK_LBQ)) {
            assertFalse(names().contains(q), q + " has no twin, so it is not in names()");
            assertFalse(QueueFactory.ours().contains(q), q);
            assertFalse(QueueFactory.quickNames().contains(q), q);
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
        assertShape(1, 1, QueueFactory.BLOCKING_SPSC);
        assertShape(ANY, 1, QueueFactory.BLOCKING_MPSC);
        assertShape(ANY, ANY, QueueFactory.BLOCKING_MPMC, QueueFactory.JDK_LBQ);
    }

    /** Each blocking queue is a FIFO that createBlocking and create both build, and take waits for put. */
    @ParameterizedTest
    @MethodSource("blockingNames")
    void buildsABlockingFifoQueue(String qType) throws InterruptedException {
        final BlockingQueue<Integer> q = QueueFactory.createBlocking(qType, CAPACITY);
        assertTrue(QueueFactory.create(qType, CAPACITY) instanceof BlockingQueue, qType);
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
        final BlockingQueue<Integer> q = QueueFactory.createBlocking(qType, CAPACITY);
        final int capacity = QueueFactory.capacityOf(q);
        final boolean unbounded = qType.equals(QueueFactory.JDK_LTQ) || qType.contains("Unbounded");
        assertEquals(unbounded ? QueueFactory.UNBOUNDED : CAPACITY, capacity, qType);
        if (capacity != QueueFactory.UNBOUNDED) {
            for (int i = 0; i < capacity; i++) {
                q.put(i);
            }
            assertFalse(q.offer(capacity, 1, TimeUnit.MILLISECONDS), qType + " took more than " + capacity);
        }
    }

    @Test
    void createBlockingRejectsANonBlockingQueueByName() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueFactory.createBlocking(QueueFactory.SPSC, CAPACITY));
        assertTrue(e.getMessage().contains(QueueFactory.SPSC), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QueueFactory.create("NoSuchBlockingQueue", CAPACITY));
    }
}
