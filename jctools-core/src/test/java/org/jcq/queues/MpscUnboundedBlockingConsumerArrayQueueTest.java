package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/**
 * {@link MpscUnboundedBlockingConsumerArrayQueue}: the shared blocking-consumer suite (its stress
 * cases run with chunks of 4 and 16, so producers link chunks while the consumer parks and wakes),
 * and what only an unbounded queue does: producers never wait, and a fill whose supplier fails
 * still wakes the consumer for the elements it stored.
 */
class MpscUnboundedBlockingConsumerArrayQueueTest extends BlockingConsumerSuite {
    @Override
    MessagePassingBlockingQueue<Integer> newQueue(int capacity) {
        return new MpscUnboundedBlockingConsumerArrayQueue<>(capacity);
    }

    @Override
    Thread blockedConsumer(MessagePassingBlockingQueue<?> q) {
        return ((MpscUnboundedBlockingConsumerArrayQueue<?>) q).lvBlockedConsumer();
    }

    @Test
    void putAndTimedOfferNeverWaitAcrossManyChunks() throws InterruptedException {
        final MessagePassingBlockingQueue<Integer> q = newQueue(4);
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
        for (int i = 0; i < 1000; i++) {
            assertEquals(i, out.get(i));
        }
    }

    /**
     * A parked consumer and a fill whose supplier fails on its third element: the two it stored
     * are in the queue, and the fill wakes the consumer for them (the wake-up is in the fill's
     * failure path too; without it the consumer stays parked and the race reports a stall).
     */
    @Test
    void aFillWhoseSupplierFailsWakesTheConsumerForWhatItStored() {
        final MessagePassingBlockingQueue<Integer> q = newQueue(16);
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
}
