package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.Args;
import org.jcq.internal.VarHandles;

/**
 * The compact edition of {@link MpmcArrayQueue}: the same algorithm ({@code BaseMpmcArrayQueue}),
 * the same guarantees, with no padding. Its indices sit next to each other and to the header, and
 * its sequence array has no unused slots, so an empty queue is as small as JCTools'
 * {@code MpmcUnpaddedArrayQueue}. For programs that hold many queues, where 128-byte pads would
 * cost more memory than false sharing costs time; under steady contention, pick
 * {@link MpmcArrayQueue}.
 *
 * @param <E> the type of the elements
 */
public class MpmcUnpaddedArrayQueue<E> extends BaseMpmcArrayQueue<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle PRODUCER_INDEX =
            VarHandles.field(LOOKUP, MpmcUnpaddedArrayQueue.class, "producerIndex", long.class);
    private static final VarHandle CONSUMER_INDEX =
            VarHandles.field(LOOKUP, MpmcUnpaddedArrayQueue.class, "consumerIndex", long.class);

    /** Count of slots claimed by producers. */
    private long producerIndex;
    /** Count of slots claimed by consumers. */
    private long consumerIndex;

    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpmcUnpaddedArrayQueue(int capacity) {
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
    public MpmcUnpaddedArrayQueue(int capacity, Bound bound) {
        super(Args.capacity("capacity", capacity, Bound.exact(bound) ? 1 : 2, Bound.exact(bound)));
    }

    @Override
    final int sequencePadSlots() {
        return 0;
    }

    @Override
    final long laProducerIndex() {
        return (long) PRODUCER_INDEX.getAcquire(this);
    }

    @Override
    final long lvProducerIndex() {
        return (long) PRODUCER_INDEX.getVolatile(this);
    }

    @Override
    final boolean casProducerIndex(long expect, long update) {
        return PRODUCER_INDEX.compareAndSet(this, expect, update);
    }

    @Override
    final long laConsumerIndex() {
        return (long) CONSUMER_INDEX.getAcquire(this);
    }

    @Override
    final long lvConsumerIndex() {
        return (long) CONSUMER_INDEX.getVolatile(this);
    }

    @Override
    final boolean casConsumerIndex(long expect, long update) {
        return CONSUMER_INDEX.compareAndSet(this, expect, update);
    }
}
