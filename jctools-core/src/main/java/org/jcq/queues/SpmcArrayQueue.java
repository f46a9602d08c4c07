package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * A bounded single-producer multi-consumer queue on a ring of references, padded against false
 * sharing: the mirror image of {@link MpscArrayQueue}. The algorithm, its invariants, orderings,
 * batches and departures from {@link java.util.Queue} are in {@code BaseSpmcArrayQueue}'s note,
 * shared with the compact edition, {@link SpmcUnpaddedArrayQueue}. One producer thread at a time;
 * any number of consumer threads; {@code offer} may wait for a consumer that has claimed the slot
 * it needs but not cleared it yet ({@code relaxedOffer} never waits).
 *
 * @param <E> the type of the elements
 */
public class SpmcArrayQueue<E> extends SpmcArrayQueueFields<E> {
    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]} (0 gives a capacity of 1, as in
     *     JCTools)
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public SpmcArrayQueue(int capacity) {
        this(capacity, Bound.ROUNDED);
    }

    /**
     * Creates a queue holding {@code capacity} elements: rounded up to a power of two with
     * {@link Bound#ROUNDED}, as the one-argument constructor does, or exactly with
     * {@link Bound#EXACT}.
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]} (rounded: 0 gives a capacity of
     *     1, as in JCTools; exact: at least 1)
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpmcArrayQueue(int capacity, Bound bound) {
        super(Args.capacity("capacity", capacity, 0, Bound.exact(bound)));
    }
}
