package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.Args;
import org.jcq.internal.VarHandles;

/**
 * The compact edition of {@link SpscArrayQueue}: the same algorithm ({@code BaseSpscArrayQueue}),
 * the same guarantees, with no padding. Its fields sit next to each other and to the header, and
 * its ring has no unused slots, so an empty queue is as small as JCTools'
 * {@code SpscUnpaddedArrayQueue}. For programs that hold many queues, where 128-byte pads would
 * cost more memory than false sharing costs time; for one busy producer-consumer pair on two
 * cores, pick {@link SpscArrayQueue}.
 *
 * @param <E> the type of the elements
 */
public class SpscUnpaddedArrayQueue<E> extends BaseSpscArrayQueue<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle PRODUCER_INDEX =
            VarHandles.field(LOOKUP, SpscUnpaddedArrayQueue.class, "producerIndex", long.class);
    private static final VarHandle CONSUMER_INDEX =
            VarHandles.field(LOOKUP, SpscUnpaddedArrayQueue.class, "consumerIndex", long.class);

    /** Count of elements offered. Written only by the producer; read by anyone. */
    private long producerIndex;
    /** Offers below this index need not look at the ring: those slots are known to be free. */
    private long producerLimit;
    /** Count of elements polled. Written only by the consumer; read by anyone. */
    private long consumerIndex;

    /**
     * Creates a queue holding at least {@code capacity} elements: the capacity is rounded up to a
     * power of two, and to no less than 4 (as JCTools does).
     *
     * @param capacity the requested capacity, at most 2^30; as in JCTools, anything below 4 (0 and
     *     negative values included) gives a capacity of 4
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public SpscUnpaddedArrayQueue(int capacity) {
        this(capacity, Bound.ROUNDED);
    }

    /**
     * Creates a queue holding {@code capacity} elements: rounded up to a power of two with
     * {@link Bound#ROUNDED}, as the one-argument constructor does, or exactly with
     * {@link Bound#EXACT}.
     *
     * @param capacity the requested capacity, in {@code [1, 2^30]} (rounded: any request below 4
     *     gives 4, as in JCTools; exact: from 1)
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public SpscUnpaddedArrayQueue(int capacity, Bound bound) {
        super(Bound.exact(bound) ? Args.capacity("capacity", capacity, 1, true)
                : Args.pow2Capacity("capacity", Math.max(capacity, 4), 4));
    }

    @Override
    final int padSlots() {
        return 0;
    }

    @Override
    final long lpProducerIndex() {
        return producerIndex;
    }

    @Override
    final long laProducerIndex() {
        return (long) PRODUCER_INDEX.getAcquire(this);
    }

    @Override
    final void soProducerIndex(long value) {
        PRODUCER_INDEX.setRelease(this, value);
    }

    @Override
    final long lpProducerLimit() {
        return producerLimit;
    }

    @Override
    final void spProducerLimit(long value) {
        producerLimit = value;
    }

    @Override
    final long lpConsumerIndex() {
        return consumerIndex;
    }

    @Override
    final long laConsumerIndex() {
        return (long) CONSUMER_INDEX.getAcquire(this);
    }

    @Override
    final void soConsumerIndex(long value) {
        CONSUMER_INDEX.setRelease(this, value);
    }
}
