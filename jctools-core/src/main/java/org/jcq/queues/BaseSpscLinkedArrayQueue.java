package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Iterator;
import java.util.function.IntFunction;

import org.jcq.internal.Args;

/**
 * What the three single-producer single-consumer linked-array queues share: the hot paths, the
 * chunk-linking protocol and the iterator (size, emptiness and the drain loops come from
 * {@link IndexedQueue}).
 * <p>
 * Algorithm: the SPSC ring of {@link SpscArrayQueue} (Lamport; FastFlow's null-check consumer;
 * Thompson's and JCTools' look-ahead producer), spread over a chain of arrays ("chunks") as in
 * JCTools' {@code BaseSpscLinkedArrayQueue}. The variants differ only in the producer's cold path,
 * {@link #makeRoom}: how it finds room and how large the next chunk is.
 *
 * <h2>Editions and policies</h2>
 * This class reaches the hot fields through abstract accessors named by ordering. The padded
 * editions ({@link SpscChunkedArrayQueue}, {@link SpscUnboundedArrayQueue},
 * {@link SpscGrowableArrayQueue}) declare them in the padded chain {@code BaseSpscLinkedArrayQueueFields};
 * the compact ones ({@code Spsc*UnpaddedArrayQueue}) inline, in
 * {@code BaseSpscLinkedArrayQueueCompactFields}. Each variant's policy lives here once
 * ({@link #roomUnbounded}, {@link #roomChunked}, {@link #roomGrowable}; {@link #sameChunkCapacity},
 * {@link #doubleChunkCapacity}), and both editions of a variant override {@link #makeRoom} and
 * {@link #nextChunkCapacity} with a call to the same one. The variants' own notes (how each finds
 * room, its invariants and linearization points) are in the padded classes' documentation.
 *
 * <h2>Chunks and the link protocol</h2>
 * A chunk of capacity {@code C} (a power of two, at least 2) is an {@code Object[C + 1]}: index
 * {@code i} lives at slot {@code i & (C - 1)}, and the last slot, {@code C}, holds the link to the
 * next chunk. A slot holds null (free), an element, or {@link #JUMP}, a private marker object that
 * never escapes. When the producer at index {@code p} finds that the slot of {@code p} is the only
 * free one left in its chunk, it links a new chunk:
 * <ol>
 * <li>stores the element of {@code p} in the new chunk at {@code p}'s slot there (plain);</li>
 * <li>stores the new chunk in the old chunk's link slot (plain);</li>
 * <li>moves its own buffer, mask and limit to the new chunk (producer-private fields);</li>
 * <li>stores {@code JUMP} in the old chunk at {@code p}'s slot (release: publishes 1 and 2);</li>
 * <li>stores the producer index {@code p + 1} (release, as for every offer).</li>
 * </ol>
 * That is why a chunk always keeps one slot free: the JUMP needs it. The consumer at index
 * {@code c} that loads {@code JUMP} (acquire) loads the link, switches its buffer and mask to the
 * new chunk, nulls the old chunk's link (release: a dead old chunk cannot keep the live chain
 * reachable, and an iterator that finds the link gone knows the consumer has crossed), and takes
 * element {@code c} from the new chunk, where step 1 put it. {@code peek} crosses the same way.
 * The old chunk keeps its {@code JUMP}, which references nothing; no one but an iterator that is
 * still walking it can reach the old chunk any more.
 * <p>
 * The new chunk is allocated before step 1. If the allocation throws ({@link OutOfMemoryError},
 * {@link StackOverflowError}, whatever it throws), the queue is as it was: nothing was stored, and
 * {@link #makeRoom} changes no more than producer-private limits, to values that stay true. The
 * offer throws (a fill throws too, dropping the element its supplier gave for that slot), and the
 * next offer that needs the chunk tries to link it again.
 * <p>
 * What a consumer may observe mid-link: before step 4 it sees the slot of {@code p} free and the
 * queue empty at {@code p} (poll returns null, which is right: the producer index is still
 * {@code p}); after step 4 it sees {@code JUMP} and, through the link, the element. It can never
 * see {@code JUMP} without the link and the element.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>Both indices only grow, but for a drain's give-back (as in SpscArrayQueue); on a bounded
 * queue {@code producerIndex <= consumerIndex + capacity}. The consumer index passes the producer
 * index only while the producer is between element stores and the index store that counts them
 * (one offer's, or one fill run's) and the consumer has already taken some of them (as in
 * SpscArrayQueue); {@code currentProducerIndex()} reports the larger of the two.</li>
 * <li>When the producer stands at index {@code p}, the slot of {@code p} in its chunk is free.</li>
 * <li>Every slot of indices in {@code [p, producerLimit]} in the producer's chunk is free: a
 * limit is set only after seeing the slot of the limit free, and the consumer frees slots in index
 * order. So an offer below the limit leaves the slot of the limit free for a JUMP.</li>
 * <li>An index's element lives in exactly one chunk; the chunk that holds {@code JUMP} for index
 * {@code j} holds no index above {@code j}, and the next chunk holds none below it.</li>
 * </ol>
 * <b>Not</b> invariant: the consumer stores its index before it clears the slot, so for a moment a
 * consumed element is still in its slot. Producers see room only in free slots, so that slot is
 * reused only after it is cleared; the order is what lets the iterator tell the element of index
 * {@code i} from a later lap's (see {@link Walk}).
 *
 * <h2>Batches</h2>
 * As in SpscArrayQueue: {@code fill} stores a run's elements one by one (release) and the
 * producer index once after the run; {@code drain} takes as a run the elements the producer index
 * shows in the consumer's chunk, up to the chunk's end and up to a JUMP (a first loop over the
 * run's slots finds it; the elements after it live in the next chunk), stores the consumer index
 * past the run, then clears each slot before handing its element over. The run never spans
 * two chunks, so the consumer chunk always holds the consumer index (a callback's poll or peek
 * reads the right chunk). A JUMP at the head is crossed by one element taken as poll takes it.
 * A bounded queue's producer checks its bound against the consumer index, which counts a run as
 * taken once it is claimed; so while a drain hands a run over, the producer may fill the room the
 * run frees (its slots, or a new chunk where they are not cleared yet), and if the callback then
 * throws and the rest of the run goes back to the head, the queue holds up to that rest above its
 * bound until the consumer takes it: nothing is lost, and offers fail again until it has.
 *
 * <h2>Exact bound</h2>
 * The chunked and growable queues keep their bound by the consumer index ({@code queueLimit}), so
 * an exact one ({@link Bound#EXACT}) needs no other check, with two exceptions, both in the
 * growable queue: a chunk between half the bound and the bound may reach it before it links the
 * last chunk, so it checks the bound as a chunked queue does; and the last chunk, which is larger
 * than an exact bound, keeps checking it when the consumer arrives instead of leaving it to the
 * slots (it never settles). Chunks stay powers of two below the bound rounded up.
 *
 * <h2>Orderings</h2>
 * The producer stores the element (release) before the index (release); the consumer's acquire
 * load of the slot pairs with the element store, and so does {@code isEmpty()}'s: it answers from the
 * consumer's slot (element or {@code JUMP}: not empty), where offer takes effect, not from the
 * producer index, which lags it; so {@code !isEmpty()} on the consumer thread means its next
 * {@code poll()} finds the element or the {@code JUMP} that leads to it. The consumer's release
 * store of null pairs with the producer's acquire probes of slots. Bounded variants also read the
 * consumer index (acquire, pairing with its release store) to check the bound.
 *
 * <h2>Linearization points</h2>
 * offer: the release store of the element (or of {@code JUMP} when it links). poll: the acquire
 * load of the slot that returns the element or the {@code JUMP} that leads to it; an empty poll at
 * the load that returned null.
 *
 * <h2>GC</h2>
 * Consumed slots are cleared, the consumer unlinks each chunk it leaves, and {@code JUMP} is a
 * static object, so a dead chunk references nothing live: a queue retains only the chunks between
 * consumer and producer.
 *
 * @param <E> the type of the elements
 */
