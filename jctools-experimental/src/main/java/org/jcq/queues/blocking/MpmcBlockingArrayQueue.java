package org.jcq.queues.blocking;

import java.util.Collection;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.jcq.queues.MessagePassingBlockingQueue;
import org.jcq.queues.MpmcArrayQueue;

/**
 * A bounded multi-producer multi-consumer queue that is also a {@link BlockingQueue}: producers
 * can wait for room ({@link #put}, {@link #offer(Object, long, TimeUnit)}) and
 * consumers for an element ({@link #take}, {@link #poll(long, TimeUnit)}).
 * <p>
 * Algorithm: {@link MpmcArrayQueue}'s ring, unchanged (this class extends it, so {@code offer}
 * and {@code poll} are the core queue's, called through {@code super}), plus the wake-up protocol
 * of this package (see {@code package-info}): after every successful add one volatile load of
 * the waiting-consumer count, after every successful remove one of the waiting-producer count
 * (no fence: the CAS that claimed the index is one); only when a count is non-zero does the fast
 * path take a lock, to signal. A thread that must wait first yields and tries again (a platform
 * thread for up to 50 us while a signalled thread of the other side is coming back; a virtual
 * thread once, never in a loop), then takes a
 * {@link java.util.concurrent.locks.ReentrantLock}, counts itself, re-checks and awaits a {@link java.util.concurrent.locks.Condition}, which
 * parks it with {@link java.util.concurrent.locks.LockSupport}: no monitor is used, so a virtual
 * thread that waits unmounts from its carrier.
 * <p>
 * Invariants, orderings and the no-lost-wake-up argument: those of {@link MpmcArrayQueue} and
 * of the package's wake-up protocol. Every method that adds signals a waiting consumer
 * ({@code offer}, {@code relaxedOffer}, {@code add}, both {@code fill}s, {@code put}, the timed
 * {@code offer}); every method that removes signals a waiting producer ({@code poll},
 * {@code relaxedPoll}, {@code remove()}, every {@code drain}, {@code drainTo}, {@code clear},
 * {@code take}, the timed {@code poll}).
 * <p>
 * Linearization points: as in {@link MpmcArrayQueue} for {@code offer}, {@code poll} and
 * {@code peek}; {@code put}/{@code take} and the timed forms at the {@code offer}/{@code poll}
 * that succeeds; a timed call that fails at its last failed {@code offer}/{@code poll}, made
 * after the deadline had passed.
 * <p>
 * Departures from {@link BlockingQueue}: none in threading (any number of producers and
 * consumers). Several waiting consumers (or producers) are woken one per added element (or freed
 * slot), never all at once; one that leaves while elements (room) remain wakes the next. {@code remove(Object)} of a present element, {@code removeAll} and
 * {@code retainAll} throw {@link UnsupportedOperationException} (the iterator is weakly
 * consistent and does not remove). {@code size()} and {@link #remainingCapacity()} are
 * estimates while other threads run. Interrupts follow
 * {@link java.util.concurrent.ArrayBlockingQueue}: a thread interrupted before it calls a
 * blocking method gets {@link InterruptedException} (interrupt status cleared) even if it would
 * not have had to wait, and the queue is unchanged.
 *
 * @param <E> the type of the elements
 */
public class MpmcBlockingArrayQueue<E> extends MpmcBlockingArrayQueueFields<E> implements MessagePassingBlockingQueue<E> {
    /**
     * Creates a queue holding at least {@code capacity} elements (rounded up to a power of two),
     * as {@link MpmcArrayQueue#MpmcArrayQueue(int)}.
     *
     * @param capacity the requested capacity
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpmcBlockingArrayQueue(int capacity) {
        super(capacity);
    }

    @Override
    public boolean offer(E e) {
        if (super.offer(e)) {
            afterCasAdd();
            return true;
        }
        return false;
    }

    @Override
    public boolean relaxedOffer(E e) {
        if (super.relaxedOffer(e)) {
            afterCasAdd();
            return true;
        }
        return false;
    }

    @Override
    public int fill(Supplier<E> s, int limit) {
        try {
            // Signals for each element as the next is asked for, not after the batch.
            return super.fill(room.signalEach(this, s), limit);
        } finally {
            // For the last element, also when the supplier threw after some elements were added.
            afterCasAdd();
        }
    }

    @Override
    public int drain(Consumer<E> c, int limit) {
        try {
            // Signals for each slot freed as the next element is handed over, not after the batch.
            return super.drain(room.signalEachTaken(this, c), limit);
        } finally {
            // For the last slot, also when the callback threw after some elements were taken.
            afterCasRemove();
        }
    }

    @Override
    public E poll() {
        final E e = super.poll();
        if (e != null) {
            afterCasRemove();
        }
        return e;
    }

    @Override
    public E relaxedPoll() {
        final E e = super.relaxedPoll();
        if (e != null) {
            afterCasRemove();
        }
        return e;
    }

    @Override
    public void put(E e) throws InterruptedException {
        room.put(this, e);
    }

    @Override
    public boolean offer(E e, long timeout, TimeUnit unit) throws InterruptedException {
        return room.offer(this, e, timeout, unit);
    }

    @Override
    public E take() throws InterruptedException {
        return room.take(this);
    }

    @Override
    public E poll(long timeout, TimeUnit unit) throws InterruptedException {
        return room.poll(this, timeout, unit);
    }

    @Override
    public int remainingCapacity() {
        return WaitRoom.remainingCapacity(this);
    }

    @Override
    public int drainTo(Collection<? super E> c) {
        return WaitRoom.drainTo(this, c, Integer.MAX_VALUE);
    }

    @Override
    public int drainTo(Collection<? super E> c, int maxElements) {
        return WaitRoom.drainTo(this, c, maxElements);
    }
}
