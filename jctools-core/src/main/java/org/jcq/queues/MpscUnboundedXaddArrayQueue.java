package org.jcq.queues;

/**
 * An unbounded multi-producer single-consumer queue on a linked list of array chunks, whose
 * producers claim indices with a fetch-and-add instead of a CAS loop, and which reuses emptied
 * chunks from a small pool.
 * <p>
 * Algorithm: Francesco Nigro's XADD queue in JCTools ({@code MpscUnboundedXaddArrayQueue}), here
 * on VarHandles. A producer claims index {@code p} with one {@code getAndAdd} on the producer
 * index, so racing producers never retry; {@code p} maps to slot {@code p % chunkSize} of chunk
 * {@code p / chunkSize}. The producer finds that chunk from {@code producerChunk}: walking back
 * along {@code prev} links if others appended past it, or appending it if nobody has. The consumer
 * takes elements in index order by a null check on each slot, as {@link MpscArrayQueue} does, and
 * moves to the next chunk when it takes that chunk's first index.
 *
 * <h2>Chunk linking (the resize protocol)</h2>
 * There is no JUMP element and no resize: the chunk list grows by appending at the tail. One
 * thread at a time appends (a try-lock: CAS of {@code producerChunkIndex} to a marker), linking
 * {@code last.next} before publishing the chunk as {@code producerChunk}; producers that lose wait
 * for it, re-reading {@code producerChunk}. The consumer at the first index of chunk {@code k}
 * reads {@code next} of chunk {@code k - 1}: null means chunk {@code k} is not appended yet, which
 * is "empty" if the producer index shows nothing claimed there, and otherwise a claim in flight:
 * {@link #poll()} then waits for the link (appending the chunk itself if no producer has started
 * to), {@link #relaxedPoll()} returns null. Having moved, the consumer clears the new chunk's
 * {@code prev} and retires the old chunk to the pool (up to {@code maxPooledChunks}; otherwise the
 * GC takes it); appenders take chunks from the pool before they allocate. Details and the
 * invariants of the list and the pool: {@code MpUnboundedXaddArrayQueue}.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>{@code consumerIndex <= producerIndex}; both only grow, and every claimed index gets an
 * element ({@code fill} calls its supplier before it claims).</li>
 * <li>The consumer chunk serves the chunk index of the consumer index, or the one before it when
 * the consumer index is the first of a chunk the consumer has not moved to yet.</li>
 * <li>Every slot of a chunk is cleared by the consumer before the chunk is retired, so a reused
 * chunk starts empty, and a non-null slot of the chunk serving {@code k} holds an element of chunk
 * index {@code k}. (So this queue needs no per-slot sequences; see
 * {@link MpmcUnboundedXaddArrayQueue} for the queue that does.)</li>
 * </ol>
 * <b>Not</b> invariant: a claimed index's slot may still be null, between the producer's
 * fetch-and-add and its element store, or because its chunk is still being appended. The consumer
 * tells this apart from "empty" by comparing its index with the producer index: {@link #poll()} and
 * {@link #peek()} then wait, {@link #relaxedPoll()} and {@link #relaxedPeek()} return null.
 *
 * <h2>Orderings</h2>
 * The fetch-and-add (volatile) orders the claims. The element store is a release store that pairs
 * with the consumer's acquire load of the slot. The consumer clears a slot with a plain store and
 * then advances its index with a release store (pairs with the acquire loads of {@code size},
 * {@code isEmpty} and iterators); the clear reaches the next user of a reused chunk through the
 * pool's CAS and the chunk's release-stored index. Chunk links and indices: see the base class.
 *
 * <h2>Linearization points</h2>
 * offer: the fetch-and-add (it fixes the element's position). poll: the slot load that returns the
 * element, or the producer-index load that shows the queue empty.
 *
 * <h2>GC and nepotism</h2>
 * Taken slots are cleared; the chunk the consumer enters drops its {@code prev}, the chunk it
 * leaves drops its {@code next}, so no retired chunk keeps live ones reachable or the reverse. A
 * drained queue holds at most {@code maxPooledChunks + 1} chunks.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * Any number of producer threads; one consumer thread at a time. {@code offer} never fails.
 * {@code poll()} and {@code peek()} are not lock-free: they wait for a producer that has claimed
 * the head index but not yet stored to it (a descheduled producer stalls them), and producers may
 * wait for the producer appending a chunk. {@code size()} counts claimed indices.
 * {@link #drain(Consumer)} removes at most the elements present when it was called, and
 * {@link #fill(Supplier)} adds a chunk's worth (at most 4096). The iterator is weakly consistent
 * and does not remove (JCTools' throws {@link UnsupportedOperationException}).
 *
 * @param <E> the type of the elements
 */
