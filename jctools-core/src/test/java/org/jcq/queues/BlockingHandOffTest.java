package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import org.jcq.queues.QueueRegistry.QueueSpec;
import org.jcq.queues.RoundThreads.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every blocking queue of the registry with both sides waiting, on platform and on virtual threads
 * (JDK 21+; skipped before, and run by CI's JDK 25 step), with as many producers and consumers as
 * its shape allows: producers that {@code put} on a full queue hand every element over once, in
 * each producer's order as each consumer sees it, and no waiter is left parked beside an element or
 * room (a lost wake-up: the build runs without the protocol's safety-net timeout, so nothing else
 * would wake it) or kept from its carrier by the others' waits.
 * <p>
 * Every wait for the test's threads has a time limit, past which the round fails with every
 * thread's stack and stops its own threads first ({@link RoundThreads}). The stress cases run
 * rounds until a time budget is spent (at least {@link #MIN_ROUNDS}), so their time is bounded
 * whatever the machine.
 */
class BlockingHandOffTest {
    private static final int HAND_OFF_PER_PRODUCER = 5_000;
    /** A consumer of a hand-off pauses after this many elements, so the producers fill the queue again. */
    private static final int HAND_OFF_PAUSE_EVERY = 64;
    private static final long HAND_OFF_PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    private static final int STRESS_PER_PRODUCER = 2_000;
    private static final int MIN_ROUNDS = 2;
    private static final long STRESS_BUDGET_NANOS = TimeUnit.MILLISECONDS.toNanos(150);
    /** Short enough to race with a wake-up: timed calls with it time out now and then, and retry. */
    private static final long SHORT_TIMEOUT_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    /** The back-off of a producer that retries {@code offer}: a park, as the README advises. */
    private static final long OFFER_RETRY_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(10);
    /** The consumer that the waiting producers must not starve parks this long between polls... */
    private static final long CONSUMER_PARK_MICROS = 20;
    /** ... this many times. */
    private static final int CONSUMER_ROUNDS = 200;
    /** What a consumer of a multi-consumer round stops at: one per consumer, after every element. */
    private static final int DONE = -1;

    @SuppressWarnings("unchecked")
    private static MessagePassingBlockingQueue<Integer> newQueue(QueueSpec spec, int capacity) {
        return (MessagePassingBlockingQueue<Integer>) spec.<Integer>create(Math.max(capacity, spec.capacity().minRequest()));
    }

    // ---- hand-off -----------------------------------------------------------------------------

    static Stream<Arguments> handOffCases() {
        final List<Arguments> cases = new ArrayList<>();
        QueueRegistry.specs(QueueSpec::blocking).forEach(spec -> {
            for (Kind kind : Kind.values()) {
                for (int producers : spec.multiProducer() ? new int[] {1, 3} : new int[] {1}) {
                    for (int capacity : spec.bounded() ? new int[] {1, 4, 256} : new int[] {16}) {
                        cases.add(Arguments.of(spec, kind, producers, capacity));
                    }
                }
            }
        });
        return cases.stream();
    }

    /**
     * The producers start first and fill the queue while the consumers wait for it to be full, and
     * each consumer pauses every {@value #HAND_OFF_PAUSE_EVERY} elements, so {@code put} keeps
     * finding the queue full and waiting for room, while the consumers {@code take} (and wait when
     * they have emptied the queue). Every element arrives once, in each producer's order.
     */
    @ParameterizedTest(name = "{0} {1} {2}P capacity {3}")
    @MethodSource("handOffCases")
    void putOnAFullQueueHandsEveryElementOverOnceInProducerOrder(QueueSpec spec, Kind kind, int producers,
            int capacity) throws InterruptedException {
        assumeTrue(kind.available(), "virtual threads need JDK 21+; this is Java " + Runtime.version().feature());
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, capacity);
        final int consumers = spec.consumerThreads();
        final int total = producers * HAND_OFF_PER_PRODUCER;
        final AtomicIntegerArray seen = new AtomicIntegerArray(total);
        final AtomicLong taken = new AtomicLong();
        final AtomicLong fullPuts = new AtomicLong();
        try (RoundThreads round = new RoundThreads("hand-off " + spec + " " + kind + " " + producers + "P"
                + consumers + "C capacity " + q.capacity(), kind)) {
            for (int p = 0; p < producers; p++) {
                final int id = p;
                round.thread("producer-" + p, () -> {
                    for (int i = 0; i < HAND_OFF_PER_PRODUCER; i++) {
                        if (q.size() == q.capacity()) {
                            fullPuts.incrementAndGet();
                        }
                        q.put(id * HAND_OFF_PER_PRODUCER + i);
                    }
                    if (id == 0) {
                        awaitAllTaken(taken, total, round);
                        for (int c = 0; c < consumers; c++) {
                            q.put(DONE);
                        }
                    }
                });
            }
            for (int c = 0; c < consumers; c++) {
                round.thread("consumer-" + c, () -> {
                    while (spec.bounded() && q.size() < q.capacity() && !round.stopping()) {
                        LockSupport.parkNanos(HAND_OFF_PAUSE_NANOS);
                    }
                    final int[] last = new int[producers];
                    Arrays.fill(last, -1);
                    for (int i = 1; ; i++) {
                        if (i % HAND_OFF_PAUSE_EVERY == 0) {
                            LockSupport.parkNanos(HAND_OFF_PAUSE_NANOS);
                        }
                        final int e = q.take();
                        if (e == DONE) {
                            return;
                        }
                        checkOrder(last, e, HAND_OFF_PER_PRODUCER);
                        assertEquals(0, seen.getAndIncrement(e), "element " + e + " taken twice");
                        taken.incrementAndGet();
                    }
                });
            }
            round.start();
            round.joinAll(() -> "taken " + taken.get() + " of " + total + ", queue size " + q.size());
        }
        assertEverySeenOnce(seen);
        assertNull(q.poll(), "left in the queue");
        if (spec.bounded()) {
            assertTrue(fullPuts.get() > 0, "no put found the queue full");
        }
    }

    /** Waits, parking, until every element is taken (or the round stops). */
    private static void awaitAllTaken(AtomicLong taken, int total, RoundThreads round) throws InterruptedException {
        while (taken.get() < total) {
            if (round.stopping()) {
                throw new InterruptedException("round stopped");
            }
            LockSupport.parkNanos(OFFER_RETRY_PARK_NANOS);
        }
    }

    // ---- lost wake-up -------------------------------------------------------------------------

    /** How the producers add and the consumers take. */
    enum Mode {
        /** {@code put} and {@code take}. */
        PUT_TAKE,
        /**
         * {@code offer} retried with a park between tries (what the README tells a producer that
         * will not block to do), and {@code poll(timeout)} retried, with a timeout short enough to
         * run out now and then.
         */
        OFFER_RETRY_TIMED_POLL,
        /**
         * In turn: {@code put}, {@code offer} retried with a park, and the timed {@code offer}
         * retried; {@code take}, the timed {@code poll} retried, and {@code poll} with no practical
         * limit: a timed waiter that swallowed a wake-up would strand a blocking one.
         */
        MIXED
    }

    static Stream<Arguments> stressCases() {
        final List<Arguments> cases = new ArrayList<>();
        QueueRegistry.specs(QueueSpec::blocking).forEach(spec -> {
            for (Kind kind : Kind.values()) {
                for (Mode mode : Mode.values()) {
                    for (int producers : spec.multiProducer() ? new int[] {1, 3} : new int[] {1}) {
                        cases.add(Arguments.of(spec, kind, mode, producers));
                    }
                }
            }
        });
        return cases.stream();
    }

    /**
     * Producers and consumers race across both edges of a queue of its least capacity, so nearly
     * every element has one side waiting for the other. A lost wake-up leaves a thread parked beside
     * an element or room for good, and the round fails on its time limit with every stack.
     */
    @ParameterizedTest(name = "{0} {1} {2} {3}P")
    @MethodSource("stressCases")
    void noWaiterIsLeftParkedAndEveryElementArrivesOnceInOrder(QueueSpec spec, Kind kind, Mode mode, int producers)
            throws InterruptedException {
        assumeTrue(kind.available(), "virtual threads need JDK 21+; this is Java " + Runtime.version().feature());
        final long start = System.nanoTime();
        int rounds = 0;
        while (rounds < MIN_ROUNDS || System.nanoTime() - start < STRESS_BUDGET_NANOS) {
            stressRound(spec, kind, mode, producers, rounds++);
        }
    }

    private static void stressRound(QueueSpec spec, Kind kind, Mode mode, int producers, int round)
            throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 1);
        final int consumers = spec.consumerThreads();
        final int total = producers * STRESS_PER_PRODUCER;
        final AtomicIntegerArray seen = new AtomicIntegerArray(total);
        final AtomicLong taken = new AtomicLong();
        try (RoundThreads threads = new RoundThreads("stress " + spec + " " + kind + " " + mode + " " + producers
                + "P" + consumers + "C round " + round, kind)) {
            for (int p = 0; p < producers; p++) {
                final int id = p;
                threads.thread("producer-" + p, () -> {
                    for (int i = 0; i < STRESS_PER_PRODUCER; i++) {
                        add(q, mode, i, id * STRESS_PER_PRODUCER + i, threads);
                    }
                    if (id == 0) {
                        awaitAllTaken(taken, total, threads);
                        for (int c = 0; c < consumers; c++) {
                            q.put(DONE);
                        }
                    }
                });
            }
            for (int c = 0; c < consumers; c++) {
                threads.thread("consumer-" + c, () -> {
                    final int[] last = new int[producers];
                    Arrays.fill(last, -1);
                    for (int i = 0; ; i++) {
                        final int e = remove(q, mode, i);
                        if (e == DONE) {
                            return;
                        }
                        checkOrder(last, e, STRESS_PER_PRODUCER);
                        assertEquals(0, seen.getAndIncrement(e), "element " + e + " taken twice");
                        taken.incrementAndGet();
                    }
                });
            }
            threads.start();
            threads.joinAll(() -> "taken " + taken.get() + " of " + total + ", queue size " + q.size()
                    + ", listed " + Probe.takers(q) + " takers and " + Probe.putters(q) + " putters");
        }
        assertEverySeenOnce(seen);
        assertNull(q.poll(), "left in the queue");
        assertEquals(0, Probe.takers(q), "takers left listed");
        assertEquals(0, Probe.putters(q), "putters left listed");
    }

    private static void add(MessagePassingBlockingQueue<Integer> q, Mode mode, int i, int e, RoundThreads threads)
            throws InterruptedException {
        final int way = mode == Mode.PUT_TAKE ? 0 : mode == Mode.OFFER_RETRY_TIMED_POLL ? 1 : i % 3;
        if (way == 0) {
            q.put(e);
        } else if (way == 1) {
            while (!q.offer(e)) {
                if (threads.stopping()) {
                    throw new InterruptedException("round stopped");
                }
                LockSupport.parkNanos(OFFER_RETRY_PARK_NANOS);
            }
        } else {
            while (!q.offer(e, SHORT_TIMEOUT_NANOS, TimeUnit.NANOSECONDS)) {
                // Timed out: try again (an interrupt ends the loop by throwing).
            }
        }
    }

    private static int remove(MessagePassingBlockingQueue<Integer> q, Mode mode, int i) throws InterruptedException {
        final int way = mode == Mode.PUT_TAKE ? 0 : mode == Mode.OFFER_RETRY_TIMED_POLL ? 1 : i % 3;
        if (way == 0) {
            return q.take();
        }
        if (way == 2) {
            return q.poll(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        }
        Integer e;
        while ((e = q.poll(SHORT_TIMEOUT_NANOS, TimeUnit.NANOSECONDS)) == null) {
            // Timed out: try again.
        }
        return e;
    }

    // ---- waiting producers leave the carriers to others -----------------------------------------

    /**
     * Virtual threads: producers waiting for room must not keep the carriers from other virtual
     * threads. Two producers per carrier retry a timed {@code offer} on a full queue, with a
     * time-out that runs out in nearly every call (20 us: longer than the spin, so the wait parks
     * before it times out; 1 us: shorter, so only the rule that a timed wait on a virtual thread
     * parks once before it gives up makes it park); a consumer, also virtual, parks
     * {@value #CONSUMER_PARK_MICROS} us between polls, as any virtual thread that sleeps briefly
     * does. Its parks must end and the thread run again: {@value #CONSUMER_ROUNDS} rounds take
     * milliseconds, and the patience is seconds.
     * <p>
     * Checked to fail before issue 17 (JDK 25, 2 carriers; every run stuck until the producers were
     * stopped: 5 runs at 20 us, 2 at 1 us): a timed {@code offer} spun, then yielded until its time
     * ran out, and never parked, and the scheduler kept handing the carriers round among the
     * yielding producers. Also checked to fail at 1 us (2 runs of 2) with the waits of that time
     * but without the park before giving up.
     */
    @ParameterizedTest(name = "time-out {0} us")
    @ValueSource(longs = {1, 20})
    void producersWaitingForRoomLeaveTheCarriersToAParkedVirtualThread(long timeoutMicros) throws InterruptedException {
        assumeTrue(Kind.VIRTUAL.available(), "virtual threads need JDK 21+; this is Java " + Runtime.version().feature());
        final int producers = 2 * carriers();
        final MpscBlockingConsumerArrayQueue<Integer> q = new MpscBlockingConsumerArrayQueue<>(1);
        final AtomicLong rounds = new AtomicLong();
        final AtomicLong added = new AtomicLong();
        try (RoundThreads threads = new RoundThreads(producers + " producers retrying offer(e, " + timeoutMicros
                + " us)", Kind.VIRTUAL)) {
            final Thread consumer = threads.thread("consumer", () -> {
                for (int i = 0; i < CONSUMER_ROUNDS; i++) {
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(CONSUMER_PARK_MICROS));
                    q.poll();
                    rounds.incrementAndGet();
                }
            });
            for (int p = 0; p < producers; p++) {
                final Integer id = p;
                threads.thread("producer-" + p, () -> {
                    while (!threads.stopping()) {
                        if (q.offer(id, timeoutMicros, TimeUnit.MICROSECONDS)) {
                            added.incrementAndGet();
                        }
                    }
                });
            }
            threads.start();
            threads.join(List.of(consumer), () -> "consumer rounds " + rounds.get() + " of " + CONSUMER_ROUNDS
                    + ", elements added " + added.get());
        }
    }

    /** The virtual-thread scheduler's carriers: its parallelism, by default the core count. */
    private static int carriers() {
        final String parallelism = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        return parallelism != null ? Integer.parseInt(parallelism) : Runtime.getRuntime().availableProcessors();
    }

    // ---- helpers ------------------------------------------------------------------------------

    /** Checks that element {@code e} ({@code producer * perProducer + seq}) follows its producer's last. */
    private static void checkOrder(int[] last, int e, int perProducer) {
        final int producer = e / perProducer;
        final int seq = e % perProducer;
        assertTrue(seq > last[producer], "producer " + producer + "'s order: " + seq + " after " + last[producer]);
        last[producer] = seq;
    }

    private static void assertEverySeenOnce(AtomicIntegerArray seen) {
        for (int i = 0; i < seen.length(); i++) {
            assertEquals(1, seen.get(i), "times element " + i + " was taken");
        }
    }
}
