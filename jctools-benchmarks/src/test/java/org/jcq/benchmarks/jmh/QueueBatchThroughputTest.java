package org.jcq.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.util.stream.Stream;

import org.jcq.benchmarks.jmh.OfferPollGroup.OfferCounters;
import org.jcq.benchmarks.jmh.OfferPollGroup.PollCounters;
import org.jcq.benchmarks.jmh.QueueBatchThroughput.AgronaOps;
import org.jcq.benchmarks.jmh.QueueBatchThroughput.BatchOps;
import org.jcq.benchmarks.jmh.QueueBatchThroughput.JcqOps;
import org.jcq.benchmarks.jmh.QueueBatchThroughput.JctoolsOps;
import org.jcq.benchmarks.jmh.QueueBatchThroughput.LoopOps;
import org.jcq.benchmarks.jmh.QueueBatchThroughput.Sink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The batch adapters pick each family's own API and move exactly the elements they report. */
class QueueBatchThroughputTest {
    private static final int CAPACITY = 64;
    private static final int BATCH = 24;

    static Stream<Arguments> families() {
        return Stream.of(
                Arguments.of(BenchmarkQueues.SPSC, JcqOps.class),
                Arguments.of(BenchmarkQueues.MPMC_XADD, JcqOps.class),
                Arguments.of(BenchmarkQueues.JCTOOLS_MPSC, JctoolsOps.class),
                Arguments.of(BenchmarkQueues.JCTOOLS_VH_SPSC, JctoolsOps.class),
                Arguments.of(BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC, JctoolsOps.class),
                Arguments.of(BenchmarkQueues.JCTOOLS_SPSC, JctoolsOps.class),
                Arguments.of(BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPMC, JctoolsOps.class),
                Arguments.of(BenchmarkQueues.MPMC, JcqOps.class),
                Arguments.of(BenchmarkQueues.AGRONA_MPSC, AgronaOps.class),
                Arguments.of(BenchmarkQueues.JDK_ABQ, LoopOps.class),
                Arguments.of(BenchmarkQueues.JDK_CLQ, LoopOps.class),
                Arguments.of(BenchmarkQueues.JDK_LTQ, LoopOps.class));
    }

    /** The families, and linked-array queues whose fills stop at a chunk's end. */
    static Stream<Arguments> familiesAndChunks() {
        return Stream.concat(families(), Stream.of(
                Arguments.of(BenchmarkQueues.MPSC_CHUNKED, JcqOps.class),
                Arguments.of(BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_CHUNKED, JctoolsOps.class),
                Arguments.of(BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_GROWABLE, JctoolsOps.class),
                Arguments.of(BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_CHUNKED, JctoolsOps.class),
                Arguments.of(BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC_GROWABLE, JctoolsOps.class)));
    }

