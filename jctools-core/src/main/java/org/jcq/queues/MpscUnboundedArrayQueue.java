package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * An unbounded multi-producer single-consumer queue on a chain of fixed-size chunks: {@code offer}
 * never fails; memory grows with the backlog, one chunk at a time, and shrinks back to one chunk
 * once the consumer has caught up.
 * <p>
 * Algorithm: JCTools' {@code MpscUnboundedArrayQueue} (Nitsan Wakart). Producers claim an index
 * with a CAS; while the consumer keeps up, one chunk is reused as a ring; when its ring is full,
 * one producer marks the producer index (its low bit) and links a new chunk of the same size,
 * leaving a JUMP marker for the consumer in the old one. The protocol, its invariants, orderings,
 * linearization points and what a consumer may observe mid-link are written down in the opening
 * comment of {@code BaseMpscLinkedArrayQueue}, which all three MPSC linked-array queues share; this
 * class only chooses the chunk size and no bound.
 *
 * <h2>Invariants of this variant</h2>
 * <ol>
 * <li>Every chunk has the chunk size given to the constructor (rounded up to a power of two) and
 * uses all but one slot of its ring, the one kept for the JUMP.</li>
 * <li>{@link #capacity()} is {@link MessagePassingQueue#UNBOUNDED_CAPACITY}; {@code size()} is
 * capped at {@link Integer#MAX_VALUE}.</li>
 * </ol>
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * Any number of producer threads; one consumer thread at a time. {@code poll()} and {@code peek()}
 * are not lock-free: they wait for a producer that has claimed the head slot but not yet written
 * it, and producers wait while another producer links a chunk (allocates it; in {@code fill}, also
 * asks its supplier). If allocating a chunk throws ({@link OutOfMemoryError} or anything
 * else), that offer throws it and the queue is left as before. {@code fill(s)} and
 * {@code drain(c)} move batches of 4096. The iterator is weakly consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
public class MpscUnboundedArrayQueue<E> extends BaseMpscLinkedArrayQueueFields<E> {
    /** JCTools' smallest chunk. */
    private static final int MIN_CHUNK = 2;

    /**
     * Creates an empty queue whose chunks hold {@code chunkSize} elements, rounded up to a power of
     * two (one of them kept for linking).
     *
     * @param chunkSize the chunk size, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpscUnboundedArrayQueue(int chunkSize) {
        super(chunkOf(chunkSize), NO_BOUND);
    }

    /** The chunk size of a request, checked. */
    static int chunkOf(int chunkSize) {
        return Args.pow2Capacity("chunkSize", chunkSize, MIN_CHUNK);
    }

    @Override
    final int nextChunkSize(int chunkSize) {
        return chunkSize;
    }
}
