package org.jcq.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.locks.LockSupport;

/**
 * What the queues' waits need to know about the thread that waits.
 * <p>
 * A virtual thread must not back off by yielding: {@link Thread#yield()} on a virtual thread
 * hands its carrier to another runnable virtual thread, and while a few of them loop on it the
 * scheduler can keep handing the carriers round among them, so that a virtual thread whose park
 * ended (the very consumer or producer they wait for, or any other) is not run again for seconds
 * (measured on JDK 25 with 2 carriers). So the waits ask {@link #isVirtual(Thread)} once per wait,
 * on their cold path, and on a virtual thread they park instead, which gives the carrier back.
 * <p>
 * This module compiles to Java 11 bytecode, where {@code Thread.isVirtual()} (JDK 21) cannot be
 * named: it is looked up once, as a method handle, and where it is absent no thread is virtual.
 */
public final class Waits {
    /** How many spins a waiting virtual thread makes between two parks (a power of two). */
    public static final int SPINS_BETWEEN_PARKS = 1 << 12;
    /** How long it parks then. */
    public static final long SPIN_PARK_NANOS = 10_000;

    /** {@code Thread.isVirtual()}, or null before JDK 21 (no virtual threads). */
    private static final MethodHandle IS_VIRTUAL = findIsVirtual();

    private Waits() {
    }

    private static MethodHandle findIsVirtual() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual",
                    MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    /**
     * The most spins a batch ({@code fill}, {@code drain}) waits for a run that the other side has
     * claimed and is still making ready (see {@link #pause}): 1 + 2 + ... + 512, ten reads.
     */
    public static final int BATCH_WAIT_SPINS = 1023;

    /**
     * How far ahead of its first slot a batch looks to tell whether its run is whole: it waits
     * (see {@link #pause}) only when its first slot is ready and the slot this far on, or its
     * run's last if nearer, is not. A drain of an empty queue so reads no more than before (no
     * index of the other side), and one with a large limit reads no far slot.
     */
    public static final int BATCH_LOOKAHEAD = 64;

    /**
     * The offset from a batch's first slot of the slot it looks at ({@link #BATCH_LOOKAHEAD}).
     *
     * @param want how many slots the batch wants, at least 1
     * @return {@code min(want, BATCH_LOOKAHEAD) - 1}
     */
    public static int lookahead(int want) {
        return Math.min(want, BATCH_LOOKAHEAD) - 1;
    }

    /**
     * Spins {@code times} times ({@link Thread#onSpinWait()}). A batch that waits for the other
     * side's run reads the run's last slot, and between two reads pauses 1, 2, 4, ... times (up
     * to {@link #BATCH_WAIT_SPINS} in all): each read takes the slot's cache line from the thread
     * still writing there, so the waiting side, the faster one, reads seldom. Bounded well below
     * {@link #SPINS_BETWEEN_PARKS}, so a virtual thread needs no park here.
     *
     * @param times how many spins
     */
    public static void pause(int times) {
        for (int i = 0; i < times; i++) {
            Thread.onSpinWait();
        }
    }

    /**
     * For loops that wait for another thread's store (a consumer waiting for a producer between
     * its claim and its store): call it now and then, with the number of spins so far. A platform
     * thread spins on; the operating system preempts it, so the thread it waits for runs anyway. A
     * virtual thread is never preempted: if the thread it waits for is a virtual thread that was
     * unmounted in that window (a {@code fill} whose supplier blocked), spinning virtual threads
     * could hold every carrier and it would never run again. So every
     * {@value #SPINS_BETWEEN_PARKS} spins a virtual thread parks for {@value #SPIN_PARK_NANOS} ns,
     * giving its carrier up (or yields, if its interrupt status is set, which makes a park return
     * at once). Cold path only: the check runs once per {@value #SPINS_BETWEEN_PARKS} spins.
     *
     * @param spins how many times the loop has spun (0: not yet, never parks)
     */
    public static void spun(int spins) {
        if (spins != 0 && (spins & (SPINS_BETWEEN_PARKS - 1)) == 0 && onVirtualThread()) {
            if (Thread.currentThread().isInterrupted()) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(SPIN_PARK_NANOS);
            }
        }
    }

    /**
     * Whether {@code t} is a virtual thread; always false before JDK 21.
     *
     * @param t a thread, usually the caller's own
     * @return {@code t.isVirtual()} where the runtime has it, false otherwise
     */
    public static boolean isVirtual(Thread t) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(t);
        } catch (Throwable e) {
            // Thread.isVirtual() declares no checked exception: whatever it throws passes unchanged.
            throw Waits.<RuntimeException>rethrow(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T rethrow(Throwable t) throws T {
        throw (T) t;
    }

    /**
     * Whether the calling thread is a virtual thread; always false before JDK 21.
     *
     * @return {@code Thread.currentThread().isVirtual()} where the runtime has it
     */
    public static boolean onVirtualThread() {
        return isVirtual(Thread.currentThread());
    }
}
