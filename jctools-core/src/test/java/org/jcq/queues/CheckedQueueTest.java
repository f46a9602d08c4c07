package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Spliterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The checked mode ({@link CheckedQueue}, {@link CheckedBlockingQueue}) on every registry queue:
 * overlapping use of a single side is caught, with a message naming the queue, the side and both
 * threads, and leaves the queue as the first thread's call alone would; serial hand-overs of a
 * side between threads, however many, and callbacks of the side's own thread are not flagged; the
 * sides any number of threads may use are not checked.
 */
class CheckedQueueTest {
    private static final String ALL = "org.jcq.queues.QueueRegistry#all";
    private static final String SINGLE_CONSUMER = "org.jcq.queues.QueueRegistry#singleConsumer";
    private static final String SINGLE_PRODUCER = "org.jcq.queues.QueueRegistry#singleProducer";
    private static final String MULTI_CONSUMER = "org.jcq.queues.QueueRegistry#multiConsumer";
    private static final String BLOCKING = "org.jcq.queues.QueueRegistry#blocking";

    private static CheckedQueue<Integer> checked(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = spec.create(64);
        final CheckedQueue<Integer> c = q instanceof MessagePassingBlockingQueue
                ? CheckedBlockingQueue.wrap((MessagePassingBlockingQueue<Integer>) q)
                : CheckedQueue.wrap(q);
        assertSame(q, c.unwrap());
        return c;
    }

