package org.jcq.benchmarks.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.jctools.queues.MessagePassingQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our array queues take a requested capacity exactly as JCTools 4.0.7 (Unsafe edition) does: the
 * same capacity wherever JCTools accepts the request (its odd choices included: SPSC takes any
 * request below 4, negative ones too, as 4; MPSC and SPMC take 0 as 1), and an
 * {@link IllegalArgumentException} naming the argument wherever JCTools throws one. Requests of
 * 2^30 are left out: both would allocate a ring of a billion slots.
 */
class CapacityParityTest {
    private static final int MAX_POW2 = 1 << 30;
    private static final int[] REQUESTED = {
        Integer.MIN_VALUE, -1, 0, MAX_POW2 + 1, Integer.MAX_VALUE, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 1000, 1024, 1025, 4096, 65535, 65536, 1 << 20,
    };

    /** A queue kind: its name, our constructor's capacity and JCTools' constructor's capacity. */
    private record Kind(String name, IntFunction<Integer> ours, IntFunction<Integer> jctools) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static List<Kind> kinds() {
        return List.of(
                new Kind(BenchmarkQueues.SPSC,
                        c -> new org.jcq.queues.SpscArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.SpscArrayQueue<Integer>(c))),
                new Kind(BenchmarkQueues.MPSC,
                        c -> new org.jcq.queues.MpscArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.MpscArrayQueue<Integer>(c))),
                new Kind(BenchmarkQueues.SPMC,
                        c -> new org.jcq.queues.SpmcArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.SpmcArrayQueue<Integer>(c))),
                new Kind(BenchmarkQueues.MPMC,
                        c -> new org.jcq.queues.MpmcArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.MpmcArrayQueue<Integer>(c))),
                // The compact editions against JCTools' unpadded ones.
                new Kind(BenchmarkQueues.SPSC_UNPADDED,
                        c -> new org.jcq.queues.SpscUnpaddedArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.unpadded.SpscUnpaddedArrayQueue<Integer>(c))),
                new Kind(BenchmarkQueues.MPSC_UNPADDED,
                        c -> new org.jcq.queues.MpscUnpaddedArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.unpadded.MpscUnpaddedArrayQueue<Integer>(c))),
                new Kind(BenchmarkQueues.SPMC_UNPADDED,
                        c -> new org.jcq.queues.SpmcUnpaddedArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.unpadded.SpmcUnpaddedArrayQueue<Integer>(c))),
                new Kind(BenchmarkQueues.MPMC_UNPADDED,
                        c -> new org.jcq.queues.MpmcUnpaddedArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.unpadded.MpmcUnpaddedArrayQueue<Integer>(c))));
    }

    private static int capacityOf(MessagePassingQueue<Integer> q) {
        return q.capacity();
    }

    static Stream<Arguments> kindAndRequested() {
        final List<Arguments> out = new ArrayList<>();
        for (Kind k : kinds()) {
            for (int c : REQUESTED) {
                out.add(Arguments.of(k, c));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kindAndRequested")
    void capacityMatchesJCTools(Kind kind, int requested) {
        final int expected;
        try {
            expected = kind.jctools().apply(requested);
        } catch (IllegalArgumentException e) {
            // Where JCTools rejects an argument, ours rejects it with the same type, naming it.
            final IllegalArgumentException ours = assertThrows(IllegalArgumentException.class,
                    () -> kind.ours().apply(requested), "JCTools rejects " + kind + "(" + requested + "): " + e.getMessage());
            assertTrue(ours.getMessage().contains("capacity") && ours.getMessage().contains(String.valueOf(requested)),
                    ours.getMessage());
            return;
        }
        // Where JCTools accepts one (0 for MPSC and SPMC, anything below 4 for SPSC), so do ours.
        assertEquals(expected, (int) kind.ours().apply(requested), kind + "(" + requested + ")");
    }
}
