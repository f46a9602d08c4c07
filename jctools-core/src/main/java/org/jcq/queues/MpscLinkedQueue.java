package org.jcq.queues;

import org.jcq.queues.LinkedQueueNode.ElementNode;

/**
 * An unbounded multi-producer single-consumer queue of linked nodes.
 * <p>
 * Algorithm: Dmitry Vyukov's non-intrusive MPSC node-based queue (1024cores.net), as in JCTools'
 * MpscLinkedQueue: a producer swaps its new node in as the producer node with one atomic exchange
 * ({@code getAndSet}), which orders it among all producers, and then links the node it replaced
 * to it with a release store. The single consumer takes the successor of the consumed node it
 * stands on. The consumer side, the observers and the nepotism rules are shared with
 * {@link SpscLinkedQueue} and described in {@code BaseLinkedQueue}, which also holds this queue's
 * producer side and its wait across a bubble for it and for its compact edition,
 * {@link MpscLinkedUnpaddedQueue}.
 *
 * <h2>Linking protocol</h2>
 * offer: {@code n = new node(e); prev = xchg(producerNode, n); prev.next = n}. Between the swap and
 * the link, {@code n} (and every node swapped in after it) is in the queue but not yet reachable
 * from the consumer: a "bubble". A consumer that finds {@code c.next == null} tells the bubble
 * apart from an empty queue by comparing {@code c} with {@code producerNode}: if they differ, some
 * producer swapped {@code c} out and will link it, so {@link #poll()} and {@link #peek()} spin
 * until the link lands; {@link #relaxedPoll()} and {@link #relaxedPeek()} return null instead.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>Every node other than the producer node is, or will be, linked to exactly one successor:
 * the node whose swap returned it. The swaps order the nodes; that order is queue order.</li>
 * <li>{@code consumerNode != producerNode} implies the consumer node has, or is about to get, a
 * successor, so {@code !isEmpty()} implies the consumer's next {@code poll()} returns an
 * element.</li>
 * <li>A consumed node (every node before {@code consumerNode}) has a null value and a
 * {@code next} that points to itself: it reaches nothing (nepotism-safe). Only the consumer
 * self-links, and only nodes whose link has already landed, so no producer writes a consumed
 * node.</li>
 * </ol>
 * <b>Not</b> invariant: the chain from the consumer node to the producer node may be broken by
 * bubbles (several at once with several producers). {@code size()} counts up to the first one, and
 * the iterator stops there; a descheduled producer stalls {@code poll()} and {@code peek()} (not
 * the other producers, whose offers complete).
 *
 * <h2>Orderings</h2>
 * The swap is volatile: its release side publishes the new node's fields to the next producer,
 * which writes that node's link, and to consumers' acquire loads of the producer node; its acquire
 * side orders the previous producer's node construction before this producer's link store into
 * it. The link is a release store that pairs with the consumer's acquire load of {@code next},
 * publishing the element. The consumer's stores are as in {@link SpscLinkedQueue}.
 *
 * <h2>Linearization points</h2>
 * offer: the swap (it fixes the order of elements). poll: the acquire load of the consumer node's
 * {@code next} that returns the successor; an empty poll: the producer-node load that equals the
 * consumer node.
 *
 * <h2>GC and padding</h2>
 * As in {@link SpscLinkedQueue}: one 24-byte node per offer, cleared and self-linked once
 * consumed. Nodes are not padded; the queue object's two hot references are.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * Any number of producer threads; one consumer thread at a time. Unbounded: {@code offer} never
 * fails. {@code poll()} and {@code peek()} are not lock-free (they wait across a bubble).
 * {@code size()} walks the chain (O(n)). The iterator is weakly consistent and does not remove.
 * JCTools' twin has {@code remove(Object)}; this queue does not (a present element throws
 * {@link UnsupportedOperationException}). Like JCTools' twin, it does not implement
 * {@link QueueProgressIndicators}: it keeps no indices, and counting offers would cost every
 * producer a second contended atomic.
 *
 * @param <E> the type of the elements
 */
public class MpscLinkedQueue<E> extends BaseLinkedQueueFields<E> {
    /** Creates an empty queue. */
    public MpscLinkedQueue() {
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