    /** Runs {@code body} in a new thread named {@code name}; the thread ends when it returns. */
    private static Thread start(String name, Runnable body, AtomicReference<Throwable> failure) {
        final Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void join(Thread t, AtomicReference<Throwable> failure) throws Throwable {
        t.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(t.isAlive(), t.getName() + " did not finish");
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    private static void assertOverlap(String side, Thread holder, Runnable call, String queueName) {
        final IllegalStateException e = assertThrows(IllegalStateException.class, call::run);
        final String m = e.getMessage();
        assertTrue(m.contains(queueName), m);
        assertTrue(m.contains("one " + side + " thread"), m);
        assertTrue(m.contains(holder.getName()), m);
        assertTrue(m.contains(Thread.currentThread().getName()), m);
    }

    /**
     * Offers 0, 1 and 2, then starts a consumer that drains one element into {@code taken} and
     * sits in the drain's callback (inside the consumer side) until {@code release}; returns once
     * it is there.
     */
    private static Thread consumerInsideDrain(CheckedQueue<Integer> q, List<Integer> taken, CountDownLatch release,
            AtomicReference<Throwable> failure) throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            assertTrue(q.offer(i));
        }
        final CountDownLatch inside = new CountDownLatch(1);
        final Thread first = start("first-consumer", () -> q.drain(e -> {
            taken.add(e);
            inside.countDown();
            await(release);
        }, 1), failure);
        assertTrue(inside.await(30, TimeUnit.SECONDS));
        return first;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(SINGLE_CONSUMER)
    void secondConsumerIsCaughtAndTouchesNothing(QueueSpec spec) throws Throwable {
        final CheckedQueue<Integer> q = checked(spec);
        final CountDownLatch release = new CountDownLatch(1);
        final List<Integer> taken = new ArrayList<>();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread first = consumerInsideDrain(q, taken, release, failure);
        final String name = q.unwrap().getClass().getName();
        assertOverlap("consumer", first, q::poll, name);
        assertOverlap("consumer", first, q::relaxedPoll, name);
        assertOverlap("consumer", first, q::peek, name);
        assertOverlap("consumer", first, q::relaxedPeek, name);
        assertOverlap("consumer", first, () -> q.drain(e -> fail("drained " + e)), name);
        assertOverlap("consumer", first, () -> q.drain(e -> fail("drained " + e), 5), name);
        assertOverlap("consumer", first, q::clear, name);
        assertOverlap("consumer", first, q::remove, name);
        assertOverlap("consumer", first, q::element, name);
        assertTrue(q.toString().contains("consumer=" + first), q.toString());
        release.countDown();
        join(first, failure);
        // Handed over now that the first consumer's call ended: never flagged.
        assertEquals(List.of(0), taken);
        assertEquals(2, q.size());
        assertEquals(1, q.poll());
        assertEquals(2, q.poll());
        assertNull(q.poll());
        assertTrue(q.toString().contains("consumer=none now"), q.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(SINGLE_PRODUCER)
    void secondProducerIsCaughtAndTouchesNothing(QueueSpec spec) throws Throwable {
        final CheckedQueue<Integer> q = checked(spec);
        final CountDownLatch inside = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final int[] next = {0};
        // The first producer sits in its fill's supplier: inside the producer side.
        final Thread first = start("first-producer", () -> q.fill(() -> {
            if (next[0] == 1) {
                inside.countDown();
                await(release);
            }
            return 100 + next[0]++;
        }, 3), failure);
        assertTrue(inside.await(30, TimeUnit.SECONDS));
        final String name = q.unwrap().getClass().getName();
        assertOverlap("producer", first, () -> q.offer(1), name);
        assertOverlap("producer", first, () -> q.relaxedOffer(1), name);
        assertOverlap("producer", first, () -> q.add(1), name);
        assertOverlap("producer", first, () -> q.addAll(List.of(1, 2)), name);
        assertOverlap("producer", first, () -> q.fill(() -> 1, 2), name);
        assertTrue(q.toString().contains("producer=" + first), q.toString());
        release.countDown();
        join(first, failure);
        assertEquals(3, q.size());
        assertTrue(q.offer(200));
        for (int expected : new int[] {100, 101, 102, 200}) {
            assertEquals(expected, q.poll());
        }
        assertNull(q.poll());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MULTI_CONSUMER)
    void sidesForAnyNumberOfThreadsAreNotChecked(QueueSpec spec) throws Throwable {
        final CheckedQueue<Integer> q = checked(spec);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread first = consumerInsideDrain(q, new ArrayList<>(), release, failure);
        assertEquals(1, q.poll());
        release.countDown();
        join(first, failure);
        assertEquals(2, q.poll());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void spliteratorIsTheQueuesOwn(QueueSpec spec) {
        final MessagePassingQueue<Integer> inner = spec.create(16);
        final CheckedQueue<Integer> q = CheckedQueue.wrap(inner, true, true);
        q.offer(1);
        q.offer(2);
        final Spliterator<Integer> own = QueueRegistry.asQueue(inner).spliterator();
        final Spliterator<Integer> viewed = q.spliterator();
        // Never SIZED where the queue's is not: other threads change the size under a traversal.
        assertEquals(own.characteristics(), viewed.characteristics());
        final List<Integer> seen = new ArrayList<>();
        viewed.forEachRemaining(seen::add);
        assertEquals(2, seen.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void callbacksOfTheSidesOwnThreadAreNotOverlap(QueueSpec spec) {
        final CheckedQueue<Integer> q = checked(spec);
        for (int i = 0; i < 4; i++) {
            assertTrue(q.offer(i));
        }
        final List<Integer> seen = new ArrayList<>();
        // A drain whose callback polls and offers: the same thread, so not flagged.
        q.drain(e -> {
            seen.add(e);
            seen.add(q.poll());
            assertTrue(q.offer(10 + e));
        }, 1);
        assertEquals(List.of(0, 1), seen);
        // A drain's callback may take from its own queue and offer to it (both documented).
        assertEquals(3, q.size());
        final Integer[] filled = {null};
        assertEquals(1, q.fill(() -> {
            // The supplier of the producer's own thread reads the queue: not flagged.
            filled[0] = q.size();
            return 40;
        }, 1));
        // 3, or 4 where a fill claims its slots before it asks the supplier.
        assertTrue(filled[0] == 3 || filled[0] == 4, "size " + filled[0]);
        assertEquals(4, q.size());
    }

    /**
     * Each side moves from thread to thread many times, every call ordered after the last by the
     * hand-over (a task finished before the next is submitted): never flagged, and the queue
     * works as used from one thread.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void serialHandOversAreNeverFlagged(QueueSpec spec) throws Exception {
        final CheckedQueue<Integer> q = checked(spec);
        final ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            int produced = 0;
            int consumed = 0;
            for (int round = 0; round < 500; round++) {
                final int from = produced;
                final Future<Integer> p = pool.submit(() -> {
                    int k = 0;
                    if (q.offer(from)) {
                        k++;
                    }
                    final int[] next = {from + k};
                    return k + q.fill(() -> next[0]++, 2);
                });
                produced += p.get(30, TimeUnit.SECONDS);
                final int expect = consumed;
                final Future<Integer> c = pool.submit(() -> {
                    final int[] next = {expect};
                    // Elements in the order offered, but for the compound queues (a lane per thread).
                    final Consumer<Integer> check = e -> assertEquals(spec.fifo() ? next[0]++ : e, e);
                    final Integer first = q.poll();
                    if (first == null) {
                        return 0;
                    }
                    check.accept(first);
                    return 1 + q.drain(check::accept, 1);
                });
                consumed += c.get(30, TimeUnit.SECONDS);
            }
            assertTrue(produced > 500, "produced " + produced);
            assertEquals(produced - consumed, q.size());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Two threads that use a single side at once, in a loop: the check catches them (bounded in
     * time). Fails with the check removed.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(SINGLE_CONSUMER)
    void overlappingPollsAreCaughtUnderStress(QueueSpec spec) throws Throwable {
        final CheckedQueue<Integer> q = checked(spec);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        final AtomicReference<IllegalStateException> caught = new AtomicReference<>();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Runnable body = () -> {
            while (caught.get() == null && System.nanoTime() < deadline) {
                try {
                    q.offer(1);
                    q.poll();
                    q.peek();
                } catch (IllegalStateException e) {
                    caught.compareAndSet(null, e);
                }
            }
        };
        final Thread a = start("stress-a", body, failure);
        final Thread b = start("stress-b", body, failure);
        join(a, failure);
        join(b, failure);
        assertTrue(caught.get() != null, "two threads polled together for 20 s and nothing was caught");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BLOCKING)
    void aWaitingThreadHoldsItsSide(QueueSpec spec) throws Throwable {
        final CheckedQueue<Integer> c = checked(spec);
        final CheckedBlockingQueue<Integer> q = (CheckedBlockingQueue<Integer>) c;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final AtomicReference<Integer> got = new AtomicReference<>();
        final Thread taker = start("taker", () -> {
            try {
                got.set(q.take());
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }, failure);
        if (!spec.multiConsumer()) {
            final String name = q.unwrap().getClass().getName();
            // Once the taker is inside take (its side says so), a poll beside it is flagged.
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!q.toString().contains("consumer=" + taker + " in take")) {
                assertTrue(System.nanoTime() < deadline, "the taker never entered take: " + q);
                Thread.sleep(1);
            }
            final IllegalStateException e = assertThrows(IllegalStateException.class, () -> q.poll(0, TimeUnit.SECONDS));
            assertTrue(e.getMessage().contains("taker") && e.getMessage().contains(name), e.getMessage());
            assertThrows(IllegalStateException.class, () -> q.drainTo(new ArrayList<>()));
        }
        assertTrue(q.offer(7));
        join(taker, failure);
        assertEquals(7, got.get());
        assertThrows(IllegalArgumentException.class, () -> q.drainTo(q));
    }

    @Test
    void wrapReadsTheShapeOffTheClassName() {
        assertEquals(CheckedQueue.SINGLE_PRODUCER | CheckedQueue.SINGLE_CONSUMER, CheckedQueue.shape(new SpscArrayQueue<>(4)));
        assertEquals(CheckedQueue.SINGLE_CONSUMER, CheckedQueue.shape(new MpscUnboundedXaddArrayQueue<>(4)));
        assertEquals(CheckedQueue.SINGLE_PRODUCER, CheckedQueue.shape(new SpmcArrayQueue<>(4)));
        assertEquals(0, CheckedQueue.shape(new MpmcArrayQueue<>(4)));
        // A subclass goes by the nearest class so named.
        assertEquals(CheckedQueue.SINGLE_CONSUMER, CheckedQueue.shape(new MpscArrayQueue<Object>(4) { }));
        final CheckedQueue<Object> plain = CheckedQueue.wrap(new SpscArrayQueue<>(4));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CheckedQueue.wrap(plain));
        assertTrue(e.getMessage().startsWith("queue"), e.getMessage());
        assertThrows(NullPointerException.class, () -> CheckedQueue.wrap(null));
        // Said explicitly, any queue: here a checked view checked again, as MPMC.
        final CheckedQueue<Object> twice = CheckedQueue.wrap(plain, false, false);
        assertTrue(twice.offer(1));
        assertEquals(1, twice.poll());
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("not released");
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
