package org.jcq.queues.spec;

import static org.jcq.queues.spec.Queues.Threads.MANY;
import static org.jcq.queues.spec.Queues.Threads.ONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpmcUnboundedXaddUnpaddedArrayQueue;
import org.jcq.queues.MpmcUnpaddedArrayQueue;
import org.jcq.queues.MpscBlockingConsumerUnpaddedArrayQueue;
import org.jcq.queues.MpscChunkedUnpaddedArrayQueue;
import org.jcq.queues.MpscGrowableUnpaddedArrayQueue;
import org.jcq.queues.MpscLinkedUnpaddedQueue;
import org.jcq.queues.MpscUnboundedBlockingConsumerUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedXaddUnpaddedArrayQueue;
import org.jcq.queues.MpscUnpaddedArrayQueue;
import org.jcq.queues.SpmcUnpaddedArrayQueue;
import org.jcq.queues.SpscChunkedUnpaddedArrayQueue;
import org.jcq.queues.SpscGrowableUnpaddedArrayQueue;
import org.jcq.queues.SpscLinkedUnpaddedQueue;
import org.jcq.queues.SpscUnboundedUnpaddedArrayQueue;
import org.jcq.queues.SpscUnpaddedArrayQueue;
import org.jcq.queues.spec.Queues.Threads;
import org.junit.jupiter.api.Test;

/**
 * What {@code docs/choosing-a-queue.md} and {@link Queues}' javadoc claim from their footprint
 * measurements ([F]): footprint first never holds more than throughput first when the queue is
 * empty or holds 128 elements; the unbounded footprint-first queues hold less than the smallest
 * linked-node queue of their shape (the compact edition) from 32 elements on; and each unbounded
 * footprint-first chunk size is, of 16, 32, 64 and 128, the one whose worst ratio to the smallest
 * is lowest; and no compact queue that fits a footprint-first row has a lower worst ratio than
 * the row's choice.
 */
class ChoiceFootprintTest {
    private static final int BOUND = 1024;
    private static final int[] COUNTS = {0, 8, 32, 64, 128, 256, 1024, 4096};
    private static final int[] CHUNKS = {16, 32, 64, 128};
    private static final Threads[] THREADS = {ONE, MANY};

    /**
     * A compact queue that may stand in a row: it takes many producers or only one, many consumers
     * or only one, and is bounded ({@link #BOUND}) or not. {@code MpscCompoundUnpaddedQueue} is left
     * out: it keeps no order between producers, which every row's queue does.
     */
    private record Candidate(String name, boolean manyProducers, boolean manyConsumers, boolean bounded,
            Supplier<MessagePassingQueue<Integer>> make) {
        boolean fits(Threads producers, Threads consumers, boolean bounded) {
            return (producers == ONE || manyProducers) && (consumers == ONE || manyConsumers)
                    && this.bounded == bounded;
        }
    }

