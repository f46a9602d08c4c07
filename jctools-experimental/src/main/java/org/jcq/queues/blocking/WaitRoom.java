package org.jcq.queues.blocking;

import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.jcq.queues.MessagePassingQueue;

/*
 * The one implementation of the wake-up protocol that the blocking queues of this package share.
 * Each queue holds one WaitRoom in a final field and calls afterAdd() after every successful add
 * and afterRemove() after every successful remove; the blocking methods' cold paths are here.
 *
 * Protocol (consumer waiting for an element; the producer side is the mirror image with
 * waitingProducers, notFull and offer):
 *   Consumer wanting to wait: (C1) lock; (C2) waitingConsumers += 1 (volatile store) and a full
 *   fence; (C3) re-check: poll(); if it returns an element, stop waiting; else (C4) await on
 *   notEmpty, which releases the lock while parked and re-acquires it before returning; loop to
 *   C3. On leaving: waitingConsumers -= 1, cascade (below), unlock.
 *   Producer after a successful add: (P1) the element is published (release store or CAS, by the
 *   core queue); (P2) a full fence; (P3) volatile load of waitingConsumers; if non-zero, (P4) lock,
 *   notEmpty.signal(), unlock.
 *
 * No lost wake-up: C2's fence and P2's fence are ordered one way or the other. If C2's comes
 * first, P3 reads the incremented count (or a later one: the consumer only decrements after it
 * stopped waiting), so the producer goes on to P4. P4 needs the lock, which the consumer holds
 * from C1 until C4's await releases it, so the signal lands while the consumer is awaiting (it
 * is then woken) or after it left (it needs no wake-up). If P2's fence comes first, C3 reads
 * after it and sees P1's element (or its removal by another consumer, which then took it), so
 * the consumer does not park. Store-load ordering is the point: with release/acquire alone, C3
 * could read before C2 is visible and P3 before P1 is visible, both missing each other.
 *
 * No thundering herd: every add signals one waiter (signal, never signalAll). A waiter that leaves
 * (with an element, on timeout or on interrupt) while elements remain and other consumers wait
 * signals one of them, as LinkedBlockingQueue does, so a batch add (fill) that signalled once
 * still wakes as many waiters as it added elements, one after the other. A woken waiter that
 * finds the queue empty again (another consumer was quicker) waits again.
 *
 * Counts only change under the lock, so the read-modify-write of C2 needs no CAS; they are
 * volatile so that P3 can read them without the lock.
 */

/**
 * Waiting consumers and producers of one blocking queue, and the one implementation of the
 * wake-up protocol that {@link SpscBlockingArrayQueue}, {@link MpscBlockingArrayQueue} and
 * {@link MpmcBlockingArrayQueue} share (see the comment at the top of this file).
 */
final class WaitRoom extends WaitRoomFields {
    /**
     * Called after every successful add (offer, relaxedOffer, fill, ...), by the producer that
     * added: the fast path's cost is the fence and one volatile load.
     */
    void afterAdd() {
        // P2: orders the element's publication before P3 (store-load), pairs with C2's fence.
        VarHandle.fullFence();
        // P3, volatile: pairs with the consumer's increment (C2).
        if (lvWaitingConsumers() != 0) {
            signalNotEmpty();
        }
    }

    /** Called after every successful remove (poll, relaxedPoll, drain, ...): the mirror image. */
    void afterRemove() {
        // Orders the slot's release before the load below (store-load), pairs with the waiting
        // producer's fence after its increment.
        VarHandle.fullFence();
        // Volatile: pairs with the waiting producer's increment.
        if (lvWaitingProducers() != 0) {
            signalNotFull();
        }
    }

