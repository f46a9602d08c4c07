package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;

/**
 * White-box tests of the SPSC linked-array queues (chunked, unbounded, growable; padded and
 * compact editions): crossing from chunk to chunk at every offset, the consumer's unlinking of the
 * chunks it leaves, growth to the bound and refusal past it, the iterator across chunks,
 * constructor arguments, and the memory a drained queue retains. The shared suites
 * (QueueSanityTest and others) cover the queue contract.
 */
class SpscLinkedArrayQueueTest {
    /** A queue under test, with small chunks so that every test crosses many of them. */
    private static final class Subject {
        final String name;
        final Supplier<BaseSpscLinkedArrayQueue<Integer>> factory;

        Subject(String name, Supplier<BaseSpscLinkedArrayQueue<Integer>> factory) {
            this.name = name;
            this.factory = factory;
        }

        BaseSpscLinkedArrayQueue<Integer> create() {
            return factory.get();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final List<Subject> SUBJECTS = List.of(
            new Subject("chunked(8, 16)", () -> new SpscChunkedArrayQueue<>(8, 16)),
            new Subject("chunked(8, 64)", () -> new SpscChunkedArrayQueue<>(8, 64)),
            new Subject("chunked(16, 1024)", () -> new SpscChunkedArrayQueue<>(16, 1024)),
            new Subject("unbounded(16)", () -> new SpscUnboundedArrayQueue<>(16)),
            new Subject("growable(8, 16)", () -> new SpscGrowableArrayQueue<>(8, 16)),
            new Subject("growable(8, 128)", () -> new SpscGrowableArrayQueue<>(8, 128)),
            // The compact editions: the same algorithm through their own field holder.
            new Subject("chunked unpadded(8, 16)", () -> new SpscChunkedUnpaddedArrayQueue<>(8, 16)),
            new Subject("chunked unpadded(8, 64)", () -> new SpscChunkedUnpaddedArrayQueue<>(8, 64)),
            new Subject("unbounded unpadded(16)", () -> new SpscUnboundedUnpaddedArrayQueue<>(16)),
            new Subject("growable unpadded(8, 16)", () -> new SpscGrowableUnpaddedArrayQueue<>(8, 16)),
            new Subject("growable unpadded(8, 128)", () -> new SpscGrowableUnpaddedArrayQueue<>(8, 128)));

    static Stream<Arguments> subjects() {
        return SUBJECTS.stream().map(Arguments::of);
    }

    static Stream<Arguments> bounded() {
        return SUBJECTS.stream().filter(s -> s.create().capacity() > 0).map(Arguments::of);
    }

    /** The capacity of a chunk (its array holds one more slot, for the link). */
    private static int chunkCapacity(Object[] chunk) {
        return chunk.length - 1;
    }

    /** Whether {@code q} is a growable queue, padded or compact (its array grows to the bound). */
    private static boolean growable(MessagePassingQueue<?> q) {
        return q instanceof SpscGrowableArrayQueue || q instanceof SpscGrowableUnpaddedArrayQueue;
    }

    /** How many elements fit before the queue refuses (or a large number for unbounded queues). */
    private static int room(MessagePassingQueue<?> q) {
        return q.capacity() > 0 ? q.capacity() : 1 << 12;
    }

    // ---------------------------------------------------------------------------------------------
    // Crossing chunks

    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void crossingToNextChunkAtEveryOffsetKeepsOrderAndContents(Subject subject) {
        final int chunk = chunkCapacity(subject.create().lpProducerBuffer());
        for (int offset = 0; offset < 2 * chunk; offset++) {
            final BaseSpscLinkedArrayQueue<Integer> q = subject.create();
            // Move both indices to the offset, so the crossing happens at every slot of the chunk.
            for (int i = 0; i < offset; i++) {
                assertTrue(q.offer(-1));
                assertEquals(-1, q.poll());
            }
            final Object[] first = q.lpProducerBuffer();
            final int n = Math.min(room(q), 3 * chunk);
            final List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                assertTrue(q.offer(i), subject + " offset " + offset + ": offer " + i);
                expected.add(i);
            }
            assertNotSame(first, q.lpProducerBuffer(), subject + " offset " + offset + ": the producer never linked");
            assertEquals(expected, contents(q), subject + " offset " + offset + ": iterator");
            assertEquals(n, q.size());
            for (int i = 0; i < n; i++) {
                assertEquals(i, q.poll(), subject + " offset " + offset);
            }
            assertNull(q.poll());
            assertTrue(q.isEmpty());
            assertSame(q.lpProducerBuffer(), q.lpConsumerBuffer(), "consumer ends on the producer's chunk");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void alternatingOffersAndPollsCrossChunkBoundariesInOrder(Subject subject) {
        final BaseSpscLinkedArrayQueue<Integer> q = subject.create();
        final int chunk = chunkCapacity(q.lpProducerBuffer());
        final int maxBacklog = Math.min(room(q) - 1, 2 * chunk);
        int next = 0;
        int expected = 0;
        int crossings = 0;
        for (int backlog = 0; backlog <= maxBacklog; backlog++) {
            while (next - expected < backlog) {
                assertTrue(q.offer(next++));
            }
            for (int i = 0; i < 4 * chunk; i++) {
                assertTrue(q.offer(next++), subject + " backlog " + backlog);
                final Object[] before = q.lpConsumerBuffer();
                assertEquals(expected++, q.poll(), subject + " backlog " + backlog);
                if (q.lpConsumerBuffer() != before) {
                    crossings++;
                }
                assertEquals(backlog, q.size());
            }
        }
        while (expected < next) {
            assertEquals(expected++, q.poll());
        }
        assertNull(q.poll());
        assertTrue(crossings > 0, subject + ": the consumer never crossed to another chunk");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void peekAndPollAlternateAcrossChunks(Subject subject) {
        final BaseSpscLinkedArrayQueue<Integer> q = subject.create();
        final int n = Math.min(room(q), 5 * chunkCapacity(q.lpProducerBuffer()));
        for (int i = 0; i < n; i++) {
            assertTrue(q.offer(i));
        }
        int peekCrossings = 0;
        for (int i = 0; i < n; i++) {
            final Object[] before = q.lpConsumerBuffer();
            assertEquals(i, q.peek(), subject.name);
            if (q.lpConsumerBuffer() != before) {
                peekCrossings++;
                // peek crossed: the old chunk is unlinked, and the element is still there to poll.
                assertNull(before[before.length - 1], "peek left the old chunk linked");
            }
            assertEquals(i, q.relaxedPeek(), subject.name);
            assertEquals(n - i, q.size());
            assertEquals(i, q.poll(), subject.name);
        }
        assertNull(q.peek());
        assertNull(q.poll());
        assertTrue(peekCrossings > 0, subject + ": peek never crossed a chunk");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void consumerUnlinksEveryChunkItLeaves(Subject subject) {
        final BaseSpscLinkedArrayQueue<Integer> q = subject.create();
        final int n = Math.min(room(q), 4 * chunkCapacity(q.lpProducerBuffer()));
        final List<Integer> elements = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            elements.add(1000 + i);
            assertTrue(q.offer(elements.get(i)));
        }
        final List<Object[]> left = new ArrayList<>();
        Object[] current = q.lpConsumerBuffer();
        assertNotNull(current[current.length - 1], "the first chunk links to the next before the consumer crosses");
        while (q.poll() != null) {
            if (q.lpConsumerBuffer() != current) {
                left.add(current);
                current = q.lpConsumerBuffer();
            }
        }
        assertFalse(left.isEmpty(), subject + ": the consumer never left a chunk");
        for (Object[] chunk : left) {
            assertNull(chunk[chunk.length - 1], "a chunk the consumer left still links to the next");
            for (Object slot : chunk) {
                for (Integer e : elements) {
                    assertNotSame(e, slot, "a chunk the consumer left still holds element " + e);
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Bounds

    @ParameterizedTest(name = "{0}")
    @MethodSource("bounded")
    void growsToTheBoundAndRefusesPastItAlsoWhileTheConsumerTrails(Subject subject) {
        final BaseSpscLinkedArrayQueue<Integer> q = subject.create();
        final int capacity = q.capacity();
        final Object[] first = q.lpConsumerBuffer();
        for (int i = 0; i < capacity; i++) {
            assertTrue(q.offer(i), subject + ": offer " + i + " of " + capacity);
        }
        assertFalse(q.offer(-1), subject + ": offer past the bound");
        assertEquals(0, q.fill(() -> -1, 3), subject + ": fill past the bound");
        assertSame(first, q.lpConsumerBuffer(), "the consumer has not moved yet");
        if (growable(q)) {
            assertEquals(capacity, chunkCapacity(q.lpProducerBuffer()), "the growable queue's last array holds the bound");
        }
        // The consumer trails on the first chunk: each poll makes room for exactly one offer.
        int next = capacity;
        for (int expected = 0; expected < 3 * capacity; expected++) {
            assertEquals(expected, q.poll(), subject.name);
            assertTrue(q.offer(next++), subject + ": offer after poll " + expected);
            assertFalse(q.offer(-1), subject + ": offer past the bound after poll " + expected);
            assertEquals(capacity, q.size());
        }
        // Half empty: exactly half the bound fits again.
        for (int i = 0; i < capacity / 2; i++) {
            assertEquals(3 * capacity + i, q.poll());
        }
        assertEquals(capacity / 2, q.fill(() -> -2, capacity));
        assertFalse(q.offer(-1));
        final List<Integer> rest = new ArrayList<>();
        q.drain(rest::add);
        assertEquals(capacity, rest.size());
        assertEquals(capacity / 2, rest.stream().filter(e -> e == -2).count());
        assertNull(q.poll());
    }

    @Test
    void growableDoublesItsArrayUpToTheBound() {
        assertDoublesItsArrayUpToTheBound(new SpscGrowableArrayQueue<>(8, 128));
        assertDoublesItsArrayUpToTheBound(new SpscGrowableUnpaddedArrayQueue<>(8, 128));
    }

    /** {@code q} is a growable queue of (8, 128). */
    private static void assertDoublesItsArrayUpToTheBound(BaseSpscLinkedArrayQueue<Integer> q) {
        final List<Integer> sizes = new ArrayList<>();
        sizes.add(chunkCapacity(q.lpProducerBuffer()));
        for (int i = 0; i < 128; i++) {
            assertTrue(q.offer(i));
            final int size = chunkCapacity(q.lpProducerBuffer());
            if (size != sizes.get(sizes.size() - 1)) {
                sizes.add(size);
            }
        }
        assertEquals(List.of(8, 16, 32, 64, 128), sizes);
        assertFalse(q.offer(128));
        for (int lap = 0; lap < 3; lap++) {
            for (int i = 0; i < 128; i++) {
                assertEquals(lap * 128 + i, q.poll());
                assertTrue(q.offer((lap + 1) * 128 + i));
            }
            assertSame(q.lpProducerBuffer(), q.lpConsumerBuffer(), "one array once grown");
            assertEquals(128, chunkCapacity(q.lpProducerBuffer()), "the array never grows past the bound");
        }
    }

    @Test
    void chunkedQueueKeepsItsChunkSize() {
        assertKeepsItsChunkSize(new SpscChunkedArrayQueue<>(8, 64));
        assertKeepsItsChunkSize(new SpscChunkedUnpaddedArrayQueue<>(8, 64));
    }

    /** {@code q} is a chunked queue of (8, 64). */
    private static void assertKeepsItsChunkSize(BaseSpscLinkedArrayQueue<Integer> q) {
        for (int lap = 0; lap < 5; lap++) {
            for (int i = 0; i < 64; i++) {
                assertTrue(q.offer(i));
                assertEquals(8, chunkCapacity(q.lpProducerBuffer()));
            }
            assertFalse(q.offer(64));
            for (int i = 0; i < 64; i++) {
                assertEquals(i, q.poll());
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Iterator

    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void iteratorFollowsTheConsumerWhenItUnlinksTheChunkBeingWalked(Subject subject) {
        final BaseSpscLinkedArrayQueue<Integer> q = subject.create();
        final int chunk = chunkCapacity(q.lpProducerBuffer());
        final int n = Math.min(room(q), 3 * chunk);
        for (int i = 0; i < n; i++) {
            assertTrue(q.offer(i));
        }
        final Iterator<Integer> it = QueueRegistry.asQueue(q).iterator();
        assertEquals(0, it.next());
        // The consumer crosses into the next chunk and unlinks the one the iterator walks.
        final int taken = chunk + 1;
        final Object[] walked = q.lpConsumerBuffer();
        for (int i = 0; i < taken; i++) {
            assertEquals(i, q.poll());
        }
        assertNotSame(walked, q.lpConsumerBuffer());
        // Already read ahead: the iterator holds element 1, then continues from the consumer.
        assertEquals(1, it.next());
        final List<Integer> rest = new ArrayList<>();
        it.forEachRemaining(rest::add);
        final List<Integer> expected = new ArrayList<>();
        for (int i = taken; i < n; i++) {
            expected.add(i);
        }
        assertEquals(expected, rest, subject.name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void iteratorNeverReturnsALaterLapsElementFromAReusedSlot(Subject subject) {
        final BaseSpscLinkedArrayQueue<Integer> q = subject.create();
        final int chunk = chunkCapacity(q.lpProducerBuffer());
        for (int i = 0; i < 4; i++) {
            assertTrue(q.offer(i));
        }
        final Iterator<Integer> it = QueueRegistry.asQueue(q).iterator();
        assertEquals(0, it.next());
        for (int i = 0; i < 4; i++) {
            assertEquals(i, q.poll());
        }
        // The producer laps the chunk: the slots of indices 0..2 now hold later elements.
        for (int i = 4; i <= chunk + 2; i++) {
            assertTrue(q.offer(100 + i));
        }
        assertSame(q.lpConsumerBuffer(), q.lpProducerBuffer(), "still one chunk");
        assertNotNull(q.lpConsumerBuffer()[2], "slot of index 2 reused");
        // The iterator read one element ahead (1) when it returned 0; then 2 and 3 are gone.
        assertEquals(1, it.next());
        assertFalse(it.hasNext(), "the iterator returned an element offered after it was created");
        while (q.poll() != null) {
            // empty it
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void iteratorWalksAcrossChunksWithoutReturningLinksOrMarkers(Subject subject) {
        final BaseSpscLinkedArrayQueue<Integer> q = subject.create();
        final int chunk = chunkCapacity(q.lpProducerBuffer());
        final int n = Math.min(room(q), 4 * chunk);
        for (int start = 0; start < n; start += 3) {
            final BaseSpscLinkedArrayQueue<Integer> walked = subject.create();
            for (int i = 0; i < n; i++) {
                assertTrue(walked.offer(i));
            }
            for (int i = 0; i < start; i++) {
                assertEquals(i, walked.poll());
            }
            final List<Integer> expected = new ArrayList<>();
            for (int i = start; i < n; i++) {
                expected.add(i);
            }
            // Elements are Integers: a JUMP or a chunk handed out would fail the cast or the match.
            assertEquals(expected, contents(walked), subject + " from " + start);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Races

    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void notEmptyMeansPollAndPeekMeansPollWhileTheProducerCrossesChunks(Subject subject) {
        final BaseSpscLinkedArrayQueue<Integer> q = subject.create();
        final int total = 200_000;
        final AtomicInteger consumed = new AtomicInteger();
        final AtomicInteger chunksCrossed = new AtomicInteger();
        final Race race = new Race().watching(consumed::get, () -> subject + ": consumed " + consumed.get());
        race.thread("producer", () -> {
            for (int i = 0; i < total; i++) {
                while (!q.offer(i)) {
                    race.idle();
                }
            }
        });
        race.thread("consumer", () -> {
            int expected = 0;
            Object[] chunk = q.lpConsumerBuffer();
            while (expected < total) {
                final Integer e;
                if ((expected & 1) == 0) {
                    if (q.isEmpty()) {
                        race.idle();
                        continue;
                    }
                    e = q.poll();
                    assertNotNull(e, "poll returned null after isEmpty() said false");
                } else {
                    final Integer peeked = q.peek();
                    if (peeked == null) {
                        race.idle();
                        continue;
                    }
                    e = q.poll();
                    assertSame(peeked, e, "peek then poll");
                }
                assertEquals(expected++, e);
                consumed.set(expected);
                if (q.lpConsumerBuffer() != chunk) {
                    chunk = q.lpConsumerBuffer();
                    chunksCrossed.incrementAndGet();
                }
            }
        });
        race.run();
        assertNull(q.poll());
        assertTrue(chunksCrossed.get() > 0 || growable(q),
                subject + ": the consumer never crossed a chunk");
    }

    // ---------------------------------------------------------------------------------------------
    // Failed chunk allocation

    static Stream<Arguments> subjectsAndFailures() {
        return SUBJECTS.stream().flatMap(s -> Stream.of(InjectedFailure.values()).map(f -> Arguments.of(s, f)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("subjectsAndFailures")
    void failedChunkAllocationLeavesTheQueueAsItWas(Subject subject, InjectedFailure failure) {
        // The single producer allocates the next chunk before it stores anything, so whatever the
        // allocation throws, the offer (or fill) that needed the chunk throws and nothing changes:
        // the elements already in stay, in order, and the next offer links the chunk.
        final BaseSpscLinkedArrayQueue<Integer> q = subject.create();
        final AtomicBoolean failing = new AtomicBoolean(true);
        BaseSpscLinkedArrayQueue.chunkAllocator = failure.allocator(failing::get);
        try {
            failedAllocationsLeaveTheQueueAsItWas(subject, failure, q, failing);
        } finally {
            BaseSpscLinkedArrayQueue.chunkAllocator = null;
        }
    }

    private static void failedAllocationsLeaveTheQueueAsItWas(Subject subject, InjectedFailure failure,
            BaseSpscLinkedArrayQueue<Integer> q, AtomicBoolean failing) {
        int offered = 0;
        Throwable thrown;
        while ((thrown = thrownBy(q, offered)) == null) {
            offered++;
            assertTrue(offered < room(q), subject + ": no offer needed a chunk");
        }
        assertEquals(failure.type(), thrown.getClass(), "what the failed offer threw");
        final Object[] buffer = q.lpProducerBuffer();
        final int before = offered;
        final long producerIndex = q.currentProducerIndex();
        assertThrows(failure.type(), () -> q.fill(() -> before, 1), "fill that must link");
        assertThrows(failure.type(), () -> q.offer(before), "offer again");
        assertSame(buffer, q.lpProducerBuffer(), "the producer moved to a chunk it did not link");
        assertEquals(producerIndex, q.currentProducerIndex());
        assertEquals(offered, q.size());
        final List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < offered; i++) {
            expected.add(i);
        }
        assertEquals(expected, contents(q), "iterator after the failures");
        // The consumer takes everything, up to the index whose link failed: it must find that
        // slot empty, not a marker of a link that never happened.
        for (int i = 0; i < offered; i++) {
            assertEquals(i, q.peek());
            assertEquals(i, q.poll());
        }
        assertNull(q.peek());
        assertNull(q.poll());
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
        failing.set(false);
        final int total = Math.min(room(q), 3 * offered + 1);
        for (int i = offered; i < offered + total; i++) {
            assertTrue(q.offer(i), "offer " + i + " once allocations succeed");
        }
        assertNotSame(buffer, q.lpProducerBuffer(), "a chunk was linked after all");
        for (int i = offered; i < offered + total; i++) {
            assertEquals(i, q.poll());
        }
        assertNull(q.poll());
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
    }

    /** What {@code q.offer(e)} throws, or null if it returned (it must return true then). */
    private static Throwable thrownBy(BaseSpscLinkedArrayQueue<Integer> q, int e) {
        final boolean added;
        try {
            added = q.offer(e);
        } catch (RuntimeException | Error t) {
            return t;
        }
        assertTrue(added, "offer " + e);
        return null;
    }

    // ---------------------------------------------------------------------------------------------
    // Memory

    @Test
    void drainedUnboundedQueueRetainsOneChunk() {
        assertDrainedRetainsOneChunk(new SpscUnboundedArrayQueue<>(16));
        assertDrainedRetainsOneChunk(new SpscUnboundedUnpaddedArrayQueue<>(16));
    }

    private static void assertDrainedRetainsOneChunk(BaseSpscLinkedArrayQueue<Integer> q) {
        final long empty = GraphLayout.parseInstance(q).totalSize();
        burstAndDrain(q, 10_000);
        assertRetainsOnlyCurrentChunk(q);
        assertEquals(empty, GraphLayout.parseInstance(q).totalSize(), "a drained queue is as large as a new one");
    }

    @Test
    void drainedGrowableQueueRetainsOneArray() {
        assertDrainedRetainsOneArray(new SpscGrowableArrayQueue<>(16, 1 << 14));
        assertDrainedRetainsOneArray(new SpscGrowableUnpaddedArrayQueue<>(16, 1 << 14));
    }

    private static void assertDrainedRetainsOneArray(BaseSpscLinkedArrayQueue<Integer> q) {
        burstAndDrain(q, 10_000);
        assertRetainsOnlyCurrentChunk(q);
        // 10,000 elements spread over arrays of 16, 32, ..., 8192: only the last is left.
        assertEquals(8192, chunkCapacity(q.lpConsumerBuffer()));
    }

    private static void burstAndDrain(BaseSpscLinkedArrayQueue<Integer> q, int n) {
        final Integer element = 7;
        for (int i = 0; i < n; i++) {
            assertTrue(q.offer(element));
        }
        for (int i = 0; i < n; i++) {
            assertSame(element, q.poll());
        }
        assertNull(q.poll());
    }

    /** The queue's graph is the queue object and one chunk, the one both ends use. */
    private static void assertRetainsOnlyCurrentChunk(BaseSpscLinkedArrayQueue<?> q) {
        assertSame(q.lpProducerBuffer(), q.lpConsumerBuffer());
        final long oneChunk = ClassLayout.parseInstance(q).instanceSize() + VM.current().sizeOf(q.lpConsumerBuffer());
        final GraphLayout graph = GraphLayout.parseInstance(q);
        assertEquals(oneChunk, graph.totalSize(), "a drained queue retains more than its current chunk:\n"
                + graph.toFootprint());
    }

    // ---------------------------------------------------------------------------------------------
    // Constructors

    @Test
    void capacityAndChunkSizesFollowJctools() {
        for (int requested : new int[] {16, 17, 31, 32, 33, 100, 128, 255, 256, 1000, 1024, 9000, 1 << 20}) {
            final int pow2 = Integer.highestOneBit(requested - 1) << 1;
            final int chunk = Math.max(8, pow2Ceiling(requested / 8));
            assertQueue(new SpscChunkedArrayQueue<>(requested), pow2, chunk, "chunked(" + requested + ")");
            assertQueue(new SpscGrowableArrayQueue<>(requested), pow2, chunk, "growable(" + requested + ")");
            assertQueue(new SpscChunkedUnpaddedArrayQueue<>(requested), pow2, chunk,
                    "chunked unpadded(" + requested + ")");
            assertQueue(new SpscGrowableUnpaddedArrayQueue<>(requested), pow2, chunk,
                    "growable unpadded(" + requested + ")");
            if (pow2 > 16) {
                assertQueue(new SpscChunkedArrayQueue<>(9, requested), pow2, 16, "chunked(9, " + requested + ")");
                assertQueue(new SpscGrowableArrayQueue<>(9, requested), pow2, 16, "growable(9, " + requested + ")");
                assertQueue(new SpscChunkedUnpaddedArrayQueue<>(9, requested), pow2, 16,
                        "chunked unpadded(9, " + requested + ")");
                assertQueue(new SpscGrowableUnpaddedArrayQueue<>(9, requested), pow2, 16,
                        "growable unpadded(9, " + requested + ")");
            }
        }
        for (int requested : new int[] {1, 2, 15, 16, 17, 100, 1 << 20}) {
            assertQueue(new SpscUnboundedArrayQueue<>(requested), MessagePassingQueue.UNBOUNDED_CAPACITY,
                    Math.max(16, pow2Ceiling(requested)), "unbounded(" + requested + ")");
            assertQueue(new SpscUnboundedUnpaddedArrayQueue<>(requested), MessagePassingQueue.UNBOUNDED_CAPACITY,
                    Math.max(16, pow2Ceiling(requested)), "unbounded unpadded(" + requested + ")");
        }
    }

    private static int pow2Ceiling(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    private static void assertQueue(BaseSpscLinkedArrayQueue<?> q, int capacity, int chunk, String what) {
        assertEquals(capacity, q.capacity(), what + " capacity");
        assertEquals(chunk, chunkCapacity(q.lpProducerBuffer()), what + " first chunk");
    }

    @Test
    void badSizesAreRejectedNamingTheArgumentAndValue() {
        final int tooLarge = (1 << 30) + 1;
        for (int bad : new int[] {Integer.MIN_VALUE, -1, 0, 1, 8, 15, tooLarge, Integer.MAX_VALUE}) {
            assertRejected("capacity", bad, () -> new SpscChunkedArrayQueue<>(bad));
            assertRejected("capacity", bad, () -> new SpscGrowableArrayQueue<>(bad));
            assertRejected("capacity", bad, () -> new SpscChunkedArrayQueue<>(8, bad));
            assertRejected("capacity", bad, () -> new SpscGrowableArrayQueue<>(8, bad));
            assertRejected("capacity", bad, () -> new SpscChunkedUnpaddedArrayQueue<>(bad));
            assertRejected("capacity", bad, () -> new SpscGrowableUnpaddedArrayQueue<>(bad));
            assertRejected("capacity", bad, () -> new SpscChunkedUnpaddedArrayQueue<>(8, bad));
            assertRejected("capacity", bad, () -> new SpscGrowableUnpaddedArrayQueue<>(8, bad));
        }
        // Sizes of the first chunk: below 8, or not below the bound once rounded up.
        final int[][] badChunks = {{Integer.MIN_VALUE, 64}, {-1, 64}, {0, 64}, {7, 64}, {33, 64}, {64, 64}, {65, 64},
                {tooLarge, 1 << 30}, {1 << 30, 1 << 30}, {16, 16}};
        for (int[] bad : badChunks) {
            assertRejected("chunkSize", bad[0], () -> new SpscChunkedArrayQueue<>(bad[0], bad[1]));
            assertRejected("initialCapacity", bad[0], () -> new SpscGrowableArrayQueue<>(bad[0], bad[1]));
            assertRejected("chunkSize", bad[0], () -> new SpscChunkedUnpaddedArrayQueue<>(bad[0], bad[1]));
            assertRejected("initialCapacity", bad[0], () -> new SpscGrowableUnpaddedArrayQueue<>(bad[0], bad[1]));
        }
        for (int bad : new int[] {Integer.MIN_VALUE, -1, tooLarge, Integer.MAX_VALUE}) {
            assertRejected("chunkSize", bad, () -> new SpscUnboundedArrayQueue<>(bad));
            assertRejected("chunkSize", bad, () -> new SpscUnboundedUnpaddedArrayQueue<>(bad));
        }
        // As JCTools: a chunk size of 0 is taken as the smallest chunk.
        assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, new SpscUnboundedArrayQueue<>(0).capacity());
        assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, new SpscUnboundedUnpaddedArrayQueue<>(0).capacity());
    }

    private static void assertRejected(String name, int value, Runnable create) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, create::run,
                name + " " + value);
        final String message = String.valueOf(e.getMessage());
        assertTrue(message.contains(name) && message.contains(String.valueOf(value)),
                "message should name " + name + " and " + value + ": " + message);
    }

    private static List<Integer> contents(MessagePassingQueue<Integer> q) {
        final List<Integer> list = new ArrayList<>();
        for (Integer e : QueueRegistry.asQueue(q)) {
            list.add(e);
        }
        return list;
    }
}
