package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * A bounded multi-producer single-consumer queue on a ring of references, padded against false
 * sharing: each hot index in a 128-byte region of its own (see {@code package-info}). For the
 * algorithm, its invariants, orderings and linearization points, see {@code BaseMpscArrayQueue},
 * which this class shares with {@link MpscUnpaddedArrayQueue}, the compact edition for programs
 * that hold many queues.
 * <p>
 * Any number of producer threads; one consumer thread at a time. {@code poll()} and
 * {@code peek()} wait for a producer that has claimed the head slot but not yet written it;
 * {@code relaxedPoll()} and {@code relaxedPeek()} never wait. {@code size()} counts claimed slots.
 * The iterator is weakly consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
public class MpscArrayQueue<E> extends MpscArrayQueueFields<E> {
    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]} (0 gives a capacity of 1, as in
     *     JCTools)
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscArrayQueue(int capacity) {
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
    public MpscArrayQueue(int capacity, Bound bound) {
        super(Args.capacity("capacity", capacity, 0, Bound.exact(bound)));
    }
}
