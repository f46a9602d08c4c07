package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

import org.jcq.internal.VarHandles;

/**
 * One chunk of an XADD queue (see {@code MpUnboundedXaddArrayQueue} for the protocol): the slots
 * of {@code chunkSize} consecutive indices, the index of the chunk it currently serves, and its
 * links. A chunk serves one chunk index at a time; after the consumers leave it, it may wait in
 * the queue's pool and then serve a later chunk index (a later "lap").
 * <p>
 * {@link #sequences} exists only in MPMC queues that pool chunks: slot {@code o} holds the chunk
 * index whose element was last published there, so a consumer can tell this lap's element from
 * one a slow consumer of an earlier lap has not yet cleared. Where chunks are never reused (MPMC
 * without a pool) or a single consumer clears every slot before a chunk is pooled (MPSC), a
 * non-null slot can only hold this lap's element, and the array is left out.
 * <p>
 * The slot of an index abandoned by a producer whose chunk allocation failed (see
 * {@code MpUnboundedXaddArrayQueue}) is never written in that lap: it stays null and keeps an
 * earlier lap's sequence, so {@link #publishedElement} reads it as unpublished.
 * <p>
 * The arrays are not padded: a chunk is short-lived and small chunks are common, and 256 bytes of
 * padding per chunk would be most of a small chunk's footprint. Producers and consumers mostly
 * work in different chunks; within one chunk neighbouring slots are written by each in turn, as in
 * a ring.
 *
 * @param <E> the type of the elements
 */
final class MpUnboundedXaddChunk<E> {
    /** The sequence of a slot in which nothing has been published yet (chunk indices are >= 0). */
    static final long NOTHING_PUBLISHED = -1;

    private static final VarHandle ELEMENT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final VarHandle SEQUENCE = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle INDEX =
            VarHandles.field(MethodHandles.lookup(), MpUnboundedXaddChunk.class, "index", long.class);
    private static final VarHandle PREV =
            VarHandles.field(MethodHandles.lookup(), MpUnboundedXaddChunk.class, "prev", MpUnboundedXaddChunk.class);
    private static final VarHandle NEXT =
            VarHandles.field(MethodHandles.lookup(), MpUnboundedXaddChunk.class, "next", MpUnboundedXaddChunk.class);

    /** The slots; null when empty. */
    private final Object[] buffer;
    /** Per slot, the chunk index last published there; null if this queue does not need them. */
    private final long[] sequences;
    /** The chunk index this chunk serves now; set before the chunk is linked or reused. */
    private long index;
    /** The chunk of index {@code index - 1} while that one may still be needed by producers. */
    private MpUnboundedXaddChunk<E> prev;
    /** The chunk of index {@code index + 1}, once appended. */
    private MpUnboundedXaddChunk<E> next;
    /**
     * The chunk below this one in the pool's stack, and how many chunks the stack holds from this
     * one down. Plain fields: written before the CAS that pushes this chunk, read after the load of
     * the stack's top that found it.
     */
    MpUnboundedXaddChunk<E> poolNext;
    int poolDepth;

    /** A chunk of chunk index {@code index} after {@code prev}, on {@code buffer}, a new all-null array. */
    MpUnboundedXaddChunk(long index, MpUnboundedXaddChunk<E> prev, Object[] buffer, boolean sequenced) {
        this.buffer = buffer;
        if (sequenced) {
            this.sequences = new long[buffer.length];
            Arrays.fill(sequences, NOTHING_PUBLISHED);
        } else {
            this.sequences = null;
        }
        this.prev = prev;
        this.index = index;
    }

    /** Whether this chunk carries per-slot sequences. */
    boolean sequenced() {
        return sequences != null;
    }

    /** Chunk index, read with acquire: pairs with {@link #soIndex}, so {@code prev} is set. */
    long laIndex() {
        return (long) INDEX.getAcquire(this);
    }

    /** Publishes a reused chunk's new index, after its {@code prev}: pairs with {@link #laIndex}. */
    void soIndex(long value) {
        INDEX.setRelease(this, value);
    }

    MpUnboundedXaddChunk<E> laPrev() {
        @SuppressWarnings("unchecked")
        final MpUnboundedXaddChunk<E> p = (MpUnboundedXaddChunk<E>) PREV.getAcquire(this);
        return p;
    }

    void spPrev(MpUnboundedXaddChunk<E> value) {
        prev = value;
    }

    /** Next chunk, read with acquire: pairs with {@link #soNext}, so its index and prev are set. */
    MpUnboundedXaddChunk<E> laNext() {
        @SuppressWarnings("unchecked")
        final MpUnboundedXaddChunk<E> n = (MpUnboundedXaddChunk<E>) NEXT.getAcquire(this);
        return n;
    }

    void soNext(MpUnboundedXaddChunk<E> value) {
        NEXT.setRelease(this, value);
    }

    /** Slot {@code offset}, read with acquire: pairs with the producer's {@link #soElement}. */
    Object laElement(int offset) {
        return ELEMENT.getAcquire(buffer, offset);
    }

    void soElement(int offset, Object e) {
        ELEMENT.setRelease(buffer, offset, e);
    }

    /** Release store of null into slot {@code offset}, without the class check (see CircularArrayQueue.soNull). */
    void soNull(int offset) {
        CircularArrayQueue.soNull(buffer, offset);
    }

    void spElement(int offset, Object e) {
        buffer[offset] = e;
    }

    /** Swaps slot {@code offset}'s content for {@code e} (volatile), returning what it held. */
    Object xchgElement(int offset, Object e) {
        return ELEMENT.getAndSet(buffer, offset, e);
    }

    /** CASes slot {@code offset} from {@code expect} (by identity) to {@code update} (volatile). */
    boolean casElement(int offset, Object expect, Object update) {
        return ELEMENT.compareAndSet(buffer, offset, expect, update);
    }

    /**
     * Stores the element of slot {@code offset} of chunk index {@code chunkIndex}, making it
     * visible to consumers. With sequences, first waits for a slow consumer of an earlier lap to
     * clear the slot (its claim is made, so this is short), then stores the element and, after it,
     * the sequence (release: pairs with the consumers' acquire load in {@link #publishedElement}).
     */
    void publish(int offset, long chunkIndex, Object e) {
        if (sequences != null) {
            while (laElement(offset) != null) {
                Thread.onSpinWait();
            }
            soElement(offset, e);
            SEQUENCE.setRelease(sequences, offset, chunkIndex);
        } else {
            soElement(offset, e);
        }
    }

    /**
     * The element published in slot {@code offset} for chunk index {@code chunkIndex}, or null if
     * none is there yet (or it was taken). With sequences, the sequence is read first (acquire:
     * pairs with the release store in {@link #publish}), and a slot still holding an earlier lap's
     * element reads as null. The caller must confirm with the consumer index that the element was
     * not taken meanwhile.
     */
    Object publishedElement(int offset, long chunkIndex) {
        if (sequences != null && (long) SEQUENCE.getAcquire(sequences, offset) != chunkIndex) {
            return null;
        }
        return laElement(offset);
    }
}
