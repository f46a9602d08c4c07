package org.jcq.queues;

import java.util.Collection;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;


/**
 * An unbounded multi-producer single-consumer queue whose consumer can block:
 * {@link MpscUnboundedArrayQueue} with the consumer side of {@link BlockingQueue}
 * ({@link #take()}, {@link #poll(long, TimeUnit)}, {@link #drainTo}) and a timed
 * {@link #drain(Consumer, int, long, TimeUnit)}. For an executor's task queue, where producers
 * must never be refused or wait and the one worker thread sleeps while there is nothing to do.
 * JCTools has no such queue; its bounded kin is {@link MpscBlockingConsumerArrayQueue}.
 * <p>
 * Algorithm: the chunks, the producers' claim, the links and the consumer's take are
 * {@link MpscUnboundedArrayQueue}'s, unchanged (this class extends it; see
 * {@code BaseMpscLinkedArrayQueue}). On top, the consumer's park and the producers' wake-up are
 * the handshake of {@link MpscBlockingConsumerArrayQueue}, in a field of its own: a consumer that
 * finds the queue empty looks for 20 us, then publishes its {@code Thread} in
 * {@code blockedConsumer}, re-checks emptiness and parks; a producer, after storing its element,
 * reads {@code blockedConsumer} and, if it finds a thread there, CASes the field back to null and
 * unparks the thread it removed.
 *
 * <h2>No lost wake-up</h2>
 * Consumer: (C1) volatile store of its thread to {@code blockedConsumer}; (C2) volatile load of the
 * producer index; if it shows no claim past the consumer index, (C3) park. Producer: (P1) the CAS
 * that claims its index (volatile); (P2) release store of the element; (P3) volatile load of
 * {@code blockedConsumer}; if non-null, (P4) CAS it to null and, if that succeeds, unpark. C1, C2,
 * P1 and P3 lie in one total order consistent with program order, so if C2 misses P1's claim, P3
 * sees C1's thread (or null stored by a P4 whose producer unparks the consumer, or by the consumer
 * when it stopped waiting): a claimed element always either keeps the consumer from parking or
 * wakes it. {@link MpscBlockingConsumerArrayQueue}'s class note gives the argument in full and
 * why release/acquire would not do. A producer that links a chunk stores no element while it does
 * (the index is marked RESIZING), so the consumer may park then; the producer that then claims the
 * index wakes it. A fill wakes the consumer once, after its last store, also when its supplier
 * failed (the elements stored before the failure are in the queue).
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>All of {@link MpscUnboundedArrayQueue}'s.</li>
 * <li>{@code blockedConsumer} is null or the consumer thread; only the consumer stores a thread
 * there, on its waiting path; a producer that changes it from a thread to null unparks that thread
 * afterwards.</li>
 * </ol>
 * Not invariant: the field may hold the consumer thread while it runs (between C1 and C3, or until
 * its clearing store is visible); a producer then unparks a running thread, whose next park
 * returns early, which every park loop here tolerates.
 *
 * <h2>Linearization points</h2>
 * As {@link MpscUnboundedArrayQueue}'s; {@code take} and {@code poll(timeout)}: the poll that
 * returns the element; a {@code poll(timeout)} that returns null: its last C2, followed by the clock
 * reading that showed the deadline passed.
 *
 * <h2>Departures from {@link BlockingQueue}</h2>
 * One consumer thread at a time: {@code take}, {@code poll}, {@code drainTo}, {@code drain},
 * {@code peek} and {@code clear} must not run concurrently with each other. {@link #put} and the
 * timed {@link #offer(Object, long, TimeUnit)} never wait (the queue has no bound);
 * {@link #remainingCapacity()} is {@link Integer#MAX_VALUE}. While it looks for 20 us before it
 * parks, a platform consumer yields between looks and a virtual one spins (a loop of yields is no
 * back-off on virtual threads). An element that is already there is returned even if the calling
 * thread is interrupted; a thread that would wait throws {@link InterruptedException} instead
 * (clearing its interrupt status), before or during the wait. A zero or negative timeout never
 * waits. The iterator is weakly consistent and does not remove.
 *
 * @param <E> the type of the elements
 */
