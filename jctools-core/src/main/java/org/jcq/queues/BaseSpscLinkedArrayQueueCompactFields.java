package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.VarHandles;

/**
 * The hot fields of the compact SPSC linked-array queues, inline and unpadded: the same fields,
 * accessors and orderings as the padded chain in {@code BaseSpscLinkedArrayQueueFields}, next to
 * each other and to the header.
 *
 * @param <E> the type of the elements
 */
abstract class BaseSpscLinkedArrayQueueCompactFields<E> extends BaseSpscLinkedArrayQueue<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final Class<?> THIS = BaseSpscLinkedArrayQueueCompactFields.class;
    private static final VarHandle PRODUCER_INDEX = VarHandles.field(LOOKUP, THIS, "producerIndex", long.class);
    private static final VarHandle CONSUMER_INDEX = VarHandles.field(LOOKUP, THIS, "consumerIndex", long.class);
    private static final VarHandle CONSUMER_BUFFER = VarHandles.field(LOOKUP, THIS, "consumerBuffer", Object[].class);

    /** Count of elements offered. Written only by the producer; read by anyone. */
    private long producerIndex;
    /** Offers below this index write their slot without looking at the chunk first. */
    private long producerLimit;
    /** Bounded queues: offers below this index fit the bound (a consumer index plus the capacity). */
    private long producerQueueLimit;
    /** Count of elements polled. Written only by the consumer; read by anyone. */
    private long consumerIndex;
    /** The chunk the producer writes. */
    private Object[] producerBuffer;
    /** The chunk the consumer reads. Written only by the consumer; read by iterators. */
    private Object[] consumerBuffer;
    /** The producer chunk's capacity - 1 (a power of two minus one). */
    private int producerMask;
    /** The consumer chunk's capacity - 1. Consumer-private. */
    private int consumerMask;

    BaseSpscLinkedArrayQueueCompactFields(int chunkCapacity, int capacity) {
        super(capacity);
        final Object[] buffer = firstChunk(chunkCapacity);
        this.producerBuffer = buffer;
        this.consumerBuffer = buffer;
        this.producerMask = buffer.length - 2;
        this.consumerMask = buffer.length - 2;
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
    final long lpProducerQueueLimit() {
        return producerQueueLimit;
    }

    @Override
    final void spProducerQueueLimit(long value) {
        producerQueueLimit = value;
    }

    @Override
    final Object[] lpProducerBuffer() {
        return producerBuffer;
    }

    @Override
    final int lpProducerMask() {
        return producerMask;
    }

    @Override
    final void spProducerBuffer(Object[] buffer) {
        producerBuffer = buffer;
        producerMask = buffer.length - 2;
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

    @Override
    final Object[] lpConsumerBuffer() {
        return consumerBuffer;
    }

    @Override
    final Object[] laConsumerBuffer() {
        return (Object[]) CONSUMER_BUFFER.getAcquire(this);
    }

    @Override
    final void soConsumerBuffer(Object[] buffer) {
        consumerMask = buffer.length - 2;
        CONSUMER_BUFFER.setRelease(this, buffer);
    }

    @Override
    final int lpConsumerMask() {
        return consumerMask;
    }
}
