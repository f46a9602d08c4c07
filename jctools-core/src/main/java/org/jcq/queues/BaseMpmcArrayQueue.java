package org.jcq.queues;

import org.jcq.internal.Args;
import org.jcq.internal.Flight;
import org.jcq.internal.Waits;

/**
 * The algorithm of the bounded multi-producer multi-consumer queues on a ring of references with
 * a sequence number per slot, {@link MpmcArrayQueue} (padded) and {@link MpmcUnpaddedArrayQueue}
 * (compact): each declares the hot fields, and this class reads and writes them through the
 * accessors it declares abstract.
 * <p>
 * Algorithm: Dmitry Vyukov's bounded MPMC queue (1024cores.net). Each slot has a sequence that
 * says whose turn it is: {@code i} means the producer of index {@code i} may write it,
 * {@code i + 1} means the consumer of index {@code i} may take it, after which the consumer sets it
 * to {@code i + capacity}, the turn of the next lap's producer. Producers and consumers claim
 * indices with a CAS on their own index, but only after the slot's sequence showed it is their
 * turn, so a claim never has to wait for the slot afterwards.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>{@code consumerIndex <= producerIndex <= consumerIndex + capacity}. Both only grow, with
 * two exceptions: a {@code fill} whose supplier fails withdraws its claim of the failed index
 * and the rest of its run by a CAS from the run's end back to the failed index, which succeeds
 * only if no producer claimed past it; and a {@code drain} whose consumer throws gives back the
 * rest of its run by a CAS of the consumer index from the run's end back to the first element not
 * handed over, which succeeds only if no consumer claimed past it. Neither touched those slots'
 * sequences, so the queue is exactly as before those claims.</li>
 * <li>The sequence of a slot only grows, by 1 when its producer publishes and by
 * {@code capacity - 1} when its consumer frees it; so each turn is seen once. This needs
 * {@code capacity >= 2}: with one slot, "published at lap i" and "free for lap i + 1" would be the
 * same number.</li>
 * <li>A thread holding a claimed index is the only one writing that slot until it advances the
 * slot's sequence.</li>
 * </ol>
 * <b>Not</b> invariant: {@code producerIndex - consumerIndex} counts claimed slots, some of which
 * may not be published yet (or, on the consumer side, not yet freed). {@link #poll()} waits for a
 * claimed-but-unpublished head, {@link #relaxedPoll()} returns null; {@link #offer} waits for a
 * claimed-but-unfreed tail slot, {@link #relaxedOffer} returns false. A published slot may also
 * hold no element: when a {@code fill}'s supplier fails after other producers claimed later slots,
 * the producer publishes {@code SKIP} there (see {@code ClaimingArrayQueue}), and the consumer
 * that claims it ({@code poll}, {@code peek} and their relaxed forms alike) frees the slot for the
 * next lap and goes on without returning anything; the iterator passes it over. Until then
 * {@code size()} counts it, and {@code isEmpty()} may say false while {@code poll()} finds
 * nothing; this happens only after a supplier failed.
 *
 * <h2>Batches</h2>
 * {@code fill} and {@code drain} claim runs: they read the sequences of the next slots (up to
 * their limit, not past the ring's end), count how many are free for this lap (fill) or
 * published (drain), and claim that many with one CAS of the index. A sequence only grows, and
 * only the claimant of its index changes it from that state, so a run read before a successful
 * CAS is the claimant's. When a slot of the run (its last, or its 64th if it is longer) is not
 * ready but the other side has claimed it or slots before it (a producer still publishing, a
 * consumer still freeing), the call first waits a bounded while for the last claimed slot of
 * the run (a drain only if its head is published: on an empty queue it reads no more than a
 * relaxed poll), so that a producer and a consumer in step do not take turns on each other's
 * cache lines a slot at a time (see {@code awaitRun}); what it takes is still only what is
 * ready. A drain that claimed a run takes it slot by slot (each freed for the next lap before its
 * element is handed over); a callback that reads the queue sees the whole run as taken. If the
 * callback throws, the rest of the run goes back (the CAS above), or, when another consumer has
 * claimed past it, the drain hands the rest to the callback before the throwable
 * propagates: nothing is lost, and no slot is left for the next lap's producer to wait on.
 *
 * <h2>Exact bound</h2>
 * With a bound below the ring's size ({@link Bound#EXACT}), a producer claims index {@code p}
 * only once element {@code p - bound} is taken, besides finding the slot of {@code p} free. That
 * element's slot is the one of {@code p + gap} ({@code gap = mask + 1 - bound}), and its take
 * sets that slot's sequence to {@code p + gap}; before it the sequence is lower, and no later
 * lap's value can be there while {@code p} is unclaimed. So the claim reads one more sequence;
 * if it is lower, the queue is full when no consumer has claimed {@code p - bound} (the consumer
 * index, read after {@code p}, is at or below it), and otherwise the producer waits for that
 * consumer's take, as it waits for one freeing the slot of {@code p}. A fill, which claims runs,
 * caps each run at {@code bound - (p - consumerIndex)} instead. A rounded queue tests
 * {@code bound <= mask} (a final field beside {@code mask}) once per claim and skips all this.
 * A drain whose callback throws gives the rest of its run back by moving the consumer index
 * back; producers may meanwhile have claimed against the index it had, so until the consumers
 * catch up a fill may have left more than {@code bound} elements in the queue (an offer, which
 * reads the sequences, may not), as many as were given back at most.
 *
 * <h2>Orderings</h2>
 * A producer stores the element (plain), then the slot's sequence (release); a consumer loads
 * the sequence (acquire), which makes the element and its fields visible; every reader of a slot
 * (consumers, peek, the iterator) loads its sequence first. The consumer clears the
 * slot, then stores the next sequence (release), which pairs with the next producer's acquire
 * load, so the slot is rewritten only after it was read. The index CASes are volatile.
 *
 * <h2>Linearization points</h2>
 * offer: the successful producer-index CAS; poll: the successful consumer-index CAS; an empty
 * poll: the producer-index load that shows no claimed index; a failed offer: the consumer-index
 * load that shows the queue full.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * Any number of producers and consumers. Not lock-free in the strict sense: a thread descheduled
 * between its claim and its sequence store holds up the threads that reach that slot next lap.
 * A consumer waiting for a claimed head parks for 10 us every 4096 spins on a virtual thread, so
 * that a producer that is itself a virtual thread, unmounted while its {@code fill}'s supplier
 * blocked, can get a carrier back. {@code fill} and {@code drain} spin at most 1023 times
 * ({@link Waits#BATCH_WAIT_SPINS}) for a run the other side has claimed, then take what is ready.
 * {@code size()} counts claimed slots. {@link #fill(Supplier, int)} claims its runs before
 * calling the supplier, so it never takes an element it cannot add; like
 * {@code offer}, its claim may wait for a consumer that has claimed the slot's previous lap but
 * not yet freed it.
 * The iterator is weakly consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
abstract class BaseMpmcArrayQueue<E> extends MpmcArrayQueueCold<E> {
    /** A consumer waiting for a claimed head re-reads the producer index every 64 spins. */
    private static final int RECHECK_MASK = 63;

    /** @param capacity the capacity, a power of two */
    BaseMpmcArrayQueue(int capacity) {
        super(capacity);
    }

    // The hot fields, declared by the edition (padded or compact) that extends this class.

    abstract boolean casConsumerIndex(long expect, long update);

    /** Producer index, volatile: for a blocking queue's waiting consumer (after its own volatile store). */
    abstract long lvProducerIndex();

    /** Consumer index, volatile: for a blocking queue's waiting producer (after its own volatile store). */
    abstract long lvConsumerIndex();

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        final long p = claim(sequences, mask);
        if (p < 0) {
            return lvRemoved() != 0 && offerPastRemoved(e);
        }
        publish(sequences, buffer, slot(p, mask), p, e);
        return true;
    }

    /**
     * Cold path of a full {@code offer} while removed elements' marks are in the ring (the MPMC
     * blocking queues): they hold slots until a consumer passes them, and with no consumer
     * polling, marks at the head would keep the ring full for good; steps over them
     * ({@link #passRemovedHeads}) and tries once more.
     */
    private boolean offerPastRemoved(E e) {
        if (!passRemovedHeads()) {
            return false;
        }
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        final long p = claim(sequences, mask);
        if (p < 0) {
            return false;
        }
        publish(sequences, buffer, slot(p, mask), p, e);
        return true;
    }

    /**
     * The slots an {@code offer} may use now: the capacity less the indices between the consumer
     * and the producer index, removed elements' marks no consumer has passed included (marks at
     * the head are stepped over first). For the MPMC blocking queues' {@code remainingCapacity}.
     */
    final int freeSlots() {
        if (lvRemoved() != 0) {
            passRemovedHeads();
        }
        final long c = lvConsumerIndex();
        final long p = lvProducerIndex();
        return (int) Math.max(0, capacity() - (p - c));
    }

    /**
     * Steps over the removed elements' marks (and failed fills' skips) at the head, as a consumer
     * would, freeing their slots; any thread. Returns whether the head was such a mark (stepped
     * over by this call or by another thread). Used by removers after a removal, by a full
     * {@code offer} and by {@code remainingCapacity}. The loads are volatile: a remover's CAS of
     * its mark, then its load of the consumer index here, and another stepper's CAS of the
     * consumer index, then its load of that mark's slot here, lie in one total order, so a mark
     * that becomes the head as it is made is stepped over by one of the two.
     */
    final boolean passRemovedHeads() {
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        boolean passed = false;
        while (true) {
            final long c = lvConsumerIndex();
            if (laSequence(sequences, sequenceSlot(c, mask)) != c + 1) {
                return passed;
            }
            final Object e = lvElement(buffer, slot(c, mask));
            if ((e != REMOVED && e != SKIP) || c != lvConsumerIndex()) {
                return passed;
            }
            stepOver(c, mask);
            passed = true;
        }
    }

    /** Claims the next producer index, or returns -1 if the queue is full. */
    private long claim(long[] sequences, int mask) {
        // The last consumer index read in this call: while a consumer frees the slot we wait for,
        // re-reading it on every spin would only steal the consumers' cache line. It is re-read
        // every 64 spins all the same: a drain whose callback threw may move the index back
        // (giving the rest of its run back), and then the slot waited for is no longer claimed.
        long c = Long.MIN_VALUE;
        int spins = 0;
        while (true) {
            final long p = laProducerIndex();
            final long seq = laSequence(sequences, sequenceSlot(p, mask));
            if (seq == p) {
                if (bound <= mask) {
                    final int room = roomBelowBound(sequences, p, mask);
                    if (room < 0) {
                        return -1;
                    }
                    if (room == 0) {
                        continue;
                    }
                }
                if (casProducerIndex(p, p + 1)) {
                    return p;
                }
            } else if (seq < p && (p - (mask + 1) >= c || (++spins & RECHECK_MASK) == 0)
                    && p - (mask + 1) >= (c = laConsumerIndex())) {
                return -1;
            }
            // seq > p: another producer claimed p. seq < p, not full: a consumer is freeing it.
        }
    }

    /**
     * Cold path of the claims of an exact queue: whether index {@code p} is below the bound,
     * element {@code p - bound} taken (see "Exact bound"). 1: taken; -1: not claimed by any
     * consumer, so the queue is full (for a {@code p} read before the consumer index); 0: a
     * consumer has claimed it and is taking it.
     */
    private int roomBelowBound(long[] sequences, long p, int mask) {
        final long ahead = p + gap();
        // Acquire: pairs with the consumer's release store of the sequence after its take.
        if (laSequence(sequences, sequenceSlot(ahead, mask)) >= ahead) {
            return 1;
        }
        return p - bound >= laConsumerIndex() ? -1 : 0;
    }

    /**
     * The element store is plain: the release store of the sequence after it publishes it, and
     * every reader of a slot (consumers, peek, the iterator) loads the sequence (acquire) first.
     * The ring has no padding ({@code padSlots()} is 0), so ring slot {@code i} has sequence slot
     * {@code sequencePadSlots() + i}.
     */
    @Override
    final void publish(Object[] buffer, int slot, long p, E e) {
        publish(sequences, buffer, slot, p, e);
    }

    /**
     * {@link #publish(Object[], int, long, Object)} with the sequence array the claim read: the
     * JIT then knows the sequence slot in bounds and stores to it without loading the array again.
     */
    private void publish(long[] sequences, Object[] buffer, int slot, long p, E e) {
        spElement(buffer, slot, e);
        soSequence(sequences, sequencePadSlots() + slot, p + 1);
        added();
    }

    @Override
    public boolean relaxedOffer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        long p;
        while (true) {
            p = laProducerIndex();
            final long seq = laSequence(sequences, sequenceSlot(p, mask));
            if (seq < p || (seq == p && bound <= mask && roomBelowBound(sequences, p, mask) <= 0)) {
                return false;
            }
            if (seq == p && casProducerIndex(p, p + 1)) {
                break;
            }
        }
        publish(sequences, buffer, slot(p, mask), p, e);
        return true;
    }

    @Override
    public E poll() {
        final Object e = pollOnce(true);
        // SKIP in a cold path: a loop back from the claim here made C2 compile the whole loop 12%
        // slower in QueueBaseline on JDK 17 (side by side, 8 rounds), though it never ran.
        return e != SKIP ? cast(e) : pollPastSkips(true);
    }

    @Override
    public E relaxedPoll() {
        final Object e = pollOnce(false);
        return e != SKIP ? cast(e) : pollPastSkips(false);
    }

    /** Cold path of poll and relaxedPoll: they took a SKIP; polls until anything else comes. */
    private E pollPastSkips(boolean wait) {
        Object e;
        do {
            e = pollOnce(wait);
        } while (e == SKIP);
        return cast(e);
    }

    /**
     * Takes the head: an element or SKIP; or null if the queue is empty, or, when not
     * {@code wait}ing, if the head is claimed but not yet published. Constant-folded per caller.
     */
    private Object pollOnce(boolean wait) {
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        // The last producer index read in this call: while the producer of a claimed head
        // publishes, re-reading it on every spin would only steal the producers' cache line. It is
        // re-read now and then all the same, since a failed fill may withdraw its claim.
        long p = Long.MIN_VALUE;
        int spins = 0;
        while (true) {
            final long c = laConsumerIndex();
            final long seq = laSequence(sequences, sequenceSlot(c, mask));
            if (seq == c + 1) {
                if (casConsumerIndex(c, c + 1)) {
                    return take(sequences, buffer, c, mask);
                }
            } else if (seq < c + 1) {
                if (!wait) {
                    return null;
                }
                if (c >= p || (++spins & RECHECK_MASK) == 0) {
                    if (c >= (p = laProducerIndex())) {
                        return null;
                    }
                    // The producer may be a virtual thread unmounted in its fill's supplier.
                    Waits.spun(spins);
                }
            }
            // seq > c + 1: another consumer claimed c. seq < c + 1, c claimed: its producer is
            // publishing (an element, or SKIP if its supplier failed).
        }
    }

    @Override
    final boolean moveConsumerIndexBack(long to, long from) {
        return casConsumerIndex(to, from);
    }

    /**
     * Takes what the producer of claimed index {@code c} published (an element, or SKIP) and hands
     * the slot to the next lap's producer.
     */
    @Override
    final Object takeClaimed(Object[] buffer, long c, int mask) {
        return take(sequences, buffer, c, mask);
    }

    /**
     * {@link #takeClaimed} with the sequence array the claim read: the JIT then knows the
     * sequence slot in bounds and stores to it without loading the array again.
     */
    private Object take(long[] sequences, Object[] buffer, long c, int mask) {
        final int slot = slot(c, mask);
        final Object e = takeElement(buffer, slot);
        soSequence(sequences, sequenceSlot(c, mask), c + mask + 1);
        freed();
        return e;
    }

    /**
     * Takes what a claimed, published slot holds (an element or SKIP, which a removed element's
     * mark reads as) and clears it. Plain: the
     * acquire load of the slot's sequence before the claim made the element visible. While a
     * {@link #removeWhere} scans (the count read after the claim, volatile, is not 0), by a swap:
     * the remover may be turning the element into SKIP with a CAS, and exactly one of the two gets
     * it (see {@link #removeWhere}).
     */
    private Object takeElement(Object[] buffer, int slot) {
        final Object e;
        if (lvRemovers() != 0) {
            e = xchgElement(buffer, slot, null);
        } else {
            e = lpElement(buffer, slot);
            spElement(buffer, slot, null);
        }
        return marksRemoved() && e == REMOVED ? passRemoved() : e;
    }

    /** Cold path of a consumer that took a removed element's mark: counts it off, and skips it. */
    private Object passRemoved() {
        addRemoved(-1);
        return SKIP;
    }

    /**
     * Removes the published elements that {@code filter} accepts (the first only, if
     * {@code first}), replacing each with {@link #REMOVED} by a CAS, which consumers step over as
     * they do a failed fill's SKIP (and count off {@link #lvRemoved}); returns how many it removed.
     * For the blocking editions' {@code remove(Object)}
     * and bulk removals (no JCTools queue removes but from the head). Any thread may call it.
     * <p>
     * Why it never takes an element a consumer takes too: it raises the removers' count (an
     * atomic add, volatile) before it reads the consumer index (volatile), and a consumer reads the
     * count (volatile) after the CAS that claimed its index. In the total order of these accesses,
     * a consumer that read the count 0 either claimed its index before this call read the consumer
     * index, and this call scans only from that index on, or read it after a removal ended, whose
     * CAS it then sees as REMOVED (the count's decrement publishes it). Every other consumer takes its
     * slot by a swap, and the swap and this call's CAS exchange the same slot's content: one gets
     * the element, the other finds it gone. A slot is looked at only while its sequence shows it
     * published for the index scanned; a CAS that meets a later lap's element fails unless that is
     * the same object, which is then an occurrence in the queue, and its consumer claimed after the
     * scan began, so swaps. A remover calls {@code filter} (user code) with no lock held; if it
     * throws, the count goes back down and the exception propagates, the elements removed before
     * staying removed.
     */
    final int removeWhere(java.util.function.Predicate<Object> filter, boolean first) {
        final Object[] buffer = this.buffer;
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        int removed = 0;
        addRemovers(1);
        try {
            // After the count's increment: consumers that claim past this index swap. The scan
            // ends when it has caught up with the producer index, read again each time it gets
            // there: an answer of none linearizes at that last read, when every index before it
            // had been looked at while its element (if any) was published.
            long to = lvProducerIndex();
            for (long i = lvConsumerIndex(); i < to || i < (to = lvProducerIndex()); i++) {
                // Acquire: the element published for index i (not an earlier or later lap's).
                final long seq = awaitPublished(sequences, sequenceSlot(i, mask), i);
                if (seq == WITHDRAWN) {
                    break;
                }
                if (seq != i + 1) {
                    continue;
                }
                final int slot = slot(i, mask);
                final Object e = lpElement(buffer, slot);
                if (e != null && e != SKIP && e != REMOVED && filter.test(e) && casElement(buffer, slot, e, REMOVED)) {
                    addRemoved(1);
                    removed++;
                    if (first) {
                        break;
                    }
                }
            }
            if (removed != 0) {
                // A mark at the head holds a slot no consumer may come to free: free it now.
                passRemovedHeads();
            }
        } finally {
            addRemovers(-1);
        }
        return removed;
    }

    @Override
    final boolean lookEmpty() {
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        long i = lvConsumerIndex();
        while (i < lvProducerIndex()) {
            // Acquire: the element published for index i, if its sequence says so.
            final long seq = laSequence(sequences, sequenceSlot(i, mask));
            final Object e = seq == i + 1 ? laElement(buffer, slot(i, mask)) : null;
            final long c = lvConsumerIndex();
            if (c > i) {
                i = c;
            } else if (e == null || (e != REMOVED && e != SKIP)) {
                // Claimed and not yet published, or an element (of index i: not yet consumed).
                return false;
            } else {
                i++;
            }
        }
        return true;
    }

    /** What {@link #awaitPublished} returns when the claim it waited on was withdrawn. */
    private static final long WITHDRAWN = Long.MIN_VALUE;

    /**
     * Cold path of {@link #removeWhere}: the sequence of claimed index {@code i} once its producer
     * has published it (or a consumer has since taken it), waiting for a producer between its
     * claim and its store as {@code poll} does for its head: an offer that began before the
     * removal may have claimed {@code i} before later offers that completed before it, so the
     * removal must see its element to be linearizable. Returns {@link #WITHDRAWN} if the claim was
     * withdrawn (a failed fill's): then no index from {@code i} on is claimed.
     */
    private long awaitPublished(long[] sequences, int sequenceSlot, long i) {
        long seq;
        // A Flight Recorder stall, begun at the first re-check; null while none is wanted.
        Object stall = null;
        for (int spins = 1; (seq = laSequence(sequences, sequenceSlot)) == i; spins++) {
            if ((spins & RECHECK_MASK) == 0) {
                // Volatile: pairs with a withdrawing fill's CAS of the producer index.
                if (lvProducerIndex() <= i) {
                    return WITHDRAWN;
                }
                // The producer may be a virtual thread unmounted in its fill's supplier.
                Waits.spun(spins);
                if (stall == null) {
                    stall = Flight.beginProducerStall();
                }
            }
        }
        Flight.producerStall(stall, this, i);
        return seq;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Claims runs of free slots with one CAS each: it reads the sequences of the next slots (up to
     * {@code limit}, and not past the end of the ring), and claims as many as are free for this lap
     * at once. Only then does it ask the supplier, so it never takes an element it has no room for.
     * If the head slot is not free it answers as {@link #offer} does: full if the slot's previous
     * lap is not claimed by a consumer, else it waits for that consumer. If the supplier returns
     * null or throws, the failed index and the rest of its run are withdrawn, or published as SKIP
     * when other producers have claimed past them; the elements supplied before stay in the queue.
     */
    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        int added = 0;
        while (added < limit) {
            final long p = laProducerIndex();
            int want = Math.min(limit - added, runLength(p, mask));
            if (bound <= mask) {
                // Exact: no further than bound past the consumer index; p read first, so a room
                // of 0 or less means full.
                want = (int) Math.min(want, bound - (p - laConsumerIndex()));
                if (want <= 0) {
                    break;
                }
            }
            final int n = ready(sequences, mask, p + Waits.lookahead(want), 0)
                    ? run(sequences, mask, p, p, want)
                    : awaitRun(sequences, mask, p, 0, want, laConsumerIndex() + mask + 1);
            if (n == 0) {
                // The slot's previous lap is not freed: full, unless a consumer holds it.
                if (p - (mask + 1) >= laConsumerIndex()) {
                    break;
                }
            } else if (n > 0 && casProducerIndex(p, p + n)) {
                supply(s, p, p + n, mask, added);
                added += n;
            }
            // n < 0: another producer claimed p; otherwise the CAS lost or a consumer frees the slot.
        }
        return added;
    }

    /**
     * As the default, with the sequence array in a local too: a field reloaded after every
     * release store would be bounds-checked at every element.
     */
    @Override
    final void supply(Supplier<E> s, long from, long to, int mask, int done) {
        final Object[] buffer = this.buffer;
        final long[] sequences = this.sequences;
        // The ring has no padding: ring slot i has sequence slot pad + i (see publish).
        final int pad = sequencePadSlots();
        long p = from;
        try {
            while (p < to) {
                final int first = slot(p, mask);
                final int end = first + (int) Math.min(to - p, runLength(p, mask));
                for (int slot = first; slot < end; slot++) {
                    spElement(buffer, slot, supplied(s, done + (int) (p - from)));
                    // Release: publishes the element to the consumer that loads this sequence.
                    soSequence(sequences, pad + slot, ++p);
                    added();
                }
            }
        } finally {
            giveBackUnsupplied(p, to, mask);
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Claims runs of published slots with one CAS each (reading their sequences first, up to
     * {@code limit} and not past the end of the ring), then takes them in order: each slot is
     * cleared and handed to the next lap's producer before {@code c} sees its element. It stops
     * when the head is not published (even if claimed by a producer that has not written it yet).
     * A callback that reads the queue sees the whole claimed run as taken. If {@code c} throws,
     * the rest of its run goes back to the queue's head by a CAS, unless another consumer has
     * claimed past it meanwhile: then no consumer could reach those elements any more, and this
     * drain hands them to {@code c} before the throwable propagates (should {@code c} throw
     * again, those later throwables are dropped). So nothing is lost or taken twice, and the next
     * lap's producers never wait for a slot nobody will free.
     */
    @Override
    public int drain(Consumer<E> c, int limit) {
        Args.callback("c", c);
        Args.limit(limit);
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        int taken = 0;
        while (taken < limit) {
            final long from = laConsumerIndex();
            final int want = Math.min(limit - taken, runLength(from, mask));
            // An unpublished head (an empty queue, or a producer yet to write it) ends the drain
            // without a look at the producer index, as a relaxed poll would.
            final int n = !ready(sequences, mask, from, 1) || ready(sequences, mask, from + Waits.lookahead(want), 1)
                    ? run(sequences, mask, from, from + 1, want)
                    : awaitRun(sequences, mask, from, 1, want, laProducerIndex());
            if (n == 0) {
                break;
            }
            if (n > 0 && casConsumerIndex(from, from + n)) {
                taken += takeRun(c, from, n, mask);
            }
        }
        return taken;
    }

    /**
     * How many slots from index {@code from} on, at most {@code max}, show the sequence of their
     * index plus {@code lag} ({@code lag} 0: free for this lap's producer; 1: published for its
     * consumer); -1 if the first slot's sequence is already past that (another thread claimed
     * {@code from}). Sequences only grow, so a run read before a successful CAS on the index is
     * still the claimant's.
     */
    private int run(long[] sequences, int mask, long from, long expected, int max) {
        final long lag = expected - from;
        final int first = sequenceSlot(from, mask);
        final long seq = laSequence(sequences, first);
        if (seq != expected) {
            return seq > expected ? -1 : 0;
        }
        int n = 1;
        while (n < max && laSequence(sequences, first + n) == from + n + lag) {
            n++;
        }
        return n;
    }

    /** Whether the slot of {@code index} is ready: its sequence is {@code index + lag}. */
    private boolean ready(long[] sequences, int mask, long index, long lag) {
        return laSequence(sequences, sequenceSlot(index, mask)) == index + lag;
    }

    /**
     * Path of fill and drain when a slot within the {@code want} from index {@code from} is not
     * ready ({@link Waits#lookahead}; for a drain, only if its head is): the other side has
     * claimed the indices before {@code claimed} (for a drain the producers, who may not have
     * published them yet; for a fill the consumers, who may not have freed them yet). Waits a
     * little for the last claimed slot within the run to be ready, then counts the ready run from
     * {@code from} ({@link #run}).
     * <p>
     * Why wait, and why there: one producer filling and one consumer draining in step meet at the
     * same slots. Had the drain counted the run at once, it would read the cache lines the
     * producer is writing and take the one or two slots published so far, and the producer
     * would miss the cache at every slot it writes after that: with a cheap supplier and
     * callback the two then stay in step for good, at a fraction of their speed. Watching the
     * claim's last slot, the waiting thread reads one line while the other writes the rest, then
     * takes the whole run with one CAS; and it reads that line seldom, the pauses between reads
     * doubling, because each read takes the line from the writer if it is still writing there
     * (the waiting side is the faster one, so waiting longer than needed costs no throughput).
     * The wait is bounded ({@link Waits#BATCH_WAIT_SPINS} spins in all, ten reads), so a
     * thread that holds its claim for long (a slow supplier or callback, a descheduled thread)
     * only makes this call take the shorter run that is ready; and nothing is waited for when
     * nothing is claimed (an empty queue for a drain, a full one for a fill).
     *
     * @param lag what a ready slot's sequence is over its index: 0 free (fill), 1 published (drain)
     * @return what {@link #run} returns for the claimed part of the run, or 0 if nothing past
     *         {@code from} is claimed
     */
    private int awaitRun(long[] sequences, int mask, long from, long lag, int want, long claimed) {
        final long end = Math.min(claimed, from + want);
        if (end <= from) {
            return 0;
        }
        final int last = sequenceSlot(end - 1, mask);
        for (int pause = 1; pause <= Waits.BATCH_WAIT_SPINS && laSequence(sequences, last) < end - 1 + lag;
                pause <<= 1) {
            Waits.pause(pause);
        }
        return run(sequences, mask, from, from + lag, (int) (end - from));
    }

    /**
     * Takes the claimed indices {@code [from, from + n)}, all published, handing each element
     * (not SKIPs) to {@code c}; returns how many it handed over. If {@code c} throws, gives back
     * the rest of the run ({@code giveBack}).
     */
    private int takeRun(Consumer<E> c, long from, int n, int mask) {
        final Object[] buffer = this.buffer;
        final long[] sequences = this.sequences;
        final int first = slot(from, mask);
        final int firstSequence = sequenceSlot(from, mask);
        int handed = 0;
        int k = 0;
        try {
            for (; k < n; k++) {
                final Object e = takeElement(buffer, first + k);
                // Release: pairs with the next lap's producer; the slot is read and cleared.
                soSequence(sequences, firstSequence + k, from + k + mask + 1);
                freed();
                if (e != SKIP) {
                    handed++;
                    c.accept(cast(e));
                }
            }
        } finally {
            if (k < n) {
                giveBack(c, buffer, from, k + 1, n, mask);
            }
        }
        return handed;
    }

    @Override
    public E peek() {
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        long p = Long.MIN_VALUE;
        int spins = 0;
        while (true) {
            final long c = laConsumerIndex();
            final long seq = laSequence(sequences, sequenceSlot(c, mask));
            if (seq == c + 1) {
                final Object e = headIfUnclaimed(c, mask);
                if (e == SKIP || e == REMOVED) {
                    stepOver(c, mask);
                } else if (e != null) {
                    return cast(e);
                }
            } else if (seq < c + 1 && (c >= p || (++spins & RECHECK_MASK) == 0)) {
                if (c >= (p = laProducerIndex())) {
                    return null;
                }
                // The producer may be a virtual thread unmounted in its fill's supplier.
                Waits.spun(spins);
            }
        }
    }

    @Override
    public E relaxedPeek() {
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        while (true) {
            final long c = laConsumerIndex();
            final long seq = laSequence(sequences, sequenceSlot(c, mask));
            if (seq != c + 1) {
                return null;
            }
            final Object e = headIfUnclaimed(c, mask);
            if (e != SKIP && e != REMOVED) {
                return cast(e);
            }
            stepOver(c, mask);
        }
    }

    /** Cold path of peek: claims skipped index {@code c}, unless another consumer did, and frees it. */
    private void stepOver(long c, int mask) {
        if (casConsumerIndex(c, c + 1)) {
            takeClaimed(buffer, c, mask);
        }
    }

    /**
     * What was published at index {@code c}, if no consumer claimed {@code c} before the load (the
     * element store is a release, so a newer lap's element would come with a newer consumer
     * index); else null.
     */
    private Object headIfUnclaimed(long c, int mask) {
        final Object e = laElement(buffer, slot(c, mask));
        return c != laConsumerIndex() ? null : e;
    }

    @Override
    E elementIfPresent(long index) {
        if (laSequence(sequences, sequenceSlot(index, mask)) != index + 1) {
            return null;
        }
        return super.elementIfPresent(index);
    }

}
