package org.jcq.queues;

import java.util.Collection;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.jcq.internal.Args;

/**
 * A bounded multi-producer single-consumer queue whose consumer can block: {@link MpscArrayQueue}
 * with the consumer side of {@link BlockingQueue} ({@link #take()}, {@link #poll(long, TimeUnit)},
 * {@link #drainTo}) and JCTools' blocking {@link #drain(Consumer, int, long, TimeUnit)}.
 * <p>
 * Algorithm: the ring, the producers' claim and the consumer's take are {@link MpscArrayQueue}'s,
 * unchanged (this class extends it). On top, a consumer that finds the queue empty publishes its
 * {@code Thread} in {@code blockedConsumer}, re-checks emptiness and parks with
 * {@link LockSupport}; a producer, after storing its element, reads {@code blockedConsumer} and,
 * if it finds a thread there, CASes the field back to null and unparks the thread it removed.
 * JCTools' {@code MpscBlockingConsumerArrayQueue} keeps the same two-sided handshake in the low
 * bit of its producer index; here it lives in a field of its own, so the indices, and every line
 * of the MPSC algorithm, stay shared with {@link MpscArrayQueue}. No monitor, lock or condition is
 * used, so a virtual thread blocked in {@code take()} unmounts from its carrier.
 *
 * <h2>No lost wake-up (a Dekker handshake)</h2>
 * Consumer, per waiting round: (C1) volatile store of its thread to {@code blockedConsumer};
 * (C2) volatile load of the producer index; if it equals the consumer index, (C3) park.
 * Producer: (P1) the CAS that claims index {@code p} (volatile); (P2) release store of the
 * element; (P3) volatile load of {@code blockedConsumer}; if non-null, (P4) CAS it to null and, if
 * that succeeds, unpark the thread.
 * <p>
 * All of C1, C2, P1, P3 are volatile accesses, so they lie in one total (synchronization) order
 * consistent with each thread's program order. If C2 misses P1's index, C2 precedes P1 in it, so
 * C1 &lt; C2 &lt; P1 &lt; P3, and P3 reads C1's thread or a later value of the field. Later values
 * are null stored by another producer's P4 (which then unparks the consumer itself) or by the
 * consumer when it stops waiting (it is then not parked). So either the consumer sees the element's
 * index and does not park, or some producer unparks it after C1; an unpark that comes before C3
 * leaves a permit that makes C3 return at once. Every park is in a loop that re-publishes and
 * re-checks, so spurious wake-ups, stale permits and stale unparks are harmless.
 * <p>
 * Why release/acquire is not enough: with C1 a release store and C2 an acquire load, the load may
 * complete before the store is visible (a store buffer on x86, the store-buffering litmus test in
 * the Java memory model), and symmetrically P3 may read the field before P1 is visible to the
 * consumer: both sides miss each other and the consumer parks with an element in the queue. Only
 * the store-load order of volatile (sequentially consistent) accesses forbids this. P1 is a CAS,
 * volatile already; P3 costs a plain load on x86 and an acquire load on ARM.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>All of {@link MpscArrayQueue}'s.</li>
 * <li>{@code blockedConsumer} is either null or the consumer thread; only the consumer stores a
 * thread there, and it does so only on its waiting path.</li>
 * <li>Whenever a producer changes {@code blockedConsumer} from a thread to null, it unparks that
 * thread afterwards: while the consumer waits, the field is null only if an unpark is on its way.</li>
 * </ol>
 * <b>Not</b> invariant: {@code blockedConsumer} may hold the consumer thread while the consumer is
 * running (between C1 and C3, after a wake-up, or after it stopped waiting, until its clearing
 * store is visible). A producer that sees it then unparks a thread that is not parked; the permit
 * only makes one later park of that thread return early, which every park loop tolerates (as
 * {@link LockSupport#park()} allows). Several producers may see the thread; the CAS of P4 lets one
 * of them unpark it.
 *
 * <h2>Orderings</h2>
 * As in {@link MpscArrayQueue} for elements and indices. The handshake's pairs: C1 with P3, and P1
 * with C2 (volatile, as argued above); P4 is a CAS against C1 and other producers' P4. The
 * consumer's clearing store when it stops waiting is a release store: a producer that still reads
 * the old thread only causes a spurious unpark.
 *
 * <h2>Linearization points</h2>
 * offer, poll, peek: as in {@link MpscArrayQueue}. {@code take} and {@code poll(timeout)}: the
 * poll that returns the element; a {@code poll(timeout)} that returns null: its last C2, which saw
 * the queue empty and was followed by the clock reading that showed the deadline passed.
 *
 * <h2>Departures from {@link BlockingQueue}</h2>
 * One consumer thread at a time, as for every MPSC queue: {@code take}, {@code poll},
 * {@code drainTo}, {@code drain}, {@code peek} and {@code clear} must not be called concurrently
 * with each other. {@link #put} and {@link #offer(Object, long, TimeUnit)} on a full queue retry
 * a few times, spinning (and on a platform thread yielding, for at most 500 us), then register in
 * {@link RoomWaiters} and park; the consumer, having
 * taken elements, wakes the registered producers, oldest first, once half the ring is free
 * (one load per take when none waits), so a waiting producer runs when there is room instead of
 * polling for it (JCTools
 * 4.0.7 instead throws {@link UnsupportedOperationException} from both when the queue is full).
 * Their parks are timed all the same (1 ms, doubling to 16 ms): a take's check may miss a producer
 * that registered as the take stored its index, and the consumer wakes it only at its next take
 * or before it waits. No wait of a virtual thread yields: on virtual threads a loop of yields is no back-off
 * (while a few of them loop on {@link Thread#yield()}, the scheduler can keep handing the carriers
 * round among them, and a virtual thread whose park has ended is not run again for
 * seconds). A consumer that finds the queue empty keeps looking for 20 us before it publishes
 * itself and parks, so that a stream of elements a few microseconds apart costs neither side an
 * unpark: a platform thread yields between two looks at the producer index (with more threads
 * than cores, the producers it waits for get the core; with 4 loggers on 2 cores this took
 * Log4j2's AsyncAppender from 0.52 to 0.71 M events/s in one run each), a virtual thread spins
 * (a yield would hand its carrier round, see above). {@link #drainTo} works (JCTools' throws
 * {@link UnsupportedOperationException}). An element that is already there is returned even if the
 * calling thread is interrupted; a thread that would wait throws {@link InterruptedException}
 * instead (clearing its interrupt status), before or during the wait, and leaves the queue as it
 * was. A zero or negative timeout never waits and so never throws. The iterator is weakly
 * consistent and does not remove, as in {@link MpscArrayQueue} (JCTools' throws).
 *
 * @param <E> the type of the elements
 */
