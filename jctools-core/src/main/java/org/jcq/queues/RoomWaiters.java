package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

import org.jcq.internal.VarHandles;
import org.jcq.internal.Waits;

/**
 * The producers of a bounded single-consumer queue that wait for room, and the consumer's side
 * that wakes them as it frees slots: a producer registers, looks once more for room, and parks;
 * the consumer, after it has taken elements, wakes registered producers, oldest first (the queue
 * decides when, and how many).
 * <p>
 * The register is an {@link MpscLinkedQueue} of {@link Waiter}s (the producers append, the one
 * consumer takes), with one waiter per thread, reused: a thread keeps its waiter in a
 * {@link ThreadLocal}, and a waiter that gave up (its wait timed out, was interrupted, or found
 * room) stays in the register, cancelled, until the consumer reaches it; should its thread wait
 * again before that, it takes the same place back instead of appending. So the register never
 * holds more waiters than there are threads that waited, whatever a stalled consumer does.
 *
 * <h2>A waiter's states</h2>
 * {@code OUT} (not in the register), {@code WAITING} (in it, wants a wake-up), {@code CANCELLED}
 * (in it, does not). Only its thread moves it from {@code OUT} (to {@code WAITING}, before it
 * appends it) and between {@code WAITING} and {@code CANCELLED}; only the consumer moves it to
 * {@code OUT}, as it takes the waiter from the register, by a CAS from the state it read: so a
 * thread that revives a cancelled waiter by its CAS knows it is still in the register, and a
 * consumer whose CAS from {@code WAITING} succeeds unparks a thread that still waits.
 *
 * <h2>Wake-ups that come late, never lost</h2>
 * A producer appends its waiter (a volatile swap), then a full fence, then looks for room: the
 * look cannot see the consumer index from before a take whose wake-up check the append
 * precedes. The consumer's side is a release store of its index and then a look at the register,
 * with no fence, so that a take stays fence-free: that look may miss a waiter appended just
 * before the index store became visible, while the waiter's look for room still saw the queue
 * full. The consumer then wakes it at its next take, or when it is about to wait itself (a full
 * fence comes first there); only a consumer that stops taking without waiting leaves such a
 * waiter parked, so a waiter's park is timed all the same (1 ms, then twice as long after each
 * that ended without a wake-up, up to 16 ms), and it looks for room after every park.
 */
final class RoomWaiters {
    /** Not in the register. */
    static final int OUT = 0;
    /** In the register and waiting for a wake-up. */
    static final int WAITING = 1;
    /** In the register, but its thread no longer waits. */
    static final int CANCELLED = 2;

    /** A waiter's first park, and its longest (see the class note). */
    static final long FIRST_PARK_NANOS = 1_000_000L;
    static final long LAST_PARK_NANOS = 16_000_000L;

    /** A producer that finds the queue full retries this many times, spinning, before it waits. */
    private static final int ROOM_SPINS = 64;
    /**
     * ... and then, on a platform thread, retries yielding for up to this long before it parks:
     * on a 2-core machine a park and the unpark that ends it cost tens of microseconds each.
     * PutHandOff, 3 platform producers, JDK 25, one run each: parking at once, 56 us per element
     * through a queue of 4 and 4.6 us through one of 64; yielding up to 50 us first, 7.1 and 0.15;
     * up to 500 us, 0.73 and 0.15 (before the wake-ups, spinning, yielding and polling with 50 us
     * parks: 1.5 and 0.17). A virtual thread skips it (a loop of yields is no back-off there).
     */
    static final long ROOM_YIELD_NANOS = 500_000L;

    /**
     * Where a bounded queue keeps its register: null until a producer first waits, then the same
     * register for good. Implemented by a stateless constant of each queue class (padded and
     * compact editions keep the field in their own places).
     *
     * @param <Q> the queue
     */
    interface Holder<Q> {
        /** The register, or null if no producer has waited yet (acquire). */
        RoomWaiters laRoomWaiters(Q q);

        /** CASes the register from null to {@code made}. */
        boolean casRoomWaiters(Q q, RoomWaiters made);
    }

