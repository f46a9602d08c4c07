package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link MpscBlockingConsumerArrayQueue}: the shared blocking-consumer suite, and its producers
 * waiting for room on a full queue (put, the timed offer, the register the consumer's takes wake).
 */
class MpscBlockingConsumerArrayQueueTest extends BlockingConsumerSuite {
    @Override
    MessagePassingBlockingQueue<Integer> newQueue(int capacity) {
        return new MpscBlockingConsumerArrayQueue<>(capacity);
    }

    @Override
    Thread blockedConsumer(MessagePassingBlockingQueue<?> q) {
        return ((MpscBlockingConsumerArrayQueue<?>) q).lvBlockedConsumer();
    }

    /** The queue's register of producers waiting for room, or null if none has waited. */
    RoomWaiters laRoomWaiters(MessagePassingBlockingQueue<?> q) {
        return ((MpscBlockingConsumerArrayQueue<?>) q).laRoomWaiters();
    }

    /** The queue's register, made if no producer has waited yet. */
    RoomWaiters roomWaiters(MessagePassingBlockingQueue<?> q) {
        return ((MpscBlockingConsumerArrayQueue<?>) q).roomWaiters();
    }

    /** MpscArrayQueue's own producer methods. */
    @Override
    List<ProducerMethod> moreSingleElementProducers() {
        return List.of(
                new ProducerMethod("offerIfBelowThreshold",
                        (q, e) -> assertTrue(((BaseMpscArrayQueue<Integer>) q).offerIfBelowThreshold(e, CAPACITY))),
                new ProducerMethod("failFastOffer", (q, e) -> {
                    int outcome;
                    while ((outcome = ((BaseMpscArrayQueue<Integer>) q).failFastOffer(e)) == -1) {
                        Thread.onSpinWait();
                    }
                    assertEquals(0, outcome);
                }));
    }

    // ---- producers waiting for room -----------------------------------------------------------

    @Test
    void putWaitsForRoomOnAFullQueue() {
        final MessagePassingBlockingQueue<Integer> q = newQueue(2);
        q.offer(0);
        q.offer(1);
        final AtomicLong consumed = new AtomicLong();
        final Race race = new Race().watching(consumed::get, () -> "consumed " + consumed.get());
        race.thread("producer", () -> {
            q.put(2);
            assertTrue(q.offer(3, Long.MAX_VALUE, TimeUnit.DAYS));
        });
        race.thread("consumer", () -> {
            for (int i = 0; i < 4; i++) {
                Integer e;
                while ((e = q.poll()) == null) {
                    race.idle();
                }
                assertEquals(i, e);
                consumed.incrementAndGet();
            }
        });
        race.run();
        assertTrue(q.isEmpty());
    }

    @Test
    void timedOfferOnAFullQueueFailsAfterTheTimeoutLeavingQueueUnchanged() throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(2);
        q.offer(0);
        q.offer(1);
        assertFalse(q.offer(2, 0, TimeUnit.SECONDS));
        assertFalse(q.offer(2, -1, TimeUnit.SECONDS));
        final long timeout = TimeUnit.MILLISECONDS.toNanos(5);
        final long start = System.nanoTime();
        assertFalse(q.offer(2, timeout, TimeUnit.NANOSECONDS));
        assertTrue(System.nanoTime() - start >= timeout, "offer gave up before its timeout");
        assertThrows(NullPointerException.class, () -> q.offer(null, 1, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> q.put(null));
        assertEquals(2, q.size());
        assertEquals(0, q.remainingCapacity());
    }

    @Test
    void interruptedProducerWaitingForRoomThrowsClearsStatusAndAddsNothing() {
        final MessagePassingBlockingQueue<Integer> q = newQueue(2);
        q.offer(0);
        q.offer(1);
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> q.put(2));
        assertFalse(Thread.interrupted());
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> q.offer(2, Long.MAX_VALUE, TimeUnit.DAYS));
        assertFalse(Thread.interrupted());
        assertEquals(2, q.size());
        assertEquals(List.of(0, 1), new ArrayList<>(q));
    }

    @Test
    void producerWithRoomAddsEvenIfInterrupted() throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(4);
        Thread.currentThread().interrupt();
        q.put(1);
        assertTrue(q.offer(2, 1, TimeUnit.SECONDS));
        assertTrue(Thread.interrupted());
        assertEquals(List.of(1, 2), new ArrayList<>(q));
    }

    /** A way the consumer takes one element. */
    private record Take(String name, Produce take) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Take> takes() {
        return Stream.of(
                new Take("poll", (q, e) -> assertEquals(e, q.poll())),
                new Take("relaxedPoll", (q, e) -> assertEquals(e, q.relaxedPoll())),
                new Take("take", (q, e) -> assertEquals(e, q.take())),
                new Take("poll(timeout)", (q, e) -> assertEquals(e, q.poll(1, TimeUnit.SECONDS))),
                new Take("drain(c, 1)", (q, e) -> assertEquals(1, q.drain(x -> assertEquals(e, x), 1))),
                new Take("drainTo(c, 1)", (q, e) -> {
                    final List<Integer> to = new ArrayList<>();
                    assertEquals(1, q.drainTo(to, 1));
                    assertEquals(List.of(e), to);
                }));
    }

    /** Waits until {@code producer} is registered as waiting for room in {@code q} and parked. */
    private void awaitWaitingForRoom(MessagePassingBlockingQueue<?> q, Thread producer, int waiters)
            throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (laRoomWaiters(q) == null || laRoomWaiters(q).size() < waiters
                || (producer.getState() != Thread.State.TIMED_WAITING && producer.getState() != Thread.State.WAITING)) {
            assertTrue(producer.isAlive(), "the producer ended without waiting");
            assertTrue(System.nanoTime() - deadline < 0, "the producer never waited for room");
            Thread.sleep(1);
        }
    }

    /**
     * A producer parked in put is taken off the register and unparked by the take that frees a
     * slot, not left to find the room when its park times out: the register is empty as soon as
     * the take returns. Fails if a take path does not wake waiting producers.
     * <p>
     * One race makes a round inconclusive, not wrong: the producer's timed park (1 ms) may end as
     * the take wakes it; it then registers again before it finds the room, and leaves its waiter
     * cancelled in the register. So up to 5 rounds run, and one round that finds the register
     * empty right after the take is enough; with no wake-up, no round does.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("takes")
    void aTakeWakesTheProducerWaitingForRoom(Take take) throws Exception {
        boolean woken = false;
        for (int round = 0; round < 5 && !woken; round++) {
            final MessagePassingBlockingQueue<Integer> q = newQueue(2);
            q.offer(0);
            q.offer(1);
            final AtomicReference<Throwable> failure = new AtomicReference<>();
            final Thread producer = new Thread(() -> {
                try {
                    q.put(2);
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "producer");
            producer.start();
            awaitWaitingForRoom(q, producer, 1);
            take.take().add(q, 0);
            woken = !laRoomWaiters(q).any();
            producer.join(TimeUnit.SECONDS.toMillis(20));
            assertFalse(producer.isAlive(), "the producer did not add its element");
            assertNull(failure.get());
            assertEquals(List.of(1, 2), new ArrayList<>(q));
        }
        assertTrue(woken, "the take left the waiting producer registered (5 rounds)");
    }

    /** Registers {@code n} waiters in {@code waiters}, each from a new thread, one after another. */
    private static List<RoomWaiters.Waiter> registerFromNewThreads(RoomWaiters waiters, int n) throws InterruptedException {
        final List<RoomWaiters.Waiter> registered = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // Joined before the next starts: the join orders each add before the next.
            final Thread t = new Thread(() -> registered.add(waiters.register()));
            t.start();
            t.join();
        }
        return registered;
    }

    /** A consumer about to wait for an element first wakes every producer registered for room. */
    @Test
    void aConsumerAboutToWaitWakesEveryRegisteredProducer() throws Exception {
        final MessagePassingBlockingQueue<Integer> q = newQueue(4);
        final List<RoomWaiters.Waiter> registered = registerFromNewThreads(roomWaiters(q), 3);
        assertEquals(3, laRoomWaiters(q).size());
        assertNull(q.poll(1, TimeUnit.MILLISECONDS));
        assertEquals(0, laRoomWaiters(q).size());
        for (RoomWaiters.Waiter w : registered) {
            assertEquals(RoomWaiters.OUT, w.lvState());
        }
    }

    /** The register wakes the oldest waiter first, one per freed slot, and drops cancelled ones. */
    @Test
    void theRegisterWakesOldestFirstOnePerSlotSkippingCancelled() throws Exception {
        final RoomWaiters waiters = new RoomWaiters();
        final List<RoomWaiters.Waiter> registered = registerFromNewThreads(waiters, 4);
        registered.get(0).cancel();
        waiters.wake(1);
        assertEquals(RoomWaiters.OUT, registered.get(0).lvState());
        assertEquals(RoomWaiters.OUT, registered.get(1).lvState());
        assertEquals(RoomWaiters.WAITING, registered.get(2).lvState());
        assertEquals(RoomWaiters.WAITING, registered.get(3).lvState());
        assertEquals(2, waiters.size());
        waiters.wake(2);
        assertEquals(RoomWaiters.OUT, registered.get(2).lvState());
        assertEquals(RoomWaiters.OUT, registered.get(3).lvState());
        assertFalse(waiters.any());
    }

    /**
     * A thread that gives up waiting (a timed offer on a queue whose consumer is stalled) and waits
     * again takes its old place back: the register holds one waiter per thread, however many times
     * they wait. Fails if every wait appended a waiter of its own.
     */
    @Test
    void repeatedTimedOffersOnAStalledQueueKeepOneWaiterPerThread() throws Exception {
        final MessagePassingBlockingQueue<Integer> q = newQueue(2);
        q.offer(0);
        q.offer(1);
        for (int i = 0; i < 20; i++) {
            assertFalse(q.offer(2, 100, TimeUnit.MICROSECONDS));
        }
        assertEquals(1, laRoomWaiters(q).size());
        final Thread other = new Thread(() -> {
            for (int i = 0; i < 20; i++) {
                try {
                    assertFalse(q.offer(3, 100, TimeUnit.MICROSECONDS));
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        });
        other.start();
        other.join();
        assertEquals(2, laRoomWaiters(q).size());
        // A wait on another queue meanwhile needs a waiter of its own; the old one stays cancelled.
        final MessagePassingBlockingQueue<Integer> q2 = newQueue(1);
        q2.offer(0);
        assertFalse(q2.offer(1, 100, TimeUnit.MICROSECONDS));
        assertFalse(q.offer(2, 100, TimeUnit.MICROSECONDS));
        assertEquals(3, laRoomWaiters(q).size());
        assertEquals(List.of(0, 1), new ArrayList<>(q));
        // The consumer drops the cancelled waiters as it takes.
        assertEquals(0, q.poll());
        assertEquals(0, laRoomWaiters(q).size());
    }

    /** Many virtual threads blocked in put on a small queue, one consumer: all delivered, in order per producer. */
    @Test
    void virtualProducersWaitingForRoomAreWokenByTheConsumer() throws Exception {
        final Method ofVirtual;
        try {
            ofVirtual = Thread.class.getMethod("ofVirtual");
        } catch (NoSuchMethodException e) {
            assumeTrue(false, "no virtual threads on Java " + Runtime.version().feature());
            return;
        }
        final Object builder = ofVirtual.invoke(null);
        final Method unstarted = Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class);
        final int producers = 4 * Runtime.getRuntime().availableProcessors() + 4;
        final int each = 2_000;
        final MessagePassingBlockingQueue<Integer> q = newQueue(4);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            final int id = p;
            threads.add((Thread) unstarted.invoke(builder, (Runnable) () -> {
                try {
                    for (int i = 0; i < each; i++) {
                        q.put(id * each + i);
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        final int[] next = new int[producers];
        final Thread consumer = (Thread) unstarted.invoke(builder, (Runnable) () -> {
            try {
                for (int n = 0; n < producers * each; n++) {
                    final int e = q.take();
                    assertEquals(next[e / each]++, e % each, "out of order from producer " + e / each);
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        });
        threads.forEach(Thread::start);
        consumer.start();
        consumer.join(TimeUnit.SECONDS.toMillis(60));
        assertFalse(consumer.isAlive(), "the consumer is still waiting: a lost wake-up");
        assertNull(failure.get());
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(t.isAlive());
        }
        assertTrue(q.isEmpty());
    }

    @Test
    void remainingCapacityIsCapacityMinusSize() {
        final MessagePassingBlockingQueue<Integer> q = newQueue(5);
        assertEquals(8, q.capacity());
        assertEquals(8, q.remainingCapacity());
        q.offer(1);
        q.offer(2);
        assertEquals(6, q.remainingCapacity());
        q.poll();
        assertEquals(7, q.remainingCapacity());
    }
}
