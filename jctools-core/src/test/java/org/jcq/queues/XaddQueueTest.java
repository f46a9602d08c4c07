package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * White-box tests of the XADD queues ({@link MpscUnboundedXaddArrayQueue},
 * {@link MpmcUnboundedXaddArrayQueue} and their compact editions): chunk boundaries, chunk reuse from the pool, the pool's
 * bound, the footprint of a drained queue, argument checks, and races on tiny chunks where chunks
 * are appended and reused all the time.
 */
class XaddQueueTest {
    /** Elements of the races are {@code producer * STRIDE + sequence}. */
    private static final int STRIDE = 1 << 24;

    /** One of the queues (the two and their compact editions), built from a chunk size and a pool size. */
    enum Kind {
        MPSC(MpscUnboundedXaddArrayQueue::new, MpscUnboundedXaddArrayQueue::new, false),
        MPMC(MpmcUnboundedXaddArrayQueue::new, MpmcUnboundedXaddArrayQueue::new, true),
        MPSC_UNPADDED(MpscUnboundedXaddUnpaddedArrayQueue::new, MpscUnboundedXaddUnpaddedArrayQueue::new, false),
        MPMC_UNPADDED(MpmcUnboundedXaddUnpaddedArrayQueue::new, MpmcUnboundedXaddUnpaddedArrayQueue::new, true);

        private final BiFunction<Integer, Integer, MpUnboundedXaddArrayQueue<Integer>> factory;
        /** The constructor without a pool size. */
        private final IntFunction<MpUnboundedXaddArrayQueue<Integer>> byDefault;
        final boolean multiConsumer;

        Kind(BiFunction<Integer, Integer, MpUnboundedXaddArrayQueue<Integer>> factory,
                IntFunction<MpUnboundedXaddArrayQueue<Integer>> byDefault, boolean multiConsumer) {
            this.factory = factory;
            this.byDefault = byDefault;
            this.multiConsumer = multiConsumer;
        }

        MpUnboundedXaddArrayQueue<Integer> create(int chunkSize, int maxPooledChunks) {
            return factory.apply(chunkSize, maxPooledChunks);
        }

        MpUnboundedXaddArrayQueue<Integer> create(int chunkSize) {
            return byDefault.apply(chunkSize);
        }
    }

    static Stream<Arguments> kindsAndPools() {
        return Stream.of(Kind.values()).flatMap(k -> Stream.of(0, 1, 2, 5).map(pool -> Arguments.of(k, pool)));
    }

    static Stream<Arguments> kindsChunksAndPools() {
        return Stream.of(Kind.values())
                .flatMap(k -> Stream.of(1, 2, 4).flatMap(c -> Stream.of(0, 2).map(pool -> Arguments.of(k, c, pool))));
    }

    // ---------------------------------------------------------------------------------------------
    // Construction

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.XaddQueueTest#kinds")
    void chunkSizeIsRoundedUpToAPowerOfTwoAndCapacityIsUnbounded(Kind kind) {
        final int[][] requestedAndRounded = {{1, 1}, {2, 2}, {3, 4}, {5, 8}, {1000, 1024}, {1024, 1024}, {1025, 2048}};
        for (int[] pair : requestedAndRounded) {
            final MpUnboundedXaddArrayQueue<Integer> q = kind.create(pair[0], 3);
            assertEquals(pair[1], q.chunkSize(), "chunk size for " + pair[0]);
            assertEquals(3, q.maxPooledChunks());
            assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, q.capacity());
        }
        final MpUnboundedXaddArrayQueue<Integer> byDefault = kind.create(16);
        assertEquals(2, byDefault.maxPooledChunks(), "JCTools' default pool size");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.XaddQueueTest#kinds")
    void outOfRangeArgumentsAreRejectedNamingThem(Kind kind) {
        for (int bad : new int[] {-1, Integer.MIN_VALUE, (1 << 30) + 1, Integer.MAX_VALUE}) {
            assertRejected("chunkSize", bad, () -> kind.create(bad, 2));
        }
        // As JCTools: a chunk size of 0 is taken as 1.
        assertEquals(1, kind.create(0, 2).chunkSize());
        for (int bad : new int[] {-1, Integer.MIN_VALUE, (1 << 30) + 1, Integer.MAX_VALUE}) {
            assertRejected("maxPooledChunks", bad, () -> kind.create(8, bad));
        }
    }