public class MpscUnboundedBlockingConsumerArrayQueue<E> extends MpscUnboundedBlockingConsumerArrayQueueFields<E>
        implements MessagePassingBlockingQueue<E> {
    /** The consumer's side of the handshake (see the class note), for {@link BlockingConsumers}. */
    private static final BlockingConsumers.Parking<MpscUnboundedBlockingConsumerArrayQueue<?>> PARKING =
            new BlockingConsumers.Parking<>() {
                @Override
                public void publish(MpscUnboundedBlockingConsumerArrayQueue<?> q, Thread consumer) {
                    // C1, volatile: pairs with the producers' P3.
                    q.svBlockedConsumer(consumer);
                }

                @Override
                public boolean lvIsEmpty(MpscUnboundedBlockingConsumerArrayQueue<?> q) {
                    // C2, volatile: after C1; pairs with the producers' claiming CAS (P1).
                    return q.lvIsEmpty();
                }

                @Override
                public void unpublish(MpscUnboundedBlockingConsumerArrayQueue<?> q) {
                    q.soBlockedConsumer(null);
                }

                @Override
                public Thread lvPublished(MpscUnboundedBlockingConsumerArrayQueue<?> q) {
                    return q.lvBlockedConsumer();
                }

                @Override
                public boolean casPublished(MpscUnboundedBlockingConsumerArrayQueue<?> q, Thread consumer) {
                    return q.casBlockedConsumer(consumer, null);
                }
            };


    /**
     * Creates an empty queue whose chunks hold {@code chunkSize} elements, rounded up to a power of
     * two (one of them kept for linking), as {@link MpscUnboundedArrayQueue#MpscUnboundedArrayQueue(int)}.
     *
     * @param chunkSize the chunk size, in {@code [2, 2^30]}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpscUnboundedBlockingConsumerArrayQueue(int chunkSize) {
        super(chunkSize);
    }

    /** The producers' side of the handshake: P3, after the claiming CAS and the element store. */
    @Override
    final void published() {
        BlockingConsumers.wakeConsumer(this, PARKING);
    }

    @Override
    public E take() throws InterruptedException {
        return BlockingConsumers.take(this, PARKING);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Consumer thread only. Returns {@code null} only if no element could be taken by the deadline
     * (the queue was empty, or a producer had claimed its head and not yet written it: a slow
     * {@code fill} supplier does not hold the caller past its deadline).
     * The deadline is measured with {@link System#nanoTime()}; any timeout is safe. A zero or
     * negative timeout never waits.
     *
     * @throws InterruptedException if the thread is interrupted before or while it waits; the
     *     interrupt status is cleared and an element offered meanwhile stays in the queue
     * @throws NullPointerException if {@code unit} is {@code null} and the queue is empty
     */
    @Override
    public E poll(long timeout, TimeUnit unit) throws InterruptedException {
        return BlockingConsumers.poll(this, PARKING, timeout, unit);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Any number of producer threads. Never waits: the queue has no bound.
     *
     * @throws NullPointerException if {@code e} is {@code null}; the queue is unchanged
     */
    @Override
    public void put(E e) {
        offer(e);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Any number of producer threads. Never waits and always returns {@code true}: the queue has
     * no bound; {@code timeout} and {@code unit} are not read.
     *
     * @throws NullPointerException if {@code e} is {@code null}; the queue is unchanged
     */
    @Override
    public boolean offer(E e, long timeout, TimeUnit unit) {
        return offer(e);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Always {@link Integer#MAX_VALUE}: the queue has no bound.
     */
    @Override
    public int remainingCapacity() {
        return Integer.MAX_VALUE;
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
     * Consumer thread only, as {@link #drainTo(Collection)}. If {@code c.add} throws, the element
     * it was handed is no longer in this queue.
     *
     * @return the number of elements moved; 0 if {@code maxElements <= 0}
     */
    @Override
    public int drainTo(Collection<? super E> c, int maxElements) {
        return BlockingConsumers.drainTo(this, c, maxElements);
    }
}