    /** The queue's register, made by the first producer that asks (a CAS: one register per queue). */
    static <Q> RoomWaiters of(Q q, Holder<? super Q> holder) {
        final RoomWaiters waiters = holder.laRoomWaiters(q);
        if (waiters != null) {
            return waiters;
        }
        final RoomWaiters made = new RoomWaiters();
        return holder.casRoomWaiters(q, made) ? made : holder.laRoomWaiters(q);
    }

    /**
     * The consumer's side, after it has taken elements: one load when no producer waits; else, once
     * half the ring (at least one slot) is free, wakes every registered producer.
     */
    static <Q extends MessagePassingQueue<?>> void freed(Q q, Holder<? super Q> holder) {
        final RoomWaiters waiters = holder.laRoomWaiters(q);
        if (waiters != null && waiters.any()) {
            wakeForRoom(q, waiters);
        }
    }

    /**
     * Cold path of the takes: producers wait for room. Wakes them all once half the ring is free
     * (or a slot, in a ring of 1), not one per slot freed: under sustained overload one unpark (a
     * system call) per element would set the consumer's pace (in Log4j2's AsyncAppender with 4
     * loggers on 2 cores, waking at a quarter left the consumer in unpark in 7 of 8 stack samples
     * and ran at 0.71 M events/s; at half, 0.94 M). The room read is an estimate; a wake-up
     * that comes late comes at the next take or, when the queue empties, before the consumer waits.
     */
    private static void wakeForRoom(MessagePassingQueue<?> q, RoomWaiters waiters) {
        final int capacity = q.capacity();
        if (capacity - q.size() >= Math.max(1, capacity >> 1)) {
            waiters.wakeAll();
        }
    }

    /**
     * The consumer's last look before it parks, after publishing itself (C1, whose fence orders this
     * load after its index stores): a producer whose wake-up the takes before missed is woken now,
     * since an empty queue has room.
     */
    static <Q> void beforeConsumerWaits(Q q, Holder<? super Q> holder) {
        final RoomWaiters waiters = holder.laRoomWaiters(q);
        if (waiters != null && waiters.any()) {
            waiters.wakeAll();
        }
    }

