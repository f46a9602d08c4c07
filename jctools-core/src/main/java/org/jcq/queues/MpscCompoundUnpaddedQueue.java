package org.jcq.queues;

/**
 * The compact edition of {@link MpscCompoundQueue}: the same algorithm
 * ({@code BaseMpscCompoundQueue}), the same guarantees, with no padding, on
 * {@link MpscUnpaddedArrayQueue} lanes. For programs that hold many such queues; under steady
 * contention from many cores, which is what a compound queue is for, pick {@link MpscCompoundQueue}.
 *
 * @param <E> the type of the elements
 */
public class MpscCompoundUnpaddedQueue<E> extends BaseMpscCompoundQueue<E> {
    /** The lane the consumer looks at first. */
    private int consumerLane;

    /**
     * Creates a queue of at least {@code capacity} elements in as many lanes as the machine has
     * processors (rounded down to a power of two).
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]}, rounded up to a power of two
     * @throws IllegalArgumentException if {@code capacity} is out of range or, rounded up, below
     *     the number of lanes
     */
    public MpscCompoundUnpaddedQueue(int capacity) {
        this(capacity, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Creates a queue of at least {@code capacity} elements in {@code queueParallelism} lanes
     * (rounded down to a power of two).
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]}, rounded up to a power of two
     * @param queueParallelism the number of lanes, at least 1
     * @throws IllegalArgumentException if an argument is out of range, or the rounded capacity is
     *     below the number of lanes
     */
    public MpscCompoundUnpaddedQueue(int capacity, int queueParallelism) {
        this(capacity, queueParallelism, Bound.ROUNDED);
    }

    /**
     * As {@link #MpscCompoundUnpaddedQueue(int, int)}, with the capacity rounded up to a power of two
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
    public MpscCompoundUnpaddedQueue(int capacity, int queueParallelism, Bound bound) {
        super(capacity, queueParallelism, bound, MpscUnpaddedArrayQueue::new);
    }

    @Override
    final int lpConsumerLane() {
        return consumerLane;
    }

    @Override
    final void spConsumerLane(int lane) {
        consumerLane = lane;
    }
}
