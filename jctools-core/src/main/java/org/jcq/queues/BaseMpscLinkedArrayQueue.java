package org.jcq.queues;

import static org.jcq.queues.CircularArrayQueue.awaitRun;
import static org.jcq.queues.CircularArrayQueue.cast;
import static org.jcq.queues.CircularArrayQueue.laElement;
import static org.jcq.queues.CircularArrayQueue.lpElement;
import static org.jcq.queues.CircularArrayQueue.soElement;
import static org.jcq.queues.CircularArrayQueue.spElement;

import java.util.Iterator;
import java.util.function.IntFunction;

import org.jcq.internal.Args;
import org.jcq.internal.Flight;
import org.jcq.internal.Waits;

/*
 * The multi-producer single-consumer linked-array queue shared by MpscChunkedArrayQueue,
 * MpscUnboundedArrayQueue and MpscGrowableArrayQueue. They differ only in the size of the next
 * chunk (nextChunkSize) and in the bound they pass in.
 *
 * Algorithm and origin
 * --------------------
 * After JCTools' BaseMpscLinkedArrayQueue (Nitsan Wakart), on VarHandles, with one change: linking
 * a chunk is a step of its own that claims no index (JCTools' linking producer claims the index and
 * writes its element into the new chunk). The queue is a chain of chunks. A chunk is an Object[] of
 * chunkSize + 1 slots: slots 0..chunkSize-1 form a ring that holds elements, the last slot holds
 * the link to the next chunk. Producers claim an index with a CAS on producerIndex and store their
 * element in the slot of that index in the producer chunk; the single consumer finds elements by a
 * null check, as in MpscArrayQueue. While the consumer keeps up, one chunk is reused as a ring; a
 * chunk is linked only when the current ring has no free slot but the queue is below its bound.
 *
 * Indices step by four (STEP): index i lives in slot (i >> 2) & mask, and capacity(), size() and
 * QueueProgressIndicators count elements, so they divide by four. The two low bits of the producer
 * index are flags: RESIZING (bit 0) while one producer links the next chunk, LINKED (bit 1) once a
 * chunk was linked at this index and nobody has claimed it yet. The consumer index has no flags.
 *
 * Linking (resize) protocol
 * -------------------------
 * A producer at index p (RESIZING clear) with p >= producerLimit takes the slow path. If LINKED is
 * set, a chunk was just linked for p: it claims p. Otherwise it reads the consumer index c and
 *  - if c + ringCapacity > p, the ring has room: it refreshes producerLimit and claims p;
 *  - else if the bound leaves no room (maxQueueCapacity - (p - c) <= 0) the queue is full;
 *  - else it CASes producerIndex from p to p | RESIZING and, alone now, links:
 *    1. allocates the next chunk (if the allocation throws anything, an OutOfMemoryError, a
 *       StackOverflowError or an allocator's exception, a finally block restores producerIndex to
 *       p and the throwable propagates: nothing else was written, so the queue is as before and
 *       other producers go on);
 *    2. stores the new chunk and its mask in producerBuffer and producerMask, the new chunk in the
 *       old chunk's link slot, and producerLimit for the new chunk;
 *    3. stores JUMP in the old chunk's slot of p (release);
 *    4. stores producerIndex = p | LINKED (release); then, like every producer, claims an index.
 * Index p itself is then claimed by whichever producer CASes p | LINKED to p + STEP first, and
 * lives in the new chunk. No element and no supplier call happen while RESIZING is set, so the
 * producers that wait for it wait only for an allocation and a few stores.
 * The consumer, reaching index p in the old chunk, finds JUMP, loads the link, stores the new chunk
 * as consumerBuffer, clears the old chunk's link (so a consumed chunk never reaches live ones) and
 * reads index p again, now from the new chunk. JUMP is a private constant compared by identity; no
 * slot is ever tested with instanceof.
 *
 * A chunk below the bound uses chunkSize - 1 slots of its ring ("ringCapacity"): the slot of the
 * index where the next link happens must be free for the JUMP. A chunk as large as the bound (the
 * growable queue's last) never links another, so its whole ring is usable.
 *
 * What a consumer may observe while a producer links at p (producerIndex == p | RESIZING):
 *  - c < p: the indices c .. p-STEP were claimed before; their elements are in the old chunk (or
 *    about to be): poll() returns them, waiting for a claimed slot that is not written yet.
 *  - c == p: no element is claimed at p, so size() is 0, isEmpty() is true and poll()/peek()
 *    return null, consistently; whether the consumer has already followed the JUMP (step 3) or
 *    not. Once some producer claims p, poll() waits for its element in the new chunk.
 *
 * Invariants
 * ----------
 * 1. consumerIndex <= (producerIndex & ~FLAGS) and, for bounded queues,
 *    (producerIndex & ~FLAGS) - consumerIndex <= maxQueueCapacity: a claim needs
 *    maxQueueCapacity - (p - c) > 0 for a consumer index c that only grew since.
 * 2. The producer index never returns to a value it had before a completed link, and every
 *    change of producerBuffer/producerMask happens under RESIZING and changes the index for good
 *    (p -> p | RESIZING -> p | LINKED; p | LINKED is never linked at again). It goes back only
 *    (a) from p | RESIZING to p after a failed allocation, with nothing written, and (b) when a
 *    fill whose supplier fails withdraws the rest of its batch by a CAS from the batch's end back
 *    to the failed index (back to the value it claimed from, flags and all, if that is the
 *    batch's first), which succeeds only if no producer claimed or linked since; the indices before
 *    the failed one stay claimed and written, and a failed index past the batch's first was
 *    never the producer index before, so no producer holds it from an older chunk. So a producer that
 *    read (index, producerBuffer, producerMask) and then CASes that index successfully used the
 *    chunk of that index: no ABA across chunks.
 * 3. Every value of producerLimit is at most c + ringCapacity (of the producer chunk or an older
 *    one, whose ring is never larger) and at most c + maxQueueCapacity, for some past consumer
 *    index c; or, set by a link at p, at most p + ringCapacity of the new chunk, which holds no
 *    index below p. So a claim below the limit never overwrites an unconsumed slot, never takes the
 *    slot kept for a JUMP, and never exceeds the bound. Racing refreshes may store an older,
 *    smaller limit over a newer one; that only sends the next offer to the slow path early.
 * 4. A chunk is linked at most once; after its JUMP at p no index at or past p is claimed in it.
 * 5. The consumer chunk, followed through its links, holds every index from consumerIndex to
 *    producerIndex; a chunk the consumer has left has its link cleared and no element.
 * Non-invariants (briefly untrue, and why that is safe)
 *  - A claimed slot may be null between the claim and the element store; poll() tells this from
 *    "empty" by the producer index and waits, relaxedPoll() returns null. On a virtual thread the
 *    wait parks for 10 us every 4096 spins (Waits.spun): the producer may be a virtual thread
 *    unmounted while its fill's supplier blocked, and spinning could keep it off every carrier.
 *  - A fill whose supplier fails after its claim, when other producers claimed (or linked) past
 *    its batch, cannot withdraw: it stores SKIP in the slots of the failed index and the rest of
 *    the batch, which consumers clear and step over. Until
 *    then size() counts it, and isEmpty() may say false while poll() finds nothing behind it. A
 *    full answer of offer may also be one withdrawn claim stale. Both happen only after a supplier
 *    failed.
 *  - producerBuffer/producerMask may be newer than the producer index a producer read; its CAS of
 *    that index then fails (invariant 2), so it never writes into the wrong chunk.
 *
 * Orderings (which access pairs with which)
 * -----------------------------------------
 * - Element store (release) -> consumer's slot load (acquire): publishes the element's fields.
 * - Linking: the chunk, mask, link and limit stores come before the release stores of the JUMP
 *   and of p | LINKED. Producers load the index with acquire (pairs with the latter) before they
 *   read producerBuffer/producerMask; the consumer loads the slot with acquire (pairs with the
 *   JUMP), so it then reads the link with a plain load.
 * - Consumer index store (release) -> producers' acquire load in the slow path: a slot is reused,
 *   or a JUMP stored, only after the consumer cleared it (plain clear, ordered by that release).
 * - consumerBuffer store (release) and the link clear (release) -> the iterator's acquire loads:
 *   an iterator that finds a link cleared finds the consumer's new chunk.
 *
 * Exact bound
 * -----------
 * The bound (maxQueueCapacity) is kept by the consumer index alone (invariant 3), so an exact one
 * (Bound.EXACT, not a power of two) needs one change: a growable queue's last chunk is the bound
 * rounded up, larger than the bound, so a producer there may claim up to the bound past the
 * consumer index, not the whole ring (ringCapacity). Chunks stay powers of two.
 *
 * Linearization points
 * --------------------
 * offer: the successful CAS of the index to p + STEP. A failed offer: the consumer-index load that
 * showed the bound reached. poll: the slot load that returns the element; an empty poll: the
 * producer-index load showing no claim at or past the consumer index ((producerIndex & ~FLAGS)
 * == consumerIndex). A link is not an operation of the queue: it changes no element and no count.
 *
 * GC and nepotism
 * ---------------
 * The consumer nulls every slot it takes and, on leaving a chunk, its link, so a consumed chunk
 * (which may already be in an old generation) references neither elements nor live chunks. The
 * JUMP left in a left chunk is a constant. After a burst is drained the queue holds one chunk.
 *
 * Padding
 * -------
 * The queue object is padded as the array queues (BaseMpscLinkedArrayQueueFields). Chunks are not
 * padded: a chunk is written by producers and the consumer slot by slot anyway (inherent to a
 * ring), and 256 bytes of padding per chunk would dominate small chunks and the empty-queue
 * footprint (JCTools pads none either).
 */
