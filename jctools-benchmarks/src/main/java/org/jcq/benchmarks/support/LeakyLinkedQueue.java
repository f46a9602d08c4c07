package org.jcq.benchmarks.support;

import org.jcq.benchmarks.tools.NepotismDemo;
import java.util.AbstractQueue;
import java.util.Iterator;

/**
 * A deliberately nepotism-prone linked queue, for {@link NepotismDemo} only: a plain
 * single-threaded linked list with a stub head whose consumer clears a taken node's value but
 * leaves its {@code next} link in place. Once such a consumed node has been promoted to the old
 * generation, it keeps its successor, and through it every later node, reachable during young
 * collections (old-to-young references are roots there), so nodes that died young are copied and
 * promoted anyway, until a full collection finds the old node dead. Not thread-safe; do not use.
 *
 * @param <E> the type of the elements
 */
public final class LeakyLinkedQueue<E> extends AbstractQueue<E> {
    /** A node; {@code next} is never cleared. */
    private static final class Node<E> {
        E value;
        Node<E> next;

        Node(E value) {
            this.value = value;
        }
    }

    private Node<E> head = new Node<>(null);
    private Node<E> tail = head;
    private int size;

    /** Creates an empty queue. */
    public LeakyLinkedQueue() {
    }

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw new NullPointerException("e (the element) must not be null");
        }
        final Node<E> node = new Node<>(e);
        tail.next = node;
        tail = node;
        size++;
        return true;
    }

    @Override
    public E poll() {
        final Node<E> next = head.next;
        if (next == null) {
            return null;
        }
        final E e = next.value;
        next.value = null;
        // The leak: the old head keeps its link to the new one.
        head = next;
        size--;
        return e;
    }

    @Override
    public E peek() {
        final Node<E> next = head.next;
        return next == null ? null : next.value;
    }

    @Override
    public int size() {
        return size;
    }

    /**
     * Not supported: the demo never iterates.
     *
     * @return never
     * @throws UnsupportedOperationException always
     */
    @Override
    public Iterator<E> iterator() {
        throw new UnsupportedOperationException("LeakyLinkedQueue is a GC demonstration, not a collection");
    }
}