    /**
     * {@code put} and the timed {@code offer} of a bounded single-consumer queue, after an offer
     * failed: retries a few times spinning, then (a platform thread only) yielding for up to 500 us,
     * then registers and parks until the consumer's progress wakes it (or its timed park ends),
     * looking for room after each step. Returns false only if {@code timed} and the deadline passed
     * (a virtual thread parks once first, so that a loop of timed offers gives its carrier up).
     * Throws {@link InterruptedException} (clearing the status) if interrupted before room is found;
     * leaves the register as it found it, whatever is thrown.
     */
    static <E, Q extends MessagePassingQueue<E>> boolean awaitRoom(Q q, Holder<? super Q> holder, E e, boolean timed,
            long nanos) throws InterruptedException {
        final long start = System.nanoTime();
        final long deadline = timed ? start + nanos : 0L;
        for (int spin = 0; spin < ROOM_SPINS; spin++) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            Thread.onSpinWait();
            if (q.offer(e)) {
                return true;
            }
        }
        final boolean virtual = Waits.onVirtualThread();
        if (!virtual) {
            final long yieldFor = timed ? Math.min(nanos, ROOM_YIELD_NANOS) : ROOM_YIELD_NANOS;
            while (System.nanoTime() - start < yieldFor) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                Thread.yield();
                if (q.offer(e)) {
                    return true;
                }
            }
        }
        final RoomWaiters waiters = of(q, holder);
        Waiter me = null;
        boolean parked = false;
        try {
            long park = FIRST_PARK_NANOS;
            while (true) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                me = waiters.register();
                // The append was a volatile swap; the fence keeps the look for room after it.
                VarHandle.fullFence();
                if (q.offer(e)) {
                    return true;
                }
                long wait = park;
                if (timed) {
                    final long remaining = deadline - System.nanoTime();
                    // A virtual thread parks once before it gives up, however short its time-out:
                    // else a loop of timed offers would never give its carrier up.
                    if (remaining <= 0 && (parked || !virtual)) {
                        return false;
                    }
                    wait = Math.max(1L, Math.min(wait, remaining));
                }
                parked = true;
                LockSupport.parkNanos(q, wait);
                if (q.offer(e)) {
                    return true;
                }
                // Still registered (not taken by the consumer): the park timed out, or was spurious.
                park = me.lvState() == WAITING ? nextPark(park) : FIRST_PARK_NANOS;
            }
        } finally {
            if (me != null) {
                me.cancel();
            }
        }
    }

    /** Each thread's waiter, reused for every wait on any queue (see {@link #register()}). */
    private static final ThreadLocal<Waiter> MINE = new ThreadLocal<>();

    private final MpscLinkedQueue<Waiter> register = new MpscLinkedQueue<>();

    /** A waiting thread's place in a register. */
    static final class Waiter {
        private static final VarHandle STATE = VarHandles.field(MethodHandles.lookup(), Waiter.class,
                "state", int.class);

        final Thread thread;
        /** The register it was last appended to; read and written by its thread only. */
        RoomWaiters owner;
        private int state;

        Waiter(Thread thread) {
            this.thread = thread;
        }

        int lvState() {
            return (int) STATE.getVolatile(this);
        }

        void svState(int value) {
            STATE.setVolatile(this, value);
        }

        boolean casState(int expect, int update) {
            return STATE.compareAndSet(this, expect, update);
        }

        /** Its thread gives up waiting; a wake-up already on its way is simply not needed. */
        void cancel() {
            casState(WAITING, CANCELLED);
        }
    }

    /**
     * Puts the calling thread's waiter in the register, {@code WAITING}, and returns it; a thread
     * already waiting here is left as it is. The caller then looks for room (after a full fence)
     * before it parks.
     */
    Waiter register() {
        Waiter w = MINE.get();
        if (w == null) {
            w = new Waiter(Thread.currentThread());
            MINE.set(w);
        }
        if (w.owner == this) {
            while (true) {
                final int state = w.lvState();
                if (state == WAITING || (state == CANCELLED && w.casState(CANCELLED, WAITING))) {
                    return w;
                }
                if (state == OUT) {
                    break;
                }
                // CANCELLED, but the consumer took it meanwhile (now OUT): append it again.
            }
        } else if (w.lvState() != OUT) {
            // Still in another queue's register, cancelled: this wait needs a waiter of its own.
            w = new Waiter(Thread.currentThread());
            MINE.set(w);
        }
        w.owner = this;
        w.svState(WAITING);
        // Volatile (a swap): orders the state store before the consumer can take the waiter.
        register.offer(w);
        return w;
    }

    /** How many waiters, cancelled or not, are in the register (O(n); for tests). */
    int size() {
        return register.size();
    }

    /** Whether any waiter, cancelled or not, is in the register. Consumer thread only. */
    boolean any() {
        return !register.isEmpty();
    }

    /**
     * Wakes up to {@code n} waiting producers, oldest first, dropping the cancelled ones it meets.
     * Consumer thread only.
     */
    void wake(long n) {
        while (n > 0) {
            final Waiter w = register.poll();
            if (w == null) {
                return;
            }
            while (true) {
                final int state = w.lvState();
                if (state == WAITING && w.casState(WAITING, OUT)) {
                    LockSupport.unpark(w.thread);
                    n--;
                    break;
                }
                if (state == OUT || (state == CANCELLED && w.casState(CANCELLED, OUT))) {
                    break;
                }
                // Its thread revived or cancelled it between the load and the CAS: look again.
            }
        }
    }

    /** Wakes every waiting producer. Consumer thread only. */
    void wakeAll() {
        wake(Long.MAX_VALUE);
    }

    /** How long a waiter's next park is, after one of {@code last} ns that ended without a wake-up. */
    static long nextPark(long last) {
        return Math.min(2 * last, LAST_PARK_NANOS);
    }
}
