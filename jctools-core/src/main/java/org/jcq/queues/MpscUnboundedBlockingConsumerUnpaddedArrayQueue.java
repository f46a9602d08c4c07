package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.concurrent.TimeUnit;

import org.jcq.internal.VarHandles;

/**
 * The compact edition of {@link MpscUnboundedBlockingConsumerArrayQueue}: the same algorithm (the
 * chunks of {@link MpscUnboundedUnpaddedArrayQueue}, the parking handshake, all shared code), the
 * same guarantees and departures, with no padding: the blocked consumer sits next to the indices.
 * For programs that hold many unbounded task queues or mailboxes whose consumer blocks.
 * <p>
 * The handshake and its orderings are argued in {@link MpscUnboundedBlockingConsumerArrayQueue}'s
 * and {@link MpscBlockingConsumerArrayQueue}'s class notes; here a producer's P3 load may read a
 * line the consumer writes on every poll (the cost of compactness under steady contention).
 *
 * @param <E> the type of the elements
 */
public class MpscUnboundedBlockingConsumerUnpaddedArrayQueue<E> extends MpscUnboundedUnpaddedArrayQueue<E>
        implements MessagePassingBlockingQueue<E> {
    private static final VarHandle BLOCKED_CONSUMER = VarHandles.field(MethodHandles.lookup(),
            MpscUnboundedBlockingConsumerUnpaddedArrayQueue.class, "blockedConsumer", Thread.class);
    /** Where this edition keeps the handshake's field, for the shared code. */
    private static final Handshake HANDSHAKE = new Handshake();

    /** The consumer thread while it is parked or about to park; null otherwise. */
    private Thread blockedConsumer;

    private static final class Handshake
            implements BlockingConsumers.Parking<MpscUnboundedBlockingConsumerUnpaddedArrayQueue<?>> {
        @Override
        public void publish(MpscUnboundedBlockingConsumerUnpaddedArrayQueue<?> q, Thread consumer) {
            // C1, volatile: pairs with the producers' P3.
            BLOCKED_CONSUMER.setVolatile(q, consumer);
        }

        @Override
        public boolean lvIsEmpty(MpscUnboundedBlockingConsumerUnpaddedArrayQueue<?> q) {
            // C2, volatile: after C1; pairs with the producers' claiming CAS (P1).
            return q.lvIsEmpty();
        }

        @Override
        public void unpublish(MpscUnboundedBlockingConsumerUnpaddedArrayQueue<?> q) {
            BLOCKED_CONSUMER.setRelease(q, (Thread) null);
        }

        @Override
        public Thread lvPublished(MpscUnboundedBlockingConsumerUnpaddedArrayQueue<?> q) {
            return (Thread) BLOCKED_CONSUMER.getVolatile(q);
        }

        @Override
        public boolean casPublished(MpscUnboundedBlockingConsumerUnpaddedArrayQueue<?> q, Thread consumer) {
            return BLOCKED_CONSUMER.compareAndSet(q, consumer, (Thread) null);
        }
    }

    /**
     * Creates an empty queue whose chunks hold {@code chunkSize} elements, rounded up to a power of
     * two (one of them kept for linking).
     *
     * @param chunkSize the chunk size, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpscUnboundedBlockingConsumerUnpaddedArrayQueue(int chunkSize) {
        super(chunkSize);
    }

    /** The consumer thread while it is parked or about to park (for tests and observers). */
    final Thread lvBlockedConsumer() {
        return HANDSHAKE.lvPublished(this);
    }

    /** The producers' side of the handshake: P3, after the claiming CAS and the element store. */
    @Override
    final void published() {
        BlockingConsumers.wakeConsumer(this, HANDSHAKE);
    }

    @Override
    public E take() throws InterruptedException {
        return BlockingConsumers.take(this, HANDSHAKE);
    }

    @Override
    public E poll(long timeout, TimeUnit unit) throws InterruptedException {
        return BlockingConsumers.poll(this, HANDSHAKE, timeout, unit);
    }

    /** {@inheritDoc} Never waits: the queue has no bound. */
    @Override
    public void put(E e) {
        offer(e);
    }

    /** {@inheritDoc} Never waits: the queue has no bound. */
    @Override
    public boolean offer(E e, long timeout, TimeUnit unit) {
        return offer(e);
    }

    @Override
    public int remainingCapacity() {
        return Integer.MAX_VALUE;
    }

    @Override
    public int drainTo(Collection<? super E> c) {
        return drainTo(c, Integer.MAX_VALUE);
    }

    @Override
    public int drainTo(Collection<? super E> c, int maxElements) {
        return BlockingConsumers.drainTo(this, c, maxElements);
    }
}
