package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * A bounded single-producer single-consumer queue on a ring of references, padded against false
 * sharing: the producer's and the consumer's fields in 128-byte regions of their own (see
 * {@code package-info}). For the algorithm, its invariants, orderings and linearization points, see
 * {@code BaseSpscArrayQueue}, which this class shares with {@link SpscUnpaddedArrayQueue}, the
 * compact edition for programs that hold many queues.
 * <p>
 * One producer thread and one consumer thread at a time. The relaxed methods are the strict ones:
 * nothing here can fail spuriously. The iterator is weakly consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
public class SpscArrayQueue<E> extends SpscArrayQueueFields<E> {
    /**
     * Creates a queue holding at least {@code capacity} elements: the capacity is rounded up to a
     * power of two, and to no less than 4 (as JCTools does).
     *
     * @param capacity the requested capacity, at most 2^30; as in JCTools, anything below 4 (0 and
     *     negative values included) gives a capacity of 4
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public SpscArrayQueue(int capacity) {
        this(capacity, Bound.ROUNDED);
    }

    /**
     * Creates a queue holding {@code capacity} elements: rounded up to a power of two with
     * {@link Bound#ROUNDED}, as the one-argument constructor does, or exactly with
     * {@link Bound#EXACT}.
     *
     * @param capacity the requested capacity, in {@code [1, 2^30]} (rounded: any request below 4
     *     gives 4, as in JCTools; exact: from 1)
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpscArrayQueue(int capacity, Bound bound) {
        super(Bound.exact(bound) ? Args.capacity("capacity", capacity, 1, true)
                : Args.pow2Capacity("capacity", Math.max(capacity, 4), 4));
    }
}
