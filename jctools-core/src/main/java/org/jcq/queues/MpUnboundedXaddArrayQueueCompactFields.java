package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.VarHandles;

/**
 * The hot fields of the compact XADD queues, inline and unpadded: the same fields, accessors and
 * orderings as the padded chain in {@code MpUnboundedXaddArrayQueueFields}, next to each other and
 * to the cold fields and the header.
 *
 * @param <E> the type of the elements
 */
abstract class MpUnboundedXaddArrayQueueCompactFields<E> extends MpUnboundedXaddArrayQueue<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final Class<?> THIS = MpUnboundedXaddArrayQueueCompactFields.class;
    private static final VarHandle PRODUCER_INDEX = VarHandles.field(LOOKUP, THIS, "producerIndex", long.class);
    private static final VarHandle PRODUCER_CHUNK =
            VarHandles.field(LOOKUP, THIS, "producerChunk", MpUnboundedXaddChunk.class);
    private static final VarHandle PRODUCER_CHUNK_INDEX =
            VarHandles.field(LOOKUP, THIS, "producerChunkIndex", long.class);
    private static final VarHandle LAST_ABANDONED = VarHandles.field(LOOKUP, THIS, "lastAbandoned", long.class);
    private static final VarHandle CONSUMER_INDEX = VarHandles.field(LOOKUP, THIS, "consumerIndex", long.class);
    private static final VarHandle CONSUMER_CHUNK =
            VarHandles.field(LOOKUP, THIS, "consumerChunk", MpUnboundedXaddChunk.class);
    private static final VarHandle POOL_TOP = VarHandles.field(LOOKUP, THIS, "poolTop", MpUnboundedXaddChunk.class);
    private static final VarHandle SKIPS_PENDING = VarHandles.field(LOOKUP, THIS, "skipsPending", long.class);

    /** Count of indices claimed by producers. */
    private long producerIndex;
    /** The last chunk appended (or one being appended). */
    private MpUnboundedXaddChunk<E> producerChunk;
    /** The index of the last chunk appended, or APPENDING while a thread appends. */
    private long producerChunkIndex;
    /** The largest index ever abandoned by a producer whose append failed; -1 before any. */
    private long lastAbandoned = -1;
    /** Count of indices taken (MPSC) or claimed (MPMC) by consumers. */
    private long consumerIndex;
    /** The chunk consumers take from: that of the consumer index, or the one before it. */
    private MpUnboundedXaddChunk<E> consumerChunk;
    /** The top of the pool's stack of chunks waiting for reuse; null when empty. */
    private MpUnboundedXaddChunk<E> poolTop;
    /** Abandoned indices that consumers have not passed yet (see the padded chain's field). */
    private long skipsPending;

    MpUnboundedXaddArrayQueueCompactFields(int chunkSize, int maxPooledChunks, boolean multiConsumer) {
        super(chunkSize, maxPooledChunks, multiConsumer);
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
    final long xaddProducerIndex(long delta) {
        return (long) PRODUCER_INDEX.getAndAdd(this, delta);
    }

    @Override
    final MpUnboundedXaddChunk<E> laProducerChunk() {
        @SuppressWarnings("unchecked")
        final MpUnboundedXaddChunk<E> chunk = (MpUnboundedXaddChunk<E>) PRODUCER_CHUNK.getAcquire(this);
        return chunk;
    }

    @Override
    final void soProducerChunk(MpUnboundedXaddChunk<E> chunk) {
        PRODUCER_CHUNK.setRelease(this, chunk);
    }

    @Override
    final long laProducerChunkIndex() {
        return (long) PRODUCER_CHUNK_INDEX.getAcquire(this);
    }

    @Override
    final boolean casProducerChunkIndex(long expect, long update) {
        return PRODUCER_CHUNK_INDEX.compareAndSet(this, expect, update);
    }

    @Override
    final void soProducerChunkIndex(long value) {
        PRODUCER_CHUNK_INDEX.setRelease(this, value);
    }

    @Override
    final long laLastAbandoned() {
        return (long) LAST_ABANDONED.getAcquire(this);
    }

    @Override
    final void soLastAbandoned(long value) {
        LAST_ABANDONED.setRelease(this, value);
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

    @Override
    final boolean casConsumerIndex(long expect, long update) {
        return CONSUMER_INDEX.compareAndSet(this, expect, update);
    }

    @Override
    final MpUnboundedXaddChunk<E> lpConsumerChunk() {
        return consumerChunk;
    }

    @Override
    final MpUnboundedXaddChunk<E> laConsumerChunk() {
        @SuppressWarnings("unchecked")
        final MpUnboundedXaddChunk<E> chunk = (MpUnboundedXaddChunk<E>) CONSUMER_CHUNK.getAcquire(this);
        return chunk;
    }

    @Override
    final void soConsumerChunk(MpUnboundedXaddChunk<E> chunk) {
        CONSUMER_CHUNK.setRelease(this, chunk);
    }

    @Override
    final MpUnboundedXaddChunk<E> laPoolTop() {
        @SuppressWarnings("unchecked")
        final MpUnboundedXaddChunk<E> top = (MpUnboundedXaddChunk<E>) POOL_TOP.getAcquire(this);
        return top;
    }

    @Override
    final boolean casPoolTop(MpUnboundedXaddChunk<E> expect, MpUnboundedXaddChunk<E> update) {
        return POOL_TOP.compareAndSet(this, expect, update);
    }

    @Override
    final long laSkipsPending() {
        return (long) SKIPS_PENDING.getAcquire(this);
    }

    @Override
    final void xaddSkipsPending(long delta) {
        SKIPS_PENDING.getAndAdd(this, delta);
    }
}
