package org.jcq.queues;

/**
 * The compact edition of {@link MpscUnboundedArrayQueue}: the same algorithm
 * ({@code BaseMpscLinkedArrayQueue}), the same guarantees, with no padding, so an empty queue is
 * as small as JCTools' {@code MpscUnboundedUnpaddedArrayQueue}. The mailbox shape for programs that
 * hold one queue per actor or stage, many of them idle, where 128-byte pads would cost more memory
 * than false sharing costs time.
 *
 * @param <E> the type of the elements
 */
public class MpscUnboundedUnpaddedArrayQueue<E> extends BaseMpscLinkedArrayQueueCompactFields<E> {
    /**
     * Creates an empty queue whose chunks hold {@code chunkSize} elements, rounded up to a power of
     * two (one of them kept for linking).
     *
     * @param chunkSize the chunk size, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpscUnboundedUnpaddedArrayQueue(int chunkSize) {
        super(MpscUnboundedArrayQueue.chunkOf(chunkSize), NO_BOUND);
    }

    @Override
    final int nextChunkSize(int chunkSize) {
        return chunkSize;
    }
}
