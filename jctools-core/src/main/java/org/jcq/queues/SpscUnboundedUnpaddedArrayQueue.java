package org.jcq.queues;

/**
 * The compact edition of {@link SpscUnboundedArrayQueue}: the same algorithm
 * ({@code BaseSpscLinkedArrayQueue}), the same chunks and guarantees, with no padding, so an empty
 * queue is as small as JCTools' {@code SpscUnboundedUnpaddedArrayQueue}. The unbounded
 * single-producer shape for programs that hold one queue per stage or connection, many of them
 * idle, where 128-byte pads would cost more memory than false sharing costs time; the class notes
 * of {@link SpscUnboundedArrayQueue} apply.
 *
 * @param <E> the type of the elements
 */
public class SpscUnboundedUnpaddedArrayQueue<E> extends BaseSpscLinkedArrayQueueCompactFields<E> {
    /**
     * Creates a queue whose chunks hold {@code chunkSize} elements, rounded up to a power of two
     * and to no less than 16 (as JCTools does).
     *
     * @param chunkSize the requested chunk size, in {@code [0, 2^30]}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public SpscUnboundedUnpaddedArrayQueue(int chunkSize) {
        super(SpscUnboundedArrayQueue.chunkOf(chunkSize), UNBOUNDED_CAPACITY);
    }

    @Override
    final int makeRoom(Object[] buffer, int mask, long p) {
        return roomUnbounded(buffer, mask, p);
    }

    @Override
    final int nextChunkCapacity(int mask) {
        return sameChunkCapacity(mask);
    }
}
