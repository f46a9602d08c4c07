package org.jcq.queues;

import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue.Supplier;
import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A callback that throws, whatever it throws. A {@code drain} whose consumer throws loses
 * nothing but the element it handed over. A {@code fill} whose supplier throws: a checked exception thrown sneakily
 * (as Kotlin, Scala or Lombok's {@code @SneakyThrows} do), an {@link OutOfMemoryError}, a
 * {@link StackOverflowError} or a plain {@link RuntimeException}. The exception reaches the caller
 * unchanged, the elements supplied before it stay in the queue, and the slot the fill had claimed
 * for the failed call never holds up the consumers: every other element comes out exactly once,
 * in per-producer order, and the queue goes on working. Multi-producer queues claim a slot before
 * they ask the supplier, so they must give the claim back, or mark it skipped when another
 * producer claimed past it, without allocating (an {@code OutOfMemoryError} may be why it failed).
 */
class CallbackFailureTest {
    private static final String ALL = "org.jcq.queues.QueueRegistry#all";
    private static final int STRIDE = 1 << 24;

    /** How a supplier fails. */
    enum Failure {
        SNEAKY_IO_EXCEPTION(() -> new IOException("supplier fails (checked, thrown sneakily)")),
        OUT_OF_MEMORY(() -> new OutOfMemoryError("supplier fails (simulated)")),
        STACK_OVERFLOW(() -> new StackOverflowError("supplier fails (simulated)")),
        ILLEGAL_STATE(() -> new IllegalStateException("supplier fails"));

        private final java.util.function.Supplier<Throwable> make;

        Failure(java.util.function.Supplier<Throwable> make) {
            this.make = make;
        }

        /** Throws this failure from code that declares no checked exception. */
        RuntimeException raise() {
            throw CallbackFailureTest.<RuntimeException>sneaky(make.get());
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    static Stream<Arguments> allWithEveryFailure() {
        return QueueRegistry.specs().flatMap(spec -> Stream.of(Failure.values()).map(f -> Arguments.of(spec, f)));
    }

    static Stream<Arguments> multiProducerWithHardFailures() {
        return QueueRegistry.specs(QueueSpec::multiProducer).flatMap(spec -> Stream
                .of(Failure.SNEAKY_IO_EXCEPTION, Failure.OUT_OF_MEMORY).map(f -> Arguments.of(spec, f)));
    }

    /** The ways of taking elements out; each must step over a failed fill's slot. */
    enum Take {
        POLL(q -> q.poll()),
        RELAXED_POLL(q -> q.relaxedPoll()),
        PEEK_THEN_POLL(q -> q.peek() == null ? null : q.poll()),
        RELAXED_PEEK_THEN_POLL(q -> q.relaxedPeek() == null ? null : q.poll()),
        DRAIN(q -> {
            final List<Integer> one = new ArrayList<>(1);
            q.drain(one::add, 1);
            return one.isEmpty() ? null : one.get(0);
        });

        private final Function<MessagePassingQueue<Integer>, Integer> take;

        Take(Function<MessagePassingQueue<Integer>, Integer> take) {
            this.take = take;
        }
    }

    /**
     * A {@code drain} whose consumer throws (anything) has handed over one element, which counts
     * as taken; the rest stay in the queue, in order, and the queue goes on working.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("allWithEveryFailure")
    void drainConsumerFailureLosesOnlyTheElementItWasHanded(QueueSpec spec, Failure failure) {
        final MessagePassingQueue<Integer> q = spec.create(16);
        for (int i = 0; i < 6; i++) {
            assertTrue(q.offer(i));
        }
        final List<Integer> handed = new ArrayList<>();
        final Throwable thrown = catchThrowable(() -> q.drain(e -> {
            handed.add(e);
            if (e == 2) {
                throw failure.raise();
            }
        }, 6));
        assertSame(failure.make.get().getClass(), thrown.getClass(), "what drain threw");
        assertEquals(List.of(0, 1, 2), handed);
        assertEquals(List.of(3, 4, 5), takeAll(q, Take.POLL, 3));
        assertEmptyAndWorking(q, "after the failed drain");
    }

    /**
     * The case a new user tried: offer 1; a fill whose supplier returns two elements and then
     * throws; offer 2; poll. With a checked exception thrown sneakily the multi-producer queues
     * used to leave the third claim unwritten, and poll spun on it forever.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("allWithEveryFailure")
    void supplierFailureKeepsEarlierElementsAndLeavesNoStuckSlot(QueueSpec spec, Failure failure) {
        for (final Take take : Take.values()) {
            final MessagePassingQueue<Integer> q = spec.create(16);
            assertTrue(q.offer(1));
            final int[] calls = {0};
            final Throwable thrown = catchThrowable(() -> q.fill(() -> {
                if (calls[0] == 2) {
                    throw failure.raise();
                }
                return 100 + calls[0]++;
            }, 8));
            assertSame(failure.make.get().getClass(), thrown.getClass(), "what fill threw, " + take);
            assertTrue(q.offer(2));
            assertEquals(List.of(1, 100, 101, 2), QueueSanityTest.contents(q), "iterator, " + take);
            assertEquals(4, q.size(), "size, " + take);
            assertEquals(List.of(1, 100, 101, 2), takeAll(q, take, 4), take.name());
            assertEmptyAndWorking(q, take.name());
        }
    }

    /**
     * As above, but another producer claims past the failed fill's slot before the supplier fails
     * (here the supplier itself offers to the queue, the simplest way to get there), so the claim
     * cannot be withdrawn: consumers must step over it.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("allWithEveryFailure")
    void supplierFailureBehindALaterClaimIsSteppedOver(QueueSpec spec, Failure failure) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        if (!spec.multiProducer()) {
            return; // a single producer's supplier must not offer to the queue it fills
        }
        for (final Take take : Take.values()) {
            final MessagePassingQueue<Integer> q = spec.create(16);
            assertTrue(q.offer(1));
            final int[] calls = {0};
            final Throwable thrown = catchThrowable(() -> q.fill(() -> {
                if (calls[0] == 2) {
                    assertTrue(q.offer(3));
                    throw failure.raise();
                }
                return 100 + calls[0]++;
            }, 8));
            assertSame(failure.make.get().getClass(), thrown.getClass(), "what fill threw, " + take);
            assertTrue(q.offer(2));
            // The linked-node queue appends a fill's elements as one chain, after the 3.
            final List<Integer> expected = q instanceof BaseLinkedQueue
                    ? List.of(1, 3, 100, 101, 2) : List.of(1, 100, 101, 3, 2);
            assertEquals(expected, QueueSanityTest.contents(q), "iterator, " + take);
            assertEquals(expected, takeAll(q, take, expected.size()), take.name());
            assertEmptyAndWorking(q, take.name());
        }
    }

    /**
     * Several producers offer while another fills with a supplier that fails now and then (a
     * sneaky {@link IOException}, or an {@link OutOfMemoryError}), then a last element is offered:
     * the consumers take every element that was offered or supplied, exactly once, each consumer in
     * per-producer order, and the queue is empty and working afterwards. The consumers use
     * {@code poll()}, which would wait forever on a slot left claimed and unwritten; the race's
     * stall limit turns that into a failure within seconds.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("multiProducerWithHardFailures")
    void failingFillsAmongRacingProducersLoseAndDuplicateNothing(QueueSpec spec, Failure failure) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final int offersPerProducer = 20_000;
        final int offerers = 2;
        final int consumers = spec.multiConsumer() ? 2 : 1;
        final int marker = -1;
        final MessagePassingQueue<Integer> q = spec.create(16);
        final List<List<Integer>> taken = new ArrayList<>();
        for (int i = 0; i < consumers; i++) {
            taken.add(Collections.synchronizedList(new ArrayList<>()));
        }
        final List<Integer> supplied = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger failures = new AtomicInteger();
        final AtomicInteger consumed = new AtomicInteger();
        final AtomicBoolean markerTaken = new AtomicBoolean();
        final CountDownLatch producersDone = new CountDownLatch(offerers + 1);
        final Race race = new Race().stallLimit(Duration.ofSeconds(2))
                .watching(consumed::get, () -> spec.name() + ": consumed " + consumed.get() + ", fill failures " + failures.get());
        for (int p = 0; p < offerers; p++) {
            final int producer = p;
            race.thread("offerer-" + p, () -> {
                for (int i = 0; i < offersPerProducer; i++) {
                    while (!q.offer(producer * STRIDE + i)) {
                        race.idle();
                    }
                }
                producersDone.countDown();
            });
        }
        final int filler = offerers;
        race.thread("filler", () -> {
            final int[] next = {0};
            final Supplier<Integer> s = () -> {
                if (next[0] % 3 == 2 && failures.get() < offersPerProducer / 4) {
                    next[0]++;
                    throw failure.raise();
                }
                final Integer e = filler * STRIDE + next[0]++;
                supplied.add(e);
                return e;
            };
            while (next[0] < offersPerProducer) {
                try {
                    if (q.fill(s, 4) == 0) {
                        race.idle();
                    }
                } catch (Throwable t) {
                    if (t.getClass() != failure.make.get().getClass()) {
                        throw t;
                    }
                    failures.incrementAndGet();
                }
            }
            producersDone.countDown();
            producersDone.await();
            while (!q.offer(marker)) {
                race.idle();
            }
        });
        for (int c = 0; c < consumers; c++) {
            final List<Integer> mine = taken.get(c);
            race.thread("consumer-" + c, () -> {
                while (!markerTaken.get()) {
                    final Integer e = q.poll();
                    if (e == null) {
                        race.idle();
                    } else if (e == marker) {
                        markerTaken.set(true);
                    } else {
                        mine.add(e);
                        consumed.incrementAndGet();
                    }
                }
            });
        }
        race.run();

        assertTrue(failures.get() > 0, "the supplier never failed");
        final List<List<Integer>> expected = new ArrayList<>();
        for (int p = 0; p < offerers; p++) {
            final List<Integer> all = new ArrayList<>();
            for (int i = 0; i < offersPerProducer; i++) {
                all.add(p * STRIDE + i);
            }
            expected.add(all);
        }
        expected.add(new ArrayList<>(supplied));
        final List<List<Integer>> got = new ArrayList<>();
        for (int p = 0; p <= offerers; p++) {
            got.add(new ArrayList<>());
        }
        for (final List<Integer> mine : taken) {
            final int[] last = new int[offerers + 1];
            java.util.Arrays.fill(last, -1);
            for (final int e : mine) {
                final int producer = e / STRIDE;
                final int sequence = e % STRIDE;
                assertTrue(sequence > last[producer], "out of order for producer " + producer + ": " + sequence
                        + " after " + last[producer]);
                last[producer] = sequence;
                got.get(producer).add(e);
            }
        }
        for (int p = 0; p <= offerers; p++) {
            Collections.sort(got.get(p));
            assertEquals(expected.get(p), got.get(p), "elements of producer " + p + " (lost or duplicated)");
        }
        assertEmptyAndWorking(q, "after the race");
    }

    static Throwable catchThrowable(Runnable r) {
        try {
            r.run();
        } catch (Throwable t) {
            return t;
        }
        return fail("nothing thrown");
    }

    /**
     * Takes {@code count} elements with {@code take}; a relaxed form may come back empty-handed a
     * few times, but a stuck slot makes it do so for good, which fails here instead of hanging.
     * The waiting forms run under a preemptive time-out for the same reason.
     */
    private static List<Integer> takeAll(MessagePassingQueue<Integer> q, Take take, int count) {
        return assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            final List<Integer> got = new ArrayList<>();
            for (int misses = 0; got.size() < count && misses < 1_000; ) {
                final Integer e = take.take.apply(q);
                if (e == null) {
                    misses++;
                } else {
                    got.add(e);
                }
            }
            return got;
        }, () -> take + " waits on a slot that is never written");
    }

    private static void assertEmptyAndWorking(MessagePassingQueue<Integer> q, String where) {
        QueueSanityTest.assertEmpty(q, where);
        for (int i = 0; i < 40; i++) {
            assertTrue(q.offer(i), where);
            assertEquals(i, q.poll(), where);
        }
        assertTrue(q.isEmpty(), "isEmpty after reuse " + where);
    }
}
