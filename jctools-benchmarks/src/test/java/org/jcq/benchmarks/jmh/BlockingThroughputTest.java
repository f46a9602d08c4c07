package org.jcq.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The benchmark's calls return when the other side has stopped (so a JMH iteration can end), count
 * what they did, and set-up rejects shapes the queue does not support. Methods are called
 * directly, without JMH; the timeout only turns a hang into a failure, so it is generous.
 */
class BlockingThroughputTest {
    private static final Duration HANG = Duration.ofSeconds(30);
    private static final int SMALL_CAPACITY = 16;
    private static final String BLACKHOLE_CHALLENGE =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

    static Iterable<String> blockingNames() {
        return BenchmarkQueues.blockingNames();
    }

    private static BlockingThroughput benchmark(String qType) {
        final BlockingThroughput b = new BlockingThroughput();
        b.qType = qType;
        b.qCapacity = SMALL_CAPACITY;
        b.createQueue(1, 1);
        return b;
    }

    /** A consumer on an empty queue whose producer has stopped returns and counts a time-out. */
    @ParameterizedTest
    @MethodSource("blockingNames")
    void takeReturnsWhenNoProducerIsLeft(String qType) {
        final BlockingThroughput b = benchmark(qType);
        final BlockingThroughput.TakeCounters counters = new BlockingThroughput.TakeCounters();
        final Blackhole bh = new Blackhole(BLACKHOLE_CHALLENGE);
        assertTimeoutPreemptively(HANG, () -> b.take(counters, bh));
        assertEquals(1, counters.takesTimedOut, qType);
        assertEquals(0, counters.takesMade, qType);
    }

    /**
     * A producer on a full queue whose consumer has stopped returns and counts a time-out; the
     * unbounded LinkedTransferQueue never fills, so it only counts puts.
     */
    @ParameterizedTest
    @MethodSource("blockingNames")
    void putReturnsWhenNoConsumerIsLeft(String qType) {
        final BlockingThroughput b = benchmark(qType);
        final BlockingThroughput.PutCounters counters = new BlockingThroughput.PutCounters();
        final int capacity = BenchmarkQueues.capacityOf(b.q);
        final int calls = (capacity == BenchmarkQueues.UNBOUNDED ? SMALL_CAPACITY : capacity) + 1;
        assertTimeoutPreemptively(HANG, () -> {
            for (int i = 0; i < calls; i++) {
                b.put(counters);
            }
        });
        final boolean bounded = capacity != BenchmarkQueues.UNBOUNDED;
        assertEquals(bounded ? calls - 1 : calls, counters.putsMade, qType);
        assertEquals(bounded ? 1 : 0, counters.putsTimedOut, qType);
        b.drain();
        assertTrue(b.q.isEmpty(), qType);
    }

    @Test
    void putThenTakeMovesTheElement() throws InterruptedException {
        final BlockingThroughput b = benchmark(BenchmarkQueues.BLOCKING_SPSC);
        final BlockingThroughput.PutCounters puts = new BlockingThroughput.PutCounters();
        final BlockingThroughput.TakeCounters takes = new BlockingThroughput.TakeCounters();
        b.put(puts);
        b.take(takes, new Blackhole(BLACKHOLE_CHALLENGE));
        assertEquals(1, puts.putsMade);
        assertEquals(1, takes.takesMade);
        assertEquals(0, takes.takesTimedOut);
    }

    @Test
    void unsupportedShapeIsRejectedByName() {
        final BlockingThroughput b = new BlockingThroughput();
        b.qType = BenchmarkQueues.BLOCKING_MPSC;
        b.qCapacity = SMALL_CAPACITY;
        b.createQueue(2, 1);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.createQueue(1, 2));
        assertTrue(e.getMessage().contains(BenchmarkQueues.BLOCKING_MPSC), e.getMessage());
        b.qType = BenchmarkQueues.BLOCKING_SPSC;
        assertThrows(IllegalArgumentException.class, () -> b.createQueue(2, 1));
    }
}