    private static List<Candidate> compactCandidates() {
        final List<Candidate> all = new ArrayList<>(List.of(
                new Candidate("SpscUnpaddedArrayQueue", false, false, true, () -> new SpscUnpaddedArrayQueue<>(BOUND)),
                new Candidate("SpscChunkedUnpaddedArrayQueue", false, false, true,
                        () -> new SpscChunkedUnpaddedArrayQueue<>(BOUND)),
                new Candidate("SpscGrowableUnpaddedArrayQueue", false, false, true,
                        () -> new SpscGrowableUnpaddedArrayQueue<>(BOUND)),
                new Candidate("MpscUnpaddedArrayQueue", true, false, true, () -> new MpscUnpaddedArrayQueue<>(BOUND)),
                new Candidate("MpscChunkedUnpaddedArrayQueue", true, false, true,
                        () -> new MpscChunkedUnpaddedArrayQueue<>(BOUND)),
                new Candidate("MpscGrowableUnpaddedArrayQueue", true, false, true,
                        () -> new MpscGrowableUnpaddedArrayQueue<>(BOUND)),
                new Candidate("MpscBlockingConsumerUnpaddedArrayQueue", true, false, true,
                        () -> new MpscBlockingConsumerUnpaddedArrayQueue<>(BOUND)),
                new Candidate("SpmcUnpaddedArrayQueue", false, true, true, () -> new SpmcUnpaddedArrayQueue<>(BOUND)),
                new Candidate("MpmcUnpaddedArrayQueue", true, true, true, () -> new MpmcUnpaddedArrayQueue<>(BOUND)),
                new Candidate("SpscLinkedUnpaddedQueue", false, false, false, SpscLinkedUnpaddedQueue::new),
                new Candidate("MpscLinkedUnpaddedQueue", true, false, false, MpscLinkedUnpaddedQueue::new)));
        for (int chunk : CHUNKS) {
            all.add(new Candidate("SpscUnboundedUnpaddedArrayQueue(" + chunk + ")", false, false, false,
                    () -> new SpscUnboundedUnpaddedArrayQueue<>(chunk)));
            all.add(new Candidate("MpscUnboundedUnpaddedArrayQueue(" + chunk + ")", true, false, false,
                    () -> new MpscUnboundedUnpaddedArrayQueue<>(chunk)));
            all.add(new Candidate("MpscUnboundedBlockingConsumerUnpaddedArrayQueue(" + chunk + ")", true, false, false,
                    () -> new MpscUnboundedBlockingConsumerUnpaddedArrayQueue<>(chunk)));
            all.add(new Candidate("MpscUnboundedXaddUnpaddedArrayQueue(" + chunk + ", 0)", true, false, false,
                    () -> new MpscUnboundedXaddUnpaddedArrayQueue<>(chunk, 0)));
            all.add(new Candidate("MpmcUnboundedXaddUnpaddedArrayQueue(" + chunk + ", 0)", true, true, false,
                    () -> new MpmcUnboundedXaddUnpaddedArrayQueue<>(chunk, 0)));
        }
        return all;
    }

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
                    < Footprints.holding(SpscLinkedUnpaddedQueue::new, count), "SPSC holding " + count);
            assertTrue(Footprints.holding(builder(MANY, ONE, false, true), count)
                    < Footprints.holding(MpscLinkedUnpaddedQueue::new, count), "MPSC holding " + count);
        }
    }

    @Test
    void eachUnboundedFootprintChunkIsTheOneNeverFarAboveTheSmallest() {
        assertMinimaxChunk("SPSC", builder(ONE, ONE, false, true), SpscUnboundedUnpaddedArrayQueue::new, 16);
        assertMinimaxChunk("MPSC", builder(MANY, ONE, false, true), MpscUnboundedUnpaddedArrayQueue::new, 16);
        assertMinimaxChunk("SPMC", builder(ONE, MANY, false, true),
                c -> new MpmcUnboundedXaddUnpaddedArrayQueue<>(c, 0), 32);
        assertMinimaxChunk("MPMC", builder(MANY, MANY, false, true),
                c -> new MpmcUnboundedXaddUnpaddedArrayQueue<>(c, 0), 32);
    }

    /**
     * For each footprint-first row, of all compact queues that fit it (bounded ones with
     * {@link #BOUND}, counted up to it; unbounded ones with each of the {@link #CHUNKS}, and the
     * linked-node ones), none has a lower worst ratio over {@link #COUNTS} of its footprint to the
     * smallest of them at that count than the builder's queue (a tie is allowed: an SPSC queue may
     * have the layout of its MPSC sibling).
     */
    @Test
    void eachFootprintChoiceIsNeverFurtherAboveTheSmallestThanAnyFittingCompactQueue() {
        final List<Candidate> all = compactCandidates();
        for (Threads producers : THREADS) {
            for (Threads consumers : THREADS) {
                for (boolean bounded : new boolean[] {true, false}) {
                    final String row = producers + "/" + consumers + (bounded ? " bounded" : " unbounded");
                    final int counts = (int) Arrays.stream(COUNTS).filter(k -> !bounded || k <= BOUND).count();
                    final List<Candidate> fitting = new ArrayList<>();
                    for (Candidate c : all) {
                        if (c.fits(producers, consumers, bounded)) {
                            fitting.add(c);
                        }
                    }
                    final long[] chosen = new long[counts];
                    final long[][] bytes = new long[fitting.size()][counts];
                    final long[] smallest = new long[counts];
                    for (int k = 0; k < counts; k++) {
                        chosen[k] = Footprints.holding(builder(producers, consumers, bounded, true), COUNTS[k]);
                        smallest[k] = chosen[k];
                        for (int c = 0; c < fitting.size(); c++) {
                            bytes[c][k] = Footprints.holding(fitting.get(c).make(), COUNTS[k]);
                            smallest[k] = Math.min(smallest[k], bytes[c][k]);
                        }
                    }
                    final double chosenWorst = worstRatio(chosen, smallest);
                    for (int c = 0; c < fitting.size(); c++) {
                        final double worst = worstRatio(bytes[c], smallest);
                        final String other = fitting.get(c).name();
                        assertTrue(chosenWorst <= worst, () -> row + ": the builder's queue is at worst " + chosenWorst
                                + " times the smallest, " + other + " " + worst);
                    }
                }
            }
        }
    }

    private static double worstRatio(long[] bytes, long[] smallest) {
        double worst = 0;
        for (int k = 0; k < bytes.length; k++) {
            worst = Math.max(worst, (double) bytes[k] / smallest[k]);
        }
        return worst;
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