abstract class BaseMpscLinkedArrayQueue<E> extends BaseMpscLinkedArrayQueueColdFields<E> {
    /** In the old chunk's slot of the index where the next chunk starts: "go on in the next chunk". */
    static final Object JUMP = new Object();
    /** In a slot whose fill could not be written nor withdrawn: "step over this index". */
    static final Object SKIP = new Object();
    /** The bound of a queue with none, in producer-index units. */
    static final long NO_BOUND = Long.MAX_VALUE;
    /** Producer-index flag: a producer is linking the next chunk at this index. */
    private static final long RESIZING = 1;
    /** Producer-index flag: a chunk was linked at this index, which nobody has claimed yet. */
    private static final long LINKED = 2;
    /** Both flags. */
    private static final long FLAGS = RESIZING | LINKED;
    /** What one element adds to an index. */
    private static final long STEP = 4;
    /** How many elements {@code fill(s)} and {@code drain(c)} move on a queue with no bound. */
    private static final int UNBOUNDED_BATCH = 4096;
    /** A consumer waiting for a claimed slot re-checks the claim every 64 spins. */
    private static final int RECHECK_MASK = 63;

    /** What {@link #add} returns when the queue was full: nothing was claimed. */
    private static final int FULL = 0;

    /** Outcomes of {@link #offerSlowPath}: the ring has room, claim with a CAS. */
    private static final int CLAIM = 0;
    /** Outcome: the index moved (or this producer linked a chunk), read it again. */
    private static final int RETRY = 1;
    /** Outcome: the bound is reached. */
    private static final int QUEUE_FULL = 2;

