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
        this(capacity, Bound.ROUNDED);
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
        this(chunkSize, capacity, Bound.ROUNDED);
    }

    /**
     * As {@link #SpscChunkedUnpaddedArrayQueue(int)}, with the capacity rounded up to a power of
     * two ({@link Bound#ROUNDED})
     * or exact ({@link Bound#EXACT}: offers fail when the queue holds {@code capacity} elements).
     *
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpscChunkedUnpaddedArrayQueue(int capacity, Bound bound) {
        this(defaultChunkSize(capacity), capacity, bound);
    }

    /**
     * As {@link #SpscChunkedUnpaddedArrayQueue(int, int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED}) or exact ({@link Bound#EXACT}: offers fail when the queue holds
     * {@code capacity} elements); the chunk size is a power of two below the capacity's in both.
     *
     * @param chunkSize the requested chunk size, rounded up to a power of two
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if an argument is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpscChunkedUnpaddedArrayQueue(int chunkSize, int capacity, Bound bound) {
        super(SpscChunkedArrayQueue.chunkOf(chunkSize, capacity), boundOf(capacity, Bound.exact(bound)));
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
