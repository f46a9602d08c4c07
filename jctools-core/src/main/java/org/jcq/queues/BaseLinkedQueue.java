package org.jcq.queues;

import java.util.AbstractQueue;
import java.util.Iterator;

import org.jcq.internal.Args;
import org.jcq.internal.Flight;
import org.jcq.queues.LinkedQueueNode.ElementNode;

/**
 * What the unbounded linked-node queues share: the single consumer's side, the observers
 * ({@code size}, {@code isEmpty}, the iterator) and batch fill. Each queue class says how producers
 * append a chain of nodes ({@link #append}) and what a consumer does when the head's link is
 * not there yet ({@link #awaitLink}), by a one-line call of this class's single-producer or
 * multi-producer helper ({@link #spscAppend}, {@link #mpscAppend}, {@link #mpscAwaitLink},
 * {@link #spscIsEmpty}; the notes of {@link SpscLinkedQueue} and {@link MpscLinkedQueue} describe
 * them), so each variant's code exists once for its padded and its compact edition. The two hot
 * references are reached through the abstract accessors below: the padded editions declare them
 * in {@code BaseLinkedQueueFields}' class chain, the compact ones inline in
 * {@code BaseLinkedQueueCompactFields}.
 *
 * <h2>The chain</h2>
 * {@code consumerNode -> n1 -> n2 -> ... -> producerNode}: the consumer node is already consumed
 * (at first the stub); each following node holds one element, in queue order; the producer node is
 * the last one appended. The queue is empty exactly when the two fields hold the same node.
 *
 * <h2>Taking an element (consumer)</h2>
 * Read {@code c = consumerNode}, then {@code n = c.next} (acquire, pairing with the producer's
 * release store of that link, so {@code n}'s value and its fields are visible); take
 * {@code n.value} and clear it; store {@code consumerNode = n} (release); then self-link
 * {@code c.next = c} (release). Clearing the value and self-linking {@code c} are what make the
 * queue nepotism-safe: a consumed node references neither its element nor the live chain, so a
 * consumed node that was promoted to the old generation keeps nothing younger alive (no
 * "nepotism": young nodes held by dead old ones until a full collection).
 *
 * <h2>Why self-link rather than null</h2>
 * A null {@code next} already means "the tail" (and, for multiple producers, "a link still to
 * come"). A self-link is distinguishable from both, so a walker ({@code size()} or the iterator)
 * that stands on a node the consumer has since passed can tell it fell behind, and resumes from the
 * current consumer node instead of stopping early as if it had reached the tail. The consumer
 * stores the new consumer node before it self-links the old one, so a walker that sees the
 * self-link (acquire) and then reads {@code consumerNode} finds the consumer past that node. The
 * cost: {@code size()} and the iterator may restart; each restart moves them forward, so they
 * finish, but they are lock-free rather than wait-free.
 *
 * <h2>Observers</h2>
 * {@code isEmpty()} is O(1): it compares the consumer node (read first) with the producer node
 * (acquire). {@code size()} walks the chain: O(n) in the number of elements, capped at
 * {@link Integer#MAX_VALUE}, exact when the queue is quiescent, a snapshot of a moment during the
 * walk otherwise, never negative.
 *
 * @param <E> the type of the elements
 */
abstract class BaseLinkedQueue<E> extends AbstractQueue<E> implements MessagePassingQueue<E> {
    /** The batch of {@link #fill(Supplier)}, and the most nodes a fill links with one append. */
    static final int FILL_BATCH = 256;
    /** The spins of a bubble wait before it begins a Flight Recorder stall (the rings' first re-check). */
    private static final int STALL_SPINS = 64;

    BaseLinkedQueue() {
        final LinkedQueueNode<E> stub = new LinkedQueueNode<>();
        spProducerNode(stub);
        spConsumerNode(stub);
    }

    /** The last node of the chain: the node the next offer links after. Producer thread only. */
    abstract LinkedQueueNode<E> lpProducerNode();

    /** The producer node, read with acquire: pairs with the producers' release store or swap. */
    abstract LinkedQueueNode<E> laProducerNode();

    abstract void spProducerNode(LinkedQueueNode<E> node);

