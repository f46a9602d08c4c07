package org.jcq.queues.spec;

import java.util.function.Supplier;

import org.jcq.queues.MessagePassingQueue;
import org.openjdk.jol.info.GraphLayout;

/** Bytes a queue holds, by JOL, as {@code docs/choosing-a-queue.md} measures them. */
final class Footprints {
    /** The one element offered again and again, so that elements add no bytes but their references. */
    private static final Integer ELEMENT = 1;
    private static final long ELEMENT_BYTES = GraphLayout.parseInstance(ELEMENT).totalSize();

    private Footprints() {
    }

    /**
     * The bytes reachable from a new queue after {@code count} offers of one shared element, the
     * element itself not counted.
     *
     * @throws AssertionError if the queue cannot hold {@code count} elements
     */
    static long holding(Supplier<? extends MessagePassingQueue<Integer>> make, int count) {
        final MessagePassingQueue<Integer> q = make.get();
        for (int i = 0; i < count; i++) {
            if (!q.offer(ELEMENT)) {
                throw new AssertionError(q.getClass().getSimpleName() + " full at " + i + " of " + count);
            }
        }
        return GraphLayout.parseInstance(q).totalSize() - (count > 0 ? ELEMENT_BYTES : 0);
    }
}
