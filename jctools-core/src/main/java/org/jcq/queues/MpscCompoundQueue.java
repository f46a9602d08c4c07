package org.jcq.queues;

/**
 * A bounded multi-producer single-consumer queue made of several {@link MpscArrayQueue}s
 * ("lanes"): a producer offers to the lane its thread picks, the consumer takes from the lanes in
 * turn. For many producers on many cores, where one shared producer index would be the bottleneck;
 * the algorithm, its invariants and orderings are in {@code BaseMpscCompoundQueue}'s note, shared
 * with the compact edition, {@link MpscCompoundUnpaddedQueue}. JCTools'
 * {@code MpscCompoundQueue}, with its constructors, capacity rules and semantics.
 * <p>
 * Unlike every other MPSC queue here, a producer's elements keep their order only while its lane
 * has room: one whose lane is full offers to the other lanes, whose elements the consumer may take
 * first (as in JCTools). {@code drain} and {@code fill} work lane by lane.
 *
 * @param <E> the type of the elements
 */
public class MpscCompoundQueue<E> extends MpscCompoundQueueFields<E> {
    /**
     * Creates a queue of at least {@code capacity} elements in as many lanes as the machine has
     * processors (rounded down to a power of two), as JCTools' does.
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]}, rounded up to a power of two
     * @throws IllegalArgumentException if {@code capacity} is out of range or, rounded up, below
     *     the number of lanes
     */
    public MpscCompoundQueue(int capacity) {
        this(capacity, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Creates a queue of at least {@code capacity} elements in {@code queueParallelism} lanes
     * (rounded down to a power of two), each of capacity {@code capacity / lanes}.
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]}, rounded up to a power of two
     * @param queueParallelism the number of lanes, at least 1 (JCTools takes 0 and builds a queue
     *     whose every operation then throws; here it is rejected)
     * @throws IllegalArgumentException if an argument is out of range, or the rounded capacity is
     *     below the number of lanes
     */
    public MpscCompoundQueue(int capacity, int queueParallelism) {
        this(capacity, queueParallelism, Bound.ROUNDED);
    }

    /**
     * As {@link #MpscCompoundQueue(int, int)}, with the capacity rounded up to a power of two
     * ({@link Bound#ROUNDED}) or exact ({@link Bound#EXACT}: offers fail when the queue holds
     * {@code capacity} elements, spread over lanes whose bounds differ by one at most).
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]} (exact: {@code [1, 2^30]}), at
     *     least the number of lanes
     * @param queueParallelism the number of lanes, at least 1, rounded down to a power of two
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if an argument is out of range, or the capacity is below
     *     the number of lanes
     * @throws NullPointerException if {@code bound} is null
     */
    public MpscCompoundQueue(int capacity, int queueParallelism, Bound bound) {
        super(capacity, queueParallelism, bound);
    }
}
