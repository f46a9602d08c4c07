package org.jcq.queues;

import org.jcq.queues.LinkedQueueNode.ElementNode;

/**
 * The compact edition of {@link MpscLinkedQueue}: the same algorithm ({@code BaseLinkedQueue}),
 * the same guarantees, with no padding, so an empty queue is as small as JCTools'
 * {@code MpscLinkedUnpaddedQueue} (its two node references sit next to the header). For programs
 * that hold many queues, such as one mailbox per actor, most of them idle; under steady contention
 * between threads on other cores, pick {@link MpscLinkedQueue}.
 *
 * @param <E> the type of the elements
 */
public class MpscLinkedUnpaddedQueue<E> extends BaseLinkedQueueCompactFields<E> {
    /** Creates an empty queue. */
    public MpscLinkedUnpaddedQueue() {
        super();
    }

    @Override
    final void append(ElementNode<E> first, ElementNode<E> last) {
        mpscAppend(first, last);
    }

    @Override
    final LinkedQueueNode<E> awaitLink(LinkedQueueNode<E> c) {
        return mpscAwaitLink(c);
    }
}
