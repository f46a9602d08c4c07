package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * White-box tests of the MPSC linked-array queues (chunked, unbounded, growable): crossing JUMPs at
 * every ring position, unlinking left chunks, growth to the bound, the window in which a producer
 * links a chunk, failed chunk allocations, and the memory a drained queue keeps. The contract
 * shared with every queue is checked by {@code QueueSanityTest} over the registry.
 */
class MpscLinkedArrayQueueTest {
    /** A queue variant built with a given chunk size (the bound, where there is one, is 64). */
    private record Variant(String name, IntFunction<BaseMpscLinkedArrayQueue<Integer>> withChunk, boolean bounded) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final int BOUND = 64;

    static Stream<Variant> variants() {
        return Stream.of(
                new Variant("chunked", chunk -> new MpscChunkedArrayQueue<>(chunk, BOUND), true),
                new Variant("unbounded", MpscUnboundedArrayQueue::new, false),
                new Variant("growable", chunk -> new MpscGrowableArrayQueue<>(chunk, BOUND), true),
                new Variant("chunked unpadded", chunk -> new MpscChunkedUnpaddedArrayQueue<>(chunk, BOUND), true),
                new Variant("unbounded unpadded", MpscUnboundedUnpaddedArrayQueue::new, false),
                new Variant("growable unpadded", chunk -> new MpscGrowableUnpaddedArrayQueue<>(chunk, BOUND), true));
    }

    static Stream<Arguments> variantsAndTinyChunks() {
        return variants().flatMap(v -> Stream.of(2, 4).map(chunk -> Arguments.of(v, chunk)));
    }

    // ---------------------------------------------------------------------------------------------
    // Crossing chunks, single-threaded

    @ParameterizedTest(name = "{0} chunk {1}")
    @MethodSource("variantsAndTinyChunks")
    void jumpIsCrossedAtEveryOffsetWithinAChunk(Variant variant, int chunk) {
        for (int offset = 0; offset < chunk; offset++) {
            final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(chunk);
            // Move the ring position to offset, without a link (one element at a time).
            for (int i = 0; i < offset; i++) {
                assertTrue(q.offer(-1));
                assertEquals(-1, q.poll());
            }
            final Object[] first = q.lpConsumerBuffer();
            final int burst = 3 * chunk + 1;
            for (int i = 0; i < burst; i++) {
                assertTrue(q.offer(i), "offer " + i + " at offset " + offset);
            }
            assertNotSame(first, q.lpProducerBuffer(), "a burst of " + burst + " must link a chunk");
            assertEquals(burst, q.size());
            for (int i = 0; i < burst; i++) {
                assertEquals(i, q.peek(), "peek at offset " + offset);
                assertEquals(i, q.poll(), "poll at offset " + offset);
            }
            assertEmptyQueue(q);
            assertSame(q.lpProducerBuffer(), q.lpConsumerBuffer(), "consumer ends in the producer chunk");
        }
    }

    @ParameterizedTest(name = "{0} chunk {1}")
    @MethodSource("variantsAndTinyChunks")
    void offersAndPollsAlternateAcrossChunkBoundaries(Variant variant, int chunk) {
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(chunk);
        int next = 0;
        int expected = 0;
        int links = 0;
        for (int backlog = 0; backlog <= 2 * chunk; backlog++) {
            for (int i = 0; i < backlog; i++) {
                assertTrue(q.offer(next++));
            }
            for (int i = 0; i < 5 * chunk; i++) {
                final Object[] before = q.lpConsumerBuffer();
                assertTrue(q.offer(next++));
                assertEquals(expected++, q.poll(), "backlog " + backlog);
                if (q.lpConsumerBuffer() != before) {
                    links++;
                }
            }
            for (int i = 0; i < backlog; i++) {
                assertEquals(expected++, q.poll());
            }
            assertEmptyQueue(q);
        }
        assertTrue(links > 0, "the consumer never crossed a chunk");
    }

