package org.jcq.queues;

/**
 * The compact edition of {@link MpscUnboundedXaddArrayQueue}: the same algorithm
 * ({@code MpUnboundedXaddArrayQueue}), the same guarantees, constructors and argument checks, with
 * no padding around its hot fields, so an empty queue is smaller than JCTools' padded
 * {@code MpscUnboundedXaddArrayQueue} by about the padding. (JCTools 4.0.7 has no unpadded XADD
 * queue; this name is the one its development line gives its own.) For programs that hold many
 * queues, most of them idle; under steady contention between threads on other cores, pick
 * {@link MpscUnboundedXaddArrayQueue}.
 *
 * @param <E> the type of the elements
 */
public class MpscUnboundedXaddUnpaddedArrayQueue<E> extends MpUnboundedXaddArrayQueueCompactFields<E> {
    /**
     * Creates a queue with chunks of at least {@code chunkSize} slots (rounded up to a power of
     * two) that keeps up to {@code maxPooledChunks} emptied chunks for reuse. Chunks are allocated
     * when first needed, not up front (JCTools allocates the pooled ones up front).
     *
     * @param chunkSize the requested chunk size, in {@code [0, 2^30]} (0 gives chunks of 1 slot,
     *     as in JCTools)
     * @param maxPooledChunks how many emptied chunks to keep, in {@code [0, 2^30]}
     * @throws IllegalArgumentException if an argument is out of range
     */
    public MpscUnboundedXaddUnpaddedArrayQueue(int chunkSize, int maxPooledChunks) {
        super(chunkSize, maxPooledChunks, false);
    }

    /**
     * Creates a queue with chunks of at least {@code chunkSize} slots that keeps up to 2 emptied
     * chunks for reuse (JCTools' default).
     *
     * @param chunkSize the requested chunk size, in {@code [0, 2^30]} (0 gives chunks of 1 slot,
     *     as in JCTools)
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpscUnboundedXaddUnpaddedArrayQueue(int chunkSize) {
        this(chunkSize, DEFAULT_MAX_POOLED_CHUNKS);
    }

    @Override
    public E poll() {
        return mpscPoll();
    }

    @Override
    public E peek() {
        return mpscPeek();
    }

    @Override
    public E relaxedPoll() {
        return mpscRelaxedPoll();
    }

    @Override
    public E relaxedPeek() {
        return mpscRelaxedPeek();
    }
}
