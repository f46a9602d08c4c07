package org.jcq.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.jcq.benchmarks.support.ThreadKind;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The echo delivers every message of every burst, in order, and stops at tear-down, with platform
 * and (JDK 21+) virtual echo threads. Methods are called directly, without JMH; the timeout only
 * turns a hang (a lost wake-up, an echo that never stops) into a failure, so it is generous.
 */
class BlockingRoundTripTest {
    private static final Duration HANG = Duration.ofSeconds(60);
    private static final int ROUNDS = 200;
    private static final int SMALL_CAPACITY = 16;

    private static BlockingRoundTrip benchmark(String qType, int burstSize, int capacity, String threadKind) {
        final BlockingRoundTrip b = new BlockingRoundTrip();
        b.qType = qType;
        b.burstSize = burstSize;
        b.qCapacity = capacity;
        b.threadKind = threadKind;
        return b;
    }

    @ParameterizedTest
    @CsvSource({
        "SpscBlockingArrayQueue, 1",
        "SpscBlockingArrayQueue, 100",
        "MpscBlockingConsumerArrayQueue, 10",
        "MpmcUnboundedBlockingArrayQueue, 10",
        "MpmcBlockingArrayQueue, 1",
        "JDK.ArrayBlockingQueue, 100",
        "JDK.LinkedBlockingQueue, 1",
        "JDK.LinkedTransferQueue, 10",
    })
    void everyBurstComesBackInOrderAndThePlatformEchoStops(String qType, int burstSize) {
        roundTripsThenStops(benchmark(qType, burstSize, Integer.parseInt(BlockingRoundTrip.DEFAULT_CAPACITY),
                ThreadKind.PLATFORM));
    }

    @ParameterizedTest
    @CsvSource({"SpscBlockingArrayQueue, 1", "MpmcBlockingArrayQueue, 10", "JDK.ArrayBlockingQueue, 1"})
    void everyBurstComesBackInOrderAndTheVirtualEchoStops(String qType, int burstSize) {
        assumeTrue(ThreadKind.virtualAvailable(), "virtual threads need JDK 21+");
        roundTripsThenStops(benchmark(qType, burstSize, Integer.parseInt(BlockingRoundTrip.DEFAULT_CAPACITY),
                ThreadKind.VIRTUAL));
    }

    private static void roundTripsThenStops(BlockingRoundTrip b) {
        final int expected = QueueRoundTrip.expectedHash(b.burstSize);
        assertTimeoutPreemptively(HANG, () -> {
            b.startEcho();
            try {
                assertEquals(b.threadKind.equals(ThreadKind.VIRTUAL), isVirtual(b.echoThread()));
                for (int round = 0; round < ROUNDS; round++) {
                    assertEquals(expected, b.roundTrip(), b.qType + " round " + round);
                }
            } finally {
                b.stopEcho();
            }
        });
        assertFalse(b.echoThread().isAlive(), b.qType + " echo thread still alive after tear-down");
    }

    /** Thread.isVirtual() is JDK 21+: ThreadKind builds platform threads as plain Threads, virtual ones are a JDK subclass. */
    private static boolean isVirtual(Thread t) {
        return !t.getClass().equals(Thread.class);
    }

    @Test
    void burstLargerThanTheQueueIsRejected() {
        final BlockingRoundTrip b = benchmark(BenchmarkQueues.JDK_ABQ, SMALL_CAPACITY + 1, SMALL_CAPACITY,
                ThreadKind.PLATFORM);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::startEcho);
        assertTrue(e.getMessage().contains("burstSize"), e.getMessage());
        assertEquals(null, b.echoThread(), "no echo thread is started for a rejected set-up");
    }

    @Test
    void unknownThreadKindIsRejectedByName() {
        final BlockingRoundTrip b = benchmark(BenchmarkQueues.BLOCKING_SPSC, 1, SMALL_CAPACITY, "green");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::startEcho);
        assertTrue(e.getMessage().contains("green"), e.getMessage());
    }

    @Test
    void virtualIsRejectedWithAClearMessageBeforeJdk21() {
        assumeTrue(!ThreadKind.virtualAvailable(), "this JDK has virtual threads");
        final BlockingRoundTrip b = benchmark(BenchmarkQueues.BLOCKING_SPSC, 1, SMALL_CAPACITY, ThreadKind.VIRTUAL);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::startEcho);
        assertTrue(e.getMessage().contains("JDK 21"), e.getMessage());
    }
}
