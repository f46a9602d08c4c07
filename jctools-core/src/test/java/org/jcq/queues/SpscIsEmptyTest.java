package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The SPSC queues' {@code isEmpty()} in the window between the producer's two stores: the element
 * (or link) is out, the producer index (or node) not yet. Offer takes effect at the first store,
 * and {@code poll}/{@code peek} already find the element, so {@code isEmpty()} must say
 * {@code false}. (Comparing indices said {@code true} here: Lincheck found it, and these tests
 * freeze the producer in that window to pin it.)
 */
class SpscIsEmptyTest {
    @Test
    void spscArrayQueueSeesAnElementWhoseIndexIsNotOutYet() {
        final SpscArrayQueue<Integer> q = new SpscArrayQueue<>(4);
        assertTrue(q.isEmpty());
        CircularArrayQueue.soElement(q.buffer, CircularArrayQueue.slot(0, q.mask), 7); // the producer's first store
        assertFalse(q.isEmpty(), "element stored, index not yet");
        assertEquals(7, q.peek());
        assertEquals(7, q.poll());
        assertTrue(q.isEmpty());
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
    }

    @Test
    void spscLinkedQueueSeesANodeLinkedBeforeTheProducerNodeMoves() {
        final SpscLinkedQueue<Integer> q = new SpscLinkedQueue<>();
        assertTrue(q.isEmpty());
        q.lpProducerNode().soNext(new LinkedQueueNode.ElementNode<>(7)); // the producer's first store
        assertFalse(q.isEmpty(), "node linked, producer node not moved yet");
        assertEquals(7, q.peek());
        assertEquals(7, q.poll());
        assertTrue(q.isEmpty(), "the only element was taken, though the producer node still lags");
    }
}