    abstract void soProducerNode(LinkedQueueNode<E> node);

    /** Swaps in a new producer node (volatile), returning the one it replaced. */
    abstract LinkedQueueNode<E> xchgProducerNode(LinkedQueueNode<E> node);

    /** The node before the head: consumed (or the stub). Consumer thread only. */
    abstract LinkedQueueNode<E> lpConsumerNode();

    /** The consumer node, read with acquire: pairs with the consumer's release store. */
    abstract LinkedQueueNode<E> laConsumerNode();

    abstract void spConsumerNode(LinkedQueueNode<E> node);

    abstract void soConsumerNode(LinkedQueueNode<E> node);

    /**
     * Appends the private chain {@code first -> ... -> last} (linked with plain stores, its last
     * link null) after the producer node, and makes {@code last} the producer node. Producer
     * threads only.
     */
    abstract void append(ElementNode<E> first, ElementNode<E> last);

    /**
     * Cold path of {@code poll}/{@code peek}: the consumer node {@code c} has no successor yet.
     * Returns the successor once it is linked, waiting if a producer has appended after {@code c}
     * but not yet linked it; null if the queue is empty.
     */
    abstract LinkedQueueNode<E> awaitLink(LinkedQueueNode<E> c);

    /**
     * {@link #append} with one producer ({@link SpscLinkedQueue}): link, then move the producer
     * node.
     */
    final void spscAppend(ElementNode<E> first, ElementNode<E> last) {
        // Release pairs with the consumer's acquire load of next: publishes the chain's values.
        lpProducerNode().soNext(first);
        // Release, after the link: observers that see the new producer node see it linked.
        soProducerNode(last);
    }

    /**
     * {@link #isEmpty()} with one producer: looks at the consumer node's link, not at the producer
     * node (see {@link SpscLinkedQueue#isEmpty()}).
     */
    final boolean spscIsEmpty() {
        for (;;) {
            final LinkedQueueNode<E> c = laConsumerNode();
            // Acquire: pairs with the producer's release store of the link (or the consumer's self-link).
            final LinkedQueueNode<E> next = c.laNext();
            if (next != c) {
                return next == null;
            }
        }
    }

    /**
     * {@link #append} with several producers ({@link MpscLinkedQueue}): swap the chain's last node
     * in as the producer node, then link the node it replaced to the chain's first.
     */
    final void mpscAppend(ElementNode<E> first, ElementNode<E> last) {
        // Volatile swap: orders this chain among producers (see MpscLinkedQueue's Orderings).
        final LinkedQueueNode<E> prev = xchgProducerNode(last);
        // Release pairs with the consumer's acquire load of next: publishes the chain's values.
        prev.soNext(first);
    }

    /**
     * {@link #awaitLink} with several producers ({@link MpscLinkedQueue}): waits across a bubble.
     * If {@code c} is no longer the producer node, the producer that swapped it out is about to
     * link it.
     */
    final LinkedQueueNode<E> mpscAwaitLink(LinkedQueueNode<E> c) {
        // Acquire pairs with the producers' swap.
        if (c == laProducerNode()) {
            return null;
        }
        LinkedQueueNode<E> next;
        // A Flight Recorder stall, begun after 64 spins; null while none is wanted.
        Object stall = null;
        // Acquire pairs with the release store of the link.
        for (int spins = 1; (next = c.laNext()) == null; spins++) {
            // No Thread.onSpinWait(): the link is one store away (see MpscArrayQueue).
            if (spins == STALL_SPINS) {
                stall = Flight.beginProducerStall();
            }
        }
        // A linked-node queue has no index to name.
        Flight.producerStall(stall, this, -1L);
        return next;
    }

    @Override
    public final int capacity() {
        return UNBOUNDED_CAPACITY;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Allocates one node and appends it; never fails, the queue having no bound.
     */
    @Override
    public final boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final ElementNode<E> node = new ElementNode<>(e);
        append(node, node);
        return true;
    }

    @Override
    public final boolean relaxedOffer(E e) {
        return offer(e);
    }

