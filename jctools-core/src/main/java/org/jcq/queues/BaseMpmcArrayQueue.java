package org.jcq.queues;

import org.jcq.internal.Args;
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
 * one exception: a {@code fill} whose supplier fails withdraws its claim of index {@code p} by a
 * CAS from {@code p + 1} back to {@code p}, which succeeds only if no producer claimed past it;
 * the slot's sequence was never touched, so the queue is exactly as before the claim.</li>
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
 * A consumer waiting for a claimed head parks for 10 us every 4096 spins on a virtual thread, so
 * that a producer that is itself a virtual thread, unmounted while its {@code fill}'s supplier
 * blocked, can get a carrier back.
 * {@code size()} counts claimed slots. {@link #fill(Supplier, int)} claims one slot per element,
 * each before calling the supplier, so it never takes an element it cannot add; like
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

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final int mask = this.mask;
        final long p = claim(mask);
        if (p < 0) {
            return false;
        }
        publish(p, mask, e);
        return true;
    }

    @Override
    long claim(int mask) {
        final long[] sequences = this.sequences;
        // The last consumer index read in this call: while a consumer frees the slot we wait for,
        // re-reading it on every spin would only steal the consumers' cache line.
        long c = Long.MIN_VALUE;
        while (true) {
            final long p = laProducerIndex();
            final long seq = laSequence(sequences, sequenceSlot(p, mask));
            if (seq == p) {
                if (casProducerIndex(p, p + 1)) {
                    return p;
                }
            } else if (seq < p && p - (mask + 1) >= c && p - (mask + 1) >= (c = laConsumerIndex())) {
                return -1;
            }
            // seq > p: another producer claimed p. seq < p, not full: a consumer is freeing it.
        }
    }

    @Override
    void publish(long p, int mask, E e) {
        soElement(buffer, slot(p, mask), e);
        soSequence(sequences, sequenceSlot(p, mask), p + 1);
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
                    return takeElement(c, mask);
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

    /**
     * Takes what the producer of claimed index {@code c} published (an element, or SKIP) and hands
     * the slot to the next lap's producer.
     */
    private Object takeElement(long c, int mask) {
        final Object[] buffer = this.buffer;
        final int slot = slot(c, mask);
        // Plain: the acquire load of the sequence before the claim made the element visible.
        final Object e = lpElement(buffer, slot);
        spElement(buffer, slot, null);
        soSequence(sequences, sequenceSlot(c, mask), c + mask + 1);
        return e;
    }

    @SuppressWarnings("unchecked")
    private static <E> E cast(Object e) {
        return (E) e;
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
                if (e == SKIP) {
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
            if (e != SKIP) {
                return cast(e);
            }
            stepOver(c, mask);
        }
    }

    /** Cold path of peek: claims skipped index {@code c}, unless another consumer did, and frees it. */
    private void stepOver(long c, int mask) {
        if (casConsumerIndex(c, c + 1)) {
            takeElement(c, mask);
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
