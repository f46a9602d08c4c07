package org.jcq.queues;

import java.util.Collection;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.jcq.internal.Args;
import org.jcq.internal.Waits;

/**
 * The consumer side of the queues whose one consumer can block ({@link MpscBlockingConsumerArrayQueue},
 * {@link MpscUnboundedBlockingConsumerArrayQueue}), written once: {@code take}, the timed
 * {@code poll}, the wait they share (a look for an element, then the parking handshake the
 * queues' class notes argue) and {@code drainTo} (the timed {@code drain} is the interface's). What differs between
 * the queues (and their padded and compact editions), where the consumer publishes itself and how the
 * volatile re-check reads the indices, each gives as a {@link Parking}, a stateless constant of its
 * class (so no wait allocates); the producers' wake-up ({@link #wakeConsumer}) is here too.
 */
final class BlockingConsumers {
    /**
     * How long a consumer that finds the queue empty keeps looking before it parks (it checks the
     * clock every {@link #SPINS_PER_CLOCK_READ} spins): an element that comes meanwhile costs its
     * producer no unpark and the consumer no wake-up.
     */
    static final long SPIN_NANOS = 20_000L;
    private static final int SPINS_PER_CLOCK_READ = 32;
    /** How many times a consumer looks for a claimed head's element before it parks for it. */
    private static final int CLAIMED_SPINS = 256;
    /** Its first park then, doubling up to {@link #MAX_CLAIMED_PARK_NANOS}. */
    private static final long FIRST_CLAIMED_PARK_NANOS = 10_000L;
    private static final long MAX_CLAIMED_PARK_NANOS = 1_000_000L;

    private BlockingConsumers() {
    }

    /**
     * A queue's side of the consumer's parking handshake (C1 and C2 of the queues' class notes).
     *
     * @param <Q> the queue
     */
    interface Parking<Q> {
        /** C1: a volatile store of {@code consumer} where producers look after each store (P3). */
        void publish(Q q, Thread consumer);

        /** C2: whether no producer has claimed an index, read with a volatile load after C1. */
        boolean lvIsEmpty(Q q);

        /** Clears what {@link #publish} stored (a release store: a late reader only unparks spuriously). */
        void unpublish(Q q);

        /** P3: a volatile load of what {@link #publish} stored; null while no consumer is published. */
        Thread lvPublished(Q q);

        /** P4: a CAS of the published thread back to null; the producer that wins it unparks the thread. */
        boolean casPublished(Q q, Thread consumer);
    }

    /**
     * The producers' side of the handshake (P3, P4), after an element's store: if a consumer is
     * published, the producer that takes it back unparks it. One volatile load when none is.
     */
    static <Q> void wakeConsumer(Q q, Parking<? super Q> parking) {
        // P3, volatile: after the claim (P1) and the element's store; pairs with the consumer's C1.
        final Thread consumer = parking.lvPublished(q);
        if (consumer != null) {
            unparkPublished(q, parking, consumer);
        }
    }

    private static <Q> void unparkPublished(Q q, Parking<? super Q> parking, Thread consumer) {
        if (parking.casPublished(q, consumer)) {
            LockSupport.unpark(consumer);
        }
    }

    /** {@link BlockingQueue#take()}: the queue's element, or the wait for one. */
    static <E, Q extends MessagePassingQueue<E>> E take(Q q, Parking<? super Q> parking) throws InterruptedException {
        // Relaxed: a head claimed but not yet written is waited for in awaitElement, which
        // honours interrupts (and deadlines), not in poll's spin.
        final E e = q.relaxedPoll();
        return e != null ? e : awaitElement(q, parking, false, 0L);
    }

    /**
     * {@link BlockingQueue#poll(long, TimeUnit)}: an element at hand is returned without reading
     * {@code unit}; a zero or negative timeout never waits.
     */
    static <E, Q extends MessagePassingQueue<E>> E poll(Q q, Parking<? super Q> parking, long timeout, TimeUnit unit)
            throws InterruptedException {
        final E e = q.relaxedPoll();
        if (e != null) {
            return e;
        }
        final long nanos = Args.notNull("unit", unit).toNanos(timeout);
        return nanos <= 0 ? null : awaitElement(q, parking, true, nanos);
    }