    @Override
    public final E poll() {
        final LinkedQueueNode<E> c = lpConsumerNode();
        // Acquire pairs with the producer's release store of the link: publishes the node's value.
        LinkedQueueNode<E> next = c.laNext();
        if (next == null && (next = awaitLink(c)) == null) {
            return null;
        }
        return take(c, next);
    }

    @Override
    public final E relaxedPoll() {
        final LinkedQueueNode<E> c = lpConsumerNode();
        // Acquire pairs with the producer's release store of the link.
        final LinkedQueueNode<E> next = c.laNext();
        return next == null ? null : take(c, next);
    }

    @Override
    public final E peek() {
        final LinkedQueueNode<E> c = lpConsumerNode();
        // Acquire pairs with the producer's release store of the link.
        LinkedQueueNode<E> next = c.laNext();
        if (next == null && (next = awaitLink(c)) == null) {
            return null;
        }
        return valueOf(next);
    }

    @Override
    public final E relaxedPeek() {
        // Acquire pairs with the producer's release store of the link.
        final LinkedQueueNode<E> next = lpConsumerNode().laNext();
        return next == null ? null : valueOf(next);
    }

    /** The element of {@code node}, a successor of some node (so never the stub). */
    private static <E> E valueOf(LinkedQueueNode<E> node) {
        return ((ElementNode<E>) node).lpValue();
    }

    /**
     * Takes the element of {@code next}, the successor of consumer node {@code c}: clears it, makes
     * {@code next} the consumer node, and unlinks {@code c} from the chain by self-linking it.
     */
    private E take(LinkedQueueNode<E> c, LinkedQueueNode<E> next) {
        final ElementNode<E> node = (ElementNode<E>) next;
        final E e = node.lpValue();
        // Plain: only the consumer takes values; walkers tolerate seeing either.
        node.spValue(null);
        // Release pairs with walkers' acquire load of the consumer node.
        soConsumerNode(node);
        // Release, after the consumer node moved: a walker that sees the self-link sees the move.
        c.soNext(c);
        return e;
    }