abstract class BaseSpscLinkedArrayQueue<E> extends BaseSpscLinkedArrayQueueColdFields<E> {
    /** Outcome of {@link #makeRoom}: the queue is at its bound. */
    static final int FULL = 0;
    /** Outcome: write the element at its slot in the current chunk. */
    static final int IN_PLACE = 1;
    /** Outcome: the slot is the chunk's last free one; link a new chunk and write the element there. */
    static final int LINK = 2;

    /** The look-ahead never probes further than this many slots. */
    private static final int MAX_LOOK_AHEAD_STEP = 4096;
    /**
     * A growable queue's producer queue limit once the consumer has reached the last chunk: from
     * then on room is read from the slots, and the limit is never refreshed again.
     */
    private static final long SETTLED = Long.MAX_VALUE;

    /** Sends the consumer to the next chunk. Never an element, never handed out. */
    private static final Object JUMP = new Object();

    private static final VarHandle LINK_SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    BaseSpscLinkedArrayQueue(int capacity) {
        super(capacity);
    }

    /** The first chunk: {@code chunkCapacity} slots and the link to the next chunk. */
    static Object[] firstChunk(int chunkCapacity) {
        return new Object[chunkCapacity + 1];
    }

    // The hot fields, declared by the edition (padded or compact) that extends this class; both
    // start with producer and consumer on the same first chunk, of firstChunk(chunkCapacity), with
    // the indices and limits at 0 (laProducerIndex and laConsumerIndex come from IndexedQueue).

