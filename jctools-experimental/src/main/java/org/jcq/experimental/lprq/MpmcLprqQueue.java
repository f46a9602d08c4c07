package org.jcq.experimental.lprq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.Args;
import org.jcq.internal.VarHandles;

/**
 * An unbounded multi-producer multi-consumer queue: LPRQ (Romanov and Koval, PPoPP 2023), a list of
 * PRQ rings ({@link PrqRing}: one fetch-and-add per operation, CAS only on the operation's own
 * cell, no double-width CAS). Experimental: on trial against {@code MpmcUnboundedXaddArrayQueue}
 * and {@code MpmcArrayQueue}, see the package notes.
 *
 * <h2>The list</h2>
 * Producers add to the tail ring; one that finds it closed (full) links a new ring holding its
 * element at the first cell (CAS of the closed ring's {@code next} from null), then swings
 * {@code tailRing} (CAS; others that see the link help). Consumers take from the head ring; one
 * that finds it empty while it has a next ring looks once more (an offer that took a ticket
 * before the close may have completed since), then moves {@code headRing} on (CAS). The consumer
 * that moved it first moves {@code tailRing} off the old ring if it still points there, then links
 * the old ring to itself: a dead ring then references no live one (no nepotism), and a thread that
 * still holds it and reads that link knows to read {@code headRing} or {@code tailRing} again.
 * <p>
 * Invariants: the rings from {@code headRing} along {@code next} are in ticket order, each closed
 * but the last; an element is in exactly one ring; a closed ring takes no element. Orderings: the
 * fields below are read volatile and changed by CAS (a release store for the self-link, after
 * both CASes that make it unreachable from the fields); a new ring's cells are written before the
 * CAS that links it. Departures from {@code MpmcUnboundedXaddArrayQueue}: as
 * {@link MpmcPrqArrayQueue}'s (given-up tickets counted by {@code size()}; poll gives up a slow
 * offer's ticket after its patience; no iterator), and each full ring is replaced by a new one
 * (no pool).
 *
 * @param <E> the type of the elements
 */
public class MpmcLprqQueue<E> extends PrqQueue<E> {
    /** Cells per ring when none is given: the size the paper measured with. */
    public static final int DEFAULT_RING_SIZE = 1024;

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle HEAD_RING = VarHandles.field(LOOKUP, MpmcLprqQueue.class, "headRing", PrqRing.class);
    private static final VarHandle TAIL_RING = VarHandles.field(LOOKUP, MpmcLprqQueue.class, "tailRing", PrqRing.class);

    private final int ringSize;
    private PrqRing headRing;
    private PrqRing tailRing;

    /** A queue of rings of {@link #DEFAULT_RING_SIZE} cells. */
    public MpmcLprqQueue() {
        this(DEFAULT_RING_SIZE);
    }

    /**
     * @param ringSize cells per ring, rounded up to a power of two, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code ringSize} is out of range
     */
    public MpmcLprqQueue(int ringSize) {
        this.ringSize = Args.pow2Capacity("ringSize", ringSize, 2);
        final PrqRing first = new PrqRing(this.ringSize, 0);
        // Constructor: the queue reaches other threads through a later safe publication.
        headRing = first;
        tailRing = first;
    }

    private PrqRing lvHeadRing() {
        return (PrqRing) HEAD_RING.getVolatile(this);
    }

    private PrqRing lvTailRing() {
        return (PrqRing) TAIL_RING.getVolatile(this);
    }

    private boolean casHeadRing(PrqRing expect, PrqRing update) {
        return HEAD_RING.compareAndSet(this, expect, update);
    }

    private boolean casTailRing(PrqRing expect, PrqRing update) {
        return TAIL_RING.compareAndSet(this, expect, update);
    }

    /** @return the cells per ring (the requested size rounded up to a power of two) */
    public int ringSize() {
        return ringSize;
    }

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final Object v = box(e);
        while (true) {
            final PrqRing ring = lvTailRing();
            final PrqRing next = ring.lvNext();
            if (next != null) {
                if (next != ring) {
                    casTailRing(ring, next);
                }
                continue;
            }
            if (ring.enqueue(v, false) == PrqRing.ADDED || append(ring, v)) {
                return true;
            }
        }
    }

    /** Cold path: {@code ring} is closed; links a new ring holding {@code v}, unless another did. */
    private boolean append(PrqRing ring, Object v) {
        if (ring.lvNext() != null) {
            return false;
        }
        final PrqRing fresh = new PrqRing(ringSize, ring.nextStart(), v);
        if (ring.casNext(null, fresh)) {
            casTailRing(ring, fresh);
            return true;
        }
        return false;
    }

    @Override
    public E poll() {
        while (true) {
            final PrqRing ring = lvHeadRing();
            Object v = ring.dequeue();
            if (v != null) {
                return unbox(v);
            }
            final PrqRing next = ring.lvNext();
            if (next == null) {
                return null;
            }
            if (next == ring) {
                continue;
            }
            v = ring.dequeue();
            if (v != null) {
                return unbox(v);
            }
            if (casHeadRing(ring, next)) {
                retire(ring, next);
            }
        }
    }

    /** The consumer that moved the head ring off {@code ring}: unlinks it (see the class notes). */
    private void retire(PrqRing ring, PrqRing next) {
        if (lvTailRing() == ring) {
            casTailRing(ring, next);
        }
        ring.soNext(ring);
    }

    @Override
    public E peek() {
        restart:
        while (true) {
            PrqRing ring = lvHeadRing();
            while (true) {
                Object v = ring.peek();
                if (v != null) {
                    return unbox(v);
                }
                final PrqRing next = ring.lvNext();
                if (next == null) {
                    return null;
                }
                if (next == ring) {
                    continue restart;
                }
                v = ring.peek();
                if (v != null) {
                    return unbox(v);
                }
                ring = next;
            }
        }
    }

    /** {@inheritDoc} The sum over the rings from the head ring, each as {@link PrqRing#size()}. */
    @Override
    public int size() {
        long size = 0;
        PrqRing ring = lvHeadRing();
        while (ring != null && size < Integer.MAX_VALUE) {
            size += ring.size();
            final PrqRing next = ring.lvNext();
            if (next == ring) {
                // Retired while this walked: start again from the live rings.
                size = 0;
                ring = lvHeadRing();
            } else {
                ring = next;
            }
        }
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    @Override
    public int capacity() {
        return UNBOUNDED_CAPACITY;
    }

    /** {@inheritDoc} At most as many as {@link #size()} said first. */
    @Override
    public int drain(Consumer<E> c) {
        return drain(c, size());
    }

    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        for (int i = 0; i < limit; i++) {
            final E e = s.get();
            if (e == null) {
                throw Args.nullSupplied(i);
            }
            offer(e);
        }
        return limit;
    }

    /** {@inheritDoc} A ring's worth. */
    @Override
    public int fill(Supplier<E> s) {
        return fill(s, ringSize);
    }
}
