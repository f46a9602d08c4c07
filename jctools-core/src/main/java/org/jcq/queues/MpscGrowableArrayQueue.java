package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * A bounded multi-producer single-consumer queue whose chunk doubles each time it is outgrown,
 * until one chunk holds the whole bound: a small queue while the backlog is small, and, once grown,
 * a plain ring with no further linking.
 * <p>
 * Algorithm: JCTools' {@code MpscGrowableArrayQueue} (Nitsan Wakart). Producers claim an index
 * with a CAS; while the consumer keeps up, one chunk is reused as a ring; when its ring is full and
 * the queue is below its bound, one producer marks the producer index (its low bit) and links a
 * chunk twice as large, leaving a JUMP marker for the consumer in the old one. The protocol, its
 * invariants, orderings, linearization points and what a consumer may observe mid-link are written
 * down in the opening comment of {@code BaseMpscLinkedArrayQueue}, which all three MPSC
 * linked-array queues share; this class only chooses the chunk sizes (doubling) and the bound.
 *
 * <h2>Invariants of this variant</h2>
 * <ol>
 * <li>Each chunk is twice the size of the one before; chunk sizes are powers of two from the
 * initial one up to {@link #capacity()}. A chunk below the bound uses all but one slot of its ring
 * (the one kept for the JUMP); the chunk of the bound's size uses all of it and never links.</li>
 * <li>The queue holds at most {@link #capacity()} elements, and exactly that many fit.</li>
 * <li>Once the consumer has left the smaller chunks, the queue keeps one chunk of the largest size
 * reached: a growable queue does not shrink.</li>
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
public class MpscGrowableArrayQueue<E> extends BaseMpscLinkedArrayQueueFields<E> {
    /** JCTools' smallest chunk. */
    private static final int MIN_CHUNK = 2;

    /**
     * Creates a queue holding at most {@code capacity} elements, rounded up to a power of two,
     * starting with a chunk of an eighth of that (at least 2), as JCTools does.
     *
     * @param capacity the bound, in {@code [4, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscGrowableArrayQueue(int capacity) {
        this(capacity, Bound.ROUNDED);
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
    public MpscGrowableArrayQueue(int initialCapacity, int maxCapacity) {
        this(initialCapacity, maxCapacity, Bound.ROUNDED);
    }

    /**
     * As {@link #MpscGrowableArrayQueue(int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED})
     * or exact ({@link Bound#EXACT}: offers fail when the queue holds {@code capacity} elements).
     *
     * @param capacity the requested capacity, in {@code [4, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public MpscGrowableArrayQueue(int capacity, Bound bound) {
        // The chunk size is worked out from any int; the bound's check throws before super runs.
        super(firstChunkSize(capacity), MpscChunkedArrayQueue.boundOf("capacity", capacity, Bound.exact(bound)));
    }

    /**
     * As {@link #MpscGrowableArrayQueue(int, int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED}) or exact ({@link Bound#EXACT}: offers fail when the queue holds
     * {@code maxCapacity} elements); the first chunk's size is a power of two below the capacity's in both.
     *
     * @param initialCapacity the requested first chunk's size, rounded up to a power of two
     * @param maxCapacity the requested capacity, in {@code [4, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if an argument is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public MpscGrowableArrayQueue(int initialCapacity, int maxCapacity, Bound bound) {
        super(MpscChunkedArrayQueue.chunkOf(initialCapacity, maxCapacity),
                MpscChunkedArrayQueue.boundOf("maxCapacity", maxCapacity, Bound.exact(bound)));
    }

    /** An eighth of the requested bound, rounded up to a power of two, at least 2: as JCTools. */
    static int firstChunkSize(int capacity) {
        return Math.max(MIN_CHUNK, ceilPow2(capacity / 8));
    }

    @Override
    final int nextChunkSize(int chunkSize) {
        return 2 * chunkSize;
    }
}
