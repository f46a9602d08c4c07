package org.jcq.experimental.lprq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The single-thread contract of both PRQ queues, each built small (every ring wraps, the linked
 * form closes and links rings within a few elements) and at its default size: FIFO order, the
 * bound, exact {@code size()}, {@code peek}, the batch methods, bad arguments (the exception JCTools
 * throws for the same call, the queue unchanged) and failing callbacks, and Thread elements (a
 * Thread in a cell is a reservation, so they are boxed).
 */
class PrqQueueContractTest {
    /** How a test builds a queue: bounded ones get {@code n} as capacity, linked ones as ring size. */
    record Kind(String name, boolean bounded, IntFunction<MessagePassingQueue<Object>> factory) {
        MessagePassingQueue<Object> create(int n) {
            return factory.apply(n);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> kinds() {
        final List<Arguments> all = new ArrayList<>();
        for (int n : new int[] {2, 4, 16, 1024}) {
            all.add(Arguments.of(new Kind("MpmcPrqArrayQueue", true, MpmcPrqArrayQueue::new), n));
            all.add(Arguments.of(new Kind("MpmcLprqQueue", false, MpmcLprqQueue::new), n));
        }
        return all.stream();
    }

    /** Elements offered beyond one ring's worth: the linked form closes rings, the bounded refuses. */
    private static int count(Kind kind, int n) {
        return kind.bounded() ? n : 3 * n + 1;
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kinds")
    void fifoWithExactSizeAndPeek(Kind kind, int n) {
        final MessagePassingQueue<Object> q = kind.create(n);
        assertTrue(q.isEmpty());
        assertNull(q.peek());
        assertNull(q.poll());
        assertEquals(0, q.size());
        for (int round = 0; round < 3; round++) {
            final int k = count(kind, n);
            for (int i = 0; i < k; i++) {
                assertTrue(q.offer(i), "offer " + i);
                assertEquals(i + 1, q.size());
                assertFalse(q.isEmpty());
                assertEquals(0, q.peek());
            }
            if (kind.bounded()) {
                assertFalse(q.offer(-1), "offer to a full queue");
                assertFalse(q.relaxedOffer(-1));
                assertEquals(n, q.size());
                assertEquals(n, q.capacity());
            } else {
                assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, q.capacity());
            }
            for (int i = 0; i < k; i++) {
                assertEquals(i, q.peek());
                assertEquals(i, q.relaxedPeek());
                assertEquals(i, q.poll(), "poll " + i);
                assertEquals(k - i - 1, q.size());
            }
            assertNull(q.poll());
            assertNull(q.relaxedPoll());
            assertNull(q.peek());
            assertTrue(q.isEmpty());
            assertEquals(0, q.size());
        }
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kinds")
    void emptyPollsLeaveNoTicketBehind(Kind kind, int n) {
        final MessagePassingQueue<Object> q = kind.create(n);
        for (int i = 0; i < 5 * n; i++) {
            assertNull(q.poll());
            assertTrue(q.offer(i));
            assertEquals(1, q.size());
            assertEquals(i, q.poll());
            assertNull(q.poll());
            assertEquals(0, q.size());
        }
        // A full ring after many laps: the bound is still exact.
        if (kind.bounded()) {
            for (int i = 0; i < n; i++) {
                assertTrue(q.offer(i));
            }
            assertFalse(q.offer(n));
            assertEquals(n, q.size());
        }
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kinds")
    void threadsAreElementsToo(Kind kind, int n) {
        final MessagePassingQueue<Object> q = kind.create(n);
        final Thread me = Thread.currentThread();
        final Thread other = new Thread(() -> { });
        assertTrue(q.offer(me));
        assertTrue(q.offer(other));
        assertSame(me, q.peek());
        assertSame(me, q.poll());
        assertSame(other, q.peek());
        assertSame(other, q.poll());
        assertNull(q.poll());
        assertEquals(1, q.fill(() -> me, 1));
        final List<Object> out = new ArrayList<>();
        assertEquals(1, q.drain(out::add, 5));
        assertSame(me, out.get(0));
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kinds")
    void badArgumentsLeaveTheQueueUnchanged(Kind kind, int n) {
        final MessagePassingQueue<Object> q = kind.create(n);
        q.offer("a");
        final NullPointerException npe = assertThrows(NullPointerException.class, () -> q.offer(null));
        assertTrue(npe.getMessage().contains("e (the element)"), npe.getMessage());
        assertThrows(NullPointerException.class, () -> q.relaxedOffer(null));
        assertThrows(IllegalArgumentException.class, () -> q.drain(null, 1));
        assertThrows(IllegalArgumentException.class, () -> q.drain(null));
        assertThrows(IllegalArgumentException.class, () -> q.drain(e -> { }, -1));
        assertThrows(IllegalArgumentException.class, () -> q.fill(null, 1));
        assertThrows(IllegalArgumentException.class, () -> q.fill(null));
        assertThrows(IllegalArgumentException.class, () -> q.fill(() -> "x", -1));
        assertThrows(IllegalArgumentException.class, () -> q.drain(e -> { }, null, () -> true));
        assertThrows(IllegalArgumentException.class, () -> q.drain(e -> { }, i -> i, null));
        assertThrows(IllegalArgumentException.class, () -> q.fill(() -> "x", null, () -> true));
        assertEquals(1, q.size());
        assertEquals("a", q.poll());
        assertThrows(UnsupportedOperationException.class, () -> ((java.util.Queue<?>) q).iterator());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void badSizesNameTheArgument(Kind kind, int n) {
        for (int bad : new int[] {-1, 0, 1, (1 << 30) + 1}) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> kind.create(bad));
            assertTrue(e.getMessage().startsWith(kind.bounded() ? "capacity" : "ringSize"), e.getMessage());
        }
        assertEquals(kind.bounded() ? 4 : MessagePassingQueue.UNBOUNDED_CAPACITY, kind.create(3).capacity());
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kinds")
    void drainAndFillInBatches(Kind kind, int n) {
        final MessagePassingQueue<Object> q = kind.create(n);
        final AtomicInteger next = new AtomicInteger();
        final int filled = q.fill(next::getAndIncrement, 3 * n);
        assertEquals(kind.bounded() ? n : 3 * n, filled);
        assertEquals(filled, q.size());
        if (kind.bounded()) {
            assertEquals(0, q.fill(next::getAndIncrement, 1), "a full queue asks the supplier nothing");
            assertEquals(n, next.get());
        }
        final List<Object> out = new ArrayList<>();
        assertEquals(1, q.drain(out::add, 1));
        assertEquals(filled - 1, q.drain(out::add));
        for (int i = 0; i < filled; i++) {
            assertEquals(i, out.get(i));
        }
        assertEquals(0, q.drain(out::add, 10));
        final int all = q.fill(next::getAndIncrement);
        assertEquals(kind.bounded() ? n : n, all, "fill() adds a ring's worth");
        q.clear();
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kinds")
    void nullSuppliedStopsTheFillKeepingWhatCameBefore(Kind kind, int n) {
        final MessagePassingQueue<Object> q = kind.create(n);
        final AtomicInteger calls = new AtomicInteger();
        final NullPointerException e = assertThrows(NullPointerException.class,
                () -> q.fill(() -> calls.incrementAndGet() == 2 ? null : "x", n));
        assertTrue(e.getMessage().contains("after 1 element"), e.getMessage());
        // The bounded fill reserved a cell for the null: its ticket counts until a poll passes it.
        assertEquals(kind.bounded() ? 2 : 1, q.size());
        assertEquals("x", q.poll());
        assertNull(q.poll());
        // The queue is whole: a full round still fits and comes back in order.
        for (int i = 0; i < count(kind, n); i++) {
            assertTrue(q.offer(i));
        }
        for (int i = 0; i < count(kind, n); i++) {
            assertEquals(i, q.poll());
        }
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kinds")
    void throwingCallbacksLeaveTheQueueConsistent(Kind kind, int n) {
        final MessagePassingQueue<Object> q = kind.create(n);
        final AtomicInteger calls = new AtomicInteger();
        final Error boom = new AssertionError("boom");
        final Error thrown = assertThrows(Error.class, () -> q.fill(() -> {
            if (calls.incrementAndGet() == 2) {
                throw boom;
            }
            return "s";
        }, n));
        assertSame(boom, thrown);
        assertEquals(kind.bounded() ? 2 : 1, q.size());
        // At a bound of 2 the given-up ticket leaves no room until a poll passes it.
        assertEquals(!kind.bounded() || n > 2, q.offer("t"));
        if (kind.bounded() && n == 2) {
            assertEquals("s", q.poll());
            assertNull(q.poll(), "passes the given-up ticket");
            assertTrue(q.offer("s"), "room again once a poll passed the given-up ticket");
            assertTrue(q.offer("t"));
        }
        final List<Object> seen = new ArrayList<>();
        assertThrows(IllegalStateException.class, () -> q.drain(e -> {
            seen.add(e);
            throw new IllegalStateException("consumer");
        }, 5));
        assertEquals(List.of("s"), seen, "the element handed over is consumed");
        assertEquals("t", q.poll());
        assertNull(q.poll());
        for (int i = 0; i < count(kind, n); i++) {
            assertTrue(q.offer(i));
        }
        assertEquals(count(kind, n), q.size());
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kinds")
    void waitingDrainAndFillRunUntilTheExitCondition(Kind kind, int n) {
        final MessagePassingQueue<Object> q = kind.create(n);
        final AtomicInteger rounds = new AtomicInteger();
        q.fill(() -> "f", idle -> idle + 1, () -> rounds.incrementAndGet() <= 2);
        final int size = q.size();
        assertTrue(size > 0);
        final List<Object> out = new ArrayList<>();
        rounds.set(0);
        q.drain(out::add, idle -> idle + 1, () -> rounds.incrementAndGet() <= 3);
        assertEquals(size, out.size());
        assertTrue(q.isEmpty());
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("kinds")
    void toStringSaysWhatItIs(Kind kind, int n) {
        final MessagePassingQueue<Object> q = kind.create(n);
        q.offer(1);
        final String s = q.toString();
        assertTrue(s.startsWith(kind.name() + "[capacity=" + (kind.bounded() ? n : "unbounded")), s);
        assertTrue(s.contains("size=1"), s);
    }
}
