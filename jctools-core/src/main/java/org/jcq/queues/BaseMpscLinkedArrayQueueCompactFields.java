package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.VarHandles;

/**
 * The hot fields of the compact MPSC linked-array queues, inline and unpadded: the same fields,
 * accessors and orderings as the padded chain in {@code BaseMpscLinkedArrayQueueFields}, next to
 * each other and to the header.
 *
 * @param <E> the type of the elements
 */
abstract class BaseMpscLinkedArrayQueueCompactFields<E> extends BaseMpscLinkedArrayQueue<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final Class<?> THIS = BaseMpscLinkedArrayQueueCompactFields.class;
    private static final VarHandle PRODUCER_INDEX = VarHandles.field(LOOKUP, THIS, "producerIndex", long.class);
    private static final VarHandle PRODUCER_LIMIT = VarHandles.field(LOOKUP, THIS, "producerLimit", long.class);
    private static final VarHandle CONSUMER_INDEX = VarHandles.field(LOOKUP, THIS, "consumerIndex", long.class);
    private static final VarHandle CONSUMER_BUFFER = VarHandles.field(LOOKUP, THIS, "consumerBuffer", Object[].class);

    /** Four times the count of slots claimed, plus the RESIZING and LINKED flags. */
    private long producerIndex;
    /** Producers may claim indices below this without reading the consumer index. */
    private long producerLimit;
    /** Four times the count of elements polled (and skipped). Written only by the consumer. */
    private long consumerIndex;
    /** The chunk producers write into; replaced, while RESIZING is set, by the linking producer. */
    private Object[] producerBuffer;
    /** The chunk the consumer reads from. */
    private Object[] consumerBuffer;
    /** The slot mask of {@link #producerBuffer}. */
    private int producerMask;
    /** The slot mask of {@link #consumerBuffer}. */
    private int consumerMask;

    BaseMpscLinkedArrayQueueCompactFields(int chunkSize, long maxQueueCapacity) {
        super(maxQueueCapacity);
        final Object[] buffer = firstChunk(chunkSize);
        this.producerBuffer = buffer;
        this.consumerBuffer = buffer;
        this.producerMask = buffer.length - 2;
        this.consumerMask = buffer.length - 2;
        // producerLimit starts at 0: the first offer takes the slow path, which sets it.
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
    final void soProducerIndex(long value) {
        PRODUCER_INDEX.setRelease(this, value);
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
    final Object[] lpProducerBuffer() {
        return producerBuffer;
    }

    @Override
    final void spProducerBuffer(Object[] buffer) {
        producerBuffer = buffer;
    }

    @Override
    final int lpProducerMask() {
        return producerMask;
    }

    @Override
    final void spProducerMask(int mask) {
        producerMask = mask;
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
        CONSUMER_BUFFER.setRelease(this, buffer);
    }

    @Override
    final int lpConsumerMask() {
        return consumerMask;
    }

    @Override
    final void spConsumerMask(int mask) {
        consumerMask = mask;
    }
}
