package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.VarHandles;

/**
 * The compact edition of {@link MpscUnboundedBlockingConsumerArrayQueue}: the same algorithm (the
 * chunks of {@link MpscUnboundedUnpaddedArrayQueue} and the wait protocol of every blocking queue,
 * {@code Parking}, all shared code), the same guarantees and departures, with no padding: the
 * protocol's two fields sit next to the indices. For programs that hold many unbounded task
 * queues whose one worker blocks. JCTools has no such queue.
 *
 * @param <E> the type of the elements
 */
public class MpscUnboundedBlockingConsumerUnpaddedArrayQueue<E> extends MpscUnboundedUnpaddedArrayQueue<E>
        implements BlockingMethods<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle WAITING = VarHandles.field(LOOKUP,
            MpscUnboundedBlockingConsumerUnpaddedArrayQueue.class, "waiting", long.class);
    private static final VarHandle LISTS = VarHandles.field(LOOKUP,
            MpscUnboundedBlockingConsumerUnpaddedArrayQueue.class, "lists", Parking.Lists.class);
    static {
        // How the wait protocol reaches this edition's fields, and its re-checks (see Parking).
        Parking.<MpscUnboundedBlockingConsumerUnpaddedArrayQueue<?>>register(MpscUnboundedBlockingConsumerUnpaddedArrayQueue.class,
                MpscUnboundedBlockingConsumerUnpaddedArrayQueue::lvWaiting,
                MpscUnboundedBlockingConsumerUnpaddedArrayQueue::svWaiting,
                MpscUnboundedBlockingConsumerUnpaddedArrayQueue::laLists,
                MpscUnboundedBlockingConsumerUnpaddedArrayQueue::casLists,
                // Volatile: pairs with the producers' claiming CAS.
                q -> !q.lvIsEmpty(),
                // No producer waits: the queue has no bound.
                Parking::always);
    }

    /** Registered waiters not yet signalled (takers only: producers never wait here). */
    private long waiting;
    /** Null until the consumer first waits; then the waiters' lists, for good. */
    private Parking.Lists lists;

    /**
     * Creates an empty queue whose chunks hold {@code chunkSize} elements, rounded up to a power of
     * two (one of them kept for linking).
     *
     * @param chunkSize the chunk size, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpscUnboundedBlockingConsumerUnpaddedArrayQueue(int chunkSize) {
        super(chunkSize);
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

    /** The protocol's lists, or null if the consumer has not waited yet; for tests. */
    final Parking.Lists lists() {
        return laLists();
    }

    @Override
    final void added() {
        if ((int) lvWaiting() != 0) {
            laLists().signalTakers();
        }
    }
}
