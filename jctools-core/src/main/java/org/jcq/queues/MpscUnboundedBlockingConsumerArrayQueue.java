package org.jcq.queues;

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
 * {@code BaseMpscLinkedArrayQueue}). The consumer waits by the protocol every blocking queue of
 * this package shares ({@code Parking}, whose class note argues that no wake-up is lost): after each
 * element it stores (each element of a {@code fill} too, so that a slow supplier holds back no
 * element already stored), a producer loads the count of waiting consumers, one volatile load
 * when none waits. The producers claim with a CAS, which, with the waiting consumer's volatile
 * re-check of the producer index, closes the race. A producer that links a chunk stores no
 * element while it does (the index is marked RESIZING), so the consumer may park then; the
 * producer that then claims the index wakes it.
 *
 * <h2>Invariants, orderings, linearization points</h2>
 * {@link MpscUnboundedArrayQueue}'s and the protocol's; {@code take} and {@code poll(timeout)}: the
 * poll that returns the element; a {@code poll(timeout)} that returns null: its last re-check,
 * made after the deadline passed.
 *
 * <h2>Departures from {@link BlockingQueue}</h2>
 * One consumer thread at a time: {@code take}, {@code poll}, {@code drainTo}, {@code drain}, {@code
 * peek} and {@code clear} must not run concurrently with each other. {@link #put} and the timed
 * {@link #offer(Object, long, TimeUnit)} never wait (the queue has no bound); {@link
 * #remainingCapacity()} is {@link Integer#MAX_VALUE}. {@code remove(Object)} of a present element
 * and the iterator's {@code remove} throw {@link UnsupportedOperationException}. A consumer blocked
 * without a deadline is {@code TIMED_WAITING} on a platform thread, {@code WAITING} on a virtual
 * one. An element already there is returned even if the calling thread is interrupted; a thread
 * that finds none and is interrupted throws {@link InterruptedException} (clearing its interrupt
 * status), also with a zero or negative timeout. The iterator is weakly consistent.
 *
 * @param <E> the type of the elements
 */
public class MpscUnboundedBlockingConsumerArrayQueue<E> extends MpscUnboundedBlockingConsumerArrayQueueFields<E>
        implements BlockingMethods<E> {
    static {
        // How the wait protocol reaches this edition's fields, and its re-checks (see Parking).
        Parking.<MpscUnboundedBlockingConsumerArrayQueue<?>>register(MpscUnboundedBlockingConsumerArrayQueue.class,
                MpscUnboundedBlockingConsumerArrayQueue::lvWaiting,
                MpscUnboundedBlockingConsumerArrayQueue::svWaiting,
                MpscUnboundedBlockingConsumerArrayQueue::laLists,
                MpscUnboundedBlockingConsumerArrayQueue::casLists,
                // Volatile: pairs with the producers' claiming CAS.
                q -> !q.lvIsEmpty(),
                // No producer waits: the queue has no bound.
                Parking::always);
    }

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

    /** The protocol's lists, or null if the consumer has not waited yet; for tests. */
    final Parking.Lists lists() {
        return laLists();
    }

    /** The producers' check after each element stored: whether the consumer waits (S1). */
    @Override
    final void added() {
        if ((int) lvWaiting() != 0) {
            laLists().signalTakers();
        }
    }
}
