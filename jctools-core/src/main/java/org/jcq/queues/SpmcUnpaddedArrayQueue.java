package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.Args;
import org.jcq.internal.VarHandles;

/**
 * The compact edition of {@link SpmcArrayQueue}: the same algorithm ({@code BaseSpmcArrayQueue}),
 * the same guarantees, with no padding. Its hot indices sit next to each other and to the header,
 * and its ring has no unused slots, so an empty queue is as small as JCTools'
 * {@code SpmcUnpaddedArrayQueue}. For programs that hold many queues; under steady contention
 * between threads on other cores, pick {@link SpmcArrayQueue}.
 *
 * @param <E> the type of the elements
 */
public class SpmcUnpaddedArrayQueue<E> extends BaseSpmcArrayQueue<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle PRODUCER_INDEX =
            VarHandles.field(LOOKUP, SpmcUnpaddedArrayQueue.class, "producerIndex", long.class);
    private static final VarHandle CONSUMER_INDEX =
            VarHandles.field(LOOKUP, SpmcUnpaddedArrayQueue.class, "consumerIndex", long.class);
    private static final VarHandle PRODUCER_INDEX_CACHE =
            VarHandles.field(LOOKUP, SpmcUnpaddedArrayQueue.class, "producerIndexCache", long.class);

    /** Count of elements offered. Written only by the producer. */
    private long producerIndex;
    /** Count of slots claimed by consumers. */
    private long consumerIndex;
    /** A past producer index: consumers take below it without reading the producer's line. */
    private long producerIndexCache;

    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [0, 2^30]} (0 gives a capacity of 1, as in
     *     JCTools)
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public SpmcUnpaddedArrayQueue(int capacity) {
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
    public SpmcUnpaddedArrayQueue(int capacity, Bound bound) {
        super(Args.capacity("capacity", capacity, 0, Bound.exact(bound)));
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
    final long laConsumerIndex() {
        return (long) CONSUMER_INDEX.getAcquire(this);
    }

    @Override
    final boolean casConsumerIndex(long expect, long update) {
        return CONSUMER_INDEX.compareAndSet(this, expect, update);
    }

    @Override
    final long laProducerIndexCache() {
        return (long) PRODUCER_INDEX_CACHE.getAcquire(this);
    }

    @Override
    final void soProducerIndexCache(long value) {
        PRODUCER_INDEX_CACHE.setRelease(this, value);
    }
}