    BaseMpscLinkedArrayQueue(long maxQueueCapacity) {
        super(maxQueueCapacity);
    }

    /** The first chunk: {@code chunkSize} slots and the link to the next chunk. */
    static Object[] firstChunk(int chunkSize) {
        return new Object[chunkSize + 1];
    }

    // The hot fields, declared by the edition (padded or compact) that extends this class; both
    // start with producer and consumer on the same first chunk, of firstChunk(chunkSize).

    abstract long laProducerIndex();

    abstract long lvProducerIndex();

    abstract void soProducerIndex(long value);

    abstract boolean casProducerIndex(long expect, long update);

    abstract long laProducerLimit();

    abstract void soProducerLimit(long value);

    abstract Object[] lpProducerBuffer();

    abstract void spProducerBuffer(Object[] buffer);

    abstract int lpProducerMask();

    abstract void spProducerMask(int mask);

    abstract long lpConsumerIndex();

    abstract long laConsumerIndex();

    abstract void soConsumerIndex(long value);

    abstract Object[] lpConsumerBuffer();

    abstract Object[] laConsumerBuffer();

    abstract void soConsumerBuffer(Object[] buffer);

    abstract int lpConsumerMask();

    abstract void spConsumerMask(int mask);

    /** The size of the chunk to link after one of {@code chunkSize}; called on the linking path. */
    abstract int nextChunkSize(int chunkSize);

