package org.jcq.queues;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The shell of every queue's weakly consistent iterator: holds the element {@link #next()} returns
 * next and asks the subclass for the one after it. A subclass walks its own structure (ring,
 * chunks or nodes) in {@link #advance()}. {@link #remove()} asks the subclass to remove the element
 * last returned ({@link #removeReturned}); only the queues that remove from any position do.
 *
 * @param <E> the type of the elements
 */
abstract class WeakIterator<E> implements Iterator<E> {
    private E next;
    /** What {@link #next()} returned last, until {@link #remove()} removes it. */
    private E last;

    /** Finds the element after the last one found, or returns null at the end of the walk. */
    abstract E advance();

    /** Finds the first element; subclass constructors call it once their fields are set. */
    final void start() {
        next = advance();
    }

    @Override
    public final boolean hasNext() {
        return next != null;
    }

    @Override
    public final E next() {
        final E e = next;
        if (e == null) {
            throw new NoSuchElementException();
        }
        next = advance();
        last = e;
        return e;
    }

    /**
     * For a spliterator ({@code QueueSpliterator}), which needs no look-ahead: the element found at
     * construction first, then each call walks on from where the last one stopped, so an element
     * taken after the previous call (a cleared queue's included) is not handed over, as the JDK's
     * concurrent queues' spliterators do. Null at the end. Not to be mixed with {@link #next()}.
     */
    final E pull() {
        final E e = next;
        if (e != null) {
            next = null;
            return e;
        }
        return advance();
    }

    /**
     * Removes the element {@link #next()} returned last, if it is still in the queue (weakly
     * consistent, as the JDK's concurrent queues' iterators: an element a consumer took meanwhile
     * is not removed, and no exception says so).
     *
     * @throws IllegalStateException if {@code next} has not been called, or {@code remove} has
     *     already been called after the last {@code next}
     * @throws UnsupportedOperationException if the queue removes only from its head (every queue
     *     but the MPMC blocking ones); the iterator is then as it was
     */
    @Override
    public final void remove() {
        final E e = last;
        if (e == null) {
            throw new IllegalStateException("remove() without a next() before it");
        }
        removeReturned(e);
        last = null;
    }

    /**
     * Removes {@code e}, returned by this iterator, if it is still in the queue; throws
     * {@link UnsupportedOperationException} unless the queue removes from any position.
     */
    void removeReturned(E e) {
        throw new UnsupportedOperationException("remove: this queue removes only from its head");
    }
}
