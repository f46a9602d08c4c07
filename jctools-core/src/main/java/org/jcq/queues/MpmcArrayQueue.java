package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * A bounded multi-producer multi-consumer queue on a ring of references with a sequence number
 * per slot.
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
 * <li>{@code consumerIndex <= producerIndex <= consumerIndex + capacity}; both only grow.</li>
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
 * claimed-but-unfreed tail slot, {@link #relaxedOffer} returns false.
 *
 * <h2>Orderings</h2>
 * A producer stores the element (release), then the slot's sequence (release); a consumer loads
 * the sequence (acquire), which makes the element and its fields visible. The consumer clears the
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
 * {@code size()} counts claimed slots. {@link #fill(Supplier, int)} claims one slot per element
 * after taking it from the supplier; if other producers fill the queue between its room check and
 * its claim, it waits for a consumer rather than drop the element. The iterator is weakly
 * consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
public class MpmcArrayQueue<E> extends MpmcArrayQueueFields<E> {
    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpmcArrayQueue(int capacity) {
        super(Args.pow2Capacity("capacity", capacity, 2));
    }

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw nullElement();
        }
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        long p;
        while (true) {
            p = laProducerIndex();
            final long seq = laSequence(sequences, sequenceSlot(p, mask));
            if (seq == p) {
                if (casProducerIndex(p, p + 1)) {
                    break;
                }
            } else if (seq < p && isFull(p, mask)) {
                return false;
            }
            // seq > p: another producer claimed p. seq < p, not full: a consumer is freeing it.
        }
        publish(p, mask, e);
        return true;
    }

    /** True if the slot of {@code p} still waits for a consumer that has not claimed it. */
    private boolean isFull(long p, int mask) {
        return p - (mask + 1) >= laConsumerIndex();
    }

    private void publish(long p, int mask, E e) {
        soElement(buffer, slot(p, mask), e);
        soSequence(sequences, sequenceSlot(p, mask), p + 1);
    }

    @Override
    public boolean relaxedOffer(E e) {
        if (e == null) {
            throw nullElement();
        }
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        long p;
        while (true) {
            p = laProducerIndex();
            final long seq = laSequence(sequences, sequenceSlot(p, mask));
            if (seq < p) {
                return false;
            }
            if (seq == p && casProducerIndex(p, p + 1)) {
                break;
            }
        }
        publish(p, mask, e);
        return true;
    }

    @Override
    public E poll() {
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        long c;
        while (true) {
            c = laConsumerIndex();
            final long seq = laSequence(sequences, sequenceSlot(c, mask));
            if (seq == c + 1) {
                if (casConsumerIndex(c, c + 1)) {
                    break;
                }
            } else if (seq < c + 1 && c >= laProducerIndex()) {
                return null;
            }
            // seq > c + 1: another consumer claimed c. seq <= c, c claimed: its producer is publishing.
        }
        return takeElement(c, mask);
    }

    @Override
    public E relaxedPoll() {
        final long[] sequences = this.sequences;
        final int mask = this.mask;
        long c;
        while (true) {
            c = laConsumerIndex();
            final long seq = laSequence(sequences, sequenceSlot(c, mask));
            if (seq < c + 1) {
                return null;
            }
            if (seq == c + 1 && casConsumerIndex(c, c + 1)) {
                break;
            }
        }
        return takeElement(c, mask);
    }

    /** Takes the element of a claimed index and hands the slot to the next lap's producer. */
    private E takeElement(long c, int mask) {
        final Object[] buffer = this.buffer;
        final int slot = slot(c, mask);
        // Plain: the acquire load of the sequence before the claim made the element visible.
        final Object e = lpElement(buffer, slot);
        spElement(buffer, slot, null);
        soSequence(sequences, sequenceSlot(c, mask), c + mask + 1);
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    @Override
    public E peek() {
        final int mask = this.mask;
        while (true) {
            final long c = laConsumerIndex();
            final long seq = laSequence(sequences, sequenceSlot(c, mask));
            if (seq == c + 1) {
                final E e = headIfUnclaimed(c, mask);
                if (e != null) {
                    return e;
                }
            } else if (seq < c + 1 && c >= laProducerIndex()) {
                return null;
            }
        }
    }

    @Override
    public E relaxedPeek() {
        final int mask = this.mask;
        final long c = laConsumerIndex();
        return laSequence(sequences, sequenceSlot(c, mask)) == c + 1 ? headIfUnclaimed(c, mask) : null;
    }

    /**
     * The element of published index {@code c}, if no consumer claimed {@code c} before the
     * load (the element store is a release, so a newer lap's element would come with a newer
     * consumer index); else null.
     */
    private E headIfUnclaimed(long c, int mask) {
        final Object e = laElement(buffer, slot(c, mask));
        if (e == null || c != laConsumerIndex()) {
            return null;
        }
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    @Override
    E elementIfPresent(long index) {
        if (laSequence(sequences, sequenceSlot(index, mask)) != index + 1) {
            return null;
        }
        return super.elementIfPresent(index);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Claims one element per CAS, so an exception from {@code c} loses nothing but the element it
     * was handed.
     */
    @Override
    public int drain(Consumer<E> c, int limit) {
        Args.notNull("c", c);
        Args.limit(limit);
        for (int i = 0; i < limit; i++) {
            final E e = relaxedPoll();
            if (e == null) {
                return i;
            }
            c.accept(e);
        }
        return limit;
    }

    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.notNull("s", s);
        Args.limit(limit);
        final int mask = this.mask;
        for (int i = 0; i < limit; i++) {
            if (isFull(laProducerIndex(), mask)) {
                return i;
            }
            final E e = s.get();
            if (e == null) {
                throw nullSupplied(i);
            }
            while (!offer(e)) {
                // Other producers took the room we saw: wait for a consumer, never drop e.
                Thread.onSpinWait();
            }
        }
        return limit;
    }
}
