package org.jcq.queues;

import java.util.Collection;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The {@link BlockingQueue} methods of every blocking queue of this package, written once over
 * its {@link MessagePassingQueue} methods and the wait protocol ({@code Parking}): a blocking queue
 * class extends its lock-free queue, declares the protocol's two fields, registers how to reach
 * them and implements this interface. Package-private: the methods are the public ones of
 * {@link BlockingQueue}, documented here for all the queues.
 *
 * @param <E> the type of the elements
 */
interface BlockingMethods<E> extends MessagePassingBlockingQueue<E> {
    /**
     * {@inheritDoc}
     * <p>
     * An element at hand is taken even if the calling thread is interrupted (its status stays
     * set). Otherwise the thread waits, without a lock or a monitor (a virtual thread gives its
     * carrier back), until an element is added; on a single-consumer queue, consumer thread only.
     *
     * @throws InterruptedException if the thread is interrupted before or while it waits; the
     *     interrupt status is cleared and an element offered meanwhile stays in the queue
     */
    @Override
    default E take() throws InterruptedException {
        return Parking.take(this);
    }

    /**
     * {@inheritDoc}
     * <p>
     * An element at hand is returned without reading {@code unit}, even if the calling thread is
     * interrupted. Returns {@code null} only if no element could be taken by the deadline (the
     * queue stayed empty, or a producer had claimed the head and not yet written it: a slow
     * {@code fill} supplier does not hold the caller past its deadline). A zero or negative
     * timeout never waits. Any timeout, {@link Long#MAX_VALUE} of any unit included, is safe. On a
     * single-consumer queue, consumer thread only.
     *
     * @throws InterruptedException if the thread is interrupted before or while it waits, also
     *     with a zero or negative timeout when no element is at hand; the interrupt status is
     *     cleared and an element offered meanwhile stays in the queue
     * @throws NullPointerException if {@code unit} is {@code null} and no element is at hand
     */
    @Override
    default E poll(long timeout, TimeUnit unit) throws InterruptedException {
        return Parking.poll(this, timeout, unit);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Room at hand is used even if the calling thread is interrupted. On a full bounded queue the
     * thread waits, without a lock or a monitor, until a consumer frees a slot; an unbounded queue
     * never waits. On a single-producer queue, producer thread only.
     *
     * @throws InterruptedException if the thread is interrupted before or while it waits for room;
     *     the interrupt status is cleared and the element is not added
     * @throws NullPointerException if {@code e} is {@code null}; the queue is unchanged
     */
    @Override
    default void put(E e) throws InterruptedException {
        Parking.put(this, e);
    }

    /**
     * {@inheritDoc}
     * <p>
     * An element that fits is added without reading {@code unit}, even if the calling thread is
     * interrupted. On a full bounded queue it waits as {@link #put} does, up to the timeout; a zero
     * or negative timeout never waits; an unbounded queue never waits.
     *
     * @throws InterruptedException if the thread is interrupted before or while it waits for room,
     *     also with a zero or negative timeout when the queue is full; the interrupt status is
     *     cleared and the element is not added
     * @throws NullPointerException if {@code e} is {@code null}, or {@code unit} is {@code null}
     *     and the queue is full; the queue is unchanged
     */
    @Override
    default boolean offer(E e, long timeout, TimeUnit unit) throws InterruptedException {
        return Parking.offer(this, e, timeout, unit);
    }

    /**
     * {@inheritDoc}
     * <p>
     * The capacity less the size (an estimate while other threads run), never negative;
     * {@link Integer#MAX_VALUE} for an unbounded queue.
     */
    @Override
    default int remainingCapacity() {
        return Parking.remainingCapacity(this);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Never waits: it stops at an empty head, or at one a producer has claimed and not yet written.
     * On a single-consumer queue, consumer thread only.
     */
    @Override
    default int drainTo(Collection<? super E> c) {
        return drainTo(c, Integer.MAX_VALUE);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Never waits: it stops at an empty head, or at one a producer has claimed and not yet written.
     * If {@code c.add} throws, the element it was handed is no longer in this queue. On a
     * single-consumer queue, consumer thread only.
     *
     * @return the number of elements moved; 0 if {@code maxElements <= 0}
     */
    @Override
    default int drainTo(Collection<? super E> c, int maxElements) {
        return Parking.drainTo(this, c, maxElements);
    }
}
