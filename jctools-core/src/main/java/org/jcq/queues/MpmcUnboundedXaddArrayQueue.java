package org.jcq.queues;

/**
 * An unbounded multi-producer multi-consumer queue on a linked list of array chunks, whose
 * producers claim indices with a fetch-and-add instead of a CAS loop, and which reuses emptied
 * chunks from a small pool.
 * <p>
 * Algorithm: Francesco Nigro's XADD queue in JCTools ({@code MpmcUnboundedXaddArrayQueue}), here
 * on VarHandles. Producers work as in {@link MpscUnboundedXaddArrayQueue}: one {@code getAndAdd}
 * claims index {@code p}, which maps to slot {@code p % chunkSize} of chunk {@code p / chunkSize}.
 * Consumers claim indices with a CAS on the consumer index, and only once they have seen the
 * index's element published, so a claim never waits for its element; the exceptions are the first
 * index of a chunk, whose claimer moves all consumers to that chunk, and an index abandoned by a
 * producer whose chunk allocation failed, which has no element. No consumer allocates after it
 * has claimed an index. The code, the consumers' included ({@code mpmc*}), is in
 * {@code MpUnboundedXaddArrayQueue}, which this queue shares with its compact edition,
 * {@link MpmcUnboundedXaddUnpaddedArrayQueue}.
 *
 * <h2>Chunk linking (the resize protocol)</h2>
 * There is no JUMP element and no resize: the chunk list grows by appending at the tail, one
 * appender at a time, as described in {@code MpUnboundedXaddArrayQueue}. Consumers agree on the
 * chunk through {@code consumerChunk}: a consumer reads the consumer index {@code c}, then
 * {@code consumerChunk}. If {@code c} is the first index of chunk {@code k} and
 * {@code consumerChunk} serves {@code k - 1}, the consumer that wins the CAS of {@code c} is the
 * one to move ("rotate"). A consumer claims {@code c} only once chunk {@code k} is linked (a
 * strict poll that finds it missing while {@code c} is claimed appends it first, if no producer
 * has started to, and reads again: an allocation failure then throws with nothing claimed), and,
 * if relaxed, only once {@code c}'s element is published. The rotating consumer waits for the
 * element of {@code c}, takes it, and only then publishes chunk {@code k} as
 * {@code consumerChunk} and retires chunk {@code k - 1} to the pool. Until then the
 * other consumers see a consumer index past the chunk {@code consumerChunk} serves, and spin (or,
 * if the producer index shows nothing claimed, report empty). A view in which
 * {@code consumerChunk} serves neither {@code k} nor {@code k - 1} is stale and is read again.
 *
 * <h2>Reuse and the per-slot sequences (ABA)</h2>
 * A chunk is retired once every index in it is claimed, but a consumer that claimed an index may
 * not have read or cleared its slot yet, and a thread holding an old view may still look at the
 * chunk after it is reused for a later chunk index. Three things keep this safe:
 * <ol>
 * <li>Each chunk records the chunk index it serves now; each chunk index is served by one chunk,
 * once. A thread acts on a chunk only after its index matched the chunk index it needs, and a
 * consumer's CAS of the consumer index from {@code c} succeeds only if nobody took {@code c}, in
 * which case {@code c}'s chunk cannot have been retired: a stale view never wins a CAS.</li>
 * <li>When chunks are pooled, each slot has a sequence: the chunk index whose element was last
 * published there. A producer stores the element, then the sequence (release); a consumer reads
 * the sequence (acquire) and takes the slot only if it equals the chunk index it needs, so an
 * element of an earlier lap that a slow consumer has not cleared yet is never taken twice.</li>
 * <li>A producer writing a slot of a reused chunk first waits for that slow consumer to clear it
 * (its claim is made, so only its read and clear remain).</li>
 * </ol>
 * Without a pool ({@code maxPooledChunks == 0}) chunks are never reused, so no sequences are
 * allocated and a non-null slot of the chunk serving {@code k} is always chunk {@code k}'s.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>{@code consumerIndex <= producerIndex}; both only grow, and every claimed producer index
 * gets an element ({@code fill} calls its supplier before it claims) or is abandoned by an offer
 * that threw.</li>
 * <li>{@code consumerChunk} serves the chunk index of {@code consumerIndex - 1} (chunk 0 at the
 * start), except while the claimer of a chunk's first index rotates, when it still serves the
 * chunk before: it is moved only by that claimer, after its claim.</li>
 * <li>A chunk is retired only after its first element was taken by the rotating consumer and every
 * other index in it was claimed after its element was published, or after the index was counted
 * abandoned, so no producer still needs it.</li>
 * </ol>
 * <b>Not</b> invariant: a claimed producer index's slot may be unpublished for a while, or for
 * good if it was abandoned; a claimed consumer index's slot may still hold its element (the
 * claimer reads and clears it next).
 *
 * <h2>A failed allocation</h2>
 * If allocating a chunk throws, the appender releases the append lock and the throwable
 * propagates (see {@code MpUnboundedXaddArrayQueue}). An offer whose append threw has abandoned
 * its claimed index. A consumer that finds index {@code c} empty (in poll, relaxedPoll, peek or
 * relaxedPeek) and counts it abandoned claims it with the same CAS, clearing nothing (there is no
 * element), and, at a chunk's first index, rotates as for an element; a rotating consumer that
 * claimed {@code c} before its element came counts it abandoned while it waits, and then moves the
 * consumers on without an element. The count is taken off {@code skipsPending} before the CAS and
 * put back if the CAS fails, so no consumer counts more pending abandoned indices than there are.
 *
 * <h2>Orderings</h2>
 * The fetch-and-add and the consumer CAS are volatile. Element (then sequence) stores are release
 * stores paired with the consumers' acquire loads. Consumers clear a slot with a release store,
 * which pairs with the acquire load of a producer of the next lap waiting for the slot to clear,
 * so the consumer has read the element before the producer overwrites it. {@code consumerChunk}
 * is stored with release by the rotating consumer and loaded with acquire.
 *
 * <h2>Linearization points</h2>
 * offer: the fetch-and-add. poll: the successful consumer-index CAS; an empty poll: the
 * producer-index load that shows no index claimed beyond the consumer index it read.
 *
 * <h2>GC and nepotism</h2>
 * As in {@link MpscUnboundedXaddArrayQueue}: taken slots are cleared, chunks are unlinked both ways
 * when consumers leave them, and a drained queue holds at most {@code maxPooledChunks + 1} chunks.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * Any number of producers and consumers; {@code offer} never returns false; if allocating a chunk
 * throws (an {@link OutOfMemoryError}, say), the offer that needed it throws that, and its element
 * is not added. {@code poll()} and {@code peek()} may throw it too when they append a chunk for a
 * producer, having claimed nothing. Not lock-free: {@code poll()} and {@code peek()} wait for a
 * producer that claimed the head but has not stored it, consumers wait for the consumer moving
 * them to the next chunk, and producers may wait for the appender of a chunk or for a slow
 * consumer to clear a reused slot. {@code size()} counts claimed indices, an abandoned one until a
 * consumer passes it. {@link #relaxedPoll()} and {@link #relaxedPeek()} return null instead of
 * waiting.
 * {@link #drain(Consumer)} removes at most the elements present when it was called, and
 * {@link #fill(Supplier)} adds a chunk's worth (at most 4096). The iterator is weakly consistent
 * and does not remove (JCTools' throws {@link UnsupportedOperationException}).
 *
 * @param <E> the type of the elements
 */
public class MpmcUnboundedXaddArrayQueue<E> extends MpUnboundedXaddArrayQueueFields<E> {
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
    public MpmcUnboundedXaddArrayQueue(int chunkSize, int maxPooledChunks) {
        super(chunkSize, maxPooledChunks, true);
    }

    /**
     * Creates a queue with chunks of at least {@code chunkSize} slots that keeps up to 2 emptied
     * chunks for reuse (JCTools' default).
     *
     * @param chunkSize the requested chunk size, in {@code [0, 2^30]} (0 gives chunks of 1 slot,
     *     as in JCTools)
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpmcUnboundedXaddArrayQueue(int chunkSize) {
        this(chunkSize, DEFAULT_MAX_POOLED_CHUNKS);
    }

    @Override
    public E poll() {
        return mpmcPoll(true);
    }

    /** Like {@link #poll()}, but returns null where poll would wait; it retries only lost CASes. */
    @Override
    public E relaxedPoll() {
        return mpmcPoll(false);
    }

    @Override
    public E peek() {
        return mpmcPeek();
    }

    @Override
    public E relaxedPeek() {
        return mpmcRelaxedPeek();
    }
}
