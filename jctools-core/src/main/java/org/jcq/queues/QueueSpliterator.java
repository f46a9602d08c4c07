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
 * change the queue during the traversal. It keeps no element found ahead, so what is taken from
 * the queue during a traversal (a {@code clear()}, say) is not handed over afterwards. Splitting
 * hands out batches of the elements met so far (as {@code ConcurrentLinkedQueue}'s spliterator
 * does); once a traversal finds the end, the spliterator stays exhausted.
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

    /**
     * The next element, or null at the end. A queue's own iterator ({@link WeakIterator}) is asked
     * without look-ahead, so nothing taken from the queue since the previous element is handed
     * over; another iterator (the compound queues') as an iterator.
     */
    private E nextOrNull() {
        final Iterator<E> i = iterator();
        if (i instanceof WeakIterator) {
            return ((WeakIterator<E>) i).pull();
        }
        return i.hasNext() ? i.next() : null;
    }

    @Override
    public boolean tryAdvance(Consumer<? super E> action) {
        Objects.requireNonNull(action, "action");
        if (!exhausted) {
            final E e = nextOrNull();
            if (e != null) {
                action.accept(e);
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
            for (E e; (e = nextOrNull()) != null; ) {
                action.accept(e);
            }
            exhausted = true;
        }
    }

    @Override
    public Spliterator<E> trySplit() {
        if (exhausted) {
            return null;
        }
        final int n = Math.min(batch + 1, MAX_BATCH);
        final Object[] a = new Object[n];
        int k = 0;
        for (E e; k < n && (e = nextOrNull()) != null; ) {
            a[k++] = e;
        }
        if (k < n) {
            exhausted = true;
        }
        if (k == 0) {
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