    static Stream<Kind> kinds() {
        return Stream.of(Kind.values());
    }

    private static void assertRejected(String name, int value, Runnable construction) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, construction::run,
                name + " " + value);
        final String message = String.valueOf(e.getMessage());
        assertTrue(message.contains(name) && message.contains(String.valueOf(value)),
                "message should name " + name + " and " + value + ": " + message);
    }

    // ---------------------------------------------------------------------------------------------
    // Chunk boundaries

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.XaddQueueTest#kinds")
    void everyMethodWorksAcrossChunkBoundariesAtEveryOffset(Kind kind) {
        for (int chunkSize : new int[] {1, 2, 4, 8}) {
            for (int pool : new int[] {0, 2}) {
                for (int start = 0; start < chunkSize; start++) {
                    for (int length = 1; length <= 3 * chunkSize + 1; length++) {
                        crossBoundaries(kind.create(chunkSize, pool), start, length,
                                kind + " chunk " + chunkSize + " pool " + pool + " start " + start + " length " + length);
                    }
                }
            }
        }
    }

    /** Moves the indices to {@code start}, then runs {@code length} elements through every method. */
    private static void crossBoundaries(MpUnboundedXaddArrayQueue<Integer> q, int start, int length, String where) {
        for (int i = 0; i < start; i++) {
            assertTrue(q.offer(-1));
            assertEquals(-1, q.poll());
        }
        for (int round = 0; round < 4; round++) {
            final int base = 1000 * round;
            // Producers: offer, relaxedOffer and fill in turn.
            for (int i = 0; i < length; i++) {
                final int e = base + i;
                switch (i % 3) {
                    case 0:
                        assertTrue(q.offer(e), where);
                        break;
                    case 1:
                        assertTrue(q.relaxedOffer(e), where);
                        break;
                    default:
                        assertEquals(1, q.fill(() -> e, 1), where);
                        break;
                }
                assertEquals(i + 1, q.size(), where);
            }
            final List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                expected.add(base + i);
            }
            final List<Integer> walked = new ArrayList<>();
            q.iterator().forEachRemaining(walked::add);
            assertEquals(expected, walked, "iterator, " + where);
            // Consumers: a different mix each round, peeking before each take.
            for (int i = 0; i < length; i++) {
                final Integer head = base + i;
                assertEquals(head, q.peek(), where);
                assertEquals(head, q.relaxedPeek(), where);
                final int form = (i + round) % 4;
                if (form == 0) {
                    assertEquals(head, q.poll(), where);
                } else if (form == 1) {
                    assertEquals(head, q.relaxedPoll(), where);
                } else if (form == 2) {
                    final List<Integer> drained = new ArrayList<>();
                    assertEquals(1, q.drain(drained::add, 1), where);
                    assertEquals(List.of(head), drained, where);
                } else {
                    final int[] seen = {-1};
                    assertEquals(1, q.drain(e -> seen[0] = e, 1), where);
                    assertEquals(head, seen[0], where);
                }
            }
            assertNull(q.poll(), where);
            assertNull(q.peek(), where);
            assertNull(q.relaxedPoll(), where);
            assertNull(q.relaxedPeek(), where);
            assertTrue(q.isEmpty(), where);
            assertEquals(0, q.size(), where);
            assertFalse(q.iterator().hasNext(), where);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // The pool

    @ParameterizedTest(name = "{0} pool {1}")
    @MethodSource("kindsAndPools")
    void warmQueueReusesPooledChunksInsteadOfAllocating(Kind kind, int pool) {
        // A backlog of pool chunks' worth needs at most pool + 1 chunks at once: the one the
        // consumer has not left yet (it moves on when it takes the next chunk's first index) and
        // those the backlog spans.
        final int chunkSize = 4;
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(chunkSize, pool);
        final Set<MpUnboundedXaddChunk<Integer>> warm = Collections.newSetFromMap(new IdentityHashMap<>());
        if (pool == 0) {
            // Nothing is reused: every chunk is new, which the check below would catch.
            backlogCycles(q, chunkSize, 5, warm);
            assertTrue(warm.size() >= 5, "chunks seen without a pool: " + warm.size());
            return;
        }
        final int maxBacklog = pool * chunkSize;
        backlogCycles(q, maxBacklog, 5, warm);
        assertTrue(warm.size() <= pool + 1, "chunks in circulation " + warm.size() + " > pool " + pool + " + 1");
        final Set<MpUnboundedXaddChunk<Integer>> later = Collections.newSetFromMap(new IdentityHashMap<>());
        backlogCycles(q, maxBacklog, 200, later);
        later.removeAll(warm);
        assertEquals(Set.of(), later, "chunks allocated after warm-up, crossing "
                + (200L * maxBacklog / chunkSize) + " chunk boundaries");
    }

    /** Offers {@code backlog} elements and polls them, {@code cycles} times, noting each chunk used. */
    private static void backlogCycles(MpUnboundedXaddArrayQueue<Integer> q, int backlog, int cycles,
            Set<MpUnboundedXaddChunk<Integer>> seen) {
        int next = 0;
        int expected = 0;
        for (int cycle = 0; cycle < cycles; cycle++) {
            for (int i = 0; i < backlog; i++) {
                assertTrue(q.offer(next++));
                seen.add(q.laProducerChunk());
            }
            for (int i = 0; i < backlog; i++) {
                assertEquals(expected++, q.poll());
                seen.add(q.laConsumerChunk());
            }
        }
    }

    @ParameterizedTest(name = "{0} pool {1}")
    @MethodSource("kindsAndPools")
    void poolNeverHoldsMoreThanMaxPooledChunks(Kind kind, int pool) {
        final int chunkSize = 2;
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(chunkSize, pool);
        int next = 0;
        int expected = 0;
        // Bursts of growing size: each retires more chunks than the pool holds.
        for (int burst = 1; burst <= 12; burst++) {
            for (int i = 0; i < burst * chunkSize; i++) {
                q.offer(next++);
            }
            for (int i = 0; i < burst * chunkSize; i++) {
                assertEquals(expected++, q.poll());
                final int pooled = poolSize(q);
                assertTrue(pooled <= pool, "pool holds " + pooled + " > " + pool);
            }
        }
        assertEquals(pool, poolSize(q), "after bursts of up to 12 chunks the pool is full");
    }

    /** Counts the pool's chunks, checking each one's depth. */
    private static int poolSize(MpUnboundedXaddArrayQueue<Integer> q) {
        int count = 0;
        MpUnboundedXaddChunk<Integer> top = q.laPoolTop();
        final int depth = top == null ? 0 : top.poolDepth;
        for (MpUnboundedXaddChunk<Integer> c = top; c != null; c = c.poolNext) {
            count++;
        }
        assertEquals(count, depth, "the top's depth");
        return count;
    }

    @ParameterizedTest(name = "{0} pool {1}")
    @MethodSource("kindsAndPools")
    void drainedQueueRetainsAtMostOnePlusMaxPooledChunks(Kind kind, int pool) {
        final int chunkSize = 4;
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(chunkSize, pool);
        final int burst = 50 * chunkSize;
        for (int i = 0; i < burst; i++) {
            q.offer(i);
        }
        assertEquals(50, chunksReachable(q), "chunks holding the burst");
        for (int i = 0; i < burst; i++) {
            assertEquals(i, q.poll());
        }
        // The consumer's (and producer's) chunk plus a full pool: no more, and no fewer.
        assertEquals(1 + pool, chunksReachable(q), "chunks retained by the drained queue");
    }

    private static long chunksReachable(Object q) {
        return GraphLayout.parseInstance(q).getClassCounts().count(MpUnboundedXaddChunk.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.XaddQueueTest#kinds")
    void consumedChunksDoNotReferenceLiveOnes(Kind kind) {
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(2, 0);
        for (int i = 0; i < 10; i++) {
            q.offer(i);
        }
        final MpUnboundedXaddChunk<Integer> first = q.laConsumerChunk();
        for (int i = 0; i < 3; i++) {
            assertEquals(i, q.poll());
        }
        final MpUnboundedXaddChunk<Integer> second = q.laConsumerChunk();
        assertFalse(first == second, "the consumer moved to the second chunk");
        assertNull(first.laNext(), "a consumed chunk keeps the live chunks reachable");
        assertNull(second.laPrev(), "the live chunk keeps the consumed one reachable");
        assertNull(first.laElement(0));
        assertNull(first.laElement(1));
        assertNull(second.laElement(0), "taken slot not cleared");
        assertNotNull(second.laElement(1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.XaddQueueTest#kinds")
    void slotClaimedButNotYetClearedInAReusedChunkIsNotTakenAgain(Kind kind) {
        // An MPMC consumer claims an index by CAS, then reads and clears its slot. Stop one right
        // after its CAS (here: the CAS made by hand), let the others retire the chunk and a
        // producer reuse it: the stale element in the uncleared slot must not be taken as the
        // element of the reused chunk's index there (which is not even offered yet).
        org.junit.jupiter.api.Assumptions.assumeTrue(kind.multiConsumer, "one consumer clears every slot it claims");
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(2, 2);
        q.offer(0);
        q.offer(1);
        assertEquals(0, q.poll());
        final MpUnboundedXaddChunk<Integer> reused = q.laConsumerChunk();
        assertTrue(q.casConsumerIndex(1, 2), "the slow consumer's claim of index 1");
        q.offer(2);
        q.offer(3);
        assertEquals(2, q.poll());
        assertEquals(3, q.poll());
        q.offer(4);
        assertSame(reused, q.laProducerChunk(), "chunk 0 reused for chunk 2");
        assertEquals(1, reused.laElement(1), "the slow consumer's element is still in its slot");
        assertEquals(4, q.poll());
        assertEquals(List.of(), contents(q), "iterator");
        assertNull(q.relaxedPeek(), "relaxedPeek found the stale element");
        assertNull(q.peek(), "peek found the stale element");
        assertNull(q.relaxedPoll(), "relaxedPoll took the stale element");
        assertNull(q.poll(), "poll took the stale element");
        assertEquals(0, q.drain(e -> fail("drained the stale element " + e), 4));
        // The slow consumer reads and clears its slot; the reused slot then works as usual.
        reused.soElement(1, null);
        q.offer(5);
        assertEquals(5, q.peek());
        assertEquals(5, q.poll());
        assertNull(q.poll());
    }

    private static List<Integer> contents(MpUnboundedXaddArrayQueue<Integer> q) {
        final List<Integer> list = new ArrayList<>();
        q.iterator().forEachRemaining(list::add);
        return list;
    }

    // ---------------------------------------------------------------------------------------------
    // Races on tiny chunks

    @ParameterizedTest(name = "{0} chunk {1} pool {2}")
    @MethodSource("kindsChunksAndPools")
    void manyProducersAndConsumersOnTinyChunksDeliverEachElementOnceInProducerOrder(Kind kind, int chunkSize,
            int pool) {
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(chunkSize, pool);
        final int producers = 3;
        final int consumers = kind.multiConsumer ? 3 : 1;
        final int perProducer = 15_000;
        final long total = (long) producers * perProducer;
        final AtomicLong consumed = new AtomicLong();
        final AtomicInteger producersDone = new AtomicInteger();
        final BitSet[][] seen = new BitSet[consumers][producers];
        final Race race = new Race().watching(consumed::get, () -> kind + " chunk " + chunkSize + " pool " + pool
                + ": producers done " + producersDone.get() + ", consumed " + consumed.get() + " of " + total
                + ", size " + q.size());
        for (int p = 0; p < producers; p++) {
            final int base = p * STRIDE;
            final int id = p;
            race.thread("producer-" + p, () -> {
                for (int i = 0; i < perProducer; i++) {
                    final int e = base + i;
                    if (id == 0 && (i & 1) == 1) {
                        assertEquals(1, q.fill(() -> e, 1));
                    } else {
                        assertTrue(q.offer(e));
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
                    if (consumers == 1 ? sequence != last[producer] + 1 : sequence <= last[producer]) {
                        fail("consumer " + id + " got sequence " + sequence + " of producer " + producer + " after "
                                + last[producer]);
                    }
                    last[producer] = sequence;
                    mine[producer].set(sequence);
                    consumed.incrementAndGet();
                };
                for (int round = 0; consumed.get() < total; round++) {
                    final int form = (round + id) % 3;
                    if (form == 2) {
                        if (q.drain(check, 7) == 0) {
                            race.idle();
                        }
                        continue;
                    }
                    final Integer e = form == 0 ? q.poll() : q.relaxedPoll();
                    if (e == null) {
                        race.idle();
                    } else {
                        check.accept(e);
                    }
                }
            });
        }
        race.run();
        for (int p = 0; p < producers; p++) {
            final BitSet union = new BitSet();
            for (BitSet[] mine : seen) {
                assertFalse(union.intersects(mine[p]), "an element of producer " + p + " was delivered twice");
                union.or(mine[p]);
            }
            assertEquals(perProducer, union.cardinality(), "elements of producer " + p);
            assertEquals(perProducer, union.nextClearBit(0), "elements of producer " + p);
        }
        assertNull(q.poll());
        assertTrue(q.isEmpty());
    }

    /**
     * An iterator whose chunk is retired under it (consumers moved on) restarts from the consumers'
     * chunk and goes on to the end. Deterministic: the walk holds chunk 0 when the consumer retires
     * it and stops exactly at the new consumer index, the case a walk once took for "the next chunk
     * is not linked yet" and ended early (found by the sanity suite's iterator race).
     */
    @ParameterizedTest(name = "{0} pool {1}")
    @MethodSource("kindsAndPools")
    void iteratorWhoseChunkIsRetiredRestartsFromTheConsumers(Kind kind, int pool) {
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(4, pool);
        for (int i = 0; i < 12; i++) {
            assertTrue(q.offer(i));
        }
        final java.util.Iterator<Integer> it = q.iterator();
        // The walk has found 0 in chunk 0; the consumer then passes 0..4, retiring chunk 0.
        for (int i = 0; i < 5; i++) {
            assertEquals(i, q.poll());
        }
        final List<Integer> walked = new ArrayList<>();
        it.forEachRemaining(walked::add);
        assertEquals(List.of(0, 5, 6, 7, 8, 9, 10, 11), walked);
    }

    @ParameterizedTest(name = "{0} chunk {1} pool {2}")
    @MethodSource("kindsChunksAndPools")
    void peekAndIteratorNeverSeeAnElementOfAReusedChunksLaterLap(Kind kind, int chunkSize, int pool) {
        // One producer offers 0, 1, 2, ...; a consumer polls after peeking; an iterator walks the
        // queue meanwhile. Chunks of 1 to 4 slots are reused every few elements, so a stale read of a
        // reused chunk would show an element out of order or one consumed before the walk began.
        final MpUnboundedXaddArrayQueue<Integer> q = kind.create(chunkSize, pool);
        final int total = 40_000;
        final AtomicInteger offered = new AtomicInteger();
        final AtomicInteger consumed = new AtomicInteger();
        final AtomicLong walks = new AtomicLong();
        final Race race = new Race().watching(consumed::get, () -> kind + " chunk " + chunkSize + " pool " + pool
                + ": offered " + offered.get() + ", consumed " + consumed.get() + ", walks " + walks.get());
        race.thread("producer", () -> {
            for (int i = 0; i < total; i++) {
                assertTrue(q.offer(i));
                offered.set(i + 1);
                if ((i & 255) == 0) {
                    race.checkRunning();
                }
            }
        });
        race.thread("consumer", () -> {
            while (consumed.get() < total) {
                final int expected = consumed.get();
                final Integer peeked = (expected & 1) == 0 ? q.peek() : q.relaxedPeek();
                if (peeked == null) {
                    race.idle();
                    continue;
                }
                assertEquals(expected, peeked, "peek");
                assertSame(peeked, q.poll(), "poll after peek");
                consumed.set(expected + 1);
            }
        });
        race.thread("iterator", () -> {
            // At least one walk: on a busy machine the others may finish before this thread runs.
            do {
                final int consumedBefore = consumed.get();
                int previous = -1;
                for (Integer e : QueueRegistry.asQueue(q)) {
                    final int offeredNow = offered.get();
                    assertTrue(e > previous, "iterator returned " + e + " after " + previous);
                    assertTrue(e >= consumedBefore, "iterator returned " + e + ", consumed before the walk");
                    assertTrue(e <= offeredNow, "iterator returned " + e + " before it was offered");
                    previous = e;
                }
                walks.incrementAndGet();
                race.idle();
            } while (consumed.get() < total);
        });
        race.run();
        assertNull(q.poll());
    }
}
