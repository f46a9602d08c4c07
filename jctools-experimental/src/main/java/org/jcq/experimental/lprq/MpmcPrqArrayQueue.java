package org.jcq.experimental.lprq;

import org.jcq.internal.Args;

/**
 * A bounded multi-producer multi-consumer queue on one PRQ ring (see {@link PrqRing} for the
 * algorithm, its invariants and orderings): every offer and poll takes a ticket with one
 * fetch-and-add and never retries a claim, where {@code MpmcArrayQueue} retries a CAS of its
 * index under contention. Experimental: on trial against {@code MpmcArrayQueue}, see
 * {@code docs/measurements/} and the package notes.
 *
 * <h2>Departures from {@code MpmcArrayQueue}</h2>
 * <ul>
 * <li>A ticket that could not be used (an offer that lost its cell to a dequeuer that gave up
 * waiting for it, or found the ring full after taking a ticket) is passed by a dequeuer later,
 * and counts in {@link #size()} and against the bound until then. So while offers fail
 * concurrently the queue may refuse with fewer than {@link #capacity()} elements in it, and
 * {@code size()} may count too many; used by one thread at a time, both are exact.</li>
 * <li>A poll waits for an offer that took the head's ticket and has not yet stored its element for
 * at most {@link PrqRing#PATIENCE} looks; then it gives the ticket up (the offer takes another)
 * and looks further. So {@code relaxedPoll} is {@code poll}.</li>
 * <li>{@link #peek()} may give up a slow offer's ticket in the same way, so that no element can
 * appear before the one it returns; {@link #isEmpty()} is {@code peek() == null}.</li>
 * <li>No iterator. A {@link Thread} offered as an element is boxed (one allocation).</li>
 * </ul>
 *
 * @param <E> the type of the elements
 */
public class MpmcPrqArrayQueue<E> extends PrqQueue<E> {
    private final PrqRing ring;

    /**
     * @param capacity the bound, rounded up to a power of two, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpmcPrqArrayQueue(int capacity) {
        this.ring = new PrqRing(Args.pow2Capacity("capacity", capacity, 2), 0);
    }

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        // Checked before a ticket is taken, so that offers to a full queue leave no given-up tickets.
        return !ring.looksFull() && ring.enqueue(box(e), true) == PrqRing.ADDED;
    }

    @Override
    public E poll() {
        return unbox(ring.dequeue());
    }

    @Override
    public E peek() {
        return unbox(ring.peek());
    }

    @Override
    public int size() {
        return ring.size();
    }

    @Override
    public int capacity() {
        return (int) ring.size;
    }

    @Override
    public int drain(Consumer<E> c) {
        return drain(c, capacity());
    }

    /**
     * {@inheritDoc}
     * <p>
     * Each element's cell is reserved (a ticket taken) before the supplier is asked for it. A
     * supplier that throws or returns null leaves that ticket given up: until a consumer passes it
     * (at once, without waiting), {@link #size()} counts it and the queue has one cell less.
     */
    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        for (int i = 0; i < limit; i++) {
            final int r = ring.enqueueFrom(s);
            if (r == PrqRing.FULL) {
                return i;
            }
            if (r == PrqRing.NULL_SUPPLIED) {
                throw Args.nullSupplied(i);
            }
        }
        return limit;
    }

    @Override
    public int fill(Supplier<E> s) {
        return fill(s, capacity());
    }
}
