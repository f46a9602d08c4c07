package org.jcq.benchmarks.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpscChunkedArrayQueue;
import org.jcq.queues.MpscChunkedUnpaddedArrayQueue;
import org.jcq.queues.MpscGrowableArrayQueue;
import org.jcq.queues.MpscGrowableUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedArrayQueue;
import org.jcq.queues.MpscUnboundedUnpaddedArrayQueue;
import org.jctools.queues.varhandle.MpscChunkedVarHandleArrayQueue;
import org.jctools.queues.varhandle.MpscGrowableVarHandleArrayQueue;
import org.jctools.queues.varhandle.MpscUnboundedVarHandleArrayQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * The MPSC linked-array queues against their JCTools 4.0.7 twins ({@code MpscChunkedArrayQueue},
 * {@code MpscUnboundedArrayQueue}, {@code MpscGrowableArrayQueue}), for every constructor shape:
 * the same {@code capacity()} wherever JCTools accepts the arguments, an
 * {@link IllegalArgumentException} wherever JCTools rejects them, and an empty-queue footprint
 * (JOL, everything reachable from the queue) no larger than the JCTools twin's, Unsafe and
 * VarHandle editions alike.
 * <p>
 * Sizes stay at or below 2^20: JCTools' growable queue starts with a chunk of an eighth of its
 * bound, so a bound of 2^30 would allocate half a gigabyte (ours too, as JCTools does).
 */
class MpscLinkedArrayParityTest {
    private static final int[] SINGLE = {
        Integer.MIN_VALUE, -1, 0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 64, 100, 1000, 1024, 1025, 8191, 8192, 8193,
        65536, 1 << 20,
    };
    private static final int[] INITIAL = {-1, 0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 1024, 1 << 20};
    private static final int[] MAX = {-1, 0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 100, 1024, 1025, 1 << 20};

    /**
     * One constructor shape: ours and the JCTools twin, from one or two sizes, and JCTools'
     * VarHandle edition where it has one (else null).
     */
    private record Shape(String name, Sized ours, Sized jctools, Sized jctoolsVarHandle, boolean twoArguments) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Builds a queue from one size (the second is ignored) or from two. */
    private interface Sized {
        Object create(int first, int second);
    }

    private static List<Shape> shapes() {
        return List.of(
                new Shape("MpscChunkedArrayQueue(capacity)", (a, b) -> new MpscChunkedArrayQueue<Integer>(a),
                        (a, b) -> new org.jctools.queues.MpscChunkedArrayQueue<Integer>(a),
                        (a, b) -> new MpscChunkedVarHandleArrayQueue<Integer>(a), false),
                new Shape("MpscChunkedArrayQueue(initialCapacity, maxCapacity)",
                        (a, b) -> new MpscChunkedArrayQueue<Integer>(a, b),
                        (a, b) -> new org.jctools.queues.MpscChunkedArrayQueue<Integer>(a, b),
                        (a, b) -> new MpscChunkedVarHandleArrayQueue<Integer>(a, b), true),
                new Shape("MpscUnboundedArrayQueue(chunkSize)", (a, b) -> new MpscUnboundedArrayQueue<Integer>(a),
                        (a, b) -> new org.jctools.queues.MpscUnboundedArrayQueue<Integer>(a),
                        (a, b) -> new MpscUnboundedVarHandleArrayQueue<Integer>(a), false),
                new Shape("MpscGrowableArrayQueue(capacity)", (a, b) -> new MpscGrowableArrayQueue<Integer>(a),
                        (a, b) -> new org.jctools.queues.MpscGrowableArrayQueue<Integer>(a),
                        (a, b) -> new MpscGrowableVarHandleArrayQueue<Integer>(a), false),
                new Shape("MpscGrowableArrayQueue(initialCapacity, maxCapacity)",
                        (a, b) -> new MpscGrowableArrayQueue<Integer>(a, b),
                        (a, b) -> new org.jctools.queues.MpscGrowableArrayQueue<Integer>(a, b),
                        (a, b) -> new MpscGrowableVarHandleArrayQueue<Integer>(a, b), true),
                // The compact editions against JCTools' unpadded ones (which have no VarHandle edition).
                new Shape("MpscChunkedUnpaddedArrayQueue(capacity)",
                        (a, b) -> new MpscChunkedUnpaddedArrayQueue<Integer>(a),
                        (a, b) -> new org.jctools.queues.unpadded.MpscChunkedUnpaddedArrayQueue<Integer>(a), null, false),
                new Shape("MpscChunkedUnpaddedArrayQueue(initialCapacity, maxCapacity)",
                        (a, b) -> new MpscChunkedUnpaddedArrayQueue<Integer>(a, b),
                        (a, b) -> new org.jctools.queues.unpadded.MpscChunkedUnpaddedArrayQueue<Integer>(a, b), null, true),
                new Shape("MpscUnboundedUnpaddedArrayQueue(chunkSize)",
                        (a, b) -> new MpscUnboundedUnpaddedArrayQueue<Integer>(a),
                        (a, b) -> new org.jctools.queues.unpadded.MpscUnboundedUnpaddedArrayQueue<Integer>(a), null, false),
                new Shape("MpscGrowableUnpaddedArrayQueue(capacity)",
                        (a, b) -> new MpscGrowableUnpaddedArrayQueue<Integer>(a),
                        (a, b) -> new org.jctools.queues.unpadded.MpscGrowableUnpaddedArrayQueue<Integer>(a), null, false),
                new Shape("MpscGrowableUnpaddedArrayQueue(initialCapacity, maxCapacity)",
                        (a, b) -> new MpscGrowableUnpaddedArrayQueue<Integer>(a, b),
                        (a, b) -> new org.jctools.queues.unpadded.MpscGrowableUnpaddedArrayQueue<Integer>(a, b), null, true));
    }

