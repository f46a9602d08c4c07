package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * A bounded multi-producer multi-consumer queue on a ring of references with a sequence number
 * per slot, padded against false sharing: each index in a 128-byte region of its own (see
 * {@code package-info}). For the algorithm, its invariants, orderings and linearization points,
 * see {@code BaseMpmcArrayQueue}, which this class shares with {@link MpmcUnpaddedArrayQueue}, the
 * compact edition for programs that hold many queues.
 * <p>
 * Any number of producer and consumer threads. {@code poll()} waits for a producer that has
 * claimed the head but not yet published it, and {@code offer} for a consumer that has claimed a
 * slot's previous lap but not yet freed it; the relaxed methods never wait. The iterator is weakly
 * consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
public class MpmcArrayQueue<E> extends MpmcArrayQueueFields<E> {
    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpmcArrayQueue(int capacity) {
        this(capacity, Bound.ROUNDED);
    }

    /**
     * Creates a queue holding {@code capacity} elements: rounded up to a power of two with
     * {@link Bound#ROUNDED}, as the one-argument constructor does, or exactly with
     * {@link Bound#EXACT}.
     *
     * @param capacity the requested capacity, in {@code [2, 2^30]} (exact: from 1)
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public MpmcArrayQueue(int capacity, Bound bound) {
        super(Args.capacity("capacity", capacity, Bound.exact(bound) ? 1 : 2, Bound.exact(bound)));
    }
}
