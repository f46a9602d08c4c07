package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

/**
 * {@link MpscBlockingConsumerUnpaddedArrayQueue}: every case of its padded edition's test (the
 * shared blocking-consumer suite and the producers waiting for room), on the compact edition.
 */
class MpscBlockingConsumerUnpaddedArrayQueueTest extends MpscBlockingConsumerArrayQueueTest {
    @Override
    MessagePassingBlockingQueue<Integer> newQueue(int capacity) {
        return new MpscBlockingConsumerUnpaddedArrayQueue<>(capacity);
    }

    @Override
    Thread blockedConsumer(MessagePassingBlockingQueue<?> q) {
        return ((MpscBlockingConsumerUnpaddedArrayQueue<?>) q).lvBlockedConsumer();
    }

    @Override
    RoomWaiters laRoomWaiters(MessagePassingBlockingQueue<?> q) {
        return ((MpscBlockingConsumerUnpaddedArrayQueue<?>) q).laRoomWaiters();
    }

    @Override
    RoomWaiters roomWaiters(MessagePassingBlockingQueue<?> q) {
        return ((MpscBlockingConsumerUnpaddedArrayQueue<?>) q).roomWaiters();
    }

    /**
     * Empty, the compact edition is smaller than the padded one by at least the padded one's three
     * pads of 128 bytes (JOL: the queue and what it references), small and large.
     */
    @Test
    void compactEditionIsSmallerThanThePaddedOneByItsPads() {
        for (int size : new int[] {16, 1024}) {
            final long compact = GraphLayout.parseInstance(new MpscBlockingConsumerUnpaddedArrayQueue<Integer>(size)).totalSize();
            final long padded = GraphLayout.parseInstance(new MpscBlockingConsumerArrayQueue<Integer>(size)).totalSize();
            assertTrue(compact + 3 * 128 <= padded, size + ": " + compact + " vs " + padded + " bytes");
        }
    }
}
