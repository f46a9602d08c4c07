package org.jcq.queues.blocking;

import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.jcq.queues.MessagePassingQueue;

/*
 * The one implementation of the wake-up protocol that the blocking queues of this package share.
 * Each queue holds one WaitRoom in a final field, calls afterAdd() after every successful add and
 * afterRemove() after every successful remove, and calls awaitElement()/awaitRoom() when its own
 * fast path (take/put and the timed forms try poll/offer first) found nothing to do.
 *
 * The protocol, its steps (C1..C4, P1..P4), the no-lost-wake-up argument and the invariants are
 * in package-info.java, which is what users read; the call sites below name the steps.
 * In short: a waiter counts itself under the lock, fences, re-checks, and only then awaits (which
 * releases the lock); a producer/consumer publishes, fences, reads the count, and if it is
 * non-zero signals under the lock. The fences make the two sides' store-then-load sequences
 * sequentially consistent, so at least one side sees the other; the lock makes a signal that
 * follows a seen count land while the waiter awaits or after it left.
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

    /**
     * Called instead of {@link #afterAdd()} by producers whose add claimed its index with a CAS
     * (MPSC and MPMC producers): the CAS is a full fence, and the waiting consumer's re-check
     * reads that index, so P2 is already done and the fast path's cost is one volatile load.
     */
    void afterCasAdd() {
        // P3, volatile: the claim's CAS (P2') came before it; pairs with C2 as afterAdd's does.
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

    /**
     * Called instead of {@link #afterRemove()} by consumers whose remove claimed its index with a
     * CAS (MPMC consumers): the mirror image of {@link #afterCasAdd()}.
     */
    void afterCasRemove() {
        // Volatile: the claim's CAS came before it; pairs with the waiting producer's increment.
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
     * What {@code put} checks before it tries to add, in
     * {@link java.util.concurrent.ArrayBlockingQueue}'s order: a null element, then an interrupted
     * caller (which throws even if there is room, as ArrayBlockingQueue's
     * {@code lockInterruptibly} does).
     */
    static void checkBeforeAdd(Object e) throws InterruptedException {
        if (e == null) {
            throw new NullPointerException("e (the element) must not be null");
        }
        checkBeforeRemove();
    }

    /** As {@link #checkBeforeAdd}, for the timed {@code offer}; returns the timeout in nanoseconds. */
    static long checkBeforeTimedAdd(Object e, long timeout, TimeUnit unit) throws InterruptedException {
        if (e == null) {
            throw new NullPointerException("e (the element) must not be null");
        }
        return checkBeforeTimedRemove(timeout, unit);
    }

    /** What {@code take} checks before it tries to remove: an interrupted caller throws. */
    static void checkBeforeRemove() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    /** As {@link #checkBeforeRemove}, for the timed {@code poll}; returns the timeout in nanoseconds. */
    static long checkBeforeTimedRemove(long timeout, TimeUnit unit) throws InterruptedException {
        final long nanos = unit.toNanos(timeout);
        checkBeforeRemove();
        return nanos;
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
