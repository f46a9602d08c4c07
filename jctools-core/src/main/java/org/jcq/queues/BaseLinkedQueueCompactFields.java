package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.VarHandles;

/**
 * The two hot references of the compact linked-node queues, inline and unpadded: the same fields,
 * accessors and orderings as the padded chain in {@code BaseLinkedQueueFields}, next to each other
 * and to the header.
 *
 * @param <E> the type of the elements
 */
abstract class BaseLinkedQueueCompactFields<E> extends BaseLinkedQueue<E> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final Class<?> THIS = BaseLinkedQueueCompactFields.class;
    private static final VarHandle PRODUCER_NODE = VarHandles.field(LOOKUP, THIS, "producerNode", LinkedQueueNode.class);
    private static final VarHandle CONSUMER_NODE = VarHandles.field(LOOKUP, THIS, "consumerNode", LinkedQueueNode.class);

    /** The last node of the chain: the node the next offer links after. */
    private LinkedQueueNode<E> producerNode;
    /** The node before the head: already consumed (or the stub); its successor holds the head. */
    private LinkedQueueNode<E> consumerNode;

    @Override
    final LinkedQueueNode<E> lpProducerNode() {
        return producerNode;
    }

    @Override
    @SuppressWarnings("unchecked")
    final LinkedQueueNode<E> laProducerNode() {
        return (LinkedQueueNode<E>) PRODUCER_NODE.getAcquire(this);
    }

    @Override
    final void spProducerNode(LinkedQueueNode<E> node) {
        producerNode = node;
    }

    @Override
    final void soProducerNode(LinkedQueueNode<E> node) {
        PRODUCER_NODE.setRelease(this, node);
    }

    @Override
    @SuppressWarnings("unchecked")
    final LinkedQueueNode<E> xchgProducerNode(LinkedQueueNode<E> node) {
        return (LinkedQueueNode<E>) PRODUCER_NODE.getAndSet(this, node);
    }

    @Override
    final LinkedQueueNode<E> lpConsumerNode() {
        return consumerNode;
    }

    @Override
    @SuppressWarnings("unchecked")
    final LinkedQueueNode<E> laConsumerNode() {
        return (LinkedQueueNode<E>) CONSUMER_NODE.getAcquire(this);
    }

    @Override
    final void spConsumerNode(LinkedQueueNode<E> node) {
        consumerNode = node;
    }

    @Override
    final void soConsumerNode(LinkedQueueNode<E> node) {
        CONSUMER_NODE.setRelease(this, node);
    }
}
