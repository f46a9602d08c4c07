package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * A bounded single-producer single-consumer queue on a chain of fixed-size arrays ("chunks"): it
 * holds up to its capacity, but allocates memory a chunk at a time as it fills.
 * <p>
 * Algorithm: {@link SpscUnboundedArrayQueue}'s chunk chain, bounded by the indices, as in JCTools'
 * {@code SpscChunkedArrayQueue}. The hot paths, the link protocol (the JUMP marker, the next-chunk
 * link, what the consumer sees mid-link), the orderings and the GC notes are those of
 * {@code BaseSpscLinkedArrayQueue}, whose notes this class shares.
 *
 * <h2>Finding room</h2>
 * Past its limit, the producer first checks the bound: it caches {@code producerQueueLimit}, a
 * consumer index plus the capacity, and re-reads the consumer index (acquire) only when it reaches
 * it; at the bound the offer fails, whatever room the current chunk has. Otherwise it looks for
 * room in the chunk as {@link SpscUnboundedArrayQueue} does, but never sets its limit past the
 * bound: it keeps filling the current chunk while there is room in it and below the bound, and
 * links a new chunk only when the slot of {@code p} is the chunk's last free one.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>Those of {@code BaseSpscLinkedArrayQueue}, with
 * {@code producerIndex <= consumerIndex + capacity}: {@code producerQueueLimit} comes from a past
 * consumer index, which only grows, and no offer reaches it.</li>
 * <li>{@code producerLimit <= producerQueueLimit}.</li>
 * <li>Every chunk has the capacity chosen at construction, less than the queue's: the bound, not
 * the chunk, limits the elements, and the chain holds as many chunks as the elements need.</li>
 * </ol>
 * <b>Not</b> invariant: the cached queue limit may be below the true one (the consumer has moved
 * on); that only sends an offer to re-read the consumer index early. A full queue may also have a
 * consumed slot not yet cleared (the consumer stores its index first); a producer then links a new
 * chunk rather than wait for the slot.
 *
 * <h2>Linearization points</h2>
 * offer: the release store of the element, or of the JUMP when it links a chunk; a failed offer:
 * the consumer-index load that showed the queue full. poll: the acquire load of the slot that
 * returned the element or the JUMP leading to it.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * One producer thread and one consumer thread at a time. {@code size()} is an estimate (see
 * {@link MessagePassingQueue#size()}). The iterator is weakly consistent and does not remove. The
 * relaxed methods are the strict ones.
 *
 * @param <E> the type of the elements
 */
public class SpscChunkedArrayQueue<E> extends BaseSpscLinkedArrayQueueFields<E> {
    /**
     * Creates a queue holding {@code capacity} elements, rounded up to a power of two, in chunks
     * of an eighth of that (at least 8), as JCTools does.
     *
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public SpscChunkedArrayQueue(int capacity) {
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
    public SpscChunkedArrayQueue(int chunkSize, int capacity) {
        this(chunkSize, capacity, Bound.ROUNDED);
    }

    /**
     * As {@link #SpscChunkedArrayQueue(int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED})
     * or exact ({@link Bound#EXACT}: offers fail when the queue holds {@code capacity} elements).
     *
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpscChunkedArrayQueue(int capacity, Bound bound) {
        this(defaultChunkSize(capacity), capacity, bound);
    }

    /**
     * As {@link #SpscChunkedArrayQueue(int, int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED}) or exact ({@link Bound#EXACT}: offers fail when the queue holds
     * {@code capacity} elements); the chunk size is a power of two below the capacity's in both.
     *
     * @param chunkSize the requested chunk size, rounded up to a power of two
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if an argument is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpscChunkedArrayQueue(int chunkSize, int capacity, Bound bound) {
        super(chunkOf(chunkSize, capacity), boundOf(capacity, Bound.exact(bound)));
    }

    /**
     * The chunk size for {@code chunkSize} under a bound of {@code capacity}, checking
     * {@code capacity} first, then {@code chunkSize} (both constructors' checks, shared with
     * {@link SpscChunkedUnpaddedArrayQueue}).
     */
    static int chunkOf(int chunkSize, int capacity) {
        return Args.pow2Below("chunkSize", chunkSize, 8, "capacity", boundOf(capacity));
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
