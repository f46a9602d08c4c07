package org.jcq.concurrency.lincheck;

import org.jcq.queues.MessagePassingQueue;

/**
 * The sequential specification of {@link QueueOperations.MpscUnordered}: a queue seen only
 * through how many elements it holds, with the bound of the queue under test. Lincheck builds it
 * with the no-argument constructor; the bound is read from a queue built by the same
 * {@link Subject}.
 */
public final class CountSpec {
    private final int capacity = Subject.current().create().capacity();
    private int count;

    /**
     * @param e the element (its value does not matter here)
     * @return {@code false} only if the bound is reached
     */
    public boolean offer(int e) {
        if (capacity != MessagePassingQueue.UNBOUNDED_CAPACITY && count >= capacity) {
            return false;
        }
        count++;
        return true;
    }

    /**
     * @param e the element
     * @return as {@link #offer}
     */
    public boolean fillOne(int e) {
        return offer(e);
    }

    /** @return whether an element was there to take */
    public boolean pollSome() {
        if (count == 0) {
            return false;
        }
        count--;
        return true;
    }

    /** @return whether an element is there */
    public boolean peekSome() {
        return count > 0;
    }

    /** @return whether no element is held */
    public boolean isEmpty() {
        return count == 0;
    }
}
