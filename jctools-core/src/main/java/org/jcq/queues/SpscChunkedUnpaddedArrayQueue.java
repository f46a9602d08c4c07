package org.jcq.queues;

/**
 * The compact edition of {@link SpscChunkedArrayQueue}: the same algorithm
 * ({@code BaseSpscLinkedArrayQueue}), the same bound, chunks and guarantees, with no padding, so
 * an empty queue is as small as JCTools' {@code SpscChunkedUnpaddedArrayQueue}. A bounded queue
 * for programs that hold many of them, where 128-byte pads would cost more memory than false
 * sharing costs time; the class notes of {@link SpscChunkedArrayQueue} apply.
 *
 * @param <E> the type of the elements
 */
public class SpscChunkedUnpaddedArrayQueue<E> extends BaseSpscLinkedArrayQueueCompactFields<E> {
    /**
     * Creates a queue holding {@code capacity} elements, rounded up to a power of two, in chunks
     * of an eighth of that (at least 8), as JCTools does.
     *
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public SpscChunkedUnpaddedArrayQueue(int capacity) {
        this(defaultChunkSize(capacity), capacity);
    }

    /**
     * Creates a queue holding {@code capacity} elements, rounded up to a power of two, in chunks
     * of {@code chunkSize} elements, rounded up to a power of two.
     *
     * @param chunkSize the requested chunk size, at least 8, and below the capacity once both are
     *     rounded up
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @throws IllegalArgumentException if either is out of range
     */
    public SpscChunkedUnpaddedArrayQueue(int chunkSize, int capacity) {
        super(SpscChunkedArrayQueue.chunkOf(chunkSize, capacity), boundOf(capacity));
    }

    @Override
    final int makeRoom(Object[] buffer, int mask, long p) {
        return roomChunked(buffer, mask, p);
    }

    @Override
    final int nextChunkCapacity(int mask) {
        return sameChunkCapacity(mask);
    }
}
