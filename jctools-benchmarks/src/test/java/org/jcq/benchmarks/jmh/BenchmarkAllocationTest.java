package org.jcq.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

import org.jcq.benchmarks.jmh.OfferPollGroup.OfferCounters;
import org.jcq.benchmarks.jmh.OfferPollGroup.PollCounters;
import org.jcq.benchmarks.jmh.QueueBatchThroughput.Sink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The benchmarks' measured methods allocate nothing on an array queue, so {@code -prof gc}'s
 * {@code gc.alloc.rate.norm} is the queue's own allocation (0 for array queues) and not the
 * harness's. The methods are called directly on one thread, without JMH, and HotSpot's per-thread
 * allocation counter ({@code com.sun.management.ThreadMXBean}) is read around each of several
 * rounds, and the least any round allocated counts. That forgives one-off allocations while the JIT
 * or the VarHandle linkage warms up (seen once on JDK 25: 2.5 KB in one round of JCTools' VarHandle
 * edition), and hides nothing real: an allocation per call would show in every round, as hundreds
 * of kilobytes.
 */
class BenchmarkAllocationTest {
    private static final int CAPACITY = 1024;
    private static final int CALLS = 200_000;
    private static final int ROUNDS = 5;
    /** Covers the measurement itself; one allocation per call would be megabytes. */
    private static final long SLACK_BYTES = 1024;
    private static final int PROBE_BYTES = 64 * 1024;
    private static final String BLACKHOLE_CHALLENGE =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

    /** Where the counter's self-check stores its array, so the allocation cannot be elided. */
    static volatile byte[] probe;

    private static com.sun.management.ThreadMXBean counter() {
        final ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        final com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(counter.isThreadAllocatedMemorySupported() && counter.isThreadAllocatedMemoryEnabled(),
                "per-thread allocation counter disabled");
        // The counter must see an allocation we know of, or "0 bytes" below would prove nothing.
        final long before = counter.getCurrentThreadAllocatedBytes();
        probe = new byte[PROBE_BYTES];
        assertTrue(counter.getCurrentThreadAllocatedBytes() - before >= PROBE_BYTES, "counter missed a probe");
        return counter;
    }

    /** The fewest bytes any of {@link #ROUNDS} runs of {@code work} allocated on this thread. */
    private static long leastAllocatedByARound(Runnable work) {
        final com.sun.management.ThreadMXBean counter = counter();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            final long before = counter.getCurrentThreadAllocatedBytes();
            work.run();
            least = Math.min(least, counter.getCurrentThreadAllocatedBytes() - before);
        }
        return least;
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "yield", "park"})
    void throughputOfferAndPollAllocateNothing(String backoff) {
        final QueueThroughput b = new QueueThroughput();
        b.qType = BenchmarkQueues.SPSC;
        b.qCapacity = CAPACITY;
        b.backoff = backoff;
        b.createQueue();
        b.parseBackoff();
        final OfferCounters offers = new OfferCounters();
        final PollCounters polls = new PollCounters();
        final Blackhole bh = new Blackhole(BLACKHOLE_CHALLENGE);
        final long allocated = leastAllocatedByARound(() -> {
            for (int i = 0; i < CALLS; i++) {
                b.offer(offers);
                b.poll(polls, bh);
            }
            // Failed calls take the back-off path, which must not allocate either.
            b.poll(polls, bh);
        });
        assertTrue(allocated < SLACK_BYTES, backoff + ": " + allocated + " bytes");
        assertEquals(ROUNDS * (long) CALLS, polls.pollsMade);
        assertEquals(ROUNDS, polls.pollsFailed);
    }

    @ParameterizedTest
    @ValueSource(strings = {BenchmarkQueues.SPSC, BenchmarkQueues.JCTOOLS_SPSC, BenchmarkQueues.JCTOOLS_VH_MPSC,
        BenchmarkQueues.AGRONA_SPSC, BenchmarkQueues.JDK_ABQ})
    void batchFillAndDrainAllocateNothing(String qType) {
        final QueueBatchThroughput b = new QueueBatchThroughput();
        b.qType = qType;
        b.qCapacity = CAPACITY;
        b.batchSize = Integer.parseInt(QueueBatchThroughput.DEFAULT_BATCH_SIZE);
        b.createQueue();
        b.chooseOps();
        final OfferCounters offers = new OfferCounters();
        final PollCounters polls = new PollCounters();
        final Sink sink = new Sink();
        final long allocated = leastAllocatedByARound(() -> {
            for (int i = 0; i < CALLS / b.batchSize; i++) {
                b.fill(offers);
                b.drain(polls, sink);
            }
        });
        assertTrue(allocated < SLACK_BYTES, qType + ": " + allocated + " bytes");
        assertEquals(offers.offersMade, polls.pollsMade);
    }

    @Test
    void baselineAllocatesNothing() {
        final QueueBaseline b = new QueueBaseline();
        b.qType = BenchmarkQueues.SPSC;
        b.qCapacity = CAPACITY;
        b.createQueue();
        final long allocated = leastAllocatedByARound(() -> {
            for (int i = 0; i < CALLS; i++) {
                b.offerAndPoll();
            }
        });
        assertTrue(allocated < SLACK_BYTES, allocated + " bytes");
        final long allocatedByRuns = leastAllocatedByARound(() -> {
            for (int i = 0; i < CALLS / QueueBaseline.RUN; i++) {
                b.offerAndPollRun();
            }
        });
        assertTrue(allocatedByRuns < SLACK_BYTES, allocatedByRuns + " bytes");
    }

    @Test
    void baselineRunTakesBackEveryElementItOffers() {
        for (String qType : List.of(BenchmarkQueues.SPSC, BenchmarkQueues.BLOCKING_SPSC, BenchmarkQueues.MPMC)) {
            final QueueBaseline b = new QueueBaseline();
            b.qType = qType;
            b.qCapacity = CAPACITY;
            b.createQueue();
            assertEquals(QueueBaseline.RUN * OfferPollGroup.ELEMENT, b.offerAndPollRun(), qType);
            assertEquals(OfferPollGroup.ELEMENT, b.offerAndPoll(), qType);
        }
    }

    @Test
    void unknownBackoffIsRejectedByName() {
        final QueueThroughput b = new QueueThroughput();
        b.backoff = "sleep";
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::parseBackoff);
        assertTrue(e.getMessage().contains("sleep"), e.getMessage());
    }
}
