package org.jcq.queues;

import org.jcq.queues.LinkedQueueNode.ElementNode;

/**
 * An unbounded single-producer single-consumer queue of linked nodes.
 * <p>
 * Algorithm: a singly linked list with a stub (dummy) head node, as in Michael and Scott's
 * queue (PODC 1996), specialised to one producer and one consumer as in JCTools'
 * SpscLinkedQueue: the producer links a new node after the last one; the consumer takes the
 * successor of the consumed node it stands on. Neither end needs an atomic read-modify-write.
 * The consumer side, the observers and the nepotism rules are shared with
 * {@link MpscLinkedQueue} and described in {@code BaseLinkedQueue}, which also holds this queue's
 * producer side for it and for its compact edition, {@link SpscLinkedUnpaddedQueue}.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>Following {@code next} from {@code consumerNode} reaches {@code producerNode}; the nodes
 * after the consumer node hold the elements in queue order, none of them null.</li>
 * <li>The producer links a node ({@code prev.next = n}) before it makes it the producer node,
 * so every node up to {@code producerNode} is linked: {@code consumerNode != producerNode} implies
 * the consumer node has a successor.</li>
 * <li>A consumed node (every node before {@code consumerNode}) has a null value and a
 * {@code next} that points to itself: it reaches nothing (nepotism-safe).</li>
 * </ol>
 * <b>Not</b> invariant: the last node may be linked while {@code producerNode} still names its
 * predecessor; then {@code size()} lags the offer by one element, while {@code poll()} already
 * finds it. That is safe: the link is the linearization point of offer, and {@code isEmpty()}
 * looks at the consumer node's link, not at the producer node.
 *
 * <h2>Orderings</h2>
 * The node's value is written in its constructor (plain); the release store of the link publishes
 * it and pairs with the consumer's acquire load of {@code next}. The release store of the producer
 * node pairs with observers' acquire load of it ({@code size}, the iterator), so a producer
 * node they see is linked. The consumer's release stores of the consumer node and of the self-link
 * pair with walkers' acquire loads.
 *
 * <h2>Linearization points</h2>
 * offer: the release store of the link. poll: the acquire load of the consumer node's
 * {@code next} (non-null: the element is taken; null: the queue was empty).
 *
 * <h2>GC and padding</h2>
 * Each offer allocates one 24-byte node (with compressed references); the consumer clears the
 * value and self-links the node it leaves, so no consumed node keeps elements or later nodes alive.
 * Nodes are not padded; the queue object's two hot references are (see {@code package-info}).
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * One producer thread and one consumer thread at a time. Unbounded: {@link #capacity()} is
 * {@link MessagePassingQueue#UNBOUNDED_CAPACITY} and {@code offer} never fails. {@code size()}
 * walks the chain (O(n)). The iterator is weakly consistent and does not remove;
 * {@code remove(Object)} of a present element throws {@link UnsupportedOperationException}. The
 * relaxed methods are the strict ones. Unlike the array queues this queue does not implement
 * {@link QueueProgressIndicators}: it keeps no indices (neither does JCTools' twin).
 *
 * @param <E> the type of the elements
 */
public class SpscLinkedQueue<E> extends BaseLinkedQueueFields<E> {
    /** Creates an empty queue. */
    public SpscLinkedQueue() {
        super();
    }

    @Override
    final void append(ElementNode<E> first, ElementNode<E> last) {
        spscAppend(first, last);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Looks at the consumer node's link, where offer takes effect, not at the producer node, which
     * lags it. A node the consumer has left links to itself; finding one, it starts again from the
     * new consumer node.
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