public class MpscBlockingConsumerArrayQueue<E> extends MpscBlockingConsumerArrayQueueFields<E>
        implements MessagePassingBlockingQueue<E> {
    /** Where this edition keeps the handshake's fields, for the shared code (see the class note). */
    private static final Handshake HANDSHAKE = new Handshake();

    private static final class Handshake implements BlockingConsumers.Parking<MpscBlockingConsumerArrayQueue<?>>,
            RoomWaiters.Holder<MpscBlockingConsumerArrayQueue<?>> {
        @Override
        public void publish(MpscBlockingConsumerArrayQueue<?> q, Thread consumer) {
            // C1, volatile: pairs with the producers' P3.
            q.svBlockedConsumer(consumer);
            RoomWaiters.beforeConsumerWaits(q, this);
        }

        @Override
        public boolean lvIsEmpty(MpscBlockingConsumerArrayQueue<?> q) {
            // C2, volatile: after C1; pairs with the producers' claiming CAS (P1).
            return q.lvProducerIndex() == q.lpConsumerIndex();
        }

        @Override
        public void unpublish(MpscBlockingConsumerArrayQueue<?> q) {
            q.soBlockedConsumer(null);
        }

        @Override
        public Thread lvPublished(MpscBlockingConsumerArrayQueue<?> q) {
            return q.lvBlockedConsumer();
        }

        @Override
        public boolean casPublished(MpscBlockingConsumerArrayQueue<?> q, Thread consumer) {
            return q.casBlockedConsumer(consumer, null);
        }

        @Override
        public RoomWaiters laRoomWaiters(MpscBlockingConsumerArrayQueue<?> q) {
            return q.laRoomWaiters();
        }

        @Override
        public boolean casRoomWaiters(MpscBlockingConsumerArrayQueue<?> q, RoomWaiters made) {
            return q.casRoomWaiters(made);
        }
    }

    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two).
     *
     * @param capacity the requested capacity, in {@code [1, 2^30]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscBlockingConsumerArrayQueue(int capacity) {
        // Unlike MpscArrayQueue's, JCTools' constructor rejects 0.
        super(Args.inRange("capacity", capacity, 1, Args.MAX_POW2));
    }

    /** The register of producers waiting for room, made by the first that asks. */
    final RoomWaiters roomWaiters() {
        return RoomWaiters.of(this, HANDSHAKE);
    }

    /**
     * Every producer entry point ({@code offer}, {@code relaxedOffer}, {@code add}, {@code put},
     * the timed {@code offer}, {@code fill}, {@code offerIfBelowThreshold}, {@code failFastOffer})
     * stores its element here, after claiming its index; the one extra load is the producers' side
     * of the handshake.
     */
    @Override
    final void publish(Object[] buffer, int slot, long p, E e) {
        super.publish(buffer, slot, p, e);
        BlockingConsumers.wakeConsumer(this, HANDSHAKE);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Having taken an element, wakes the producers blocked in {@link #put} or the timed
     * {@link #offer(Object, long, TimeUnit)} if half the ring is free (one load when none
     * waits).
     */
    @Override
    public E poll() {
        final E e = super.poll();
        if (e != null) {
            RoomWaiters.freed(this, HANDSHAKE);
        }
        return e;
    }

    /** {@inheritDoc} Wakes a waiting producer as {@link #poll()} does. */
    @Override
    public E relaxedPoll() {
        final E e = super.relaxedPoll();
        if (e != null) {
            RoomWaiters.freed(this, HANDSHAKE);
        }
        return e;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Then wakes producers waiting for room as {@link #poll()} does (also when {@code c} throws).
     */
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

    /**
     * {@inheritDoc}
     * <p>
     * Consumer thread only. Returns {@code null} only if no element could be taken by the deadline
     * (the queue was empty, or a producer had claimed its head and not yet written it: a slow
     * {@code fill} supplier does not hold the caller past its deadline). The deadline is measured
     * with {@link System#nanoTime()}; any timeout, {@link Long#MAX_VALUE} included, is safe. A
     * zero or negative timeout never waits, so it returns what {@link #relaxedPoll()} does.
     *
     * @throws InterruptedException if the thread is interrupted before or while it waits; the
     *     interrupt status is cleared and an element offered meanwhile stays in the queue
     * @throws NullPointerException if {@code unit} is {@code null} and the queue is empty (an
     *     element at hand is returned without reading {@code unit}, as JCTools does)
     */
    @Override
    public E poll(long timeout, TimeUnit unit) throws InterruptedException {
        return BlockingConsumers.poll(this, HANDSHAKE, timeout, unit);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Any number of producer threads. On a full queue it waits until the consumer, having taken
     * an element, wakes it (see the class note).
     *
     * @throws InterruptedException if the thread is interrupted while it waits for room; the
     *     interrupt status is cleared and the element is not added
     * @throws NullPointerException if {@code e} is {@code null}; the queue is unchanged
     */
    @Override
    public void put(E e) throws InterruptedException {
        if (!offer(e)) {
            RoomWaiters.awaitRoom(this, HANDSHAKE, e, false, 0L);
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Any number of producer threads. Waits for room as {@link #put} does, up to the timeout; a
     * zero or negative timeout never waits.
     *
     * @throws InterruptedException if the thread is interrupted while it waits for room; the
     *     interrupt status is cleared and the element is not added
     * @throws NullPointerException if {@code e} is {@code null}, or {@code unit} is {@code null}
     *     and the queue is full (an element that fits is added without reading {@code unit}, as
     *     JCTools does); the queue is unchanged
     */
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

    /**
     * {@inheritDoc}
     * <p>
     * Consumer thread only. Never waits for an element; it does wait briefly for one whose
     * producer has claimed its slot but not yet written it, as {@link #poll()} does.
     */
    @Override
    public int drainTo(Collection<? super E> c) {
        return drainTo(c, Integer.MAX_VALUE);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Consumer thread only. Never waits for an element; it does wait briefly for one whose
     * producer has claimed its slot but not yet written it, as {@link #poll()} does. If
     * {@code c.add} throws, the element it was handed is no longer in this queue.
     *
     * @return the number of elements moved; 0 if {@code maxElements <= 0}
     */
    @Override
    public int drainTo(Collection<? super E> c, int maxElements) {
        return BlockingConsumers.drainTo(this, c, maxElements);
    }
}
