package org.jcq.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ring delivers every message of every burst, in order, and its relays stop at tear-down.
 * <p>
 * The benchmark's methods are called directly (no JMH). With yielding relays a burst crosses even 8
 * threads on 2 loaded cores in well under a millisecond; the timeout only turns a hang (a lost
 * message, a relay that never stops) into a failure, so it is generous.
 */
class QueueRoundTripTest {
    private static final Duration HANG = Duration.ofSeconds(60);
    private static final int ROUNDS = 200;
    private static final int SMALL_CAPACITY = 16;

    private static QueueRoundTrip ring(String qType, int burstSize, int ringSize, int capacity, String idle) {
        final QueueRoundTrip b = new QueueRoundTrip();
        b.qType = qType;
        b.burstSize = burstSize;
        b.ringSize = ringSize;
        b.qCapacity = capacity;
        b.relayIdle = idle;
        return b;
    }

    @ParameterizedTest
    @CsvSource({
        "SpscArrayQueue, 100, 8",
        "SpscArrayQueue, 1, 2",
        "MpscUnboundedXaddArrayQueue, 10, 8",
        "SpscLinkedQueue, 10, 2",
        "JCTools.SpscArrayQueue, 100, 2",
        "JCToolsVH.MpmcArrayQueue, 10, 8",
        "Agrona.OneToOneConcurrentArrayQueue, 100, 8",
        "JDK.ArrayBlockingQueue, 100, 2",
        "JDK.LinkedTransferQueue, 10, 8",
    })
    void everyBurstComesBackInOrderAndRelaysStop(String qType, int burstSize, int ringSize) {
        final QueueRoundTrip b = ring(qType, burstSize, ringSize, Integer.parseInt(QueueRoundTrip.DEFAULT_CAPACITY),
                QueueRoundTrip.IDLE_YIELD);
        final int expected = QueueRoundTrip.expectedHash(burstSize);
        assertTimeoutPreemptively(HANG, () -> {
            b.startRing();
            try {
                assertEquals(ringSize - 1, b.relays().size());
                for (int round = 0; round < ROUNDS; round++) {
                    assertEquals(expected, b.roundTrip(), qType + " round " + round);
                }
            } finally {
                b.stopRing();
            }
        });
        assertRelaysStopped(b.relays());
    }

    @Test
    void spinningRelaysDeliverAndStopToo() {
        final QueueRoundTrip b = ring(BenchmarkQueues.SPSC, 10, 2, SMALL_CAPACITY, QueueRoundTrip.IDLE_SPIN);
        assertTimeoutPreemptively(HANG, () -> {
            b.startRing();
            try {
                for (int round = 0; round < ROUNDS; round++) {
                    assertEquals(QueueRoundTrip.expectedHash(10), b.roundTrip());
                }
            } finally {
                b.stopRing();
            }
        });
        assertRelaysStopped(b.relays());
    }

    /** The hash is order-sensitive, so a burst that came back reordered could not pass above. */
    @Test
    void expectedHashDependsOnOrder() {
        int swapped = 1;
        for (int e : new int[] {1, 0, 2}) {
            swapped = 31 * swapped + e;
        }
        assertFalse(swapped == QueueRoundTrip.expectedHash(3));
    }

    private static void assertRelaysStopped(List<? extends Thread> relays) {
        for (Thread relay : relays) {
            assertFalse(relay.isAlive(), relay.getName() + " still running after tear-down");
        }
    }

    @Test
    void burstLargerThanABoundedQueueIsRejected() {
        final QueueRoundTrip b = ring(BenchmarkQueues.SPSC, SMALL_CAPACITY + 1, 2, SMALL_CAPACITY,
                QueueRoundTrip.IDLE_YIELD);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::startRing);
        assertTrue(e.getMessage().contains("burstSize " + (SMALL_CAPACITY + 1)), e.getMessage());
        assertTrue(b.relays().isEmpty(), "no relay may start when set-up fails");
    }

    @Test
    void burstLargerThanAnUnboundedQueuesChunkIsAccepted() throws InterruptedException {
        final QueueRoundTrip b = ring(BenchmarkQueues.SPSC_UNBOUNDED, 4 * SMALL_CAPACITY, 2, SMALL_CAPACITY,
                QueueRoundTrip.IDLE_YIELD);
        assertTimeoutPreemptively(HANG, () -> {
            b.startRing();
            try {
                assertEquals(QueueRoundTrip.expectedHash(4 * SMALL_CAPACITY), b.roundTrip());
            } finally {
                b.stopRing();
            }
        });
    }

    @Test
    void badParametersAreRejectedByName() {
        final IllegalArgumentException idle = assertThrows(IllegalArgumentException.class,
                ring(BenchmarkQueues.SPSC, 1, 2, SMALL_CAPACITY, "sleep")::startRing);
        assertTrue(idle.getMessage().contains("sleep"), idle.getMessage());
        assertThrows(IllegalArgumentException.class,
                ring(BenchmarkQueues.SPSC, 1, 1, SMALL_CAPACITY, QueueRoundTrip.IDLE_YIELD)::startRing);
        assertThrows(IllegalArgumentException.class,
                ring(BenchmarkQueues.SPSC, 0, 2, SMALL_CAPACITY, QueueRoundTrip.IDLE_YIELD)::startRing);
    }
}