    static Stream<Arguments> shapesAndSizes() {
        final List<Arguments> out = new ArrayList<>();
        for (Shape shape : shapes()) {
            if (shape.twoArguments()) {
                for (int initial : INITIAL) {
                    for (int max : MAX) {
                        out.add(Arguments.of(shape, initial, max));
                    }
                }
            } else {
                for (int size : SINGLE) {
                    out.add(Arguments.of(shape, size, 0));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("shapesAndSizes")
    void capacityAndRejectionsMatchJCTools(Shape shape, int first, int second) {
        final String call = shape + " with " + first + (shape.twoArguments() ? ", " + second : "");
        final Object theirs;
        try {
            theirs = shape.jctools().create(first, second);
        } catch (IllegalArgumentException rejected) {
            assertThrows(IllegalArgumentException.class, () -> shape.ours().create(first, second),
                    "JCTools rejects " + call + " (" + rejected.getMessage() + "); ours must too");
            return;
        }
        final int expected = ((org.jctools.queues.MessagePassingQueue<?>) theirs).capacity();
        assertEquals(expected, ((MessagePassingQueue<?>) shape.ours().create(first, second)).capacity(), call);
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("shapesAndSizes")
    void emptyFootprintIsNoLargerThanJCTools(Shape shape, int first, int second) {
        final Object theirs;
        try {
            theirs = shape.jctools().create(first, second);
        } catch (IllegalArgumentException rejected) {
            return;
        }
        final String call = shape + " with " + first + (shape.twoArguments() ? ", " + second : "");
        final long ours = footprint(shape.ours(), first, second);
        final long unsafeEdition = GraphLayout.parseInstance(theirs).totalSize();
        assertTrue(ours <= unsafeEdition, call + ": ours " + ours + " bytes, JCTools " + unsafeEdition);
        if (shape.jctoolsVarHandle() != null) {
            final long varHandleEdition = footprint(shape.jctoolsVarHandle(), first, second);
            assertTrue(ours <= varHandleEdition, call + ": ours " + ours + " bytes, JCTools VarHandle " + varHandleEdition);
        }
    }

    private static long footprint(Sized sized, int first, int second) {
        return GraphLayout.parseInstance(sized.create(first, second)).totalSize();
    }
}
