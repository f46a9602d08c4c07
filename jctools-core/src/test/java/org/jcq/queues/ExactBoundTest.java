package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.jcq.queues.spec.Queues;
import org.jcq.queues.spec.Queues.Threads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exact bound ({@link Bound#EXACT}) through the public constructors: {@code capacity()} is the
 * requested count, offers and fills stop there and nowhere else, at any ring position, with
 * producers racing for the last places. The shared suites run every exact queue of the registry
 * besides (the {@code [exact]} entries); this test adds the bounds they do not reach, the
 * constructors' argument checks, the builder, and the producers' race at the bound.
 */
class ExactBoundTest {
    /** A bounded queue built exact by its public constructor. */
    record Exact(String name, IntFunction<MessagePassingQueue<Integer>> make, boolean multiProducer, int least) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Exact> queues() {
        return Stream.of(
                new Exact("SpscArrayQueue", b -> new SpscArrayQueue<>(b, Bound.EXACT), false, 1),
                new Exact("SpscUnpaddedArrayQueue", b -> new SpscUnpaddedArrayQueue<>(b, Bound.EXACT), false, 1),
                new Exact("MpscArrayQueue", b -> new MpscArrayQueue<>(b, Bound.EXACT), true, 1),
                new Exact("MpscUnpaddedArrayQueue", b -> new MpscUnpaddedArrayQueue<>(b, Bound.EXACT), true, 1),
                new Exact("SpmcArrayQueue", b -> new SpmcArrayQueue<>(b, Bound.EXACT), false, 1),
                new Exact("SpmcUnpaddedArrayQueue", b -> new SpmcUnpaddedArrayQueue<>(b, Bound.EXACT), false, 1),
                new Exact("MpmcArrayQueue", b -> new MpmcArrayQueue<>(b, Bound.EXACT), true, 1),
                new Exact("MpmcUnpaddedArrayQueue", b -> new MpmcUnpaddedArrayQueue<>(b, Bound.EXACT), true, 1),
                new Exact("SpscChunkedArrayQueue", b -> new SpscChunkedArrayQueue<>(b, Bound.EXACT), false, 16),
                new Exact("SpscChunkedUnpaddedArrayQueue(8, b)",
                        b -> new SpscChunkedUnpaddedArrayQueue<>(8, b, Bound.EXACT), false, 16),
                new Exact("SpscGrowableArrayQueue", b -> new SpscGrowableArrayQueue<>(b, Bound.EXACT), false, 16),
                new Exact("SpscGrowableUnpaddedArrayQueue(8, b)",
                        b -> new SpscGrowableUnpaddedArrayQueue<>(8, b, Bound.EXACT), false, 16),
                new Exact("MpscChunkedArrayQueue", b -> new MpscChunkedArrayQueue<>(b, Bound.EXACT), true, 4),
                new Exact("MpscChunkedUnpaddedArrayQueue(2, b)",
                        b -> new MpscChunkedUnpaddedArrayQueue<>(2, b, Bound.EXACT), true, 4),
                new Exact("MpscGrowableArrayQueue", b -> new MpscGrowableArrayQueue<>(b, Bound.EXACT), true, 4),
                new Exact("MpscGrowableUnpaddedArrayQueue(2, b)",
                        b -> new MpscGrowableUnpaddedArrayQueue<>(2, b, Bound.EXACT), true, 4),
                new Exact("MpscCompoundQueue(b, 2)", b -> new MpscCompoundQueue<>(b, 2, Bound.EXACT), true, 2),
                new Exact("MpscCompoundUnpaddedQueue(b, 4)", b -> new MpscCompoundUnpaddedQueue<>(b, 4, Bound.EXACT),
                        true, 4),
                new Exact("SpscBlockingArrayQueue", b -> new SpscBlockingArrayQueue<>(b, Bound.EXACT), false, 1),
                new Exact("SpscBlockingUnpaddedArrayQueue", b -> new SpscBlockingUnpaddedArrayQueue<>(b, Bound.EXACT),
                        false, 1),
                new Exact("MpscBlockingConsumerArrayQueue", b -> new MpscBlockingConsumerArrayQueue<>(b, Bound.EXACT),
                        true, 1),
                new Exact("MpscBlockingConsumerUnpaddedArrayQueue",
                        b -> new MpscBlockingConsumerUnpaddedArrayQueue<>(b, Bound.EXACT), true, 1),
                new Exact("MpmcBlockingArrayQueue", b -> new MpmcBlockingArrayQueue<>(b, Bound.EXACT), true, 1),
                new Exact("MpmcBlockingUnpaddedArrayQueue", b -> new MpmcBlockingUnpaddedArrayQueue<>(b, Bound.EXACT),
                        true, 1));
    }

    static Stream<Exact> multiProducer() {
        return queues().filter(Exact::multiProducer);
    }

    /** Bounds on both sides of powers of two, from each queue's least up. */
    private static int[] bounds(Exact q) {
        return Stream.of(1, 2, 3, 5, 6, 7, 17, 24, 100, 1000, 1023, 1025).mapToInt(Integer::intValue)
                .filter(b -> b >= q.least()).toArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void offersSucceedUpToTheBoundAndNotOneMore(Exact spec) {
        for (int bound : bounds(spec)) {
            final MessagePassingQueue<Integer> q = spec.make().apply(bound);
            assertEquals(bound, q.capacity(), "capacity of " + bound);
            // Twice round: the bound holds wherever the indices stand in the ring.
            for (int lap = 0; lap < 3; lap++) {
                for (int i = 0; i < bound; i++) {
                    assertTrue(q.offer(i), "offer " + i + " of " + bound + ", lap " + lap);
                }
                assertEquals(bound, q.size(), "size at the bound " + bound);
                assertFalse(q.offer(-1), "offer past the bound " + bound + ", lap " + lap);
                assertFalse(q.relaxedOffer(-1), "relaxedOffer past the bound " + bound);
                assertEquals(0, q.fill(() -> -1, 5), "fill past the bound " + bound);
                final Integer head = q.poll();
                // The compound queues are not FIFO: a full lane's producer spills to another.
                assertEquals(spec.name().contains("Compound") ? head : Integer.valueOf(0), head, "head at the bound " + bound);
                assertTrue(q.offer(bound), "offer after a poll, bound " + bound);
                assertFalse(q.offer(-1), "offer past the bound again, " + bound);
                final List<Integer> drained = new ArrayList<>();
                q.drain(drained::add);
                assertEquals(bound, drained.size(), "drained at the bound " + bound);
                // Offset the next lap by a few indices.
                for (int i = 0; i <= lap; i++) {
                    assertTrue(q.offer(i));
                    assertEquals(i, q.poll());
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void fillStopsAtTheBound(Exact spec) {
        for (int bound : bounds(spec)) {
            final MessagePassingQueue<Integer> q = spec.make().apply(bound);
            final AtomicInteger supplied = new AtomicInteger();
            int added = 0;
            // fill(s) moves at most capacity() elements a call; repeated calls stop at the bound.
            for (int call = 0; call < 4; call++) {
                added += q.fill(supplied::getAndIncrement, bound + 7);
            }
            assertEquals(bound, added, "filled into an empty queue of " + bound);
            assertEquals(bound, supplied.get(), "supplier calls for " + bound);
            assertEquals(bound, q.size());
            assertEquals(0, q.fill(supplied::getAndIncrement));
            q.poll();
            q.poll();
            if (bound >= 2) {
                assertEquals(2, q.fill(supplied::getAndIncrement), "fill after two polls, bound " + bound);
                assertFalse(q.offer(-1), "offer after the fill, bound " + bound);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("multiProducer")
    void racingProducersAddExactlyWhatTheBoundAllows(Exact spec) throws Exception {
        final int bound = Math.max(spec.least(), 37);
        final MessagePassingQueue<Integer> q = spec.make().apply(bound);
        final int producers = 3;
        final int rounds = 200;
        final AtomicInteger accepted = new AtomicInteger();
        final CyclicBarrier start = new CyclicBarrier(producers + 1);
        final CyclicBarrier done = new CyclicBarrier(producers + 1);
        final List<Thread> threads = new ArrayList<>();
        final AtomicInteger failures = new AtomicInteger();
        for (int t = 0; t < producers; t++) {
            final boolean filler = t == 0;
            final Thread thread = new Thread(() -> {
                try {
                    for (int r = 0; r < rounds; r++) {
                        start.await(10, TimeUnit.SECONDS);
                        // Offer (or fill) until refused: the queue is full, as no one polls now.
                        if (filler) {
                            int n;
                            while ((n = q.fill(() -> 1, 3)) != 0) {
                                accepted.addAndGet(n);
                            }
                        } else {
                            while (q.offer(1)) {
                                accepted.incrementAndGet();
                            }
                        }
                        done.await(10, TimeUnit.SECONDS);
                    }
                } catch (Exception e) {
                    failures.incrementAndGet();
                }
            });
            thread.start();
            threads.add(thread);
        }
        int taken = 0;
        for (int r = 0; r < rounds; r++) {
            start.await(10, TimeUnit.SECONDS);
            done.await(10, TimeUnit.SECONDS);
            // Every producer was refused with no consumer running: exactly the bound is queued.
            assertEquals(bound, accepted.get() - taken, "queued after round " + r);
            assertEquals(bound, q.size());
            // Take a different number each round, so the next race starts elsewhere in the ring.
            final int take = 1 + r % bound;
            for (int i = 0; i < take; i++) {
                assertEquals(1, q.poll());
            }
            taken += take;
        }
        for (Thread thread : threads) {
            thread.join(10_000);
        }
        assertEquals(0, failures.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void badExactCapacitiesAreRejectedNamingThem(Exact spec) {
        for (int bad : new int[] {spec.least() - 1, 0, -1, (1 << 30) + 1}) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> spec.make().apply(bad), "bound " + bad);
            assertTrue(String.valueOf(e.getMessage()).contains(String.valueOf(bad)), e.getMessage());
            assertTrue(String.valueOf(e.getMessage()).toLowerCase().contains("capacity"), e.getMessage());
        }
    }

    @Test
    void nullBoundIsRejectedNamingIt() {
        final NullPointerException e = assertThrows(NullPointerException.class, () -> new MpscArrayQueue<>(8, null));
        assertTrue(e.getMessage().contains("bound"), e.getMessage());
        assertThrows(NullPointerException.class, () -> new SpscChunkedArrayQueue<>(8, 32, null));
        assertThrows(NullPointerException.class, () -> new MpscCompoundQueue<>(8, 2, null));
        assertThrows(NullPointerException.class, () -> Queues.builder().bounded(8, null));
    }

    @Test
    void roundedIsTheDefaultAndJCToolsRounding() {
        assertEquals(1024, new MpscArrayQueue<>(1000).capacity());
        assertEquals(1024, new MpscArrayQueue<>(1000, Bound.ROUNDED).capacity());
        assertEquals(1000, new MpscArrayQueue<>(1000, Bound.EXACT).capacity());
        assertEquals(4, new SpscArrayQueue<>(1, Bound.ROUNDED).capacity());
        assertEquals(1, new SpscArrayQueue<>(1, Bound.EXACT).capacity());
        assertEquals(1, new MpmcArrayQueue<>(1, Bound.EXACT).capacity());
        assertThrows(IllegalArgumentException.class, () -> new MpmcArrayQueue<>(1, Bound.ROUNDED));
        assertEquals(1, new MpscArrayQueue<>(0, Bound.ROUNDED).capacity());
        assertThrows(IllegalArgumentException.class, () -> new MpscArrayQueue<>(0, Bound.EXACT));
    }

    /** A compound queue's lanes share the bound within one of each other, and offers spill over. */
    @Test
    void compoundLanesAddUpToTheBound() {
        final MpscCompoundQueue<Integer> q = new MpscCompoundQueue<>(10, 4, Bound.EXACT);
        assertEquals(10, q.capacity());
        int added = 0;
        while (q.offer(added)) {
            added++;
        }
        assertEquals(10, added);
        assertEquals(10, q.size());
        assertThrows(IllegalArgumentException.class, () -> new MpscCompoundQueue<>(3, 4, Bound.EXACT));
    }

    @Test
    void builderBuildsExactQueuesOfEveryShape() {
        for (Threads producers : Threads.values()) {
            for (Threads consumers : Threads.values()) {
                for (boolean footprint : new boolean[] {false, true}) {
                    for (int bound : new int[] {1, 3, 5, 17, 1000}) {
                        final Queues.Builder b = Queues.builder().producers(producers).consumers(consumers)
                                .bounded(bound, Bound.EXACT);
                        if (footprint) {
                            b.footprintFirst();
                        }
                        final String what = producers + "/" + consumers + (footprint ? " footprint " : " ") + bound;
                        assertFullAt(b.build(), bound, what);
                        assertFullAt(b.blocking(), bound, what + " blocking");
                        // bounded(n) alone stays rounded: a power of two, at least n.
                        final int rounded = b.bounded(bound).build().capacity();
                        assertTrue(rounded >= bound && Integer.bitCount(rounded) == 1, what + " rounded: " + rounded);
                    }
                }
            }
        }
    }

    private static void assertFullAt(MessagePassingQueue<Integer> q, int bound, String what) {
        assertEquals(bound, q.capacity(), what + ": " + q);
        for (int i = 0; i < bound; i++) {
            assertTrue(q.offer(i), what + ": offer " + i);
        }
        assertFalse(q.offer(-1), what + ": offer past the bound");
    }
}
