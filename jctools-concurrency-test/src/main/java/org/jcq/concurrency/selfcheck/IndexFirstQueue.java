package org.jcq.concurrency.selfcheck;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.AbstractQueue;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.jcq.queues.MessagePassingQueue;

/**
 * A deliberately broken single-producer single-consumer ring, kept only to prove that the
 * concurrency tests can fail. It is {@code SpscArrayQueue}'s protocol with the producer's two
 * stores swapped: the producer publishes the new index <em>before</em> it writes the element.
 * <p>
 * A consumer that sees the index therefore trusts a slot that may still be empty. It takes the
 * slot as it finds it and moves on, so in the window between the producer's two stores
 * {@link #poll()} returns {@code null} while {@link #isEmpty()} says otherwise, and the element,
 * written a moment later into a slot the consumer has passed, is lost until the ring wraps (and
 * then surfaces a lap late, out of order). The jcstress self-check and the Lincheck self-check
 * both run this queue and must report exactly that: FORBIDDEN outcomes, a non-linearizable history.
 * Nothing in {@code jctools-core} may look like this.
 *
 * @param <E> the element type
 */
public final class IndexFirstQueue<E> extends AbstractQueue<E> implements MessagePassingQueue<E> {
    private static final VarHandle PRODUCER_INDEX;
    private static final VarHandle CONSUMER_INDEX;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER_INDEX = lookup.findVarHandle(IndexFirstQueue.class, "producerIndex", long.class);
            CONSUMER_INDEX = lookup.findVarHandle(IndexFirstQueue.class, "consumerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] buffer;
    private final int mask;
    private volatile long producerIndex;
    private volatile long consumerIndex;

    /**
     * @param capacity the number of slots, a power of two of at least 2
     * @throws IllegalArgumentException if {@code capacity} is not such a power of two
     */
    public IndexFirstQueue(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two of at least 2: " + capacity);
        }
        buffer = new Object[capacity];
        mask = capacity - 1;
    }

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw new NullPointerException("e");
        }
        final long p = (long) PRODUCER_INDEX.getOpaque(this);
        if (p - consumerIndex >= buffer.length) {
            return false;
        }
        PRODUCER_INDEX.setRelease(this, p + 1); // THE BUG: the index is published first ...
        SLOT.setRelease(buffer, (int) p & mask, e); // ... and the element after it
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E poll() {
        final long c = (long) CONSUMER_INDEX.getOpaque(this);
        if (c >= producerIndex) {
            return null;
        }
        final int i = (int) c & mask;
        final E e = (E) SLOT.getAcquire(buffer, i);
        SLOT.setOpaque(buffer, i, null);
        CONSUMER_INDEX.setRelease(this, c + 1); // trusts the index: an empty slot is taken as it is
        return e;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E peek() {
        final long c = consumerIndex;
        return c >= producerIndex ? null : (E) SLOT.getAcquire(buffer, (int) c & mask);
    }

    @Override
    public int size() {
        return (int) Math.max(0, Math.min(buffer.length, producerIndex - consumerIndex));
    }

    @Override
    public boolean isEmpty() {
        return consumerIndex >= producerIndex;
    }

    @Override
    public int capacity() {
        return buffer.length;
    }

    @Override
    public boolean relaxedOffer(E e) {
        return offer(e);
    }

    @Override
    public E relaxedPoll() {
        return poll();
    }

    @Override
    public E relaxedPeek() {
        return peek();
    }

    @Override
    public int drain(Consumer<E> c, int limit) {
        int n = 0;
        for (E e; n < limit && (e = poll()) != null; n++) {
            c.accept(e);
        }
        return n;
    }

    @Override
    public int fill(Supplier<E> s, int limit) {
        int n = 0;
        while (n < limit && offer(s.get())) {
            n++;
        }
        return n;
    }

    @Override
    public int drain(Consumer<E> c) {
        return drain(c, capacity());
    }

    @Override
    public int fill(Supplier<E> s) {
        return fill(s, capacity());
    }

    @Override
    public void drain(Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        for (int idle = 0; exit.keepRunning(); ) {
            idle = drain(c, 64) == 0 ? wait.idle(idle) : 0;
        }
    }

    @Override
    public void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        for (int idle = 0; exit.keepRunning(); ) {
            idle = fill(s, 64) == 0 ? wait.idle(idle) : 0;
        }
    }

    @Override
    public void clear() {
        while (poll() != null || !isEmpty()) {
            // take everything, including slots the producer has not written yet
        }
    }

    /** Not needed by the self-checks; this queue is not iterable. */
    @Override
    public Iterator<E> iterator() {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return false;
            }

            @Override
            public E next() {
                throw new NoSuchElementException();
            }
        };
    }
}
