package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
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

import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The consumer side every {@link MessagePassingBlockingQueue} of the registry shares: waking,
 * interrupts, timeouts, {@code drainTo} and the timed {@code drain}. The {@link MessagePassingQueue}
 * behaviour the queues inherit is covered by the registry suites; producers waiting for room by
 * {@link BlockingPutSuite}.
 * <p>
 * Concurrent tests run under {@link Race}. A test that needs the consumer parked waits for it
 * through the queue's own state (its listed waiters, {@link Probe}) and the thread's state, never
 * by sleeping; a lost wake-up leaves the consumer parked, which the race reports as a stall (the
 * build runs the tests without the protocol's safety-net timeout, so a wake-up that depended on
 * it would not arrive).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BlockingTakeSuite {
    static final int CAPACITY = 16;
    static final int STRESS_ROUNDS = 2_000;

    @AfterEach
    void clearInterruptStatus() {
        Thread.interrupted();
    }

    /** Adds element {@code e} (and, for the fills, possibly the elements after it). */
    interface Produce {
        void add(MessagePassingBlockingQueue<Integer> q, int e) throws Exception;
    }

    /** A producer entry point, by name. */
    record ProducerMethod(String name, Produce produce) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Each adds exactly the one element it is given, to {@code spec}'s queue. */
    static List<ProducerMethod> singleElementProducers(QueueSpec spec) {
        final List<ProducerMethod> all = new ArrayList<>(List.of(
                new ProducerMethod("offer", (q, e) -> assertTrue(q.offer(e))),
                new ProducerMethod("relaxedOffer", (q, e) -> assertTrue(q.relaxedOffer(e))),
                new ProducerMethod("add", (q, e) -> assertTrue(q.add(e))),
                new ProducerMethod("put", (q, e) -> q.put(e)),
                new ProducerMethod("offer(e, timeout, unit)", (q, e) -> assertTrue(q.offer(e, 1, TimeUnit.DAYS))),
                new ProducerMethod("fill(s, 1)", (q, e) -> assertEquals(1, q.fill(() -> e, 1)))));
        if (spec.name().startsWith("MpscBlockingConsumer")) {
            // BaseMpscArrayQueue's own entry points.
            all.add(new ProducerMethod("offerIfBelowThreshold",
                    (q, e) -> assertTrue(((BaseMpscArrayQueue<Integer>) q).offerIfBelowThreshold(e, CAPACITY))));
            all.add(new ProducerMethod("failFastOffer", (q, e) -> {
                int outcome;
                while ((outcome = ((BaseMpscArrayQueue<Integer>) q).failFastOffer(e)) == -1) {
                    Thread.onSpinWait();
                }
                assertEquals(0, outcome);
            }));
        }
        return all;
    }

    /** Every producer entry point; the fills add {@code e, e + 1, ...} until the queue is full. */
    static Stream<ProducerMethod> producerMethods(QueueSpec spec) {
        final List<ProducerMethod> all = new ArrayList<>(singleElementProducers(spec));
        all.add(new ProducerMethod("fill(s)", (q, e) -> assertTrue(q.fill(counter(e)) > 0)));
        all.add(new ProducerMethod("fill(s, wait, exit)", (q, e) -> {
            final AtomicInteger batches = new AtomicInteger();
            q.fill(counter(e), idle -> idle + 1, () -> batches.getAndIncrement() == 0);
        }));
        return all.stream();
    }

    static MessagePassingQueue.Supplier<Integer> counter(int first) {
        final AtomicInteger next = new AtomicInteger(first);
        return next::getAndIncrement;
    }

    /** How the consumer waits for one element. */
    interface Await {
        Integer await(MessagePassingBlockingQueue<Integer> q) throws InterruptedException;
    }

    /** A consumer waiting method, by name. */
    record ConsumerMethod(String name, Await await) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<ConsumerMethod> consumerMethods() {
        return Stream.of(
                new ConsumerMethod("take", MessagePassingBlockingQueue::take),
                new ConsumerMethod("poll(Long.MAX_VALUE, NANOSECONDS)", q -> q.poll(Long.MAX_VALUE, TimeUnit.NANOSECONDS)),
                new ConsumerMethod("poll(Long.MAX_VALUE, DAYS)", q -> q.poll(Long.MAX_VALUE, TimeUnit.DAYS)),
                new ConsumerMethod("drain(c, 1, Long.MAX_VALUE, DAYS)", q -> {
                    final List<Integer> out = new ArrayList<>();
                    assertEquals(1, q.drain(out::add, 1, Long.MAX_VALUE, TimeUnit.DAYS));
                    return out.get(0);
                }));
    }

    static Stream<Arguments> producerAndConsumerMethods() {
        return QueueRegistry.specs(QueueSpec::blocking).flatMap(spec -> producerMethods(spec)
                .flatMap(p -> consumerMethods().map(c -> Arguments.of(spec, p, c))));
    }

    static Stream<Arguments> waitingConsumerMethods() {
        return QueueRegistry.specs(QueueSpec::blocking).flatMap(spec -> consumerMethods().map(c -> Arguments.of(spec, c)));
    }

    /** A new queue of {@code spec}, of (at least) {@code capacity} elements, or chunks of that size if unbounded. */
    static MessagePassingBlockingQueue<Integer> newQueue(QueueSpec spec, int capacity) {
        return (MessagePassingBlockingQueue<Integer>) spec.<Integer>create(capacity);
    }

    /** Checks that elements {@code producer * perProducer + seq} arrive in each producer's order. */
    static final class ProducerOrder {
        private final int perProducer;
        private final int[] last;

        ProducerOrder(int producers, int perProducer) {
            this.perProducer = perProducer;
            this.last = new int[producers];
            Arrays.fill(last, -1);
        }

        void check(int e) {
            final int producer = e / perProducer;
            assertEquals(last[producer] + 1, e % perProducer, "producer " + producer + " order");
            last[producer]++;
        }

        void assertComplete() {
            for (int producer = 0; producer < last.length; producer++) {
                assertEquals(perProducer - 1, last[producer], "last element of producer " + producer);
            }
        }
    }

    /** Waits (spinning through the race) until {@code consumer} is parked in {@code q}. */
    void awaitParked(Race race, MessagePassingBlockingQueue<?> q, AtomicReference<Thread> consumer) {
        while (true) {
            final Thread t = consumer.get();
            if (Probe.parkedIn(t, q) && Probe.takers(q) > 0) {
                return;
            }
            race.idle();
        }
    }

    /** What the other thread does once the consumer is parked. */
    interface WhenParked {
        void run(Thread consumer) throws Exception;
    }

    /**
     * A platform thread blocked in {@code take()} shows as {@code TIMED_WAITING}, as one in JCTools'
     * {@code take} does (JCTools' own blocking-consumer tests wait for that state before they
     * interrupt it); fails with a consumer parked untimed ({@code WAITING}). Then an interrupt
     * ends the wait.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void aPlatformConsumerBlockedInTakeIsTimedWaitingAsInJCTools(QueueSpec spec) throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final AtomicReference<Throwable> ended = new AtomicReference<>();
        final Thread consumer = new Thread(() -> {
            try {
                q.take();
            } catch (Throwable t) {
                ended.set(t);
            }
        }, "consumer");
        consumer.start();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Thread.State state;
        while (Probe.takers(q) == 0 || LockSupport.getBlocker(consumer) != q
                || ((state = consumer.getState()) != Thread.State.WAITING && state != Thread.State.TIMED_WAITING)) {
            assertTrue(System.nanoTime() - deadline < 0, "the consumer never parked");
            Thread.sleep(1);
        }
        assertEquals(Thread.State.TIMED_WAITING, state);
        consumer.interrupt();
        consumer.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(consumer.isAlive(), "the interrupt did not end the wait");
        assertTrue(ended.get() instanceof InterruptedException, String.valueOf(ended.get()));
    }

    /**
     * Runs {@code consumer} in one thread and, once that thread is parked in {@code q},
     * {@code whenParked} in another; fails if the consumer never returns (a lost wake-up).
     */
    void raceParkedConsumer(MessagePassingBlockingQueue<Integer> q, Race.Task consumer,
            WhenParked whenParked) {
        final AtomicReference<Thread> consumerThread = new AtomicReference<>();
        final AtomicLong done = new AtomicLong();
        final Race race = new Race().watching(done::get, () -> done.get() == 0 ? "consumer still waiting" : "");
        race.thread("consumer", () -> {
            consumerThread.set(Thread.currentThread());
            consumer.run();
            done.incrementAndGet();
        });
        race.thread("other", () -> {
            awaitParked(race, q, consumerThread);
            whenParked.run(consumerThread.get());
        });
        race.run();
    }

    // ---- waking -------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}: {1} wakes {2}")
    @MethodSource("producerAndConsumerMethods")
    void everyProducerMethodWakesAParkedConsumer(QueueSpec spec, ProducerMethod producer, ConsumerMethod consumerMethod) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final AtomicReference<Integer> taken = new AtomicReference<>();
        raceParkedConsumer(q, () -> {
            taken.set(consumerMethod.await().await(q));
            assertEquals(0, Probe.takers(q), "the consumer is out of the list once it runs again");
        }, consumer -> producer.produce().add(q, 7));
        assertEquals(7, taken.get());
    }

    /**
     * The Dekker window: the producer adds as soon as it sees the consumer publish itself, so it
     * races the consumer's re-check and park. Every producer method takes its turn.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void noLostWakeUpWhenOneProducerAddsExactlyAsTheConsumerBlocks(QueueSpec spec) {
        final List<ProducerMethod> methods = singleElementProducers(spec);
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final AtomicLong consumed = new AtomicLong();
        final Race race = new Race().watching(consumed::get, () -> "consumed " + consumed.get());
        race.thread("consumer", () -> {
            for (int i = 0; i < STRESS_ROUNDS; i++) {
                final Integer e = (i & 1) == 0 ? q.take() : q.poll(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
                assertEquals(i, e);
                consumed.incrementAndGet();
            }
        });
        race.thread("producer", () -> {
            for (int i = 0; i < STRESS_ROUNDS; i++) {
                while (Probe.takers(q) == 0) {
                    race.idle();
                }
                methods.get(i % methods.size()).produce().add(q, i);
            }
        });
        race.run();
        assertNull(q.poll());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void noLostWakeUpWhenTwoProducersAddAsTheConsumerBlocks(QueueSpec spec) {
        assumeTrue(spec.multiProducer(), "one producer thread at a time");
        final List<ProducerMethod> methods = singleElementProducers(spec);
        final int perProducer = STRESS_ROUNDS / 2;
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final AtomicLong consumed = new AtomicLong();
        final Race race = new Race().watching(consumed::get, () -> "consumed " + consumed.get());
        final ProducerOrder order = new ProducerOrder(2, perProducer);
        race.thread("consumer", () -> {
            for (int i = 0; i < 2 * perProducer; i++) {
                order.check(q.take());
                consumed.incrementAndGet();
            }
        });
        for (int id = 0; id < 2; id++) {
            final int producer = id;
            race.thread("producer-" + id, () -> {
                for (int i = 0; i < perProducer; i++) {
                    while (Probe.takers(q) == 0) {
                        race.idle();
                    }
                    methods.get((i + producer) % methods.size()).produce().add(q, producer * perProducer + i);
                }
            });
        }
        race.run();
        order.assertComplete();
        assertNull(q.poll());
    }

    /** Producers that do not wait for the consumer: it blocks whenever it outruns them. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void takeDeliversEveryElementOnceInProducerOrderFromFreeRunningProducers(QueueSpec spec) {
        final int perProducer = 20_000;
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 4);
        final AtomicLong consumed = new AtomicLong();
        final Race race = new Race().watching(consumed::get, () -> "consumed " + consumed.get());
        final int producers = spec.producerThreads();
        final ProducerOrder order = new ProducerOrder(producers, perProducer);
        race.thread("consumer", () -> {
            final List<Integer> batch = new ArrayList<>();
            while (consumed.get() < (long) producers * perProducer) {
                batch.clear();
                switch ((int) (consumed.get() % 3)) {
                    case 0:
                        batch.add(q.take());
                        break;
                    case 1:
                        q.drain(batch::add, 3, Long.MAX_VALUE, TimeUnit.DAYS);
                        break;
                    default:
                        final Integer e = q.poll(1, TimeUnit.MILLISECONDS);
                        if (e != null) {
                            batch.add(e);
                        }
                }
                for (int e : batch) {
                    order.check(e);
                    consumed.incrementAndGet();
                }
            }
        });
        for (int id = 0; id < producers; id++) {
            final int producer = id;
            race.thread("producer-" + id, () -> {
                for (int i = 0; i < perProducer; i++) {
                    while (!q.offer(producer * perProducer + i)) {
                        race.idle();
                    }
                }
            });
        }
        race.run();
        order.assertComplete();
        assertNull(q.poll());
    }

    /**
     * More virtual threads than carriers block in {@code take()} at once, and one more virtual
     * thread then wakes them all: possible only if a parked {@code take()} gives its carrier back
     * (a pinned one would hold it, and the last threads could never run). JDK 21+; skipped before.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void takeInVirtualThreadsGivesTheCarrierBack(QueueSpec spec) throws ReflectiveOperationException {
        final Method ofVirtual;
        try {
            ofVirtual = Thread.class.getMethod("ofVirtual");
        } catch (NoSuchMethodException e) {
            assumeTrue(false, "no virtual threads on Java " + Runtime.version().feature());
            return;
        }
        final Object builder = ofVirtual.invoke(null);
        final Method unstarted = Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class);
        final int n = 4 * Runtime.getRuntime().availableProcessors() + 4;
        final List<MessagePassingBlockingQueue<Integer>> queues = new ArrayList<>();
        final List<Thread> consumers = new ArrayList<>();
        final AtomicLong taken = new AtomicLong();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int i = 0; i < n; i++) {
            final int id = i;
            final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
            queues.add(q);
            consumers.add((Thread) unstarted.invoke(builder, (Runnable) () -> {
                try {
                    assertEquals(id, q.take());
                    taken.incrementAndGet();
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        final Thread producer = (Thread) unstarted.invoke(builder, (Runnable) () -> {
            for (int i = 0; i < n; i++) {
                queues.get(i).offer(i);
            }
        });
        consumers.forEach(Thread::start);
        final Race race = new Race().watching(taken::get, () -> "taken " + taken.get() + " of " + n);
        race.thread("driver", () -> {
            for (int i = 0; i < n; i++) {
                while (!Probe.parkedIn(consumers.get(i), queues.get(i)) || Probe.takers(queues.get(i)) == 0) {
                    race.idle();
                }
            }
            producer.start();
            while (taken.get() < n && failure.get() == null) {
                race.idle();
            }
        });
        race.run();
        assertNull(failure.get());
        assertEquals(n, taken.get());
    }

    // ---- interrupts ---------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void availableElementIsReturnedEvenIfInterruptedAndTheStatusStays(QueueSpec spec) throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        q.offer(1);
        q.offer(2);
        q.offer(3);
        Thread.currentThread().interrupt();
        assertEquals(1, q.take());
        assertEquals(2, q.poll(1, TimeUnit.DAYS));
        final List<Integer> out = new ArrayList<>();
        assertEquals(1, q.drain(out::add, 5, 1, TimeUnit.DAYS));
        assertEquals(List.of(3), out);
        assertTrue(Thread.interrupted(), "interrupt status untouched when nothing waited");
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("waitingConsumerMethods")
    void interruptedBeforeWaitingThrowsClearsStatusAndLeavesQueueUsable(QueueSpec spec, ConsumerMethod method)
            throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> method.await().await(q));
        assertFalse(Thread.interrupted(), "interrupt status cleared");
        assertEquals(0, Probe.takers(q));
        assertTrue(q.offer(5));
        assertEquals(5, method.await().await(q));
        assertTrue(q.isEmpty());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("waitingConsumerMethods")
    void interruptedWhileParkedThrowsAndClearsStatus(QueueSpec spec, ConsumerMethod method) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        raceParkedConsumer(q, () -> {
            assertThrows(InterruptedException.class, () -> method.await().await(q));
            assertFalse(Thread.interrupted(), "interrupt status cleared");
            assertEquals(0, Probe.takers(q));
        }, Thread::interrupt);
        assertTrue(q.offer(1));
        assertEquals(1, q.poll());
    }

    /**
     * A producer adds and interrupts the parked consumer at once, in either order: the consumer
     * gets the element or an {@link InterruptedException}, and then the element on a later call.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void elementOfferedWhileConsumerIsInterruptedIsNeverLost(QueueSpec spec) {
        final int rounds = 500;
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final AtomicReference<Thread> consumer = new AtomicReference<>();
        final AtomicLong consumed = new AtomicLong();
        final AtomicInteger interrupted = new AtomicInteger();
        final Race race = new Race().watching(consumed::get, () -> "consumed " + consumed.get());
        race.thread("consumer", () -> {
            consumer.set(Thread.currentThread());
            for (int i = 0; i < rounds; i++) {
                Integer e = null;
                while (e == null) {
                    try {
                        e = (i & 1) == 0 ? q.take() : q.poll(Long.MAX_VALUE, TimeUnit.DAYS);
                    } catch (InterruptedException expected) {
                        interrupted.incrementAndGet();
                    }
                }
                assertEquals(i, e);
                consumed.incrementAndGet();
            }
        });
        race.thread("producer", () -> {
            for (int i = 0; i < rounds; i++) {
                awaitParked(race, q, consumer);
                if ((i & 2) == 0) {
                    q.offer(i);
                    consumer.get().interrupt();
                } else {
                    consumer.get().interrupt();
                    q.offer(i);
                }
            }
        });
        race.run();
        assertNull(q.poll());
        assertTrue(interrupted.get() > 0, "no round saw an interrupt: the test proved nothing");
    }

    // ---- timeouts -----------------------------------------------------------------------------

    /**
     * A zero or negative time-out never waits: it hands over an element at hand (even to an
     * interrupted thread, whose status stays set), and with none at hand returns empty, or throws
     * {@link InterruptedException} if the thread is interrupted, as every java.util.concurrent
     * queue does (JCTools' returned null).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void zeroOrNegativeTimeoutNeverWaitsAndThrowsIfInterruptedWithNothingAtHand(QueueSpec spec)
            throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final List<Integer> out = new ArrayList<>();
        assertNull(q.poll(0, TimeUnit.NANOSECONDS));
        assertNull(q.poll(-1, TimeUnit.DAYS));
        assertNull(q.poll(Long.MIN_VALUE, TimeUnit.NANOSECONDS));
        assertEquals(0, q.drain(out::add, 4, 0, TimeUnit.SECONDS));
        for (int i = 0; i < 4; i++) {
            Thread.currentThread().interrupt();
            final int way = i;
            assertThrows(InterruptedException.class, () -> {
                switch (way) {
                    case 0:
                        q.poll(0, TimeUnit.NANOSECONDS);
                        break;
                    case 1:
                        q.poll(-1, TimeUnit.DAYS);
                        break;
                    case 2:
                        q.poll(Long.MIN_VALUE, TimeUnit.NANOSECONDS);
                        break;
                    default:
                        q.drain(out::add, 4, -5, TimeUnit.SECONDS);
                }
            });
            assertFalse(Thread.interrupted(), "interrupt status cleared");
        }
        q.offer(9);
        Thread.currentThread().interrupt();
        assertEquals(9, q.poll(-1, TimeUnit.SECONDS), "an element at hand is handed over");
        assertTrue(Thread.interrupted(), "and the interrupt status stays");
        assertTrue(out.isEmpty());
        assertEquals(0, Probe.takers(q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void smallTimeoutReturnsNullOnlyAfterItElapsed(QueueSpec spec) throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final long timeout = TimeUnit.MILLISECONDS.toNanos(20);
        // A lower bound only (nanoTime is monotonic and the loop re-parks after early returns).
        long start = System.nanoTime();
        assertNull(q.poll(timeout, TimeUnit.NANOSECONDS));
        assertTrue(System.nanoTime() - start >= timeout, "poll returned before its timeout");
        start = System.nanoTime();
        assertEquals(0, q.drain(e -> { }, 3, timeout, TimeUnit.NANOSECONDS));
        assertTrue(System.nanoTime() - start >= timeout, "drain returned before its timeout");
        assertEquals(0, Probe.takers(q));
        q.offer(1);
        assertEquals(1, q.poll(timeout, TimeUnit.NANOSECONDS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void takeParksAgainAfterSpuriousWakeUps(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final AtomicReference<Thread> consumer = new AtomicReference<>();
        final AtomicReference<Integer> taken = new AtomicReference<>();
        final AtomicBoolean returned = new AtomicBoolean();
        final Race race = new Race().watching(() -> returned.get() ? 1 : 0, () -> "taken " + taken.get());
        race.thread("consumer", () -> {
            consumer.set(Thread.currentThread());
            taken.set(q.take());
            returned.set(true);
        });
        race.thread("producer", () -> {
            for (int i = 0; i < 20; i++) {
                awaitParked(race, q, consumer);
                LockSupport.unpark(consumer.get()); // a spurious wake-up: the queue is still empty
                assertFalse(returned.get(), "take returned with the queue empty");
            }
            awaitParked(race, q, consumer);
            assertFalse(returned.get(), "take returned with the queue empty");
            q.offer(3);
        });
        race.run();
        assertEquals(3, taken.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void nullUnitIsRejectedWhenTheCallMustWait(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        assertThrows(NullPointerException.class, () -> q.poll(1, null), "empty");
        assertThrows(NullPointerException.class, () -> q.drain(e -> fail("consumer called"), 1, 1, null), "empty");
        if (q.capacity() != MessagePassingQueue.UNBOUNDED_CAPACITY) {
            for (int i = 0; i < q.capacity(); i++) {
                q.offer(i);
            }
            assertThrows(NullPointerException.class, () -> q.offer(-1, 1, null), "full");
            assertEquals(q.capacity(), q.size());
            assertEquals(0, q.poll());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void nullUnitIsNotReadWhenTheCallNeedNotWait(QueueSpec spec) throws InterruptedException {
        // As JCTools: an element or a slot at hand is taken without looking at the unit.
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        assertTrue(q.offer(1, 1, null));
        assertTrue(q.offer(2, 1, null));
        assertEquals(1, q.poll(1, null));
        final List<Integer> drained = new ArrayList<>();
        assertEquals(1, q.drain(drained::add, 1, 1, null));
        assertEquals(List.of(2), drained);
        assertTrue(q.isEmpty());
    }

    // ---- drainTo ------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void drainToMovesEverythingInOrder(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        for (int i = 0; i < 5; i++) {
            q.offer(i);
        }
        final List<Integer> out = new ArrayList<>(List.of(-1));
        assertEquals(5, q.drainTo(out));
        assertEquals(List.of(-1, 0, 1, 2, 3, 4), out);
        assertTrue(q.isEmpty());
        assertEquals(0, q.drainTo(out));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void drainToWithLimitMovesAtMostLimit(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        for (int i = 0; i < 5; i++) {
            q.offer(i);
        }
        final List<Integer> out = new ArrayList<>();
        assertEquals(2, q.drainTo(out, 2));
        assertEquals(List.of(0, 1), out);
        assertEquals(0, q.drainTo(out, 0));
        assertEquals(0, q.drainTo(out, -1));
        assertEquals(0, q.drainTo(out, Integer.MIN_VALUE));
        assertEquals(3, q.size());
        assertEquals(3, q.drainTo(out, 10));
        assertEquals(List.of(0, 1, 2, 3, 4), out);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void drainToRejectsNullAndItselfLeavingQueueUnchanged(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        q.offer(1);
        final NullPointerException npe = assertThrows(NullPointerException.class, () -> q.drainTo(null));
        assertTrue(npe.getMessage().contains("c"), npe.getMessage());
        assertThrows(NullPointerException.class, () -> q.drainTo(null, 1));
        assertThrows(IllegalArgumentException.class, () -> q.drainTo(q));
        assertThrows(IllegalArgumentException.class, () -> q.drainTo(q, 1));
        assertEquals(1, q.size());
        assertEquals(1, q.poll());
    }

    // ---- blocking drain -----------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void blockingDrainTakesWhatIsThereWithoutWaiting(QueueSpec spec) throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        for (int i = 0; i < 5; i++) {
            q.offer(i);
        }
        final List<Integer> out = new ArrayList<>();
        assertEquals(3, q.drain(out::add, 3, Long.MAX_VALUE, TimeUnit.DAYS));
        assertEquals(2, q.drain(out::add, 3, Long.MAX_VALUE, TimeUnit.DAYS));
        assertEquals(List.of(0, 1, 2, 3, 4), out);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void blockingDrainWithLimitZeroReturnsAtOnce(QueueSpec spec) throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        // Interrupted: had it tried to wait, it would throw.
        Thread.currentThread().interrupt();
        assertEquals(0, q.drain(e -> { }, 0, Long.MAX_VALUE, TimeUnit.DAYS));
        assertTrue(Thread.interrupted());
        q.offer(1);
        assertEquals(0, q.drain(e -> { }, 0, Long.MAX_VALUE, TimeUnit.DAYS));
        assertEquals(1, q.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void blockingDrainRejectsBadArgumentsLeavingQueueUnchanged(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        q.offer(1);
        final IllegalArgumentException iae = assertThrows(IllegalArgumentException.class,
                () -> q.drain(e -> { }, -1, 1, TimeUnit.SECONDS));
        assertTrue(iae.getMessage().contains("limit") && iae.getMessage().contains("-1"), iae.getMessage());
        final IllegalArgumentException nullConsumer = assertThrows(IllegalArgumentException.class,
                () -> q.drain(null, 1, 1, TimeUnit.SECONDS));
        assertEquals("c must not be null", nullConsumer.getMessage());
        assertEquals(1, q.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void blockingDrainWaitsForTheFirstElementThenTakesWhatFollowedUpToLimit(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final List<Integer> out = new ArrayList<>();
        final AtomicInteger drained = new AtomicInteger(-1);
        raceParkedConsumer(q, () -> drained.set(q.drain(out::add, 2, Long.MAX_VALUE, TimeUnit.DAYS)),
                consumer -> assertEquals(3, q.fill(counter(10), 3)));
        final int n = drained.get();
        assertTrue(n >= 1 && n <= 2, "drained " + n);
        assertEquals(n == 1 ? List.of(10) : List.of(10, 11), out);
        assertEquals(3 - n, q.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void consumerExceptionInBlockingDrainCountsElementAsDelivered(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        raceParkedConsumer(q, () -> assertThrows(IllegalStateException.class, () -> q.drain(e -> {
            throw new IllegalStateException("refused " + e);
        }, 4, Long.MAX_VALUE, TimeUnit.DAYS)), consumer -> q.offer(1));
        assertTrue(q.isEmpty());
        assertEquals(0, Probe.takers(q));
    }

    /** One fill wakes as many waiting consumers as it added elements, each for one of them. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void oneFillWakesSeveralWaitingConsumers(QueueSpec spec) throws Exception {
        assumeTrue(spec.multiConsumer(), "one consumer thread at a time");
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final List<Thread> consumers = new ArrayList<>();
        final List<Object> got = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 3; i++) {
            final Thread t = new Thread(() -> {
                try {
                    got.add(q.take());
                } catch (Throwable e) {
                    got.add(e);
                }
            }, "take-" + i);
            t.start();
            consumers.add(t);
            Probe.awaitParked(t, q, i + 1, 0);
        }
        assertEquals(3, q.fill(counter(0), 3));
        for (Thread t : consumers) {
            t.join(TimeUnit.SECONDS.toMillis(20));
            assertFalse(t.isAlive(), t.getName() + " still waiting");
        }
        final List<Object> sorted = new ArrayList<>(got);
        sorted.sort(null);
        assertEquals(List.of(0, 1, 2), sorted);
        assertEquals(0, Probe.takers(q));
    }

    /**
     * A fill whose supplier is slow wakes a waiting consumer for each element it has stored, not
     * only once its batch is done: here the supplier blocks before the second element, and the
     * consumer must get the first meanwhile. (The unbounded MPSC queue's fill once woke the
     * consumer only after its last element.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void aFillWakesTheConsumerForEachElementWhileItsSupplierIsSlow(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final AtomicReference<Integer> first = new AtomicReference<>();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread consumer = new Thread(() -> {
            try {
                first.set(q.take());
                assertEquals(2, q.take());
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "consumer");
        consumer.start();
        Probe.awaitParked(consumer, q, 1, 0);
        final AtomicInteger next = new AtomicInteger(1);
        final Thread filler = new Thread(() -> q.fill(() -> {
            final int e = next.getAndIncrement();
            if (e == 2) {
                try {
                    release.await();
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                }
            }
            return e;
        }, 2), "slow-filler");
        filler.start();
        try {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (first.get() == null) {
                assertTrue(System.nanoTime() - deadline < 0, "the consumer did not get the first element "
                        + "while the supplier was still working on the second");
                Thread.sleep(1);
            }
            assertEquals(1, first.get());
        } finally {
            release.countDown();
        }
        filler.join(TimeUnit.SECONDS.toMillis(20));
        consumer.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(consumer.isAlive());
        assertNull(failure.get());
        assertTrue(q.isEmpty());
    }

    /**
     * {@code drainTo} takes what is written and stops at a head a producer has claimed and not yet
     * written (a fill whose supplier is slow), without waiting for it, also on an interrupted
     * thread. (It once waited there, as {@code poll} does, without a bound or an interrupt check.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void drainToNeverWaitsForAHeadAProducerHasClaimedButNotWritten(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final java.util.concurrent.CountDownLatch inSupplier = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final AtomicInteger next = new AtomicInteger(1);
        final Thread filler = new Thread(() -> q.fill(() -> {
            final int e = next.getAndIncrement();
            if (e == 2) {
                inSupplier.countDown();
                try {
                    release.await();
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                }
            }
            return e;
        }, 2), "slow-filler");
        filler.start();
        try {
            assertTrue(inSupplier.await(20, TimeUnit.SECONDS));
            assumeTrue(q.size() == 2, "this queue's fill asks its supplier before it claims a slot");
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
                final List<Integer> out = new ArrayList<>();
                assertEquals(1, q.drainTo(out));
                assertEquals(List.of(1), out);
                Thread.currentThread().interrupt();
                assertEquals(0, q.drainTo(out, 5));
                assertTrue(Thread.interrupted(), "drainTo does not read the interrupt status");
            });
        } finally {
            release.countDown();
            filler.join(TimeUnit.SECONDS.toMillis(20));
        }
        final List<Integer> rest = new ArrayList<>();
        assertEquals(1, q.drainTo(rest));
        assertEquals(List.of(2), rest);
    }

    /**
     * A parked consumer and a fill whose supplier fails on its third element: the two it stored
     * are in the queue, and the fill wakes the consumer for them (the wake-up is in the fill's
     * failure path too; without it the consumer stays parked and the race reports a stall).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void aFillWhoseSupplierFailsWakesTheConsumerForWhatItStored(QueueSpec spec) {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, 16);
        final AtomicReference<Integer> taken = new AtomicReference<>();
        raceParkedConsumer(q, () -> taken.set(q.take()), consumer -> {
            final AtomicInteger next = new AtomicInteger(1);
            assertThrows(IllegalStateException.class, () -> q.fill(() -> {
                final int e = next.getAndIncrement();
                if (e == 3) {
                    throw new IllegalStateException("supplier failed");
                }
                return e;
            }, 8));
        });
        assertEquals(1, taken.get());
        assertEquals(2, q.poll());
        assertNull(q.poll());
    }

    /**
     * A fill whose supplier blocks holds its claimed slot unwritten. A timed poll and a timed drain
     * return empty-handed once their time is up, and a waiting take throws when interrupted: none
     * spins on the claimed slot past its deadline or its interrupt (poll's own wait for a claimed
     * head would). Once the supplier returns, its element comes out. Run under a deadline, so a
     * wait that ignores them fails instead of hanging.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#blocking")
    void waitsForAClaimedButUnwrittenSlotHonourDeadlinesAndInterrupts(QueueSpec spec) throws Exception {
        final MessagePassingBlockingQueue<Integer> q = newQueue(spec, CAPACITY);
        final java.util.concurrent.CountDownLatch inSupplier = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final Thread filler = new Thread(() -> q.fill(() -> {
            inSupplier.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 5;
        }, 1), "slow-filler");
        filler.start();
        try {
            assertTrue(inSupplier.await(20, TimeUnit.SECONDS));
            assumeFalse(q.isEmpty(), "this queue's fill asks its supplier before it claims a slot");
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
                final long start = System.nanoTime();
                assertNull(q.poll(20, TimeUnit.MILLISECONDS));
                assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(20), "gave up early");
                assertEquals(0, q.drain(e -> fail("nothing written yet"), 4, 20, TimeUnit.MILLISECONDS));
                final AtomicReference<Throwable> thrown = new AtomicReference<>();
                final Thread taker = new Thread(() -> {
                    try {
                        q.take();
                    } catch (Throwable t) {
                        thrown.set(t);
                    }
                }, "taker");
                taker.start();
                while (LockSupport.getBlocker(taker) != q) {
                    assertTrue(taker.isAlive(), "take returned: " + thrown.get());
                    Thread.sleep(1);
                }
                taker.interrupt();
                taker.join();
                assertTrue(thrown.get() instanceof InterruptedException, "take threw " + thrown.get());
            });
        } finally {
            release.countDown();
            filler.join();
        }
        assertEquals(5, q.take());
        assertTrue(q.isEmpty());
    }
}
