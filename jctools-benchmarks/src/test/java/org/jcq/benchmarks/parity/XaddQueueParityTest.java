package org.jcq.benchmarks.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * Our XADD queues, and their compact editions, against JCTools 4.0.7's (Unsafe edition; there is
 * no VarHandle edition of them, and no unpadded one): the same {@code capacity()}, {@code chunkSize()} and {@code maxPooledChunks()} for every
 * constructor shape, a rejection wherever JCTools rejects an argument, and an empty-queue
 * footprint no larger than JCTools' at equal arguments. Like JCTools, ours take a chunk size of 0
 * as 1.
 */
class XaddQueueParityTest {
    private static final int[] CHUNK_SIZES = {
        Integer.MIN_VALUE, -1, 0, 1, 2, 3, 5, 16, 17, 1000, 1024, 1 << 16, (1 << 30) + 1, Integer.MAX_VALUE,
    };
    private static final int[] POOL_SIZES = {Integer.MIN_VALUE, -1, 0, 1, 2, 3, 8, (1 << 30) + 1};
    /** JCTools allocates its pooled chunks up front: keep the combinations tried small. */
    private static final long MAX_PREALLOCATED_SLOTS = 1 << 20;

    /** A queue kind: ours and JCTools' twin, by each constructor shape. */
    private record Kind(String name, IntFunction<Object> ours, IntFunction<Object> jctools,
                        BiFunction<Integer, Integer, Object> oursPooled, BiFunction<Integer, Integer, Object> jctoolsPooled) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static List<Kind> kinds() {
        return List.of(
                new Kind("MpscUnboundedXaddArrayQueue",
                        org.jcq.queues.MpscUnboundedXaddArrayQueue::new,
                        org.jctools.queues.MpscUnboundedXaddArrayQueue::new,
                        org.jcq.queues.MpscUnboundedXaddArrayQueue::new,
                        org.jctools.queues.MpscUnboundedXaddArrayQueue::new),
                new Kind("MpmcUnboundedXaddArrayQueue",
                        org.jcq.queues.MpmcUnboundedXaddArrayQueue::new,
                        org.jctools.queues.MpmcUnboundedXaddArrayQueue::new,
                        org.jcq.queues.MpmcUnboundedXaddArrayQueue::new,
                        org.jctools.queues.MpmcUnboundedXaddArrayQueue::new),
                // The compact editions: JCTools 4.0.7 has no unpadded XADD queue, so against its
                // padded ones (the same constructors and checks; a footprint no larger).
                new Kind("MpscUnboundedXaddUnpaddedArrayQueue",
                        org.jcq.queues.MpscUnboundedXaddUnpaddedArrayQueue::new,
                        org.jctools.queues.MpscUnboundedXaddArrayQueue::new,
                        org.jcq.queues.MpscUnboundedXaddUnpaddedArrayQueue::new,
                        org.jctools.queues.MpscUnboundedXaddArrayQueue::new),
                new Kind("MpmcUnboundedXaddUnpaddedArrayQueue",
                        org.jcq.queues.MpmcUnboundedXaddUnpaddedArrayQueue::new,
                        org.jctools.queues.MpmcUnboundedXaddArrayQueue::new,
                        org.jcq.queues.MpmcUnboundedXaddUnpaddedArrayQueue::new,
                        org.jctools.queues.MpmcUnboundedXaddArrayQueue::new));
    }

    static Stream<Kind> kind() {
        return kinds().stream();
    }

    static Stream<Arguments> kindAndChunkSize() {
        final List<Arguments> out = new ArrayList<>();
        for (Kind k : kinds()) {
            for (int c : CHUNK_SIZES) {
                out.add(Arguments.of(k, c));
            }
        }
        return out.stream();
    }

