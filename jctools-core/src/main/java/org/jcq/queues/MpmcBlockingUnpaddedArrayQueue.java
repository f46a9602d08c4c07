package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.jcq.internal.Args;

import org.jcq.internal.VarHandles;

/**
 * A bounded multi-producer multi-consumer queue that is also a {@link BlockingQueue}: consumers can
 * wait for an element ({@link #take()}, {@link #poll(long, TimeUnit)}, the timed
 * {@link #drain(Consumer, int, long, TimeUnit)}) and producers for room ({@link #put},
 * {@link #offer(Object, long, TimeUnit)}); for an executor's bounded work queue. JCTools has no
 * such queue. It is the compact edition of {@link MpmcBlockingArrayQueue}: no padding, the
 * protocol's two fields next to the indices, for programs that hold many of them.
 * <p>
 * Algorithm: {@link MpmcUnpaddedArrayQueue}'s ring (Vyukov's, a sequence per slot), unchanged (this
 * class extends it), and the wait protocol every blocking queue of this package shares
 * ({@code Parking}, whose class note gives the argument that no wake-up is lost): after each
 * element it publishes a producer loads the count of waiting consumers, and after each slot it
 * frees a consumer loads the count of waiting producers: one load each, and more only when a thread
 * waits; each element added wakes at most one waiting consumer, and each slot freed at most one
 * waiting producer. Both sides claim with a CAS of their index, which, with the waiting side's
 * volatile re-check of that index, closes the race. Invariants, orderings and linearization points:
 * the ring's and the protocol's; {@code take} and the timed {@code poll}: the poll that returns the
 * element.
 *
 * <h2>Departures from {@link BlockingQueue}</h2>
 * None in threading: any number of producers and consumers. A platform thread blocked without a
 * deadline is {@code TIMED_WAITING} (its park has the protocol's safety-net timeout; a virtual
 * thread is {@code WAITING}), where {@link java.util.concurrent.ArrayBlockingQueue}'s is {@code
 * WAITING}. An element (or room) at hand is taken even if the calling thread is interrupted, as
 * {@link java.util.concurrent.LinkedTransferQueue} does; a call that finds none throws {@link
 * InterruptedException} if interrupted, also with a zero or negative time-out. {@code size()} and
 * {@link #remainingCapacity()} are estimates while other threads run. {@link #remove(Object)}, the
 * bulk removals and the iterator's {@code remove} remove from any position (so {@code
 * ThreadPoolExecutor.remove} and {@code purge} work): the element's slot is marked removed, and
 * consumers step over it. Its slot is free again once the head reaches it: at once if it was the
 * head, else when consumers (or an {@code offer} that finds the ring full) pass it; until then it
 * counts against the bound ({@link #remainingCapacity()}) though not in {@code size()}. {@code
 * docs/blocking-queues.md} lists every departure and what to use instead.
 *
 * @param <E> the type of the elements
 */
