package org.jcq.queues;

import java.util.AbstractQueue;

import org.jcq.internal.Args;

/**
 * What every queue built on two monotonic indices shares, whatever holds its elements (a ring, or
 * linked chunks): the progress indicators, size and emptiness from the indices, and the drain and
 * fill loops built on {@link #relaxedPoll()} and {@link #fill(Supplier, int)}. No fields, so it
 * adds nothing to any layout.
 *
 * @param <E> the type of the elements
 */
abstract class IndexedQueue<E> extends AbstractQueue<E> implements MessagePassingQueue<E>, QueueProgressIndicators {
    /** Producer index, read with acquire: pairs with the producers' release store, CAS or fetch-and-add. */
    abstract long laProducerIndex();

    /** Consumer index, read with acquire: pairs with the consumers' release store or CAS. */
    abstract long laConsumerIndex();

    /**
     * {@inheritDoc}
     * <p>
     * At least the consumer index read after it. The SPSC queues' offer takes effect at its element
     * store, before its index store, and the consumer may take that element (and store its own
     * index) before the producer's index store is visible: the producer index alone could then lag
     * the consumer index by one. Reading the consumer index after it and reporting the larger
     * keeps {@code currentConsumerIndex() <= currentProducerIndex()} for a caller that reads them in
     * that order. (The other queues claim or publish the index first, so for them it changes
     * nothing.)
     */
    @Override
    public final long currentProducerIndex() {
        final long p = laProducerIndex();
        return Math.max(p, laConsumerIndex());
    }

    @Override
    public final long currentConsumerIndex() {
        return laConsumerIndex();
    }

    /**
     * {@inheritDoc}
     * <p>
     * Reads the consumer index, then the producer index, then the consumer index again until the
     * two consumer reads agree, so the difference is taken over one consistent consumer position.
     */
    @Override
    public final int size() {
        final int capacity = capacity();
        final long bound = capacity == UNBOUNDED_CAPACITY ? Integer.MAX_VALUE : capacity;
        long after = laConsumerIndex();
        while (true) {
            final long before = after;
            final long p = laProducerIndex();
            after = laConsumerIndex();
            if (before == after) {
                final long size = p - after;
                return size <= 0 ? 0 : (int) Math.min(size, bound);
            }
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Reads the consumer index before the producer index; both only grow, so the answer was true
     * at the moment of the second read if it says empty, and at the first if it says not. This
     * agrees with {@code offer} where offer takes effect at its index store (a claim); the SPSC
     * queues, whose offer takes effect at the element store, look at the slot instead.
     */
    @Override
    public boolean isEmpty() {
        return laConsumerIndex() >= laProducerIndex();
    }

    @Override
    public void clear() {
        while (poll() != null) {
            // keep polling until empty
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Takes one element per {@link #relaxedPoll()}, so an exception from {@code c} loses nothing
     * but the element it was handed. A queue may replace it with a loop of its own that keeps the
     * ring, the mask and the index in locals (the release store of each element's index makes
     * the JIT reload fields between two calls), with the same contract.
     */
    @Override
    public int drain(Consumer<E> c, int limit) {
        return DrainFillLoops.drain(this, c, limit);
    }

    @Override
    public final void drain(Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        DrainFillLoops.drain(this, c, wait, exit);
    }

    @Override
    public void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        DrainFillLoops.fill(this, s, wait, exit);
    }
}
