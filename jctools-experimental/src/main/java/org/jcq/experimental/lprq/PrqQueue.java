package org.jcq.experimental.lprq;

import java.util.AbstractQueue;
import java.util.Iterator;

import org.jcq.internal.Args;
import org.jcq.queues.MessagePassingQueue;

/**
 * What the two PRQ queues share: the boxing of elements that are {@link Thread}s (a Thread in a
 * cell is an enqueuer's reservation, see {@link PrqRing}), the relaxed methods (the same as the
 * strict ones: a PRQ poll never waits beyond its patience for an enqueuer, and never fails while
 * an element is there), and the batch and waiting loops.
 *
 * @param <E> the type of the elements
 */
abstract class PrqQueue<E> extends AbstractQueue<E> implements MessagePassingQueue<E> {
    /** How many elements a waiting drain or fill moves between two checks of its exit condition. */
    private static final int BATCH = 256;

    /** An element that is a Thread, as it is stored: a Thread in a cell would read as a reservation. */
    private static final class ThreadElement {
        final Thread thread;

        ThreadElement(Thread thread) {
            this.thread = thread;
        }
    }

    /** {@code e} as stored: boxed if it is a Thread; null stays null. */
    static Object box(Object e) {
        return e instanceof Thread ? new ThreadElement((Thread) e) : e;
    }

    /** A stored value (or null) as the element it stands for. */
    @SuppressWarnings("unchecked")
    static <E> E unbox(Object v) {
        if (v != null && v.getClass() == ThreadElement.class) {
            return (E) ((ThreadElement) v).thread;
        }
        return (E) v;
    }

    @Override
    public final boolean relaxedOffer(E e) {
        return offer(e);
    }

    @Override
    public final E relaxedPoll() {
        return poll();
    }

    @Override
    public final E relaxedPeek() {
        return peek();
    }

    /**
     * {@inheritDoc}
     * <p>
     * Looks for the head as {@link #peek()} does, which may give up a ticket whose enqueuer is
     * slow (it then takes another).
     */
    @Override
    public final boolean isEmpty() {
        return peek() == null;
    }

    @Override
    public final void clear() {
        while (poll() != null) {
            // Polls until empty.
        }
    }

    @Override
    public final int drain(Consumer<E> c, int limit) {
        Args.callback("c", c);
        Args.limit(limit);
        for (int i = 0; i < limit; i++) {
            final E e = poll();
            if (e == null) {
                return i;
            }
            c.accept(e);
        }
        return limit;
    }

    @Override
    public final void drain(Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        Args.callback("c", c);
        Args.callback("wait", wait);
        Args.callback("exit", exit);
        int idle = 0;
        while (exit.keepRunning()) {
            idle = drain(c, BATCH) == 0 ? wait.idle(idle) : 0;
        }
    }

    @Override
    public final void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        Args.callback("wait", wait);
        Args.callback("exit", exit);
        int idle = 0;
        while (exit.keepRunning()) {
            idle = fill(s, BATCH) == 0 ? wait.idle(idle) : 0;
        }
    }

    /**
     * Not supported: a PRQ cell cannot be read without a ticket, and tickets belong to the
     * dequeuers. ({@code contains}, {@code toArray} and the other methods of
     * {@link java.util.AbstractCollection} that iterate throw too.)
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public final Iterator<E> iterator() {
        throw new UnsupportedOperationException("the PRQ queues (experimental) have no iterator");
    }

    /** The class, the capacity (or unbounded) and the size estimate. */
    @Override
    public final String toString() {
        final int capacity = capacity();
        return getClass().getSimpleName() + "[capacity=" + (capacity == UNBOUNDED_CAPACITY ? "unbounded" : capacity)
                + ", size=" + size() + "]";
    }
}
