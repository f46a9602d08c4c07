package org.jcq.queues.blocking;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpscArrayQueue;
import org.jcq.queues.blocking.BlockingQueues.Kind;
import org.jcq.queues.blocking.BlockingQueues.Spec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.jcq.queues.blocking.BlockingQueues.awaitParked;
import static org.jcq.queues.blocking.BlockingQueues.joinOrFail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Queue basics of the blocking queues, and that every way of adding wakes a consumer waiting in
 * {@code take} and every way of removing wakes a producer waiting in {@code put} (including the
 * {@link MessagePassingQueue} methods: relaxed, drain, fill), with several waiters woken by one
 * batch where the queue allows several.
 */
class BlockingQueueSanityTest {
    private static final int CAPACITY = 8;
    /** Adds that only {@link MpscArrayQueue} has. */
    private static final List<String> MPSC_ONLY = Arrays.asList("offerIfBelowThreshold", "failFastOffer");

    /** Adds element {@code e} (or, for the batch forms, a batch starting with it). */
    interface Add {
        void add(BlockingQueue<Integer> q, int e) throws Exception;
    }

    /** Removes at least one element. */
    interface Remove {
        void remove(BlockingQueue<Integer> q) throws Exception;
    }

    private static Map<String, Add> adds() {
        final Map<String, Add> adds = new LinkedHashMap<>();
        adds.put("offer", (q, e) -> assertTrue(q.offer(e)));
        adds.put("relaxedOffer", (q, e) -> assertTrue(mpq(q).relaxedOffer(e)));
        adds.put("add", (q, e) -> assertTrue(q.add(e)));
        adds.put("addAll", (q, e) -> assertTrue(q.addAll(Arrays.asList(e))));
        adds.put("put", (q, e) -> q.put(e));
        adds.put("timedOffer", (q, e) -> assertTrue(q.offer(e, 1, TimeUnit.SECONDS)));
        adds.put("fillWithLimit", (q, e) -> assertEquals(1, mpq(q).fill(() -> e, 1)));
        adds.put("fill", (q, e) -> {
            final AtomicInteger next = new AtomicInteger(e);
            assertTrue(mpq(q).fill(next::getAndIncrement) > 0);
        });
        adds.put("fillWithWaitAndExit", (q, e) -> {
            final AtomicInteger rounds = new AtomicInteger();
            final AtomicInteger next = new AtomicInteger(e);
            mpq(q).fill(next::getAndIncrement, idle -> idle + 1, () -> rounds.getAndIncrement() == 0);
        });
        adds.put("fillWhoseSupplierThrowsAfterOne", (q, e) -> {
            final AtomicInteger calls = new AtomicInteger();
            assertThrows(IllegalStateException.class, () -> mpq(q).fill(() -> {
                if (calls.getAndIncrement() == 0) {
                    return e;
                }
                throw new IllegalStateException("supplier gives up");
            }, 2));
        });
        adds.put("fillWhoseSupplierSneakyThrowsACheckedExceptionAfterOne", (q, e) -> {
            // Kotlin, Scala and Lombok's @SneakyThrows throw checked exceptions undeclared: the claim
            // the fill made for the second element must be given back all the same.
            final AtomicInteger calls = new AtomicInteger();
            final Throwable thrown = assertThrows(Throwable.class, () -> mpq(q).fill(() -> {
                if (calls.getAndIncrement() == 0) {
                    return e;
                }
                throw BlockingQueueSanityTest.<RuntimeException>sneaky(new java.io.IOException("supplier fails"));
            }, 2));
            assertEquals(java.io.IOException.class, thrown.getClass());
        });
        adds.put("offerIfBelowThreshold", (q, e) -> {
            assertTrue(((MpscArrayQueue<Integer>) mpq(q)).offerIfBelowThreshold(e, CAPACITY));
        });
        adds.put("failFastOffer", (q, e) -> {
            assertEquals(0, ((MpscArrayQueue<Integer>) mpq(q)).failFastOffer(e));
        });
        return adds;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    private static Map<String, Remove> removes() {
        final Map<String, Remove> removes = new LinkedHashMap<>();
        removes.put("poll", q -> assertEquals(0, q.poll()));
        removes.put("relaxedPoll", q -> assertEquals(0, mpq(q).relaxedPoll()));
        removes.put("remove", q -> assertEquals(0, q.remove()));
        removes.put("take", q -> assertEquals(0, q.take()));
        removes.put("timedPoll", q -> assertEquals(0, q.poll(1, TimeUnit.SECONDS)));
        removes.put("drainWithLimit", q -> assertEquals(1, mpq(q).drain(e -> { }, 1)));
        removes.put("drain", q -> assertTrue(mpq(q).drain(e -> { }) > 0));
        removes.put("drainWithWaitAndExit", q -> {
            final AtomicInteger rounds = new AtomicInteger();
            mpq(q).drain(e -> { }, idle -> idle + 1, () -> rounds.getAndIncrement() == 0);
        });
        removes.put("drainTo", q -> assertTrue(q.drainTo(new ArrayList<>()) > 0));
        removes.put("drainToWithLimit", q -> assertEquals(1, q.drainTo(new ArrayList<>(), 1)));
        removes.put("clear", BlockingQueue::clear);
        return removes;
    }

    static Stream<Arguments> addCases() {
        return BlockingQueues.ours().flatMap(spec -> adds().keySet().stream()
                .filter(name -> spec == BlockingQueues.MPSC || !MPSC_ONLY.contains(name))
                .map(name -> Arguments.of(spec, name)));
    }

    static Stream<Arguments> removeCases() {
        return BlockingQueues.ours().flatMap(spec -> removes().keySet().stream().map(name -> Arguments.of(spec, name)));
    }

    @SuppressWarnings("unchecked")
    private static MessagePassingQueue<Integer> mpq(BlockingQueue<Integer> q) {
        return (MessagePassingQueue<Integer>) (MessagePassingQueue<?>) q;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.blocking.BlockingQueues#ours")
    void fifoWithinCapacity(Spec spec) {
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        assertEquals(CAPACITY, mpq(q).capacity());
        assertNull(q.poll());
        for (int i = 0; i < CAPACITY; i++) {
            assertTrue(q.offer(i));
        }
        assertFalse(q.offer(CAPACITY));
        assertEquals(0, q.remainingCapacity());
        for (int i = 0; i < CAPACITY; i++) {
            assertEquals(i, q.peek());
            assertEquals(i, q.poll());
        }
        assertNull(q.poll());
        assertTrue(q.isEmpty());
        assertEquals(CAPACITY, q.remainingCapacity());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("addCases")
    void everyAddWakesAWaitingConsumer(Spec spec, String how) throws Exception {
        final Add add = adds().get(how);
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        final AtomicReference<Object> got = new AtomicReference<>();
        final Thread consumer = Kind.PLATFORM.newThread("take", () -> {
            try {
                got.set(q.take());
            } catch (Throwable t) {
                got.set(t);
            }
        });
        consumer.start();
        awaitParked(consumer);
        try {
            add.add(q, 100);
        } finally {
            joinOrFail(consumer);
        }
        assertEquals(100, got.get());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("removeCases")
    void everyRemoveWakesAWaitingProducer(Spec spec, String how) throws Exception {
        final Remove remove = removes().get(how);
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        final AtomicReference<Throwable> failed = new AtomicReference<>();
        final Thread producer = fullWithAWaitingPut(q, failed);
        remove.remove(q);
        // The property is that put returned; a draining remove may already have taken its element.
        joinOrFail(producer);
        assertNull(failed.get());
    }

    /** One batch add wakes as many waiting consumers as it added elements (the cascade). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.blocking.BlockingQueues#ours")
    void oneFillWakesSeveralWaitingConsumers(Spec spec) throws Exception {
        assumeTrue(spec.multiConsumer, "one consumer at a time");
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        final List<Thread> consumers = new ArrayList<>();
        final List<Object> got = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 3; i++) {
            final Thread t = Kind.PLATFORM.newThread("take-" + i, () -> {
                try {
                    got.add(q.take());
                } catch (Throwable e) {
                    got.add(e);
                }
            });
            t.start();
            consumers.add(t);
        }
        for (Thread t : consumers) {
            awaitParked(t);
        }
        final AtomicInteger next = new AtomicInteger();
        assertEquals(3, mpq(q).fill(next::getAndIncrement, 3));
        for (Thread t : consumers) {
            joinOrFail(t);
        }
        got.sort(null);
        assertEquals(Arrays.asList(0, 1, 2), got);
    }

    /** One batch remove wakes as many waiting producers as it made room for (the cascade). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.blocking.BlockingQueues#ours")
    void oneDrainWakesSeveralWaitingProducers(Spec spec) throws Exception {
        assumeTrue(spec.multiProducer, "one producer at a time");
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        for (int i = 0; i < CAPACITY; i++) {
            assertTrue(q.offer(i));
        }
        final List<Thread> producers = new ArrayList<>();
        final AtomicReference<Throwable> failed = new AtomicReference<>();
        for (int i = 0; i < 3; i++) {
            final int e = 100 + i;
            final Thread t = Kind.PLATFORM.newThread("put-" + i, () -> {
                try {
                    q.put(e);
                } catch (Throwable x) {
                    failed.set(x);
                }
            });
            t.start();
            producers.add(t);
        }
        for (Thread t : producers) {
            awaitParked(t);
        }
        assertEquals(3, mpq(q).drain(e -> { }, 3));
        for (Thread t : producers) {
            joinOrFail(t);
        }
        assertNull(failed.get());
        assertEquals(CAPACITY, q.size());
        assertTrue(q.containsAll(Arrays.asList(100, 101, 102)));
    }

    /**
     * A drain frees each slot, and wakes a producer waiting for it, before it hands over the
     * next element: a producer is not kept waiting until the end of a batch whose callback takes
     * its time (the core drain takes runs and does not call this queue's poll).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.blocking.BlockingQueues#ours")
    void aDrainWakesAWaitingProducerBeforeItsCallbackReturns(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = spec.create(CAPACITY);
        final AtomicReference<Throwable> failed = new AtomicReference<>();
        final Thread producer = fullWithAWaitingPut(q, failed);
        final List<Integer> got = new ArrayList<>();
        final AtomicReference<Thread.State> producerAtSecond = new AtomicReference<>();
        assertEquals(2, mpq(q).drain(e -> {
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
        assertNull(failed.get());
        assertEquals(Arrays.asList(0, 1), got);
        assertEquals(CAPACITY - 1, q.size());
        assertTrue(q.contains(100));
    }

    /**
     * Fills {@code q} to its capacity and starts a producer whose {@code put(100)} waits for room;
     * returns it once it is parked (what it throws goes to {@code failed}).
     */
    private static Thread fullWithAWaitingPut(BlockingQueue<Integer> q, AtomicReference<Throwable> failed)
            throws InterruptedException {
        for (int i = 0; i < CAPACITY; i++) {
            assertTrue(q.offer(i));
        }
        final Thread producer = Kind.PLATFORM.newThread("put", () -> {
            try {
                q.put(100);
            } catch (Throwable t) {
                failed.set(t);
            }
        });
        producer.start();
        awaitParked(producer);
        return producer;
    }
}
