package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.concurrent.TimeUnit;

import org.jcq.internal.Args;
import org.jcq.internal.VarHandles;

/**
 * The compact edition of {@link MpscBlockingConsumerArrayQueue}: the same algorithm (the ring of
 * {@link MpscUnpaddedArrayQueue}, the parking handshake and the producers' wait for room, all
 * shared code), the same guarantees and departures, with no padding: the blocked consumer and the
 * register of waiting producers sit next to the indices. For programs that hold many bounded
 * mailboxes whose consumer blocks (one per actor): empty, it takes 136 bytes against the padded
 * edition's 1016 with 16 slots, 4168 against 5048 with 1024 (JOL, JDK 17, compressed references),
 * 8 bytes more than JCTools' {@code MpscUnpaddedArrayQueue} (JCTools 4.0.7 has no compact
 * edition of this queue).
 * <p>
 * The handshake and its orderings are argued in {@link MpscBlockingConsumerArrayQueue}'s class
 * note; here {@code blockedConsumer} shares a line with the consumer index, so a producer's P3
 * load reads a line every poll writes (the cost of compactness under steady contention).
 *
 * @param <E> the type of the elements
 */
public class MpscBlockingConsumerUnpaddedArrayQueue<E> extends MpscUnpaddedArrayQueue<E>
        implements MessagePassingBlockingQueue<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle BLOCKED_CONSUMER =
            VarHandles.field(LOOKUP, MpscBlockingConsumerUnpaddedArrayQueue.class, "blockedConsumer", Thread.class);
    private static final VarHandle ROOM_WAITERS =
            VarHandles.field(LOOKUP, MpscBlockingConsumerUnpaddedArrayQueue.class, "roomWaiters", RoomWaiters.class);
    /** Where this edition keeps the handshake's fields, for the shared code. */
    private static final Handshake HANDSHAKE = new Handshake();

    /** The consumer thread while it is parked or about to park; null otherwise. */
    private Thread blockedConsumer;
    /** Null until a producer first waits for room; then its register, for good. */
    private RoomWaiters roomWaiters;

    private static final class Handshake implements BlockingConsumers.Parking<MpscBlockingConsumerUnpaddedArrayQueue<?>>,
            RoomWaiters.Holder<MpscBlockingConsumerUnpaddedArrayQueue<?>> {
        @Override
        public void publish(MpscBlockingConsumerUnpaddedArrayQueue<?> q, Thread consumer) {
            // C1, volatile: pairs with the producers' P3.
            BLOCKED_CONSUMER.setVolatile(q, consumer);
            RoomWaiters.beforeConsumerWaits(q, this);
        }

        @Override
        public boolean lvIsEmpty(MpscBlockingConsumerUnpaddedArrayQueue<?> q) {
            // C2, volatile: after C1; pairs with the producers' claiming CAS (P1).
            return q.lvProducerIndex() == q.lpConsumerIndex();
        }

        @Override
        public void unpublish(MpscBlockingConsumerUnpaddedArrayQueue<?> q) {
            BLOCKED_CONSUMER.setRelease(q, (Thread) null);
        }

        @Override
        public Thread lvPublished(MpscBlockingConsumerUnpaddedArrayQueue<?> q) {
            return (Thread) BLOCKED_CONSUMER.getVolatile(q);
        }

        @Override
        public boolean casPublished(MpscBlockingConsumerUnpaddedArrayQueue<?> q, Thread consumer) {
            return BLOCKED_CONSUMER.compareAndSet(q, consumer, (Thread) null);
        }

        @Override
        public RoomWaiters laRoomWaiters(MpscBlockingConsumerUnpaddedArrayQueue<?> q) {
            return (RoomWaiters) ROOM_WAITERS.getAcquire(q);
        }

        @Override
        public boolean casRoomWaiters(MpscBlockingConsumerUnpaddedArrayQueue<?> q, RoomWaiters made) {
            return ROOM_WAITERS.compareAndSet(q, (RoomWaiters) null, made);
        }
    }

    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [1, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscBlockingConsumerUnpaddedArrayQueue(int capacity) {
        super(Args.inRange("capacity", capacity, 1, Args.MAX_POW2));
    }

    /** The consumer thread while it is parked or about to park (for tests and observers). */
    final Thread lvBlockedConsumer() {
        return HANDSHAKE.lvPublished(this);
    }

    /** The register of producers waiting for room, or null if none has waited yet. */
    final RoomWaiters laRoomWaiters() {
        return HANDSHAKE.laRoomWaiters(this);
    }

    /** The register of producers waiting for room, made by the first that asks. */
    final RoomWaiters roomWaiters() {
        return RoomWaiters.of(this, HANDSHAKE);
    }

    @Override
    final void publish(Object[] buffer, int slot, long p, E e) {
        super.publish(buffer, slot, p, e);
        BlockingConsumers.wakeConsumer(this, HANDSHAKE);
    }

    /** {@inheritDoc} Wakes producers waiting for room as {@link MpscBlockingConsumerArrayQueue#poll()} does. */
    @Override
    public E poll() {
        final E e = super.poll();
        if (e != null) {
            RoomWaiters.freed(this, HANDSHAKE);
        }
        return e;
    }

    /** {@inheritDoc} Wakes producers waiting for room as {@link #poll()} does. */
    @Override
    public E relaxedPoll() {
        final E e = super.relaxedPoll();
        if (e != null) {
            RoomWaiters.freed(this, HANDSHAKE);
        }
        return e;
    }

    /** {@inheritDoc} Then wakes producers waiting for room as {@link #poll()} does (also when {@code c} throws). */
    @Override
    public int drain(Consumer<E> c, int limit) {
        final long from = lpConsumerIndex();
        try {
            return super.drain(c, limit);
        } finally {
            if (lpConsumerIndex() != from) {
                RoomWaiters.freed(this, HANDSHAKE);
            }
        }
    }

    @Override
    public E take() throws InterruptedException {
        return BlockingConsumers.take(this, HANDSHAKE);
    }

    @Override
    public E poll(long timeout, TimeUnit unit) throws InterruptedException {
        return BlockingConsumers.poll(this, HANDSHAKE, timeout, unit);
    }

    /** {@inheritDoc} Waits for room as {@link MpscBlockingConsumerArrayQueue#put} does. */
    @Override
    public void put(E e) throws InterruptedException {
        if (!offer(e)) {
            RoomWaiters.awaitRoom(this, HANDSHAKE, e, false, 0L);
        }
    }

    /** {@inheritDoc} Waits for room as {@link MpscBlockingConsumerArrayQueue#offer(Object, long, TimeUnit)} does. */
    @Override
    public boolean offer(E e, long timeout, TimeUnit unit) throws InterruptedException {
        if (offer(e)) {
            return true;
        }
        final long nanos = Args.notNull("unit", unit).toNanos(timeout);
        return nanos > 0 && RoomWaiters.awaitRoom(this, HANDSHAKE, e, true, nanos);
    }

    @Override
    public int remainingCapacity() {
        return capacity() - size();
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
