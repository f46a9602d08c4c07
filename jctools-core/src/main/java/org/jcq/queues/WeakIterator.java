package org.jcq.queues;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The shell of every queue's weakly consistent iterator: holds the element {@link #next()} returns
 * next and asks the subclass for the one after it. A subclass walks its own structure (ring,
 * chunks or nodes) in {@link #advance()}; none supports {@code remove}.
 *
 * @param <E> the type of the elements
 */
abstract class WeakIterator<E> implements Iterator<E> {
    private E next;

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
        return e;
    }
}
