package org.jcq.queues.blocking;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.blocking.BlockingQueues.Kind;
import org.jcq.queues.blocking.BlockingQueues.Spec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.jcq.queues.blocking.BlockingQueues.awaitParked;
import static org.jcq.queues.blocking.BlockingQueues.joinOrFail;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * C0: before it takes the lock, a thread that would wait yields and tries again once; and while a
 * thread of the other side has been signalled and has not come back, it goes on trying for a
 * bounded time. The grant cases build that state for real: a waiter parks, the test takes the
 * room's lock and makes the signalling remove (add), so the signalled waiter holds a grant but
 * cannot come back (C5 needs the lock) until the test lets it. The room is handed a view of the
 * queue that counts its polls and offers, so the one try without a grant is checked exactly. Checked to fail with C0 making no try,
 * and with C0 ignoring the grants.
 * <p>
 * On a virtual thread (JDK 21+) C0 tries once even while a grant is outstanding (a loop of yields
 * is no back-off there), and a timed C0 whose time is up tries once more after parking. Checked
 * to fail with C0 as it was before (it looped on a virtual thread as on a platform one, and did
 * not try again when the time was up).
 */
class RetryBeforeWaitingTest {
    private static final int WARM_UP_YIELDS = 100;

    /**
     * One of our queues, and a view of it that counts the calls of {@code poll()} or
     * {@code relaxedPoll()} (the wait's own) and of {@code offer(e)} made through it.
     */
    static final class Counted {
        final BlockingQueue<Integer> queue;
        final MessagePassingQueue<Integer> view;
        final AtomicInteger polls = new AtomicInteger();
        final AtomicInteger offers = new AtomicInteger();

