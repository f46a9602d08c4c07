package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.VarHandles;

/**
 * A link of a linked-node queue's chain: just the reference to the next link. A queue starts from
 * one bare link, the stub (16 bytes instead of an element node's 24, which keeps an empty queue no
 * larger than JCTools' twin); every element travels in an {@link ElementNode}.
 * <p>
 * {@code next} is null until a producer links the next node (once), and is set to the node
 * itself once the consumer has moved past it (see {@code BaseLinkedQueue}: a consumed node must
 * not keep the live chain reachable). Nodes are not padded: see {@code package-info}.
 *
 * @param <E> the type of the elements
 */
class LinkedQueueNode<E> {
    private static final VarHandle NEXT =
            VarHandles.field(MethodHandles.lookup(), LinkedQueueNode.class, "next", LinkedQueueNode.class);

    /** The next link; null at the tail; this node itself once consumed. */
    private LinkedQueueNode<E> next;

    @SuppressWarnings("unchecked")
    final LinkedQueueNode<E> laNext() {
        return (LinkedQueueNode<E>) NEXT.getAcquire(this);
    }

    final LinkedQueueNode<E> lpNext() {
        return next;
    }

    final void soNext(LinkedQueueNode<E> node) {
        NEXT.setRelease(this, node);
    }

    final void spNext(LinkedQueueNode<E> node) {
        next = node;
    }

    /**
     * A node carrying an element. The value is written in the constructor (plain: the release
     * store that links the node publishes it) and cleared by the consumer that takes it.
     *
     * @param <E> the type of the elements
     */
    static final class ElementNode<E> extends LinkedQueueNode<E> {
        private E value;

        ElementNode(E value) {
            this.value = value;
        }

        E lpValue() {
            return value;
        }

        void spValue(E newValue) {
            value = newValue;
        }
    }
}
