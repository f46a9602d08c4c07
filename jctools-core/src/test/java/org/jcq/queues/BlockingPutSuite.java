package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The producer side of every bounded {@link MessagePassingBlockingQueue} of the registry:
 * {@code put} and the timed {@code offer} wait for room, every way of taking an element wakes
 * them, interrupts and time-outs end their waits, and a wait leaves nothing behind in the queue's
 * lists when it ends. Unbounded blocking queues: their producers never wait.
 */
class BlockingPutSuite {
    @AfterEach
    void clearInterruptStatus() {
        Thread.interrupted();
    }

    static MessagePassingBlockingQueue<Integer> newQueue(QueueSpec spec, int capacity) {
        return BlockingTakeSuite.newQueue(spec, capacity);
    }

    /** A new queue of {@code spec} of 4 slots, filled: one take frees less than half of it. */
    static MessagePassingBlockingQueue<Integer> fullQueue(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 4);
        for (int i = 0; i < q.capacity(); i++) {
            assertTrue(q.offer(i));
        }
        return q;
    }

    /** What the elements of {@link #fullQueue} are, in order. */
    static List<Integer> upTo(int n) {
        final List<Integer> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(i);
        }
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void putWaitsForRoomOnAFullQueue(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = fullQueue(spec);
        final int capacity = q.capacity();
        final AtomicLong consumed = new AtomicLong();
        final Race race = new Race().watching(consumed::get, () -> "consumed " + consumed.get());
        race.thread("producer", () -> {
            q.put(capacity);
            assertTrue(q.offer(capacity + 1, Long.MAX_VALUE, TimeUnit.DAYS));
        });
        race.thread("consumer", () -> {
            for (int i = 0; i < capacity + 2; i++) {
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

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void timedOfferOnAFullQueueFailsAfterTheTimeoutLeavingQueueUnchanged(QueueSpec spec) throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = fullQueue(spec);
        final int capacity = q.capacity();
        assertFalse(q.offer(-1, 0, TimeUnit.SECONDS));
        assertFalse(q.offer(-1, -1, TimeUnit.SECONDS));
        assertFalse(q.offer(-1, Long.MIN_VALUE, TimeUnit.NANOSECONDS));
        final long timeout = TimeUnit.MILLISECONDS.toNanos(5);
        final long start = System.nanoTime();
        assertFalse(q.offer(-1, timeout, TimeUnit.NANOSECONDS));
        assertTrue(System.nanoTime() - start >= timeout, "offer gave up before its timeout");
        assertThrows(NullPointerException.class, () -> q.offer(null, 1, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> q.put(null));
        assertEquals(capacity, q.size());
        assertEquals(0, q.remainingCapacity());
        assertEquals(upTo(capacity), new ArrayList<>(q));
        assertEquals(0, Probe.putters(q), "a wait that gave up left its waiter listed");
    }

    /**
     * A producer that must wait and is interrupted, before or while it waits (here: before), throws
     * and adds nothing; also with a zero or negative time-out.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void interruptedProducerWaitingForRoomThrowsClearsStatusAndAddsNothing(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = fullQueue(spec);
        final int capacity = q.capacity();
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> q.put(-1));
        assertFalse(Thread.interrupted());
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> q.offer(-1, Long.MAX_VALUE, TimeUnit.DAYS));
        assertFalse(Thread.interrupted());
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> q.offer(-1, 0, TimeUnit.DAYS));
        assertFalse(Thread.interrupted());
        assertEquals(upTo(capacity), new ArrayList<>(q));
        assertEquals(0, Probe.putters(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void interruptWhileWaitingForRoomThrowsClearsStatusAndAddsNothing(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = fullQueue(spec);
        final int capacity = q.capacity();
        for (int way = 0; way < 2; way++) {
            final boolean timed = way == 1;
            final AtomicReference<Throwable> thrown = new AtomicReference<>();
            final Thread producer = new Thread(() -> {
                try {
                    if (timed) {
                        q.offer(-1, 1, TimeUnit.DAYS);
                    } else {
                        q.put(-1);
                    }
                } catch (Throwable t) {
                    thrown.set(t);
                }
                if (Thread.currentThread().isInterrupted()) {
                    thrown.set(new AssertionError("interrupt status not cleared"));
                }
            }, "producer");
            producer.start();
            Probe.awaitParked(producer, q, 0, 1);
            producer.interrupt();
            producer.join(TimeUnit.SECONDS.toMillis(20));
            assertFalse(producer.isAlive());
            assertTrue(thrown.get() instanceof InterruptedException, String.valueOf(thrown.get()));
            assertEquals(0, Probe.putters(q));
        }
        assertEquals(upTo(capacity), new ArrayList<>(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void producerWithRoomAddsEvenIfInterrupted(QueueSpec spec) throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 4);
        Thread.currentThread().interrupt();
        q.put(1);
        assertTrue(q.offer(2, 1, TimeUnit.SECONDS));
        assertTrue(q.offer(3, 0, TimeUnit.SECONDS));
        assertTrue(Thread.interrupted());
        assertEquals(List.of(1, 2, 3), new ArrayList<>(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void addOnAFullQueueThrowsIllegalStateAndOfferRefuses(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = fullQueue(spec);
        assertThrows(IllegalStateException.class, () -> q.add(-1));
        assertFalse(q.offer(-1));
        assertEquals(upTo(q.capacity()), new ArrayList<>(q));
    }

    /** A way the consumer takes the head element {@code e} (and with it frees a slot). */
    record Take(String name, BlockingTakeSuite.Produce take) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Take> takes() {
        return Stream.of(
                new Take("poll", (q, e) -> assertEquals(e, q.poll())),
                new Take("relaxedPoll", (q, e) -> assertEquals(e, q.relaxedPoll())),
                new Take("remove()", (q, e) -> assertEquals(e, q.remove())),
                new Take("take", (q, e) -> assertEquals(e, q.take())),
                new Take("poll(timeout)", (q, e) -> assertEquals(e, q.poll(1, TimeUnit.SECONDS))),
                new Take("drain(c, 1)", (q, e) -> assertEquals(1, q.drain(x -> assertEquals(e, x), 1))),
                new Take("drain(c, 1, timeout)",
                        (q, e) -> assertEquals(1, q.drain(x -> assertEquals(e, x), 1, 1, TimeUnit.SECONDS))),
                new Take("drainTo(c, 1)", (q, e) -> {
                    final List<Integer> to = new ArrayList<>();
                    assertEquals(1, q.drainTo(to, 1));
                    assertEquals(List.of(e), to);
                }),
                new Take("clear", (q, e) -> q.clear()));
    }

    static Stream<Arguments> specsAndTakes() {
        return QueueRegistry.specs(spec -> spec.blocking() && spec.bounded())
                .flatMap(spec -> takes().map(take -> Arguments.of(spec, take)));
    }

    /**
     * A producer parked in {@code put} is taken out of the list and unparked by the take that
     * frees a slot, before that take returns (the build runs without the protocol's safety-net
     * timer, so nothing else would wake it); then it adds its element.
     */
    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("specsAndTakes")
    void everyTakeWakesAProducerWaitingForRoom(QueueSpec spec, Take take) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = fullQueue(spec);
        final int capacity = q.capacity();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread producer = new Thread(() -> {
            try {
                q.put(capacity);
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "producer");
        producer.start();
        Probe.awaitParked(producer, q, 0, 1);
        take.take().add(q, 0);
        assertEquals(0, Probe.putters(q), "the take left the waiting producer listed");
        producer.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(producer.isAlive(), "the producer did not add its element");
        assertNull(failure.get());
        final List<Integer> left = new ArrayList<>(q);
        if (!take.name().equals("clear")) {
            // clear may take the producer's element too, once the producer has added it.
            assertEquals(capacity, left.get(left.size() - 1));
        }
    }

    /** One drain wakes as many waiting producers as it freed slots. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void oneDrainWakesSeveralWaitingProducers(QueueSpec spec) throws Exception {
        assumeTrue(spec.multiProducer(), "one producer thread at a time");
        final MessagePassingBlockingQueue<Integer> q = fullQueue(spec);
        final int capacity = q.capacity();
        final List<Thread> producers = new ArrayList<>();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int i = 0; i < 3; i++) {
            final int e = 100 + i;
            final Thread t = new Thread(() -> {
                try {
                    q.put(e);
                } catch (Throwable x) {
                    failure.set(x);
                }
            }, "put-" + i);
            t.start();
            producers.add(t);
            Probe.awaitParked(t, q, 0, i + 1);
        }
        assertEquals(3, q.drain(e -> { }, 3));
        for (Thread t : producers) {
            t.join(TimeUnit.SECONDS.toMillis(20));
            assertFalse(t.isAlive(), t.getName() + " still waiting");
        }
        assertNull(failure.get());
        assertEquals(capacity, q.size());
        assertTrue(q.containsAll(List.of(100, 101, 102)));
    }

    /**
     * A drain frees each slot, and wakes a producer waiting for it, before it hands the next
     * element over: a producer is not kept waiting until the end of a batch whose callback takes
     * its time.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void aDrainWakesAWaitingProducerBeforeItsCallbackReturns(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = fullQueue(spec);
        final int capacity = q.capacity();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread producer = new Thread(() -> {
            try {
                q.put(100);
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "put");
        producer.start();
        Probe.awaitParked(producer, q, 0, 1);
        final List<Integer> got = new ArrayList<>();
        final AtomicReference<Thread.State> producerAtSecond = new AtomicReference<>();
        assertEquals(2, q.drain(e -> {
            if (got.size() == 1) {
                // The first slot is free and signalled by now: the put completes meanwhile.
                try {
                    producer.join(TimeUnit.SECONDS.toMillis(20));
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                }
                producerAtSecond.set(producer.getState());
            }
            got.add(e);
        }, 2));
        assertEquals(Thread.State.TERMINATED, producerAtSecond.get());
        assertNull(failure.get());
        assertEquals(List.of(0, 1), got);
        assertEquals(capacity - 1, q.size());
        assertTrue(q.contains(100));
    }

    /**
     * A signal never waits for the lists' lock: a take that frees a slot while another thread holds
     * the lock (here the test; in real life a registering thread descheduled in its few
     * instructions under it) returns at once and leaves its signal pending; the thread that
     * releases the lock delivers it. (The consumer's wake-up walk once waited, inside {@code take},
     * for a registering producer descheduled between its two stores.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void aSignalThatFindsTheListsLockedStaysPendingAndIsDeliveredOnRelease(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = fullQueue(spec);
        final Thread producer = startPut(q, 100);
        Probe.awaitParked(producer, q, 0, 1);
        final Parking.Lists lists = Probe.lists(q);
        lists.lockForTests();
        try {
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
                    () -> assertEquals(0, q.poll()));
            assertTrue(Probe.parkedIn(producer, q), "woken while the lock was held");
        } finally {
            lists.unlockForTests();
        }
        producer.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(producer.isAlive(), "the pending signal was not delivered");
        assertEquals(0, Probe.putters(q));
    }

    /**
     * Room made by a fill that gives back the claim its failed supplier held wakes a producer
     * waiting for it. (A withdrawn claim once woke nobody: the producer found the room only when
     * its timed park ended.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void aFillClaimWithdrawnByItsFailedSupplierWakesAWaitingProducer(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 4);
        for (int i = 0; i < q.capacity() - 1; i++) {
            assertTrue(q.offer(i));
        }
        final java.util.concurrent.CountDownLatch inSupplier = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final Thread filler = new Thread(() -> assertThrows(IllegalStateException.class, () -> q.fill(() -> {
            inSupplier.countDown();
            try {
                release.await();
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("supplier failed");
        }, 1)), "failing-filler");
        filler.start();
        Thread producer = null;
        try {
            assertTrue(inSupplier.await(20, TimeUnit.SECONDS));
            assumeFalse(q.offer(-1), "this queue's fill asks its supplier before it claims a slot");
            producer = startPut(q, 100);
            Probe.awaitParked(producer, q, 0, 1);
        } finally {
            release.countDown();
            filler.join(TimeUnit.SECONDS.toMillis(20));
        }
        // The filler's give-back signalled the producer before the fill returned.
        assertEquals(0, Probe.putters(q), "the withdrawn claim woke nobody");
        producer.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(producer.isAlive());
        final List<Integer> all = new ArrayList<>(q);
        assertEquals(100, all.get(all.size() - 1));
    }

    /**
     * A slot a failed fill left as SKIP (other producers had claimed past it) is room once the
     * consumer steps over it, here in {@code peek}: that wakes a producer waiting for room.
     * (Stepping over a skipped slot once woke nobody.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void aSkippedSlotSteppedOverWakesAWaitingProducer(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 4);
        final java.util.concurrent.CountDownLatch inSupplier = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final Thread filler = new Thread(() -> assertThrows(IllegalStateException.class, () -> q.fill(() -> {
            inSupplier.countDown();
            try {
                release.await();
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("supplier failed");
        }, 1)), "failing-filler");
        filler.start();
        Thread producer = null;
        try {
            assertTrue(inSupplier.await(20, TimeUnit.SECONDS));
            assumeTrue(q.size() == 1, "this queue's fill asks its supplier before it claims a slot");
            for (int i = 1; i < q.capacity(); i++) {
                assertTrue(q.offer(i));
            }
            producer = startPut(q, 100);
            Probe.awaitParked(producer, q, 0, 1);
        } finally {
            release.countDown();
            filler.join(TimeUnit.SECONDS.toMillis(20));
        }
        assertEquals(1, Probe.putters(q), "the producer left before any room was made");
        // The head is the SKIP: peek steps over it (freeing its slot) and shows element 1.
        assertEquals(1, q.peek());
        assertEquals(0, Probe.putters(q), "stepping over the skipped slot woke nobody");
        producer.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(producer.isAlive());
    }

    /**
     * A consumer that waits while every slot is claimed but none written (a fill whose supplier is
     * slow holds them all) wakes no producer: there is no room. (A consumer about to wait once woke
     * every waiting producer, to find room that was not there.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void aConsumerWaitingBesideClaimedSlotsWakesNoProducer(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 4);
        final int capacity = q.capacity();
        final java.util.concurrent.CountDownLatch inSupplier = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final AtomicInteger next = new AtomicInteger();
        final Thread filler = new Thread(() -> q.fill(() -> {
            final int e = next.getAndIncrement();
            if (e == 0) {
                inSupplier.countDown();
                try {
                    release.await();
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                }
            }
            return e;
        }, capacity), "slow-filler");
        filler.start();
        final List<Integer> taken = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread producer = null;
        Thread consumer = null;
        try {
            assertTrue(inSupplier.await(20, TimeUnit.SECONDS));
            assumeFalse(q.offer(-1), "this queue's fill asks its supplier before it claims a slot");
            producer = startPut(q, 100);
            Probe.awaitParked(producer, q, 0, 1);
            consumer = new Thread(() -> {
                try {
                    for (int i = 0; i <= capacity; i++) {
                        taken.add(q.take());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "consumer");
            consumer.start();
            Probe.awaitParked(consumer, q, 1, 1);
            assertEquals(0, Probe.lists(q).signalledForTests(), "a waiter was signalled with no room made");
        } finally {
            release.countDown();
            filler.join(TimeUnit.SECONDS.toMillis(20));
        }
        producer.join(TimeUnit.SECONDS.toMillis(20));
        consumer.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(consumer.isAlive());
        assertEquals(capacity + 1, taken.size());
    }

    /**
     * A wait cut short anywhere by a {@link StackOverflowError} (on each frame of a recursion
     * that ran out of stack, a timed offer on a full queue is tried again, with a little more
     * stack each time) leaves the lists consistent: no waiter left listed, the queue's count zero,
     * nothing added; and the queue's waits work afterwards. (A waiter was once marked waiting
     * before an allocation that could throw appended it, and a thread whose append failed so was
     * never woken by that queue's takes again.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void aWaitCutShortAnywhereByStackOverflowLeavesTheListsConsistent(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = fullQueue(spec);
        final int capacity = q.capacity();
        final StackProbe probe = new StackProbe(() -> assertFalse(q.offer(-1, 1, TimeUnit.MICROSECONDS)));
        final Thread t = new Thread(null, probe, "stack-prober", 256 * 1024);
        t.start();
        t.join(TimeUnit.SECONDS.toMillis(60));
        assertFalse(t.isAlive());
        assertNull(probe.failure, String.valueOf(probe.failure));
        assertTrue(probe.overflowed > 0, "no try overflowed: the test proved nothing");
        assertEquals(0, Probe.putters(q));
        assertEquals(0L, Probe.waiting(q));
        assertEquals(upTo(capacity), new ArrayList<>(q));
        final Thread producer = startPut(q, 100);
        Probe.awaitParked(producer, q, 0, 1);
        assertEquals(0, q.poll());
        producer.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(producer.isAlive());
    }

    /** Runs an operation on every frame of a recursion that ran out of stack (see its user). */
    static final class StackProbe implements Runnable {
        private static final int ENOUGH = 200;
        private final Race.Task op;
        volatile Throwable failure;
        volatile int overflowed;
        private int succeeded;

        StackProbe(Race.Task op) {
            this.op = op;
        }

        @Override
        public void run() {
            try {
                descend();
            } catch (Throwable t) {
                failure = t;
            }
        }

        private void descend() throws Exception {
            try {
                descend();
            } catch (StackOverflowError e) {
                // The bottom: try on the way up, with a frame more each time.
            }
            if (succeeded < ENOUGH) {
                try {
                    op.run();
                    succeeded++;
                } catch (StackOverflowError e) {
                    overflowed++;
                    throw e;
                }
            }
        }
    }

    /** Starts a thread that puts {@code e}; it fails the test later if the put throws. */
    private static Thread startPut(MessagePassingBlockingQueue<Integer> q, int e) {
        final Thread t = new Thread(() -> {
            try {
                q.put(e);
            } catch (InterruptedException x) {
                throw new AssertionError(x);
            }
        }, "put-" + e);
        t.start();
        return t;
    }

    /**
     * Threads whose timed offers on a stalled queue keep timing out leave nothing behind: the
     * lists are empty after each wait, whatever queue the thread waited on before (a thread that
     * waits on two queues in turn once left a cancelled waiter in one while it waited in the other,
     * and the registers grew without bound while that lasted).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void waitsThatTimeOutLeaveNoWaiterBehindAlsoAcrossQueues(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> a = fullQueue(spec);
        final MessagePassingBlockingQueue<Integer> b = fullQueue(spec);
        final Runnable alternate = () -> {
            for (int i = 0; i < 20; i++) {
                try {
                    assertFalse((i & 1) == 0 ? a.offer(-1, 100, TimeUnit.MICROSECONDS)
                            : b.offer(-1, 100, TimeUnit.MICROSECONDS));
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        };
        alternate.run();
        final Thread other = new Thread(alternate);
        other.start();
        other.join();
        assertEquals(0, Probe.putters(a));
        assertEquals(0, Probe.putters(b));
        assertEquals(upTo(a.capacity()), new ArrayList<>(a));
    }

    /** Many virtual threads blocked in put on a small queue: all delivered, in order per producer. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void virtualProducersWaitingForRoomAreWokenByTheConsumer(QueueSpec spec) throws Exception {
        assumeTrue(spec.multiProducer(), "one producer thread at a time");
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
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 4);
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
        assertEquals(0, Probe.putters(q));
        assertEquals(0, Probe.takers(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#boundedBlocking")
    void remainingCapacityIsCapacityMinusSize(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 5);
        final int capacity = spec.capacity().expected(5);
        assertEquals(capacity, q.capacity());
        assertEquals(capacity, q.remainingCapacity());
        q.offer(1);
        q.offer(2);
        assertEquals(capacity - 2, q.remainingCapacity());
        q.poll();
        assertEquals(capacity - 1, q.remainingCapacity());
    }

    /** An unbounded blocking queue: put and the timed offer never wait, nor read the interrupt status. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("unboundedBlocking")
    void putAndTimedOfferNeverWaitAcrossManyChunks(QueueSpec spec) throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 4);
        Thread.currentThread().interrupt();
        for (int i = 0; i < 1000; i += 2) {
            q.put(i);
            assertTrue(q.offer(i + 1, 0, TimeUnit.NANOSECONDS));
        }
        assertTrue(Thread.interrupted(), "a producer that need not wait does not read its interrupt status");
        assertEquals(1000, q.size());
        assertEquals(Integer.MAX_VALUE, q.remainingCapacity());
        assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, q.capacity());
        assertThrows(NullPointerException.class, () -> q.put(null));
        assertThrows(NullPointerException.class, () -> q.offer(null, 1, TimeUnit.SECONDS));
        final List<Integer> out = new ArrayList<>();
        assertEquals(1000, q.drainTo(out));
        assertEquals(upTo(1000), out);
    }

    static Stream<Arguments> unboundedBlocking() {
        return QueueRegistry.specs(spec -> spec.blocking() && !spec.bounded()).map(Arguments::of);
    }
}