    @ParameterizedTest(name = "{0} chunk {1}")
    @MethodSource("variantsAndTinyChunks")
    void relaxedMethodsAndIteratorCrossChunks(Variant variant, int chunk) {
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(chunk);
        final List<Integer> model = new ArrayList<>();
        for (int i = 0; i < 5 * chunk; i++) {
            assertTrue(q.relaxedOffer(i));
            model.add(i);
        }
        for (int taken = 0; taken < 5 * chunk; taken++) {
            assertEquals(model, new ArrayList<>(QueueRegistry.asQueue(q)), "iterator after " + taken + " polls");
            assertEquals(model.get(0), q.relaxedPeek());
            assertEquals(model.remove(0), q.relaxedPoll());
        }
        assertEmptyQueue(q);
    }

    @Test
    void boundedQueuesGrowToTheBoundAndRefusePastIt() {
        final MpscGrowableArrayQueue<Integer> growable = new MpscGrowableArrayQueue<>(2, 16);
        final MpscChunkedArrayQueue<Integer> chunked = new MpscChunkedArrayQueue<>(2, 16);
        for (BaseMpscLinkedArrayQueue<Integer> q : List.of(growable, chunked)) {
            for (int lap = 0; lap < 3; lap++) {
                for (int i = 0; i < 16; i++) {
                    assertTrue(q.offer(i), "offer " + i + " in lap " + lap);
                }
                assertFalse(q.offer(16), "past the bound");
                assertEquals(0, q.fill(() -> fail("supplier called past the bound"), 1));
                assertEquals(16, q.size());
                for (int i = 0; i < 16; i++) {
                    assertEquals(i, q.poll());
                }
                assertEmptyQueue(q);
            }
        }
        // The growable queue doubled up to one chunk of the bound, whose whole ring is used.
        assertEquals(16 + 1, growable.lpProducerBuffer().length);
        assertEquals(2 + 1, chunked.lpProducerBuffer().length);
    }