    abstract long lpProducerIndex();

    abstract void soProducerIndex(long value);

    abstract long lpProducerLimit();

    abstract void spProducerLimit(long value);

    abstract long lpProducerQueueLimit();

    abstract void spProducerQueueLimit(long value);

    abstract Object[] lpProducerBuffer();

    abstract int lpProducerMask();

    /** Moves the producer to {@code buffer} and its mask; producer-private, published by the JUMP's release store. */
    abstract void spProducerBuffer(Object[] buffer);

    abstract long lpConsumerIndex();

    abstract void soConsumerIndex(long value);

    abstract Object[] lpConsumerBuffer();

    abstract Object[] laConsumerBuffer();

    /**
     * Moves the consumer to {@code buffer} and its mask. Release: pairs with an iterator's acquire
     * load of the consumer buffer, so an iterator that finds the new chunk also finds what the
     * consumer saw in it.
     */
    abstract void soConsumerBuffer(Object[] buffer);

    abstract int lpConsumerMask();

    /**
     * The producer's cold path at index {@code p}, reached when {@code p >= producerLimit}: finds
     * room for {@code p} and may raise the limit. Calls nothing supplied by the user, and changes
     * only producer-private limits, so {@code fill} may call it before its supplier.
     *
     * @return {@link #FULL}, {@link #IN_PLACE} or {@link #LINK}
     */
    abstract int makeRoom(Object[] buffer, int mask, long p);

    /** The capacity of the chunk linked after a chunk of mask {@code mask}. */
    abstract int nextChunkCapacity(int mask);

    /**
     * The first chunk's size for a bound of {@code capacity} when none is given: an eighth of the
     * bound, rounded up to a power of two, and at least 8 (as JCTools chooses). Any {@code int}
     * gives a result; the constructor checks {@code capacity} itself.
     */
    static int defaultChunkSize(int capacity) {
        final int eighth = capacity / 8;
        return eighth <= 8 ? 8 : Integer.highestOneBit(eighth - 1) << 1;
    }

