package org.jcq.concurrency.lincheck;

import java.util.ArrayDeque;
import org.jcq.queues.MessagePassingQueue;

/**
 * The sequential specification every queue is checked against: a {@link ArrayDeque} with the
 * bound of the queue under test, so that a bounded queue's {@code offer} must return
 * {@code false} exactly when it holds {@code capacity()} elements, and an unbounded queue's never.
 * Lincheck builds it with the no-argument constructor; the bound is read from a queue built by the
 * same {@link Subject}.
 */
public final class QueueSpec {
    private final ArrayDeque<Integer> elements = new ArrayDeque<>();
    private final int capacity = Subject.current().create().capacity();

    /**
     * @param e the element
     * @return {@code false} only if the bound is reached
     */
    public boolean offer(int e) {
        if (capacity != MessagePassingQueue.UNBOUNDED_CAPACITY && elements.size() >= capacity) {
            return false;
        }
        return elements.offer(e);
    }

    /** @return the head, removed, or {@code null} if empty */
    public Integer poll() {
        return elements.poll();
    }

    /**
     * @param e the element
     * @return as {@link #offer}: a fill of one takes the element if there is room
     */
    public boolean fillOne(int e) {
        return offer(e);
    }

    /** @return as {@link #poll}: a drain of one hands over the head, if any */
    public Integer drainOne() {
        return poll();
    }

    /** @return the head, or {@code null} if empty */
    public Integer peek() {
        return elements.peek();
    }

    /**
     * @param e the element
     * @return whether its first occurrence was removed
     */
    public boolean remove(int e) {
        return elements.removeFirstOccurrence(e);
    }

    /** @return whether no element is held */
    public boolean isEmpty() {
        return elements.isEmpty();
    }
}
