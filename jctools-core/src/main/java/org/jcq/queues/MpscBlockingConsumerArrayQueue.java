package org.jcq.queues;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.jcq.internal.Args;

/**
 * A bounded multi-producer single-consumer queue that is also a {@link BlockingQueue}: its
 * consumer can wait for an element ({@link #take()}, {@link #poll(long, TimeUnit)}, the timed
 * {@link #drain(Consumer, int, long, TimeUnit)}) and its producers for room ({@link #put},
 * {@link #offer(Object, long, TimeUnit)}). JCTools' class of this name; its compact edition is
 * {@link MpscBlockingConsumerUnpaddedArrayQueue}.
 * <p>
 * Algorithm: the ring, the producers' claim and the consumer's take are {@link MpscArrayQueue}'s,
 * unchanged (this class extends it); the waits are the wait protocol every blocking queue of this
 * package shares ({@code Parking}, whose class note gives the argument that no wake-up is lost):
 * after each element it stores, a producer loads the count of waiting consumers, and after each
 * slot it frees, the consumer loads the count of waiting producers; only a non-zero count costs
 * more (one waiter taken out of a list and unparked). The producers claim with a CAS of the
 * producer index, which, with the waiting consumer's volatile re-check of that index, closes the
 * race on the consumer's side; the consumer frees slots with a release store of its index, and a
 * producer that goes to wait for room re-checks for a few microseconds after it registers
 * (see {@code Parking}). The fields of the protocol sit in a padded region of their own (see
 * {@code MpscBlockingConsumerArrayQueueFields}). JCTools keeps its blocked consumer in the low bit
 * of the producer index; this class keeps every line of the MPSC algorithm shared with
 * {@link MpscArrayQueue}.
 *
 * <h2>Invariants, orderings, linearization points</h2>
 * {@link MpscArrayQueue}'s and the protocol's. Every path that stores an element wakes a waiting
 * consumer ({@code offer}, {@code relaxedOffer}, {@code add}, {@code put}, the timed
 * {@code offer}, each element of a {@code fill}, {@code offerIfBelowThreshold},
 * {@code failFastOffer}); every path that frees a slot wakes a waiting producer (each element
 * taken by {@code poll}, {@code relaxedPoll}, {@code drain}, {@code drainTo}, {@code take}, the
 * timed {@code poll}, {@code clear}; a skipped slot stepped over; a claim withdrawn by a failed
 * {@code fill}). {@code take} and the timed {@code poll}: the poll that returns the element; a
 * timed poll that returns null: its last re-check, made after the deadline passed.
 *
 * <h2>Departures from {@link BlockingQueue}</h2>
 * One consumer thread at a time, as for every MPSC queue: {@code take}, {@code poll}, {@code
 * drainTo}, {@code drain}, {@code peek} and {@code clear} must not run concurrently with each
 * other. {@link #remove(Object)} of a present element, {@code removeAll}, {@code retainAll} and the
 * iterator's {@code remove} throw {@link UnsupportedOperationException} (the iterator is weakly
 * consistent); {@code docs/blocking-queues.md} says why and what to use instead. A platform thread
 * blocked without a deadline is {@code TIMED_WAITING} (its park has the protocol's safety-net
 * timeout; a virtual thread is {@code WAITING}), where {@link
 * java.util.concurrent.ArrayBlockingQueue}'s is {@code WAITING}. An element at hand (room at hand)
 * is taken (used) even if the calling thread is interrupted, as {@link
 * java.util.concurrent.LinkedTransferQueue} and JCTools do; a call that must wait, or that finds
 * nothing with a zero or negative time-out, throws {@link InterruptedException} if interrupted.
 * Where it departs from JCTools 4.0.7: {@code put}, the timed {@code offer} and {@code drainTo}
 * work (JCTools' throw {@link UnsupportedOperationException}).
 *
 * @param <E> the type of the elements
 */
public class MpscBlockingConsumerArrayQueue<E> extends MpscBlockingConsumerArrayQueueFields<E>
        implements BlockingMethods<E> {
    static {
        // How the wait protocol reaches this edition's fields, and its re-checks (see Parking).
        Parking.<MpscBlockingConsumerArrayQueue<?>>register(MpscBlockingConsumerArrayQueue.class,
                MpscBlockingConsumerArrayQueue::lvWaiting,
                MpscBlockingConsumerArrayQueue::svWaiting,
                MpscBlockingConsumerArrayQueue::laLists,
                MpscBlockingConsumerArrayQueue::casLists,
                // Volatile: pairs with the producers' claiming CAS. The consumer's own index, plain.
                q -> q.lvProducerIndex() != q.lpConsumerIndex(),
                // Volatile; the consumer frees with release stores: the settling re-checks close
                // the race on this side.
                q -> q.laProducerIndex() - q.lvConsumerIndex() < q.capacity());
    }

    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [1, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscBlockingConsumerArrayQueue(int capacity) {
        this(capacity, Bound.ROUNDED);
    }

    /**
     * Creates a queue holding {@code capacity} elements: rounded up to a power of two with
     * {@link Bound#ROUNDED}, as the one-argument constructor does, or exactly with
     * {@link Bound#EXACT}.
     *
     * @param capacity the requested capacity, in {@code [1, 2^30]}
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public MpscBlockingConsumerArrayQueue(int capacity, Bound bound) {
        // Unlike MpscArrayQueue's, JCTools' constructor rejects 0.
        super(Args.inRange("capacity", capacity, 1, Args.MAX_POW2), bound);
    }

    /** The protocol's lists, or null if no thread has waited yet; for tests. */
    final Parking.Lists lists() {
        return laLists();
    }

    /** After every element stored (each of a fill too): whether a consumer waits (S1). */
    @Override
    final void added() {
        if ((int) lvWaiting() != 0) {
            laLists().signalTakers();
        }
    }

    /** After every slot freed: whether a producer waits for room (S1). */
    @Override
    final void freed() {
        if ((lvWaiting() >>> 32) != 0) {
            laLists().signalPutters();
        }
    }
}
