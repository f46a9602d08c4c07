package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.jcq.internal.Args;

import org.jcq.internal.VarHandles;

/**
 * An unbounded multi-producer multi-consumer queue whose consumers can block: an executor's work
 * queue, where submitters must never be refused or wait and the worker threads sleep while there is
 * nothing to do. Consumers wait for an element with {@link #take()}, {@link #poll(long, TimeUnit)}
 * and the timed {@link #drain(Consumer, int, long, TimeUnit)}; {@link #put} and the timed
 * {@link #offer(Object, long, TimeUnit)} never wait. JCTools has no such queue. It is the compact
 * edition of {@link MpmcUnboundedBlockingArrayQueue}: no padding, the protocol's two fields next to
 * the indices, for programs that hold many of them.
 * <p>
 * Algorithm: {@link MpmcUnboundedXaddUnpaddedArrayQueue}'s chunks, unchanged (this class extends
 * it: producers claim an index with one fetch-and-add, consumers with a CAS, see
 * {@code MpUnboundedXaddArrayQueue}), and the wait protocol every blocking queue of this package
 * shares ({@code Parking}, whose class note gives the argument that no wake-up is lost): after each
 * element it stores a producer loads the count of waiting consumers, one load when none waits; each
 * element added wakes at most one waiting consumer. The producers' fetch-and-add, with a waiting
 * consumer's volatile re-check of the producer index, closes the race. A producer that is
 * descheduled between its fetch-and-add and its store holds up the consumers that reach its index
 * (they wait, parked after a short spin, and it wakes them when it stores). Invariants, orderings
 * and linearization points: the chunks' and the protocol's; {@code take} and the timed
 * {@code poll}: the poll that returns the element.
 *
 * <h2>Departures from {@link BlockingQueue}</h2>
 * None in threading: any number of producers and consumers. {@link #remainingCapacity()} is {@link
 * Integer#MAX_VALUE}. A platform thread blocked without a deadline is {@code TIMED_WAITING} (its
 * park has the protocol's safety-net timeout; a virtual thread is {@code WAITING}). An element at
 * hand is taken even if the calling thread is interrupted, as {@link
 * java.util.concurrent.LinkedTransferQueue} does; a call that finds none throws {@link
 * InterruptedException} if interrupted, also with a zero or negative time-out. {@code size()} is an
 * estimate while other threads run. {@link #remove(Object)}, the bulk removals and the iterator's
 * {@code remove} remove from any position (so {@code ThreadPoolExecutor.remove} and {@code purge}
 * work): the element's slot is marked removed, and consumers step over it. {@code
 * docs/blocking-queues.md} lists every departure and what to use instead.
 *
 * @param <E> the type of the elements
 */
public class MpmcUnboundedBlockingUnpaddedArrayQueue<E> extends MpmcUnboundedXaddUnpaddedArrayQueue<E>
        implements BlockingMethods<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle WAITING = VarHandles.field(LOOKUP,
            MpmcUnboundedBlockingUnpaddedArrayQueue.class, "waiting", long.class);
    private static final VarHandle LISTS = VarHandles.field(LOOKUP,
            MpmcUnboundedBlockingUnpaddedArrayQueue.class, "lists", Parking.Lists.class);
    private static final VarHandle REMOVERS = VarHandles.field(LOOKUP,
            MpmcUnboundedBlockingUnpaddedArrayQueue.class, "removers", int.class);
    private static final VarHandle REMOVED_COUNT = VarHandles.field(LOOKUP,
            MpmcUnboundedBlockingUnpaddedArrayQueue.class, "removed", int.class);

    static {
        // How the wait protocol reaches this edition's fields, and its re-checks (see Parking).
        Parking.<MpmcUnboundedBlockingUnpaddedArrayQueue<?>>register(MpmcUnboundedBlockingUnpaddedArrayQueue.class,
                MpmcUnboundedBlockingUnpaddedArrayQueue::lvWaiting,
                MpmcUnboundedBlockingUnpaddedArrayQueue::svWaiting,
                MpmcUnboundedBlockingUnpaddedArrayQueue::laLists,
                MpmcUnboundedBlockingUnpaddedArrayQueue::casLists,
                // Volatile loads: pair with the producers' claiming fetch-and-add.
                q -> q.lvProducerIndex() != q.lvConsumerIndex(),
                // No producer waits: the queue has no bound.
                Parking::always);
    }

    /** Registered waiters not yet signalled: takers in the low 32 bits, putters in the high ones. */
    private long waiting;
    /** Null until a thread first waits; then the waiters' lists, for good. */
    private Parking.Lists lists;
    /** How many remove(Object) calls (and bulk removals) scan the queue; read after every claim. */
    private int removers;
    /** Removed elements whose marks consumers have not passed yet: not counted by size(). */
    private int removed;

    /**
     * Creates a queue with chunks of at least {@code chunkSize} slots (rounded up to a power of
     * two) that keeps up to {@code maxPooledChunks} emptied chunks for reuse, as
     * {@link MpmcUnboundedXaddUnpaddedArrayQueue#MpmcUnboundedXaddUnpaddedArrayQueue(int, int)}.
     *
     * @param chunkSize the requested chunk size, in {@code [0, 2^30]}
     * @param maxPooledChunks how many emptied chunks to keep, in {@code [0, 2^30]}
     * @throws IllegalArgumentException if an argument is out of range
     */
    public MpmcUnboundedBlockingUnpaddedArrayQueue(int chunkSize, int maxPooledChunks) {
        super(chunkSize, maxPooledChunks);
    }

    /**
     * Creates a queue with chunks of at least {@code chunkSize} slots that keeps up to 2 emptied
     * chunks for reuse.
     *
     * @param chunkSize the requested chunk size, in {@code [0, 2^30]}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpmcUnboundedBlockingUnpaddedArrayQueue(int chunkSize) {
        this(chunkSize, DEFAULT_MAX_POOLED_CHUNKS);
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
    final boolean removable() {
        return true;
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

    /**
     * Removes one occurrence of {@code o}, the first published one from the head, if there is
     * one: unlike JCTools' queues (and the single-consumer blocking queues of this package), an
     * MPMC blocking queue supports removal from any position, so a
     * {@link java.util.concurrent.ThreadPoolExecutor} working from it can {@code remove} and
     * {@code purge} tasks and settle a task offered as the pool shuts down. Any thread. The
     * removed element's slot stays in the queue until the head passes it; {@code size()} and
     * {@code isEmpty()} do not count it, but may for the moment between a remover's mark and its
     * count (then {@code isEmpty()} may say false while {@code poll()} finds nothing). While a removal scans, consumers take their elements with an atomic swap instead of
     * a plain load and store (a producer's claim and its store
     * are apart, so an element a producer has claimed but not yet written is not seen).
     *
     * @param o the element to remove (by {@code o.equals}); {@code null} removes nothing
     * @return whether an element was removed
     */
    @Override
    public boolean remove(Object o) {
        return o != null && mpmcRemoveWhere(o::equals, true) != 0;
    }

    /** The iterator's {@code remove}: removes the element it returned (by identity), if still queued. */
    @Override
    void removeReturned(Object e) {
        mpmcRemoveWhere(x -> x == e, true);
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
        return mpmcRemoveWhere(test, false) != 0;
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
        return mpmcRemoveWhere(c::contains, false) != 0;
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
        return mpmcRemoveWhere(e -> !c.contains(e), false) != 0;
    }
}
