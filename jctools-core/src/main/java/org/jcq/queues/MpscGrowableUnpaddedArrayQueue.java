package org.jcq.queues;

/**
 * The compact edition of {@link MpscGrowableArrayQueue}: the same algorithm
 * ({@code BaseMpscLinkedArrayQueue}), the same bound, doubling chunks and guarantees, with no
 * padding, so an empty queue is as small as JCTools' {@code MpscGrowableUnpaddedArrayQueue}.
 *
 * @param <E> the type of the elements
 */
public class MpscGrowableUnpaddedArrayQueue<E> extends BaseMpscLinkedArrayQueueCompactFields<E> {
    /**
     * Creates a queue holding at most {@code capacity} elements, rounded up to a power of two,
     * starting with a chunk of an eighth of that (at least 2), as JCTools does.
     *
     * @param capacity the bound, in {@code [4, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscGrowableUnpaddedArrayQueue(int capacity) {
        super(MpscGrowableArrayQueue.firstChunkSize(capacity), MpscChunkedArrayQueue.boundOf("capacity", capacity));
    }

    /**
     * Creates a queue holding at most {@code maxCapacity} elements, rounded up to a power of two,
     * starting with a chunk of {@code initialCapacity} elements, rounded up to a power of two.
     *
     * @param initialCapacity the first chunk's size, in {@code [2, 2^30]}, rounding up to a power
     *     of two below {@code maxCapacity}'s
     * @param maxCapacity the bound, in {@code [4, 2^30]}
     * @throws IllegalArgumentException if an argument is out of range
     */
    public MpscGrowableUnpaddedArrayQueue(int initialCapacity, int maxCapacity) {
        super(MpscChunkedArrayQueue.chunkOf(initialCapacity, maxCapacity),
                MpscChunkedArrayQueue.boundOf("maxCapacity", maxCapacity));
    }

    @Override
    final int nextChunkSize(int chunkSize) {
        return 2 * chunkSize;
    }
}
