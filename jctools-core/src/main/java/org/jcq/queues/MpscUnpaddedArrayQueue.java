package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.Args;
import org.jcq.internal.VarHandles;

/**
 * The compact edition of {@link MpscArrayQueue}: the same algorithm ({@code BaseMpscArrayQueue}),
 * the same guarantees, with no padding. Its hot indices sit next to each other and to the header,
 * and its ring has no unused slots, so an empty queue is as small as JCTools'
 * {@code MpscUnpaddedArrayQueue}. For programs that hold many queues, such as one mailbox per
 * actor, where 128-byte pads would cost more memory than false sharing costs time; under steady
 * contention between threads on other cores, pick {@link MpscArrayQueue}.
 *
 * @param <E> the type of the elements
 */
public class MpscUnpaddedArrayQueue<E> extends BaseMpscArrayQueue<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle PRODUCER_INDEX =
            VarHandles.field(LOOKUP, MpscUnpaddedArrayQueue.class, "producerIndex", long.class);
    private static final VarHandle PRODUCER_LIMIT =
            VarHandles.field(LOOKUP, MpscUnpaddedArrayQueue.class, "producerLimit", long.class);
    private static final VarHandle CONSUMER_INDEX =
            VarHandles.field(LOOKUP, MpscUnpaddedArrayQueue.class, "consumerIndex", long.class);

    /** Count of slots claimed by producers. */
    private long producerIndex;
    /** Producers may claim indices below this without reading the consumer index. */
    private long producerLimit;
    /** Count of elements polled. Written only by the consumer; read by anyone. */
    private long consumerIndex;

    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]} (0 gives a capacity of 1, as in
     *     JCTools)
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscUnpaddedArrayQueue(int capacity) {
        this(capacity, Bound.ROUNDED);
    }

    /**
     * Creates a queue holding {@code capacity} elements: rounded up to a power of two with
     * {@link Bound#ROUNDED}, as the one-argument constructor does, or exactly with
     * {@link Bound#EXACT}.
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]} (rounded: 0 gives a capacity of
     *     1, as in JCTools; exact: at least 1)
     * @param bound whether the capacity is rounded up or exact
     * @throws IllegalArgumentException if {@code capacity} is out of range
     * @throws NullPointerException if {@code bound} is null
     */
    public MpscUnpaddedArrayQueue(int capacity, Bound bound) {
        super(Args.capacity("capacity", capacity, 0, Bound.exact(bound)));
        this.producerLimit = capacity();
    }

    @Override
    final int padSlots() {
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
    final long laProducerLimit() {
        return (long) PRODUCER_LIMIT.getAcquire(this);
    }

    @Override
    final void soProducerLimit(long value) {
        PRODUCER_LIMIT.setRelease(this, value);
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
    final long lvConsumerIndex() {
        return (long) CONSUMER_INDEX.getVolatile(this);
    }

    @Override
    final void soConsumerIndex(long value) {
        CONSUMER_INDEX.setRelease(this, value);
    }
}