    @Override
    public void clear() {
        while (poll() != null) {
            // keep polling until empty
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * O(1): compares the consumer node (read first) with the producer node (acquire, pairing with
     * the producer's release store or swap). If they differ, a producer has appended after the
     * consumer node, so the consumer's next {@link #poll()} returns an element (waiting, with
     * several producers, for the link to land).
     */
    @Override
    public boolean isEmpty() {
        return laConsumerNode() == laProducerNode();
    }

    /**
     * What the queue is, for logs and bug reports: its class, {@code capacity=unbounded} and
     * whether it is empty, e.g. {@code org.jcq.queues.MpscLinkedQueue@1b6d3586[capacity=unbounded, empty=false]}.
     * Not its size, a walk of every node here, nor its elements.
     */
    @Override
    public String toString() {
        return QueueText.describe(this, capacity(), "empty=" + isEmpty());
    }

    /**
     * {@inheritDoc}
     * <p>
     * Walks the chain from the consumer node to the producer node as read at the start: O(n), and
     * capped at {@link Integer#MAX_VALUE}. If the consumer overtakes the walk (the walker finds a
     * self-linked node), it starts again from the new consumer and producer nodes. With several
     * producers, it stops counting at a link still to come.
     */
    @Override
    public final int size() {
        while (true) {
            LinkedQueueNode<E> at = laConsumerNode();
            final LinkedQueueNode<E> end = laProducerNode();
            int size = 0;
            while (at != end && size < Integer.MAX_VALUE) {
                // Acquire pairs with the producer's link store and the consumer's self-link.
                final LinkedQueueNode<E> next = at.laNext();
                if (next == null) {
                    return size;
                }
                if (next == at) {
                    break;
                }
                at = next;
                size++;
            }
            if (at == end || size == Integer.MAX_VALUE) {
                return size;
            }
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Takes one element per {@link #relaxedPoll()}, so an exception from {@code c} loses nothing
     * but the element it was handed.
     */
    @Override
    public final int drain(Consumer<E> c, int limit) {
        Args.callback("c", c);
        Args.limit(limit);
        return drainUntil(c, limit, null);
    }

    /**
     * {@inheritDoc}
     * <p>
     * On these unbounded queues: the elements up to the producer node as read at the start, so the
     * call returns even when producers keep up.
     */
    @Override
    public final int drain(Consumer<E> c) {
        Args.callback("c", c);
        return drainUntil(c, Integer.MAX_VALUE, laProducerNode());
    }

    /** Takes up to {@code limit} elements, stopping once the consumer node is {@code end}. */
    private int drainUntil(Consumer<E> c, int limit, LinkedQueueNode<E> end) {
        for (int i = 0; i < limit; i++) {
            if (lpConsumerNode() == end) {
                return i;
            }
            final E e = relaxedPoll();
            if (e == null) {
                return i;
            }
            c.accept(e);
        }
        return limit;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Links the supplied elements in chains of up to 256, each appended with one
     * producer-side store or swap, so consumers see a batch at once. If the supplier returns null
     * or throws, the elements it supplied before are appended first, then the exception
     * propagates.
     */
    @Override
    public final int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        int added = 0;
        while (added < limit) {
            added += fillChain(s, Math.min(limit - added, FILL_BATCH), added);
        }
        return limit;
    }

    /**
     * {@inheritDoc}
     * <p>
     * On these unbounded queues: a batch of 256 elements.
     */
    @Override
    public final int fill(Supplier<E> s) {
        return fill(s, FILL_BATCH);
    }

    /**
     * Cold path of fill: takes {@code count > 0} elements from {@code s} into a private chain and
     * appends it, also when the supplier fails part-way ({@code before}: elements this fill added
     * earlier, for the message).
     */
    private int fillChain(Supplier<E> s, int count, int before) {
        final ElementNode<E> first = supplied(s, before);
        ElementNode<E> last = first;
        try {
            for (int i = 1; i < count; i++) {
                final ElementNode<E> node = supplied(s, before + i);
                // Plain: the chain is private until append's release store or swap publishes it.
                last.spNext(node);
                last = node;
            }
        } finally {
            append(first, last);
        }
        return count;
    }

    private static <E> ElementNode<E> supplied(Supplier<E> s, int added) {
        final E e = s.get();
        if (e == null) {
            throw Args.nullSupplied(added);
        }
        return new ElementNode<>(e);
    }

    @Override
    public final void drain(Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        DrainFillLoops.drain(this, c, wait, exit);
    }

    @Override
    public final void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        DrainFillLoops.fill(this, s, wait, exit);
    }

    /**
     * Returns a weakly consistent iterator: it walks from the head towards the tail, returns only
     * elements that were in the queue at some moment during the walk, in queue order, each at most
     * once, and skips any that the consumer took meanwhile (when it finds itself on a consumed,
     * self-linked node it resumes from the consumer's current node). It never throws
     * {@link java.util.ConcurrentModificationException}, may be used from any thread while
     * producers and the consumer run, and does not support {@code remove}.
     *
     * @return a weakly consistent iterator over the elements
     */
    @Override
    public final Iterator<E> iterator() {
        return new Walk();
    }

    /**
     * A late-binding spliterator over {@link #iterator()}: {@code CONCURRENT}, {@code NONNULL}, {@code ORDERED},
     * never {@code SIZED} (see {@code QueueSpliterator}).
     *
     * @return a spliterator over the elements
     */
    @Override
    public final java.util.Spliterator<E> spliterator() {
        return new QueueSpliterator<>(this, QueueSpliterator.FIFO);
    }

    private final class Walk extends WeakIterator<E> {
        /** The node of the element found last (or the node the walk stopped on). */
        private LinkedQueueNode<E> at;

        Walk() {
            at = laConsumerNode();
            start();
        }

        @Override
        E advance() {
            LinkedQueueNode<E> node = at;
            while (true) {
                // Acquire pairs with the producer's link store and the consumer's self-link.
                final LinkedQueueNode<E> succ = node.laNext();
                if (succ == null) {
                    at = node;
                    return null;
                }
                if (succ == node) {
                    // Consumed: the consumer is past this node (it moved before self-linking).
                    node = laConsumerNode();
                    continue;
                }
                node = succ;
                // Plain: the acquire of the link published the value; null means taken meanwhile.
                final E e = valueOf(succ);
                if (e != null) {
                    at = node;
                    return e;
                }
            }
        }
    }
}
