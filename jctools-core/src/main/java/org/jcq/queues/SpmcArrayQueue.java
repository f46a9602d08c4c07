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
        super(Args.pow2Capacity("capacity", capacity, 0));
    }
}
