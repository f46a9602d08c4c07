package org.jcq.queues;

import java.util.Collection;
import java.util.concurrent.TimeUnit;

/**
 * A {@link CheckedQueue} of a blocking queue: the same check, on the blocking methods too. A thread
 * waiting in {@code take} or {@code put} is inside its side for the whole wait, so a second
 * consumer (producer) that calls meanwhile is caught even on an idle queue.
 *
 * @param <E> the type of the elements
 */
public class CheckedBlockingQueue<E> extends CheckedQueue<E> implements MessagePassingBlockingQueue<E> {
    private final MessagePassingBlockingQueue<E> blocking;

    CheckedBlockingQueue(MessagePassingBlockingQueue<E> queue, boolean singleProducer, boolean singleConsumer) {
        super(queue, singleProducer, singleConsumer);
        this.blocking = queue;
    }

    /**
     * Wraps a blocking queue whose class name says its shape, as {@link CheckedQueue#wrap(MessagePassingQueue)}.
     *
     * @param queue the queue to check, used through the returned view only
     * @param <E> the type of the elements
     * @return the checked view
     * @throws NullPointerException if {@code queue} is null
     * @throws IllegalArgumentException if no class of {@code queue} names its shape
     */
    public static <E> CheckedBlockingQueue<E> wrap(MessagePassingBlockingQueue<E> queue) {
        final int shape = shape(queue);
        return new CheckedBlockingQueue<>(queue, (shape & SINGLE_PRODUCER) != 0, (shape & SINGLE_CONSUMER) != 0);
    }

    /**
     * Wraps a blocking queue whose single sides are given.
     *
     * @param queue the queue to check, used through the returned view only
     * @param singleProducer whether at most one thread may be in its producer methods at a time
     * @param singleConsumer whether at most one thread may be in its consumer methods at a time
     * @param <E> the type of the elements
     * @return the checked view
     * @throws NullPointerException if {@code queue} is null
     */
    public static <E> CheckedBlockingQueue<E> wrap(MessagePassingBlockingQueue<E> queue, boolean singleProducer,
            boolean singleConsumer) {
        return new CheckedBlockingQueue<>(queue, singleProducer, singleConsumer);
    }

    @Override
    public MessagePassingBlockingQueue<E> unwrap() {
        return blocking;
    }

    @Override
    public void put(E e) throws InterruptedException {
        final boolean entered = enterProducer("put");
        try {
            blocking.put(e);
        } finally {
            leaveProducer(entered);
        }
    }

    @Override
    public boolean offer(E e, long timeout, TimeUnit unit) throws InterruptedException {
        final boolean entered = enterProducer("offer");
        try {
            return blocking.offer(e, timeout, unit);
        } finally {
            leaveProducer(entered);
        }
    }

    @Override
    public E take() throws InterruptedException {
        final boolean entered = enterConsumer("take");
        try {
            return blocking.take();
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public E poll(long timeout, TimeUnit unit) throws InterruptedException {
        final boolean entered = enterConsumer("poll");
        try {
            return blocking.poll(timeout, unit);
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public int drain(Consumer<E> c, int limit, long timeout, TimeUnit unit) throws InterruptedException {
        final boolean entered = enterConsumer("drain");
        try {
            return blocking.drain(c, limit, timeout, unit);
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public int drainTo(Collection<? super E> c) {
        if (c == this) {
            throw new IllegalArgumentException("c: a queue cannot be drained into itself");
        }
        final boolean entered = enterConsumer("drainTo");
        try {
            return blocking.drainTo(c);
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public int drainTo(Collection<? super E> c, int maxElements) {
        if (c == this) {
            throw new IllegalArgumentException("c: a queue cannot be drained into itself");
        }
        final boolean entered = enterConsumer("drainTo");
        try {
            return blocking.drainTo(c, maxElements);
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public int remainingCapacity() {
        return blocking.remainingCapacity();
    }
}
