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
 * moves to the next chunk when it takes that chunk's first index. The code, the consumer's
 * included ({@code mpsc*}), is in {@code MpUnboundedXaddArrayQueue}, which this queue shares with
 * its compact edition, {@link MpscUnboundedXaddUnpaddedArrayQueue}.
 *
 * <h2>Chunk linking (the resize protocol)</h2>
 * There is no JUMP element and no resize: the chunk list grows by appending at the tail. One
 * thread at a time appends (a try-lock: CAS of {@code producerChunkIndex} to a marker), linking
 * {@code last.next} before publishing the chunk as {@code producerChunk}; producers that lose wait
 * for it, re-reading {@code producerChunk}. The consumer at the first index of chunk {@code k}
 * reads {@code next} of chunk {@code k - 1}: null means chunk {@code k} is not appended yet, which
 * is "empty" if the producer index shows nothing claimed there, and otherwise a claim in flight:
 * {@link #poll()} then waits for the link (appending the chunk itself if no producer has started
 * to), {@link #relaxedPoll()} returns null. The consumer moves to the chunk only as it takes (or
 * passes) that first index, so at a chunk's first index the consumer chunk is always the one
 * before. Having moved, the consumer clears the new chunk's {@code prev} and retires the old chunk
 * to the pool (up to {@code maxPooledChunks}; otherwise the GC takes it); appenders take chunks
 * from the pool before they allocate. Details and the invariants of the list and the pool:
 * {@code MpUnboundedXaddArrayQueue}.
 *
 * <h2>A failed allocation</h2>
 * If allocating a chunk throws, the appender releases the append lock and the throwable
 * propagates (see {@code MpUnboundedXaddArrayQueue}). An offer whose append threw has claimed an
 * index that stays empty: it is abandoned, and the consumer passes it (clearing nothing, storing
 * the next consumer index) once it has counted it abandoned, in the cold path of every consuming
 * method. A poll or peek whose own append (for a slow or failed producer) throws has changed
 * nothing.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>{@code consumerIndex <= producerIndex}; both only grow, and every claimed index gets an
 * element ({@code fill} calls its supplier before it claims) or is abandoned by an offer that
 * threw.</li>
 * <li>The consumer chunk serves the chunk index of the consumer index, or the one before it when
 * the consumer index is the first of a chunk the consumer has not moved to yet.</li>
 * <li>Every slot of a chunk is cleared by the consumer before the chunk is retired, so a reused
 * chunk starts empty, and a non-null slot of the chunk serving {@code k} holds an element of chunk
 * index {@code k}. (So this queue needs no per-slot sequences; see
 * {@link MpmcUnboundedXaddArrayQueue} for the queue that does.)</li>
 * </ol>
 * <b>Not</b> invariant: a claimed index's slot may still be null, between the producer's
 * fetch-and-add and its element store, or because its chunk is still being appended, or for good
 * if the index was abandoned. The consumer tells this apart from "empty" by comparing its index
 * with the producer index: {@link #poll()} and {@link #peek()} then wait, {@link #relaxedPoll()}
 * and {@link #relaxedPeek()} return null; all four pass the index if they count it abandoned.
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
 * Any number of producer threads; one consumer thread at a time. {@code offer} never returns
 * false; if allocating a chunk throws (an {@link OutOfMemoryError}, say), the offer that needed it
 * throws that, and its element is not added. {@code poll()} and {@code peek()} may throw it too
 * when they append a chunk for a producer, having taken nothing. {@code poll()} and {@code peek()}
 * are not lock-free: they wait for a producer that has claimed the head index but not yet stored
 * to it (a descheduled producer stalls them), and producers may wait for the producer appending a
 * chunk. {@code size()} counts claimed indices, an abandoned one until the consumer passes it.
 * {@link #drain(Consumer)} removes at most the elements present when it was called, and
 * {@link #fill(Supplier)} adds a chunk's worth (at most 4096). The iterator is weakly consistent
 * and does not remove (JCTools' throws {@link UnsupportedOperationException}).
 *
 * @param <E> the type of the elements
 */
public class MpscUnboundedXaddArrayQueue<E> extends MpUnboundedXaddArrayQueueFields<E> {
    /**
     * Creates a queue with chunks of at least {@code chunkSize} slots (rounded up to a power of
     * two) that keeps up to {@code maxPooledChunks} emptied chunks for reuse. Chunks are allocated
     * when first needed, not up front (JCTools allocates the pooled ones up front).
     *
     * @param chunkSize the requested chunk size, in {@code [0, 2^30]} (0 gives chunks of 1 slot,
     *     as in JCTools)
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
     * @param chunkSize the requested chunk size, in {@code [0, 2^30]} (0 gives chunks of 1 slot,
     *     as in JCTools)
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpscUnboundedXaddArrayQueue(int chunkSize) {
        this(chunkSize, DEFAULT_MAX_POOLED_CHUNKS);
    }

    @Override
    public E poll() {
        return mpscPoll();
    }

    @Override
    public E peek() {
        return mpscPeek();
    }

    @Override
    public E relaxedPoll() {
        return mpscRelaxedPoll();
    }

    @Override
    public E relaxedPeek() {
        return mpscRelaxedPeek();
    }
}