    /**
     * The bound of a chunked or growable queue: {@code capacity} rounded up to a power of two.
     *
     * @throws IllegalArgumentException if {@code capacity} is not in {@code [16, 2^30]}
     */
    static int boundOf(int capacity) {
        return boundOf(capacity, false);
    }

    /**
     * The bound of a chunked or growable queue: {@code capacity}, rounded up to a power of two
     * unless {@code exact}.
     *
     * @throws IllegalArgumentException if {@code capacity} is not in {@code [16, 2^30]}
     */
    static int boundOf(int capacity, boolean exact) {
        return Args.capacity("capacity", capacity, 16, exact);
    }

    /** The index of {@code index}'s slot in a chunk of mask {@code mask}. */
    static int slot(long index, int mask) {
        return (int) index & mask;
    }

    /** How far ahead a producer probes in a chunk of mask {@code mask}: a quarter of it, at least 1. */
    static long lookAheadStep(int mask) {
        return Math.max(1, Math.min((mask + 1) >> 2, MAX_LOOK_AHEAD_STEP));
    }

    private static Object[] lpLink(Object[] buffer) {
        return (Object[]) buffer[buffer.length - 1];
    }

    private static Object[] laLink(Object[] buffer) {
        return (Object[]) LINK_SLOT.getAcquire(buffer, buffer.length - 1);
    }

    private static void spLink(Object[] buffer, Object[] next) {
        buffer[buffer.length - 1] = next;
    }

