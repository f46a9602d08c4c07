package org.jcq.queues;

import org.jcq.internal.Args;
import org.jcq.internal.Flight;

/**
 * The algorithm of the bounded single-producer multi-consumer queues on a ring of references,
 * {@link SpmcArrayQueue} (padded) and {@link SpmcUnpaddedArrayQueue} (compact): each declares the
 * hot fields, and this class reads and writes them through the accessors it declares abstract.
 * <p>
 * Algorithm: the mirror image of {@link MpscArrayQueue}. The producer writes the element, then
 * advances the producer index; consumers claim an index with a CAS on the consumer index, then
 * take and clear the slot. To avoid reading the producer's index (a line the producer writes) on
 * every poll, consumers compare against a cached copy, {@code producerIndexCache}, and refresh it
 * only when they reach it (as JCTools' SpmcArrayQueue does).
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>{@code consumerIndex <= producerIndex <= consumerIndex + capacity}; both only grow, but for
 * a drain's give-back (see Batches).</li>
 * <li>{@code producerIndexCache <= producerIndex}: each value stored in it is a past producer
 * index. Racing consumers may store an older value over a newer one, which only sends the next
 * poll to refresh it early.</li>
 * <li>A consumer claims index {@code i} only after seeing {@code i < producerIndex} (directly, or
 * through the cache), so the element of {@code i} is already in its slot.</li>
 * </ol>
 * <b>Not</b> invariant: a claimed index's slot may still hold its element, between the
 * consumer's CAS and its null store. The producer tells this apart from "full" by comparing its
 * index with the consumer index: {@link #offer} then waits for the null, {@link #relaxedOffer}
 * returns false.
 *
 * <h2>Batches</h2>
 * {@code drain} claims a run with one CAS of the consumer index: as many elements as the producer
 * index (or its cache) shows, up to its limit, not past the ring's end; then takes them slot by
 * slot, each cleared before its element is handed over. A callback that reads the queue sees the
 * whole run as taken. If the callback throws, the rest of the run goes back by a CAS of the
 * consumer index from the run's end back to the first element not handed over (it succeeds only
 * if no consumer claimed past the run; those slots are untouched), or else the drain hands the
 * rest to the callback before the throwable propagates, so nothing is lost and the producer never
 * waits for a slot nobody would clear. {@code fill} stores a run's elements (each in a slot it
 * found free, as offer does) and the producer index once after the run: consumers, which find
 * elements through that index, see the run at once.
 *
 * <h2>Exact bound</h2>
 * With a bound below the ring's size ({@link Bound#EXACT}), the producer may write index
 * {@code p} only while {@code p - consumerIndex < bound} (element {@code p - bound} claimed by a
 * consumer), besides finding the slot of {@code p} cleared. Not to read the consumers' index on
 * every offer, it first looks at the slot of element {@code p - bound}, that of
 * {@code p + gap} ({@code gap = mask + 1 - bound}): it holds that element until its consumer
 * clears it, then null, and no later element (index {@code p + gap} is not written before
 * {@code p}), so a null there settles it; only if it is taken does the producer read the consumer
 * index. A rounded queue tests {@code bound <= mask} once per offer, first thing (a final field
 * beside {@code mask}), and goes on with its own path; the exact one's offer is a method of its
 * own.
 *
 * <h2>Orderings</h2>
 * The producer stores the element (release), then the producer index (release). A consumer reads
 * the producer index (acquire), or the cache (acquire, pairing with the release store of the
 * consumer that copied it from an acquire load of the producer index), so by transitivity the
 * element and its fields are visible when it loads the slot. The consumer's null store (release)
 * pairs with the producer's acquire load of the slot before reuse.
 *
 * <h2>Linearization points</h2>
 * offer: the producer-index store. Consumers find elements through the producer index (or a
 * cached copy of it), never by looking at a slot, so before that store no consumer, {@code size()}
 * or {@code isEmpty()} can see the element (the iterator, which reads slots, may). A failed
 * offer: the consumer-index load that showed the slot's element not yet claimed (the queue full).
 * poll: the successful CAS; an empty poll: the producer-index load that showed no element.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * One producer thread at a time; any number of consumer threads. {@code offer} is not lock-free:
 * on a queue that is full by index it returns false, but if the slot it needs was claimed by a
 * consumer that has not cleared it yet, it waits for that consumer. The iterator is weakly
 * consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
abstract class BaseSpmcArrayQueue<E> extends CircularArrayQueue<E> {
    // The hot fields, declared by the edition (padded or compact) that extends this class.

    abstract long lpProducerIndex();

    abstract void soProducerIndex(long value);

    abstract boolean casConsumerIndex(long expect, long update);

    abstract long laProducerIndexCache();

    abstract void soProducerIndexCache(long value);

    BaseSpmcArrayQueue(int capacity) {
        super(capacity);
    }

    /** A producer waiting for a claimed slot to be cleared re-checks the claim every 64 spins. */
    private static final int RECHECK_MASK = 63;

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final int mask = this.mask;
        if (bound <= mask) {
            return offerBelowBound(e, mask);
        }
        final Object[] buffer = this.buffer;
        final long p = lpProducerIndex();
        final int slot = slot(p, mask);
        if (laElement(buffer, slot) != null && !awaitFreeSlot(buffer, slot, p)) {
            return false;
        }
        soElement(buffer, slot, e);
        soProducerIndex(p + 1);
        return true;
    }

    /**
     * Offer of an exact queue: as the rounded queue's, and, where the slot of {@code p} is free,
     * element {@code p - bound} taken too (see "Exact bound"). Its own method, tested for first:
     * the test as part of the rounded path's slot check made C2 spill a register to the stack in
     * the loop of a one-thread {@code offer} and {@code poll} (JDK 17), a few percent of its time.
     */
    private boolean offerBelowBound(E e, int mask) {
        final Object[] buffer = this.buffer;
        final long p = lpProducerIndex();
        final int slot = slot(p, mask);
        if ((laElement(buffer, slot) != null || aheadOfBound(buffer, p, mask)) && !awaitFreeSlot(buffer, slot, p)) {
            return false;
        }
        soElement(buffer, slot, e);
        soProducerIndex(p + 1);
        return true;
    }

    /**
     * Cold path of offer in an exact queue: whether element {@code p - bound} may still be in the
     * queue (its slot, that of {@code p + gap}, is not yet cleared); see "Exact bound".
     */
    private boolean aheadOfBound(Object[] buffer, long p, int mask) {
        return laElement(buffer, slot(p + gap(), mask)) != null;
    }

    /**
     * Cold path of offer: the slot still holds the element of {@code p - capacity}, or, in an
     * exact queue, the element of {@code p - bound} may not be taken yet. Returns false if no
     * consumer has claimed element {@code p - bound} (the queue is full), else waits for the slot
     * of {@code p} to be cleared by its claimant.
     */
    private boolean awaitFreeSlot(Object[] buffer, int slot, long p) {
        if (p - laConsumerIndex() >= bound) {
            return false;
        }
        // A Flight Recorder room wait, begun at the first re-check; null while none is wanted.
        Object wait = null;
        for (int spins = 1; laElement(buffer, slot) != null; spins++) {
            // No Thread.onSpinWait(): the clear is one store away (see MpscArrayQueue). Every 64
            // spins the claim is checked again: a drain whose callback threw may have given the
            // rest of its run back, and then nobody is about to clear this slot.
            if ((spins & RECHECK_MASK) == 0) {
                if (p - laConsumerIndex() >= bound) {
                    return false;
                }
                if (wait == null) {
                    wait = Flight.beginRoomWait();
                }
            }
        }
        Flight.roomWait(wait, this, p);
        return true;
    }

    @Override
    public boolean relaxedOffer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final Object[] buffer = this.buffer;
        final int mask = this.mask;
        final long p = lpProducerIndex();
        final int slot = slot(p, mask);
        if (laElement(buffer, slot) != null
                || (bound <= mask && aheadOfBound(buffer, p, mask) && p - laConsumerIndex() >= bound)) {
            return false;
        }
        soElement(buffer, slot, e);
        soProducerIndex(p + 1);
        return true;
    }

    @Override
    public E poll() {
        long available = laProducerIndexCache();
        long c;
        do {
            c = laConsumerIndex();
            if (c >= available && c >= (available = refreshProducerIndexCache(c))) {
                return null;
            }
        } while (!casConsumerIndex(c, c + 1));
        return cast(takeClaimed(buffer, c, mask));
    }

    /** Cold path of poll and peek: re-reads the producer index, caching it if it moved past c. */
    private long refreshProducerIndexCache(long c) {
        final long p = laProducerIndex();
        if (p > c) {
            soProducerIndexCache(p);
        }
        return p;
    }

    @Override
    final boolean moveConsumerIndexBack(long to, long from) {
        return casConsumerIndex(to, from);
    }

    /** Takes the element of an index this thread has claimed. */
    @Override
    final Object takeClaimed(Object[] buffer, long index, int mask) {
        final int slot = slot(index, mask);
        final Object e = laElement(buffer, slot);
        soNull(buffer, slot);
        return e;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Claims runs of elements with one CAS each: as many as the producer index (or its cached
     * copy) shows, up to {@code limit} and not past the end of the ring; then takes them in
     * order, each slot cleared before {@code c} sees its element. A callback that reads the queue
     * sees the whole claimed run as taken. If {@code c} throws, the rest of its run goes back to
     * the queue's head by a CAS, unless another consumer has claimed past it meanwhile: then this
     * drain hands them to {@code c} before the throwable propagates (dropping any later
     * throwables), so that nothing is lost or taken twice and the producer never waits for a slot
     * nobody would clear.
     */
    @Override
    public int drain(Consumer<E> c, int limit) {
        Args.callback("c", c);
        Args.limit(limit);
        final int mask = this.mask;
        long available = laProducerIndexCache();
        int taken = 0;
        while (taken < limit) {
            final long from = laConsumerIndex();
            if (from >= available && from >= (available = refreshProducerIndexCache(from))) {
                break;
            }
            final int n = (int) Math.min(Math.min(available - from, limit - taken), runLength(from, mask));
            if (casConsumerIndex(from, from + n)) {
                taken += takeRun(c, from, n, mask);
            }
        }
        return taken;
    }

    /**
     * Takes the claimed indices {@code [from, from + n)}, handing each element to {@code c}; if
     * {@code c} throws, gives back the rest of the run ({@code giveBack}). Returns {@code n}.
     */
    private int takeRun(Consumer<E> c, long from, int n, int mask) {
        final Object[] buffer = this.buffer;
        final int first = slot(from, mask);
        int k = 0;
        try {
            for (; k < n; k++) {
                // Acquire: the producer index (or its cache) was read with acquire before the
                // claim, so the element is there; acquire keeps the load before the clear.
                final Object e = laElement(buffer, first + k);
                soNull(buffer, first + k);
                c.accept(cast(e));
            }
        } finally {
            if (k < n) {
                giveBack(c, buffer, from, k + 1, n, mask);
            }
        }
        return n;
    }

    /** Same as {@link #poll()}: a consumer never waits for the single producer. */
    @Override
    public E relaxedPoll() {
        return poll();
    }

    @Override
    public E peek() {
        final Object[] buffer = this.buffer;
        final int mask = this.mask;
        long available = laProducerIndexCache();
        while (true) {
            final long c = laConsumerIndex();
            if (c >= available && c >= (available = refreshProducerIndexCache(c))) {
                return null;
            }
            final Object e = laElement(buffer, slot(c, mask));
            // Still unclaimed after the load: e was the head at that moment.
            if (e != null && c == laConsumerIndex()) {
                @SuppressWarnings("unchecked")
                final E element = (E) e;
                return element;
            }
        }
    }

    /** Same as {@link #peek()}: it retries only when another consumer made progress. */
    @Override
    public E relaxedPeek() {
        return peek();
    }

    /**
     * {@inheritDoc}
     * <p>
     * Adds in runs of slots that do not wrap around the ring (counted loops over array indices:
     * the JIT checks the ring's bounds and class once per run): each element stored (release) in
     * a slot it found free, and the producer index once per run, which is when consumers see the
     * run (they find elements through the index). It stops at a slot whose element no consumer has
     * claimed (the queue is full), and waits, as offer does, for a claimed one to be cleared. If
     * the supplier returns null or throws, the index is stored for the elements supplied before
     * and the failure propagates. The supplier must not offer to this queue (the run holds the
     * producer's next slots); it may read it.
     */
    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        final Object[] buffer = this.buffer;
        final int mask = this.mask;
        final long start = lpProducerIndex();
        long index = start;
        while (index - start < limit) {
            final int from = slot(index, mask);
            final int to = from + (int) Math.min(limit - (index - start), runLength(index, mask));
            int slot = from;
            try {
                for (; slot < to; slot++) {
                    final long i = index + (slot - from);
                    if ((laElement(buffer, slot) != null || (bound <= mask && aheadOfBound(buffer, i, mask)))
                            && !awaitFreeSlot(buffer, slot, i)) {
                        break;
                    }
                    soElement(buffer, slot, supplied(s, (int) (index - start) + slot - from));
                }
            } finally {
                // Release: the run's element stores come before it; consumers claim up to it.
                soProducerIndex(index + (slot - from));
            }
            index += slot - from;
            if (slot < to) {
                break;
            }
        }
        return (int) (index - start);
    }
}
