package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

import org.jcq.internal.VarHandles;

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
