package org.jcq.experimental.lprq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Producers and consumers racing on rings of 2 to 64 cells (so that given-up tickets, UNSAFE
 * cells, closes and, in the linked form, new rings happen all the time): every element arrives
 * exactly once, each producer's elements in the order it offered them, and the queue is empty and
 * counts 0 at the end. Consumers mix {@code poll}, {@code peek}-then-{@code poll} (a peek's answer
 * must not come after an element offered later by the same producer) and {@code drain}; producers
 * mix {@code offer} and {@code fill}.
 * <p>
 * Shown failing before the dequeuers read a cell's value before its index: with the index read
 * first, a 1P1C run on a ring of 2 took an element one ticket early ("element 91008 after 91009"),
 * in 2 of 2 runs of this class on an idle 2-core machine; each race repeats for at least
 * {@link #MIN_RACE_NANOS} for that.
 */
class PrqQueueRaceTest {
    private static final int PER_PRODUCER = 100_000;
    private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(60);

    static Stream<Arguments> races() {
        final List<Arguments> all = new ArrayList<>();
        for (boolean bounded : new boolean[] {true, false}) {
            for (int size : new int[] {2, 64}) {
                for (int[] pc : new int[][] {{1, 1}, {2, 2}, {3, 1}, {1, 3}}) {
                    all.add(Arguments.of(bounded ? "MpmcPrqArrayQueue" : "MpmcLprqQueue", size, pc[0], pc[1]));
                }
            }
        }
        return all.stream();
    }

    /** Each race repeats with a fresh queue until this long has passed (at least once). */
    private static final long MIN_RACE_NANOS = TimeUnit.MILLISECONDS.toNanos(1500);

    @ParameterizedTest(name = "{0}({1}) {2}P{3}C")
    @MethodSource("races")
    void everyElementOnceInProducerOrder(String kind, int size, int producers, int consumers)
            throws InterruptedException {
        final long start = System.nanoTime();
        do {
            race(kind, size, producers, consumers);
        } while (System.nanoTime() - start < MIN_RACE_NANOS);
    }

    private static void race(String kind, int size, int producers, int consumers) throws InterruptedException {
        final MessagePassingQueue<Integer> q = kind.equals("MpmcPrqArrayQueue") ? new MpmcPrqArrayQueue<>(size)
                : new MpmcLprqQueue<>(size);
        final int total = producers * PER_PRODUCER;
        final AtomicIntegerArray seen = new AtomicIntegerArray(total);
        final AtomicLong taken = new AtomicLong();
        final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        final long deadline = System.nanoTime() + PATIENCE_NANOS;
        final List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            final int id = p;
            threads.add(new Thread(() -> {
                int i = 0;
                while (i < PER_PRODUCER && System.nanoTime() < deadline) {
                    final int base = id * PER_PRODUCER;
                    if ((i & 7) == 7) {
                        final int[] next = {i};
                        final int limit = Math.min(4, PER_PRODUCER - i);
                        i += q.fill(() -> base + next[0]++, limit);
                    } else if (q.offer(base + i)) {
                        i++;
                    } else {
                        Thread.onSpinWait();
                    }
                }
            }, "producer-" + p));
        }
        for (int c = 0; c < consumers; c++) {
            final int way = c % 3;
            threads.add(new Thread(() -> {
                final int[] last = new int[producers];
                java.util.Arrays.fill(last, -1);
                final MessagePassingQueue.Consumer<Integer> take = e -> {
                    final int p = e / PER_PRODUCER;
                    if (e % PER_PRODUCER <= last[p]) {
                        failures.add("element " + e + " after " + (p * PER_PRODUCER + last[p]));
                    }
                    last[p] = e % PER_PRODUCER;
                    if (seen.getAndIncrement(e) != 0) {
                        failures.add("element " + e + " taken twice");
                    }
                    taken.incrementAndGet();
                };
                while (taken.get() < total && System.nanoTime() < deadline) {
                    if (way == 2) {
                        q.drain(take, 16);
                        continue;
                    }
                    if (way == 1) {
                        final Integer head = q.peek();
                        if (head != null) {
                            final int p = head / PER_PRODUCER;
                            if (head % PER_PRODUCER <= last[p]) {
                                failures.add("peeked " + head + " after taking " + (p * PER_PRODUCER + last[p]));
                            }
                        }
                    }
                    final Integer e = q.poll();
                    if (e != null) {
                        take.accept(e);
                    }
                }
            }, "consumer-" + c));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join(TimeUnit.NANOSECONDS.toMillis(Math.max(1, deadline - System.nanoTime())) + 5_000);
            if (t.isAlive()) {
                fail(t.getName() + " still running; taken " + taken.get() + " of " + total + ", " + q);
            }
        }
        assertTrue(failures.isEmpty(), () -> failures.size() + " failures, first: " + failures.peek());
        assertEquals(total, taken.get(), () -> "taken of " + total + " before the deadline; " + q);
        for (int e = 0; e < total; e++) {
            assertEquals(1, seen.get(e), "element " + e);
        }
        assertNull(q.poll());
        assertTrue(q.isEmpty());
        assertEquals(0, q.size(), q::toString);
        assertTrue(q.offer(7), "still works after the race");
        assertEquals(7, q.poll());
    }
}
