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

    /**
     * Writes the element of claimed index {@code p}, whose slot is {@code slot} of the ring
     * {@code buffer} (passed in from a local: a loop that reloaded the field after each release
     * store would check the array's bounds and class at every element), making it visible to
     * consumers.
     */
    abstract void publish(Object[] buffer, int slot, long p, E e);

    abstract boolean casProducerIndex(long expect, long update);

    /**
     * Asks {@code s} for the elements of the claimed indices {@code [from, to)} and publishes
     * them in order. If the supplier returns null or throws (anything, checked exceptions
     * included), the indices from the failed one on are given back ({@link #abandon}) before the
     * failure propagates; those before stay published. So a fill never takes an element it has no
     * room for.
     * <p>
     * Two loop shapes, one algorithm: which one the JIT compiles better depends on the JDK
     * ({@link IndexedQueue#LATE_BARRIERS}). Where G1's barriers are expanded late, runs of slots
     * that do not wrap around the ring (counted loops over array indices: the ring's bounds and
     * class checked once per run) are the faster. Before that, C2 (JDK 17 read in perfasm) stores
     * seven of the runs loop's values to the stack and reloads them at every element, around the
     * element store's barrier, while one counter over the claimed indices, the slot computed from
     * each, compiles to a counted loop in registers; measured side by side in
     * {@code docs/measurements/2026-11-29-mpsc-batches.md}.
     *
     * @param done how many elements this fill supplied before {@code from}, for the message
     */
    void supply(Supplier<E> s, long from, long to, int mask, int done) {
        if (LATE_BARRIERS) {
            supplyRuns(s, from, to, mask, done);
        } else {
            supplyEach(s, from, to, mask, done);
        }
    }

    /** {@link #supply} as runs of slots: two counters, the index and the slot. */
    private void supplyRuns(Supplier<E> s, long from, long to, int mask, int done) {
        final Object[] buffer = this.buffer;
        long p = from;
        // One try for the whole batch, not one per element: the loop keeps fewer values live.
        try {
            while (p < to) {
                final int first = slot(p, mask);
                final int end = first + (int) Math.min(to - p, runLength(p, mask));
                for (int slot = first; slot < end; slot++) {
                    publish(buffer, slot, p, supplied(s, done + (int) (p - from)));
                    p++;
                }
            }
        } finally {
            giveBackUnsupplied(p, to, mask);
        }
    }

    /** {@link #supply} as one loop over the claimed indices, the slot computed from each. */
    private void supplyEach(Supplier<E> s, long from, long to, int mask, int done) {
        final Object[] buffer = this.buffer;
        final int n = (int) (to - from);
        int k = 0;
        try {
            for (; k < n; k++) {
                publish(buffer, slot(from + k, mask), from + k, supplied(s, done + k));
            }
        } finally {
            giveBackUnsupplied(from + k, to, mask);
        }
    }

    /**
     * Ends a fill's claimed run {@code [p, to)} that the supplier did not complete (it returned
     * null or threw anything, checked exceptions included): gives the rest back ({@link #abandon}).
     * Nothing to do when {@code p == to}.
     */
    final void giveBackUnsupplied(long p, long to, int mask) {
        if (p < to) {
            abandon(p, to, mask);
        }
    }

    /**
     * Cold path of fill: gives back the claimed indices {@code [from, to)}, never to be written.
     * Withdrawn by one CAS if no producer claimed past them (then {@link #freed()}: they are room
     * again), else each published as SKIP.
     */
    private void abandon(long from, long to, int mask) {
        if (casProducerIndex(to, from)) {
            // The withdrawn slots are room again.
            freed();
        } else {
            @SuppressWarnings("unchecked")
            final E skip = (E) SKIP;
            for (long p = from; p < to; p++) {
                publish(buffer, slot(p, mask), p, skip);
            }
        }
    }

    /** {@inheritDoc} A skipped index, or a removed element's, is not present. */
    @Override
    E elementIfPresent(long index) {
        final E e = super.elementIfPresent(index);
        return e == SKIP || e == REMOVED ? null : e;
    }
}
