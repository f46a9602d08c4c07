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
 * <li>{@code producerIndex <= consumerIndex + capacity} and
 * {@code consumerIndex <= producerIndex + 1}; both only grow. The consumer index passes the
 * producer index, by one, only in the window between the producer's element store and its index
 * store, when the consumer has already taken that element (the consumer finds elements by their
 * slots, not by the index). {@code currentProducerIndex()} therefore reports the larger of the
 * two, and {@code size()} reports 0 there.</li>
 * <li>The slot of index {@code i} holds the element offered at {@code i} from the producer's
 * element store until the consumer's null store; otherwise it is null.</li>
 * <li>Every slot of indices in {@code [producerIndex, producerLimit)} is null, because
 * {@code producerLimit} was set after seeing the slot of {@code producerLimit} null, and the
 * consumer frees slots in index order.</li>
 * </ol>
 * <b>Not</b> invariant: the slot of {@code producerIndex - 1} may already hold its element while
 * {@code producerIndex} is not yet advanced, so {@code size()} may lag a completed element store by
 * one. That is safe: the element store is the linearization point of offer, and
 * {@code isEmpty()} reads the slot, not the index.
 *
 * <h2>Orderings</h2>
 * The producer stores the element (release), then the index (release); the consumer loads the
 * slot (acquire), which pairs with the element store, so the element's fields are visible. The
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

    /** @param capacity the capacity, a power of two */
    BaseSpscArrayQueue(int capacity) {
        super(capacity);
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
        return true;
    }

    /** Cold path of offer: probes ahead for a run of free slots, then for the one at {@code p}. */
    private boolean hasRoom(Object[] buffer, int mask, long p) {
        final int step = Math.min((mask + 1) >> 2, MAX_LOOK_AHEAD_STEP);
        // Acquire pairs with the consumer's release null store: the slot was read before freed.
        if (laElement(buffer, slot(p + step, mask)) == null) {
            spProducerLimit(p + step);
            return true;
        }
        return laElement(buffer, slot(p, mask)) == null;
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

    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        final Object[] buffer = this.buffer;
        final int mask = this.mask;
        final long start = lpProducerIndex();
        for (int i = 0; i < limit; i++) {
            final long index = start + i;
            if (index >= lpProducerLimit() && !hasRoom(buffer, mask, index)) {
                return i;
            }
            final E e = s.get();
            if (e == null) {
                throw Args.nullSupplied(i);
            }
            soElement(buffer, slot(index, mask), e);
            soProducerIndex(index + 1);
        }
        return limit;
    }
}