public class MpscUnboundedXaddArrayQueue<E> extends MpUnboundedXaddArrayQueue<E> {
    /**
     * Creates a queue with chunks of at least {@code chunkSize} slots (rounded up to a power of
     * two) that keeps up to {@code maxPooledChunks} emptied chunks for reuse. Chunks are allocated
     * when first needed, not up front (JCTools allocates the pooled ones up front).
     *
     * @param chunkSize the requested chunk size, in {@code [1, 2^30]}
     * @param maxPooledChunks how many emptied chunks to keep, in {@code [0, 2^30]}
     * @throws IllegalArgumentException if an argument is out of range
     */
    public MpscUnboundedXaddArrayQueue(int chunkSize, int maxPooledChunks) {
        super(chunkSize, maxPooledChunks, false);
    }

    /**
     * Creates a queue with chunks of at least {@code chunkSize} slots that keeps up to 2 emptied
     * chunks for reuse (JCTools' default).
     *
     * @param chunkSize the requested chunk size, in {@code [1, 2^30]}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpscUnboundedXaddArrayQueue(int chunkSize) {
        this(chunkSize, DEFAULT_MAX_POOLED_CHUNKS);
    }

    @Override
    public E poll() {
        final long c = lpConsumerIndex();
        final int offset = offset(c);
        MpUnboundedXaddChunk<E> chunk = lpConsumerChunk();
        if (offset == 0 && c != 0) {
            final MpUnboundedXaddChunk<E> next = nextChunk(chunk, c);
            if (next == null) {
                return null;
            }
            moveConsumerChunk(chunk, next);
            chunk = next;
        }
        final Object e = headElement(chunk, offset, c);
        return e == null ? null : take(chunk, offset, c, e);
    }

    @Override
    public E peek() {
        final long c = lpConsumerIndex();
        final int offset = offset(c);
        MpUnboundedXaddChunk<E> chunk = lpConsumerChunk();
        if (offset == 0 && c != 0) {
            chunk = nextChunk(chunk, c);
            if (chunk == null) {
                return null;
            }
        }
        return cast(headElement(chunk, offset, c));
    }

    /**
     * The element of index {@code c} in {@code chunk}, waiting for it if {@code c} is claimed; null
     * if the queue is empty.
     */
    private Object headElement(MpUnboundedXaddChunk<E> chunk, int offset, long c) {
        // Acquire: pairs with the producer's release store of the element.
        final Object e = chunk.laElement(offset);
        if (e != null) {
            return e;
        }
        return c == laProducerIndex() ? null : chunk.awaitElement(offset, chunkIndex(c));
    }

    /**
     * Cold path of poll and peek at the first index {@code c} of a chunk: the chunk after
     * {@code chunk}, waiting for it if {@code c} is claimed; null if the queue is empty.
     */
    private MpUnboundedXaddChunk<E> nextChunk(MpUnboundedXaddChunk<E> chunk, long c) {
        final MpUnboundedXaddChunk<E> next = chunk.laNext();
        if (next != null) {
            return next;
        }
        return c == laProducerIndex() ? null : awaitNext(chunk);
    }

    /**
     * Takes element {@code e} found at index {@code c}: clears its slot (plain: producers write a
     * slot again only after the chunk is reused, which the pool's CAS orders) and moves on.
     */
    private E take(MpUnboundedXaddChunk<E> chunk, int offset, long c, Object e) {
        chunk.spElement(offset, null);
        soConsumerIndex(c + 1);
        return cast(e);
    }

    @Override
    public E relaxedPoll() {
        final long c = lpConsumerIndex();
        final int offset = offset(c);
        final MpUnboundedXaddChunk<E> chunk = lpConsumerChunk();
        if (offset == 0 && c != 0) {
            return relaxedPollNextChunk(chunk, c);
        }
        final Object e = chunk.laElement(offset);
        return e == null ? null : take(chunk, offset, c, e);
    }

    /** Cold path of relaxedPoll: takes the first element of the next chunk, if it is there. */
    private E relaxedPollNextChunk(MpUnboundedXaddChunk<E> chunk, long c) {
        final MpUnboundedXaddChunk<E> next = chunk.laNext();
        if (next == null) {
            return null;
        }
        final Object e = next.laElement(0);
        if (e == null) {
            return null;
        }
        moveConsumerChunk(chunk, next);
        return take(next, 0, c, e);
    }

    @Override
    public E relaxedPeek() {
        final long c = lpConsumerIndex();
        MpUnboundedXaddChunk<E> chunk = lpConsumerChunk();
        if (offset(c) == 0 && c != 0) {
            chunk = chunk.laNext();
            if (chunk == null) {
                return null;
            }
        }
        return cast(chunk.laElement(offset(c)));
    }
}
