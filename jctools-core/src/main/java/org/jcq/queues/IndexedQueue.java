package org.jcq.queues;

import java.util.AbstractQueue;

import org.jcq.internal.Args;

/**
 * What every queue built on two monotonic indices shares, whatever holds its elements (a ring, or
 * linked chunks): the progress indicators, size and emptiness from the indices, and the drain and
 * fill loops built on {@link #relaxedPoll()} and {@link #fill(Supplier, int)}. No fields, so it
 * adds nothing to any layout.
 *
 * @param <E> the type of the elements
 */
abstract class IndexedQueue<E> extends AbstractQueue<E> implements MessagePassingQueue<E>, QueueProgressIndicators {
    /**
     * Whether this JDK's C2 expands G1's write barriers late (JDK 24 on, JEP 475), after register
     * allocation. Batch loops that store references pick their shape by it (see
     * {@code ClaimingArrayQueue.supply}): a constant, so C2 compiles only the shape picked.
     */
    static final boolean LATE_BARRIERS = Runtime.version().feature() >= 24;

    /** Producer index, read with acquire: pairs with the producers' release store, CAS or fetch-and-add. */
    abstract long laProducerIndex();

    /** Consumer index, read with acquire: pairs with the consumers' release store or CAS. */
    abstract long laConsumerIndex();

    /**
     * What the queue is and where it stands, for logs and bug reports: its class, capacity (or
     * {@code unbounded}), size and progress indicators, e.g.
     * {@code org.jcq.queues.MpscArrayQueue@1b6d3586[capacity=1024, size=3, producerIndex=10, consumerIndex=7]}.
     * Not its elements, as in JCTools, whose queues print their class name alone.
     */
    @Override
    public String toString() {
        return QueueText.describe(this);
    }

    /**
     * {@inheritDoc}
     * <p>
     * At least the consumer index read after it. The SPSC queues' offer takes effect at its element
     * store, before its index store, and the consumer may take that element (and store its own
     * index) before the producer's index store is visible: the producer index alone could then lag
     * the consumer index by one. Reading the consumer index after it and reporting the larger
     * keeps {@code currentConsumerIndex() <= currentProducerIndex()} for a caller that reads them in
     * that order. (The other queues claim or publish the index first, so for them it changes
     * nothing.)
     */
    @Override
    public final long currentProducerIndex() {
        final long p = laProducerIndex();
        return Math.max(p, laConsumerIndex());
    }

    @Override
    public final long currentConsumerIndex() {
        return laConsumerIndex();
    }

