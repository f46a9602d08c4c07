package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SPSC queues' {@code isEmpty()} and progress indicators in the window between the producer's
 * two stores: the element (or link) is out, the producer index (or node) not yet. Offer takes
 * effect at the first store, and {@code poll}/{@code peek} already find the element, so
 * {@code isEmpty()} must say {@code false}, and once the consumer took it the producer index must
 * not show less than the consumer index. (Comparing indices said {@code true} here: Lincheck found it, and these tests
 * freeze the producer in that window to pin it.)
 */
class SpscIsEmptyTest {
    @Test
    void spscArrayQueueSeesAnElementWhoseIndexIsNotOutYet() {
        final SpscArrayQueue<Integer> q = new SpscArrayQueue<>(4);
        assertTrue(q.isEmpty());
        CircularArrayQueue.soElement(q.buffer, q.slot(0, q.mask), 7); // the producer's first store
        assertFalse(q.isEmpty(), "element stored, index not yet");
        assertEquals(7, q.peek());
        assertEquals(7, q.poll());
        assertTrue(q.isEmpty());
        assertConsumerNotPastProducer(q);
    }

    @Test
    void spscLinkedArrayQueueSeesAnElementWhoseIndexIsNotOutYet() {
        final SpscUnboundedArrayQueue<Integer> q = new SpscUnboundedArrayQueue<>(16);
        assertTrue(q.isEmpty());
        final Object[] chunk = q.lpConsumerBuffer();
        CircularArrayQueue.soElement(chunk, BaseSpscLinkedArrayQueue.slot(0, chunk.length - 2), 7);
        assertFalse(q.isEmpty(), "element stored, index not yet");
        assertEquals(7, q.peek());
        assertEquals(7, q.poll());
        assertTrue(q.isEmpty());
        assertConsumerNotPastProducer(q);
    }

    /**
     * The consumer took the element whose index store is not out yet: an observer that reads the
     * consumer index, then the producer index, must not see the consumer past the producer. (It
     * did, one past, in a racing test: SpscChunkedArrayQueue consumer index 752, producer 751.)
     */
    private static void assertConsumerNotPastProducer(QueueProgressIndicators q) {
        final long consumer = q.currentConsumerIndex();
        assertEquals(1, consumer);
        assertTrue(consumer <= q.currentProducerIndex(), "consumer index " + consumer + " past producer index "
                + q.currentProducerIndex());
    }

    @ParameterizedTest(name = "compact {0}")
    @ValueSource(booleans = {false, true})
    void spscLinkedQueueSeesANodeLinkedBeforeTheProducerNodeMoves(boolean compact) {
        final BaseLinkedQueue<Integer> q = compact ? new SpscLinkedUnpaddedQueue<>() : new SpscLinkedQueue<>();
        assertTrue(q.isEmpty());
        q.lpProducerNode().soNext(new LinkedQueueNode.ElementNode<>(7)); // the producer's first store
        assertFalse(q.isEmpty(), "node linked, producer node not moved yet");
        assertEquals(7, q.peek());
        assertEquals(7, q.poll());
        assertTrue(q.isEmpty(), "the only element was taken, though the producer node still lags");
    }
}
