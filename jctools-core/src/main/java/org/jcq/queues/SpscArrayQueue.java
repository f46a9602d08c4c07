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
        super(Args.pow2Capacity("capacity", Math.max(capacity, 4), 4));
    }
}
