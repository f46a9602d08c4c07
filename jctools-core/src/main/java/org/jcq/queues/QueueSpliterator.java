package org.jcq.queues;

import java.util.Collection;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;

/**
 * Every queue's spliterator: its weakly consistent iterator, bound late (at the first traversal or
 * split, not at creation) and reporting {@link #CONCURRENT} and {@link #NONNULL} (and
 * {@link #ORDERED} where iteration follows queue order), as the JDK's concurrent queues do.
 * {@code Collection}'s default would report {@code SIZED}: a stream then sizes its result by
 * {@code size()} at the start, and fails ({@link IllegalStateException}) when other threads
 * change the queue during the traversal. Splitting hands out batches of the elements met so far
 * (as {@code ConcurrentLinkedQueue}'s spliterator does); once a traversal finds the end, the
 * spliterator stays exhausted.
 *
 * @param <E> the type of the elements
 */
final class QueueSpliterator<E> implements Spliterator<E> {
    /** The characteristics of a queue whose iteration follows its order (every FIFO queue). */
    static final int FIFO = CONCURRENT | NONNULL | ORDERED;
    /** The characteristics of a queue whose iteration order is not its poll order. */
    static final int UNORDERED = CONCURRENT | NONNULL;
    /** The largest batch a split hands out. */
    private static final int MAX_BATCH = 1 << 25;

    private final Collection<E> queue;
    private final int characteristics;
    /** Null until the first traversal or split. */
    private Iterator<E> it;
    private boolean exhausted;
    /** The size of the next batch a split hands out. */
    private int batch;

    QueueSpliterator(Collection<E> queue, int characteristics) {
        this.queue = queue;
        this.characteristics = characteristics;
    }

    private Iterator<E> iterator() {
        Iterator<E> i = it;
        if (i == null) {
            it = i = queue.iterator();
        }
        return i;
    }

    @Override
    public boolean tryAdvance(Consumer<? super E> action) {
        Objects.requireNonNull(action, "action");
        if (!exhausted) {
            final Iterator<E> i = iterator();
            if (i.hasNext()) {
                action.accept(i.next());
                return true;
            }
            exhausted = true;
        }
        return false;
    }

    @Override
    public void forEachRemaining(Consumer<? super E> action) {
        Objects.requireNonNull(action, "action");
        if (!exhausted) {
            exhausted = true;
            iterator().forEachRemaining(action);
        }
    }

    @Override
    public Spliterator<E> trySplit() {
        if (exhausted) {
            return null;
        }
        final Iterator<E> i = iterator();
        final int n = Math.min(batch + 1, MAX_BATCH);
        final Object[] a = new Object[n];
        int k = 0;
        while (k < n && i.hasNext()) {
            a[k++] = i.next();
        }
        if (k == 0) {
            exhausted = true;
            return null;
        }
        batch = k;
        return Spliterators.spliterator(a, 0, k, characteristics);
    }

    @Override
    public long estimateSize() {
        return Long.MAX_VALUE;
    }

    @Override
    public int characteristics() {
        return characteristics;
    }
}
