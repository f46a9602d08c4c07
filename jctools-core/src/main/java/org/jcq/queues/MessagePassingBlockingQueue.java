package org.jcq.queues;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.jcq.internal.Args;

/**
 * A {@link MessagePassingQueue} that is also a {@link BlockingQueue}: its consumer can wait for an
 * element ({@link #take()}, {@link #poll(long, TimeUnit)}, and the timed
 * {@link #drain(Consumer, int, long, TimeUnit)} below) and, where the queue is bounded, its
 * producers for room ({@link #put}, {@link #offer(Object, long, TimeUnit)}). The name is the one
 * JCTools' development line gives the same interface, so code written against it moves here by
 * changing imports.
 * <p>
 * The thread roles are the queue's shape, as for every {@link MessagePassingQueue}: on a
 * single-consumer queue {@code take}, the timed {@code poll}, {@code drainTo} and the timed
 * {@code drain} are consumer methods and must not run concurrently with each other or with
 * {@code poll}, {@code peek} or {@code drain}.
 *
 * <h2>Waiting</h2>
 * A method that waits returns what is there without waiting if it can; it waits only when it must,
 * and then without holding a lock or a monitor, so a virtual thread that waits gives its carrier
 * back. A thread interrupted while it waits throws {@link InterruptedException}, clearing its
 * interrupt status, and leaves the queue as it was. One interrupted before it calls gets the same
 * if it would have to wait, or if it finds nothing with a zero or negative time-out; an element
 * (or room) at hand is handed over (used) even so, as JCTools' blocking queues and
 * {@link java.util.concurrent.LinkedTransferQueue} do, where
 * {@link java.util.concurrent.ArrayBlockingQueue} throws. A zero or negative time-out never waits. The deadline and interrupts hold also while the
 * consumer waits for an element whose producer has claimed its slot but not yet written it (a
 * {@code fill} whose supplier is slow can hold a whole batch so): the wait then ends
 * empty-handed, or with {@link InterruptedException}, and the element comes later. A time-out is measured with {@link System#nanoTime()}; any value, up to
 * {@link Long#MAX_VALUE} of any unit, is safe.
 *
 * @param <E> the type of the elements
 */
public interface MessagePassingBlockingQueue<E> extends MessagePassingQueue<E>, BlockingQueue<E> {
    /**
     * Hands up to {@code limit} elements to {@code c}, waiting up to the time-out for the first if
     * the queue is empty. If elements are there it drains them without waiting, as
     * {@link #drain(Consumer, int)}; otherwise it waits for one as {@link #poll(long, TimeUnit)}
     * does and then hands over up to {@code limit - 1} more, without waiting again. The queue need
     * not be empty when it returns. The default implementation calls {@link #drain(Consumer, int)},
     * and, if that handed over nothing, {@link #poll(long, TimeUnit)} and then
     * {@code drain(c, limit - 1)}.
     *
     * @param c receives the elements; if it throws, the element it was handed counts as delivered,
     *     the rest stay in the queue, and the exception propagates
     * @param limit the most elements to hand over, {@code >= 0}; with 0 it returns at once
     * @param timeout how long to wait for a first element, in {@code unit}s
     * @param unit the unit of {@code timeout}
     * @return the number of elements handed to {@code c}; 0 only if no element could be taken by
     *     the deadline (or {@code limit} is 0)
     * @throws InterruptedException if the thread is interrupted before or while it waits; the
     *     interrupt status is cleared and an element offered meanwhile stays in the queue
     * @throws IllegalArgumentException if {@code c} is {@code null} or {@code limit} is negative;
     *     the queue is unchanged
     * @throws NullPointerException if {@code unit} is {@code null} and the queue is empty (elements
     *     at hand are drained without reading {@code unit})
     */
    default int drain(Consumer<E> c, int limit, long timeout, TimeUnit unit) throws InterruptedException {
        Args.callback("c", c);
        Args.limit(limit);
        if (limit == 0) {
            return 0;
        }
        final int drained = drain(c, limit);
        if (drained != 0) {
            return drained;
        }
        final E e = poll(timeout, unit);
        if (e == null) {
            return 0;
        }
        c.accept(e);
        return 1 + drain(c, limit - 1);
    }
}