public class MpmcBlockingUnpaddedArrayQueue<E> extends MpmcUnpaddedArrayQueue<E>
        implements BlockingMethods<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle WAITING = VarHandles.field(LOOKUP,
            MpmcBlockingUnpaddedArrayQueue.class, "waiting", long.class);
    private static final VarHandle LISTS = VarHandles.field(LOOKUP,
            MpmcBlockingUnpaddedArrayQueue.class, "lists", Parking.Lists.class);
    private static final VarHandle REMOVERS = VarHandles.field(LOOKUP,
            MpmcBlockingUnpaddedArrayQueue.class, "removers", int.class);
    private static final VarHandle REMOVED_COUNT = VarHandles.field(LOOKUP,
            MpmcBlockingUnpaddedArrayQueue.class, "removed", int.class);

    static {
        // How the wait protocol reaches this edition's fields, and its re-checks (see Parking).
        Parking.<MpmcBlockingUnpaddedArrayQueue<?>>register(MpmcBlockingUnpaddedArrayQueue.class,
                MpmcBlockingUnpaddedArrayQueue::lvWaiting,
                MpmcBlockingUnpaddedArrayQueue::svWaiting,
                MpmcBlockingUnpaddedArrayQueue::laLists,
                MpmcBlockingUnpaddedArrayQueue::casLists,
                // Volatile loads: pair with the producers' claiming CAS.
                q -> q.lvProducerIndex() != q.lvConsumerIndex(),
                // Volatile: pairs with the consumers' claiming CAS.
                q -> q.laProducerIndex() - q.lvConsumerIndex() < q.capacity());
    }

    /** Registered waiters not yet signalled: takers in the low 32 bits, putters in the high ones. */
    private long waiting;
    /** Null until a thread first waits; then the waiters' lists, for good. */
    private Parking.Lists lists;
    /** How many remove(Object) calls (and bulk removals) scan the ring; read after every claim. */
    private int removers;
    /** Removed elements whose marks consumers have not passed yet: not counted by size(). */
    private int removed;

    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two), as
     * {@link MpmcArrayQueue}'s.
     *
     * @param capacity the requested capacity, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpmcBlockingUnpaddedArrayQueue(int capacity) {
        this(capacity, Bound.ROUNDED);
    }

    /**
     * Creates a queue holding {@code capacity} elements: rounded up to a power of two with
     * {@link Bound#ROUNDED}, as the one-argument constructor does, or exactly with
     * {@link Bound#EXACT}.
     *
     * @param capacity the requested capacity, in {@code [2, 2^30]} (exact: from 1)
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public MpmcBlockingUnpaddedArrayQueue(int capacity, Bound bound) {
        super(capacity, bound);
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

    @Override
    final int lvRemovers() {
        return (int) REMOVERS.getVolatile(this);
    }

    @Override
    final void addRemovers(int delta) {
        REMOVERS.getAndAdd(this, delta);
    }

    @Override
    final boolean marksRemoved() {
        return true;
    }

    @Override
    final int lvRemoved() {
        return (int) REMOVED_COUNT.getVolatile(this);
    }

    @Override
    final void addRemoved(int delta) {
        REMOVED_COUNT.getAndAdd(this, delta);
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

    /**
     * Removes one occurrence of {@code o}, the first published one from the head, if there is
     * one: unlike JCTools' queues (and the single-consumer blocking queues of this package), an
     * MPMC blocking queue supports removal from any position, so a
     * {@link java.util.concurrent.ThreadPoolExecutor} working from it can {@code remove} and
     * {@code purge} tasks and settle a task offered as the pool shuts down. Any thread. The
     * removed element's slot stays in the queue until the head passes it; {@code size()} and
     * {@code isEmpty()} do not count it, but may for the moment between a remover's mark and its
     * count (then {@code isEmpty()} may say false while {@code poll()} finds nothing). While a
     * removal scans, consumers take their elements with an atomic swap instead of
     * a plain load and store; an element a producer has claimed but not yet written is not seen.
     *
     * @param o the element to remove (by {@code o.equals}); {@code null} removes nothing
     * @return whether an element was removed
     */
    @Override
    public boolean remove(Object o) {
        return o != null && removeWhere(o::equals, true) != 0;
    }

    /**
     * {@inheritDoc}
     * <p>
     * The slots of removed elements that no consumer has passed yet count as taken: an
     * {@code offer} cannot use them until the head moves past them. Marks at the head are
     * stepped over first, so a queue whose removed elements were at its head has their room back.
     * An estimate while other threads run.
     */
    @Override
    public int remainingCapacity() {
        return freeSlots();
    }

    /** The iterator's {@code remove}: removes the element it returned (by identity), if still queued. */
    @Override
    void removeReturned(Object e) {
        removeWhere(x -> x == e, true);
    }

    /**
     * Removes the published elements that {@code filter} accepts, as {@link #remove(Object)} does
     * each. Any thread.
     *
     * @throws NullPointerException if {@code filter} is {@code null}
     */
    @Override
    public boolean removeIf(java.util.function.Predicate<? super E> filter) {
        Args.notNull("filter", filter);
        @SuppressWarnings("unchecked")
        final java.util.function.Predicate<Object> test = e -> filter.test((E) e);
        return removeWhere(test, false) != 0;
    }

    /**
     * Removes the published elements that {@code c} contains, as {@link #remove(Object)} does
     * each. Any thread.
     *
     * @throws NullPointerException if {@code c} is {@code null}
     */
    @Override
    public boolean removeAll(Collection<?> c) {
        Args.notNull("c", c);
        return removeWhere(c::contains, false) != 0;
    }

    /**
     * Removes the published elements that {@code c} does not contain, as {@link #remove(Object)}
     * does each. Any thread.
     *
     * @throws NullPointerException if {@code c} is {@code null}
     */
    @Override
    public boolean retainAll(Collection<?> c) {
        Args.notNull("c", c);
        return removeWhere(e -> !c.contains(e), false) != 0;
    }
}
