package org.jcq.queues.blocking;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.blocking.BlockingQueues.Spec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.jcq.queues.blocking.BlockingQueues.awaitParked;
import static org.jcq.queues.blocking.BlockingQueues.joinOrFail;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * C0: a thread that would wait while a thread of the other side has been signalled and has not
 * come back spins instead (polling or offering, yielding between tries) for a bounded time, and
 * only then. Each case builds that state for real: a waiter parks, the test takes the room's lock
 * and makes the signalling remove (add), so the signalled waiter holds a grant but cannot come back
 * (C5 needs the lock) until the test lets it. Checked to fail with C0 returning at once.
 */
class PeerWakingSpinTest {
    static java.util.stream.Stream<Spec> queues() {
        return BlockingQueues.ours();
    }

    /** Ours are {@link MessagePassingQueue}s too, which the room works on. */
    @SuppressWarnings("unchecked") // every queue of BlockingQueues.ours() is a MessagePassingQueue<Integer>
    private static MessagePassingQueue<Integer> mpq(BlockingQueue<Integer> q) {
        return (MessagePassingQueue<Integer>) q;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void aConsumerSpinsOnlyWhileASignalledProducerIsComingBack(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = spec.create(4);
        final WaitRoom room = BlockingQueues.roomOf(q);
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
            // Empty, a producer grant outstanding: C0 polls until its bound, then gives up.
            final long start = System.nanoTime();
            assertNull(room.pollWhileProducerWakes(mpq(q), new WaitRoom.Deadline(false, 0L)));
            final long spun = System.nanoTime() - start;
            assertTrue(spun >= WaitRoom.PEER_WAKING_NANOS, "C0 gave up after " + spun + " ns");
            // An element present: C0 takes it at its first poll.
            assertTrue(q.offer(7));
            assertEquals(7, room.pollWhileProducerWakes(mpq(q), new WaitRoom.Deadline(false, 0L)));
        } finally {
            lock.unlock();
        }
        joinOrFail(producer);
        assertNull(failure.get());
        assertArrayEquals(new long[] {0, 0}, room.grants(), "the producer used up its grant");
        // No grant outstanding: C0 does not poll at all, even with an element there.
        assertEquals(1, q.size());
        assertNull(room.pollWhileProducerWakes(mpq(q), new WaitRoom.Deadline(false, 0L)));
        assertEquals(-1, q.poll());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void aProducerSpinsOnlyWhileASignalledConsumerIsComingBack(Spec spec) throws Exception {
        final BlockingQueue<Integer> q = spec.create(4);
        final WaitRoom room = BlockingQueues.roomOf(q);
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
            assertFalse(room.offerWhileConsumerWakes(mpq(q), -1, new WaitRoom.Deadline(false, 0L)));
            final long spun = System.nanoTime() - start;
            assertTrue(spun >= WaitRoom.PEER_WAKING_NANOS, "C0 gave up after " + spun + " ns");
            assertEquals(0, q.poll());
            assertTrue(room.offerWhileConsumerWakes(mpq(q), -1, new WaitRoom.Deadline(false, 0L)));
        } finally {
            lock.unlock();
        }
        joinOrFail(consumer);
        assertEquals(1, taken.get(), "the consumer took the head");
        assertArrayEquals(new long[] {0, 0}, room.grants(), "the consumer used up its grant");
        assertEquals(capacity - 1, q.size());
        assertFalse(room.offerWhileConsumerWakes(mpq(q), -2, new WaitRoom.Deadline(false, 0L)),
                "no grant outstanding: C0 does not offer");
        assertEquals(capacity - 1, q.size());
    }

    @org.junit.jupiter.api.Test
    void theSpinNeverOutlastsTheCallersTimeOut() {
        final long before = System.nanoTime();
        final long end = new WaitRoom.Deadline(true, 1_000L).spinEnd();
        assertTrue(end - before <= 1_000L + (System.nanoTime() - before), "a 1 us time-out bounds the spin");
        final long untimed = new WaitRoom.Deadline(false, 0L).spinEnd() - before;
        assertTrue(untimed >= WaitRoom.PEER_WAKING_NANOS, "untimed: the spin's own bound");
        final long later = new WaitRoom.Deadline(true, TimeUnit.SECONDS.toNanos(1)).spinEnd() - before;
        assertTrue(later >= WaitRoom.PEER_WAKING_NANOS && later < TimeUnit.SECONDS.toNanos(1),
                "a long time-out: the spin's own bound, " + later + " ns");
    }
}
