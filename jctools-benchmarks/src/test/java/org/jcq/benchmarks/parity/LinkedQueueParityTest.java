package org.jcq.benchmarks.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Queue;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue;
import org.jctools.queues.varhandle.MpscLinkedVarHandleQueue;
import org.jctools.queues.varhandle.SpscLinkedVarHandleQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * Our linked-node queues against their JCTools 4.0.7 twins (Unsafe and VarHandle editions): the
 * same capacity, and an empty queue no larger.
 * <p>
 * The constructors take no argument, so there is nothing to reject and the capacity is the
 * unbounded marker for every instance.
 */
class LinkedQueueParityTest {
    /**
     * Once a queue has been used, its consumer node is an element node (24 bytes) in both
     * libraries, and ours is the larger object by 8 bytes: our first pad puts the first hot field
     * 128 bytes after the header, JCTools' only 120 (the project's padding rule, checked by
     * LayoutTest). A fresh queue makes up for it with a 16-byte stub.
     */
    private static final long USED_EMPTY_ALLOWANCE = 8;

    /** A queue kind: ours and JCTools' twins. */
    private record Kind(String name, Supplier<Queue<Integer>> ours, Supplier<Queue<Integer>> jctools,
            Supplier<Queue<Integer>> jctoolsVarHandle) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Kind> kinds() {
        return Stream.of(
                new Kind("SpscLinkedQueue", org.jcq.queues.SpscLinkedQueue::new,
                        org.jctools.queues.SpscLinkedQueue::new, SpscLinkedVarHandleQueue::new),
                new Kind("MpscLinkedQueue", org.jcq.queues.MpscLinkedQueue::new,
                        org.jctools.queues.MpscLinkedQueue::new, MpscLinkedVarHandleQueue::new),
                // The compact editions against JCTools' unpadded ones.
                new Kind("SpscLinkedUnpaddedQueue", org.jcq.queues.SpscLinkedUnpaddedQueue::new,
                        org.jctools.queues.unpadded.SpscLinkedUnpaddedQueue::new,
                        org.jctools.queues.varhandle.unpadded.SpscLinkedVarHandleUnpaddedQueue::new),
                new Kind("MpscLinkedUnpaddedQueue", org.jcq.queues.MpscLinkedUnpaddedQueue::new,
                        org.jctools.queues.unpadded.MpscLinkedUnpaddedQueue::new,
                        org.jctools.queues.varhandle.unpadded.MpscLinkedVarHandleUnpaddedQueue::new));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void capacityMatchesJCTools(Kind kind) {
        final int ours = ((MessagePassingQueue<?>) kind.ours().get()).capacity();
        assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, ours);
        assertEquals(((org.jctools.queues.MessagePassingQueue<?>) kind.jctools().get()).capacity(), ours);
        assertEquals(((org.jctools.queues.MessagePassingQueue<?>) kind.jctoolsVarHandle().get()).capacity(), ours);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void emptyQueueIsNoLargerThanJCTools(Kind kind) {
        for (Supplier<Queue<Integer>> twin : List.of(kind.jctools(), kind.jctoolsVarHandle())) {
            final Queue<Integer> theirs = twin.get();
            final long ourSize = footprint(kind.ours().get());
            final long theirSize = footprint(theirs);
            assertTrue(ourSize <= theirSize, kind + ": ours " + ourSize + " bytes, " + theirs.getClass().getName() + " "
                    + theirSize + "\n" + GraphLayout.parseInstance(kind.ours().get()).toFootprint());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void usedEmptyQueueIsAtMostThePadDifferenceLarger(Kind kind) {
        for (Supplier<Queue<Integer>> twin : List.of(kind.jctools(), kind.jctoolsVarHandle())) {
            final Queue<Integer> ours = used(kind.ours().get());
            final Queue<Integer> theirs = used(twin.get());
            final long ourSize = footprint(ours);
            final long theirSize = footprint(theirs);
            assertTrue(ourSize <= theirSize + USED_EMPTY_ALLOWANCE, kind + " after use: ours " + ourSize + " bytes, "
                    + theirs.getClass().getName() + " " + theirSize + "\n" + GraphLayout.parseInstance(ours).toFootprint());
        }
    }

    /** Offers and polls a few elements, leaving the queue empty. */
    private static Queue<Integer> used(Queue<Integer> q) {
        for (int i = 0; i < 5; i++) {
            q.offer(i);
        }
        while (q.poll() != null) {
            // empty it
        }
        return q;
    }

    private static long footprint(Object q) {
        return GraphLayout.parseInstance(q).totalSize();
    }
}