    /**
     * Cold path of take and the timed poll: the queue was empty. Looks a while
     * ({@link #spinForElement}), then publishes the consumer thread, re-checks emptiness and parks,
     * in a loop that survives spurious wake-ups and stale permits. Returns null only if
     * {@code timed} and the queue is still empty at the deadline.
     */
    private static <E, Q extends MessagePassingQueue<E>> E awaitElement(Q q, Parking<? super Q> parking, boolean timed,
            long nanos) throws InterruptedException {
        final Thread me = Thread.currentThread();
        // A deadline that wraps around is fine: only differences with nanoTime() are used.
        final long start = System.nanoTime();
        final long deadline = timed ? start + nanos : 0L;
        final E spun = spinForElement(q, start, timed ? Math.min(nanos, SPIN_NANOS) : SPIN_NANOS);
        if (spun != null) {
            return spun;
        }
        long claimedPark = FIRST_CLAIMED_PARK_NANOS;
        try {
            while (true) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                parking.publish(q, me);
                if (!parking.lvIsEmpty(q)) {
                    parking.unpublish(q);
                    final E e = awaitClaimed(q);
                    if (e != null) {
                        return e;
                    }
                    if (q.isEmpty()) {
                        continue; // the claim seen was withdrawn (a failed fill): empty again
                    }
                    // The head is claimed and still not written: its producer is slow (a fill's
                    // supplier may take long with a whole batch claimed). Wait in timed parks, so
                    // that the deadline and interrupts are honoured meanwhile.
                    long wait = claimedPark;
                    claimedPark = Math.min(2 * claimedPark, MAX_CLAIMED_PARK_NANOS);
                    if (timed) {
                        final long remaining = deadline - System.nanoTime();
                        if (remaining <= 0) {
                            return null;
                        }
                        wait = Math.min(wait, remaining);
                    }
                    LockSupport.parkNanos(q, wait);
                    continue;
                }
                claimedPark = FIRST_CLAIMED_PARK_NANOS;
                if (!timed) {
                    parkUntimed(q);
                } else {
                    final long remaining = deadline - System.nanoTime();
                    if (remaining <= 0) {
                        return null;
                    }
                    LockSupport.parkNanos(q, remaining);
                }
            }
        } finally {
            parking.unpublish(q);
        }
    }

    /**
     * The untimed park of {@code take}. A platform thread parks with the longest timeout there is,
     * so that it shows as {@code TIMED_WAITING}, as a consumer in JCTools' {@code take} does (tools
     * and tests that wait for a consumer to block look for that state); a virtual thread parks
     * untimed, as a timed park there schedules (allocates) a timer task for its timeout.
     */
    private static void parkUntimed(Object q) {
        if (Waits.onVirtualThread()) {
            LockSupport.park(q);
        } else {
            LockSupport.parkNanos(q, Long.MAX_VALUE);
        }
    }

    /**
     * A producer has claimed the head: spins a while for its element ({@code relaxedPoll}, which
     * never waits), and returns it, or null if it is still not there (or the claim was withdrawn).
     */
    private static <E> E awaitClaimed(MessagePassingQueue<E> q) {
        for (int spins = 0; spins < CLAIMED_SPINS; spins++) {
            final E e = q.relaxedPoll();
            if (e != null) {
                return e;
            }
            Thread.onSpinWait();
        }
        return null;
    }

    /**
     * The consumer found {@code q} empty: keeps looking for up to {@code nanos} from {@code start}
     * before it parks, yielding between looks on a platform thread and spinning on a virtual one
     * (a yield would hand its carrier round, see {@link Waits}), and returns the element that came,
     * or null.
     */
    private static <E> E spinForElement(MessagePassingQueue<E> q, long start, long nanos) {
        final boolean yield = !Waits.onVirtualThread();
        for (int spins = 1; ; spins++) {
            if (yield) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
            // isEmpty reads the producer index with acquire; relaxedPoll never waits (a claimed
            // head not yet written is looked at again next time).
            if (!q.isEmpty()) {
                final E e = q.relaxedPoll();
                if (e != null) {
                    return e;
                }
            }
            if ((yield || (spins & (SPINS_PER_CLOCK_READ - 1)) == 0) && System.nanoTime() - start >= nanos) {
                return null;
            }
        }
    }

    /** {@link BlockingQueue#drainTo(Collection, int)} for the consumer of {@code q}. */
    static <E> int drainTo(MessagePassingQueue<E> q, Collection<? super E> c, int maxElements) {
        Args.notNull("c", c);
        if (c == q) {
            throw new IllegalArgumentException("c (the collection) must not be this queue");
        }
        int moved = 0;
        for (E e; moved < maxElements && (e = q.poll()) != null; moved++) {
            c.add(e);
        }
        return moved;
    }
}