        @SuppressWarnings("unchecked") // the proxy implements MessagePassingQueue, as every queue of ours
        Counted(Spec spec) {
            queue = spec.create(4);
            final Object target = queue;
            view = (MessagePassingQueue<Integer>) Proxy.newProxyInstance(MessagePassingQueue.class.getClassLoader(),
                    new Class<?>[] {MessagePassingQueue.class}, (proxy, method, args) -> {
                        if ((method.getName().equals("poll") || method.getName().equals("relaxedPoll"))
                                && method.getParameterCount() == 0) {
                            polls.incrementAndGet();
                        } else if (method.getName().equals("offer") && method.getParameterCount() == 1) {
                            offers.incrementAndGet();
                        }
                        try {
                            return method.invoke(target, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        WaitRoom room() {
            return BlockingQueues.roomOf(queue);
        }
    }

    static Stream<Spec> queues() {
        return BlockingQueues.ours();
    }

    private static WaitRoom.Deadline untimed() {
        return new WaitRoom.Deadline(false, 0L);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void withoutAGrantAConsumerTriesOnceMore(Spec spec) {
        final Counted c = new Counted(spec);
        assertArrayEquals(new long[] {0, 0}, c.room().grants());
        c.polls.set(0);
        assertNull(c.room().pollBeforeWaiting(c.view, untimed()));
        assertEquals(1, c.polls.get(), "polls made on an empty queue with no producer signalled");
        assertTrue(c.queue.offer(5));
        c.polls.set(0);
        assertEquals(5, c.room().pollBeforeWaiting(c.view, untimed()));
        assertEquals(1, c.polls.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void withoutAGrantAProducerTriesOnceMore(Spec spec) {
        final Counted c = new Counted(spec);
        final int capacity = c.queue.remainingCapacity();
        for (int i = 0; i < capacity; i++) {
            assertTrue(c.queue.offer(i));
        }
        c.offers.set(0);
        assertFalse(c.room().offerBeforeWaiting(c.view, -1, untimed()));
        assertEquals(1, c.offers.get(), "offers made on a full queue with no consumer signalled");
        assertEquals(0, c.queue.poll());
        c.offers.set(0);
        assertTrue(c.room().offerBeforeWaiting(c.view, -1, untimed()));
        assertEquals(1, c.offers.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void aConsumerGoesOnTryingWhileASignalledProducerIsComingBack(Spec spec) throws Exception {
        final Counted c = new Counted(spec);
        final BlockingQueue<Integer> q = c.queue;
        final WaitRoom room = c.room();
        final int capacity = q.remainingCapacity();
        for (int i = 0; i < capacity; i++) {
            assertTrue(q.offer(i));
        }
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread producer = new Thread(() -> {
            try {
                q.put(-1);
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "producer");
        producer.start();
        awaitParked(producer);
        final ReentrantLock lock = room.lockForTests();
        lock.lock();
        try {
            for (int i = 0; i < capacity; i++) {
                assertEquals(i, q.poll(), "draining");
            }
            assertArrayEquals(new long[] {0, 1}, room.grants(), "the first poll signalled the producer");
            // Empty, a producer grant outstanding: C0 polls until its bound, then gives up (how
            // many polls that is depends on how long each yield takes).
            final long start = System.nanoTime();
            assertNull(room.pollBeforeWaiting(c.view, untimed()));
            final long spun = System.nanoTime() - start;
            assertTrue(spun >= WaitRoom.PEER_WAKING_NANOS, "C0 gave up after " + spun + " ns");
            // An element present: C0 takes it at its first poll.
            assertTrue(q.offer(7));
            assertEquals(7, room.pollBeforeWaiting(c.view, untimed()));
        } finally {
            lock.unlock();
        }
        joinOrFail(producer);
        assertNull(failure.get());
        assertArrayEquals(new long[] {0, 0}, room.grants(), "the producer used up its grant");
        assertEquals(-1, q.poll());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void aProducerGoesOnTryingWhileASignalledConsumerIsComingBack(Spec spec) throws Exception {
        final Counted c = new Counted(spec);
        final BlockingQueue<Integer> q = c.queue;
        final WaitRoom room = c.room();
        final int capacity = q.remainingCapacity();
        final AtomicReference<Object> taken = new AtomicReference<>();
        final Thread consumer = new Thread(() -> {
            try {
                taken.set(q.take());
            } catch (Throwable t) {
                taken.set(t);
            }
        }, "consumer");
        consumer.start();
        awaitParked(consumer);
        final ReentrantLock lock = room.lockForTests();
        lock.lock();
        try {
            for (int i = 0; i < capacity; i++) {
                assertTrue(q.offer(i), "filling");
            }
            assertArrayEquals(new long[] {1, 0}, room.grants(), "the first offer signalled the consumer");
            final long start = System.nanoTime();
            assertFalse(room.offerBeforeWaiting(c.view, -1, untimed()));
            final long spun = System.nanoTime() - start;
            assertTrue(spun >= WaitRoom.PEER_WAKING_NANOS, "C0 gave up after " + spun + " ns");
            assertEquals(0, q.poll());
            assertTrue(room.offerBeforeWaiting(c.view, -1, untimed()));
        } finally {
            lock.unlock();
        }
        joinOrFail(consumer);
        assertEquals(1, taken.get(), "the consumer took the head");
        assertArrayEquals(new long[] {0, 0}, room.grants(), "the consumer used up its grant");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void onAVirtualThreadAConsumerTriesOnceEvenWhileASignalledProducerIsComingBack(Spec spec) throws Exception {
        assumeTrue(Kind.VIRTUAL.available(), "virtual threads need JDK 21+; this is " + Runtime.version());
        final Counted c = new Counted(spec);
        final BlockingQueue<Integer> q = c.queue;
        final WaitRoom room = c.room();
        final int capacity = q.remainingCapacity();
        for (int i = 0; i < capacity; i++) {
            assertTrue(q.offer(i));
        }
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread producer = new Thread(() -> {
            try {
                q.put(-1);
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "producer");
        producer.start();
        awaitParked(producer);
        final ReentrantLock lock = room.lockForTests();
        lock.lock();
        try {
            for (int i = 0; i < capacity; i++) {
                assertEquals(i, q.poll(), "draining");
            }
            assertArrayEquals(new long[] {0, 1}, room.grants(), "the first poll signalled the producer");
            c.polls.set(0);
            assertNull(onVirtualThread(() -> room.pollBeforeWaiting(c.view, untimed())));
            assertEquals(1, c.polls.get(), "polls made on an empty queue with a producer grant outstanding");
            assertTrue(q.offer(7));
            assertEquals(7, onVirtualThread(() -> room.pollBeforeWaiting(c.view, untimed())));
        } finally {
            lock.unlock();
        }
        joinOrFail(producer);
        assertNull(failure.get());
        assertEquals(-1, q.poll());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void onAVirtualThreadAProducerTriesOnceEvenWhileASignalledConsumerIsComingBack(Spec spec) throws Exception {
        assumeTrue(Kind.VIRTUAL.available(), "virtual threads need JDK 21+; this is " + Runtime.version());
        final Counted c = new Counted(spec);
        final BlockingQueue<Integer> q = c.queue;
        final WaitRoom room = c.room();
        final int capacity = q.remainingCapacity();
        final AtomicReference<Object> taken = new AtomicReference<>();
        final Thread consumer = new Thread(() -> {
            try {
                taken.set(q.take());
            } catch (Throwable t) {
                taken.set(t);
            }
        }, "consumer");
        consumer.start();
        awaitParked(consumer);
        final ReentrantLock lock = room.lockForTests();
        lock.lock();
        try {
            for (int i = 0; i < capacity; i++) {
                assertTrue(q.offer(i), "filling");
            }
            assertArrayEquals(new long[] {1, 0}, room.grants(), "the first offer signalled the consumer");
            c.offers.set(0);
            assertEquals(Boolean.FALSE, onVirtualThread(() -> room.offerBeforeWaiting(c.view, -1, untimed())));
            assertEquals(1, c.offers.get(), "offers made on a full queue with a consumer grant outstanding");
            assertEquals(0, q.poll());
            assertEquals(Boolean.TRUE, onVirtualThread(() -> room.offerBeforeWaiting(c.view, -1, untimed())));
        } finally {
            lock.unlock();
        }
        joinOrFail(consumer);
        assertEquals(1, taken.get(), "the consumer took the head");
    }

    /**
     * A timed C0 whose time is up: a platform thread tries once; a virtual thread tries again
     * after a park, since its caller is about to return without parking.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void aTimedTryWhoseTimeIsUpTriesAgainAfterAParkOnlyOnAVirtualThread(Spec spec) throws Exception {
        assumeTrue(Kind.VIRTUAL.available(), "virtual threads need JDK 21+; this is " + Runtime.version());
        final Counted c = new Counted(spec);
        final WaitRoom room = c.room();
        assertNull(room.pollBeforeWaiting(c.view, expired()));
        assertEquals(1, c.polls.get(), "polls on a platform thread");
        c.polls.set(0);
        assertNull(onVirtualThread(() -> room.pollBeforeWaiting(c.view, expired())));
        assertEquals(2, c.polls.get(), "polls on a virtual thread");
        final int capacity = c.queue.remainingCapacity();
        for (int i = 0; i < capacity; i++) {
            assertTrue(c.queue.offer(i));
        }
        assertFalse(room.offerBeforeWaiting(c.view, -1, expired()));
        assertEquals(1, c.offers.get(), "offers on a platform thread");
        c.offers.set(0);
        assertEquals(Boolean.FALSE, onVirtualThread(() -> room.offerBeforeWaiting(c.view, -1, expired())));
        assertEquals(2, c.offers.get(), "offers on a virtual thread");
    }

    /** A deadline that has passed by the time it is looked at. */
    private static WaitRoom.Deadline expired() throws InterruptedException {
        final WaitRoom.Deadline deadline = new WaitRoom.Deadline(true, 1L);
        while (!deadline.expired()) {
            Thread.sleep(0, 1000);
        }
        return deadline;
    }

    /**
     * Runs {@code call} on a new virtual thread and returns what it returned (or fails with what it
     * threw). The thread first yields a few times, so that C0's yields are quick (the first ones in
     * a run load classes, and one can outlast C0's bound, which would hide a loop).
     */
    private static <T> T onVirtualThread(Callable<T> call) throws Exception {
        final AtomicReference<T> result = new AtomicReference<>();
        final AtomicReference<Exception> thrown = new AtomicReference<>();
        final Thread t = Kind.VIRTUAL.newThread("virtual-c0", () -> {
            try {
                for (int i = 0; i < WARM_UP_YIELDS; i++) {
                    Thread.yield();
                }
                result.set(call.call());
            } catch (Exception e) {
                thrown.set(e);
            }
        });
        t.start();
        joinOrFail(t);
        if (thrown.get() != null) {
            throw thrown.get();
        }
        return result.get();
    }

    @Test
    void theSpinNeverOutlastsTheCallersTimeOut() {
        final long before = System.nanoTime();
        final long end = new WaitRoom.Deadline(true, 1_000L).spinEnd();
        assertTrue(end - before <= 1_000L + (System.nanoTime() - before), "a 1 us time-out bounds the spin");
        final long untimed = untimed().spinEnd() - before;
        assertTrue(untimed >= WaitRoom.PEER_WAKING_NANOS, "untimed: the spin's own bound");
        final long later = new WaitRoom.Deadline(true, TimeUnit.SECONDS.toNanos(1)).spinEnd() - before;
        assertTrue(later >= WaitRoom.PEER_WAKING_NANOS && later < TimeUnit.SECONDS.toNanos(1),
                "a long time-out: the spin's own bound, " + later + " ns");
    }
}
