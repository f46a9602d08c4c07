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
        this(capacity, Bound.ROUNDED);
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
        this(initialCapacity, capacity, Bound.ROUNDED);
    }

    /**
     * As {@link #SpscGrowableUnpaddedArrayQueue(int)}, with the capacity rounded up to a power of
     * two ({@link Bound#ROUNDED})
     * or exact ({@link Bound#EXACT}: offers fail when the queue holds {@code capacity} elements).
     *
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpscGrowableUnpaddedArrayQueue(int capacity, Bound bound) {
        this(defaultChunkSize(capacity), capacity, bound);
    }

    /**
     * As {@link #SpscGrowableUnpaddedArrayQueue(int, int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED}) or exact ({@link Bound#EXACT}: offers fail when the queue holds
     * {@code capacity} elements); the first chunk's size is a power of two below the capacity's in both.
     *
     * @param initialCapacity the requested first chunk's size, rounded up to a power of two
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if an argument is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpscGrowableUnpaddedArrayQueue(int initialCapacity, int capacity, Bound bound) {
        super(SpscGrowableArrayQueue.firstChunkOf(initialCapacity, capacity), boundOf(capacity, Bound.exact(bound)));
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
