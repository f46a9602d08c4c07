package org.jcq.queues;

/**
 * The compact edition of {@link MpscChunkedArrayQueue}: the same algorithm
 * ({@code BaseMpscLinkedArrayQueue}), the same bound, chunks and guarantees, with no padding, so an
 * empty queue is as small as JCTools' {@code MpscChunkedUnpaddedArrayQueue}. The bounded mailbox
 * shape for programs that hold many queues.
 *
 * @param <E> the type of the elements
 */
public class MpscChunkedUnpaddedArrayQueue<E> extends BaseMpscLinkedArrayQueueCompactFields<E> {
    /**
     * Creates a queue holding at most {@code capacity} elements, rounded up to a power of two, in
     * chunks of an eighth of that (at least 2, at most 1024), as JCTools does.
     *
     * @param capacity the bound, in {@code [4, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscChunkedUnpaddedArrayQueue(int capacity) {
        this(capacity, Bound.ROUNDED);
    }

    /**
     * Creates a queue holding at most {@code maxCapacity} elements, rounded up to a power of two,
     * in chunks of {@code initialCapacity} elements, rounded up to a power of two.
     *
     * @param initialCapacity the chunk size, in {@code [2, 2^30]}, rounding up to a power of two
     *     below {@code maxCapacity}'s
     * @param maxCapacity the bound, in {@code [4, 2^30]}
     * @throws IllegalArgumentException if an argument is out of range
     */
    public MpscChunkedUnpaddedArrayQueue(int initialCapacity, int maxCapacity) {
        this(initialCapacity, maxCapacity, Bound.ROUNDED);
    }

    /**
     * As {@link #MpscChunkedUnpaddedArrayQueue(int)}, with the capacity rounded up to a power of
     * two ({@link Bound#ROUNDED})
     * or exact ({@link Bound#EXACT}: offers fail when the queue holds {@code capacity} elements).
     *
     * @param capacity the requested capacity, in {@code [4, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public MpscChunkedUnpaddedArrayQueue(int capacity, Bound bound) {
        super(MpscChunkedArrayQueue.defaultChunkSize(capacity),
                MpscChunkedArrayQueue.boundOf("capacity", capacity, Bound.exact(bound)));
    }

    /**
     * As {@link #MpscChunkedUnpaddedArrayQueue(int, int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED}) or exact ({@link Bound#EXACT}: offers fail when the queue holds
     * {@code maxCapacity} elements); the chunk size is a power of two below the capacity's in both.
     *
     * @param initialCapacity the requested chunk size, rounded up to a power of two
     * @param maxCapacity the requested capacity, in {@code [4, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if an argument is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public MpscChunkedUnpaddedArrayQueue(int initialCapacity, int maxCapacity, Bound bound) {
        super(MpscChunkedArrayQueue.chunkOf(initialCapacity, maxCapacity),
                MpscChunkedArrayQueue.boundOf("maxCapacity", maxCapacity, Bound.exact(bound)));
    }

    @Override
    final int nextChunkSize(int chunkSize) {
        return chunkSize;
    }
}