    private void signalNotEmpty() {
        final ReentrantLock lock = this.lock;
        lock.lock();
        try {
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
    }

    private void signalNotFull() {
        final ReentrantLock lock = this.lock;
        lock.lock();
        try {
            notFull.signal();
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@code put}: as {@link java.util.concurrent.ArrayBlockingQueue}, a null element is rejected
     * first, then an interrupted caller, even if there is room; then the fast path, then waiting.
     */
    <E> void put(MessagePassingQueue<E> q, E e) throws InterruptedException {
        checkElement(e);
        checkInterrupt();
        if (!q.offer(e)) {
            awaitRoom(q, e, false, 0L);
        }
    }

    /** The timed {@code offer}: as {@link #put}, but a timeout {@code <= 0} never waits. */
    <E> boolean offer(MessagePassingQueue<E> q, E e, long timeout, TimeUnit unit) throws InterruptedException {
        checkElement(e);
        final long nanos = unit.toNanos(timeout);
        checkInterrupt();
        return q.offer(e) || (nanos > 0L && awaitRoom(q, e, true, nanos));
    }

    /** {@code take}: an interrupted caller throws even if an element is there, as in ArrayBlockingQueue. */
    <E> E take(MessagePassingQueue<E> q) throws InterruptedException {
        checkInterrupt();
        final E e = q.poll();
        return e != null ? e : awaitElement(q, false, 0L);
    }

    /** The timed {@code poll}: as {@link #take}, but a timeout {@code <= 0} never waits. */
    <E> E poll(MessagePassingQueue<E> q, long timeout, TimeUnit unit) throws InterruptedException {
        final long nanos = unit.toNanos(timeout);
        checkInterrupt();
        final E e = q.poll();
        return e != null || nanos <= 0L ? e : awaitElement(q, true, nanos);
    }

    private static void checkElement(Object e) {
        if (e == null) {
            throw new NullPointerException("e (the element) must not be null");
        }
    }

    private static void checkInterrupt() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    /**
     * The cold path of {@code take} ({@code timed == false}) and {@code poll(timeout)}: waits for
     * an element, at most {@code nanos} if timed.
     *
     * @return the element, or null if timed and the time ran out
     */
    <E> E awaitElement(MessagePassingQueue<E> q, boolean timed, long nanos) throws InterruptedException {
        final ReentrantLock lock = this.lock;
        lock.lockInterruptibly();
        try {
            // C2: only under the lock, so no CAS.
            svWaitingConsumers(lvWaitingConsumers() + 1);
            // Orders C2 before C3's loads (store-load), pairs with the producers' P2.
            VarHandle.fullFence();
            try {
                long left = nanos;
                E e;
                // C3: poll() is the queue's own, so taking an element signals a waiting producer.
                while ((e = q.poll()) == null) {
                    if (!timed) {
                        notEmpty.await();
                    } else if (left <= 0L) {
                        return null;
                    } else {
                        left = notEmpty.awaitNanos(left);
                    }
                }
                return e;
            } finally {
                svWaitingConsumers(lvWaitingConsumers() - 1);
                // Cascade: pass the wake-up on while elements remain for other waiters.
                if (lvWaitingConsumers() != 0 && !q.isEmpty()) {
                    notEmpty.signal();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The cold path of {@code put} ({@code timed == false}) and {@code offer(e, timeout)}: waits
     * for room, at most {@code nanos} if timed.
     *
     * @return true if {@code e} was added; false if timed and the time ran out
     */
    <E> boolean awaitRoom(MessagePassingQueue<E> q, E e, boolean timed, long nanos) throws InterruptedException {
        final ReentrantLock lock = this.lock;
        lock.lockInterruptibly();
        try {
            // Only under the lock, so no CAS.
            svWaitingProducers(lvWaitingProducers() + 1);
            // Orders the increment before offer's loads (store-load), pairs with afterRemove's.
            VarHandle.fullFence();
            try {
                long left = nanos;
                // offer() is the queue's own, so adding signals a waiting consumer.
                while (!q.offer(e)) {
                    if (!timed) {
                        notFull.await();
                    } else if (left <= 0L) {
                        return false;
                    } else {
                        left = notFull.awaitNanos(left);
                    }
                }
                return true;
            } finally {
                svWaitingProducers(lvWaitingProducers() - 1);
                // Cascade: pass the wake-up on while room remains for other waiters.
                if (lvWaitingProducers() != 0 && q.size() < q.capacity()) {
                    notFull.signal();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@code drainTo}, as {@link java.util.concurrent.ArrayBlockingQueue} checks its arguments:
     * null collection NPE, the queue itself IAE, a limit {@code <= 0} drains nothing.
     */
    static <E> int drainTo(MessagePassingQueue<E> q, Collection<? super E> c, int maxElements) {
        if (c == null) {
            throw new NullPointerException("c");
        }
        if (c == q) {
            throw new IllegalArgumentException("cannot drain a queue into itself");
        }
        int n = 0;
        E e;
        // poll() is the queue's own, so each removal signals a waiting producer.
        while (n < maxElements && (e = q.poll()) != null) {
            c.add(e);
            n++;
        }
        return n;
    }

    /** {@code remainingCapacity}: capacity less the size estimate, never negative. */
    static int remainingCapacity(MessagePassingQueue<?> q) {
        return Math.max(0, q.capacity() - q.size());
    }
}
