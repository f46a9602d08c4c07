package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * What the multi-producer array queues share: producers claim an index before they write its
 * slot, so a {@code fill} can ask its supplier only once it holds a slot, and must give the slot
 * back when the supplier fails.
 * <p>
 * Giving back: if no producer has claimed past the abandoned index {@code p}, a CAS of the
 * producer index from {@code p + 1} back to {@code p} withdraws the claim and the queue is
 * exactly as before. Otherwise the producer publishes {@link #SKIP} in the slot, as if it were an
 * element, and consumers step over it: they clear the slot and move past the index without
 * returning anything. A consumer waiting on a withdrawn claim sees the producer index back at its
 * own and reports empty. Either way the failure path allocates nothing, so it works under
 * {@link OutOfMemoryError} too, and it runs for any {@link Throwable} the supplier throws,
 * checked exceptions thrown sneakily included.
 *
 * @param <E> the type of the elements
 */
abstract class ClaimingArrayQueue<E> extends CircularArrayQueue<E> {
    /**
     * Published in the slot of a claim whose {@code fill} supplier failed, when the claim could
     * not be withdrawn: "step over this index". Compared by identity; never returned to a caller.
     */
    static final Object SKIP = new Object();

    ClaimingArrayQueue(int capacity) {
        super(capacity);
    }

    /** Claims the next producer index, or returns -1 if the queue is full. */
    abstract long claim(int mask);

    /** Writes the element of claimed index {@code p}, making it visible to consumers. */
    abstract void publish(long p, int mask, E e);

    abstract boolean casProducerIndex(long expect, long update);

    /**
     * {@inheritDoc}
     * <p>
     * Claims a slot before asking the supplier, so it never takes an element it has no room for.
     * If the supplier then returns null or throws (anything, checked exceptions included), the
     * claim is withdrawn, or, if other producers have claimed later slots meanwhile, marked for
     * consumers to step over; the elements supplied before stay in the queue. (A subclass may
     * claim the whole batch at once; the failed index and those after it are given back alike.)
     */
    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        final int mask = this.mask;
        for (int i = 0; i < limit; i++) {
            final long p = claim(mask);
            if (p < 0) {
                return i;
            }
            supply(s, p, p + 1, mask, i);
        }
        return limit;
    }

    /**
     * Asks {@code s} for the elements of the claimed indices {@code [from, to)} and publishes
     * them in order. If the supplier returns null or throws, the indices from the failed one on
     * are given back ({@link #abandon}) before the failure propagates; those before stay
     * published.
     *
     * @param done how many elements this fill supplied before {@code from}, for the message
     */
    final void supply(Supplier<E> s, long from, long to, int mask, int done) {
        for (long p = from; p < to; p++) {
            E e = null;
            try {
                e = s.get();
            } finally {
                if (e == null) {
                    abandon(p, to, mask);
                }
            }
            if (e == null) {
                throw Args.nullSupplied(done + (int) (p - from));
            }
            publish(p, mask, e);
        }
    }

    /**
     * Cold path of fill: gives back the claimed indices {@code [from, to)}, never to be written.
     * Withdrawn by one CAS if no producer claimed past them, else each published as SKIP.
     */
    private void abandon(long from, long to, int mask) {
        if (!casProducerIndex(to, from)) {
            @SuppressWarnings("unchecked")
            final E skip = (E) SKIP;
            for (long p = from; p < to; p++) {
                publish(p, mask, skip);
            }
        }
    }

    /** {@inheritDoc} A skipped index is not present. */
    @Override
    E elementIfPresent(long index) {
        final E e = super.elementIfPresent(index);
        return e == SKIP ? null : e;
    }
}
