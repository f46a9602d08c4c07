package org.jcq.queues;

/**
 * The compact edition of {@link SpscGrowableArrayQueue}: the same algorithm
 * ({@code BaseSpscLinkedArrayQueue}), the same bound, doubling arrays and guarantees, with no
 * padding, so an empty queue is as small as JCTools' {@code SpscGrowableUnpaddedArrayQueue}; the
 * class notes of {@link SpscGrowableArrayQueue} apply.
 *
 * @param <E> the type of the elements
 */
public class SpscGrowableUnpaddedArrayQueue<E> extends BaseSpscLinkedArrayQueueCompactFields<E> {
    /**
     * Creates a queue holding {@code capacity} elements, rounded up to a power of two, starting on
     * an array of an eighth of that (at least 8), as JCTools does.
     *
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public SpscGrowableUnpaddedArrayQueue(int capacity) {
        this(defaultChunkSize(capacity), capacity);
    }

    /**
     * Creates a queue holding {@code capacity} elements, rounded up to a power of two, starting on
     * an array of {@code initialCapacity} elements, rounded up to a power of two.
     *
     * @param initialCapacity the first array's requested capacity, at least 8, and below the
     *     capacity once both are rounded up
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @throws IllegalArgumentException if either is out of range
     */
    public SpscGrowableUnpaddedArrayQueue(int initialCapacity, int capacity) {
        super(SpscGrowableArrayQueue.firstChunkOf(initialCapacity, capacity), boundOf(capacity));
    }

    @Override
    final int makeRoom(Object[] buffer, int mask, long p) {
        return roomGrowable(buffer, mask, p);
    }

    @Override
    final int nextChunkCapacity(int mask) {
        return doubleChunkCapacity(mask);
    }
}
