package org.jcq.benchmarks.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntBinaryOperator;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * Our SPSC linked-array queues against their JCTools 4.0.7 (Unsafe edition) twins, the compact
 * editions against JCTools' unpadded ones: the same {@code capacity()} for every constructor shape
 * over a range of arguments, a rejection wherever JCTools rejects, and an empty queue's footprint
 * (a padded one larger than JCTools' by the padding: see {@link #PADDING_EXCESS}; a compact one no
 * larger than JCTools' unpadded twin).
 */
class SpscLinkedArrayParityTest {
    private static final int[] SIZES = {
        Integer.MIN_VALUE, -1, 0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 100, 127, 128, 129, 1000, 1024, 4096,
        65_535, 65_536, 1 << 20, 1 << 29, 1 << 30, (1 << 30) + 1, Integer.MAX_VALUE,
    };
    /** Arguments small enough to build a queue of (the first chunk's size follows them). */
    private static final int[] BUILDABLE = {16, 17, 100, 1000, 1024, 65_536, 1 << 20};

    /** A one-argument constructor shape: ours and JCTools', each returning {@code capacity()}. */
    private record OneArg(String name, IntFunction<Integer> ours, IntFunction<Integer> jctools) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A two-argument constructor shape (chunk or initial size, capacity). */
    private record TwoArg(String name, IntBinaryOperator ours, IntBinaryOperator jctools) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> oneArg() {
        return Stream.of(
                new OneArg("SpscChunkedArrayQueue(capacity)",
                        c -> new org.jcq.queues.SpscChunkedArrayQueue<Integer>(c).capacity(),
                        c -> new org.jctools.queues.SpscChunkedArrayQueue<Integer>(c).capacity()),
                new OneArg("SpscGrowableArrayQueue(capacity)",
                        c -> new org.jcq.queues.SpscGrowableArrayQueue<Integer>(c).capacity(),
                        c -> new org.jctools.queues.SpscGrowableArrayQueue<Integer>(c).capacity()),
                new OneArg("SpscUnboundedArrayQueue(chunkSize)",
                        c -> new org.jcq.queues.SpscUnboundedArrayQueue<Integer>(c).capacity(),
                        c -> new org.jctools.queues.SpscUnboundedArrayQueue<Integer>(c).capacity()),
                new OneArg("SpscChunkedUnpaddedArrayQueue(capacity)",
                        c -> new org.jcq.queues.SpscChunkedUnpaddedArrayQueue<Integer>(c).capacity(),
                        c -> new org.jctools.queues.unpadded.SpscChunkedUnpaddedArrayQueue<Integer>(c).capacity()),
                new OneArg("SpscGrowableUnpaddedArrayQueue(capacity)",
                        c -> new org.jcq.queues.SpscGrowableUnpaddedArrayQueue<Integer>(c).capacity(),
                        c -> new org.jctools.queues.unpadded.SpscGrowableUnpaddedArrayQueue<Integer>(c).capacity()),
                new OneArg("SpscUnboundedUnpaddedArrayQueue(chunkSize)",
                        c -> new org.jcq.queues.SpscUnboundedUnpaddedArrayQueue<Integer>(c).capacity(),
                        c -> new org.jctools.queues.unpadded.SpscUnboundedUnpaddedArrayQueue<Integer>(c).capacity()))
                .map(Arguments::of);
    }

    static Stream<Arguments> twoArg() {
        return Stream.of(
                new TwoArg("SpscChunkedArrayQueue(chunkSize, capacity)",
                        (chunk, c) -> new org.jcq.queues.SpscChunkedArrayQueue<Integer>(chunk, c).capacity(),
                        (chunk, c) -> new org.jctools.queues.SpscChunkedArrayQueue<Integer>(chunk, c).capacity()),
                new TwoArg("SpscGrowableArrayQueue(initialCapacity, capacity)",
                        (chunk, c) -> new org.jcq.queues.SpscGrowableArrayQueue<Integer>(chunk, c).capacity(),
                        (chunk, c) -> new org.jctools.queues.SpscGrowableArrayQueue<Integer>(chunk, c).capacity()),
                new TwoArg("SpscChunkedUnpaddedArrayQueue(chunkSize, capacity)",
                        (chunk, c) -> new org.jcq.queues.SpscChunkedUnpaddedArrayQueue<Integer>(chunk, c).capacity(),
                        (chunk, c) -> new org.jctools.queues.unpadded.SpscChunkedUnpaddedArrayQueue<Integer>(chunk, c)
                                .capacity()),
                new TwoArg("SpscGrowableUnpaddedArrayQueue(initialCapacity, capacity)",
                        (chunk, c) -> new org.jcq.queues.SpscGrowableUnpaddedArrayQueue<Integer>(chunk, c).capacity(),
                        (chunk, c) -> new org.jctools.queues.unpadded.SpscGrowableUnpaddedArrayQueue<Integer>(chunk, c)
                                .capacity()))
                .map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oneArg")
    void oneArgumentCapacityMatchesJctoolsAndRejectsWhatItRejects(OneArg shape) {
        for (int size : SIZES) {
            if (size > (1 << 20) && size <= (1 << 30)) {
                continue; // valid, but a first chunk of size / 8 is too much memory for a test
            }
            compare(shape + "(" + size + ")", () -> shape.ours().apply(size), () -> shape.jctools().apply(size));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("twoArg")
    void twoArgumentCapacityMatchesJctoolsAndRejectsWhatItRejects(TwoArg shape) {
        for (int chunk : SIZES) {
            for (int size : SIZES) {
                if (chunk > (1 << 20) && chunk <= (1 << 30) && size > chunk) {
                    continue; // valid, but too much memory for a test
                }
                compare(shape + "(" + chunk + ", " + size + ")", () -> shape.ours().applyAsInt(chunk, size),
                        () -> shape.jctools().applyAsInt(chunk, size));
            }
        }
    }

    /** Where JCTools accepts, ours must accept with the same capacity; where it rejects, ours must too. */
    private static void compare(String what, IntSupplier ours, IntSupplier jctools) {
        final int expected;
        try {
            expected = jctools.getAsInt();
        } catch (IllegalArgumentException e) {
            assertThrows(IllegalArgumentException.class, ours::getAsInt, "JCTools rejects " + what + ": " + e.getMessage());
            return;
        }
        assertEquals(expected, ours.getAsInt(), what);
    }

    /** Our empty queue and the JCTools twin's, built with the same arguments. */
    private record Pair(String what, Object ours, Object jctools) {
    }

    private static List<Pair> emptyPairs() {
        final List<Pair> pairs = new ArrayList<>();
        for (int c : BUILDABLE) {
            pairs.add(new Pair("SpscChunkedArrayQueue(" + c + ")", new org.jcq.queues.SpscChunkedArrayQueue<Integer>(c),
                    new org.jctools.queues.SpscChunkedArrayQueue<Integer>(c)));
            pairs.add(new Pair("SpscGrowableArrayQueue(" + c + ")", new org.jcq.queues.SpscGrowableArrayQueue<Integer>(c),
                    new org.jctools.queues.SpscGrowableArrayQueue<Integer>(c)));
            pairs.add(new Pair("SpscUnboundedArrayQueue(" + c + ")",
                    new org.jcq.queues.SpscUnboundedArrayQueue<Integer>(c),
                    new org.jctools.queues.SpscUnboundedArrayQueue<Integer>(c)));
            pairs.add(new Pair("SpscChunkedArrayQueue(8, " + c + ")",
                    new org.jcq.queues.SpscChunkedArrayQueue<Integer>(8, c),
                    new org.jctools.queues.SpscChunkedArrayQueue<Integer>(8, c)));
            pairs.add(new Pair("SpscGrowableArrayQueue(8, " + c + ")",
                    new org.jcq.queues.SpscGrowableArrayQueue<Integer>(8, c),
                    new org.jctools.queues.SpscGrowableArrayQueue<Integer>(8, c)));
        }
        return pairs;
    }

    /**
     * How much larger our empty queue may be: the queue object's padding. JCQ pads each hot region
     * by 128 bytes on both sides and at the object's end (three pads, 384 bytes, as LayoutTest
     * requires); JCTools pads 112 + 128 bytes and lets the cold fields make up the rest. Measured on
     * a 64-bit VM with compressed references: 136 bytes for the bounded queues, 144 for the
     * unbounded one (whose layout carries the bounded ones' queue limit). The chunk arrays are the
     * same size as JCTools'. This does not meet the goal of "no larger than JCTools"; it pins the
     * gap so that it cannot grow unnoticed.
     */
    private static final long PADDING_EXCESS = 144;

    @Test
    void emptyQueueFootprintExceedsJctoolsByNoMoreThanThePadding() {
        final List<String> larger = new ArrayList<>();
        for (Pair pair : emptyPairs()) {
            final long ours = GraphLayout.parseInstance(pair.ours()).totalSize();
            final long theirs = GraphLayout.parseInstance(pair.jctools()).totalSize();
            if (ours > theirs + PADDING_EXCESS) {
                larger.add(pair.what() + ": ours " + ours + " bytes, JCTools " + theirs);
            }
        }
        assertTrue(larger.isEmpty(), "larger than JCTools by more than " + PADDING_EXCESS + " bytes: " + larger);
    }

    /** Our empty compact queue and JCTools' unpadded twin, built with the same arguments. */
    private static List<Pair> emptyCompactPairs() {
        final List<Pair> pairs = new ArrayList<>();
        for (int c : BUILDABLE) {
            pairs.add(new Pair("SpscChunkedUnpaddedArrayQueue(" + c + ")",
                    new org.jcq.queues.SpscChunkedUnpaddedArrayQueue<Integer>(c),
                    new org.jctools.queues.unpadded.SpscChunkedUnpaddedArrayQueue<Integer>(c)));
            pairs.add(new Pair("SpscGrowableUnpaddedArrayQueue(" + c + ")",
                    new org.jcq.queues.SpscGrowableUnpaddedArrayQueue<Integer>(c),
                    new org.jctools.queues.unpadded.SpscGrowableUnpaddedArrayQueue<Integer>(c)));
            pairs.add(new Pair("SpscUnboundedUnpaddedArrayQueue(" + c + ")",
                    new org.jcq.queues.SpscUnboundedUnpaddedArrayQueue<Integer>(c),
                    new org.jctools.queues.unpadded.SpscUnboundedUnpaddedArrayQueue<Integer>(c)));
            pairs.add(new Pair("SpscChunkedUnpaddedArrayQueue(8, " + c + ")",
                    new org.jcq.queues.SpscChunkedUnpaddedArrayQueue<Integer>(8, c),
                    new org.jctools.queues.unpadded.SpscChunkedUnpaddedArrayQueue<Integer>(8, c)));
            pairs.add(new Pair("SpscGrowableUnpaddedArrayQueue(8, " + c + ")",
                    new org.jcq.queues.SpscGrowableUnpaddedArrayQueue<Integer>(8, c),
                    new org.jctools.queues.unpadded.SpscGrowableUnpaddedArrayQueue<Integer>(8, c)));
        }
        return pairs;
    }

    @Test
    void emptyCompactQueueFootprintIsAtOrBelowJctoolsUnpadded() {
        final List<String> larger = new ArrayList<>();
        for (Pair pair : emptyCompactPairs()) {
            final long ours = GraphLayout.parseInstance(pair.ours()).totalSize();
            final long theirs = GraphLayout.parseInstance(pair.jctools()).totalSize();
            if (ours > theirs) {
                larger.add(pair.what() + ": ours " + ours + " bytes, JCTools " + theirs);
            }
        }
        assertTrue(larger.isEmpty(), "larger than JCTools' unpadded twin: " + larger);
    }
}
