package org.jcq.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.jctools.queues.MessagePassingQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our queues round a requested capacity exactly as JCTools 4.0.7 (Unsafe edition) does.
 * <p>
 * Arguments JCTools rejects are skipped. Ours reject capacities below 1 (below 2 for MPMC) and
 * above 2^30 with {@link IllegalArgumentException}; JCTools may instead round, overflow or fail
 * later there, so those ranges are checked against our contract only.
 */
class CapacityParityTest {
    private static final int MAX_POW2 = 1 << 30;
    private static final int MPMC_MIN_CAPACITY = 2;
    private static final int[] REQUESTED = {
        1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 1000, 1024, 1025, 4096, 65535, 65536, 1 << 20,
    };

    /** A queue kind: its name, our constructor's capacity and JCTools' constructor's capacity. */
    private record Kind(String name, IntFunction<Integer> ours, IntFunction<Integer> jctools,
                        int ourMinimum) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static List<Kind> kinds() {
        return List.of(
                new Kind(QueueFactory.SPSC,
                        c -> new org.jcq.queues.SpscArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.SpscArrayQueue<Integer>(c)), 1),
                new Kind(QueueFactory.MPSC,
                        c -> new org.jcq.queues.MpscArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.MpscArrayQueue<Integer>(c)), 1),
                new Kind(QueueFactory.SPMC,
                        c -> new org.jcq.queues.SpmcArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.SpmcArrayQueue<Integer>(c)), 1),
                new Kind(QueueFactory.MPMC,
                        c -> new org.jcq.queues.MpmcArrayQueue<Integer>(c).capacity(),
                        c -> capacityOf(new org.jctools.queues.MpmcArrayQueue<Integer>(c)),
                        MPMC_MIN_CAPACITY));
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

    static Stream<Kind> kind() {
        return kinds().stream();
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kindAndRequested")
    void capacityMatchesJCTools(Kind kind, int requested) {
        final int expected;
        try {
            expected = kind.jctools().apply(requested);
        } catch (IllegalArgumentException e) {
            // Where JCTools rejects an argument (MPMC below 2), ours must reject it too.
            assertThrows(IllegalArgumentException.class, () -> kind.ours().apply(requested),
                    "JCTools rejects " + kind + "(" + requested + "): " + e.getMessage());
            return;
        }
        assertEquals(expected, (int) kind.ours().apply(requested), kind + "(" + requested + ")");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kind")
    void oursRejectOutOfRange(Kind kind) {
        for (int c : new int[] {Integer.MIN_VALUE, -1, 0, kind.ourMinimum() - 1, MAX_POW2 + 1,
                Integer.MAX_VALUE}) {
            assertThrows(IllegalArgumentException.class, () -> kind.ours().apply(c),
                    kind + "(" + c + ")");
        }
    }
}
