package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * The algorithm of the bounded single-producer single-consumer queues on a ring of references,
 * {@link SpscArrayQueue} (padded) and {@link SpscUnpaddedArrayQueue} (compact): each declares the
 * hot fields, and this class reads and writes them through the accessors it declares abstract.
 * <p>
 * Algorithm: Lamport's ring with the FastFlow refinement (Aldinucci et al.) that the consumer
 * detects elements by a null check instead of reading the producer's index, and the look-ahead
 * of Thompson's SPSC queue / JCTools: the producer probes a slot {@code step} places ahead and,
 * if it is free, offers up to it without reading anything the consumer writes.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>{@code producerIndex <= consumerIndex + capacity}; both only grow, but for a drain's give-back
 * (below). The consumer index passes the producer index only while the producer is between its
 * element stores and the index store that counts them (one offer's element, or one fill run's),
 * and the consumer has already taken some of them (the consumer finds elements by their slots,
 * not by the index). {@code currentProducerIndex()} therefore reports the larger of the two, and
 * {@code size()} reports 0 there.</li>
 * <li>The slot of index {@code i} holds the element offered at {@code i} from the producer's
 * element store until the consumer's null store; otherwise it is null.</li>
 * <li>Every slot of indices in {@code [producerIndex, producerLimit)} is null, because
 * {@code producerLimit} was set after seeing the slot of {@code producerLimit} (offer's
 * look-ahead) or of {@code producerLimit - 1} (fill's) null, and the
 * consumer frees slots in index order.</li>
 * </ol>
 * <b>Not</b> invariant: the slots of the last offer or of the fill run in progress may hold their
 * elements while {@code producerIndex} is not yet advanced, so {@code size()} may lag completed
 * element stores by up to a run. That is safe: the element store is the linearization point of
 * offer, and {@code isEmpty()} reads the slot, not the index. Slots below the consumer index may
 * still hold elements: poll's one, between its index store and its clear, and the rest of a
 * drain's run (see Batches).
 *
 * <h2>Batches</h2>
 * {@code fill} stores the elements of a run (slots that do not wrap around the ring, below the
 * producer limit) one by one, each as offer does, and the producer index once after the run (or,
 * if the supplier fails, after the elements it supplied). {@code drain} reads the producer index
 * (acquire), which counts only elements already stored, takes as a run the elements it shows (not
 * past the ring's end), stores the consumer index past the whole run (release) before it clears
 * the first slot, then clears each slot (release) before handing its element over. So the index
 * is stored once per run on both sides, and a drain loop checks no slot for null. A drain's
 * callback that reads the queue sees the run as taken; a poll from it takes from after the run. If
 * the callback throws, the consumer index is stored back to the first unhanded element of the run
 * (those slots are untouched), unless the callback itself moved the index on, in which case the
 * drain hands it the rest of the run. The producer never reads the consumer index, so neither
 * early store can make it overwrite a slot: it reuses a slot only after seeing its null.

 * <h2>Exact bound</h2>
 * With a bound below the ring's size ({@link Bound#EXACT}), index {@code i} may be written only
 * once element {@code i - bound} has been taken; that element's slot is the one of
 * {@code i + gap}, {@code gap} being the spare slots ({@code mask + 1 - bound}). So the cold
 * paths probe that slot where the rounded queue probes the slot of {@code i} itself (gap 0): it
 * holds element {@code i - bound} until the consumer takes it, then null, and no later element
 * while {@code i - bound} is below the producer index, which keeping the look-ahead below the
 * bound ensures. A null there also means the slot of {@code i} is free, as the consumer frees
 * slots in index order. If that slot still holds its element, a last look at the consumer index
 * catches a poll that has taken it but not yet cleared the slot (the index is stored first); then
 * the slot of {@code i} must be seen free as well, as a drain clears its run's slots after storing
 * the index past all of them. The fast path is the rounded queue's: below the producer limit it
 * reads no slot.
 *
 * <h2>Orderings</h2>
 * The producer stores the element (release), then the index (release); the consumer loads the
 * slot (acquire), which pairs with the element store, so the element's fields are visible (a
 * drain loads the producer index with acquire instead, which pairs with the index store after the
 * elements it counts, and then loads their slots plainly). The
 * consumer stores its index and then null into the slot, both release; the null store pairs with
 * the producer's acquire load of the slot when it looks for room, so a slot is reused only after
 * the consumer read it. {@code isEmpty()} loads the
 * consumer index, the consumer's slot and the index again (all acquire): it answers from the slot,
 * where offer takes effect, so it agrees with {@code poll()} and {@code peek()} (the producer index
 * would lag them), and a {@code false} on the consumer thread means its next {@code poll()} finds
 * the element.
 *
 * <h2>Linearization points</h2>
 * offer: the element store. poll: the slot load that returns non-null (a null load for an empty
 * poll); the slot is free for the producer from the null store, so an offer between the consumer's
 * index store and its null store may still find the ring full. The index is stored first so that
 * a reader of another thread that loads a slot's element and then the consumer index (the
 * iterator) can tell this lap's element from the next lap's: a refill happens after the null
 * store, so a reader who sees it then sees the index past the slot. Each single-thread role calls
 * strictly in order, so per-role order is program order.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * One producer thread and one consumer thread at a time. {@code size()} is an estimate (see
 * {@link MessagePassingQueue#size()}). The iterator is weakly consistent and does not remove;
 * {@code remove(Object)} of a present element throws {@link UnsupportedOperationException}.
 * The relaxed methods are the strict ones: nothing here can fail spuriously.
 *
 * @param <E> the type of the elements
 */
abstract class BaseSpscArrayQueue<E> extends CircularArrayQueue<E> {
    /** The look-ahead never probes further than this many slots. */
    private static final int MAX_LOOK_AHEAD_STEP = 4096;

    /** @param capacity the capacity: a power of two, or, exact, any bound from 1 */
    BaseSpscArrayQueue(int capacity) {
        super(capacity);
    }

    /** The look-ahead needs a quarter of the ring to be a slot at least: 4, as JCTools'. */
    @Override
    final int leastRing() {
        return 4;
    }

    // The hot fields, declared by the edition (padded or compact) that extends this class.

    abstract long lpProducerIndex();

    abstract void soProducerIndex(long value);

    abstract long lpProducerLimit();

    abstract void spProducerLimit(long value);

    abstract long lpConsumerIndex();

    abstract void soConsumerIndex(long value);

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final Object[] buffer = this.buffer;
        final int mask = this.mask;
        final long p = lpProducerIndex();
        if (p >= lpProducerLimit() && !hasRoom(buffer, mask, p)) {
            return false;
        }
        soElement(buffer, slot(p, mask), e);
        soProducerIndex(p + 1);
        added();
        return true;
    }

    /**
     * Cold path of offer: probes ahead for a run of free slots, then for the one at {@code p}
     * (in an exact queue, for the slots of the elements {@code bound} back: see "Exact bound").
     */
    private boolean hasRoom(Object[] buffer, int mask, long p) {
        final int gap = gap();
        final int step = lookAheadStep(mask);
        // Acquire pairs with the consumer's release null store: the slot was read before freed.
        if (step > 0 && laElement(buffer, slot(p + step + gap, mask)) == null) {
            spProducerLimit(p + step);
            return true;
        }
        return laElement(buffer, slot(p + gap, mask)) == null || takenByIndex(buffer, mask, p, gap);
    }

    /**
     * The last look of an exact queue's cold paths, when the slot of element {@code p - bound}
     * still holds it: whether the consumer has taken it all the same, its index stored past it
     * and its slot not yet cleared (a poll between its two stores), and the slot of {@code p}
     * itself is free. Without it an offer racing such a poll could fail with the queue below its
     * bound, which a bound of 1 or 2 makes easy to meet. False in a rounded queue ({@code gap} 0),
     * where the slot of {@code p} is the one just found taken.
     */
    private boolean takenByIndex(Object[] buffer, int mask, long p, int gap) {
        // Acquire: pairs with the consumer's release store of its index; the slot's acquire load,
        // with its release null store.
        return gap != 0 && p - bound < laConsumerIndex() && laElement(buffer, slot(p, mask)) == null;
    }

    /**
     * How far offer probes ahead: a quarter of the ring, at most {@link #MAX_LOOK_AHEAD_STEP},
     * and less than the bound (a probe {@code bound} or more ahead would look at the slot of an
     * index not yet written: see "Exact bound"); 0 only for an exact bound of 1.
     */
    private int lookAheadStep(int mask) {
        return Math.min(Math.min((mask + 1) >> 2, MAX_LOOK_AHEAD_STEP), bound - 1);
    }

    /**
     * Cold path of fill: how many slots from index {@code p} on are free, looking for at least
     * {@code wanted} of them. Probes as far ahead as offer's look-ahead (or {@code wanted}, if
     * that is further), then halves the distance while the probed slot is taken, so that a fill
     * near the full edge still moves whole runs (offer's look-ahead would hand it one slot at a
     * time for the last quarter of the ring). A free slot means every slot before it is free too
     * (the consumer frees them in index order), so the producer limit moves past it; 0 if the
     * slot of {@code p} itself is taken (the ring is full).
     */
    private long roomFor(Object[] buffer, int mask, long p, int wanted) {
        final int gap = gap();
        for (int ahead = Math.min(Math.max(wanted, lookAheadStep(mask)), bound) - 1; ahead > 0; ahead >>= 1) {
            // Acquire pairs with the consumer's release null store: the slot was read before freed.
            if (laElement(buffer, slot(p + ahead + gap, mask)) == null) {
                spProducerLimit(p + ahead + 1);
                return ahead + 1;
            }
        }
        return laElement(buffer, slot(p + gap, mask)) == null || takenByIndex(buffer, mask, p, gap) ? 1 : 0;
    }

    @Override
    public E poll() {
        final Object[] buffer = this.buffer;
        final long c = lpConsumerIndex();
        final int slot = slot(c, mask);
        final Object e = laElement(buffer, slot);
        if (e == null) {
            return null;
        }
        // Index before slot: the producer refills the slot only after the null store, so whoever
        // sees the refill and then reads the consumer index sees it past c (the iterator relies on it).
        soConsumerIndex(c + 1);
        soNull(buffer, slot);
        freed();
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Looks at the consumer's slot, where offer takes effect, not at the producer index, which
     * lags it: the slot of consumer index {@code c} is non-null exactly while element {@code c} is
     * queued (or a later lap's, queued after {@code c} was taken). The index is read again after
     * the slot; if the consumer moved meanwhile, the slot may have been cleared under a queue that
     * still holds elements, so it tries again.
     */
    @Override
    public boolean isEmpty() {
        final Object[] buffer = this.buffer;
        for (;;) {
            final long c = laConsumerIndex();
            // Acquire: pairs with the producer's element store and the consumer's null store.
            final Object e = laElement(buffer, slot(c, mask));
            if (laConsumerIndex() == c) {
                return e == null;
            }
        }
    }

    @Override
    public E peek() {
        @SuppressWarnings("unchecked")
        final E e = (E) laElement(buffer, slot(lpConsumerIndex(), mask));
        return e;
    }

    @Override
    public boolean relaxedOffer(E e) {
        return offer(e);
    }

    @Override
    public E relaxedPoll() {
        return poll();
    }

    @Override
    public E relaxedPeek() {
        return peek();
    }

    /**
     * {@inheritDoc}
     * <p>
     * Unlike the other queues' (and as JCTools' {@code SpscArrayQueue} does), this one rejects a
     * null supplier even when the exit condition is false at once.
     */
    @Override
    public void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        super.fill(Args.callback("s", s), wait, exit);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Adds in runs of slots that do not wrap around the ring and lie below the producer limit,
     * each a counted loop over array indices, so the JIT checks the ring's bounds and class once
     * per run rather than once per element. Each element is stored (release) as {@link #offer}
     * stores it, so the consumer sees it at once; the producer index is stored once per run, so
     * {@code size()} may lag the elements of the run in progress. If the supplier returns null or
     * throws, the index is stored for the elements supplied before and the failure propagates.
     * The supplier must not offer to this queue (the run holds the producer's next slots); it may
     * read it.
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
            final int wanted = (int) Math.min(limit - (index - start), runLength(index, mask));
            long room = lpProducerLimit() - index;
            if (room <= 0 && (room = roomFor(buffer, mask, index, wanted)) == 0) {
                break;
            }
            final int n = (int) Math.min(room, wanted);
            fillRun(s, buffer, slot(index, mask), n, index, (int) (index - start));
            index += n;
        }
        return (int) (index - start);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Takes in runs: as many elements as the producer index shows (it lags the slots by at most
     * the producer's run in progress), up to {@code limit}, not past the end of the ring. It stores
     * the consumer index past the whole run first, as {@link #poll()} stores its index before its
     * clear, then clears each slot before {@code c} sees its element: a counted loop over array
     * indices with no index store and no null check per element. So a callback that reads the
     * queue ({@code size()}, {@code isEmpty()}, {@code peek()}) sees the whole run as taken, and one
     * that polls takes from after it. If {@code c} throws, the rest of the run goes back to the
     * head (the consumer index is stored back), unless the callback itself took from the queue
     * past the run: then this drain hands the rest to {@code c} before the throwable propagates
     * (dropping later throwables), so nothing is lost or taken twice. Where the producer index
     * shows nothing, it takes one element as {@code poll()} does.
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
            // Acquire: pairs with the producer's index store, after the elements it counts.
            final long n = Math.min(Math.min(laProducerIndex() - from, limit - taken), runLength(from, mask));
            if (n > 0) {
                takeRun(c, buffer, from, slot(from, mask), (int) n, mask);
                taken += (int) n;
            } else {
                final E e = poll();
                if (e == null) {
                    break;
                }
                taken++;
                c.accept(e);
            }
        }
        return taken;
    }

    @Override
    final Object takeClaimed(Object[] buffer, long index, int mask) {
        final int slot = slot(index, mask);
        final Object e = lpElement(buffer, slot);
        soNull(buffer, slot);
        return e;
    }
}
