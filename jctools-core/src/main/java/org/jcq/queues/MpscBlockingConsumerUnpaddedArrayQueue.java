package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.Args;
import org.jcq.internal.VarHandles;

/**
 * The compact edition of {@link MpscBlockingConsumerArrayQueue}: the same algorithm (the ring of
 * {@link MpscUnpaddedArrayQueue} and the wait protocol of every blocking queue, {@code Parking},
 * all shared code), the same guarantees and departures, with no padding: the protocol's two fields
 * sit next to the indices. For programs that hold many bounded mailboxes whose consumer blocks
 * (one per actor). JCTools 4.0.7 has no compact edition of this queue.
 * <p>
 * Here {@code waiting} shares a line with the consumer index, so a producer's check after each
 * element reads a line every poll writes (the cost of compactness under steady contention).
 *
 * @param <E> the type of the elements
 */
public class MpscBlockingConsumerUnpaddedArrayQueue<E> extends MpscUnpaddedArrayQueue<E>
        implements BlockingMethods<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle WAITING =
            VarHandles.field(LOOKUP, MpscBlockingConsumerUnpaddedArrayQueue.class, "waiting", long.class);
    private static final VarHandle LISTS =
            VarHandles.field(LOOKUP, MpscBlockingConsumerUnpaddedArrayQueue.class, "lists", Parking.Lists.class);
    static {
        // How the wait protocol reaches this edition's fields, and its re-checks (see Parking).
        Parking.<MpscBlockingConsumerUnpaddedArrayQueue<?>>register(MpscBlockingConsumerUnpaddedArrayQueue.class,
                MpscBlockingConsumerUnpaddedArrayQueue::lvWaiting,
                MpscBlockingConsumerUnpaddedArrayQueue::svWaiting,
                MpscBlockingConsumerUnpaddedArrayQueue::laLists,
                MpscBlockingConsumerUnpaddedArrayQueue::casLists,
                // Volatile: pairs with the producers' claiming CAS. The consumer's own index, plain.
                q -> q.lvProducerIndex() != q.lpConsumerIndex(),
                // Volatile; the consumer frees with release stores: the settling re-checks close
                // the race on this side.
                q -> q.laProducerIndex() - q.lvConsumerIndex() < q.capacity());
    }

    /** Registered waiters not yet signalled: takers in the low 32 bits, putters in the high ones. */
    private long waiting;
    /** Null until a thread first waits; then the waiters' lists, for good. */
    private Parking.Lists lists;

    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [1, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscBlockingConsumerUnpaddedArrayQueue(int capacity) {
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
    public MpscBlockingConsumerUnpaddedArrayQueue(int capacity, Bound bound) {
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

    @Override
    final void added() {
        if ((int) lvWaiting() != 0) {
            laLists().signalTakers();
        }
    }

    @Override
    final void freed() {
        if ((lvWaiting() >>> 32) != 0) {
            laLists().signalPutters();
        }
    }
}