    /**
     * {@inheritDoc}
     * <p>
     * Reads the consumer index, then the producer index, then the consumer index again until the
     * two consumer reads agree, so the difference is taken over one consistent consumer position;
     * less the removed elements whose slots consumers have not passed yet, if any.
     */
    @Override
    public final int size() {
        final int capacity = capacity();
        final long bound = capacity == UNBOUNDED_CAPACITY ? Integer.MAX_VALUE : capacity;
        long after = laConsumerIndex();
        while (true) {
            final long before = after;
            final long p = laProducerIndex();
            after = laConsumerIndex();
            if (before == after) {
                final int removed = lvRemoved();
                final long size = p - after - removed;
                if (size <= 0) {
                    // Removed slots may be counted twice for a moment (see isEmpty): look.
                    return removed != 0 && p > after && !lookEmpty() ? 1 : 0;
                }
                return (int) Math.min(size, bound);
            }
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Reads the consumer index before the producer index; both only grow, so the answer was true
     * at the moment of the second read if it says empty, and at the first if it says not. This
     * agrees with {@code offer} where offer takes effect at its index store (a claim); the SPSC
     * queues, whose offer takes effect at the element store, look at the slot instead.
     * <p>
     * Where removed elements' slots are still in the queue ({@link #lvRemoved}, the MPMC blocking
     * queues), they are not counted. A consumer that claims such a slot counts it off a moment
     * after its claim, so for that moment the slot is counted twice (passed by the consumer index
     * and still in the count): when the count says there may be nothing left, the queue is walked
     * ({@link #lookEmpty}), so it never says empty while an element is in it.
     */
    @Override
    public boolean isEmpty() {
        final long c = laConsumerIndex();
        final long p = laProducerIndex();
        if (c >= p) {
            return true;
        }
        final int removed = lvRemoved();
        return removed != 0 && c + removed >= p && lookEmpty();
    }

    /**
     * Cold path of {@link #isEmpty} and {@link #size} while removed slots are in the queue: walks
     * from the consumer index towards the producer index, read again each time the walk gets
     * there, and says empty only if the walk catches up with it finding nothing but removed
     * slots and indices the consumers passed. An element found, or an index claimed by a producer
     * and not yet published, is an element in the queue (as for the counting answer). The walk
     * chases the producers, so every element in the queue throughout it is met (or, taken first,
     * a later one is). Overridden by the queues that remove from any position.
     */
    boolean lookEmpty() {
        return !iterator().hasNext();
    }

    @SuppressWarnings("unchecked")
    static <E> E cast(Object e) {
        return (E) e;
    }

    /**
     * The supplier's next element for a fill; null (a broken supplier) is refused with the
     * exception that names how many elements the fill added before ({@code done}).
     */
    static <E> E supplied(Supplier<E> s, int done) {
        final E e = s.get();
        if (e == null) {
            throw Args.nullSupplied(done);
        }
        return e;
    }

    /**
     * What a removal from the middle ({@code remove(Object)} of an MPMC blocking queue) leaves in
     * the slot of the element it removed; the index's consumer claims it as any other, counts it
     * off {@link #lvRemoved} and goes on without an element. Never returned to a caller.
     */
    static final Object REMOVED = new Object();

    /**
     * How many {@code remove(Object)} calls scan this queue, read (volatile) by a consumer after
     * the CAS that claimed its index: the MPMC blocking queues' count; always 0 here, where no
     * element is removed but from the head.
     */
    int lvRemovers() {
        return 0;
    }

    /** Adds {@code delta} to the count {@link #lvRemovers} reads (atomic); MPMC blocking queues only. */
    void addRemovers(int delta) {
        throw new UnsupportedOperationException();
    }

    /**
     * Whether {@link #REMOVED} marks can be in this queue's slots (the MPMC blocking queues, whose
     * {@code remove(Object)} leaves them); false here. Constant per class, so a consumer of any
     * other queue compiles its look for a mark away.
     */
    boolean marksRemoved() {
        return false;
    }

    /**
     * How many {@link #REMOVED} marks are in slots consumers have not passed yet (volatile), so
     * that {@link #size()} and {@link #isEmpty()} do not count removed elements; always 0 here.
     */
    int lvRemoved() {
        return 0;
    }

    /** Adds {@code delta} to the count {@link #lvRemoved} reads (atomic); MPMC blocking queues only. */
    void addRemoved(int delta) {
        throw new UnsupportedOperationException();
    }

    /**
     * For the iterator's {@code remove}: removes {@code e} (by identity) if it is still in the
     * queue; throws {@link UnsupportedOperationException} unless the queue removes from any
     * position (the MPMC blocking queues).
     */
    void removeReturned(Object e) {
        throw new UnsupportedOperationException("remove: this queue removes only from its head");
    }

    /**
     * Called by the producing paths each time they have made an element visible to consumers
     * (after an {@code offer}'s store, after each element a {@code fill} stores), and after a
     * failed fill published what consumers must step over. Empty here; the blocking queues wake a
     * consumer waiting for an element (see {@code Parking}). Out of line, so offer stays small; a
     * program that loads no blocking queue pays nothing for the call (class hierarchy analysis).
     */
    void added() {
    }

    /**
     * Called by the consuming and claiming paths each time they free a slot for the producers: a
     * take (of an element, or of a skipped index), or a claim withdrawn by a failed {@code fill}.
     * Empty here; the bounded blocking queues wake a producer waiting for room (see
     * {@code Parking}).
     */
    void freed() {
    }

    // What the batch paths below need from a queue: each queue overrides the hooks its own batch
    // paths use; no other queue calls them.

    /** A single-producer queue's release store of its producer index. */
    void soProducerIndex(long value) {
        throw new UnsupportedOperationException();
    }

    /** A single-consumer queue's consumer index, as its own thread last stored it. */
    long lpConsumerIndex() {
        throw new UnsupportedOperationException();
    }

    /** A single-consumer queue's release store of its consumer index. */
    void soConsumerIndex(long value) {
        throw new UnsupportedOperationException();
    }

    /**
     * For a drain that claimed the indices {@code [from, to)} at once: moves the consumer index
     * back from {@code to} to {@code from}, if no consumer has moved it since, and says whether it
     * did. The multi-consumer queues do it with a CAS, the single-consumer ones with a compare and
     * a store (only the consumer thread writes the index, and a callback of its drain may have).
     */
    boolean moveConsumerIndexBack(long to, long from) {
        if (lpConsumerIndex() != to) {
            return false;
        }
        soConsumerIndex(from);
        return true;
    }

    /**
     * For a drain that claimed a run of indices: takes what claimed index {@code index} holds in
     * {@code buffer}, the array that holds the run (its element, or {@code ClaimingArrayQueue.SKIP}),
     * and frees its slot.
     */
    Object takeClaimed(Object[] buffer, long index, int mask) {
        throw new UnsupportedOperationException();
    }

    /**
     * A single producer's run: stores {@code n} supplied elements in the free slots
     * {@code [first, first + n)} of {@code buffer} (release each, so a consumer that finds elements
     * by their slots sees each at once), then the producer index past them, once; if the supplier
     * returns null or throws, the index past those stored, and the failure propagates. A counted
     * loop over array indices: the JIT checks the array's bounds and class once per run.
     *
     * @param index the producer index of slot {@code first}
     * @param done how many elements the calling fill added before, for the message
     */
    final void fillRun(Supplier<E> s, Object[] buffer, int first, int n, long index, int done) {
        final int end = first + n;
        int slot = first;
        try {
            for (; slot < end; slot++) {
                // Release: pairs with the consumer's acquire load of the slot.
                CircularArrayQueue.soElement(buffer, slot, supplied(s, done + slot - first));
                added();
            }
        } finally {
            soProducerIndex(index + (slot - first));
        }
    }

    /**
     * A single consumer's run: the {@code n} elements of indices {@code [from, from + n)} are in
     * the slots {@code [first, first + n)} of {@code buffer}, and visible (the caller read the
     * producer index with acquire after their stores). Stores the consumer index past the run
     * first, as a poll stores its index before its clear, then clears each slot before {@code c}
     * sees its element: a counted loop with no index store and no null check per element. A
     * callback that reads the queue sees the whole run as taken; one that polls takes from after
     * it. If {@code c} throws, {@link #giveBack} deals with the rest of the run.
     */
    final void takeRun(Consumer<E> c, Object[] buffer, long from, int first, int n, int mask) {
        // Release, before the clears: an iterator that sees a slot refilled sees the index past it.
        soConsumerIndex(from + n);
        final int end = first + n;
        int slot = first;
        try {
            for (; slot < end; slot++) {
                // Plain: the acquire load of the producer index made the element visible.
                final Object e = CircularArrayQueue.lpElement(buffer, slot);
                // Release: the slot is free for the producer only after it was read.
                CircularArrayQueue.soNull(buffer, slot);
                freed();
                c.accept(cast(e));
            }
        } finally {
            if (slot < end) {
                giveBack(c, buffer, from, slot - first + 1, n, mask);
            }
        }
    }

    /**
     * Cold path of a drain that claims a run of indices before it hands their elements over: the
     * consumer threw on the element of {@code from + k - 1}, so the claimed indices
     * {@code [from + k, from + n)} are still in their slots. Moving the consumer index back from
     * {@code from + n} to {@code from + k} puts them back at the head, untouched, if no consumer
     * moved it meanwhile (then no index in between was taken either, so no consumer acts on a
     * stale view of them). Otherwise no consumer could reach them any more (and a ring's next-lap
     * producers would wait for their slots for ever), so this drain takes them and hands them to
     * {@code c} itself, dropping whatever it throws: the first throwable is already on its way,
     * and each element was handed over all the same. Nothing is lost or taken twice.
     */
    final void giveBack(Consumer<E> c, Object[] buffer, long from, int k, int n, int mask) {
        if (k == n || moveConsumerIndexBack(from + n, from + k)) {
            return;
        }
        for (long index = from + k; index < from + n; index++) {
            final Object e = takeClaimed(buffer, index, mask);
            if (e != ClaimingArrayQueue.SKIP) {
                try {
                    c.accept(cast(e));
                } catch (Throwable dropped) {
                    // See above: the first throwable propagates.
                }
            }
        }
    }

    @Override
    public void clear() {
        while (poll() != null) {
            // keep polling until empty
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Takes one element per {@link #relaxedPoll()}, so an exception from {@code c} loses nothing
     * but the element it was handed. A queue may replace it with a loop of its own that keeps the
     * ring, the mask and the index in locals (the release store of each element's index makes
     * the JIT reload fields between two calls), with the same contract.
     */
    @Override
    public int drain(Consumer<E> c, int limit) {
        return DrainFillLoops.drain(this, c, limit);
    }

    @Override
    public final void drain(Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        DrainFillLoops.drain(this, c, wait, exit);
    }

    @Override
    public void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        DrainFillLoops.fill(this, s, wait, exit);
    }
}
