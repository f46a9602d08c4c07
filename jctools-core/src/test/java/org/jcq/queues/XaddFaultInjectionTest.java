package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The XADD queues when allocating a chunk fails ({@link InjectedFailure}: an
 * {@link OutOfMemoryError}, a {@link StackOverflowError}, an exception), through the package-private
 * allocation hook {@link MpUnboundedXaddArrayQueue#newBuffer}. A producer has claimed its index
 * before it appends the chunk; when its append fails, its offer throws, its element is not in the
 * queue, and consumers pass its index. Whatever fails, the append lock is released, the elements
 * of every offer that returned are delivered exactly once and in each producer's order, and the
 * queue keeps working. A consumer's own append (MPSC poll, MPMC poll and peek) fails with nothing
 * claimed.
 */
class XaddFaultInjectionTest {
    /** Elements of the races are {@code producer * STRIDE + sequence}. */
    private static final int STRIDE = 1 << 24;
    /** Warm-up rounds of the allocation test; the last one is measured. */
    private static final int ALLOCATION_ROUNDS = 10;
    /**
     * Bytes the 2,000 measured operations may allocate in all: what the VM's own work (a
     * compilation, a deoptimization) may allocate on the thread; one object per operation would
     * be 32,000 or more.
     */
    private static final long ALLOCATION_SLACK = 4096;
    /** Single-threaded steps that would spin for ever on a broken queue fail after this. */
    private static final Duration STEP_LIMIT = Duration.ofSeconds(20);

    /**
     * One of the queues (the two and their compact editions), with its allocations going through
     * {@code allocator}.
     */
    enum Kind {
        MPSC(false), MPMC(true), MPSC_UNPADDED(false), MPMC_UNPADDED(true);

        final boolean multiConsumer;

        Kind(boolean multiConsumer) {
            this.multiConsumer = multiConsumer;
        }

        MpUnboundedXaddArrayQueue<Integer> create(int chunkSize, int maxPooledChunks, IntFunction<Object[]> allocator) {
            switch (this) {
                case MPSC:
                    return new MpscUnboundedXaddArrayQueue<>(chunkSize, maxPooledChunks) {
                        @Override
                        Object[] newBuffer(int length) {
                            return allocator.apply(length);
                        }
                    };
                case MPMC:
                    return new MpmcUnboundedXaddArrayQueue<>(chunkSize, maxPooledChunks) {
                        @Override
                        Object[] newBuffer(int length) {
                            return allocator.apply(length);
                        }
                    };
                case MPSC_UNPADDED:
                    return new MpscUnboundedXaddUnpaddedArrayQueue<>(chunkSize, maxPooledChunks) {
                        @Override
                        Object[] newBuffer(int length) {
                            return allocator.apply(length);
                        }
                    };
                default:
                    return new MpmcUnboundedXaddUnpaddedArrayQueue<>(chunkSize, maxPooledChunks) {
                        @Override
                        Object[] newBuffer(int length) {
                            return allocator.apply(length);
                        }
                    };
            }
        }
    }

    /** How a test takes the elements out of the queue. */
    enum Take {
        POLL, RELAXED_POLL, PEEK_THEN_POLL, RELAXED_PEEK_THEN_RELAXED_POLL, DRAIN;

        /** The next element, or null; peeks (when it does) must agree with the take. */
        Integer next(MpUnboundedXaddArrayQueue<Integer> q) {
            switch (this) {
                case POLL:
                    return q.poll();
                case RELAXED_POLL:
                    return q.relaxedPoll();
                case PEEK_THEN_POLL: {
                    final Integer peeked = q.peek();
                    final Integer polled = q.poll();
                    assertEquals(peeked, polled, "poll after peek");
                    return polled;
                }
                case RELAXED_PEEK_THEN_RELAXED_POLL: {
                    final Integer peeked = q.relaxedPeek();
                    final Integer polled = q.relaxedPoll();
                    assertEquals(peeked, polled, "relaxedPoll after relaxedPeek");
                    return polled;
                }
                default: {
                    final Integer[] got = new Integer[1];
                    final int n = q.drain(e -> got[0] = e, 1);
                    assertEquals(n == 0, got[0] == null, "drain's count");
                    return got[0];
                }
            }
        }
    }

    static Stream<Arguments> kindsFailuresAndTakes() {
        return Stream.of(Kind.values()).flatMap(k -> Stream.of(InjectedFailure.values())
                .flatMap(f -> Stream.of(Take.values()).map(t -> Arguments.of(k, f, t))));
    }

    static Stream<Arguments> kindsAndFailures() {
        return Stream.of(Kind.values()).flatMap(k -> Stream.of(InjectedFailure.values()).map(f -> Arguments.of(k, f)));
    }

    // ---------------------------------------------------------------------------------------------
    // One thread

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("kindsFailuresAndTakes")
    void offersWhoseAppendFailsThrowAndTheirIndicesArePassed(Kind kind, InjectedFailure failure, Take take) {
        // Chunks of 2. Offers 0 and 1 fill chunk 0. Then 1 to 3 offers in a row fail to append:
        // index 2 (chunk 1's first), 3 (chunk 1's second), 4 (chunk 2's first, whose appender must
        // first append chunk 1). Later offers append the chunks; every index that failed is passed.
        for (int failures = 1; failures <= 3; failures++) {
            final String where = kind + " " + failure + " " + take + ", " + failures + " failed offers";
            final AtomicInteger failuresLeft = new AtomicInteger();
            final MpUnboundedXaddArrayQueue<Integer> q = kind.create(2, 0,
                    failure.allocator(() -> failuresLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0));
            assertTrue(q.offer(0));
            assertTrue(q.offer(1));
            failuresLeft.set(failures);
            for (int i = 0; i < failures; i++) {
                final int e = -1 - i;
                assertThrows(failure.type(), () -> q.offer(e), where + ": offer " + e);
                assertEquals(0, q.laProducerChunkIndex(), where + ": append lock not released");
            }
            assertEquals(failures, q.laSkipsPending(), where + ": abandoned indices counted");
            final List<Integer> expected = new ArrayList<>(List.of(0, 1));
            for (int e = 2; e < 6; e++) {
                final int element = e;
                assertTimeoutPreemptively(STEP_LIMIT, () -> assertTrue(q.offer(element)), where + ": offer " + e);
                expected.add(e);
            }
            // Not invariant: size counts the failed offers' indices until consumers pass them.
            assertEquals(expected.size() + failures, q.size(), where + ": size");
            assertFalse(q.isEmpty(), where);
            assertEquals(expected, contents(q), where + ": iterator");
            assertTimeoutPreemptively(STEP_LIMIT, () -> assertEquals(expected, takeAll(q, take, expected.size())),
                    where);
            assertEquals(0, q.laSkipsPending(), where + ": abandoned indices left uncounted");
            assertEmpty(q, where);
            assertKeepsWorking(q, 100, where);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("kindsAndFailures")
    void failedOfferAtTheTailIsPassedByAStrictPollAndByRelaxedPollsOnceLaterOffersArrive(Kind kind,
            InjectedFailure failure) {
        // The failed offer's index 2 is the last one claimed, and its chunk is not appended. A
        // strict poll appends that chunk itself and passes the index; a relaxed poll, which never
        // waits, returns null until a later offer appends the chunk.
        final AtomicBoolean failing = new AtomicBoolean();
        for (boolean strict : new boolean[] {true, false}) {
            final String where = kind + " " + failure + (strict ? " poll" : " relaxedPoll");
            final MpUnboundedXaddArrayQueue<Integer> q = kind.create(2, 0, failure.allocator(failing::get));
            assertTrue(q.offer(0));
            assertTrue(q.offer(1));
            failing.set(true);
            assertThrows(failure.type(), () -> q.offer(-1), where);
            failing.set(false);
            assertEquals(0, q.laProducerChunkIndex(), where + ": append lock not released");
            assertEquals(List.of(0, 1), contents(q), where + ": iterator");
            assertTimeoutPreemptively(STEP_LIMIT, () -> {
                if (strict) {
                    assertEquals(0, q.poll());
                    assertEquals(1, q.poll());
                    assertNull(q.poll(), where);
                    assertEmpty(q, where);
                } else {
                    assertEquals(0, q.relaxedPoll());
                    assertEquals(1, q.relaxedPoll());
                    assertNull(q.relaxedPoll(), where);
                    assertNull(q.relaxedPeek(), where);
                    // Not invariant: until the index is passed, it still counts.
                    assertEquals(1, q.size(), where);
                    assertFalse(q.isEmpty(), where);
                    assertTrue(q.offer(2));
                    assertEquals(2, q.relaxedPeek(), where);
                    assertEquals(2, q.relaxedPoll(), where);
                    assertEmpty(q, where);
                }
            }, where);
            assertKeepsWorking(q, 100, where);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("kindsAndFailures")
    void consumerWhoseAppendFailsHasClaimedNothing(Kind kind, InjectedFailure failure) {
        // A producer has claimed index 2, the first of chunk 1, and is slow: it has not appended
        // chunk 1 (the test claims the index itself). A strict poll (and peek) waiting for that
        // index appends chunk 1; here that allocation fails. The consumer must not have claimed
        // index 2 (an MPMC consumer used to claim it first, then rotate, and a failure left every
        // consumer waiting for a rotation that never ended), and the append lock must be free.
        final AtomicBoolean failing = new AtomicBoolean();
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(2, 0, failure.allocator(failing::get));
        assertTrue(q.offer(0));
        assertTrue(q.offer(1));
        assertEquals(0, q.poll());
        assertEquals(1, q.poll());
        final long claimed = q.xaddProducerIndex(1);
        assertEquals(2, claimed);
        failing.set(true);
        assertThrows(failure.type(), q::poll, "poll that must append");
        assertEquals(2, q.laConsumerIndex(), "the failed poll claimed the index");
        assertEquals(0, q.laProducerChunkIndex(), "append lock not released");
        assertThrows(failure.type(), q::peek, "peek that must append");
        assertEquals(2, q.laConsumerIndex(), "the failed peek claimed the index");
        assertEquals(0, q.laProducerChunkIndex(), "append lock not released");
        assertNull(q.relaxedPoll(), "claimed, not published: relaxedPoll does not wait");
        failing.set(false);
        assertTimeoutPreemptively(STEP_LIMIT, () -> {
            // Another producer appends chunk 1 for its own index; then the slow one publishes.
            assertTrue(q.offer(3));
            final MpUnboundedXaddChunk<Integer> chunk = q.laProducerChunk();
            assertEquals(1, chunk.laIndex());
            chunk.publish(0, 1, 2);
            assertEquals(2, q.peek());
            assertEquals(2, q.poll());
            assertEquals(3, q.poll());
            assertEmpty(q, kind + " " + failure);
        });
        assertKeepsWorking(q, 100, kind + " " + failure);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("kindsAndFailures")
    void appendFailingPartWayKeepsTheChunksAppendedBeforeTheFailure(Kind kind, InjectedFailure failure) {
        // Chunks of 2. Indices 2 and 3 (chunk 1) are claimed by slow producers (the test claims
        // them); the offer of index 4 must append chunks 1 and 2: chunk 1's allocation succeeds,
        // chunk 2's fails. Chunk 1 stays appended (the lock is released at it), so the slow
        // producers can publish there; index 4 is abandoned; offer 5 appends chunk 2.
        final AtomicInteger calls = new AtomicInteger();
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(2, 0,
                failure.allocator(() -> calls.incrementAndGet() == 2));
        assertTrue(q.offer(0));
        assertTrue(q.offer(1));
        assertEquals(2, q.xaddProducerIndex(2), "the slow producers' claims");
        assertThrows(failure.type(), () -> q.offer(-1), "index 4's offer");
        assertEquals(2, calls.get(), "allocations: chunk 1's, then chunk 2's");
        assertEquals(1, q.laProducerChunkIndex(), "lock released at the last chunk appended");
        final MpUnboundedXaddChunk<Integer> chunk1 = q.laProducerChunk();
        assertEquals(1, chunk1.laIndex());
        assertEquals(chunk1, q.laConsumerChunk().laNext(), "chunk 1 linked after chunk 0");
        chunk1.publish(0, 1, 2);
        chunk1.publish(1, 1, 3);
        assertTimeoutPreemptively(STEP_LIMIT, () -> {
            assertTrue(q.offer(5));
            assertEquals(List.of(0, 1, 2, 3, 5), contents(q));
            assertEquals(List.of(0, 1, 2, 3, 5), takeAll(q, Take.POLL, 5));
            assertEmpty(q, kind + " " + failure);
        });
        assertKeepsWorking(q, 100, kind + " " + failure);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.XaddFaultInjectionTest#kinds")
    void onlyAnAbandonedIndexIsTakenForOne(Kind kind) {
        // Index 2 is claimed by a slow producer (the test claims it), index 3 by an offer whose
        // append fails, so 3 is abandoned; offer 4 then appends chunks 1 and 2. Consumers tell an
        // abandoned index from a slow one by counting the unpublished indices up to the last
        // abandoned one: index 3 is abandoned, index 2 is not, before and after it is published.
        // (Counting without first seeing the index itself unpublished took index 2, published
        // between the consumer's two looks, for an abandoned one: a stress run lost its element.)
        final AtomicBoolean failing = new AtomicBoolean();
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(2, 0,
                InjectedFailure.RUNTIME_EXCEPTION.allocator(failing::get));
        assertTrue(q.offer(0));
        assertTrue(q.offer(1));
        assertEquals(2, q.xaddProducerIndex(1), "the slow producer's claim");
        failing.set(true);
        assertThrows(IllegalStateException.class, () -> q.offer(-1), "index 3's offer");
        failing.set(false);
        assertTimeoutPreemptively(STEP_LIMIT, () -> assertTrue(q.offer(4)));
        assertEquals(0, q.poll());
        assertEquals(1, q.poll());
        final MpUnboundedXaddChunk<Integer> chunk = q.laConsumerChunk().laNext();
        assertEquals(1, chunk.laIndex());
        assertFalse(q.abandoned(chunk, 2), "the slow producer's index, unpublished");
        assertTrue(q.abandoned(chunk, 3), "the failed offer's index");
        assertNull(q.relaxedPoll(), "index 2 is not published yet");
        chunk.publish(0, 1, 2);
        assertFalse(q.abandoned(chunk, 2), "the slow producer's index, published");
        assertTimeoutPreemptively(STEP_LIMIT, () -> {
            assertEquals(2, q.poll());
            assertEquals(4, q.poll(), "index 3 passed");
            assertEmpty(q, kind.toString());
        });
    }

    static Stream<Kind> kinds() {
        return Stream.of(Kind.values());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.XaddFaultInjectionTest#kinds")
    void failedOffersAndPassingTheirIndicesAllocateNothing(Kind kind) {
        // The failure paths must not need memory: an offer whose append fails (with an error made
        // in advance) and the poll that passes its index allocate no bytes, once warmed up.
        final ZeroAllocationTest.AllocationCounter counter = ZeroAllocationTest.AllocationCounter.find();
        assumeTrue(counter != null, "per-thread allocation measurement unsupported");
        final OutOfMemoryError error = new OutOfMemoryError("injected");
        final AtomicBoolean failing = new AtomicBoolean();
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(1, 0, length -> {
            if (failing.get()) {
                throw error;
            }
            return new Object[length];
        });
        final Integer lost = -1;
        final Integer kept = 1;
        // Index 0 is in the first chunk; every later index needs a chunk of its own.
        assertTrue(q.offer(kept));
        assertEquals(kept, q.poll());
        // Bytes allocated by the failed offers and by the polls, in the last round; measured on the
        // thread that runs the rounds (a thread of its own, so that a broken queue fails the test).
        final long[] allocated = new long[2];
        assertTimeoutPreemptively(STEP_LIMIT, () -> {
            for (int round = 0; round < ALLOCATION_ROUNDS; round++) {
                long failedOffers = 0;
                long polls = 0;
                for (int i = 0; i < 2_000; i++) {
                    failing.set(true);
                    long before = counter.currentThreadAllocatedBytes();
                    try {
                        q.offer(lost);
                        fail("the offer's append did not fail");
                    } catch (OutOfMemoryError expected) {
                        failedOffers += counter.currentThreadAllocatedBytes() - before;
                    }
                    failing.set(false);
                    // Appends the failed index's chunk (an allocation of its own, not counted).
                    q.offer(kept);
                    before = counter.currentThreadAllocatedBytes();
                    final Integer polled = q.poll();
                    polls += counter.currentThreadAllocatedBytes() - before;
                    assertEquals(kept, polled);
                }
                allocated[0] = failedOffers;
                allocated[1] = polls;
            }
        }, kind.toString());
        assertTrue(allocated[0] < ALLOCATION_SLACK,
                kind + ": 2,000 failed offers allocated " + allocated[0] + " bytes");
        assertTrue(allocated[1] < ALLOCATION_SLACK,
                kind + ": 2,000 polls past a failed offer's index allocated " + allocated[1] + " bytes");
        assertEmpty(q, kind.toString());
    }

    // ---------------------------------------------------------------------------------------------
    // Races

    static Stream<Arguments> raceCases() {
        return Stream.of(Kind.values()).flatMap(k -> Stream.of(InjectedFailure.values())
                .flatMap(f -> Stream.of(Arguments.of(k, f, 1, 0, 1), Arguments.of(k, f, 4, 2, 1),
                        Arguments.of(k, f, 1, 0, 3), Arguments.of(k, f, 2, 1, 3))));
    }

    @ParameterizedTest(name = "{0} {1} chunk {2} pool {3}, {4} in a row")
    @MethodSource("raceCases")
    void racingOffersSurviveFailedAppendsAndDeliverEveryReturnedOfferOnceInOrder(Kind kind, InjectedFailure failure,
            int chunkSize, int pool, int inARow) {
        // Three producers and one (MPSC) or two (MPMC) consumers, the consumers crossing chunks
        // (and, in MPMC, taking turns) all the while. Allocation 3 fails, and every 97th, each
        // with the next inARow - 1 (so several appends in a row fail, and several indices are
        // abandoned before a consumer passes the first), whoever makes it: a producer, whose offer
        // throws (it goes on with its next element), or a consumer appending for a slow producer,
        // whose poll throws (it polls again). Every element whose offer returned must arrive
        // exactly once, in its producer's order; none whose offer threw may arrive.
        final AtomicInteger allocations = new AtomicInteger();
        final AtomicInteger failures = new AtomicInteger();
        // Disarmed after the race: an OutOfMemoryError reaching JUnit would abort the whole run.
        final AtomicBoolean armed = new AtomicBoolean(true);
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(chunkSize, pool, failure.allocator(() -> {
            if (!armed.get()) {
                return false;
            }
            final int n = allocations.incrementAndGet();
            final boolean fail = (n >= 3 && n < 3 + inARow) || n % 97 < inARow;
            if (fail) {
                failures.incrementAndGet();
            }
            return fail;
        }));
        final int producers = 3;
        final int consumers = kind.multiConsumer ? 2 : 1;
        final int perProducer = 4_000;
        final AtomicLong offered = new AtomicLong();
        final AtomicLong consumed = new AtomicLong();
        final AtomicInteger producersDone = new AtomicInteger();
        final AtomicInteger consumerFailures = new AtomicInteger();
        final BitSet[] failed = new BitSet[producers];
        final BitSet[][] seen = new BitSet[consumers][producers];
        final Race race = new Race().watching(consumed::get, () -> kind + " " + failure + " chunk " + chunkSize
                + " pool " + pool + ", " + inARow + " in a row: producers done " + producersDone.get() + ", offered " + offered.get()
                + ", consumed " + consumed.get() + ", failures " + failures.get() + ", size " + q.size());
        for (int p = 0; p < producers; p++) {
            final int base = p * STRIDE;
            final BitSet mine = failed[p] = new BitSet();
            race.thread("producer-" + p, () -> {
                for (int i = 0; i < perProducer; i++) {
                    if (offerOrFail(q, base + i, failure)) {
                        offered.incrementAndGet();
                    } else {
                        mine.set(i);
                    }
                    if ((i & 255) == 0) {
                        race.checkRunning();
                    }
                }
                producersDone.incrementAndGet();
            });
        }
        for (int c = 0; c < consumers; c++) {
            final BitSet[] mine = seen[c];
            for (int p = 0; p < producers; p++) {
                mine[p] = new BitSet();
            }
            final int id = c;
            race.thread("consumer-" + c, () -> {
                final int[] last = new int[producers];
                Arrays.fill(last, -1);
                final MessagePassingQueue.Consumer<Integer> check = e -> {
                    final int producer = e / STRIDE;
                    final int sequence = e % STRIDE;
                    if (sequence <= last[producer]) {
                        fail("consumer " + id + " got sequence " + sequence + " of producer " + producer + " after "
                                + last[producer]);
                    }
                    last[producer] = sequence;
                    mine[producer].set(sequence);
                    consumed.incrementAndGet();
                };
                for (int round = 0; producersDone.get() < producers || consumed.get() < offered.get(); round++) {
                    final Integer e;
                    try {
                        final int form = (round + id) % 3;
                        if (form == 2) {
                            if (q.drain(check, 5) == 0) {
                                race.idle();
                            }
                            continue;
                        }
                        e = form == 0 ? q.poll() : q.relaxedPoll();
                    } catch (RuntimeException | Error t) {
                        if (!failure.type().isInstance(t)) {
                            throw t;
                        }
                        // This consumer's own append failed; it claimed nothing.
                        consumerFailures.incrementAndGet();
                        continue;
                    }
                    if (e == null) {
                        race.idle();
                    } else {
                        check.accept(e);
                    }
                }
            });
        }
        try {
            race.run();
        } finally {
            armed.set(false);
        }
        assertTrue(failures.get() > 0, "no allocation failed: the race proved nothing");
        int failedOffers = 0;
        for (BitSet f : failed) {
            failedOffers += f.cardinality();
        }
        assertEquals(failures.get(), failedOffers + consumerFailures.get(),
                "every failed allocation is thrown by exactly one offer or poll");
        for (int p = 0; p < producers; p++) {
            final BitSet union = new BitSet();
            for (BitSet[] mine : seen) {
                assertFalse(union.intersects(mine[p]), "an element of producer " + p + " was delivered twice");
                union.or(mine[p]);
            }
            final BitSet returned = new BitSet();
            returned.set(0, perProducer);
            returned.andNot(failed[p]);
            assertEquals(returned, union, "producer " + p + ": delivered elements are those whose offer returned");
        }
        assertTimeoutPreemptively(STEP_LIMIT, () -> assertNull(q.poll()));
        assertEmpty(q, kind + " " + failure);
        assertKeepsWorking(q, 50, kind + " " + failure);
    }

    /** Offers {@code e}: true if the offer returned true, false if it threw {@code failure}. */
    private static boolean offerOrFail(MpUnboundedXaddArrayQueue<Integer> q, int e, InjectedFailure failure) {
        final boolean added;
        try {
            added = q.offer(e);
        } catch (RuntimeException | Error t) {
            if (!failure.type().isInstance(t)) {
                throw t;
            }
            return false;
        }
        assertTrue(added, "an unbounded queue's offer returned false");
        return true;
    }

    // ---------------------------------------------------------------------------------------------
    // Helpers

    private static List<Integer> takeAll(MpUnboundedXaddArrayQueue<Integer> q, Take take, int count) {
        final List<Integer> got = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            final Integer e = take.next(q);
            if (e == null) {
                fail(take + " found no element after " + got + " (all " + count + " were published)");
            }
            got.add(e);
        }
        assertNull(take.next(q), take + " after the last element");
        return got;
    }

    private static List<Integer> contents(MpUnboundedXaddArrayQueue<Integer> q) {
        final List<Integer> list = new ArrayList<>();
        q.iterator().forEachRemaining(list::add);
        return list;
    }

    private static void assertEmpty(MpUnboundedXaddArrayQueue<Integer> q, String where) {
        assertNull(q.poll(), where);
        assertNull(q.peek(), where);
        assertNull(q.relaxedPoll(), where);
        assertNull(q.relaxedPeek(), where);
        assertEquals(0, q.size(), where + ": size");
        assertTrue(q.isEmpty(), where + ": isEmpty");
        assertEquals(List.of(), contents(q), where + ": iterator");
    }

    /** Offers and polls a few chunks' worth of elements, one burst and one at a time. */
    private static void assertKeepsWorking(MpUnboundedXaddArrayQueue<Integer> q, int n, String where) {
        assertTimeoutPreemptively(STEP_LIMIT, () -> {
            for (int i = 0; i < n; i++) {
                assertTrue(q.offer(i));
            }
            for (int i = 0; i < n; i++) {
                assertEquals(i, q.poll(), where + ": after the failure");
            }
            for (int i = 0; i < n; i++) {
                assertTrue(q.offer(i));
                assertEquals(i, q.relaxedPoll(), where + ": after the failure");
            }
            assertNull(q.poll(), where);
        }, where);
    }
}
