package org.jcq.benchmarks.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.jctools.queues.varhandle.MpscBlockingConsumerVarHandleArrayQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;

/**
 * Our {@link MpscBlockingConsumerArrayQueue} against JCTools 4.0.7's twins (the Unsafe edition
 * {@code org.jctools.queues.MpscBlockingConsumerArrayQueue} and the VarHandle edition
 * {@link MpscBlockingConsumerVarHandleArrayQueue}): the same capacity for every accepted request,
 * a rejection wherever JCTools rejects, and an empty-queue footprint larger only by our padding.
 */
class BlockingConsumerParityTest {
    /** {@code CircularArrayQueue.PAD_SLOTS}: unused ring slots at each end of our ring. */
    private static final int RING_PAD_SLOTS = 32;
    /** The three 128-byte pad regions our layout has and JCTools' does not (see footprint test). */
    private static final int EXTRA_PAD_BYTES = 3 * 128;

    /** A JCTools twin: its name and its constructor. */
    private record Twin(String name, IntFunction<Object> create) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static List<Twin> twins() {
        return List.of(
                new Twin("JCTools.MpscBlockingConsumerArrayQueue",
                        org.jctools.queues.MpscBlockingConsumerArrayQueue<Integer>::new),
                new Twin("JCToolsVH.MpscBlockingConsumerVarHandleArrayQueue",
                        MpscBlockingConsumerVarHandleArrayQueue<Integer>::new));
    }

    private static int capacityOf(Object jctoolsQueue) {
        return ((org.jctools.queues.MessagePassingQueue<?>) jctoolsQueue).capacity();
    }

    /** 1..70, then powers of two and their neighbours up to 2^20 (2^30 would need gigabytes). */
    static Stream<Arguments> twinAndRequested() {
        final List<Integer> requests = new ArrayList<>();
        IntStream.rangeClosed(1, 70).forEach(requests::add);
        for (int shift = 7; shift <= 20; shift++) {
            requests.add((1 << shift) - 1);
            requests.add(1 << shift);
            requests.add((1 << shift) + 1);
        }
        return twins().stream().flatMap(t -> requests.stream().map(c -> Arguments.of(t, c)));
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("twinAndRequested")
    void capacityMatchesJCTools(Twin twin, int requested) {
        assertEquals(capacityOf(twin.create().apply(requested)),
                new MpscBlockingConsumerArrayQueue<Integer>(requested).capacity(), twin + "(" + requested + ")");
    }

    static Stream<Arguments> twinAndRejected() {
        final int[] rejected = {Integer.MIN_VALUE, -1, 0, (1 << 30) + 1, Integer.MAX_VALUE};
        return twins().stream().flatMap(t -> IntStream.of(rejected).mapToObj(c -> Arguments.of(t, c)));
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("twinAndRejected")
    void rejectsWhereJCToolsRejects(Twin twin, int requested) {
        assertThrows(IllegalArgumentException.class, () -> twin.create().apply(requested),
                "JCTools accepts " + requested + ": this case belongs in capacityMatchesJCTools");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new MpscBlockingConsumerArrayQueue<Integer>(requested));
        assertTrue(e.getMessage().contains("capacity") && e.getMessage().contains(String.valueOf(requested)),
                e.getMessage());
    }

    static Stream<Arguments> twinAndCapacity() {
        return twins().stream().flatMap(t -> IntStream.of(1, 16, 1024, 1 << 16).mapToObj(c -> Arguments.of(t, c)));
    }

    /**
     * Ours is larger by a constant, never by anything that grows with the capacity: the ring has
     * {@value #RING_PAD_SLOTS} unused slots at each end (JCTools' has none), and the object has
     * three more 128-byte pad regions than JCTools' layout (the producer limit and the blocked
     * consumer each get a padded region of their own, and the blocked consumer a second pad before
     * it, since the VM may put a few bytes of the consumer index's trailing pad into the alignment
     * gap before the index; JCTools keeps the limit beside the cold fields and the blocked thread
     * beside the consumer index). On a 64-bit VM with compressed oops that is 568 bytes more at
     * capacity 1: 312 in the object and 256 in the ring's pads.
     */
    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("twinAndCapacity")
    void emptyFootprintExceedsJCToolsOnlyByOurPadding(Twin twin, int capacity) {
        final long ours = GraphLayout.parseInstance(new MpscBlockingConsumerArrayQueue<Integer>(capacity)).totalSize();
        final long theirs = GraphLayout.parseInstance(twin.create().apply(capacity)).totalSize();
        final long allowance = 2L * RING_PAD_SLOTS * VM.current().arrayIndexScale("java.lang.Object") + EXTRA_PAD_BYTES;
        assertTrue(ours <= theirs + allowance, "ours " + ours + " bytes, " + twin + " " + theirs + " bytes, allowance "
                + allowance);
    }
}
