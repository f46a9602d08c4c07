package org.jcq.queues;

import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The batch paths ({@code drain(c, limit)}, {@code fill(s, limit)}) walk runs of slots that do not
 * wrap around a ring, and the multi-consumer queues claim whole runs with one CAS. These tests put
 * a run's edges everywhere (every start position of a small ring, batches longer than the ring),
 * and call back into the queue from the callbacks: what a callback sees, and what happens when it
 * takes from the queue or throws while a claimed run is still in hand.
 */
class BatchPathTest {
    private static final String ALL = "org.jcq.queues.QueueRegistry#all";
    private static final String BOUNDED = "org.jcq.queues.QueueRegistry#bounded";
    private static final String SINGLE_CONSUMER = "org.jcq.queues.QueueRegistry#singleConsumer";

    /**
     * From every start position of a ring of 16 (or a chunk of 16), a fill of every length up to
     * past the ring and a drain of every length: counts and order as one element at a time would
     * give them, and the queue empty and working after.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void runsAcrossTheWrapKeepCountAndOrder(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        for (int start = 0; start < 16; start++) {
            for (int length = 0; length <= 20; length++) {
                final MessagePassingQueue<Integer> q = spec.create(16);
                final int capacity = spec.bounded() ? q.capacity() : Integer.MAX_VALUE;
                for (int i = 0; i < start; i++) {
                    assertTrue(q.offer(-1));
                    assertEquals(-1, q.poll());
                }
                final int[] next = {0};
                final String at = "start " + start + ", length " + length;
                final int added = q.fill(() -> next[0]++, length);
                assertEquals(Math.min(length, capacity), added, at);
                assertEquals(added, next[0], "supplier calls, " + at);
                assertEquals(added, q.size(), at);
                final List<Integer> drained = new ArrayList<>();
                for (int limit = 1; drained.size() < added; limit++) {
                    final int before = drained.size();
                    final int n = q.drain(drained::add, limit);
                    assertEquals(Math.min(limit, added - before), n, at + ", drain " + limit);
                }
                assertEquals(IntStream.range(0, added).boxed().collect(Collectors.toList()), drained, at);
                assertEquals(0, q.drain(drained::add, 5), at);
                QueueSanityTest.assertEmpty(q, at);
            }
        }
    }

    /**
     * A drain's callback that reads the queue sees every element it was handed as gone: the
     * single-consumer queues store each element's index before handing it over, the multi-consumer
     * ones claim their run first (so a callback sees the run as taken).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void drainCallbackSeesHandedElementsGone(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(16);
        for (int i = 0; i < 10; i++) {
            assertTrue(q.offer(i));
        }
        final List<String> seen = new ArrayList<>();
        final int n = q.drain(e -> {
            final int left = 10 - e - 1;
            assertTrue(q.size() <= left, "size " + q.size() + " after handing " + e);
            final Integer head = q.peek();
            if (head != null) {
                assertTrue(head > e, "peek " + head + " after handing " + e);
            } else {
                seen.add("empty at " + e);
            }
        }, 6);
        assertEquals(6, n);
        // Single consumer: the next element is always visible; a claimed run may hide the rest of itself.
        if (!spec.multiConsumer()) {
            assertEquals(List.of(), seen);
        }
        assertEquals(6, q.poll());
        assertEquals(3, q.size());
    }

    /**
     * A drain's callback that polls the same queue (the consumer thread taking an element itself):
     * nothing is lost, nothing handed twice, nothing waits for ever, and each list stays in order.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void drainCallbackThatPollsTheQueueLosesAndDuplicatesNothing(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        for (int start = 0; start < 16; start += 5) {
            final MessagePassingQueue<Integer> q = spec.create(16);
            for (int i = 0; i < start; i++) {
                assertTrue(q.offer(-1));
                assertEquals(-1, q.poll());
            }
            for (int i = 0; i < 12; i++) {
                assertTrue(q.offer(i));
            }
            final List<Integer> handed = new ArrayList<>();
            final List<Integer> polled = new ArrayList<>();
            final int n = q.drain(e -> {
                handed.add(e);
                if (e % 3 == 1) {
                    final Integer p = q.poll();
                    if (p != null) {
                        polled.add(p);
                    }
                }
            }, 8);
            assertEquals(handed.size(), n, "start " + start);
            final List<Integer> rest = new ArrayList<>();
            for (Integer e; (e = q.poll()) != null; ) {
                rest.add(e);
            }
            final List<Integer> all = new ArrayList<>(handed);
            all.addAll(polled);
            all.addAll(rest);
            all.sort(null);
            assertEquals(IntStream.range(0, 12).boxed().collect(Collectors.toList()), all,
                    "start " + start + ": handed " + handed + ", polled " + polled + ", rest " + rest);
            assertInOrder(handed);
            assertInOrder(polled);
            assertInOrder(rest);
            QueueSanityTest.assertEmpty(q, "start " + start);
        }
    }

    /**
     * On a single-consumer queue, a drain whose callback polled goes on, up to its limit, with
     * what the callback left: the element after the ones handed so far (a queue that takes one at
     * a time), or the one after its claimed run.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(SINGLE_CONSUMER)
    void singleConsumerDrainGoesOnAfterWhatItsCallbackTook(QueueSpec spec) {
        final MessagePassingQueue<Integer> q = spec.create(16);
        for (int i = 0; i < 8; i++) {
            assertTrue(q.offer(i));
        }
        final List<Integer> handed = new ArrayList<>();
        final int[] polled = {-1};
        final int n = q.drain(e -> {
            handed.add(e);
            if (e == 2) {
                polled[0] = q.poll();
            }
        }, 5);
        assertEquals(5, n);
        assertEquals(5, handed.size());
        assertInOrder(handed);
        assertTrue(polled[0] > 2 && !handed.contains(polled[0]), "polled " + polled[0] + ", handed " + handed);
        final List<Integer> all = new ArrayList<>(handed);
        all.add(polled[0]);
        for (Integer e; (e = q.poll()) != null; ) {
            all.add(e);
        }
        all.sort(null);
        assertEquals(IntStream.range(0, 8).boxed().collect(Collectors.toList()), all);
    }

    /**
     * A drain's callback takes every element it can from the queue and throws, while the rest of
     * the drain's claimed run (where it claims runs) is in hand: the run cannot go back to the head,
     * which moved past it, so the drain hands the rest to the callback, then the first throwable
     * propagates (a drain that claims nothing just stops). Every element is handed once, in order,
     * and the ring's slots are all free again (a full lap of offers and polls goes through).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void claimedRunThatCannotGoBackIsHandedToTheCallback(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(16);
        for (int i = 0; i < 12; i++) {
            assertTrue(q.offer(i));
        }
        final List<Integer> handed = new ArrayList<>();
        final List<Integer> polled = new ArrayList<>();
        final IllegalStateException first = new IllegalStateException("first");
        final Throwable thrown = CallbackFailureTest.catchThrowable(() -> q.drain(e -> {
            handed.add(e);
            if (e == 2) {
                // Claims past the drain's run (which ends at 8 at most).
                Integer p;
                while ((p = q.poll()) != null) {
                    polled.add(p);
                }
                throw first;
            }
            if (e > 2) {
                throw new IllegalStateException("later, dropped");
            }
        }, 8));
        assertSame(first, thrown);
        final List<Integer> all = new ArrayList<>(handed);
        all.addAll(polled);
        all.sort(null);
        assertEquals(IntStream.range(0, 12).boxed().collect(Collectors.toList()), all,
                "handed " + handed + ", polled " + polled);
        assertInOrder(handed);
        assertInOrder(polled);
        QueueSanityTest.assertEmpty(q, "after the drain");
        if (spec.bounded()) {
            for (int lap = 0; lap < 2; lap++) {
                for (int i = 0; i < q.capacity(); i++) {
                    assertTrue(q.offer(i), "lap " + lap + ", offer " + i);
                }
                assertFalse(q.offer(-1));
                for (int i = 0; i < q.capacity(); i++) {
                    assertEquals(i, q.poll(), "lap " + lap);
                }
            }
        }
        assertNull(q.poll());
    }

    /**
     * A drain's callback throws and no consumer took past the drain's claimed run: the rest of the
     * run goes back to the head, untouched and in order (as for a drain that claims nothing).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void claimedRunGoesBackToTheHeadWhenNobodyClaimedPastIt(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(16);
        for (int i = 0; i < 12; i++) {
            assertTrue(q.offer(i));
        }
        final List<Integer> handed = new ArrayList<>();
        final IllegalStateException failure = new IllegalStateException("callback fails");
        final Throwable thrown = CallbackFailureTest.catchThrowable(() -> q.drain(e -> {
            handed.add(e);
            if (e == 4) {
                // A queue that claims its run (up to [0, 10), less where a chunk ends) at once
                // counts it as taken while the callback runs; one that takes one element at a
                // time shows 7 left.
                final int size = q.size();
                assertTrue(claimsRuns(q) ? size < 7 && size >= 2 : size == 7, "size " + size);
                throw failure;
            }
        }, 10));
        assertSame(failure, thrown);
        assertEquals(List.of(0, 1, 2, 3, 4), handed);
        assertEquals(7, q.size());
        final List<Integer> rest = new ArrayList<>();
        assertEquals(7, q.drain(rest::add, 20));
        assertEquals(List.of(5, 6, 7, 8, 9, 10, 11), rest);
    }

    /**
     * A producer that waits for a slot of a drain's claimed run (the ring's next lap) must not
     * wait for ever when the drain's callback throws and gives the run back: on a full queue, the
     * callback (on the consumer thread) lets another thread offer two elements, the first into the
     * slot it has just been handed, the second into the next slot, still in the claimed run, and
     * throws while that offer may be waiting. The offers must finish, and every element must come
     * out once, in order.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(BOUNDED)
    void producerWaitingOnAGivenBackRunFinishes(QueueSpec spec) throws InterruptedException {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        final MessagePassingQueue<Integer> q = spec.create(8);
        final int capacity = q.capacity();
        for (int i = 0; i < capacity; i++) {
            assertTrue(q.offer(i));
        }
        final boolean[] offered = new boolean[2];
        final Thread producer = new Thread(() -> {
            offered[0] = q.offer(capacity);
            offered[1] = q.offer(capacity + 1);
        });
        final IllegalStateException failure = new IllegalStateException("callback fails");
        final Throwable thrown = CallbackFailureTest.catchThrowable(() -> q.drain(e -> {
            producer.start();
            try {
                producer.join(200);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            throw failure;
        }, capacity));
        assertSame(failure, thrown);
        producer.join(10_000);
        assertFalse(producer.isAlive(), spec + ": the producer still waits");
        final List<Integer> expected = new ArrayList<>();
        for (int i = 1; i < capacity; i++) {
            expected.add(i);
        }
        for (int i = 0; i < 2; i++) {
            if (offered[i]) {
                expected.add(capacity + i);
            }
        }
        final List<Integer> rest = new ArrayList<>();
        for (Integer e; (e = q.poll()) != null; ) {
            rest.add(e);
        }
        assertEquals(expected, rest, "offers taken: " + offered[0] + ", " + offered[1]);
    }

    /**
     * A drain beside a fill whose supplier stalls in the middle of its run takes the elements
     * published so far and returns: it may wait a little for the rest of the run (the MPMC ring
     * does, so that a producer and a consumer in step take whole runs), but not for the stalled
     * supplier. Published so far: each element as it was supplied, or none where the fill
     * publishes its run at once (the SPMC ring's producer index, the linked queues' chain). Then
     * the rest of the run comes out once, in order.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ALL)
    void drainBesideAStalledFillTakesWhatIsPublished(QueueSpec spec) throws InterruptedException {
        final MessagePassingQueue<Integer> q = spec.create(64);
        final CountDownLatch stalled = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final int[] next = {0};
        final Thread producer = new Thread(() -> q.fill(() -> {
            if (next[0] == 5) {
                stalled.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return next[0]++;
        }, 16), "stalled fill");
        producer.setDaemon(true);
        producer.start();
        final List<Integer> drained = new ArrayList<>();
        try {
            assertTrue(stalled.await(10, TimeUnit.SECONDS), "the fill never reached its sixth element");
            final int n = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> q.drain(drained::add, 16),
                    "the drain waited for the stalled supplier");
            assertEquals(publishesRunsAtOnce(q) ? 0 : 5, n, "drained " + drained);
        } finally {
            release.countDown();
            producer.join(10_000);
        }
        assertFalse(producer.isAlive(), "the fill did not finish");
        for (Integer e; (e = q.poll()) != null; ) {
            drained.add(e);
        }
        assertEquals(IntStream.range(0, 16).boxed().collect(Collectors.toList()), drained);
    }

    /** With a bound, a fill larger than the room stops at the bound from any start position. */
    @ParameterizedTest(name = "{0}")
    @MethodSource(BOUNDED)
    void fillStopsAtTheBoundFromEveryPosition(QueueSpec spec) {
        assumeTrue(spec.fifo(), QueueRegistry.NOT_FIFO);
        for (int start = 0; start < 16; start++) {
            final MessagePassingQueue<Integer> q = spec.create(16);
            final int capacity = q.capacity();
            for (int i = 0; i < start; i++) {
                assertTrue(q.offer(-1));
                assertEquals(-1, q.poll());
            }
            for (int held = 0; held <= capacity; held += Math.max(1, capacity / 4)) {
                q.clear();
                for (int i = 0; i < held; i++) {
                    assertTrue(q.offer(i));
                }
                final int[] next = {held};
                assertEquals(capacity - held, q.fill(() -> next[0]++, capacity + 3), "start " + start + ", held " + held);
                assertEquals(capacity, next[0]);
                assertFalse(q.offer(-1));
                final List<Integer> all = new ArrayList<>();
                assertEquals(capacity, q.drain(all::add, capacity + 3));
                assertEquals(IntStream.range(0, capacity).boxed().collect(Collectors.toList()), all);
            }
        }
    }

    /** Whether the queue's fill makes a run visible to consumers at once, not element by element. */
    private static boolean publishesRunsAtOnce(MessagePassingQueue<?> q) {
        return q instanceof BaseSpmcArrayQueue || q instanceof BaseLinkedQueue;
    }

    /** Whether the queue's drain claims a run of elements before it hands them over. */
    private static boolean claimsRuns(MessagePassingQueue<?> q) {
        return q instanceof BaseSpscArrayQueue || q instanceof BaseSpscLinkedArrayQueue
                || q instanceof BaseSpmcArrayQueue || q instanceof BaseMpmcArrayQueue;
    }

    private static void assertInOrder(List<Integer> list) {
        for (int i = 1; i < list.size(); i++) {
            assertTrue(list.get(i - 1) < list.get(i), "out of order: " + list);
        }
    }
}