    private static void soLink(Object[] buffer, Object[] next) {
        LINK_SLOT.setRelease(buffer, buffer.length - 1, next);
    }

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final Object[] buffer = lpProducerBuffer();
        final int mask = lpProducerMask();
        final long p = lpProducerIndex();
        if (p >= lpProducerLimit()) {
            return offerColdPath(buffer, mask, p, e);
        }
        CircularArrayQueue.soElement(buffer, slot(p, mask), e);
        soProducerIndex(p + 1);
        return true;
    }

    /** Cold path of offer: past the limit, so asks the variant for room. */
    private boolean offerColdPath(Object[] buffer, int mask, long p, E e) {
        final int room = makeRoom(buffer, mask, p);
        if (room == FULL) {
            return false;
        }
        write(buffer, mask, p, e, room);
        return true;
    }

    /** Writes element {@code e} of index {@code p} where {@code room} (not FULL) says. */
    private void write(Object[] buffer, int mask, long p, E e, int room) {
        if (room == LINK) {
            linkNewChunk(buffer, mask, p, e);
            return;
        }
        CircularArrayQueue.soElement(buffer, slot(p, mask), e);
        soProducerIndex(p + 1);
    }

    /**
     * The link protocol's producer side (steps 1 to 5 of the class notes). The allocation comes
     * before any store: if it throws, the queue is as it was (see the class notes).
     */
    private void linkNewChunk(Object[] buffer, int mask, long p, E e) {
        final Object[] next = newChunk(nextChunkCapacity(mask) + 1);
        // Plain: both are published by the release store of JUMP below.
        CircularArrayQueue.spElement(next, slot(p, next.length - 2), e);
        spLink(buffer, next);
        spProducerBuffer(next);
        // The next offer negotiates its room in the new chunk.
        spProducerLimit(p + 1);
        // Release: pairs with the consumer's acquire load of this slot, which then finds the link.
        CircularArrayQueue.soElement(buffer, slot(p, mask), JUMP);
        soProducerIndex(p + 1);
    }

    /**
     * For tests in this package only: makes every SPSC linked-array queue's new chunk arrays when
     * not null, to inject a failure ({@link OutOfMemoryError}, {@link StackOverflowError}, an
     * exception). Static, so that a hook costs no queue a field (the footprint parity test counts
     * bytes against JCTools); tests set it and reset it to null in a finally block, one at a time.
     */
    static IntFunction<Object[]> chunkAllocator;

    private Object[] newChunk(int length) {
        final IntFunction<Object[]> allocator = chunkAllocator;
        return allocator == null ? new Object[length] : allocator.apply(length);
    }

    /**
     * Room in a chunk that must keep a slot free for a JUMP (every chunk but a growable queue's
     * last): probes {@code lookAheadStep} slots ahead (not past {@code queueLimit}), halving the
     * distance while the probed slot is taken, and moves the limit to the first free one it finds
     * (every slot before it is free too: the consumer frees them in index order), so that near a
     * full chunk a fill still moves runs, not one element per call; if even the next slot is
     * taken, the slot of {@code p} is the last free one.
     */
    private int roomInLinkedChunk(Object[] buffer, int mask, long p, long queueLimit) {
        for (long ahead = Math.min(p + lookAheadStep(mask), queueLimit); ahead > p + 1; ahead = p + ((ahead - p) >> 1)) {
            // Acquire pairs with the consumer's release null store: the slot was read before it was freed.
            if (CircularArrayQueue.laElement(buffer, slot(ahead, mask)) == null) {
                spProducerLimit(ahead);
                return IN_PLACE;
            }
        }
        return CircularArrayQueue.laElement(buffer, slot(p + 1, mask)) == null ? IN_PLACE : LINK;
    }

    /**
     * The index below which offers fit the bound, refreshed from the consumer index (acquire,
     * pairing with its release store) when {@code p} has reached the cached one; {@code p} or less
     * means the queue is full.
     */
    private long queueLimit(long p) {
        final long cached = lpProducerQueueLimit();
        if (p < cached) {
            return cached;
        }
        final long limit = laConsumerIndex() + capacity;
        spProducerQueueLimit(limit);
        return limit;
    }

    // The variants' policies. Both editions of a variant override makeRoom and nextChunkCapacity
    // with a call to one of these, so that each policy is written once; why each is right is in
    // its variant's class notes.

    /**
     * {@link SpscUnboundedArrayQueue}'s {@link #makeRoom}: room in the current chunk if it has
     * any beside the slot kept for a JUMP, else link; never full.
     */
    final int roomUnbounded(Object[] buffer, int mask, long p) {
        return roomInLinkedChunk(buffer, mask, p, Long.MAX_VALUE);
    }

    /**
     * {@link SpscChunkedArrayQueue}'s {@link #makeRoom}: full at the bound, whatever room the
     * chunk has; below it, room in the current chunk up to the bound, else link.
     */
    final int roomChunked(Object[] buffer, int mask, long p) {
        final long queueLimit = queueLimit(p);
        if (p >= queueLimit) {
            return FULL;
        }
        return roomInLinkedChunk(buffer, mask, p, queueLimit);
    }

    /**
     * {@link SpscGrowableArrayQueue}'s {@link #makeRoom}: as the unbounded queue's while the chunk
     * is at most half the bound (the chunks so far hold less than twice this one, so the bound
     * cannot be reached there), then the last chunk's room. With a rounded bound no chunk lies
     * between half the bound and the bound; an exact one may, and there the bound is checked.
     */
    final int roomGrowable(Object[] buffer, int mask, long p) {
        if (2L * (mask + 1) <= capacity) {
            return roomInLinkedChunk(buffer, mask, p, Long.MAX_VALUE);
        }
        if (mask + 1 < capacity) {
            // Exact bounds only: the chunks so far (this one and the smaller ones before it, less
            // than twice its size) may hold more than the bound, so it is checked, as the chunked
            // queue checks it; the next chunk is the last.
            return roomChunked(buffer, mask, p);
        }
        return roomInLastChunk(buffer, mask, p);
    }

    /**
     * Room in a growable queue's last chunk, which holds the whole bound and never links: no slot
     * kept for a JUMP. While the consumer trails on an older chunk, the bound is checked against
     * the consumer index. Once it is on this chunk, every element is here, so the slots alone tell
     * whether there is room, as in {@link SpscArrayQueue}: the producer stops reading the consumer
     * index, and with it the cache line the consumer writes on every poll.
     */
    private int roomInLastChunk(Object[] buffer, int mask, long p) {
        if (lpProducerQueueLimit() != SETTLED) {
            final long queueLimit = queueLimit(p);
            if (p >= queueLimit) {
                return FULL;
            }
            // Acquire pairs with the consumer's release store when it crosses to this chunk.
            // An exact bound below the chunk's size is never settled: the slots alone would let
            // the producer fill the whole chunk.
            if (laConsumerBuffer() != buffer || mask + 1 != capacity) {
                return roomBelow(buffer, mask, p, queueLimit);
            }
            spProducerQueueLimit(SETTLED);
        }
        return roomBelow(buffer, mask, p, Long.MAX_VALUE);
    }

    /**
     * Room for {@code p} in a chunk that keeps no slot for a JUMP: probes ahead (not past
     * {@code queueLimit}), halving the distance while the probed slot is taken (as
     * {@code roomInLinkedChunk} does), then the slot of {@code p}.
     */
    private int roomBelow(Object[] buffer, int mask, long p, long queueLimit) {
        for (long ahead = Math.min(p + lookAheadStep(mask), queueLimit); ahead > p; ahead = p + ((ahead - p) >> 1)) {
            // Acquire pairs with the consumer's release null store: the slot was read before it was freed.
            if (CircularArrayQueue.laElement(buffer, slot(ahead, mask)) == null) {
                spProducerLimit(ahead);
                return IN_PLACE;
            }
        }
        return CircularArrayQueue.laElement(buffer, slot(p, mask)) == null ? IN_PLACE : FULL;
    }

    /** {@link #nextChunkCapacity} of the chunked and unbounded queues: every chunk as large as the first. */
    static int sameChunkCapacity(int mask) {
        return mask + 1;
    }

    /** {@link #nextChunkCapacity} of the growable queue: twice the last chunk's, up to the bound. */
    static int doubleChunkCapacity(int mask) {
        return 2 * (mask + 1);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Looks at the consumer's slot, where offer takes effect (an element, or the {@code JUMP} to
     * the chunk that holds it), not at the producer index, which lags it. The consumer index and
     * chunk are read again after the slot; if the consumer moved meanwhile, it tries again.
     */
    @Override
    public final boolean isEmpty() {
        for (;;) {
            final long c = laConsumerIndex();
            final Object[] buffer = laConsumerBuffer();
            // Acquire: pairs with the producer's release store of the element or JUMP.
            final Object e = CircularArrayQueue.laElement(buffer, slot(c, buffer.length - 2));
            if (laConsumerIndex() == c && laConsumerBuffer() == buffer) {
                return e == null;
            }
        }
    }

    @Override
    public E poll() {
        final Object[] buffer = lpConsumerBuffer();
        final long c = lpConsumerIndex();
        final int slot = slot(c, lpConsumerMask());
        // Acquire pairs with the producer's release store of the element or JUMP.
        final Object e = CircularArrayQueue.laElement(buffer, slot);
        if (e == null) {
            return null;
        }
        if (e == JUMP) {
            return take(nextChunk(buffer), c);
        }
        return take(buffer, slot, c, e);
    }

    /** Takes element {@code e} of index {@code c}: index first, then the slot (see the class notes). */
    private E take(Object[] buffer, int slot, long c, Object e) {
        soConsumerIndex(c + 1);
        // Release: pairs with the producer's acquire probe, so the slot is reused after this read.
        CircularArrayQueue.soNull(buffer, slot);
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    /** Takes element {@code c} from chunk {@code next}, where the producer put it before the JUMP. */
    private E take(Object[] next, long c) {
        final int slot = slot(c, next.length - 2);
        // Plain: the acquire load of JUMP made the element's store visible.
        return take(next, slot, c, CircularArrayQueue.lpElement(next, slot));
    }

    /** The link protocol's consumer side: moves to the chunk after {@code buffer} and unlinks it. */
    private Object[] nextChunk(Object[] buffer) {
        // Plain: the acquire load of JUMP ordered the producer's link store before it.
        final Object[] next = lpLink(buffer);
        soConsumerBuffer(next);
        // Release: an iterator that sees the link gone also sees the consumer buffer moved on.
        soLink(buffer, null);
        return next;
    }

    @Override
    public E peek() {
        final Object[] buffer = lpConsumerBuffer();
        final long c = lpConsumerIndex();
        // Acquire pairs with the producer's release store of the element or JUMP.
        final Object e = CircularArrayQueue.laElement(buffer, slot(c, lpConsumerMask()));
        if (e == JUMP) {
            return peekNextChunk(buffer, c);
        }
        @SuppressWarnings("unchecked")
        final E element = (E) e;
        return element;
    }

    /** Cold path of peek: crosses to the next chunk as poll does, and reads element {@code c} there. */
    private E peekNextChunk(Object[] buffer, long c) {
        final Object[] next = nextChunk(buffer);
        @SuppressWarnings("unchecked")
        final E element = (E) CircularArrayQueue.lpElement(next, slot(c, next.length - 2));
        return element;
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
    public final int capacity() {
        return capacity;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Takes the elements present when it starts (at most the capacity of a bounded queue).
     */
    @Override
    public final int drain(Consumer<E> c) {
        Args.callback("c", c);
        return drain(c, size());
    }

    /**
     * {@inheritDoc}
     * <p>
     * Asks the supplier only once it knows the element fits, so a full queue never calls it. Below
     * the producer limit it adds in runs of slots that do not wrap around the chunk (counted loops
     * over array indices: the JIT checks the chunk's bounds and class once per run), each element
     * stored (release) as {@link #offer} stores it, so the consumer sees it at once, and the
     * producer index once per run, so {@code size()} may lag the run in progress. At the limit it
     * takes the cold path of offer for one element (which may link a chunk) and goes on. The
     * supplier must not offer to this queue (the run holds the producer's next slots); it may read
     * it.
     */
    @Override
    public final int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        final long start = lpProducerIndex();
        long index = start;
        while (index - start < limit) {
            final Object[] buffer = lpProducerBuffer();
            final int mask = lpProducerMask();
            final long room = lpProducerLimit() - index;
            if (room <= 0) {
                final int where = makeRoom(buffer, mask, index);
                if (where == FULL) {
                    break;
                }
                write(buffer, mask, index, supplied(s, (int) (index - start)), where);
                index++;
                continue;
            }
            final int n = (int) Math.min(Math.min(room, limit - (index - start)),
                    CircularArrayQueue.runLength(index, mask));
            fillRun(s, buffer, slot(index, mask), n, index, (int) (index - start));
            index += n;
        }
        return (int) (index - start);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Takes in runs: as many elements as the producer index shows (it lags the slots by at most the
     * producer's run in progress), up to {@code limit}, not past the end of the consumer's chunk
     * and not past a JUMP (the elements after it live in the next chunk: a first, tight loop
     * finds it). It stores the consumer index past the run first, then clears each slot before
     * {@code c} sees its element (see {@code takeRun}): a callback that reads the queue sees the
     * whole run as taken, and one that polls takes from after it. If {@code c} throws, the rest of
     * the run goes back to the head, unless the callback itself took from the queue past the run:
     * then this drain hands the rest to {@code c} before the throwable propagates (dropping later
     * throwables), so nothing is lost or taken twice. Where the producer index shows nothing, or
     * the head is a JUMP, it takes one element as {@link #poll()} does (crossing the JUMP).
     */
    @Override
    public final int drain(Consumer<E> c, int limit) {
        Args.callback("c", c);
        Args.limit(limit);
        int taken = 0;
        while (taken < limit) {
            final Object[] buffer = lpConsumerBuffer();
            final int mask = lpConsumerMask();
            final long from = lpConsumerIndex();
            final int first = slot(from, mask);
            // Acquire: pairs with the producer's index store, after the elements (and JUMP) it counts.
            final long shown = Math.min(Math.min(laProducerIndex() - from, limit - taken),
                    CircularArrayQueue.runLength(from, mask));
            final int n = shown > 0 ? beforeJump(buffer, first, (int) shown) : 0;
            if (n > 0) {
                takeRun(c, buffer, from, first, n, mask);
                taken += n;
            } else {
                final E e = poll();
                if (e == null) {
                    break;
                }
                taken++;
                c.accept(e);
            }
        }
        return taken;
    }

    /** How many of the {@code n} slots from {@code first} on come before a JUMP (visible ones). */
    private static int beforeJump(Object[] buffer, int first, int n) {
        final int end = first + n;
        for (int slot = first; slot < end; slot++) {
            // Plain: the caller's acquire load of the producer index made these stores visible.
            if (CircularArrayQueue.lpElement(buffer, slot) == JUMP) {
                return slot - first;
            }
        }
        return n;
    }

    /** A drain's claimed run lies in one chunk, {@code buffer}, before any JUMP. */
    @Override
    final Object takeClaimed(Object[] buffer, long index, int mask) {
        final int slot = slot(index, mask);
        final Object e = CircularArrayQueue.lpElement(buffer, slot);
        CircularArrayQueue.soNull(buffer, slot);
        return e;
    }

    /**
     * {@inheritDoc}
     * <p>
     * A bounded queue fills up to its capacity; an unbounded one adds one chunk's worth.
     */
    @Override
    public final int fill(Supplier<E> s) {
        return fill(s, capacity == UNBOUNDED_CAPACITY ? lpProducerMask() + 1 : capacity);
    }

    /**
     * Returns a weakly consistent iterator: it walks from the head to the tail as they were when
     * it was created, across chunks, returns only elements that were in the queue at some moment
     * during the walk, in queue order, each at most once, and skips any that the consumer took
     * meanwhile. It never throws {@link java.util.ConcurrentModificationException}, may be used
     * from any thread while the producer and the consumer run, and does not support
     * {@code remove}.
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

    /**
     * Walks indices from the consumer's to the producer's as they were at creation, following
     * JUMPs. An element read from the slot of index {@code i} is {@code i}'s own if the consumer
     * index, read after it, is still {@code <= i}: a later lap's element is written only after the
     * slot was cleared, and the consumer clears it only after storing an index past {@code i}.
     * When the consumer overtakes the walk, or unlinks the chunk the walk is in, the walk moves to
     * the consumer's index and chunk (read in that order, so the chunk is never older than the one
     * holding the index, and a newer one shows up as consumed slots).
     */
    private final class Walk extends WeakIterator<E> {
        private final long end;
        private long index;
        private Object[] buffer;

        Walk() {
            catchUp();
            end = laProducerIndex();
            start();
        }

        private void catchUp() {
            index = laConsumerIndex();
            buffer = laConsumerBuffer();
        }

        @Override
        E advance() {
            while (index < end) {
                final Object e = CircularArrayQueue.laElement(buffer, slot(index, buffer.length - 2));
                if (laConsumerIndex() > index) {
                    catchUp();
                } else if (e == JUMP) {
                    // Acquire pairs with the consumer's release unlink: null means it has crossed.
                    final Object[] link = laLink(buffer);
                    if (link == null) {
                        catchUp();
                    } else {
                        buffer = link;
                    }
                } else if (e != null) {
                    @SuppressWarnings("unchecked")
                    final E element = (E) e;
                    index++;
                    return element;
                } else {
                    // Not reachable while the walk is in the right chunk (every index below end was
                    // written before the walk began); catch up to be safe.
                    catchUp();
                }
            }
            return null;
        }
    }
}
