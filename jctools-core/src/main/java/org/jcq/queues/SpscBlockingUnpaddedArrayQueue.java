package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.jcq.internal.Args;
import org.jcq.internal.VarHandles;

/**
 * A bounded single-producer single-consumer queue that is also a {@link BlockingQueue}: its
 * consumer can wait for an element ({@link #take()}, {@link #poll(long, TimeUnit)}, the timed
 * {@link #drain(Consumer, int, long, TimeUnit)}) and its producer for room ({@link #put},
 * {@link #offer(Object, long, TimeUnit)}). JCTools has no such queue. It is the compact edition of
 * {@link SpscBlockingArrayQueue}: no padding, the protocol's two fields next to the indices, for
 * programs that hold many of them.
 * <p>
 * Algorithm: {@link SpscUnpaddedArrayQueue}'s ring, unchanged (this class extends it), and the wait
 * protocol every blocking queue of this package shares ({@code Parking}, whose class note gives the
 * argument that no wake-up is lost): after each element it stores, the producer loads the count of
 * waiting consumers, and after each slot it frees, the consumer loads the count of waiting
 * producers: one load each, and more only when a thread waits. Neither side claims with an atomic
 * update, so a thread that goes to wait re-checks for a few microseconds after it registers, which
 * closes the store-buffering race without a fence on either fast path. Invariants, orderings and
 * linearization points: the ring's and the protocol's; {@code take} and the timed {@code poll}: the
 * poll that returns the element.
 *
 * <h2>Departures from {@link BlockingQueue}</h2>
 * One producer thread and one consumer thread at a time, as for every SPSC queue. A platform thread
 * blocked without a deadline is {@code TIMED_WAITING} (its park has the protocol's safety-net
 * timeout; a virtual thread is {@code WAITING}), where {@link
 * java.util.concurrent.ArrayBlockingQueue}'s is {@code WAITING}. An element (or room) at hand is
 * taken even if the calling thread is interrupted, as {@link
 * java.util.concurrent.LinkedTransferQueue} does; a call that finds none throws {@link
 * InterruptedException} if interrupted, also with a zero or negative time-out. {@code size()} and
 * {@link #remainingCapacity()} are estimates while other threads run. {@code remove(Object)} of a
 * present element and the iterator's {@code remove} throw {@link UnsupportedOperationException}.
 * {@code docs/blocking-queues.md} lists every departure and what to use instead.
 *
 * @param <E> the type of the elements
 */
public class SpscBlockingUnpaddedArrayQueue<E> extends SpscUnpaddedArrayQueue<E>
        implements BlockingMethods<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle WAITING = VarHandles.field(LOOKUP,
            SpscBlockingUnpaddedArrayQueue.class, "waiting", long.class);
    private static final VarHandle LISTS = VarHandles.field(LOOKUP,
            SpscBlockingUnpaddedArrayQueue.class, "lists", Parking.Lists.class);

    static {
        // How the wait protocol reaches this edition's fields, and its re-checks (see Parking).
        Parking.<SpscBlockingUnpaddedArrayQueue<?>>register(SpscBlockingUnpaddedArrayQueue.class,
                SpscBlockingUnpaddedArrayQueue::lvWaiting,
                SpscBlockingUnpaddedArrayQueue::svWaiting,
                SpscBlockingUnpaddedArrayQueue::laLists,
                SpscBlockingUnpaddedArrayQueue::casLists,
                // Single writers: the settling re-checks close the race, and the tries read the slots.
                Parking::always,
                Parking::always);
    }

    /** Registered waiters not yet signalled: takers in the low 32 bits, putters in the high ones. */
    private long waiting;
    /** Null until a thread first waits; then the waiters' lists, for good. */
    private Parking.Lists lists;

    /**
     * Creates a queue holding at least {@code capacity} elements: the capacity is rounded up to a
     * power of two, and to no less than 4, as {@link SpscArrayQueue}'s.
     *
     * @param capacity the requested capacity, in {@code [1, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public SpscBlockingUnpaddedArrayQueue(int capacity) {
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
    public SpscBlockingUnpaddedArrayQueue(int capacity, Bound bound) {
        super(Args.inRange("capacity", capacity, 1, Args.MAX_POW2), bound);
    }

    final long lvWaiting() {
        return (long) WAITING.getVolatile(this);
    }

    final void svWaiting(long value) {
        WAITING.setVolatile(this, value);
    }

    final Parking.Lists laLists() {
        return (Parking.Lists) LISTS.getAcquire(this);
    }

    final boolean casLists(Parking.Lists made) {
        return LISTS.compareAndSet(this, null, made);
    }

    /** The protocol's lists, or null if no thread has waited yet; for tests. */
    final Parking.Lists lists() {
        return laLists();
    }

    /** After every element made visible (each of a fill too): whether a consumer waits (S1). */
    @Override
    final void added() {
        if ((int) lvWaiting() != 0) {
            // The lists exist: a waiter is counted only after its thread made them.
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