    @Test
    void growableChunksDoubleUntilTheBound() {
        final MpscGrowableArrayQueue<Integer> q = new MpscGrowableArrayQueue<>(2, 64);
        final List<Integer> lengths = new ArrayList<>();
        lengths.add(q.lpProducerBuffer().length);
        for (int i = 0; i < 64; i++) {
            assertTrue(q.offer(i));
            final int length = q.lpProducerBuffer().length;
            if (length != lengths.get(lengths.size() - 1)) {
                lengths.add(length);
            }
        }
        assertFalse(q.offer(64));
        assertEquals(List.of(3, 5, 9, 17, 33, 65), lengths);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void consumedChunkNoLongerReachesTheLiveOnes(Variant variant) {
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(4);
        final Object[] first = q.lpConsumerBuffer();
        for (int i = 0; i < 6; i++) {
            assertTrue(q.offer(i));
        }
        final Object[] second = q.lpProducerBuffer();
        assertNotSame(first, second);
        assertSame(second, BaseMpscLinkedArrayQueue.linkOf(first), "link before the consumer crossed");
        for (int i = 0; i < 3; i++) {
            assertEquals(i, q.poll());
        }
        assertSame(first, q.lpConsumerBuffer(), "still before the JUMP");
        assertEquals(3, q.poll(), "the first element of the next chunk");
        assertSame(second, q.lpConsumerBuffer());
        assertNull(BaseMpscLinkedArrayQueue.linkOf(first), "the left chunk still links to the live one");
        for (int i = 0; i < first.length - 1; i++) {
            assertTrue(first[i] == null || first[i] == BaseMpscLinkedArrayQueue.JUMP,
                    "left chunk slot " + i + " holds " + first[i]);
        }
        assertFalse(GraphLayout.parseInstance((Object) first).getClasses().contains(Integer.class),
                "the left chunk reaches elements");
    }

    // ---------------------------------------------------------------------------------------------
    // The link window

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void pollDuringALinkReturnsEveryCountedElementAndNullOnlyWhenEmpty(Variant variant) {
        // A producer is paused inside the link (after it set RESIZING, before it linked), by the
        // test allocator. The consumer must get every element already claimed in the old chunk,
        // and, once the old chunk is consumed, see an empty queue in every way (no element is
        // claimed: the paused offer has not claimed its index yet). After the link, the paused
        // offer's element arrives.
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(4);
        final CountDownLatch linking = new CountDownLatch(1);
        final CountDownLatch resume = new CountDownLatch(1);
        final AtomicBoolean checked = new AtomicBoolean();
        q.chunkAllocator = length -> {
            linking.countDown();
            awaitLatch(resume);
            return new Object[length];
        };
        for (int i = 0; i < 3; i++) {
            assertTrue(q.offer(i), "ring of 4 holds 3 before it links");
        }
        final Race race = new Race();
        race.thread("linking producer", () -> assertTrue(q.offer(3)));
        race.thread("consumer", () -> {
            while (linking.getCount() > 0) {
                race.idle();
            }
            try {
                for (int i = 0; i < 3; i++) {
                    assertEquals(3 - i, q.size(), "size mid-link");
                    assertFalse(q.isEmpty(), "isEmpty mid-link with elements in the old chunk");
                    assertEquals(i, q.peek(), "peek mid-link");
                    assertEquals(i, q.poll(), "poll mid-link with elements in the old chunk");
                }
                assertEquals(0, q.size(), "size mid-link, old chunk consumed");
                assertTrue(q.isEmpty(), "isEmpty mid-link, old chunk consumed");
                assertNull(q.peek(), "peek mid-link, old chunk consumed");
                assertNull(q.poll(), "poll mid-link, old chunk consumed");
                assertNull(q.relaxedPoll(), "relaxedPoll mid-link, old chunk consumed");
                checked.set(true);
            } finally {
                resume.countDown();
            }
            Integer e;
            while ((e = q.poll()) == null) {
                race.idle();
            }
            assertEquals(3, e);
        });
        race.run();
        assertTrue(checked.get());
        assertEmptyQueue(q);
    }

    /**
     * Producers that meet a chunk being linked wait for the linking producer, and on virtual
     * threads they park now and then while they do: the linker may be a virtual thread unmounted in
     * a chunk allocator that blocks, and producers spinning on every carrier would keep it from
     * ever running again. Twice as many spinning producers as carriers here; the run fails on its
     * time limit if they keep the carriers. (Their spin once had no such park.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void producersWaitingForALinkLeaveTheCarriersToALinkerThatBlocked(Variant variant) throws Exception {
        assumeTrue(RoundThreads.Kind.VIRTUAL.available(), "virtual threads need JDK 21+");
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(4);
        final CountDownLatch linking = new CountDownLatch(1);
        final CountDownLatch resume = new CountDownLatch(1);
        q.chunkAllocator = length -> {
            linking.countDown();
            awaitLatch(resume);
            return new Object[length];
        };
        for (int i = 0; i < 3; i++) {
            assertTrue(q.offer(i), "ring of 4 holds 3 before it links");
        }
        final int producers = 2 * Runtime.getRuntime().availableProcessors();
        try (RoundThreads threads = new RoundThreads("producers waiting for a blocked linker", RoundThreads.Kind.VIRTUAL)) {
            final Thread linker = threads.thread("linker", () -> assertTrue(q.offer(3)));
            final List<Thread> spinners = new ArrayList<>();
            for (int p = 0; p < producers; p++) {
                final int e = 4 + p;
                spinners.add(threads.thread("producer-" + p, () -> assertTrue(q.offer(e))));
            }
            // Started one by one (not start()): the linker first, the spinners once it is inside
            // the allocator.
            linker.start();
            assertTrue(linking.await(20, java.util.concurrent.TimeUnit.SECONDS), "the linker never linked");
            spinners.forEach(Thread::start);
            // Let the spinners take the carriers before the linker may go on.
            Thread.sleep(50);
            resume.countDown();
            threads.joinAll(() -> "queue size " + q.size());
        }
        assertEquals(4 + producers, q.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void otherProducersLinkChunksWhileAFillWaitsForItsSupplier(Variant variant) {
        // The fill's claim is the one that needs a new chunk (the ring of 2 holds one element). A
        // link is a step of its own, so the fill's supplier runs after the link, holding only its
        // claimed index: other producers must be able to link further chunks and add meanwhile.
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(2);
        assertTrue(q.offer(0));
        final AtomicBoolean inSupplier = new AtomicBoolean();
        final AtomicBoolean othersDone = new AtomicBoolean();
        final Race race = new Race();
        race.thread("filler", () -> {
            final int[] next = {1};
            assertEquals(3, q.fill(() -> {
                if (next[0] == 1) {
                    inSupplier.set(true);
                    while (!othersDone.get()) {
                        race.idle();
                    }
                }
                return next[0]++;
            }, 3));
        });
        race.thread("producer", () -> {
            while (!inSupplier.get()) {
                race.idle();
            }
            for (int i = 100; i < 105; i++) {
                assertTrue(q.offer(i), "offer " + i + " while a fill waits for its supplier");
            }
            othersDone.set(true);
        });
        race.run();
        final List<Integer> got = new ArrayList<>();
        for (Integer e; (e = q.poll()) != null; ) {
            got.add(e);
        }
        // The fill claims what lies below the producer limit in one batch, so where 2 and 3 land
        // among the offers depends on the chunk sizes; 1 was claimed before any offer.
        assertEquals(List.of(0, 1), got.subList(0, 2), "got " + got);
        assertEquals(List.of(2, 3), got.stream().filter(e -> e == 2 || e == 3).collect(Collectors.toList()), "got " + got);
        assertEquals(List.of(100, 101, 102, 103, 104), got.stream().filter(e -> e >= 100).collect(Collectors.toList()),
                "got " + got);
        assertEquals(9, got.size(), "got " + got);
        assertEmptyQueue(q);
    }

    private static void awaitLatch(CountDownLatch latch) {
        try {
            if (!latch.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new AssertionError("latch not released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Failed chunk allocation

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void failedChunkAllocationLeavesTheQueueConsistentAndUsable(Variant variant) {
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(4);
        final AtomicBoolean outOfMemory = new AtomicBoolean(true);
        q.chunkAllocator = length -> {
            if (outOfMemory.get()) {
                throw new OutOfMemoryError("injected");
            }
            return new Object[length];
        };
        for (int i = 0; i < 3; i++) {
            assertTrue(q.offer(i));
        }
        final long producerIndex = q.currentProducerIndex();
        assertThrows(OutOfMemoryError.class, () -> q.offer(3), "offer that must link");
        assertThrows(OutOfMemoryError.class, () -> q.fill(() -> 3, 1), "fill that must link");
        assertThrows(OutOfMemoryError.class, () -> q.offer(3), "again");
        assertEquals(producerIndex, q.currentProducerIndex(), "producer index not restored");
        assertEquals(3, q.size());
        assertFalse(q.isEmpty());
        assertEquals(List.of(0, 1, 2), new ArrayList<>(QueueRegistry.asQueue(q)));
        assertEquals(0, q.poll(), "elements already in the queue can be polled");
        assertTrue(q.offer(3), "room in the ring again: no link needed");
        assertThrows(OutOfMemoryError.class, () -> q.offer(4));
        outOfMemory.set(false);
        for (int i = 4; i < 20; i++) {
            assertTrue(q.offer(i), "offer " + i + " once memory is available");
        }
        for (int i = 1; i < 20; i++) {
            assertEquals(i, q.poll());
        }
        assertEmptyQueue(q);
    }

    /**
     * A fill whose own offer links the next chunk (the ring is full) claims the linked index, whose
     * producer index carries the LINKED flag, and its supplier fails on that first element: the
     * claim is withdrawn back to the index with its flag. Were the flag dropped, the index would
     * be back at a value it had before the link, and a producer that read it then (with the old
     * chunk) could claim it and write its element over the old chunk's JUMP: here such a producer
     * is played by a CAS from that old value, which must fail. After it, nothing is lost and order
     * holds. Checked to fail with the withdrawal made to the index without its flags.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void aFillWhoseSupplierFailsOnTheIndexItLinkedWithdrawsItWithItsFlag(Variant variant) {
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(4);
        int next = 0;
        while (q.laProducerIndex() < q.laProducerLimit() || q.size() < 3) {
            assertTrue(q.offer(next++), "filling the first chunk");
        }
        final long beforeLink = q.laProducerIndex();
        final int[] calls = {0};
        assertThrows(IllegalStateException.class, () -> q.fill(() -> {
            calls[0]++;
            throw new IllegalStateException("supplier failed");
        }, 2));
        assertEquals(1, calls[0], "the supplier is asked for the linked index's element");
        final long afterFailure = q.laProducerIndex();
        assertNotEquals(beforeLink, afterFailure, "the withdrawn index lost the flag the link gave it");
        assertEquals(beforeLink, afterFailure & ~3L, "the withdrawn index is the one the link was made at");
        assertFalse(q.casProducerIndex(beforeLink, beforeLink + 4), "a producer that read the index before the link claims it");
        for (int i = 0; i < 12; i++) {
            assertTrue(q.offer(next++));
        }
        for (int i = 0; i < next; i++) {
            assertEquals(i, q.poll(), "element " + i);
        }
        assertEmptyQueue(q);
    }

    static Stream<Arguments> variantsAndFailures() {
        return variants().flatMap(v -> Stream.of(InjectedFailure.values()).map(f -> Arguments.of(v, f)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("variantsAndFailures")
    void anyThrowableFromTheChunkAllocatorRestoresTheProducerIndex(Variant variant, InjectedFailure failure) {
        // Not only an OutOfMemoryError: whatever the allocation throws (a StackOverflowError in a
        // deep call, an exception from an allocator), the linking producer must take back its
        // RESIZING mark, or every producer spins on it for ever.
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(4);
        final AtomicBoolean failing = new AtomicBoolean(true);
        q.chunkAllocator = failure.allocator(failing::get);
        for (int i = 0; i < 3; i++) {
            assertTrue(q.offer(i));
        }
        final long producerIndex = q.laProducerIndex();
        assertThrows(failure.type(), () -> q.offer(3), "offer that must link");
        assertEquals(producerIndex, q.laProducerIndex(), "producer index (with its flags) not restored");
        assertThrows(failure.type(), () -> q.fill(() -> 3, 1), "fill that must link");
        assertEquals(producerIndex, q.laProducerIndex(), "producer index (with its flags) not restored");
        failing.set(false);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int i = 3; i < 20; i++) {
                assertTrue(q.offer(i), "offer " + i + " after the failure");
            }
            for (int i = 0; i < 20; i++) {
                assertEquals(i, q.poll());
            }
        });
        assertEmptyQueue(q);
    }

    @ParameterizedTest(name = "{0} chunk {1}")
    @MethodSource("variantsAndTinyChunks")
    void racingProducersSurviveFailedChunkAllocations(Variant variant, int chunk) {
        // Every other chunk allocation fails, the first one included. Producers retry the element whose offer threw; the
        // consumer must still see every element exactly once in each producer's order.
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(chunk);
        final AtomicInteger allocations = new AtomicInteger();
        final AtomicInteger failures = new AtomicInteger();
        q.chunkAllocator = length -> {
            if (allocations.incrementAndGet() % 2 == 1) {
                failures.incrementAndGet();
                throw new OutOfMemoryError("injected");
            }
            return new Object[length];
        };
        final int producers = 3;
        final int perProducer = 20_000;
        runProducersAndConsumer(q, producers, perProducer, true);
        assertTrue(failures.get() > 0, "no allocation failed: the test proved nothing");
    }

    // ---------------------------------------------------------------------------------------------
    // Contention with tiny chunks

    @ParameterizedTest(name = "{0} chunk {1}")
    @MethodSource("variantsAndTinyChunks")
    void everyElementArrivesOnceInProducerOrderWhileProducersLinkTinyChunks(Variant variant, int chunk) {
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(chunk);
        runProducersAndConsumer(q, 4, 25_000, false);
    }

    /**
     * Runs {@code producers} threads offering {@code producer * 2^24 + i} and one consumer that
     * checks each producer's elements arrive in order, each once; with {@code retryOnOom}, an
     * offer that throws OutOfMemoryError is retried.
     */
    private static void runProducersAndConsumer(BaseMpscLinkedArrayQueue<Integer> q, int producers, int perProducer,
            boolean retryOnOom) {
        final int stride = 1 << 24;
        final AtomicLong consumed = new AtomicLong();
        final AtomicLong links = new AtomicLong();
        final Race race = new Race().watching(consumed::get,
                () -> "consumed " + consumed.get() + ", size " + q.size() + ", links seen " + links.get());
        for (int p = 0; p < producers; p++) {
            final int base = p * stride;
            race.thread("producer-" + p, () -> {
                for (int i = 0; i < perProducer; i++) {
                    while (true) {
                        try {
                            if (q.offer(base + i)) {
                                break;
                            }
                        } catch (OutOfMemoryError e) {
                            if (!retryOnOom) {
                                throw e;
                            }
                        }
                        race.idle();
                    }
                }
            });
        }
        race.thread("consumer", () -> {
            final int[] last = new int[producers];
            Arrays.fill(last, -1);
            final long total = (long) producers * perProducer;
            Object[] chunk = q.lpConsumerBuffer();
            while (consumed.get() < total) {
                final Integer e = q.poll();
                if (e == null) {
                    race.idle();
                    continue;
                }
                final int producer = e / stride;
                final int sequence = e % stride;
                if (sequence != last[producer] + 1) {
                    fail("from producer " + producer + ": got " + sequence + " after " + last[producer]);
                }
                last[producer] = sequence;
                consumed.incrementAndGet();
                if (q.lpConsumerBuffer() != chunk) {
                    chunk = q.lpConsumerBuffer();
                    links.incrementAndGet();
                }
            }
        });
        race.run();
        assertTrue(links.get() > 0, "the consumer never crossed a chunk");
        assertEmptyQueue(q);
    }

    // ---------------------------------------------------------------------------------------------
    // Footprint

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void drainedBurstLeavesOneChunkAndNoElements(Variant variant) {
        final BaseMpscLinkedArrayQueue<Integer> q = variant.withChunk().apply(4);
        final long empty = GraphLayout.parseInstance(q).totalSize();
        for (int round = 0; round < 3; round++) {
            final int burst = variant.bounded() ? BOUND : 1000;
            for (int i = 0; i < burst; i++) {
                assertTrue(q.offer(1000 + i));
            }
            final boolean growable = q instanceof MpscGrowableArrayQueue || q instanceof MpscGrowableUnpaddedArrayQueue;
            if (round == 0 || !growable) {
                // A grown growable queue keeps its one largest chunk and links no more.
                assertTrue(GraphLayout.parseInstance(q).getClassCounts().count(Object[].class) > 1,
                        "the burst linked no chunk");
            }
            assertEquals(burst, q.drain(e -> { }, burst));
            final GraphLayout after = GraphLayout.parseInstance(q);
            assertEquals(1, after.getClassCounts().count(Object[].class), "chunks kept after the burst:\n"
                    + after.toFootprint());
            assertEquals(2, after.totalCount(), "objects kept after the burst:\n" + after.toFootprint());
            if (!growable) {
                assertEquals(empty, after.totalSize(), "footprint after a drained burst");
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Construction

    @Test
    void capacityAndChunkSizesFollowJCTools() {
        assertEquals(4, new MpscChunkedArrayQueue<>(4).capacity());
        assertEquals(3, new MpscChunkedArrayQueue<>(4).lpProducerBuffer().length);
        assertEquals(1024 + 1, new MpscChunkedArrayQueue<>(1 << 20).lpProducerBuffer().length);
        assertEquals(2 + 1, new MpscChunkedArrayQueue<>(17).lpProducerBuffer().length);
        assertEquals(8 + 1, new MpscChunkedArrayQueue<>(64).lpProducerBuffer().length);
        assertEquals(32, new MpscChunkedArrayQueue<>(17).capacity());
        assertEquals(8 + 1, new MpscChunkedArrayQueue<>(5, 9).lpProducerBuffer().length);
        assertEquals(16, new MpscChunkedArrayQueue<>(5, 9).capacity());
        assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, new MpscUnboundedArrayQueue<>(3).capacity());
        assertEquals(4 + 1, new MpscUnboundedArrayQueue<>(3).lpProducerBuffer().length);
        assertEquals(64, new MpscGrowableArrayQueue<>(33).capacity());
        assertEquals(4 + 1, new MpscGrowableArrayQueue<>(33).lpProducerBuffer().length);
        assertEquals(2048 + 1, new MpscGrowableArrayQueue<>(1 << 14).lpProducerBuffer().length);
    }

    @Test
    void badSizesAreRejectedNamingTheArgumentAndItsValue() {
        assertRejected("capacity", 3, () -> new MpscChunkedArrayQueue<>(3));
        assertRejected("capacity", (1 << 30) + 1, () -> new MpscChunkedArrayQueue<>((1 << 30) + 1));
        assertRejected("capacity", 0, () -> new MpscGrowableArrayQueue<>(0));
        assertRejected("chunkSize", 1, () -> new MpscUnboundedArrayQueue<>(1));
        assertRejected("chunkSize", -4, () -> new MpscUnboundedArrayQueue<>(-4));
        assertRejected("chunkSize", (1 << 30) + 1, () -> new MpscUnboundedArrayQueue<>((1 << 30) + 1));
        for (BiConstructor c : List.<BiConstructor>of(MpscChunkedArrayQueue::new, MpscGrowableArrayQueue::new)) {
            assertRejected("initialCapacity", 1, () -> c.create(1, 8));
            assertRejected("initialCapacity", 0, () -> c.create(0, 8));
            assertRejected("initialCapacity", 8, () -> c.create(8, 8));
            assertRejected("initialCapacity", 5, () -> c.create(5, 8));
            assertRejected("initialCapacity", 16, () -> c.create(16, 8));
            assertRejected("maxCapacity", 3, () -> c.create(2, 3));
            assertRejected("maxCapacity", -1, () -> c.create(2, -1));
            assertRejected("maxCapacity", (1 << 30) + 1, () -> c.create(2, (1 << 30) + 1));
            assertEquals(8, c.create(4, 5).capacity(), "5 rounds up to 8, above the chunk of 4");
        }
    }

    private interface BiConstructor {
        MessagePassingQueue<Integer> create(int initialCapacity, int maxCapacity);
    }

    private static void assertRejected(String name, int value, Runnable construction) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, construction::run,
                name + " " + value);
        final String message = String.valueOf(e.getMessage());
        assertTrue(message.startsWith(name + " ") && message.contains(String.valueOf(value)),
                "message should name " + name + " and " + value + ": " + message);
    }

    private static void assertEmptyQueue(BaseMpscLinkedArrayQueue<Integer> q) {
        assertNull(q.poll());
        assertNull(q.peek());
        assertNull(q.relaxedPoll());
        assertNull(q.relaxedPeek());
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
        assertEquals(q.currentProducerIndex(), q.currentConsumerIndex());
        assertFalse(q.iterator().hasNext());
        assertNotNull(q.lpConsumerBuffer());
    }
}
