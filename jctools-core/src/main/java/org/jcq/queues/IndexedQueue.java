package org.jcq.queues;

import java.util.AbstractQueue;

import org.jcq.internal.Args;

/**
 * What every queue with two monotonic indices shares, whatever holds its elements (one ring, or a
 * chain of arrays): the producer index counts elements offered and the consumer index elements
 * polled, so size, emptiness, the progress indicators, and the drain loops follow from them.
 * <p>
 * This class declares no fields, so it adds nothing to a subclass's layout.
 *
 * @param <E> the type of the elements
 */
abstract class IndexedQueue<E> extends AbstractQueue<E> implements MessagePassingQueue<E>, QueueProgressIndicators {
    /** How many elements a waiting drain or fill moves between two checks of its exit condition. */
    static final int WAIT_LOOP_BATCH = 256;

    /** Producer index, read with acquire: pairs with the producers' release store or CAS. */
    abstract long laProducerIndex();

    /** Consumer index, read with acquire: pairs with the consumers' release store or CAS. */
    abstract long laConsumerIndex();

    @Override
    public final long currentProducerIndex() {
        return laProducerIndex();
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
        final long max = capacity == UNBOUNDED_CAPACITY ? Integer.MAX_VALUE : capacity;
        long after = laConsumerIndex();
        while (true) {
            final long before = after;
            final long p = laProducerIndex();
            after = laConsumerIndex();
            if (before == after) {
                final long size = p - after;
                return size <= 0 ? 0 : (int) Math.min(size, max);
            }
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Reads the consumer index before the producer index; both only grow, so the answer was true
     * at the moment of the second read if it says empty, and at the first if it says not.
     */
    @Override
    public final boolean isEmpty() {
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
     * but the element it was handed.
     */
    @Override
    public final int drain(Consumer<E> c, int limit) {
        Args.notNull("c", c);
        Args.limit(limit);
        for (int i = 0; i < limit; i++) {
            final E e = relaxedPoll();
            if (e == null) {
                return i;
            }
            c.accept(e);
        }
        return limit;
    }

    @Override
    public final void drain(Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        Args.notNull("c", c);
        Args.notNull("wait", wait);
        Args.notNull("exit", exit);
        int idle = 0;
        while (exit.keepRunning()) {
            idle = drain(c, WAIT_LOOP_BATCH) == 0 ? wait.idle(idle) : 0;
        }
    }

    @Override
    public final void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        Args.notNull("s", s);
        Args.notNull("wait", wait);
        Args.notNull("exit", exit);
        int idle = 0;
        while (exit.keepRunning()) {
            idle = fill(s, WAIT_LOOP_BATCH) == 0 ? wait.idle(idle) : 0;
        }
    }
}
