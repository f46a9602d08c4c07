package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Removal from any position ({@code remove(Object)}, {@code removeIf}, {@code removeAll},
 * {@code retainAll}, the iterator's {@code remove}) of the queues that support it, the MPMC blocking ones: what it removes, how the
 * other methods see the removed element's slot, that it never takes an element a consumer takes
 * too, and that a {@link ThreadPoolExecutor} working from one of them settles every task offered
 * as it shuts down.
 */
class QueueRemovalTest {
    static Stream<Arguments> removable() {
        return QueueRegistry.specs(QueueSpec::removesAnywhere).map(Arguments::of);
    }

    private static MessagePassingBlockingQueue<Integer> holding(QueueSpec spec, int... elements) {
        final MessagePassingBlockingQueue<Integer> q = BlockingTakeSuite.newQueue(spec, 8);
        for (int e : elements) {
            assertTrue(q.offer(e));
        }
        return q;
    }

    private static List<Integer> drained(MessagePassingQueue<Integer> q) {
        final List<Integer> out = new ArrayList<>();
        q.drain(out::add);
        for (Integer e; (e = q.poll()) != null; ) {
            out.add(e);
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("removable")
    void removeTakesOutTheFirstOccurrenceFromAnyPosition(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = holding(spec, 1, 2, 3, 2, 4);
        assertTrue(q.remove(Integer.valueOf(2)));
        assertEquals(4, q.size());
        assertEquals(List.of(1, 3, 2, 4), new ArrayList<>(q));
        assertFalse(q.contains(5));
        assertFalse(q.remove(Integer.valueOf(5)));
        assertFalse(q.remove(null));
        assertTrue(q.remove(Integer.valueOf(4)));
        assertTrue(q.remove(Integer.valueOf(1)));
        assertEquals(2, q.size());
        assertEquals(3, q.peek());
        assertEquals(List.of(3, 2), drained(q));
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
        assertNull(q.poll());
    }

    /**
     * A removed element's slot is passed over by every consuming path, and counted neither by
     * {@code size()} nor by {@code isEmpty()}, also when it is all that is left.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("removable")
    void everyConsumingPathPassesRemovedSlots(QueueSpec spec) throws InterruptedException {
        for (int way = 0; way < 7; way++) {
            final MessagePassingBlockingQueue<Integer> q = holding(spec, 1, 2, 3);
            assertTrue(q.remove(Integer.valueOf(1)));
            assertTrue(q.remove(Integer.valueOf(3)));
            assertEquals(1, q.size());
            assertFalse(q.isEmpty());
            final List<Integer> got = new ArrayList<>();
            switch (way) {
                case 0:
                    got.add(q.poll());
                    break;
                case 1:
                    got.add(q.relaxedPoll());
                    break;
                case 2:
                    got.add(q.take());
                    break;
                case 3:
                    q.drain(got::add, 5);
                    break;
                case 4:
                    q.drainTo(got);
                    break;
                case 5:
                    got.add(q.peek());
                    got.add(q.relaxedPeek());
                    assertEquals(2, q.poll());
                    break;
                default:
                    got.add(q.poll(1, TimeUnit.SECONDS));
            }
            assertEquals(way == 5 ? List.of(2, 2) : List.of(2), got, "way " + way);
            // Only the mark of 3 may be left: the queue is empty by every account.
            assertTrue(q.isEmpty(), "way " + way);
            assertEquals(0, q.size(), "way " + way);
            assertNull(q.poll(), "way " + way);
            assertNull(q.peek(), "way " + way);
            assertTrue(q.offer(9));
            assertEquals(9, q.poll());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("removable")
    void bulkRemovalsRemoveEveryMatch(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = holding(spec, 1, 2, 3, 4, 5, 6);
        assertTrue(q.removeIf(e -> e % 2 == 0));
        assertEquals(List.of(1, 3, 5), new ArrayList<>(q));
        assertFalse(q.removeIf(e -> e > 10));
        assertTrue(q.removeAll(List.of(3, 7)));
        assertEquals(List.of(1, 5), new ArrayList<>(q));
        assertTrue(q.retainAll(List.of(5)));
        assertEquals(List.of(5), new ArrayList<>(q));
        assertFalse(q.retainAll(List.of(5)));
        assertThrows(NullPointerException.class, () -> q.removeIf(null));
        assertThrows(NullPointerException.class, () -> q.removeAll(null));
        assertThrows(NullPointerException.class, () -> q.retainAll(null));
        assertEquals(1, q.size());
        assertEquals(5, q.poll());
    }

    /**
     * The iterator's {@code remove} removes the element it returned last (by identity, so an equal
     * element elsewhere stays), once per {@code next}; and does nothing if a consumer took the
     * element meanwhile.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("removable")
    void iteratorRemoveRemovesTheElementItReturned(QueueSpec spec) {
        final Integer twoA = Integer.valueOf(2000);
        final Integer twoB = Integer.valueOf(2000);
        assertNotSame(twoA, twoB, "run without a box cache reaching 2000");
        final MessagePassingBlockingQueue<Integer> q = BlockingTakeSuite.newQueue(spec, 8);
        for (Integer e : List.of(1, twoA, 3, twoB, 5)) {
            assertTrue(q.offer(e));
        }
        final Iterator<Integer> it = q.iterator();
        assertThrows(IllegalStateException.class, it::remove);
        assertEquals(1, it.next());
        assertSame(twoA, it.next());
        assertEquals(3, it.next());
        assertSame(twoB, it.next());
        it.remove();
        assertThrows(IllegalStateException.class, it::remove);
        assertEquals(List.of(1, 2000, 3, 5), new ArrayList<>(q));
        final Iterator<Integer> again = q.iterator();
        assertEquals(1, again.next());
        assertSame(twoA, again.next());
        assertEquals(1, q.poll());
        assertSame(twoA, q.poll());
        // Taken by a consumer since it was returned: nothing to remove, nothing else removed.
        again.remove();
        assertEquals(3, again.next());
        assertEquals(5, again.next());
        again.remove();
        assertFalse(again.hasNext());
        assertEquals(List.of(3), drained(q));
        assertTrue(q.isEmpty());
    }

    /**
     * {@link ThreadPoolExecutor#purge} removes the cancelled futures still queued (through the
     * iterator's {@code remove}) and leaves the others to run.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("removable")
    void purgeRemovesCancelledQueuedTasks(QueueSpec spec) throws Exception {
        @SuppressWarnings("unchecked")
        final BlockingQueue<Runnable> work = (BlockingQueue<Runnable>) (BlockingQueue<?>) spec.create(16);
        final ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, work);
        try {
            final CountDownLatch running = new CountDownLatch(1);
            final CountDownLatch release = new CountDownLatch(1);
            pool.execute(() -> {
                running.countDown();
                awaitQuietly(release);
            });
            assertTrue(running.await(10, TimeUnit.SECONDS));
            final List<java.util.concurrent.Future<Integer>> futures = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                final int n = i;
                futures.add(pool.submit(() -> n));
            }
            assertEquals(6, work.size());
            for (int i = 0; i < 6; i += 2) {
                assertTrue(futures.get(i).cancel(false));
            }
            pool.purge();
            assertEquals(3, work.size());
            release.countDown();
            for (int i = 1; i < 6; i += 2) {
                assertEquals(i, futures.get(i).get(10, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdown();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
        assertTrue(work.isEmpty());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * With no consumer, elements added and removed again never fill the queue: a removed
     * element's slot at the head is freed at once, and one freed later by a full {@code offer}
     * (found by the JSR-166 TCK's {@code Collection8Test}: after {@code capacity} add/remove
     * pairs {@code add} threw "Queue full" with {@code size()} 0).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("removable")
    void addAndRemoveWithoutAConsumerNeverFillTheQueue(QueueSpec spec) throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = BlockingTakeSuite.newQueue(spec, 4);
        for (int i = 0; i < 100; i++) {
            q.add(i);
            assertTrue(q.remove(Integer.valueOf(i)), "round " + i);
            assertEquals(0, q.size());
            assertTrue(q.isEmpty());
        }
        if (q.capacity() != MessagePassingQueue.UNBOUNDED_CAPACITY) {
            assertEquals(q.capacity(), q.remainingCapacity());
            // A mark in the middle holds its slot until the head passes it.
            for (int i = 0; i < q.capacity(); i++) {
                q.add(i);
            }
            assertTrue(q.remove(Integer.valueOf(1)));
            assertEquals(q.capacity() - 1, q.size());
            assertEquals(0, q.remainingCapacity());
            assertFalse(q.offer(99));
            assertEquals(0, q.poll());
            // The head is the mark now: 0's slot takes 100, and the offer of 101, finding the
            // ring full, steps over the mark and takes its slot.
            assertTrue(q.offer(100));
            assertTrue(q.offer(101));
            assertFalse(q.offer(102));
            final List<Integer> expected = new ArrayList<>();
            for (int i = 2; i < q.capacity(); i++) {
                expected.add(i);
            }
            expected.addAll(List.of(100, 101));
            assertEquals(expected, drained(q));
        }
        q.clear();
        q.put(7);
        assertEquals(7, q.take());
    }

    /** Removal across a ring's wrap and a chunk's links, with slots and chunks reused. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("removable")
    void removalWorksAcrossWrapsAndChunks(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = BlockingTakeSuite.newQueue(spec, 4);
        int next = 0;
        for (int round = 0; round < 50; round++) {
            // Three in, the middle one removed, two out: indices move on, so rings wrap and chunks link.
            assertTrue(q.offer(next));
            assertTrue(q.offer(next + 1));
            assertTrue(q.offer(next + 2));
            assertTrue(q.remove(next + 1));
            assertEquals(next, q.poll(), "round " + round);
            assertEquals(next + 2, q.poll(), "round " + round);
            assertTrue(q.isEmpty());
            next += 3;
        }
        assertNull(q.poll());
    }

    /**
     * A remover and consumers race over the same elements: each element is taken exactly once, by
     * a consumer or by the remover, never both, never neither. The build runs the blocking waits
     * without their safety-net timeout.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("removable")
    void removersAndConsumersNeverBothTakeAnElement(QueueSpec spec) {
        // On two cores the consumers may keep the queue so short that a round's remover finds
        // nothing to remove; rounds go on until removals have raced consumers.
        long removed = 0;
        for (int round = 0; round < 20 && removed < 1000; round++) {
            removed += removalRace(spec);
        }
        assertTrue(removed > 0, "the remover removed nothing in 20 rounds: the race proved nothing");
    }

    /** One round of {@link #removersAndConsumersNeverBothTakeAnElement}; returns how many the remover took. */
    private static long removalRace(QueueSpec spec) {
        final int total = 40_000;
        final MessagePassingBlockingQueue<Integer> q = BlockingTakeSuite.newQueue(spec, 64);
        final AtomicIntegerArray taken = new AtomicIntegerArray(total);
        final AtomicLong done = new AtomicLong();
        final AtomicLong removedCount = new AtomicLong();
        final Race race = new Race().watching(done::get, () -> "settled " + done.get() + " of " + total);
        final AtomicLong produced = new AtomicLong();
        race.thread("producer", () -> {
            for (int i = 0; i < total; i++) {
                q.put(i);
                produced.lazySet(i + 1);
            }
        });
        race.thread("remover", () -> {
            // Aims at the elements offered last, which the consumers are least likely to have taken.
            for (int j = 0; done.get() < total; j++) {
                final int i = (int) produced.get() - 1 - (j & 7);
                if (i >= 0 && q.remove(Integer.valueOf(i))) {
                    assertEquals(1, taken.incrementAndGet(i), "element " + i + " taken twice");
                    removedCount.incrementAndGet();
                    done.incrementAndGet();
                }
                if (produced.get() == total && (j & 7) == 7) {
                    race.idle();
                }
            }
        });
        for (int c = 0; c < 2; c++) {
            race.thread("consumer-" + c, () -> {
                while (done.get() < total) {
                    final Integer e = q.poll(1, TimeUnit.MILLISECONDS);
                    if (e != null) {
                        assertEquals(1, taken.incrementAndGet(e), "element " + e + " taken twice");
                        done.incrementAndGet();
                    }
                }
            });
        }
        race.run();
        for (int i = 0; i < total; i++) {
            assertEquals(1, taken.get(i), "times element " + i + " was taken");
        }
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
        return removedCount.get();
    }

    /**
     * {@code isEmpty()} never says empty, nor {@code size()} 0, while an element is in the queue,
     * also while consumers pass removed elements' slots (a consumer has claimed such a slot a
     * moment before it counts it off) and removers mark slots. A keeper thread offers its next
     * element before it takes its previous one, so one of its elements is always queued; a remover
     * offers and removes its own elements meanwhile, leaving marks the keeper steps over.
     * ({@code ThreadPoolExecutor} asks {@code isEmpty()} before it lets a shut-down pool
     * terminate.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("removable")
    void isEmptyNeverSaysEmptyWhileAnElementIsQueued(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = BlockingTakeSuite.newQueue(spec, 64);
        final long rounds = 200_000;
        final AtomicLong kept = new AtomicLong();
        final AtomicLong looks = new AtomicLong();
        final Race race = new Race().watching(kept::get, () -> "kept " + kept.get() + " of " + rounds);
        assertTrue(q.offer(0));
        race.thread("keeper", () -> {
            for (int i = 0; i < rounds; i++) {
                assertTrue(q.offer(i + 1));
                // Takes elements until its own previous one (the remover's may come first).
                while (true) {
                    final Integer e = q.poll();
                    if (e != null && e >= 0) {
                        assertEquals(i, e, "the keeper's elements in order");
                        break;
                    }
                }
                kept.set(i + 1);
            }
        });
        race.thread("remover", () -> {
            for (int j = -1; kept.get() < rounds; j = j == -1_000_000 ? -1 : j - 1) {
                // Marks behind the keeper's element hold their slots until the keeper polls:
                // leave it room (only the two of them add).
                if (q.remainingCapacity() > 8 && q.offer(j)) {
                    q.remove(Integer.valueOf(j));
                }
            }
        });
        race.thread("looker", () -> {
            while (kept.get() < rounds) {
                assertFalse(q.isEmpty(), "isEmpty() with a keeper's element queued");
                assertTrue(q.size() > 0, "size() 0 with a keeper's element queued");
                looks.incrementAndGet();
            }
        });
        race.run();
        assertTrue(looks.get() > 0);
        assertEquals((int) rounds, q.poll());
    }

    /**
     * A {@link ThreadPoolExecutor} on one of these queues: tasks executed while another thread
     * shuts the pool down each run or are rejected, exactly once. ThreadPoolExecutor removes a
     * task it queued just as the pool shut down ({@code remove(Object)}), and rejects it if the
     * removal succeeded; without removal such a task could be neither run nor rejected.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("removable")
    void aPoolShuttingDownRunsOrRejectsEveryTaskExactlyOnce(QueueSpec spec) throws Exception {
        final long start = System.nanoTime();
        int rounds = 0;
        while (rounds < 20 || System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(500)) {
            poolRound(spec, rounds++);
        }
    }

    private static void poolRound(QueueSpec spec, int round) throws Exception {
        final int submitters = 3;
        final int each = 200;
        @SuppressWarnings("unchecked")
        final BlockingQueue<Runnable> work = (BlockingQueue<Runnable>) (BlockingQueue<?>) spec.create(1 << 12);
        final ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 0, TimeUnit.SECONDS, work);
        final Set<Integer> ran = ConcurrentHashMap.newKeySet();
        final Set<Integer> rejected = ConcurrentHashMap.newKeySet();
        final CountDownLatch go = new CountDownLatch(1);
        final List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < submitters; s++) {
            final int id = s;
            final Thread t = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    final int task = id * each + i;
                    try {
                        pool.execute(() -> assertTrue(ran.add(task)));
                    } catch (RejectedExecutionException e) {
                        assertTrue(rejected.add(task));
                    }
                }
            }, "submitter-" + s);
            t.start();
            threads.add(t);
        }
        go.countDown();
        // Shut down part-way through the submissions.
        while (ran.size() + rejected.size() < submitters * each / 4) {
            Thread.onSpinWait();
        }
        pool.shutdown();
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(20));
            assertFalse(t.isAlive(), "round " + round + ": a submitter is stuck");
        }
        assertTrue(pool.awaitTermination(20, TimeUnit.SECONDS), "round " + round + ": the pool did not terminate");
        for (int task = 0; task < submitters * each; task++) {
            final boolean r = ran.contains(task);
            final boolean j = rejected.contains(task);
            assertTrue(r != j, "round " + round + ": task " + task + (r ? " ran and was rejected" : " neither ran nor was rejected"));
        }
        assertTrue(work.isEmpty(), "round " + round + ": tasks left in the queue");
    }
}