    /** The bound of a queue of {@code capacity} elements, in producer-index units. */
    static long bound(int capacity) {
        return STEP * capacity;
    }

    /** The smallest power of two {@code >= value}, 1 for any value below 2; {@code value <= 2^30}. */
    static int ceilPow2(int value) {
        return value <= 1 ? 1 : Integer.highestOneBit(value - 1) << 1;
    }

    /** The slot of index {@code index} (in producer-index units) in a chunk of mask {@code mask}. */
    static int slot(long index, int mask) {
        return (int) (index >> 2) & mask;
    }

    /**
     * How far past the consumer index producers may claim in a chunk of mask {@code mask}, in
     * index units: the bound if the chunk holds it (a growable queue's last chunk, whose ring is
     * larger than an exact bound: see "Exact bound"), else all of the ring but the JUMP slot.
     */
    private long ringCapacity(int mask) {
        return STEP * (mask + 1) >= maxQueueCapacity ? maxQueueCapacity : STEP * mask;
    }

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        return add(e, null, 1, 0) != FULL;
    }

    /**
     * Adds {@code e}, or, if it is null, up to {@code max} elements of {@code s}, each asked for
     * only once its slot is claimed. One implementation for offer and fill; offer passes no
     * supplier. A fill claims as many slots as lie below the producer limit, up to {@code max},
     * with one CAS: all of them in the producer chunk, none the slot kept for a JUMP, none past
     * the bound (invariant 3).
     *
     * @param done elements the calling fill added before, for the message if the supplier fails
     * @return how many elements were added (at least 1), or {@link #FULL}
     */
    private int add(E e, Supplier<E> s, int max, int done) {
        for (int spins = 1; ; spins++) {
            // Limit before index: a stale limit is safe (invariant 3), the index is checked by the CAS.
            final long limit = laProducerLimit();
            // Acquire: pairs with a linking producer's release of p | LINKED, so the chunk read
            // below is at least as new as p.
            final long p = laProducerIndex();
            if ((p & RESIZING) != 0) {
                // The linking producer may be a virtual thread unmounted in a chunk allocator:
                // a virtual thread waiting here parks now and then (Waits.spun).
                Thread.onSpinWait();
                Waits.spun(spins);
                continue;
            }
            final int mask = lpProducerMask();
            final Object[] buffer = lpProducerBuffer();
            if (p >= limit) {
                final int outcome = offerSlowPath(mask, buffer, p);
                if (outcome == QUEUE_FULL) {
                    return FULL;
                }
                if (outcome == RETRY) {
                    continue;
                }
            }
            final long first = p & ~FLAGS;
            // An offer claims one (the test folds away there); a fill, past the limit, the one the
            // slow path let through, and below it all that lie below the limit.
            final long n = e != null || p >= limit ? 1 : Math.min(max, (limit - first) / STEP);
            final long next = first + n * STEP;
            if (casProducerIndex(p, next)) {
                if (e == null) {
                    supplyClaimed(buffer, mask, p, next, s, done);
                    return (int) n;
                }
                // Release: pairs with the consumer's acquire load of the slot.
                soElement(buffer, slot(p, mask), e);
                added();
                return 1;
            }
        }
    }

    /** Cold path of add: refreshes the limit, or finds the queue full, or links the next chunk. */
    private int offerSlowPath(int mask, Object[] buffer, long p) {
        if ((p & LINKED) != 0) {
            // The chunk was linked for p: its ring has room, and the bound left room then.
            return CLAIM;
        }
        // Acquire: pairs with the consumer's release store; every slot below c is cleared.
        final long c = laConsumerIndex();
        final long ringCapacity = ringCapacity(mask);
        if (c + ringCapacity > p) {
            soProducerLimit(c + ringCapacity);
            return CLAIM;
        }
        if (maxQueueCapacity - (p - c) <= 0) {
            return QUEUE_FULL;
        }
        if (casProducerIndex(p, p | RESIZING)) {
            link(mask, buffer, p);
        }
        return RETRY;
    }

    /**
     * Cold path of add: this producer holds the index at {@code p | RESIZING} and links the next
     * chunk at index {@code p} (see the protocol above), then lets producers claim {@code p}.
     */
    private void link(int oldMask, Object[] oldBuffer, long p) {
        final int chunkSize = nextChunkSize(oldMask + 1);
        final Object[] newBuffer;
        boolean allocated = false;
        try {
            newBuffer = newChunk(chunkSize + 1);
            allocated = true;
        } finally {
            if (!allocated) {
                // Whatever the allocation threw (OutOfMemoryError, StackOverflowError, an
                // allocator's exception): nothing was written, so restoring p (release) undoes the
                // mark for every producer, and the throwable propagates.
                soProducerIndex(p);
            }
        }
        final int newMask = chunkSize - 1;
        // Plain: the release stores of the JUMP and of the index below publish them.
        spProducerBuffer(newBuffer);
        spProducerMask(newMask);
        spElement(oldBuffer, oldMask + 1, newBuffer);
        // Acquire: pairs with the consumer's release store, as in offerSlowPath.
        final long c = laConsumerIndex();
        soProducerLimit(p + Math.min(ringCapacity(newMask), maxQueueCapacity - (p - c)));
        // Release: pairs with the consumer's acquire load of the slot, ordering the link before it.
        soElement(oldBuffer, slot(p, oldMask), JUMP);
        // Release: pairs with producers' acquire load of the index; p is claimable again.
        soProducerIndex(p | LINKED);
    }

    /**
     * Called by a producer after its claiming CAS and each element it stores (a fill: after each,
     * and once more after giving back what its failed supplier did not supply). Does nothing
     * here; a queue whose consumer can park looks there whether to wake it. Kept out of line so
     * offer stays small.
     */
    void added() {
    }

    private Object[] newChunk(int length) {
        final IntFunction<Object[]> allocator = chunkAllocator;
        return allocator == null ? new Object[length] : allocator.apply(length);
    }

    /**
     * Fill's part of add: the indices from {@code p} (flags and all, as the CAS found it) to
     * {@code next} are claimed in {@code buffer}; asks {@code s} for each one's element in turn. If
     * the supplier fails, gives back the failed index and those after it: withdraws them if no
     * producer claimed or linked since, else marks their slots SKIP for the consumer to step over.
     */
    private void supplyClaimed(Object[] buffer, int mask, long p, long next, Supplier<E> s, int done) {
        final long first = p & ~FLAGS;
        long i = first;
        try {
            if (IndexedQueue.LATE_BARRIERS) {
                // Runs of slots up to the chunk's ring end (a claim may wrap around it), each a
                // counted loop over array indices, as ClaimingArrayQueue.supply picks by the JDK.
                int slot = slot(i, mask);
                while (i < next) {
                    final int end = (int) Math.min(slot + (next - i) / STEP, mask + 1L);
                    for (; slot < end; slot++) {
                        // Release: pairs with the consumer's acquire load of the slot.
                        soElement(buffer, slot, IndexedQueue.supplied(s, done + (int) ((i - first) / STEP)));
                        i += STEP;
                        added();
                    }
                    slot = 0;
                }
            } else {
                for (; i < next; i += STEP) {
                    // Release: pairs with the consumer's acquire load of the slot.
                    soElement(buffer, slot(i, mask), IndexedQueue.supplied(s, done + (int) ((i - first) / STEP)));
                    // Each element, not only the batch's last: a slow supplier holds back none stored.
                    added();
                }
            }
        } finally {
            // Also for a checked exception thrown sneakily: any Throwable gives the claims back.
            if (i < next) {
                abandon(buffer, mask, i == first ? p : i, next);
                // A consumer waiting on the failed index must step over the SKIPs, if any.
                added();
            }
        }
    }

    /**
     * Gives back the claimed indices from {@code from} (for the batch's first, the index with its
     * flags as claimed, so that a withdrawal restores a LINKED mark) to {@code next}.
     */
    private void abandon(Object[] buffer, int mask, long from, long next) {
        if (!casProducerIndex(next, from)) {
            for (long i = from & ~FLAGS; i < next; i += STEP) {
                // Release: pairs with the consumer's acquire load of the slot.
                soElement(buffer, slot(i, mask), SKIP);
            }
        }
    }

    /**
     * Adds an element, failing only if the queue is full. Same as {@link #offer}: the CAS either
     * claims a slot or sees the bound reached, so it cannot fail spuriously.
     */
    @Override
    public boolean relaxedOffer(E e) {
        return offer(e);
    }

    @Override
    public E poll() {
        return pollHead(true);
    }

    @Override
    public E relaxedPoll() {
        return pollHead(false);
    }

    @Override
    public E peek() {
        return peekHead(true);
    }

    @Override
    public E relaxedPeek() {
        return peekHead(false);
    }

    /** poll (waiting for a claimed head) or relaxedPoll (not waiting); constant-folded per caller. */
    private E pollHead(boolean wait) {
        Object[] buffer = lpConsumerBuffer();
        long c = lpConsumerIndex();
        int slot = slot(c, lpConsumerMask());
        // Acquire: pairs with the producer's release store of the element (or of the JUMP).
        Object e = laElement(buffer, slot);
        if (e == null || e == JUMP || e == SKIP) {
            e = head(wait);
            if (e == null) {
                return null;
            }
            buffer = lpConsumerBuffer();
            c = lpConsumerIndex();
            slot = slot(c, lpConsumerMask());
        }
        // Plain: producers never read slots; the release store of the index orders the clear.
        spElement(buffer, slot, null);
        soConsumerIndex(c + STEP);
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    private E peekHead(boolean wait) {
        Object e = laElement(lpConsumerBuffer(), slot(lpConsumerIndex(), lpConsumerMask()));
        if (e == null || e == JUMP || e == SKIP) {
            e = head(wait);
        }
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    /**
     * Cold path of the consuming methods: follows JUMPs and steps over SKIPs until the consumer
     * fields point at an element, and returns it (without taking it); returns null if the queue
     * is empty, or, when not {@code wait}ing, if the head is claimed but not yet visible.
     */
    private Object head(boolean wait) {
        while (true) {
            final Object[] buffer = lpConsumerBuffer();
            final int mask = lpConsumerMask();
            final long c = lpConsumerIndex();
            final int slot = slot(c, mask);
            Object e = laElement(buffer, slot);
            if (e == null) {
                if (!wait) {
                    return null;
                }
                e = awaitClaimed(buffer, slot, c);
                if (e == null) {
                    return null;
                }
            }
            if (e == JUMP) {
                jump(buffer, mask);
            } else if (e == SKIP) {
                spElement(buffer, slot, null);
                soConsumerIndex(c + STEP);
            } else {
                return e;
            }
        }
    }

    /**
     * Returns what the slot of {@code c} holds once it is written, or null if no claim is at or
     * past {@code c} (the queue is empty, also while a producer links at {@code c}, or the claim
     * was withdrawn). Checks the claim every 64 spins, not to steal producers' lines.
     */
    private Object awaitClaimed(Object[] buffer, int slot, long c) {
        // Acquire: pairs with the producers' CAS or release of the index.
        if ((laProducerIndex() & ~FLAGS) <= c) {
            return null;
        }
        // A Flight Recorder stall, begun at the first re-check; null while none is wanted.
        Object stall = null;
        for (int spins = 1; ; spins++) {
            final Object e = laElement(buffer, slot);
            if (e != null) {
                Flight.producerStall(stall, this, c / STEP);
                return e;
            }
            if ((spins & RECHECK_MASK) == 0) {
                if ((laProducerIndex() & ~FLAGS) <= c) {
                    return null;
                }
                // The producer may be a virtual thread unmounted in its fill's supplier.
                Waits.spun(spins);
                if (stall == null) {
                    stall = Flight.beginProducerStall();
                }
            }
            // No Thread.onSpinWait(): the element is one store away (see MpscArrayQueue).
        }
    }

    /** Moves the consumer from {@code buffer}, which holds JUMP at the consumer index, to the next chunk. */
    private void jump(Object[] buffer, int mask) {
        final int link = mask + 1;
        // Plain: the acquire load of the JUMP ordered the link store before it.
        final Object[] next = (Object[]) lpElement(buffer, link);
        spConsumerMask(next.length - 2);
        // Release: pairs with the iterator's acquire load of the consumer chunk.
        soConsumerBuffer(next);
        // Release: pairs with the iterator's acquire load of the link; clearing it keeps the left
        // chunk from reaching live ones (nepotism).
        soElement(buffer, link, null);
    }

    /** The link slot of {@code buffer}, for white-box tests: null once the consumer left it. */
    static Object linkOf(Object[] buffer) {
        return buffer[buffer.length - 1];
    }

    @Override
    public final int capacity() {
        return maxQueueCapacity == NO_BOUND ? UNBOUNDED_CAPACITY : (int) (maxQueueCapacity / STEP);
    }

    /**
     * What the queue is and where it stands, for logs and bug reports: its class, capacity (or
     * {@code unbounded}), size and progress indicators, e.g.
     * {@code org.jcq.queues.MpscArrayQueue@1b6d3586[capacity=1024, size=3, producerIndex=10,
     * consumerIndex=7]}.
     * Not its elements, as in JCTools, whose queues print their class name alone.
     */
    @Override
    public String toString() {
        return QueueText.describe(this);
    }

    @Override
    public final long currentProducerIndex() {
        return laProducerIndex() / STEP;
    }

    @Override
    public final long currentConsumerIndex() {
        return laConsumerIndex() / STEP;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Reads the consumer index, then the producer index, then the consumer index again until the
     * two consumer reads agree.
     */
    @Override
    public final int size() {
        long after = laConsumerIndex();
        while (true) {
            final long before = after;
            final long p = laProducerIndex() & ~FLAGS;
            after = laConsumerIndex();
            if (before == after) {
                final long size = (p - after) / STEP;
                final long max = Math.min(maxQueueCapacity / STEP, Integer.MAX_VALUE);
                return size <= 0 ? 0 : (int) Math.min(size, max);
            }
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Reads the consumer index before the producer index.
     */
    @Override
    public final boolean isEmpty() {
        return laConsumerIndex() >= (laProducerIndex() & ~FLAGS);
    }

    /**
     * {@link #isEmpty()} with a volatile load of the producer index: a consumer that has published
     * itself as parked re-checks with it (store-load order with the publishing store).
     */
    final boolean lvIsEmpty() {
        return lpConsumerIndex() >= (lvProducerIndex() & ~FLAGS);
    }

    @Override
    public final void clear() {
        while (poll() != null) {
            // keep polling until empty
        }
    }

    /** How many elements {@code fill(s)} and {@code drain(c)} move: the capacity, or a batch. */
    private int batch() {
        return maxQueueCapacity == NO_BOUND ? UNBOUNDED_BATCH : capacity();
    }

    /**
     * {@inheritDoc}
     * <p>
     * As {@code limit} relaxed polls, in runs of slots that do not wrap around the consumer's
     * chunk (counted loops over array indices: bounds checked once per run), crossing to the next
     * chunk at a JUMP. It stops at an empty slot, even one claimed by a producer that has not
     * written it yet; but when the head holds an element, a slot further on is empty and
     * producers have claimed slots of the run, it first waits a bounded while (at most
     * {@link Waits#BATCH_WAIT_SPINS} spins) for the last claimed one
     * ({@code CircularArrayQueue.awaitRun}). Each element's slot is cleared and its index stored
     * before {@code c} sees it, as {@link #poll()} does: to a callback that reads the queue or
     * offers to it, every element it was handed is gone, and an exception from {@code c} loses
     * nothing but the element it was handed. If the callback takes from this queue itself, the
     * drain goes on after what it took. A SKIP hands the rest of the batch to
     * {@link #relaxedPoll()}, which steps over it.
     */
    @Override
    public final int drain(Consumer<E> c, int limit) {
        Args.callback("c", c);
        Args.limit(limit);
        int taken = 0;
        while (taken < limit) {
            final Object[] buffer = lpConsumerBuffer();
            final int mask = lpConsumerMask();
            long index = lpConsumerIndex();
            final int from = slot(index, mask);
            final int n = Math.min(limit - taken, mask + 1 - from);
            final int to = from + n;
            // An empty head (an empty queue, or a producer yet to write it) ends the drain without
            // a look at the producer index, as a relaxed poll would.
            if (laElement(buffer, from) != null && laElement(buffer, from + Waits.lookahead(n)) == null) {
                // If a chunk was linked inside the run, the slot watched may belong to a later
                // index than the one waited for: the wait then ends early or runs to its bound.
                awaitRun(buffer, from, n, ((laProducerIndex() & ~FLAGS) - index) / STEP);
            }
            for (int slot = from; slot < to; slot++) {
                // As relaxedPoll: acquire pairs with the producer's release store (element or JUMP).
                final Object e = laElement(buffer, slot);
                if (e == null) {
                    return taken;
                }
                if (e == JUMP) {
                    if (lpConsumerBuffer() == buffer) {
                        jump(buffer, mask);
                    }
                    // Else a callback's peek or poll has crossed already. Go on in the next chunk.
                    break;
                }
                if (e == SKIP) {
                    return taken + DrainFillLoops.drain(this, c, limit - taken);
                }
                // Plain: producers never read slots; the release store of the index orders the clear.
                spElement(buffer, slot, null);
                soConsumerIndex(index += STEP);
                taken++;
                c.accept(cast(e));
                if (lpConsumerIndex() != index) {
                    break; // the callback took elements itself: go on after them
                }
            }
        }
        return taken;
    }

    /**
     * {@inheritDoc}
     * <p>
     * On a queue with no bound, {@value #UNBOUNDED_BATCH} elements at most.
     */
    @Override
    public final int drain(Consumer<E> c) {
        return drain(c, batch());
    }

    /**
     * {@inheritDoc}
     * <p>
     * Claims slots before asking the supplier, so it never takes an element it has no room for,
     * and never while other producers wait for it: as many as lie below the producer limit (in the
     * producer chunk), up to {@code limit}, with one CAS, then one more claim per chunk boundary or
     * limit refresh. If the supplier returns null or throws, the failed index and the rest of its
     * batch are withdrawn, or, if other producers claimed (or linked) past them meanwhile, marked
     * for the consumer to step over; the elements supplied before stay in the queue.
     */
    @Override
    public final int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        int added = 0;
        while (added < limit) {
            final int n = add(null, s, limit - added, added);
            if (n == FULL) {
                break;
            }
            added += n;
        }
        return added;
    }

    /**
     * {@inheritDoc}
     * <p>
     * On a queue with no bound, a batch of {@value #UNBOUNDED_BATCH} elements.
     */
    @Override
    public final int fill(Supplier<E> s) {
        return fill(s, batch());
    }

    @Override
    public final void drain(Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        DrainFillLoops.drain(this, c, wait, exit);
    }

    @Override
    public final void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        DrainFillLoops.fill(this, s, wait, exit);
    }

    /**
     * Returns a weakly consistent iterator: it walks from the head to the tail as they were when
     * it was created, across chunks, returns only elements that were in the queue at some moment
     * during the walk, in queue order, each at most once, and skips any that the consumer took
     * meanwhile (and any claimed but not yet written). It never throws
     * {@link java.util.ConcurrentModificationException}, may be used from any thread while
     * producers and the consumer run, and does not support {@code remove}.
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
        private Object[] buffer;
        private long index;

        Walk() {
            restart();
            end = laProducerIndex() & ~FLAGS;
            start();
        }

        /**
         * Starts from where the consumer is: its index, and a chunk read between two equal reads of
         * it, which therefore holds that index (or its JUMP).
         */
        private void restart() {
            long c;
            Object[] b;
            do {
                c = laConsumerIndex();
                b = laConsumerBuffer();
            } while (c != laConsumerIndex());
            index = c;
            buffer = b;
        }

        @Override
        E advance() {
            while (index < end) {
                final Object[] buffer = this.buffer;
                final int mask = buffer.length - 2;
                // Acquire: pairs with the producers' release stores of elements and JUMPs.
                final Object e = laElement(buffer, slot(index, mask));
                if (laConsumerIndex() > index) {
                    // Consumed since: the slot may hold a later lap, even a later chunk's JUMP.
                    // Read after the slot, so a slot read while index was not consumed is of index.
                    restart();
                } else if (e == JUMP) {
                    // Acquire: pairs with the consumer's release clear of the link.
                    final Object link = laElement(buffer, mask + 1);
                    if (link == null) {
                        restart();
                    } else {
                        this.buffer = (Object[]) link;
                    }
                } else if (e == null || e == SKIP) {
                    // Being taken by the consumer, claimed and not yet written, or abandoned. The
                    // index lives in this chunk all the same: a link index below end has its JUMP
                    // visible, as the JUMP is stored before that index can be claimed.
                    index += STEP;
                } else {
                    @SuppressWarnings("unchecked")
                    final E element = (E) e;
                    index += STEP;
                    return element;
                }
            }
            return null;
        }
    }
}
