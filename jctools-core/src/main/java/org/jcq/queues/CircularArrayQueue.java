package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Iterator;

import org.jcq.internal.Waits;

/**
 * What the four bounded array queues share: the ring buffer (read-only after construction), its
 * element accessors, capacity and the iterator; the parts of the API that follow from two
 * monotonic indices alone (size, emptiness, the drain/fill loops) are in {@link IndexedQueue}.
 * <p>
 * Layout: these fields are the queues' cold region and sit right after the object header, which
 * is read-only too (see {@code package-info}). Subclasses add padding and the hot indices.
 * <p>
 * The ring is an {@code Object[]} of {@code padSlots() + capacity} references; logical index
 * {@code i} lives at array index {@code padSlots() + (i & mask)}. In the padded editions the unused
 * slots before the live ones keep them 128 bytes off the array header, whose length and class word
 * every VarHandle access reads (bounds and type checks), so a slot write never invalidates the line
 * every other thread reads. The compact editions leave them out ({@code padSlots()} is 0), as they
 * leave out every pad. The ring's end is not padded in either: its last slots may share a line with
 * whatever object the heap places next, which costs only while that object is hot; JCTools pads
 * neither end, and its padded queues' footprint is the bound ours keep to.
 * <p>
 * {@code padSlots()} returns a constant in each edition: where one edition is loaded C2 folds it
 * (class hierarchy analysis), and where both are, one type check per inlined method picks it.
 *
 * @param <E> the type of the elements
 */
abstract class CircularArrayQueue<E> extends IndexedQueue<E> {
    /**
     * Unused slots before a padded ring's first live slot: 28 references and the 16-byte array
     * header are 128 bytes with compressed oops.
     */
    static final int PAD_SLOTS = 28;

    private static final VarHandle ELEMENT = MethodHandles.arrayElementVarHandle(Object[].class);

    /** The ring; slots hold elements or null. Never reassigned. */
    final Object[] buffer;
    /** The ring's size - 1, the size being a power of two. */
    final int mask;
    /**
     * The capacity: the ring's size ({@code mask + 1}), or, in an exact-bound queue
     * ({@link Bound#EXACT}), less. Producers read it only in their cold paths (a limit's refresh, a
     * look-ahead), or, where the ring's slots alone decide whether there is room, after a test of
     * it that the JIT predicts; see each algorithm's note, "Exact bound".
     */
    final int bound;

    /**
     * @param bound the capacity, at least 1: the ring is the least power of two that holds it, and
     *     at least {@link #leastRing()}; a bound below the ring's size makes the queue exact
     */
    CircularArrayQueue(int bound) {
        final int ring = Math.max(bound <= 1 ? 1 : Integer.highestOneBit(bound - 1) << 1, leastRing());
        this.buffer = new Object[padSlots() + ring];
        this.mask = ring - 1;
        this.bound = bound;
    }

    /**
     * The smallest ring the algorithm works on: 1 unless overridden. A constant, so it may be
     * called from the constructor.
     */
    int leastRing() {
        return 1;
    }

    /**
     * How many slots of the ring an exact bound leaves spare ({@code mask + 1 - bound}); 0 in a
     * rounded queue. An index {@code i}'s element may be written once the element of
     * {@code i - bound}, whose slot is that of {@code i + gap()}, has been taken.
     */
    final int gap() {
        return mask + 1 - bound;
    }

    /**
     * How many unused slots precede the live ones: {@link #PAD_SLOTS} in the padded editions, 0 in
     * the compact ones. A constant, so it may be called from the constructor.
     */
    int padSlots() {
        return PAD_SLOTS;
    }

    /** The array index of logical index {@code index}. */
    final int slot(long index, int mask) {
        return padSlots() + ((int) index & mask);
    }

    /**
     * How many indices from {@code index} on map to consecutive array slots: up to the end of the
     * ring. A batch walks such runs as counted loops over array indices, where the JIT checks the
     * array's bounds (and, for a store, its class) once per run.
     */
    static int runLength(long index, int mask) {
        return mask + 1 - ((int) index & mask);
    }

    static Object laElement(Object[] buffer, int slot) {
        return ELEMENT.getAcquire(buffer, slot);
    }

