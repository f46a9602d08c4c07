package org.jcq.concurrency.selfcheck;

import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jcq.queues.SpscArrayQueue;

/**
 * A deliberately broken blocking queue, kept only to prove that the wake-up tests
 * ({@code org.jcq.concurrency.BlockingBothSides}) can fail. It is the wake-up protocol of
 * {@code org.jcq.queues.blocking} with the waiter's checks left out: {@code take} ({@code put})
 * counts itself and parks at once, and looks at the queue only after a wake-up. An element
 * (room) that arrived before the waiter counted itself was added (made) by a thread that read
 * the count as zero and signalled nobody, so the waiter parks beside it for good: a lost wake-up,
 * which the termination tests must report as STALE.
 * <p>
 * The realistic bug, a waiter that checks, counts and parks without checking again, loses a
 * wake-up only when the other thread's change lands in the few instructions between its check
 * and its count; on the shared 2-core machine short runs did not hit that window (0 STALE in
 * about 1,500 samples), so the self-check uses this wider form of the same omission. What it
 * proves: the generated tests wait on the waiter's side and change the queue on the other, and a
 * waiter left parked beside its element or room fails the run.
 * <p>
 * The rest is the real protocol (fence, count read, signal under the lock), on
 * {@link SpscArrayQueue}; only {@code offer}, {@code poll}, {@code put}, {@code take} and the
 * timed forms signal or wait, which is all the self-check runs. Nothing in
 * {@code jctools-experimental} may look like this.
 *
 * @param <E> the element type
 */
public final class ParkFirstBlockingQueue<E> extends SpscArrayQueue<E> implements BlockingQueue<E> {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Condition notFull = lock.newCondition();
    private volatile int waitingConsumers;
    private volatile int waitingProducers;

    /** @param capacity as {@link SpscArrayQueue#SpscArrayQueue(int)} */
    public ParkFirstBlockingQueue(int capacity) {
        super(capacity);
    }

    @Override
    public boolean offer(E e) {
        if (!super.offer(e)) {
            return false;
        }
        VarHandle.fullFence();
        if (waitingConsumers != 0) {
            signal(notEmpty);
        }
        return true;
    }

    @Override
    public E poll() {
        final E e = super.poll();
        if (e != null) {
            VarHandle.fullFence();
            if (waitingProducers != 0) {
                signal(notFull);
            }
        }
        return e;
    }

    private void signal(Condition c) {
        lock.lock();
        try {
            c.signal();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public E take() throws InterruptedException {
        return awaitElement(false, 0L);
    }

    @Override
    public E poll(long timeout, TimeUnit unit) throws InterruptedException {
        return awaitElement(true, unit.toNanos(timeout));
    }

    @Override
    public void put(E e) throws InterruptedException {
        awaitRoom(e, false, 0L);
    }

    @Override
    public boolean offer(E e, long timeout, TimeUnit unit) throws InterruptedException {
        return awaitRoom(e, true, unit.toNanos(timeout));
    }

    private E awaitElement(boolean timed, long nanos) throws InterruptedException {
        long left = nanos;
        E e;
        do {
            if (timed && left <= 0L) {
                return null;
            }
            lock.lockInterruptibly();
            try {
                waitingConsumers++;
                VarHandle.fullFence();
                try {
                    // The bug: no poll() before parking.
                    if (timed) {
                        left = notEmpty.awaitNanos(left);
                    } else {
                        notEmpty.await();
                    }
                } finally {
                    waitingConsumers--;
                }
            } finally {
                lock.unlock();
            }
        } while ((e = poll()) == null);
        return e;
    }

    private boolean awaitRoom(E e, boolean timed, long nanos) throws InterruptedException {
        long left = nanos;
        do {
            if (timed && left <= 0L) {
                return false;
            }
            lock.lockInterruptibly();
            try {
                waitingProducers++;
                VarHandle.fullFence();
                try {
                    // The bug: no offer(e) before parking.
                    if (timed) {
                        left = notFull.awaitNanos(left);
                    } else {
                        notFull.await();
                    }
                } finally {
                    waitingProducers--;
                }
            } finally {
                lock.unlock();
            }
        } while (!offer(e));
        return true;
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
        int n = 0;
        E e;
        while (n < maxElements && (e = poll()) != null) {
            c.add(e);
            n++;
        }
        return n;
    }
}
