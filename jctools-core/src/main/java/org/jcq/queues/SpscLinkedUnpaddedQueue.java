package org.jcq.queues;

import org.jcq.queues.LinkedQueueNode.ElementNode;

/**
 * The compact edition of {@link SpscLinkedQueue}: the same algorithm ({@code BaseLinkedQueue}),
 * the same guarantees, with no padding, so an empty queue is as small as JCTools'
 * {@code SpscLinkedUnpaddedQueue} (its two node references sit next to the header). For programs
 * that hold many queues, most of them idle or short; under steady traffic between threads on other
 * cores, pick {@link SpscLinkedQueue}.
 *
 * @param <E> the type of the elements
 */
public class SpscLinkedUnpaddedQueue<E> extends BaseLinkedQueueCompactFields<E> {
    /** Creates an empty queue. */
    public SpscLinkedUnpaddedQueue() {
        super();
    }

    @Override
    final void append(ElementNode<E> first, ElementNode<E> last) {
        spscAppend(first, last);
    }

    /**
     * {@inheritDoc}
     * <p>
     * As {@link SpscLinkedQueue#isEmpty()}: looks at the consumer node's link, where offer takes
     * effect, not at the producer node, which lags it.
     */
    @Override
    public boolean isEmpty() {
        return spscIsEmpty();
    }

    /** Nothing to wait for: a node becomes the producer node only after it is linked. */
    @Override
    final LinkedQueueNode<E> awaitLink(LinkedQueueNode<E> c) {
        return null;
    }
}