    /** What a queue reports: capacity, chunk size and pool size. */
    private record Shape(int capacity, int chunkSize, int maxPooledChunks) {
        static Shape of(Object q) {
            if (q instanceof org.jcq.queues.MpscUnboundedXaddArrayQueue) {
                final org.jcq.queues.MpscUnboundedXaddArrayQueue<?> x = (org.jcq.queues.MpscUnboundedXaddArrayQueue<?>) q;
                return new Shape(x.capacity(), x.chunkSize(), x.maxPooledChunks());
            }
            if (q instanceof org.jcq.queues.MpmcUnboundedXaddArrayQueue) {
                final org.jcq.queues.MpmcUnboundedXaddArrayQueue<?> x = (org.jcq.queues.MpmcUnboundedXaddArrayQueue<?>) q;
                return new Shape(x.capacity(), x.chunkSize(), x.maxPooledChunks());
            }
            if (q instanceof org.jcq.queues.MpscUnboundedXaddUnpaddedArrayQueue) {
                final org.jcq.queues.MpscUnboundedXaddUnpaddedArrayQueue<?> x =
                        (org.jcq.queues.MpscUnboundedXaddUnpaddedArrayQueue<?>) q;
                return new Shape(x.capacity(), x.chunkSize(), x.maxPooledChunks());
            }
            if (q instanceof org.jcq.queues.MpmcUnboundedXaddUnpaddedArrayQueue) {
                final org.jcq.queues.MpmcUnboundedXaddUnpaddedArrayQueue<?> x =
                        (org.jcq.queues.MpmcUnboundedXaddUnpaddedArrayQueue<?>) q;
                return new Shape(x.capacity(), x.chunkSize(), x.maxPooledChunks());
            }
            if (q instanceof org.jctools.queues.MpscUnboundedXaddArrayQueue) {
                final org.jctools.queues.MpscUnboundedXaddArrayQueue<?> x =
                        (org.jctools.queues.MpscUnboundedXaddArrayQueue<?>) q;
                return new Shape(x.capacity(), x.chunkSize(), x.maxPooledChunks());
            }
            final org.jctools.queues.MpmcUnboundedXaddArrayQueue<?> x = (org.jctools.queues.MpmcUnboundedXaddArrayQueue<?>) q;
            return new Shape(x.capacity(), x.chunkSize(), x.maxPooledChunks());
        }
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kindAndChunkSize")
    void chunkSizeConstructorMatchesJCTools(Kind kind, int chunkSize) {
        compare(kind + "(" + chunkSize + ")", () -> kind.jctools().apply(chunkSize), () -> kind.ours().apply(chunkSize));
    }

    @ParameterizedTest(name = "{0}({1}, pool)")
    @MethodSource("kindAndChunkSize")
    void chunkSizeAndPoolConstructorMatchesJCTools(Kind kind, int chunkSize) {
        for (int pool : POOL_SIZES) {
            if (pool > 0 && chunkSize > 0 && (long) pool * chunkSize > MAX_PREALLOCATED_SLOTS) {
                continue;
            }
            compare(kind + "(" + chunkSize + ", " + pool + ")", () -> kind.jctoolsPooled().apply(chunkSize, pool),
                    () -> kind.oursPooled().apply(chunkSize, pool));
        }
    }

    private static void compare(String what, java.util.function.Supplier<Object> jctools,
            java.util.function.Supplier<Object> ours) {
        final Shape expected;
        try {
            expected = Shape.of(jctools.get());
        } catch (IllegalArgumentException e) {
            assertThrows(IllegalArgumentException.class, ours::get, "JCTools rejects " + what + ": " + e.getMessage());
            return;
        }
        assertEquals(expected, Shape.of(ours.get()), what);
    }

    static Stream<Arguments> kindChunkAndPool() {
        final List<Arguments> out = new ArrayList<>();
        for (Kind k : kinds()) {
            for (int c : new int[] {1, 2, 16, 128, 1024, 4096}) {
                for (int pool : new int[] {0, 1, 2, 8}) {
                    out.add(Arguments.of(k, c, pool));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}({1}, {2})")
    @MethodSource("kindChunkAndPool")
    void emptyQueueFootprintIsNoLargerThanJCTools(Kind kind, int chunkSize, int pool) {
        final long ours = GraphLayout.parseInstance(kind.oursPooled().apply(chunkSize, pool)).totalSize();
        final long theirs = GraphLayout.parseInstance(kind.jctoolsPooled().apply(chunkSize, pool)).totalSize();
        assertTrue(ours <= theirs, kind + "(" + chunkSize + ", " + pool + "): ours " + ours + " bytes, JCTools "
                + theirs + " bytes");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kind")
    void defaultConstructorFootprintIsNoLargerThanJCTools(Kind kind) {
        for (int chunkSize : new int[] {1, 32, 1024}) {
            final long ours = GraphLayout.parseInstance(kind.ours().apply(chunkSize)).totalSize();
            final long theirs = GraphLayout.parseInstance(kind.jctools().apply(chunkSize)).totalSize();
            assertTrue(ours <= theirs, kind + "(" + chunkSize + "): ours " + ours + " bytes, JCTools " + theirs
                    + " bytes");
        }
    }
}
