package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * A bounded multi-producer single-consumer queue on a chain of fixed-size chunks: memory grows
 * with the backlog, one chunk at a time, up to the bound, and shrinks back to one chunk once the
 * consumer has caught up.
 * <p>
 * Algorithm: JCTools' {@code MpscChunkedArrayQueue} (Nitsan Wakart). Producers claim an index with
 * a CAS; while the consumer keeps up, one chunk is reused as a ring; when its ring is full and the
 * queue is below its bound, one producer marks the producer index (its low bit) and links a new
 * chunk of the same size, leaving a JUMP marker for the consumer in the old one. The protocol, its
 * invariants, orderings, linearization points and what a consumer may observe mid-link are written
 * down in the opening comment of {@code BaseMpscLinkedArrayQueue}, which all three MPSC
 * linked-array queues share; this class only chooses the chunk sizes (all equal) and the bound.
 *
 * <h2>Invariants of this variant</h2>
 * <ol>
 * <li>Every chunk has the initial chunk size; a chunk uses all but one slot of its ring (the slot
 * kept for the JUMP), so a chunk of size 2 holds one element at a time.</li>
 * <li>The queue holds at most {@link #capacity()} elements, and exactly that many fit: a producer
 * links a new chunk whenever the bound leaves room and the current ring does not.</li>
 * </ol>
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * Any number of producer threads; one consumer thread at a time. {@code poll()} and {@code peek()}
 * are not lock-free: they wait for a producer that has claimed the head slot but not yet written
 * it, and producers wait while another producer links a chunk (allocates it; in {@code fill}, also
 * asks its supplier). If allocating a chunk throws ({@link OutOfMemoryError} or anything
 * else), that offer throws it and the queue is left as before. {@code size()} counts claimed
 * slots. The iterator is weakly consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
public class MpscChunkedArrayQueue<E> extends BaseMpscLinkedArrayQueueFields<E> {
    /** JCTools' smallest bound. */
    private static final int MIN_CAPACITY = 4;
    /** JCTools' smallest chunk. */
    private static final int MIN_CHUNK = 2;
    /** The largest chunk the one-argument constructor picks. */
    private static final int MAX_DEFAULT_CHUNK = 1024;

    /**
     * Creates a queue holding at most {@code capacity} elements, rounded up to a power of two, in
     * chunks of an eighth of that (at least 2, at most 1024), as JCTools does.
     *
     * @param capacity the bound, in {@code [4, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscChunkedArrayQueue(int capacity) {
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
    public MpscChunkedArrayQueue(int initialCapacity, int maxCapacity) {
        this(initialCapacity, maxCapacity, Bound.ROUNDED);
    }

    /**
     * As {@link #MpscChunkedArrayQueue(int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED})
     * or exact ({@link Bound#EXACT}: offers fail when the queue holds {@code capacity} elements).
     *
     * @param capacity the requested capacity, in {@code [4, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public MpscChunkedArrayQueue(int capacity, Bound bound) {
        // The chunk size is worked out from any int; the bound's check throws before super runs.
        super(defaultChunkSize(capacity), boundOf("capacity", capacity, Bound.exact(bound)));
    }

    /**
     * As {@link #MpscChunkedArrayQueue(int, int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED}) or exact ({@link Bound#EXACT}: offers fail when the queue holds
     * {@code maxCapacity} elements); the chunk size is a power of two below the capacity's in both.
     *
     * @param initialCapacity the requested chunk size, rounded up to a power of two
     * @param maxCapacity the requested capacity, in {@code [4, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if an argument is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public MpscChunkedArrayQueue(int initialCapacity, int maxCapacity, Bound bound) {
        super(chunkOf(initialCapacity, maxCapacity), boundOf("maxCapacity", maxCapacity, Bound.exact(bound)));
    }

    /** The bound of a queue of {@code capacity} (the argument {@code name}), checked. */
    static long boundOf(String name, int capacity) {
        return boundOf(name, capacity, false);
    }

    /** The bound of a queue of {@code capacity} (the argument {@code name}), rounded or exact, checked. */
    static long boundOf(String name, int capacity, boolean exact) {
        return bound(Args.capacity(name, capacity, MIN_CAPACITY, exact));
    }

    /** The chunk size of the two-argument constructors, checked. */
    static int chunkOf(int initialCapacity, int maxCapacity) {
        return Args.pow2Below("initialCapacity", initialCapacity, MIN_CHUNK, "maxCapacity",
                Args.pow2Capacity("maxCapacity", maxCapacity, MIN_CAPACITY));
    }

    /**
     * An eighth of the requested bound (not of the rounded one), rounded up to a power of two,
     * within [2, 1024]: JCTools' one-argument constructor picks the same.
     */
    static int defaultChunkSize(int capacity) {
        return Math.max(MIN_CHUNK, Math.min(MAX_DEFAULT_CHUNK, ceilPow2(capacity / 8)));
    }

    @Override
    final int nextChunkSize(int chunkSize) {
        return chunkSize;
    }
}