    private static QueueBatchThroughput setUp(String qType) {
        final QueueBatchThroughput b = new QueueBatchThroughput();
        b.qType = qType;
        b.qCapacity = CAPACITY;
        b.batchSize = BATCH;
        b.createQueue();
        b.chooseOps();
        return b;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void adapterIsChosenByFamily(String qType, Class<? extends BatchOps> expected) {
        assertEquals(expected, setUp(qType).ops().getClass(), qType);
    }

    /**
     * The waiting forms run until their exit condition says the run is done: a fill supplies
     * exactly the run (each family's own loop decides its batches), a drain hands exactly the run
     * to the sink, and the queue is empty after.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void waitingFillAndDrainMoveExactlyTheRun(String qType, Class<? extends BatchOps> ignored) {
        final QueueBaseline b = new QueueBaseline();
        b.qType = qType;
        b.qCapacity = CAPACITY;
        b.createQueue();
        final Sink sink = new Sink();
        for (int round = 1; round <= 3; round++) {
            assertEquals(round * (long) QueueBaseline.WAITING, b.fillAndDrainWaiting(sink), qType + " round " + round);
        }
        // Exactly the run, whatever batches the family's loops use (the run is a multiple of each).
        final java.util.Queue<Integer> q = BenchmarkQueues.create(qType, QueueBaseline.WAITING);
        final BatchOps ops = BatchOps.of(q);
        final QueueBatchThroughput.Until until = new QueueBatchThroughput.Until();
        ops.fillWaiting(until, QueueBaseline.WAITING);
        assertEquals(QueueBaseline.WAITING, q.size(), qType + " filled");
        final Sink counted = new Sink();
        ops.drainWaiting(until, counted, QueueBaseline.WAITING);
        assertEquals(QueueBaseline.WAITING, counted.accepted, qType + " drained");
        assertEquals(0, q.size(), qType + " empty after");
    }

    /**
     * The one-thread batch benchmarks move the whole batch they count, round after round, also
     * where a fill stops at a chunk's end (JCTools' linked-array queues: a chunk of 128 for a
     * capacity of 1024).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("familiesAndChunks")
    void baselineBatchesMoveWhatTheyCount(String qType, Class<? extends BatchOps> ignored) {
        final QueueBaseline b = new QueueBaseline();
        b.qType = qType;
        b.qCapacity = 1024;
        b.createQueue();
        final Sink sink = new Sink();
        for (int round = 1; round <= 20; round++) {
            assertEquals(QueueBaseline.BATCH, b.fillAndDrain(sink), qType + " round " + round);
            assertEquals(QueueBaseline.LARGE_BATCH, b.fillAndDrain256(sink), qType + " round " + round);
        }
        assertEquals(20L * (QueueBaseline.BATCH + QueueBaseline.LARGE_BATCH), sink.accepted, qType);
    }

    /** A queue too small for the batch is a set-up error, not a silently shorter batch. */
    @Test
    void baselineBatchOnATooSmallQueueFails() {
        final QueueBaseline b = new QueueBaseline();
        b.qType = BenchmarkQueues.SPSC;
        b.qCapacity = 64;
        b.createQueue();
        assertThrows(IllegalStateException.class, () -> b.fillAndDrain256(new Sink()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void fillAndDrainMoveExactlyWhatTheyCount(String qType, Class<? extends BatchOps> ignored) {
        final QueueBatchThroughput b = setUp(qType);
        final OfferCounters offers = new OfferCounters();
        final PollCounters polls = new PollCounters();
        final Sink sink = new Sink();

        b.fill(offers);
        assertEquals(BATCH, offers.offersMade, qType + " fill");
        assertEquals(BATCH, b.q.size(), qType + " size after fill");
        b.fill(offers);
        assertEquals(2 * BATCH, offers.offersMade, qType + " second fill");

        b.drain(polls, sink);
        assertEquals(BATCH, polls.pollsMade, qType + " drain");
        assertEquals(BATCH, sink.accepted, qType + " consumer calls");
        b.drain(polls, sink);
        assertEquals(2 * BATCH, polls.pollsMade, qType + " second drain");
        assertEquals(0, b.q.size(), qType + " size after draining all");

        b.drain(polls, sink);
        assertEquals(2 * BATCH, polls.pollsMade, qType + " drain of an empty queue");
        assertEquals(1, polls.pollsFailed, qType + " failed drains");
        assertEquals(0, offers.offersFailed, qType + " failed fills");
    }

    /** A bounded queue with room for less than a batch takes what fits; then a fill fails. */
    @Test
    void fillStopsAtCapacityAndCountsAFullQueueAsAFailedCall() {
        for (String qType : new String[] {BenchmarkQueues.SPSC, BenchmarkQueues.JCTOOLS_SPSC, BenchmarkQueues.AGRONA_SPSC,
            BenchmarkQueues.JDK_ABQ}) {
            final QueueBatchThroughput b = setUp(qType);
            final int capacity = BenchmarkQueues.capacityOf(b.q);
            final OfferCounters offers = new OfferCounters();
            for (int calls = 0; calls <= capacity / BATCH; calls++) {
                b.fill(offers);
            }
            assertEquals(capacity, offers.offersMade, qType);
            assertEquals(0, offers.offersFailed, qType);
            b.fill(offers);
            assertEquals(capacity, offers.offersMade, qType);
            assertEquals(1, offers.offersFailed, qType);
        }
    }

    @Test
    void nonPositiveBatchSizeIsRejected() {
        final QueueBatchThroughput b = new QueueBatchThroughput();
        b.qType = BenchmarkQueues.SPSC;
        b.qCapacity = CAPACITY;
        b.batchSize = 0;
        b.createQueue();
        assertThrows(IllegalArgumentException.class, b::chooseOps);
    }
}
