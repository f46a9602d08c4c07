package org.jcq.queues.spec;

import static org.jcq.queues.spec.Queues.Threads.MANY;
import static org.jcq.queues.spec.Queues.Threads.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntFunction;
import java.util.function.Supplier;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpmcUnboundedXaddArrayQueue;
import org.jcq.queues.MpscLinkedQueue;
import org.jcq.queues.MpscUnboundedUnpaddedArrayQueue;
import org.jcq.queues.SpscLinkedQueue;
import org.jcq.queues.SpscUnboundedArrayQueue;
import org.jcq.queues.spec.Queues.Threads;
import org.junit.jupiter.api.Test;

/**
 * What {@code docs/choosing-a-queue.md} and {@link Queues}' javadoc claim from their footprint
 * measurements ([F]): footprint first never holds more than throughput first when the queue is
 * empty or holds 128 elements; the unbounded footprint-first queues hold less than the linked-node
 * queue of their shape from 32 elements on; and each unbounded footprint-first chunk size is, of
 * 16, 32, 64 and 128, the one whose worst ratio to the smallest is lowest.
 */
class ChoiceFootprintTest {
    private static final int BOUND = 1024;
    private static final int[] COUNTS = {0, 8, 32, 64, 128, 256, 1024, 4096};
    private static final int[] CHUNKS = {16, 32, 64, 128};
    private static final Threads[] THREADS = {ONE, MANY};

    private static Supplier<MessagePassingQueue<Integer>> builder(Threads producers, Threads consumers, boolean bounded,
            boolean footprintFirst) {
        return () -> {
            final Queues.Builder b = Queues.builder().producers(producers).consumers(consumers);
            if (bounded) {
                b.bounded(BOUND);
            } else {
                b.unbounded();
            }
            return footprintFirst ? b.footprintFirst().build() : b.throughputFirst().build();
        };
    }

    @Test
    void footprintFirstHoldsNoMoreThanThroughputFirstEmptyAndWith128Elements() {
        for (Threads producers : THREADS) {
            for (Threads consumers : THREADS) {
                for (boolean bounded : new boolean[] {true, false}) {
                    for (int count : new int[] {0, 128}) {
                        final long footprint = Footprints.holding(builder(producers, consumers, bounded, true), count);
                        final long throughput = Footprints.holding(builder(producers, consumers, bounded, false), count);
                        assertTrue(footprint <= throughput, producers + "/" + consumers + (bounded ? " bounded" : "")
                                + " holding " + count + ": footprint first " + footprint + " bytes, throughput first "
                                + throughput);
                    }
                }
            }
        }
    }

    @Test
    void unboundedFootprintFirstHoldsLessThanTheLinkedNodeQueueFrom32Elements() {
        for (int count : COUNTS) {
            if (count < 32) {
                continue;
            }
            assertTrue(Footprints.holding(builder(ONE, ONE, false, true), count)
                    < Footprints.holding(SpscLinkedQueue::new, count), "SPSC holding " + count);
            assertTrue(Footprints.holding(builder(MANY, ONE, false, true), count)
                    < Footprints.holding(MpscLinkedQueue::new, count), "MPSC holding " + count);
        }
    }

    @Test
    void eachUnboundedFootprintChunkIsTheOneNeverFarAboveTheSmallest() {
        assertMinimaxChunk("SPSC", builder(ONE, ONE, false, true), SpscUnboundedArrayQueue::new, 32);
        assertMinimaxChunk("MPSC", builder(MANY, ONE, false, true), MpscUnboundedUnpaddedArrayQueue::new, 16);
        assertMinimaxChunk("SPMC", builder(ONE, MANY, false, true), c -> new MpmcUnboundedXaddArrayQueue<>(c, 0), 64);
        assertMinimaxChunk("MPMC", builder(MANY, MANY, false, true), c -> new MpmcUnboundedXaddArrayQueue<>(c, 0), 64);
    }

    /**
     * The builder's queue is {@code withChunk.apply(chosen)} (the same bytes at every count), and
     * {@code chosen} has the lowest worst ratio, over {@link #COUNTS}, of its footprint to the
     * smallest of the {@link #CHUNKS} at that count.
     */
    private static void assertMinimaxChunk(String shape, Supplier<MessagePassingQueue<Integer>> built,
            IntFunction<MessagePassingQueue<Integer>> withChunk, int chosen) {
        final long[][] bytes = new long[CHUNKS.length][COUNTS.length];
        for (int c = 0; c < CHUNKS.length; c++) {
            final int chunk = CHUNKS[c];
            for (int k = 0; k < COUNTS.length; k++) {
                bytes[c][k] = Footprints.holding(() -> withChunk.apply(chunk), COUNTS[k]);
                if (chunk == chosen) {
                    assertEquals(bytes[c][k], Footprints.holding(built, COUNTS[k]),
                            shape + ": the builder's queue is not the one with chunk " + chosen);
                }
            }
        }
        final double[] worst = new double[CHUNKS.length];
        for (int k = 0; k < COUNTS.length; k++) {
            long smallest = Long.MAX_VALUE;
            for (long[] b : bytes) {
                smallest = Math.min(smallest, b[k]);
            }
            for (int c = 0; c < CHUNKS.length; c++) {
                worst[c] = Math.max(worst[c], (double) bytes[c][k] / smallest);
            }
        }
        for (int c = 0; c < CHUNKS.length; c++) {
            if (CHUNKS[c] != chosen) {
                final int other = c;
                assertTrue(worst[indexOf(chosen)] < worst[c], () -> shape + ": chunk " + chosen + " is at worst "
                        + worst[indexOf(chosen)] + " times the smallest, chunk " + CHUNKS[other] + " " + worst[other]);
            }
        }
    }

    private static int indexOf(int chunk) {
        for (int c = 0; c < CHUNKS.length; c++) {
            if (CHUNKS[c] == chunk) {
                return c;
            }
        }
        throw new IllegalArgumentException("not a candidate: " + chunk);
    }
}
