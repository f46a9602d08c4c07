package org.jcq.queues.blocking;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.Stream;

import org.jcq.queues.blocking.BlockingQueues.Kind;
import org.jcq.queues.blocking.BlockingQueues.Spec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Producers and consumers race across the empty and the full edge of a queue of capacity 2 (4 for
 * SPSC, its smallest), so nearly every transfer has one side waiting for the other: a lost wake-up leaves a thread
 * parked beside an element (or beside room) forever, and the round then fails on its join
 * timeout with every thread's stack. Every element must be taken exactly once, and each
 * consumer must see each producer's elements in the order they were put.
 * <p>
 * Runs with platform threads, and with virtual threads where the runtime has them (JDK 21+), in
 * two modes: {@code put}/{@code take} only, and those alternating with timed {@code offer}/{@code poll}
 * whose timeouts are short enough to race with signals. Each case runs rounds until its time budget is spent
 * (at least {@link #MIN_ROUNDS}), so the suite's time is bounded whatever the machine.
 * <p>
 * Checked to fail: with the consumer's re-check after counting itself removed (it awaits at once),
 * SPSC rounds hang in the first round and fail on the join timeout.
 */
class LostWakeupStressTest {
    /** Requested capacity; SPSC rounds it up to 4. */
    private static final int CAPACITY = 2;
    private static final int PER_PRODUCER = 2_000;
    private static final int MIN_ROUNDS = 2;
    private static final long BUDGET_NANOS = TimeUnit.MILLISECONDS.toNanos(700);
    /** Consumers stop when they take this; one is put per consumer after the producers finish. */
    private static final int POISON = -1;

    enum Mode {
        /** {@code put} and {@code take}. */
        BLOCKING,
        /**
         * Every other operation is a timed {@code offer}/{@code poll} with a timeout short enough
         * to race with signals (retried until it succeeds), the rest {@code put}/{@code take}: a
         * timed waiter that swallowed a wake-up would strand a blocking one.
         */
        MIXED
    }

    static Stream<Arguments> cases() {
        final List<Arguments> cases = new ArrayList<>();
        BlockingQueues.ours().forEach(spec -> {
            for (Kind kind : Kind.values()) {
                for (Mode mode : Mode.values()) {
                    cases.add(Arguments.of(spec, kind, mode));
                }
            }
        });
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void noWaiterIsLeftParkedAndEveryElementArrivesOnceInOrder(Spec spec, Kind kind, Mode mode) throws Exception {
        assumeTrue(kind.available(), "virtual threads need JDK 21+; this runtime is " + Runtime.version());
        final int producers = spec.multiProducer ? 2 : 1;
        final int consumers = spec.multiConsumer ? 2 : 1;
        final long start = System.nanoTime();
        int rounds = 0;
        while (rounds < MIN_ROUNDS || System.nanoTime() - start < BUDGET_NANOS) {
            round(spec.create(CAPACITY), kind, mode, producers, consumers, rounds++);
        }
    }

    private static void round(BlockingQueue<Integer> q, Kind kind, Mode mode, int producers, int consumers, int round)
            throws InterruptedException {
        final int total = producers * PER_PRODUCER;
        final AtomicIntegerArray seen = new AtomicIntegerArray(total);
        final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        final List<Thread> producerThreads = new ArrayList<>();
        final List<Thread> consumerThreads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            final int id = p;
            producerThreads.add(kind.newThread("producer-" + p, () -> {
                try {
                    for (int i = 0; i < PER_PRODUCER; i++) {
                        add(q, mode == Mode.MIXED && (i & 1) != 0, id * PER_PRODUCER + i);
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }));
        }
        for (int c = 0; c < consumers; c++) {
            consumerThreads.add(kind.newThread("consumer-" + c, () -> {
                try {
                    final int[] last = new int[producers];
                    Arrays.fill(last, -1);
                    for (int i = 0; ; i++) {
                        final int e = remove(q, mode == Mode.MIXED && (i & 1) != 0);
                        if (e == POISON) {
                            return;
                        }
                        final int producer = e / PER_PRODUCER;
                        final int seq = e % PER_PRODUCER;
                        if (seq <= last[producer]) {
                            throw new AssertionError("producer " + producer + "'s element " + seq + " after " + last[producer]);
                        }
                        last[producer] = seq;
                        if (seen.getAndIncrement(e) != 0) {
                            throw new AssertionError("element " + e + " taken twice");
                        }
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }));
        }
        final List<Thread> all = new ArrayList<>(producerThreads);
        all.addAll(consumerThreads);
        all.forEach(Thread::start);
        try {
            joinAll(producerThreads, q, all, round);
            for (int c = 0; c < consumers; c++) {
                q.put(POISON);
            }
            joinAll(consumerThreads, q, all, round);
        } finally {
            all.forEach(Thread::interrupt);
        }
        if (!failures.isEmpty()) {
            final AssertionError e = new AssertionError("round " + round + " failed");
            failures.forEach(e::addSuppressed);
            throw e;
        }
        for (int i = 0; i < total; i++) {
            assertEquals(1, seen.get(i), "element " + i + " in round " + round);
        }
        assertEquals(0, q.size(), "left in the queue");
    }

    private static void add(BlockingQueue<Integer> q, boolean timed, int e) throws InterruptedException {
        if (!timed) {
            q.put(e);
        } else {
            while (!q.offer(e, 50, TimeUnit.MICROSECONDS)) {
                // timed out: try again
            }
        }
    }

    private static int remove(BlockingQueue<Integer> q, boolean timed) throws InterruptedException {
        if (!timed) {
            return q.take();
        }
        Integer e;
        while ((e = q.poll(50, TimeUnit.MICROSECONDS)) == null) {
            // timed out: try again
        }
        return e;
    }

    /** Joins {@code threads}; if one is still alive after the patience, fails with every stack. */
    private static void joinAll(List<Thread> threads, BlockingQueue<Integer> q, List<Thread> all, int round)
            throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BlockingQueues.PATIENCE_MILLIS);
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (t.isAlive()) {
                final StringBuilder dump = new StringBuilder("round ").append(round).append(": ").append(t.getName())
                        .append(" still running (lost wake-up?); queue size ").append(q.size());
                for (Thread other : all) {
                    dump.append("\n").append(other.getName()).append(" ").append(other.getState());
                    for (StackTraceElement s : other.getStackTrace()) {
                        dump.append("\n\tat ").append(s);
                    }
                }
                fail(dump.toString());
            }
        }
    }
}
