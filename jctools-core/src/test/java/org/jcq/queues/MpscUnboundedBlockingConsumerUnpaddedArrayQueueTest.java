package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

/**
 * {@link MpscUnboundedBlockingConsumerUnpaddedArrayQueue}: every case of its padded edition's test
 * (the shared blocking-consumer suite, chunks crossed while the consumer parks, fills that fail),
 * on the compact edition.
 */
class MpscUnboundedBlockingConsumerUnpaddedArrayQueueTest extends MpscUnboundedBlockingConsumerArrayQueueTest {
    @Override
    MessagePassingBlockingQueue<Integer> newQueue(int capacity) {
        return new MpscUnboundedBlockingConsumerUnpaddedArrayQueue<>(capacity);
    }

    @Override
    Thread blockedConsumer(MessagePassingBlockingQueue<?> q) {
        return ((MpscUnboundedBlockingConsumerUnpaddedArrayQueue<?>) q).lvBlockedConsumer();
    }

    /**
     * Empty, the compact edition is smaller than the padded one by at least the padded one's three
     * pads of 128 bytes (JOL: the queue and what it references), small and large.
     */
    @Test
    void compactEditionIsSmallerThanThePaddedOneByItsPads() {
        for (int size : new int[] {16, 1024}) {
            final long compact = GraphLayout.parseInstance(new MpscUnboundedBlockingConsumerUnpaddedArrayQueue<Integer>(size)).totalSize();
            final long padded = GraphLayout.parseInstance(new MpscUnboundedBlockingConsumerArrayQueue<Integer>(size)).totalSize();
            assertTrue(compact + 3 * 128 <= padded, size + ": " + compact + " vs " + padded + " bytes");
        }
    }
}
