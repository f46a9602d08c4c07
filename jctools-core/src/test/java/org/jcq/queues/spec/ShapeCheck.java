package org.jcq.queues.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.jcq.queues.MessagePassingQueue;

/**
 * Checks that a queue does what its shape and bound promise: FIFO on one thread, full at exactly
 * {@code capacity()} when bounded, never full when unbounded, and, with as many threads as the shape
 * allows (two where it says many), every element delivered exactly once and each producer's
 * elements in the order it offered them.
 */
final class ShapeCheck {
    /** Elements each producer offers in the threaded check: several chunks of every table queue. */
    private static final int PER_PRODUCER = 3000;
    /** Elements offered to an unbounded queue on one thread: past a 1024-element chunk, twice. */
    private static final int UNBOUNDED_FILL = 2500;
    private static final long TIMEOUT_SECONDS = 30;

    private ShapeCheck() {
    }

    /** Runs every check on fresh queues from {@code make}; {@code producers}/{@code consumers} of 1 or 2. */
    static void check(Supplier<MessagePassingQueue<Integer>> make, int producers, int consumers) {
        fifoOnOneThread(make.get());
        final MessagePassingQueue<Integer> q = make.get();
        if (q.capacity() == MessagePassingQueue.UNBOUNDED_CAPACITY) {
            neverFull(q);
        } else {
            fullAtCapacity(q);
        }
        threaded(make.get(), producers, consumers);
    }

    private static void fifoOnOneThread(MessagePassingQueue<Integer> q) {
        assertTrue(q instanceof Queue, q.getClass() + " is a java.util.Queue");
        assertTrue(q.isEmpty());
        for (int i = 0; i < 5; i++) {
            assertTrue(q.offer(i), "offer " + i);
        }
        assertEquals(5, q.size());
        assertEquals(0, q.peek());
        for (int i = 0; i < 5; i++) {
            assertEquals(i, q.poll());
        }
        assertNull(q.poll());
        assertTrue(q.isEmpty());
    }

    private static void fullAtCapacity(MessagePassingQueue<Integer> q) {
        final int capacity = q.capacity();
        for (int i = 0; i < capacity; i++) {
            assertTrue(q.offer(i), "offer " + i + " of " + capacity);
        }
        assertFalse(q.offer(capacity), "offer past the capacity " + capacity);
        assertEquals(capacity, q.size());
        for (int i = 0; i < capacity; i++) {
            assertEquals(i, q.poll());
        }
        assertNull(q.poll());
    }

    private static void neverFull(MessagePassingQueue<Integer> q) {
        for (int i = 0; i < UNBOUNDED_FILL; i++) {
            assertTrue(q.offer(i), "offer " + i);
        }
        assertEquals(UNBOUNDED_FILL, q.size());
        for (int i = 0; i < UNBOUNDED_FILL; i++) {
            assertEquals(i, q.poll());
        }
        assertNull(q.poll());
    }

    /**
     * Producer {@code p} offers {@code p * PER_PRODUCER + i} for {@code i} in order, retrying while
     * full; consumers poll until every element is taken. Each consumer must see each producer's
     * elements in increasing order (FIFO), and together they must see every element once.
     */
    private static void threaded(MessagePassingQueue<Integer> q, int producers, int consumers) {
        final int total = producers * PER_PRODUCER;
        final AtomicInteger taken = new AtomicInteger();
        final Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
        final List<List<Integer>> seen = new ArrayList<>();
        final List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < consumers; c++) {
            final List<Integer> mine = new ArrayList<>();
            seen.add(mine);
            threads.add(new Thread(() -> {
                while (taken.get() < total) {
                    final Integer e = q.poll();
                    if (e == null) {
                        Thread.yield();
                    } else {
                        mine.add(e);
                        taken.incrementAndGet();
                    }
                }
            }, "consumer-" + c));
        }
        for (int p = 0; p < producers; p++) {
            final int base = p * PER_PRODUCER;
            threads.add(new Thread(() -> {
                for (int i = 0; i < PER_PRODUCER; i++) {
                    while (!q.offer(base + i)) {
                        Thread.yield();
                    }
                }
            }, "producer-" + p));
        }
        for (Thread t : threads) {
            t.setUncaughtExceptionHandler((thread, e) -> failures.add(e));
            t.start();
        }
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        for (Thread t : threads) {
            try {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted");
            }
            if (t.isAlive()) {
                fail(t.getName() + " still running after " + TIMEOUT_SECONDS + " s; taken " + taken.get() + " of "
                        + total + " from " + q.getClass().getSimpleName());
            }
        }
        assertTrue(failures.isEmpty(), () -> "threads failed: " + failures);
        final boolean[] delivered = new boolean[total];
        for (List<Integer> mine : seen) {
            final int[] last = new int[producers];
            Arrays.fill(last, -1);
            for (int e : mine) {
                final int producer = e / PER_PRODUCER;
                assertTrue(e > last[producer], "producer " + producer + "'s " + e + " after " + last[producer]);
                last[producer] = e;
                assertFalse(delivered[e], "delivered twice: " + e);
                delivered[e] = true;
            }
        }
        for (int e = 0; e < total; e++) {
            assertTrue(delivered[e], "never delivered: " + e);
        }
        assertNull(q.poll());
    }
}
