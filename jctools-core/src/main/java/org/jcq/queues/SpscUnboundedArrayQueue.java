package org.jcq.queues;

import org.jcq.internal.Args;

/**
 * An unbounded single-producer single-consumer queue on a chain of fixed-size arrays ("chunks").
 * <p>
 * Algorithm: the SPSC ring of {@link SpscArrayQueue}, continued in a new chunk of the same size
 * whenever the current one is full, as in JCTools' {@code SpscUnboundedArrayQueue}. The hot paths,
 * the link protocol (the JUMP marker, the next-chunk link, what the consumer sees mid-link), the
 * orderings and the GC notes are those of {@code BaseSpscLinkedArrayQueue}, whose notes this
 * class shares; only how the producer finds room is its own.
 *
 * <h2>Finding room</h2>
 * Past its limit, the producer probes the slot a quarter of a chunk ahead (at most 4096 slots): if
 * it is free, every slot up to it is, and offers run up to it without looking. Otherwise it checks
 * the next slot: if that one is free it writes in place; if not, the slot of {@code p} is the
 * chunk's last free one, and it links a new chunk (the JUMP takes that slot).
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>Those of {@code BaseSpscLinkedArrayQueue}; the producer never fails, so
 * {@code producerIndex - consumerIndex} is the number of elements, without bound.</li>
 * <li>Every chunk has the capacity chosen at construction.</li>
 * <li>A chunk holds at most its capacity - 1 elements: one slot is always free for the JUMP.</li>
 * </ol>
 * <b>Not</b> invariant: chunks are not reused. A burst allocates as many chunks as it needs; they
 * become garbage once the consumer has left them, so a drained queue retains one chunk.
 *
 * <h2>Linearization points</h2>
 * offer: the release store of the element, or of the JUMP when it links a chunk. poll: the
 * acquire load of the slot that returned the element or the JUMP leading to it.
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * One producer thread and one consumer thread at a time. {@code offer} never returns
 * {@code false}; {@link #capacity()} is {@link MessagePassingQueue#UNBOUNDED_CAPACITY}, and
 * {@code size()} saturates at {@link Integer#MAX_VALUE}. The iterator is weakly consistent and does
 * not remove. The relaxed methods are the strict ones.
 *
 * @param <E> the type of the elements
 */
public class SpscUnboundedArrayQueue<E> extends BaseSpscLinkedArrayQueueFields<E> {
    /**
     * Creates a queue whose chunks hold {@code chunkSize} elements, rounded up to a power of two
     * and to no less than 16 (as JCTools does).
     *
     * @param chunkSize the requested chunk size, in {@code [0, 2^30]}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public SpscUnboundedArrayQueue(int chunkSize) {
        super(chunkOf(chunkSize), UNBOUNDED_CAPACITY);
    }

    /**
     * The chunk size for {@code chunkSize}: rounded up to a power of two, at least 16 (the
     * constructor's check, shared with {@link SpscUnboundedUnpaddedArrayQueue}).
     */
    static int chunkOf(int chunkSize) {
        return Math.max(Args.pow2Capacity("chunkSize", chunkSize, 0), 16);
    }

    @Override
    final int makeRoom(Object[] buffer, int mask, long p) {
        return roomUnbounded(buffer, mask, p);
    }

    @Override
    final int nextChunkCapacity(int mask) {
        return sameChunkCapacity(mask);
    }
}
