package org.jcq.benchmarks.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * An empty queue of ours takes no more heap than its JCTools 4.0.7 twin built with the same
 * argument, measured with JOL (the queue and everything it references: rings, first chunks,
 * sentinel nodes, pooled chunks). The compact editions are held to JCTools' unpadded ones, the
 * padded editions to JCTools' padded ones. JCTools 4.0.7 has no unpadded XADD queue, so the compact
 * XADD queues are held to its padded ones ({@link BenchmarkQueues#twinOf(String)}): smaller than those
 * by the padding whatever the argument, they add no check of their own there, and it is
 * {@link #compactEditionsAreSmallerThanPaddedOnes} that holds them to their purpose. Arguments are
 * small and large, so neither a constant (the object) nor a per-slot excess (the ring) can hide.
 * <p>
 * Two families are still larger, by a constant their layout explains; it is pinned here so that
 * it cannot grow unnoticed (see {@link #KNOWN_EXCESS}).
 */
class FootprintParityTest {
    private static final int[] ARGUMENTS = {16, 128, 1024, 65_536};

    /**
     * Bytes by which an empty queue of ours may exceed its twin. The SPSC linked-array queues pad
     * each hot region by 128 bytes on both sides and at the object's end, where JCTools pads 112 +
     * 128 bytes and lets the cold fields make up the rest (136 bytes for the bounded ones, 144 for
     * the unbounded one). The MPSC blocking-consumer queue is {@code MpscArrayQueue} plus a padded
     * region for its wait protocol's two fields (the count of waiting threads, which every offer
     * and every take reads, and the reference to the waiters' lists), where JCTools keeps its
     * parked consumer beside the consumer index and has no waiting producers (its put and timed
     * offer throw on a full queue); 8 bytes of it since the exact bound's field ({@code bound},
     * beside the ring's mask) took the alignment gap those two fields used to fill.
     */
    private static final Map<String, Long> KNOWN_EXCESS = Map.of(
            BenchmarkQueues.SPSC_CHUNKED, 136L,
            BenchmarkQueues.SPSC_GROWABLE, 136L,
            BenchmarkQueues.SPSC_UNBOUNDED, 144L,
            BenchmarkQueues.MPSC_BLOCKING, 440L);

    static Stream<String> ours() {
        return BenchmarkQueues.ours().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ours")
    void emptyFootprintAtOrBelowTheTwin(String qType) {
        final List<String> over = new ArrayList<>();
        for (int argument : ARGUMENTS) {
            final Queue<Object> ours = BenchmarkQueues.create(qType, argument);
            final Queue<Object> twin = BenchmarkQueues.create(BenchmarkQueues.twinOf(qType), argument);
            assertEquals(BenchmarkQueues.capacityOf(twin), BenchmarkQueues.capacityOf(ours), qType + "(" + argument + ")");
            final long ourBytes = GraphLayout.parseInstance(ours).totalSize();
            final long twinBytes = GraphLayout.parseInstance(twin).totalSize();
            if (ourBytes > twinBytes + KNOWN_EXCESS.getOrDefault(qType, 0L)) {
                over.add(argument + ": " + ourBytes + " > " + twinBytes + " bytes");
            }
        }
        assertEquals(List.of(), over, qType + " empty footprint above JCTools' (by more than the known "
                + KNOWN_EXCESS.getOrDefault(qType, 0L) + " bytes)");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ours")
    void compactEditionsAreSmallerThanPaddedOnes(String qType) {
        if (!BenchmarkQueues.isCompact(qType)) {
            return;
        }
        final String padded = qType.replace("Unpadded", "");
        for (int argument : ARGUMENTS) {
            final long compact = GraphLayout.parseInstance(BenchmarkQueues.create(qType, argument)).totalSize();
            final long paddedBytes = GraphLayout.parseInstance(BenchmarkQueues.create(padded, argument)).totalSize();
            // Four pads of 128 bytes at least (ahead of, between and after the hot fields).
            assertTrue(compact + 3 * 128 <= paddedBytes, qType + "(" + argument + "): " + compact + " vs " + paddedBytes);
        }
    }
}
