package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * A bounded single-producer single-consumer queue that starts on a small array and doubles it,
 * chunk by chunk, until one array holds the whole bound; from then on it is a ring of that size.
 * <p>
 * Algorithm: {@link SpscUnboundedArrayQueue}'s chunk chain with each new chunk twice the size of
 * the last, ending in {@link SpscArrayQueue}'s ring, as in JCTools' {@code SpscGrowableArrayQueue}.
 * The hot paths, the link protocol (the JUMP marker, the next-chunk link, what the consumer sees
 * mid-link), the orderings and the GC notes are those of {@code BaseSpscLinkedArrayQueue}, whose
 * notes this class shares.
 *
 * <h2>Growing</h2>
 * While its chunk is smaller than the bound, the producer finds room as
 * {@link SpscUnboundedArrayQueue} does, and links a chunk of twice the size when the slot of
 * {@code p} is the last free one. The chunk whose capacity is the bound is the last: it never
 * links another, so it needs no free slot for a JUMP and is used to its last slot. There the
 * producer probes ahead, then checks the slot of {@code p} itself: taken means full.
 * <p>
 * While the consumer trails on older chunks, the last chunk's slots are all free, so the producer
 * also checks the bound as {@link SpscChunkedArrayQueue} does (a cached consumer index plus the
 * capacity, re-read when reached): it refuses at {@code capacity} elements, however many of them
 * are still in older chunks, and succeeds again as soon as the consumer moves. Once it sees the
 * consumer's buffer be the last chunk (acquire, pairing with the consumer's release store when it
 * crosses), every element is in that chunk, the slots alone tell the truth, and the producer
 * settles: it stops reading the consumer index, whose line the consumer writes on every poll (as
 * {@link SpscArrayQueue}, and as JCTools' growable queue does once its consumer catches up).
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>Those of {@code BaseSpscLinkedArrayQueue}, with
 * {@code producerIndex <= consumerIndex + capacity}.</li>
 * <li>Chunk capacities double along the chain up to the bound. Before the last chunk the queue
 * cannot reach its bound: chunks of capacities {@code C, 2C, ..., capacity / 2} hold fewer than
 * {@code capacity - C} elements together, so those offers never check it.</li>
 * <li>In the last chunk, the slot of index {@code i} held index {@code i - capacity} (consumed, as
 * {@code i < consumerIndex + capacity}) or nothing (it is the chunk's first lap).</li>
 * </ol>
 * <b>Not</b> invariant: a slot may be consumed but not yet cleared (the consumer stores its index
 * first). In the last chunk an offer that finds it taken fails, as if the poll had not happened
 * yet; in an earlier chunk the producer links the next one instead.
 *
 * <h2>Linearization points</h2>
 * offer: the release store of the element, or of the JUMP when it links a chunk; a failed offer:
 * the consumer-index load that showed the queue full, or the slot load that showed it taken.
 * poll: the acquire load of the slot that returned the element or the JUMP leading to it.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * One producer thread and one consumer thread at a time. {@code size()} is an estimate (see
 * {@link MessagePassingQueue#size()}). The arrays never shrink. The iterator is weakly consistent
 * and does not remove. The relaxed methods are the strict ones.
 *
 * @param <E> the type of the elements
 */
public class SpscGrowableArrayQueue<E> extends BaseSpscLinkedArrayQueueFields<E> {
    /**
     * Creates a queue holding {@code capacity} elements, rounded up to a power of two, starting on
     * an array of an eighth of that (at least 8), as JCTools does.
     *
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public SpscGrowableArrayQueue(int capacity) {
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
    public SpscGrowableArrayQueue(int initialCapacity, int capacity) {
        this(initialCapacity, capacity, Bound.ROUNDED);
    }

    /**
     * As {@link #SpscGrowableArrayQueue(int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED})
     * or exact ({@link Bound#EXACT}: offers fail when the queue holds {@code capacity} elements).
     *
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpscGrowableArrayQueue(int capacity, Bound bound) {
        this(defaultChunkSize(capacity), capacity, bound);
    }

    /**
     * As {@link #SpscGrowableArrayQueue(int, int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED}) or exact ({@link Bound#EXACT}: offers fail when the queue holds
     * {@code capacity} elements); the first chunk's size is a power of two below the capacity's in both.
     *
     * @param initialCapacity the requested first chunk's size, rounded up to a power of two
     * @param capacity the requested capacity, in {@code [16, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if an argument is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpscGrowableArrayQueue(int initialCapacity, int capacity, Bound bound) {
        super(firstChunkOf(initialCapacity, capacity), boundOf(capacity, Bound.exact(bound)));
    }

    /**
     * The first chunk's size for {@code initialCapacity} under a bound of {@code capacity},
     * checking {@code capacity} first, then {@code initialCapacity} (both constructors' checks,
     * shared with {@link SpscGrowableUnpaddedArrayQueue}).
     */
    static int firstChunkOf(int initialCapacity, int capacity) {
        return Args.pow2Below("initialCapacity", initialCapacity, 8, "capacity", boundOf(capacity));
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
