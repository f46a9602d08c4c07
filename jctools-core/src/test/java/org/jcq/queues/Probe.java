package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A look inside a blocking queue's wait protocol ({@code Parking}), for the blocking suites: its
 * lists of waiting threads, found through the package-private {@code lists()} every blocking queue
 * class declares.
 */
final class Probe {
    private Probe() {
    }

    /** The queue's lists, or null if no thread has waited on it yet. */
    static Parking.Lists lists(Object q) {
        for (Class<?> c = q.getClass(); c != null; c = c.getSuperclass()) {
            try {
                final Method m = c.getDeclaredMethod("lists");
                return (Parking.Lists) m.invoke(q);
            } catch (NoSuchMethodException e) {
                // Declared further up.
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError(q.getClass().getName() + " has no lists(): not a blocking queue");
    }

    /**
     * The queue's {@code waiting} field (takers in the low 32 bits, putters in the high ones), read
     * through the {@code lvWaiting()} every blocking queue class declares.
     */
    static long waiting(Object q) {
        for (Class<?> c = q.getClass(); c != null; c = c.getSuperclass()) {
            try {
                final Method m = c.getDeclaredMethod("lvWaiting");
                m.setAccessible(true);
                return (long) m.invoke(q);
            } catch (NoSuchMethodException e) {
                // Declared further up.
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError(q.getClass().getName() + " has no lvWaiting(): not a blocking queue");
    }

    /** How many consumers are listed as waiting for an element. */
    static int takers(Object q) {
        final Parking.Lists lists = lists(q);
        return lists == null ? 0 : lists.listed()[0];
    }

    /** How many producers are listed as waiting for room. */
    static int putters(Object q) {
        final Parking.Lists lists = lists(q);
        return lists == null ? 0 : lists.listed()[1];
    }

    /** Whether {@code t} is parked in {@code q} (its blocker is the queue). */
    static boolean parkedIn(Thread t, Object q) {
        if (t == null || LockSupport.getBlocker(t) != q) {
            return false;
        }
        final Thread.State state = t.getState();
        return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
    }

    /**
     * Waits (sleeping 1 ms between looks, at most 20 s) until {@code t} is parked in {@code q} and
     * at least {@code takers} consumers and {@code putters} producers are listed there.
     */
    static void awaitParked(Thread t, Object q, int takers, int putters) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!parkedIn(t, q) || takers(q) < takers || putters(q) < putters) {
            assertTrue(t.isAlive(), t.getName() + " ended without waiting");
            assertTrue(System.nanoTime() - deadline < 0, t.getName() + " never waited in the queue");
            Thread.sleep(1);
        }
    }
}