    /**
     * Cold path of the single-consumer drains (the MPSC ring's and the MPSC linked-array queues'),
     * called when the head slot {@code first} of a run of {@code want} slots holds something and a
     * later one ({@link Waits#lookahead}) is empty: if producers have claimed {@code claimed > 0}
     * indices from the head on, waits a little for the last claimed one within the run to be
     * written, re-reading its slot with doubling pauses ({@link Waits#pause}), at most
     * {@link Waits#BATCH_WAIT_SPINS} spins; returns at once if nothing is claimed. Why: a consumer
     * draining in step with a producer's fill would otherwise take the one or two elements written
     * so far, reading the line the producer writes next and clearing slots beside it, and the
     * producer would miss the cache at nearly every element; waiting on the run's last claimed
     * slot, the consumer takes the run whole. The drain then takes what is there, so a producer
     * that holds its claim for long only makes it take less.
     */
    static void awaitRun(Object[] buffer, int first, int want, long claimed) {
        if (claimed <= 0) {
            return;
        }
        final int last = first + (int) Math.min(claimed, want) - 1;
        for (int pause = 1; pause <= Waits.BATCH_WAIT_SPINS && laElement(buffer, last) == null; pause <<= 1) {
            Waits.pause(pause);
        }
    }

    static Object lvElement(Object[] buffer, int slot) {
        return ELEMENT.getVolatile(buffer, slot);
    }

    static Object lpElement(Object[] buffer, int slot) {
        return buffer[slot];
    }

    static void soElement(Object[] buffer, int slot, Object e) {
        ELEMENT.setRelease(buffer, slot, e);
    }

    static void spElement(Object[] buffer, int slot, Object e) {
        buffer[slot] = e;
    }

    /** Swaps the slot's content for {@code e} (volatile), returning what it held. */
    static Object xchgElement(Object[] buffer, int slot, Object e) {
        return ELEMENT.getAndSet(buffer, slot, e);
    }

    /** CASes the slot from {@code expect} (by identity) to {@code update} (volatile). */
    static boolean casElement(Object[] buffer, int slot, Object expect, Object update) {
        return ELEMENT.compareAndSet(buffer, slot, expect, update);
    }

    /**
     * Release store of null: a release fence, then a plain store. It orders what came before it
     * as {@link #soElement} does, and an acquire load that reads the null pairs with it: a release
     * fence followed by a store is a release store in the C/C++11 model that the VarHandle
     * documentation follows, given a store that cannot tear, which a reference store never does
     * (JLS 17.7). Why not {@code soElement(buffer, slot, null)}: every VarHandle store into a
     * reference array checks the array's class first (the store must fit its component type,
     * null or not), a load and a compare per call; a plain store of the constant null needs no
     * check. The consumers' clears are on the hot path of every poll.
     */
    static void soNull(Object[] buffer, int slot) {
        VarHandle.releaseFence();
        buffer[slot] = null;
    }

    /**
     * The element at logical index {@code index} if it is still in the queue at the moment of the
     * call, else null. Used by the iterator; any thread may call it.
     */
    E elementIfPresent(long index) {
        final Object e = laElement(buffer, slot(index, mask));
        // Read the consumer index after the slot: while it is <= index, the slot cannot have been
        // consumed and refilled by a later lap, so e is the element of this lap.
        if (e == null || laConsumerIndex() > index) {
            return null;
        }
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    @Override
    public final int capacity() {
        return bound;
    }

    @Override
    public final int drain(Consumer<E> c) {
        return drain(c, capacity());
    }

    @Override
    public final int fill(Supplier<E> s) {
        return fill(s, capacity());
    }

    /**
     * Returns a weakly consistent iterator: it walks from the head to the tail as they were when
     * it was created, returns only elements that were in the queue at some moment during the
     * walk, in queue order, each at most once, and skips any that consumers took meanwhile. It
     * never throws {@link java.util.ConcurrentModificationException}, may be used from any thread
     * while producers and consumers run, and does not support {@code remove}.
     *
     * @return a weakly consistent iterator over the elements
     */
    @Override
    public final Iterator<E> iterator() {
        return new Walk();
    }

    /**
     * A late-binding spliterator over {@link #iterator()}: {@code CONCURRENT}, {@code NONNULL},
     * {@code ORDERED},
     * never {@code SIZED} (see {@code QueueSpliterator}).
     *
     * @return a spliterator over the elements
     */
    @Override
    public final java.util.Spliterator<E> spliterator() {
        return new QueueSpliterator<>(this, QueueSpliterator.FIFO);
    }

    private final class Walk extends WeakIterator<E> {
        private final long end;
        private long index;

        Walk() {
            index = laConsumerIndex();
            end = laProducerIndex();
            start();
        }

        @Override
        E advance() {
            while (index < end) {
                final E e = elementIfPresent(index++);
                if (e != null) {
                    return e;
                }
                // Consumed (or not yet written): consumers may be well ahead, so skip to them.
                index = Math.max(index, laConsumerIndex());
            }
            return null;
        }

        @Override
        void removeReturned(E e) {
            CircularArrayQueue.this.removeReturned(e);
        }
    }
}
