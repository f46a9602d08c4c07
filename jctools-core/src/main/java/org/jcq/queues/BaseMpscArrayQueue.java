package org.jcq.queues;

import org.jcq.internal.Args;
import org.jcq.internal.Flight;
import org.jcq.internal.Waits;

/**
 * The algorithm of the bounded multi-producer single-consumer queues on a ring of references,
 * {@link MpscArrayQueue} (padded) and {@link MpscUnpaddedArrayQueue} (compact): each declares the
 * hot fields, and this class reads and writes them through the accessors it declares abstract.
 * <p>
 * Algorithm: producers claim an index with a CAS on the producer index, then store the element
 * in its slot; the single consumer finds elements by a null check, as in
 * {@link SpscArrayQueue}. To avoid reading the consumer's index (a line the consumer writes) on
 * every offer, producers compare against a cached {@code producerLimit} and refresh it from the
 * consumer index only when they reach it (JCTools' MpscArrayQueue uses the same idea).
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>{@code consumerIndex <= producerIndex <= consumerIndex + capacity}. Both only grow, with
 * one exception: a {@code fill} whose supplier fails withdraws its claim of index {@code p} by a
 * CAS from {@code p + 1} back to {@code p}, which succeeds only if no producer claimed past it,
 * so the queue is exactly as before the claim. A consumer waiting for that slot sees the producer
 * index back at its own and reports empty.</li>
 * <li>{@code producerLimit <= consumerIndex + capacity}: every value stored in it was computed
 * from some past consumer index, which only grows. Racing producers may store an older, smaller
 * limit over a newer one; that only sends the next offer to refresh it early.</li>
 * <li>A producer that claimed index {@code i} has room: {@code i < c + capacity} for a consumer
 * index {@code c} it read, so the consumer has already freed the slot of {@code i - capacity}.</li>
 * </ol>
 * <b>Not</b> invariant: a claimed index's slot may still be null, between the producer's CAS and
 * its element store. The consumer tells this apart from "empty" by comparing its index with the
 * producer index: {@link #poll()} then waits for the store, {@link #relaxedPoll()} returns null.
 * A claimed slot may also hold no element: when a {@code fill}'s supplier fails after other
 * producers claimed later slots, the producer publishes {@code SKIP} there (see
 * {@code ClaimingArrayQueue}), and every consuming method ({@code poll}, {@code peek}, their
 * relaxed forms, and so {@code drain}) clears it and moves past the index, in a loop, until it
 * finds an element or the end; the iterator passes it over. Until the consumer has stepped over
 * it {@code size()} counts it, and {@code isEmpty()} may say false while {@code poll()} steps over
 * it and finds nothing; this happens only after a supplier failed.
 *
 * <h2>Exact bound</h2>
 * Everything above holds with "capacity" read as {@code bound}, the capacity the queue was given:
 * the ring's size ({@code mask + 1}), or less in an exact queue ({@link Bound#EXACT}). The producer
 * limit is refreshed to {@code consumerIndex + bound}, so a claim keeps {@code p - c < bound}, and
 * a slot {@code bound} or more indices back has been freed, the ring's more so. Only the limit's
 * refresh reads the bound: offer's path below the limit is the rounded queue's.
 *
 * <h2>Orderings</h2>
 * The CAS on the producer index (volatile) orders the claim. The element store is a release store
 * that pairs with the consumer's acquire load of the slot, which publishes the element's fields.
 * The consumer clears the slot with a plain store: producers never read slots, only the consumer
 * index, whose release store orders the clear before it and pairs with the producers' acquire
 * load, so a producer that sees the consumer past {@code i - capacity} writes the slot of
 * {@code i} after the consumer's null, not before.
 *
 * <h2>Linearization points</h2>
 * offer: the successful CAS (it fixes the order of elements); a failed offer: the consumer-index
 * load that showed the queue full. poll: the slot load that returns the element, or the
 * producer-index load that shows the queue empty.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * Any number of producer threads; one consumer thread at a time. {@code poll()} and
 * {@code peek()} are not lock-free: they wait for a producer that has claimed the head slot but
 * not yet written it (a descheduled producer stalls them). On a virtual thread that wait parks
 * for 10 us every 4096 spins, so that a producer that is itself a virtual thread, unmounted while
 * its {@code fill}'s supplier blocked, can get a carrier back. {@code size()} counts claimed slots.
 * {@link #fill(Supplier, int)} claims its whole batch (as much as there is room for) with one
 * CAS before calling the supplier, so it never waits and never takes an element it cannot add;
 * consumers may wait on the batch's later slots while the supplier runs. The iterator is weakly
 * consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
abstract class BaseMpscArrayQueue<E> extends ClaimingArrayQueue<E> {
    /** A consumer waiting for a claimed slot re-checks the claim every 64 spins. */
    private static final int RECHECK_MASK = 63;

    /** @param capacity the capacity, a power of two */
    BaseMpscArrayQueue(int capacity) {
        super(capacity);
    }

    // The hot fields, declared by the edition (padded or compact) that extends this class.

    /**
     * Producer index, read with volatile (sequentially consistent) semantics: for a consumer that
     * must order this load after a volatile store of its own (the blocking consumer's Dekker pair).
     */
    abstract long lvProducerIndex();

    abstract long lpConsumerIndex();

    /**
     * Consumer index, read with volatile semantics: for a producer that must order this load after
     * a volatile store of its own (a blocking queue's producer waiting for room).
     */
    abstract long lvConsumerIndex();

    abstract void soConsumerIndex(long value);

    abstract long laProducerLimit();

    abstract void soProducerLimit(long value);

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final int mask = this.mask;
        final long p = claim();
        if (p < 0) {
            return false;
        }
        publish(buffer, slot(p, mask), p, e);
        return true;
    }

    @Override
    final void publish(Object[] buffer, int slot, long p, E e) {
        soElement(buffer, slot, e);
        added();
    }

    /** Claims the next producer index, or returns -1 if the queue is full. */
    private long claim() {
        long limit = laProducerLimit();
        long p;
        do {
            p = laProducerIndex();
            if (p >= limit && p >= (limit = refreshProducerLimit())) {
                return -1;
            }
        } while (!casProducerIndex(p, p + 1));
        return p;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Claims as many slots as there is room for, up to {@code limit}, with one CAS, then asks the
     * supplier for their elements and publishes each in turn (JCTools' {@code MpscArrayQueue}
     * claims the same way): one contended write per batch instead of one per element. It never
     * takes an element it has no room for. If the supplier returns null or throws, the failed
     * index and those after it in the batch are withdrawn, or published as SKIP when other
     * producers have claimed past them; the elements supplied before stay in the queue.
     */
    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        if (limit == 0) {
            return 0;
        }
        final int mask = this.mask;
        long producerLimit = laProducerLimit();
        long p;
        long n;
        do {
            p = laProducerIndex();
            n = Math.min(producerLimit - p, limit);
            if (n < limit && (n = Math.min((producerLimit = refreshProducerLimit()) - p, limit)) <= 0) {
                return 0;
            }
        } while (!casProducerIndex(p, p + n));
        supply(s, p, p + n, mask, 0);
        return (int) n;
    }

    /**
     * Adds an element only while the queue holds fewer than {@code threshold} elements: a softer
     * bound than the capacity, for producers that should back off early. The bound holds at every
     * moment: a producer claims only an index that keeps {@code size() <= threshold}. A threshold
     * above the capacity acts as the capacity; one of 0 or below refuses every element (as in
     * JCTools, whose {@code MpscArrayQueue} has the same method). Any number of producer threads.
     *
     * @param e the element, not {@code null}
     * @param threshold the size at which offers start to fail
     * @return {@code true} if added; {@code false} if the queue held {@code threshold} or more
     *     elements (or was full)
     * @throws NullPointerException if {@code e} is {@code null}; the queue is unchanged
     */
    public boolean offerIfBelowThreshold(E e, int threshold) {
        if (e == null) {
            throw Args.nullElement();
        }
        final int capacity = bound;
        final long most = Math.min(threshold, (long) capacity);
        long limit = laProducerLimit();
        long p;
        do {
            p = laProducerIndex();
            // limit <= consumerIndex + capacity, so capacity - (limit - p) >= p - consumerIndex:
            // below the threshold by this estimate means below it for sure.
            if (capacity - (limit - p) >= most) {
                final long c = laConsumerIndex();
                if (p - c >= most) {
                    return false;
                }
                limit = c + capacity;
                soProducerLimit(limit);
            }
        } while (!casProducerIndex(p, p + 1));
        publish(buffer, slot(p, mask), p, e);
        return true;
    }

    /**
     * Tries once to add an element: one CAS and no retry, so it is wait-free. Any number of
     * producer threads. (JCTools' {@code MpscArrayQueue} has the same method.)
     *
     * @param e the element, not {@code null}
     * @return 0 if added; -1 if another producer claimed the slot first (nothing was added, try
     *     again); 1 if the queue was full
     * @throws NullPointerException if {@code e} is {@code null}; the queue is unchanged
     */
    public int failFastOffer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final int mask = this.mask;
        final long p = laProducerIndex();
        if (p >= laProducerLimit() && p >= refreshProducerLimit()) {
            return 1;
        }
        if (!casProducerIndex(p, p + 1)) {
            return -1;
        }
        publish(buffer, slot(p, mask), p, e);
        return 0;
    }

    /** Cold path of offer: recomputes the limit from the consumer index (acquire). */
    private long refreshProducerLimit() {
        final long limit = laConsumerIndex() + bound;
        soProducerLimit(limit);
        return limit;
    }

    /**
     * Adds an element, failing only if the queue is full. Same as {@link #offer}: the CAS either
     * claims a slot or sees the queue full, so it cannot fail spuriously.
     */
    @Override
    public boolean relaxedOffer(E e) {
        return offer(e);
    }

    @Override
    public E poll() {
        final Object[] buffer = this.buffer;
        final long c = lpConsumerIndex();
        final int slot = slot(c, mask);
        final Object e = laElement(buffer, slot);
        if (e == null || e == SKIP) {
            return e == null && c == laProducerIndex() ? null : takeHead(true, e == null);
        }
        return take(buffer, slot, c, e);
    }

    @Override
    public E relaxedPoll() {
        final Object[] buffer = this.buffer;
        final long c = lpConsumerIndex();
        final int slot = slot(c, mask);
        final Object e = laElement(buffer, slot);
        if (e == null || e == SKIP) {
            return e == null ? null : takeHead(false, false);
        }
        return take(buffer, slot, c, e);
    }

    /**
     * {@inheritDoc}
     * <p>
     * As {@code limit} relaxed polls, in runs of slots that do not wrap around the ring (counted
     * loops over array indices: the JIT checks the ring's bounds once per run). It stops at an
     * empty slot, even one already claimed by a producer that has not written it yet; but when the
     * head holds an element, a slot further on is empty and producers have claimed slots of the
     * run, it first waits a bounded while (at most {@link Waits#BATCH_WAIT_SPINS} spins) for the
     * last claimed one ({@code CircularArrayQueue.awaitRun}). Each element's slot is cleared and
     * its index stored before {@code c} sees it, as {@link #poll()} does: to a callback that reads
     * the queue or offers to it, every element it was handed is gone, and an exception from
     * {@code c} loses nothing but the element it was handed. If the callback takes from this queue
     * itself, the drain goes on after what it took. A SKIP hands the rest of the batch to
     * {@link #relaxedPoll()}, which steps over it.
     */
    @Override
    public int drain(Consumer<E> c, int limit) {
        Args.callback("c", c);
        Args.limit(limit);
        final Object[] buffer = this.buffer;
        final int mask = this.mask;
        int taken = 0;
        while (taken < limit) {
            final long from = lpConsumerIndex();
            final int first = slot(from, mask);
            final int n = Math.min(limit - taken, runLength(from, mask));
            // An empty head (an empty queue, or a producer yet to write it) ends the drain without
            // a look at the producer index, as a relaxed poll would.
            if (laElement(buffer, first) != null
                    && laElement(buffer, first + Waits.lookahead(n)) == null) {
                awaitRun(buffer, first, n, laProducerIndex() - from);
            }
            final int k = takeRun(c, buffer, from, first, n);
            taken += k;
            if (k < n && lpConsumerIndex() == from + k) {
                // Not a callback that took elements itself: an empty slot, or a SKIP.
                if (laElement(buffer, first + k) != SKIP) {
                    break;
                }
                return taken + super.drain(c, limit - taken);
            }
        }
        return taken;
    }

    /**
     * Takes up to {@code n} elements from index {@code from}, at array index {@code first} on, and
     * returns how many: fewer at an empty slot or a SKIP, or after a callback that took elements
     * itself (the caller tells these apart).
     */
    private int takeRun(Consumer<E> c, Object[] buffer, long from, int first, int n) {
        long index = from;
        final int end = first + n;
        for (int slot = first; slot < end; slot++) {
            // As relaxedPoll: acquire pairs with the producer's element store.
            final Object e = laElement(buffer, slot);
            if (e == null || e == SKIP) {
                return slot - first;
            }
            take(buffer, slot, index++, e);
            c.accept(cast(e));
            if (lpConsumerIndex() != index) {
                return slot - first + 1;
            }
        }
        return n;
    }

    /**
     * Takes element {@code e} found at index {@code c}: clears its slot (plain: producers never
     * read slots; the release store of the consumer index orders the clear) and moves on; then
     * {@link #freed()} (a blocking queue's producers may wait for that slot).
     */
    private E take(Object[] buffer, int slot, long c, Object e) {
        spElement(buffer, slot, null);
        soConsumerIndex(c + 1);
        freed();
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    /** Cold path of poll and relaxedPoll: {@link #head}, then takes what it found. */
    private E takeHead(boolean wait, boolean claimed) {
        final Object e = head(wait, claimed);
        if (e == null) {
            return null;
        }
        final long c = lpConsumerIndex();
        return take(buffer, slot(c, mask), c, e);
    }

    @Override
    public E peek() {
        final Object e = laElement(buffer, slot(lpConsumerIndex(), mask));
        @SuppressWarnings("unchecked")
        final E element = (E) (e == null || e == SKIP ? head(true, false) : e);
        return element;
    }

    @Override
    public E relaxedPeek() {
        @SuppressWarnings("unchecked")
        final E element = (E) head(false, false);
        return element;
    }

    /**
     * Cold path of the consuming methods: steps over skipped indices until the consumer index is
     * at an element, and returns it without taking it. Returns null if the queue is empty, or,
     * when not {@code wait}ing, if the head is claimed but not yet written. A loop, not recursion:
     * any number of skipped indices may follow each other. {@code claimed}: the caller has just
     * seen the producer index past the head, so the first wait need not read it again.
     */
    private Object head(boolean wait, boolean claimed) {
        final Object[] buffer = this.buffer;
        final int mask = this.mask;
        for (boolean seen = claimed; ; seen = false) {
            final long c = lpConsumerIndex();
            final int slot = slot(c, mask);
            // Acquire: pairs with the producer's release store of the element (or of SKIP).
            Object e = laElement(buffer, slot);
            if (e == null && (!wait || (e = awaitClaimed(buffer, slot, c, seen)) == null)) {
                return null;
            }
            if (e != SKIP) {
                return e;
            }
            take(buffer, slot, c, e);
        }
    }

    /**
     * Returns what the slot of index {@code c} holds once its producer writes it (an element or
     * SKIP), or null if no claim is at or past {@code c}: the queue is empty, or the claim was
     * withdrawn. Re-reads the producer index every 64 spins only, not to steal the producers'
     * cache line, and not at first if the caller has just seen the claim ({@code claimed}): in a
     * 1P1C hand-off that extra read of the producer's line, made while the producer is between
     * its claim and its store, more than doubled the time per element on JDK 17 (PutHandOff,
     * capacity 64).
     */
    private Object awaitClaimed(Object[] buffer, int slot, long c, boolean claimed) {
        // Volatile: pairs with the producers' CAS of the index (a claim or a withdrawal).
        if (!claimed && c >= laProducerIndex()) {
            return null;
        }
        // A Flight Recorder stall, begun at the first re-check; null while none is wanted.
        Object stall = null;
        for (int spins = 1; ; spins++) {
            final Object e = laElement(buffer, slot);
            if (e != null) {
                Flight.producerStall(stall, this, c);
                return e;
            }
            if ((spins & RECHECK_MASK) == 0) {
                if (c >= laProducerIndex()) {
                    return null;
                }
                // The producer may be a virtual thread unmounted in its fill's supplier.
                Waits.spun(spins);
                if (stall == null) {
                    stall = Flight.beginProducerStall();
                }
            }
            // No Thread.onSpinWait(): the element is one store away, and a pause instruction (up to
            // about 140 cycles on recent x86) only delays seeing it. In MpscLinkedQueue's bubble
            // wait it halved burst throughput (0.50 -> 0.99 of JCTools'); JCTools spins plainly too.
        }
    }
}
