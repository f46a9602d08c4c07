package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * A bounded multi-producer single-consumer queue on a ring of references.
 * <p>
 * Algorithm: producers claim an index with a CAS on the producer index, then store the element
 * in its slot; the single consumer finds elements by a null check, as in
 * {@link SpscArrayQueue}. To avoid reading the consumer's index (a line the consumer writes) on
 * every offer, producers compare against a cached {@code producerLimit} and refresh it from the
 * consumer index only when they reach it (JCTools' MpscArrayQueue uses the same idea).
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>{@code consumerIndex <= producerIndex <= consumerIndex + capacity}; both only grow.</li>
 * <li>{@code producerLimit <= consumerIndex + capacity}: every value stored in it was computed
 * from some past consumer index, which only grows. Racing producers may store an older, smaller
 * limit over a newer one; that only sends the next offer to refresh it early.</li>
 * <li>A producer that claimed index {@code i} has room: {@code i < c + capacity} for a consumer
 * index {@code c} it read, so the consumer has already freed the slot of {@code i - capacity}.</li>
 * </ol>
 * <b>Not</b> invariant: a claimed index's slot may still be null, between the producer's CAS and
 * its element store. The consumer tells this apart from "empty" by comparing its index with the
 * producer index: {@link #poll()} then waits for the store, {@link #relaxedPoll()} returns null.
 *
 * <h2>Orderings</h2>
 * The CAS on the producer index (volatile) orders the claim. The element store is a release store
 * that pairs with the consumer's acquire load of the slot, which publishes the element's fields.
 * The consumer's release store of null, then its release store of the consumer index, pair with the
 * producers' acquire load of the consumer index: a producer that sees the consumer past
 * {@code i - capacity} writes the slot of {@code i} after the consumer's null, not before.
 *
 * <h2>Linearization points</h2>
 * offer: the successful CAS (it fixes the order of elements); a failed offer: the consumer-index
 * load that showed the queue full. poll: the slot load that returns the element, or the
 * producer-index load that shows the queue empty.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * Any number of producer threads; one consumer thread at a time. {@code poll()} and
 * {@code peek()} are not lock-free: they wait for a producer that has claimed the head slot but
 * not yet written it (a descheduled producer stalls them). {@code size()} counts claimed slots.
 * {@link #fill(Supplier, int)} claims one slot per element after taking it from the supplier, and
 * in the rare case that other producers fill the queue between its room check and its claim, it
 * waits for the consumer rather than drop the element it already took. The iterator is weakly
 * consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
public class MpscArrayQueue<E> extends MpscArrayQueueFields<E> {
    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [1, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscArrayQueue(int capacity) {
        super(Args.pow2Capacity("capacity", capacity, 1));
    }

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw nullElement();
        }
        final int mask = this.mask;
        long limit = laProducerLimit();
        long p;
        do {
            p = laProducerIndex();
            if (p >= limit && p >= (limit = refreshProducerLimit(mask))) {
                return false;
            }
        } while (!casProducerIndex(p, p + 1));
        soElement(buffer, slot(p, mask), e);
        return true;
    }

    /** Cold path of offer: recomputes the limit from the consumer index (acquire). */
    private long refreshProducerLimit(int mask) {
        final long limit = laConsumerIndex() + mask + 1;
        soProducerLimit(limit);
        return limit;
    }

    /** True if a producer would find room now: the room check of {@link #fill}. */
    private boolean hasRoom() {
        final long p = laProducerIndex();
        return p < laProducerLimit() || p < refreshProducerLimit(mask);
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
        Object e = laElement(buffer, slot);
        if (e == null) {
            if (c == laProducerIndex()) {
                return null;
            }
            e = awaitElement(buffer, slot);
        }
        soElement(buffer, slot, null);
        soConsumerIndex(c + 1);
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    @Override
    public E relaxedPoll() {
        final Object[] buffer = this.buffer;
        final long c = lpConsumerIndex();
        final int slot = slot(c, mask);
        final Object e = laElement(buffer, slot);
        if (e == null) {
            return null;
        }
        soElement(buffer, slot, null);
        soConsumerIndex(c + 1);
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    @Override
    public E peek() {
        final Object[] buffer = this.buffer;
        final long c = lpConsumerIndex();
        final int slot = slot(c, mask);
        Object e = laElement(buffer, slot);
        if (e == null && c != laProducerIndex()) {
            e = awaitElement(buffer, slot);
        }
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    @Override
    public E relaxedPeek() {
        @SuppressWarnings("unchecked")
        final E e = (E) laElement(buffer, slot(lpConsumerIndex(), mask));
        return e;
    }

    /** Cold path: the slot is claimed; spin until its producer's release store lands. */
    private static Object awaitElement(Object[] buffer, int slot) {
        Object e;
        while ((e = laElement(buffer, slot)) == null) {
            Thread.onSpinWait();
        }
        return e;
    }

    @Override
    public int drain(Consumer<E> c, int limit) {
        Args.notNull("c", c);
        Args.limit(limit);
        final Object[] buffer = this.buffer;
        final int mask = this.mask;
        final long start = lpConsumerIndex();
        for (int i = 0; i < limit; i++) {
            final long index = start + i;
            final int slot = slot(index, mask);
            final Object e = laElement(buffer, slot);
            if (e == null) {
                return i;
            }
            soElement(buffer, slot, null);
            soConsumerIndex(index + 1);
            @SuppressWarnings("unchecked")
            final E element = (E) e;
            c.accept(element);
        }
        return limit;
    }

    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.notNull("s", s);
        Args.limit(limit);
        for (int i = 0; i < limit; i++) {
            if (!hasRoom()) {
                return i;
            }
            final E e = s.get();
            if (e == null) {
                throw nullSupplied(i);
            }
            while (!offer(e)) {
                // Other producers took the room we saw: wait for the consumer, never drop e.
                Thread.onSpinWait();
            }
        }
        return limit;
    }
}
