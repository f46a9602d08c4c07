package org.jcq.queues;

import java.util.Iterator;

import org.jcq.internal.Args;
import org.jcq.internal.Flight;
import org.jcq.internal.Waits;

/**
 * What the two XADD queues ({@link MpscUnboundedXaddArrayQueue}, {@link MpmcUnboundedXaddArrayQueue})
 * share: the producers' side, the chunk list and its pool, and the iterator; the parts of the API
 * that follow from the two indices alone are in {@link IndexedQueue}. The two consumers' sides are
 * here too, as final helpers ({@code mpsc*}, {@code mpmc*}) that each queue class calls from
 * one-line overrides, so each exists once for its padded and its compact edition; the notes of
 * {@link MpscUnboundedXaddArrayQueue} and {@link MpmcUnboundedXaddArrayQueue} describe them. The
 * hot fields are reached through the abstract accessors below: the padded editions declare them
 * in {@code MpUnboundedXaddArrayQueueFields}' class chain, the compact ones inline in
 * {@code MpUnboundedXaddArrayQueueCompactFields}. The cold fields are declared here.
 *
 * <h2>Indices and chunks</h2>
 * A producer claims index {@code p} with one fetch-and-add on the producer index; {@code p} lives
 * in slot {@code p & chunkMask} of the chunk of chunk index {@code p >>> chunkShift}. Chunks form a
 * list linked both ways: {@code next} for consumers (and iterators), {@code prev} for producers
 * that claimed an index in a chunk older than the one {@code producerChunk} shows. There is no
 * JUMP marker and no resize: the list only grows at the tail and is consumed at the head.
 *
 * <h2>Appending (who adds chunk {@code k})</h2>
 * A producer whose chunk does not exist yet appends it, and any missing before it, holding a
 * try-lock: a CAS of {@code producerChunkIndex} from the last chunk's index to {@link #APPENDING}.
 * Exactly one thread wins; the others spin, re-reading {@code producerChunk} until a chunk of
 * their index or later appears, then walk {@code prev} links back to theirs. The winner links each
 * new chunk ({@code last.next}, release) before it publishes it as {@code producerChunk}
 * (release), then stores the new last index in {@code producerChunkIndex} (release), which
 * unlocks. A consumer waiting for the next chunk of a claimed index helps the same way.
 *
 * <h2>A failed allocation, and abandoned indices</h2>
 * The appender allocates each chunk's slot array (through {@link #newBuffer}, before the chunk
 * object) only when the pool is empty. If that throws (an {@link OutOfMemoryError}, a
 * {@link StackOverflowError}, anything), a {@code finally} block releases the lock at the last
 * chunk it did append, so the chunks appended before the failure stay and every other producer and
 * consumer goes on (one of them appends the missing chunks later), and the throwable propagates.
 * <ul>
 * <li>A consumer's append claimed nothing: its poll or peek throws, and the queue is as before.</li>
 * <li>A producer's append was for the chunk of the index {@code p} it claimed, which cannot be
 * given back (others have claimed past it). Its offer throws, so its element must not reach the
 * queue: {@code p} is <i>abandoned</i>. Before it unlocks, the appender records it:
 * {@code lastAbandoned} becomes at least {@code p} (release), then {@code skipsPending} is
 * incremented (a volatile add). Nothing is allocated on this path. The slot of {@code p} stays
 * empty for good, and consumers pass {@code p} without an element.</li>
 * </ul>
 * A consumer that finds its head index {@code c} claimed but empty must tell an abandoned index
 * from a slow producer's, without a record per index (there is no memory to make one). It counts:
 * every abandoned index not yet passed is counted in {@code skipsPending}, lies in
 * {@code [c, lastAbandoned]}, and stays unpublished; so if, after seeing {@code c} itself
 * unpublished, the consumer counts exactly {@code skipsPending} unpublished indices in that range,
 * every one of them is abandoned, {@code c} included ({@link #abandoned}). A slow producer's index
 * in the range only makes the count larger, so it is never taken for an abandoned one. The count
 * reads {@code skipsPending} (acquire) before {@code lastAbandoned}, so the range covers every
 * abandonment counted. A consumer that passes an abandoned index takes it off
 * {@code skipsPending}; in MPMC before its claiming CAS, giving it back if the CAS fails, so the
 * count other consumers read is never too large (a rotating consumer, which claimed first, takes
 * it off before it lets the others go on). Consumers read {@code skipsPending} only where they
 * find their head empty, and count only when it is not zero: a relaxed poll or peek once per
 * call, a waiting one once every {@code ABANDON_CHECK_MASK + 1} spins. A count reads at most
 * {@code lastAbandoned - c + 1} slots, and stops at the first unpublished one too many.
 *
 * <h2>Leaving a chunk, and the pool</h2>
 * Consumers move to chunk {@code k} when they take (or pass) its first index: they clear chunk
 * {@code k}'s {@code prev}, publish it as {@code consumerChunk}, and retire chunk {@code k - 1}:
 * clear its {@code next} and push it on the pool (a stack of at most {@code maxPooledChunks}
 * chunks, linked through the chunks themselves), or drop it for the GC when the pool is full. The
 * appender pops the pool before it allocates. So a queue that never holds more than
 * {@code maxPooledChunks + 1} chunks' worth of elements allocates nothing once warm, and a drained
 * queue keeps at most {@code maxPooledChunks + 1} chunks.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>{@code consumerIndex <= producerIndex}; both only grow. Every claimed index gets an
 * element ({@code fill} asks its supplier before it claims), or is abandoned: exactly the indices
 * of offers whose append threw.</li>
 * <li>Each chunk index is served by exactly one chunk, once: a chunk's index is set (release)
 * before it is linked, and a reused chunk only ever gets a larger index than any it served.</li>
 * <li>A chunk is retired only after every index in it has been taken or claimed by a consumer,
 * and its elements published (an abandoned index is passed only once it is known abandoned, and
 * its producer has given up); so a producer never needs a retired chunk, and every chunk from the
 * consumer's chunk index up to {@code producerChunkIndex} is linked and live, with intact
 * {@code prev} links above the consumer's chunk. A producer walking back from chunk {@code j >= k}
 * to its chunk {@code k} therefore only reads live links.</li>
 * <li>{@code skipsPending} is never more than the number of abandoned indices not yet passed
 * (an index an MPMC consumer claimed to rotate counts as passed once it moves the consumers on),
 * and equals it whenever no consumer is between taking one off and its claim.</li>
 * <li>The pool is pushed only by consumers leaving a chunk (in MPMC two rotating consumers may push
 * at once; each push is a CAS of the top) and popped only by the append-lock holder. One popper at
 * a time means the stack has no ABA problem: a chunk in the stack cannot leave and come back
 * between a pop's read of the top and its CAS. Each pooled chunk's {@code poolDepth} is the
 * stack's size from it down, so a push that would exceed {@code maxPooledChunks} is not made.</li>
 * </ol>
 * <b>Not</b> invariant: {@code producerChunk}'s index may be behind a producer's claimed index
 * (the chunk is not appended yet: the producer appends it or waits for the appender), or ahead of
 * it (others appended past it: the producer walks back). A thread holding an old chunk may find it
 * retired and serving a later chunk index; it then re-reads the queue's fields. After a failed
 * allocation: {@code size()} counts an abandoned index, and {@code isEmpty()} says false for it,
 * until consumers pass it; a strict poll passes it, appending its chunk if need be, but a relaxed
 * poll or peek that finds it at a chunk's first index before anyone appended that chunk returns
 * null (the next offer appends it). {@code lastAbandoned} only grows, so a count after old
 * abandonments may read further than it needs.
 *
 * <h2>Nepotism</h2>
 * A retired chunk references no live chunk ({@code next} cleared; its {@code prev} was cleared when
 * consumers entered it), and the live chunk consumers are in references no retired one. Taken
 * slots are cleared.
 *
 * @param <E> the type of the elements
 */
abstract class MpUnboundedXaddArrayQueue<E> extends IndexedQueue<E> {
    /** JCTools' default for the constructors without {@code maxPooledChunks}. */
    static final int DEFAULT_MAX_POOLED_CHUNKS = 2;
    /** {@code producerChunkIndex} while a thread appends chunks (chunk indices are >= 0). */
    private static final long APPENDING = -2;
    /** The claim of an append made by a consumer, which claimed no index (indices are >= 0). */
    private static final long NO_CLAIM = -1;
    /**
     * A consumer waiting at a claimed, unpublished index counts abandoned indices (see the class
     * notes) once every {@code ABANDON_CHECK_MASK + 1} spins: a count may read many slots.
     */
    static final int ABANDON_CHECK_MASK = 63;
    /** The most elements {@link #fill(Supplier)} adds: a chunk's worth, up to this many. */
    private static final int MAX_FILL_BATCH = 4096;
    /** What {@link #mpscAwaitElement} returns for an abandoned index; never stored in a slot. */
    private static final Object ABANDONED = new Object();

    /**
     * How many spins a removal waits for an unpublished index while some index is abandoned
     * before it takes this one for abandoned too (see {@link #mpmcRemoveWhere}).
     */
    private static final int REMOVAL_PATIENCE = 1 << 16;

    /** chunkSize - 1, chunkSize being a power of two: an index's offset in its chunk. */
    final int chunkMask;
    /** log2(chunkSize): an index's chunk index is {@code index >>> chunkShift}. */
    final int chunkShift;
    /** The most chunks the pool keeps for reuse. */
    final int maxPooledChunks;

    MpUnboundedXaddArrayQueue(int chunkSize, int maxPooledChunks, boolean multiConsumer) {
        final int size = Args.pow2Capacity("chunkSize", chunkSize, 0);
        this.maxPooledChunks = Args.inRange("maxPooledChunks", maxPooledChunks, 0, Args.MAX_POW2);
        this.chunkMask = size - 1;
        this.chunkShift = Integer.numberOfTrailingZeros(size);
        // Later chunks copy whether they carry sequences from the chunk they follow.
        final MpUnboundedXaddChunk<E> first = new MpUnboundedXaddChunk<>(0, null, new Object[chunkMask + 1],
                multiConsumer && maxPooledChunks > 0);
        // Constructor: the queue reaches other threads only through a later safe publication.
        soProducerChunk(first);
        soConsumerChunk(first);
    }

    /** Adds {@code delta} to the producer index (volatile); returns the index before. */
    abstract long xaddProducerIndex(long delta);

    /** The last chunk appended (or one being appended), read with acquire. */
    abstract MpUnboundedXaddChunk<E> laProducerChunk();

    abstract void soProducerChunk(MpUnboundedXaddChunk<E> chunk);

    /** The index of the last chunk appended, or {@link #APPENDING}, read with acquire. */
    abstract long laProducerChunkIndex();

    abstract boolean casProducerChunkIndex(long expect, long update);

    abstract void soProducerChunkIndex(long value);

    /** The largest index ever abandoned, or -1, read with acquire. */
    abstract long laLastAbandoned();

    abstract void soLastAbandoned(long value);

    /** The consumer index, read plain: the MPSC consumer's own field. */
    abstract long lpConsumerIndex();

    /** Producer index, volatile: for a blocking queue's waiting consumer (after its own volatile store). */
    abstract long lvProducerIndex();

    /** Consumer index, volatile: for a blocking queue's waiting consumer (after its own volatile store). */
    abstract long lvConsumerIndex();

    /**
     * Whether elements may be removed from any position ({@link #mpmcRemoveWhere}): the blocking
     * MPMC edition's; not here, where the consumers' paths stay as they were.
     */
    boolean removable() {
        return false;
    }

    abstract void soConsumerIndex(long value);

    abstract boolean casConsumerIndex(long expect, long update);

    /** The consumer chunk, read plain: the MPSC consumer's own field. */
    abstract MpUnboundedXaddChunk<E> lpConsumerChunk();

    abstract MpUnboundedXaddChunk<E> laConsumerChunk();

    abstract void soConsumerChunk(MpUnboundedXaddChunk<E> chunk);

    /** The top of the pool's stack, read with acquire. */
    abstract MpUnboundedXaddChunk<E> laPoolTop();

    abstract boolean casPoolTop(MpUnboundedXaddChunk<E> expect, MpUnboundedXaddChunk<E> update);

    /** Abandoned indices not yet passed, read with acquire. */
    abstract long laSkipsPending();

    /** Adds {@code delta} to the abandoned indices not yet passed (volatile). */
    abstract void xaddSkipsPending(long delta);

    /**
     * Returns the number of slots in each chunk.
     *
     * @return the chunk size: the requested one rounded up to a power of two
     */
    public final int chunkSize() {
        return chunkMask + 1;
    }

    /**
     * Returns how many emptied chunks the queue keeps for reuse.
     *
     * @return the most chunks pooled
     */
    public final int maxPooledChunks() {
        return maxPooledChunks;
    }

    final long chunkIndex(long index) {
        return index >>> chunkShift;
    }

    final int offset(long index) {
        return (int) index & chunkMask;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Never fails: claims an index with one fetch-and-add, then stores the element in its slot,
     * first appending the slot's chunk if no producer has yet.
     */
    @Override
    public final boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final long p = xaddProducerIndex(1);
        final long k = chunkIndex(p);
        // Acquire: pairs with the appender's release store, so the chunk's index and links are set.
        MpUnboundedXaddChunk<E> chunk = laProducerChunk();
        if (chunk.laIndex() != k) {
            chunk = producerChunkFor(chunk, p);
        }
        chunk.publish(offset(p), k, e);
        added();
        return true;
    }

    /** Same as {@link #offer}: an unbounded queue has no spurious failure to allow. */
    @Override
    public final boolean relaxedOffer(E e) {
        return offer(e);
    }

    /**
     * Cold path of offer: finds the chunk of claimed index {@code p}, appending it if needed,
     * starting from {@code start}, a chunk read from {@code producerChunk} that does not serve it.
     * If this producer's append fails, {@code p} is abandoned and the throwable propagates.
     */
    private MpUnboundedXaddChunk<E> producerChunkFor(MpUnboundedXaddChunk<E> start, long p) {
        final long k = chunkIndex(p);
        MpUnboundedXaddChunk<E> chunk = start;
        while (true) {
            final long ck = chunk.laIndex();
            if (ck >= k) {
                // Chunks ck down to k are live while index p of chunk k is unpublished (invariant 3).
                for (long i = ck; i > k; i--) {
                    chunk = chunk.laPrev();
                }
                return chunk;
            }
            // Chunk k is not appended: append up to it, unless another thread holds the lock.
            if (laProducerChunkIndex() == ck) {
                final MpUnboundedXaddChunk<E> appended = appendChunks(chunk, ck, k - ck, p);
                if (appended != null) {
                    return appended;
                }
            }
            Thread.onSpinWait();
            chunk = laProducerChunk();
        }
    }

    /**
     * Appends {@code count} chunks after {@code last} (which served {@code lastIndex} when read) if
     * it wins the append lock; returns the last one appended, or null if the lock was not won.
     * {@code claim} is the index the calling producer claimed, or {@link #NO_CLAIM} for a consumer.
     * If an allocation throws, the chunks appended before it stay, the lock is released at the
     * last of them, the caller's claim is abandoned, and the throwable propagates.
     */
    private MpUnboundedXaddChunk<E> appendChunks(MpUnboundedXaddChunk<E> last, long lastIndex, long count,
            long claim) {
        // Volatile CAS: only the latest chunk's index matches, so the winner holds the true tail.
        if (!casProducerChunkIndex(lastIndex, APPENDING)) {
            return null;
        }
        final long target = lastIndex + count;
        MpUnboundedXaddChunk<E> chunk = last;
        long appended = lastIndex;
        try {
            while (appended < target) {
                final MpUnboundedXaddChunk<E> next = reuseOrCreate(chunk, appended + 1);
                // Link before publishing as producerChunk: an element published in a chunk implies
                // the chunk is reachable from the consumers' side (iterators rely on it). Both
                // release: pair with laNext and laProducerChunk.
                chunk.soNext(next);
                soProducerChunk(next);
                chunk = next;
                appended++;
            }
        } finally {
            if (appended != target && claim != NO_CLAIM) {
                // An allocation threw: the claimed index's chunk is not appended, so this producer
                // cannot publish its element, and its offer throws. Still holding the lock.
                abandon(claim);
            }
            // Release: unlocks at the last chunk appended (producerChunk), and pairs with the
            // acquire loads of producers and consumers about to try the lock.
            soProducerChunkIndex(appended);
        }
        return chunk;
    }

    /**
     * Append-lock holder whose allocation failed: records that claimed index {@code p} will never
     * be published, so consumers pass it. Allocates nothing.
     */
    private void abandon(long p) {
        // Release, and read with acquire: only append-lock holders write it, one at a time.
        if (p > laLastAbandoned()) {
            soLastAbandoned(p);
        }
        // Volatile add, after the store above: a consumer that reads the new count (acquire) then
        // reads a last abandoned index of at least p.
        xaddSkipsPending(1);
    }

    /** A pooled chunk set to serve {@code index} after {@code prev}, or a new one. */
    private MpUnboundedXaddChunk<E> reuseOrCreate(MpUnboundedXaddChunk<E> prev, long index) {
        final MpUnboundedXaddChunk<E> pooled = popPooled();
        if (pooled == null) {
            // The slot array first: `new Chunk(..., newBuffer(n), ...)` would allocate the chunk
            // object before the array, so a failing array allocation would leave garbage too.
            final Object[] buffer = newBuffer(chunkMask + 1);
            return new MpUnboundedXaddChunk<>(index, prev, buffer, prev.sequenced());
        }
        pooled.spPrev(prev);
        // Release: publishes prev to producers that find this chunk by its index (laIndex).
        pooled.soIndex(index);
        return pooled;
    }

    /**
     * Allocates a new chunk's slot array. Package-private, and overridden only by tests in this
     * package (in a subclass, before the queue is shared) to inject a failure: an
     * {@link OutOfMemoryError}, a {@link StackOverflowError}, an exception. A test hook field, as
     * the linked-array queues have, would break this class's padding (see its fields' layout note).
     *
     * @param length the number of slots
     * @return a new array of {@code length} nulls
     */
    Object[] newBuffer(int length) {
        return new Object[length];
    }

    /** Pops a chunk from the pool, or returns null. Append-lock holder only (the one popper). */
    private MpUnboundedXaddChunk<E> popPooled() {
        while (true) {
            // Acquire: pairs with the pushing CAS, so the top's poolNext is set.
            final MpUnboundedXaddChunk<E> top = laPoolTop();
            if (top == null) {
                return null;
            }
            if (casPoolTop(top, top.poolNext)) {
                top.poolNext = null;
                return top;
            }
        }
    }

    /**
     * Consumers' side, on taking the first index of chunk {@code to}: makes it the consumer chunk
     * and retires {@code from}, which every consumer has left.
     */
    final void moveConsumerChunk(MpUnboundedXaddChunk<E> from, MpUnboundedXaddChunk<E> to) {
        // Plain: no producer reads the prev of the chunk consumers are in (invariant 3).
        to.spPrev(null);
        // Release: pairs with laConsumerChunk (other consumers, iterators). Before the retirement,
        // so no consumer can find `from` as the consumer chunk after it was reused.
        soConsumerChunk(to);
        // Release, after the consumer chunk's store: an iterator that reads this null from a chunk
        // it walks then sees the consumer chunk past it, and knows the chunk was retired.
        from.soNext(null);
        retire(from);
    }

    /** Pushes a chunk all consumers have left on the pool, unless the pool is full. */
    private void retire(MpUnboundedXaddChunk<E> chunk) {
        while (true) {
            final MpUnboundedXaddChunk<E> top = laPoolTop();
            final int depth = top == null ? 0 : top.poolDepth;
            if (depth >= maxPooledChunks) {
                return;
            }
            chunk.poolNext = top;
            chunk.poolDepth = depth + 1;
            // Volatile CAS: publishes poolNext, poolDepth and the cleared slots to the popper.
            if (casPoolTop(top, chunk)) {
                return;
            }
        }
    }

    /**
     * MPSC consumer's side: waits until {@code chunk}, the consumer chunk, has a next one,
     * appending it if no producer has started to (the producer that claimed an index in it may be
     * slow, or may have abandoned it). Called only after an index beyond {@code chunk} was seen
     * claimed. If the consumer's own allocation throws, the throwable propagates and nothing of
     * the consumer's changed.
     */
    final MpUnboundedXaddChunk<E> awaitNext(MpUnboundedXaddChunk<E> chunk) {
        // The consumer chunk is not retired while consumers still need its next link.
        final long ck = chunk.laIndex();
        MpUnboundedXaddChunk<E> next;
        while ((next = chunk.laNext()) == null) {
            appendAfter(chunk, ck);
            Thread.onSpinWait();
        }
        return next;
    }

    /**
     * Consumers' side: appends the chunk after {@code chunk}, which served {@code ck} when read,
     * unless it is no longer the last chunk or another thread holds the append lock; true if this
     * call appended it. An allocation failure propagates with nothing claimed.
     */
    final boolean appendAfter(MpUnboundedXaddChunk<E> chunk, long ck) {
        // Acquire: pairs with the appenders' release of the lock. If ck is still the last chunk's
        // index, chunk is not retired (a chunk is retired only once its next one exists).
        return laProducerChunkIndex() == ck && appendChunks(chunk, ck, 1, NO_CLAIM) != null;
    }

    /**
     * Whether no index is known to be abandoned and not yet passed: the check a consumer makes
     * where it finds its head slot empty, before it looks further.
     */
    final boolean noneAbandoned() {
        // Acquire: pairs with the abandoning appender's add.
        return laSkipsPending() <= 0;
    }

    /**
     * Consumers' side: whether index {@code c}, the consumers' next index, found unpublished, was
     * abandoned. {@code chunk} is the chunk that served {@code c}'s chunk index when read.
     * <p>
     * Every abandoned index not yet passed lies in {@code [c, lastAbandoned]}, is counted in
     * {@code skipsPending} (once its appender's add is seen), and is unpublished for ever. So if
     * this look sees {@code c} unpublished, and then exactly as many unpublished indices in that
     * range as {@code skipsPending} says, every one of them is abandoned, {@code c} included. A
     * slow producer's unpublished index, or an index whose abandonment is not counted yet, makes
     * the count larger, and an index not claimed yet lies past {@code lastAbandoned}: the answer is
     * never true for an index that will be published. Reads up to {@code lastAbandoned - c + 1}
     * slots, stopping at the first unpublished one too many; reads none when {@code skipsPending}
     * is 0. In MPMC, a view made stale by other consumers passing {@code c} may answer anything;
     * the caller's CAS of {@code c} then fails.
     */
    final boolean abandoned(MpUnboundedXaddChunk<E> chunk, long c) {
        // Acquire, before lastAbandoned: pairs with abandon(), so the range covers what is counted.
        final long pending = laSkipsPending();
        if (pending <= 0) {
            return false;
        }
        final long last = laLastAbandoned();
        long k = chunkIndex(c);
        // c itself must be seen unpublished by this look: it may have been published since the
        // caller saw it empty, and then the count below would stand for the others alone.
        if (c > last || chunk.publishedElement(offset(c), k) != null) {
            return false;
        }
        long unpublished = 1;
        MpUnboundedXaddChunk<E> holder = chunk;
        for (long i = c + 1; i <= last; i++) {
            final long ki = chunkIndex(i);
            if (ki != k) {
                holder = holder.laNext();
                if (holder == null) {
                    // Chunk ki is not appended: no index from i on is published.
                    unpublished += last - i + 1;
                    break;
                }
                if (holder.laIndex() != ki) {
                    return false;
                }
                k = ki;
            }
            if (holder.publishedElement(offset(i), ki) == null && ++unpublished > pending) {
                return false;
            }
        }
        return unpublished == pending;
    }

    @SuppressWarnings("unchecked")
    static <E> E cast(Object e) {
        return (E) e;
    }

    // ---------------------------------------------------------------------------------------------
    // The MPSC consumer: see MpscUnboundedXaddArrayQueue's notes.

    /** {@link #poll()} of the MPSC queue, both editions. */
    final E mpscPoll() {
        final long c = lpConsumerIndex();
        final int offset = offset(c);
        final MpUnboundedXaddChunk<E> chunk = lpConsumerChunk();
        if (offset != 0 || c == 0) {
            // Acquire: pairs with the producer's release store of the element.
            final Object e = chunk.laElement(offset);
            if (e != null) {
                return mpscTake(chunk, offset, c, e);
            }
            if (c == laProducerIndex()) {
                return null;
            }
        }
        // A chunk's first index, or c is claimed but unpublished (or abandoned).
        return cast(mpscHead(true, true));
    }

    /** {@link #peek()} of the MPSC queue, both editions. */
    final E mpscPeek() {
        final long c = lpConsumerIndex();
        final int offset = offset(c);
        final MpUnboundedXaddChunk<E> chunk = lpConsumerChunk();
        if (offset != 0 || c == 0) {
            final Object e = chunk.laElement(offset);
            if (e != null) {
                return cast(e);
            }
            if (c == laProducerIndex()) {
                return null;
            }
        }
        return cast(mpscHead(true, false));
    }

    /** {@link #relaxedPoll()} of the MPSC queue, both editions. */
    final E mpscRelaxedPoll() {
        final long c = lpConsumerIndex();
        final int offset = offset(c);
        final MpUnboundedXaddChunk<E> chunk = lpConsumerChunk();
        if (offset != 0 || c == 0) {
            final Object e = chunk.laElement(offset);
            if (e != null) {
                return mpscTake(chunk, offset, c, e);
            }
            if (noneAbandoned()) {
                return null;
            }
        }
        return cast(mpscHead(false, true));
    }

    /** {@link #relaxedPeek()} of the MPSC queue, both editions. */
    final E mpscRelaxedPeek() {
        final long c = lpConsumerIndex();
        final int offset = offset(c);
        final MpUnboundedXaddChunk<E> chunk = lpConsumerChunk();
        if (offset != 0 || c == 0) {
            final Object e = chunk.laElement(offset);
            if (e != null || noneAbandoned()) {
                return cast(e);
            }
        }
        return cast(mpscHead(false, false));
    }

    /**
     * Cold path of the consuming methods: finds the head element, crossing to the next chunk at a
     * chunk's first index (waiting for it to be appended, and appending it, if {@code wait}),
     * waiting for a claimed head to be published (if {@code wait}), and passing abandoned indices.
     * Returns the head element, taken if {@code take}; null if the queue is empty or, not
     * waiting, if the head is not published.
     * <p>
     * The consumer chunk moves to chunk {@code k} only together with the consumer index passing
     * {@code k}'s first index (taking or passing it), so at a chunk's first index it still serves
     * the chunk before (invariant 2).
     */
    private Object mpscHead(boolean wait, boolean take) {
        while (true) {
            final long c = lpConsumerIndex();
            final int offset = offset(c);
            final MpUnboundedXaddChunk<E> chunk = lpConsumerChunk();
            final boolean first = offset == 0 && c != 0;
            MpUnboundedXaddChunk<E> holder = chunk;
            if (first) {
                holder = chunk.laNext();
                if (holder == null) {
                    if (!wait || c == laProducerIndex()) {
                        return null;
                    }
                    holder = awaitNext(chunk);
                }
            }
            Object e = holder.laElement(offset);
            if (e == null) {
                if (wait && c == laProducerIndex()) {
                    return null;
                }
                e = mpscAwaitElement(holder, offset, c, wait);
                if (e == null) {
                    return null;
                }
            }
            if (e == ABANDONED || take) {
                if (first) {
                    moveConsumerChunk(chunk, holder);
                }
                if (e == ABANDONED) {
                    // Nothing to clear: the slot was never written.
                    xaddSkipsPending(-1);
                    soConsumerIndex(c + 1);
                    continue;
                }
                mpscTake(holder, offset, c, e);
            }
            return e;
        }
    }

    /**
     * Index {@code c}, in slot {@code offset} of {@code chunk}, is claimed and was found
     * unpublished: returns its element once published (only if {@code wait}), or
     * {@link #ABANDONED} if it was abandoned, or null if not waiting.
     */
    private Object mpscAwaitElement(MpUnboundedXaddChunk<E> chunk, int offset, long c, boolean wait) {
        // A Flight Recorder stall, begun at the first re-check after spinning; null while none is wanted.
        Object stall = null;
        for (int spins = 0; ; spins++) {
            if ((spins & ABANDON_CHECK_MASK) == 0) {
                if (abandoned(chunk, c)) {
                    return ABANDONED;
                }
                if (spins != 0 && stall == null) {
                    stall = Flight.beginProducerStall();
                }
            }
            if (!wait) {
                return null;
            }
            final Object e = chunk.laElement(offset);
            if (e != null) {
                Flight.producerStall(stall, this, c);
                return e;
            }
            // No Thread.onSpinWait(): the element is one store away (see MpscArrayQueue).
        }
    }

    /**
     * Takes element {@code e} found at index {@code c}: clears its slot (plain: producers write a
     * slot again only after the chunk is reused, which the pool's CAS orders) and moves on.
     */
    private E mpscTake(MpUnboundedXaddChunk<E> chunk, int offset, long c, Object e) {
        chunk.spElement(offset, null);
        soConsumerIndex(c + 1);
        return cast(e);
    }

    // ---------------------------------------------------------------------------------------------
    // The MPMC consumers: see MpmcUnboundedXaddArrayQueue's notes.

    /**
     * The consuming loop of poll ({@code strict}) and relaxedPoll. Claims index {@code c} with a
     * CAS once its element is published; the first index of a chunk it claims as soon as that
     * chunk is linked ({@code strict}) or the element published, and then moves the consumers on.
     * It never allocates after a claim: a strict poll that finds the next chunk missing appends
     * it (or waits for it) before it claims.
     */
    final E mpmcPoll(boolean strict) {
        for (int spins = 0; ; spins++) {
            // Acquire: pairs with other consumers' CAS. Then the chunk (acquire: pairs with the
            // rotating consumer's release store), which serves c's chunk index or the one before.
            final long c = laConsumerIndex();
            final MpUnboundedXaddChunk<E> chunk = laConsumerChunk();
            final long k = chunkIndex(c);
            final int offset = offset(c);
            final long ck = chunk.laIndex();
            if (offset == 0 && c != 0) {
                if (ck == k - 1) {
                    final MpUnboundedXaddChunk<E> next = chunk.laNext();
                    // Strict: chunk k linked means c is claimed; its element will come, or c was
                    // abandoned, and mpmcRotate handles both.
                    if (next != null && (strict || next.publishedElement(0, k) != null)) {
                        if (casConsumerIndex(c, c + 1)) {
                            final E e = mpmcRotate(chunk, next, k, c);
                            if (e != null) {
                                return e;
                            }
                        }
                        continue;
                    }
                }
            } else if (ck == k) {
                final Object e = chunk.publishedElement(offset, k);
                if (e != null) {
                    if (casConsumerIndex(c, c + 1)) {
                        final E taken = mpmcTake(chunk, offset, e);
                        if (taken != null) {
                            return taken;
                        }
                    }
                    continue;
                }
            }
            // A stale view, a rotation in progress, c claimed but unpublished (or abandoned), or
            // c's chunk not linked yet: empty only if nothing is claimed at c.
            if (strict) {
                if (c == laProducerIndex()) {
                    return null;
                }
                if ((spins & ABANDON_CHECK_MASK) != 0 || !mpmcUnblock(c)) {
                    Thread.onSpinWait();
                }
            } else if (noneAbandoned() || !mpmcSkipAbandoned(c)) {
                return null;
            }
        }
    }

    /**
     * Cold path: this consumer claimed {@code c}, the first index of chunk {@code k}, linked as
     * {@code next}. Takes its element once published, then moves all consumers to chunk {@code k}
     * (not before: until its first element is taken, chunk {@code k} must not be retirable) and
     * retires {@code chunk}. If {@code c} was abandoned, moves them on without an element and
     * returns null.
     */
    private E mpmcRotate(MpUnboundedXaddChunk<E> chunk, MpUnboundedXaddChunk<E> next, long k, long c) {
        Object e;
        for (int spins = 0; (e = next.publishedElement(0, k)) == null; spins++) {
            // Holding the claim of c: no other consumer passes an index until the move below.
            if ((spins & ABANDON_CHECK_MASK) == 0 && abandoned(next, c)) {
                xaddSkipsPending(-1);
                moveConsumerChunk(chunk, next);
                return null;
            }
        }
        if (removable()) {
            e = takeRemovable(next, 0);
        } else {
            // Release: pairs with a next-lap producer waiting for the slot to clear.
            next.soElement(0, null);
        }
        moveConsumerChunk(chunk, next);
        return e == REMOVED ? null : cast(e);
    }

    /**
     * Cold path of a consumer waiting at index {@code c}, which a producer claimed: if {@code c}
     * is the first index of a chunk nobody has linked yet, appends it (its producer may be slow,
     * or may have abandoned it); otherwise passes {@code c} if it was abandoned. True if it did
     * either. An allocation failure propagates with nothing claimed.
     */
    private boolean mpmcUnblock(long c) {
        final MpUnboundedXaddChunk<E> chunk = laConsumerChunk();
        final long ck = chunk.laIndex();
        if (offset(c) == 0 && c != 0 && ck == chunkIndex(c) - 1 && chunk.laNext() == null) {
            return appendAfter(chunk, ck);
        }
        return mpmcSkipAbandoned(c);
    }

    /**
     * Cold path: passes index {@code c}, found unpublished, if it was abandoned and no consumer
     * has passed it yet; true if this call passed it. At a chunk's first index, it then moves
     * the consumers to that chunk, as a rotating consumer does.
     */
    private boolean mpmcSkipAbandoned(long c) {
        final MpUnboundedXaddChunk<E> chunk = laConsumerChunk();
        final long k = chunkIndex(c);
        final long ck = chunk.laIndex();
        if (offset(c) != 0 || c == 0) {
            return ck == k && abandoned(chunk, c) && mpmcClaimAbandoned(c);
        }
        if (ck != k - 1) {
            return false;
        }
        final MpUnboundedXaddChunk<E> next = chunk.laNext();
        if (next == null || next.laIndex() != k || !abandoned(next, c) || !mpmcClaimAbandoned(c)) {
            return false;
        }
        moveConsumerChunk(chunk, next);
        return true;
    }

    /**
     * Claims abandoned index {@code c}. Takes it from {@code skipsPending} before the CAS and gives
     * it back if the CAS fails, so other consumers never count more pending indices than there
     * are (which could make them take a slow producer's index for an abandoned one).
     */
    private boolean mpmcClaimAbandoned(long c) {
        xaddSkipsPending(-1);
        if (casConsumerIndex(c, c + 1)) {
            return true;
        }
        xaddSkipsPending(1);
        return false;
    }

    /**
     * Takes element {@code e} of a claimed index: clears its slot (release, as in mpmcRotate).
     * Where elements may be removed, takes what the slot holds by then instead, and returns null
     * if that is {@link #REMOVED}.
     */
    private E mpmcTake(MpUnboundedXaddChunk<E> chunk, int offset, Object e) {
        if (removable()) {
            final Object taken = takeRemovable(chunk, offset);
            return taken == REMOVED ? null : cast(taken);
        }
        chunk.soNull(offset);
        return cast(e);
    }

    /**
     * Where elements may be removed: takes what claimed slot {@code offset} of {@code chunk} holds
     * (an element or {@link #REMOVED}) and clears it; see {@link #mpmcRemoveWhere} for why a swap
     * while a removal scans, and why the slot is read again after the claim otherwise.
     */
    private Object takeRemovable(MpUnboundedXaddChunk<E> chunk, int offset) {
        final Object e;
        if (lvRemovers() != 0) {
            e = chunk.xchgElement(offset, null);
        } else {
            e = chunk.laElement(offset);
            chunk.soNull(offset);
        }
        if (e == REMOVED) {
            // Passed: no longer counted off the size.
            addRemoved(-1);
        }
        return e;
    }

    /**
     * Removes the published elements that {@code filter} accepts (the first only, if
     * {@code first}), replacing each with {@link #REMOVED} by a CAS; returns how many. For the
     * blocking MPMC edition's {@code remove(Object)} and bulk removals; any thread. The argument
     * is {@code BaseMpmcArrayQueue.removeWhere}'s: the removers' count is raised (atomic add) before
     * the consumer index is read (volatile), and a consumer reads the count (volatile) after the
     * CAS that claimed its index; a consumer that read it 0 claimed below this scan's first index,
     * or after a removal ended, and so reads its slot again after its claim (it read it before, to
     * see it published) and finds a removal's mark; any other swaps its slot, against this call's
     * CAS on the same slot. Indices are walked as {@link #iterator()} walks them, each in the chunk
     * whose index reads its chunk index, its element read only if published for that index.
     */
    final int mpmcRemoveWhere(java.util.function.Predicate<Object> filter, boolean first) {
        int removed = 0;
        addRemovers(1);
        try {
            // After the count's increment: the chunk first, then the index it serves or passed.
            final Scan scan = new Scan(laConsumerChunk(), lvConsumerIndex(), lvProducerIndex());
            int spins = 0;
            // The scan ends when it has caught up with the producer index, read again each time
            // it gets there (as BaseMpmcArrayQueue.removeWhere's).
            while (scan.index < scan.end || scan.index < (scan.end = lvProducerIndex())) {
                final long i = scan.index;
                final MpUnboundedXaddChunk<E> c = scan.find();
                if (scan.index != i || (c == null && !scan.unlinked)) {
                    // Consumers passed i, or the scan restarted from their chunk: look again.
                    spins = 0;
                    continue;
                }
                final int offset = offset(i);
                final Object e = c == null ? null : c.publishedElement(offset, chunkIndex(i));
                if (e == null) {
                    // Claimed (i is below the producer index this call read) and not yet
                    // published, or its chunk not yet linked: wait for its producer, as a poll
                    // waits for its head (an offer that began before this call may have claimed i
                    // before later offers that completed before it). Consumers that pass i end
                    // the wait; so does an abandoned index (a producer whose chunk allocation
                    // failed), which never gets an element, once waited for a while.
                    final long c0 = laConsumerIndex();
                    if (c0 > i || (++spins >= REMOVAL_PATIENCE && !noneAbandoned())) {
                        scan.index = Math.max(i + 1, c0);
                        spins = 0;
                    } else if ((spins & ABANDON_CHECK_MASK) == 0) {
                        Waits.spun(spins);
                    }
                    continue;
                }
                spins = 0;
                scan.index = i + 1;
                if (e != REMOVED && filter.test(e) && c.casElement(offset, e, REMOVED)) {
                    addRemoved(1);
                    removed++;
                    if (first) {
                        break;
                    }
                }
            }
        } finally {
            addRemovers(-1);
        }
        return removed;
    }

    /** {@link #peek()} of the MPMC queue, both editions. */
    final E mpmcPeek() {
        for (int spins = 0; ; spins++) {
            final long c = laConsumerIndex();
            final Object e = mpmcPublishedHead(c);
            if (e == REMOVED) {
                mpmcStepOverRemoved(c);
                continue;
            }
            if (e != null) {
                return cast(e);
            }
            if (c == laProducerIndex()) {
                return null;
            }
            if ((spins & ABANDON_CHECK_MASK) != 0 || !mpmcUnblock(c)) {
                Thread.onSpinWait();
            }
        }
    }

    /** {@link #relaxedPeek()} of the MPMC queue, both editions. */
    final E mpmcRelaxedPeek() {
        while (true) {
            final long c = laConsumerIndex();
            final Object e = mpmcPublishedHead(c);
            if (e == REMOVED) {
                mpmcStepOverRemoved(c);
            } else if (e != null || noneAbandoned() || !mpmcSkipAbandoned(c)) {
                return cast(e);
            }
        }
    }

    /**
     * What is published at index {@code c} (an element, or a removed element's mark) if it is still
     * unclaimed after it was read, else null.
     */
    private Object mpmcPublishedHead(long c) {
        final MpUnboundedXaddChunk<E> chunk = laConsumerChunk();
        final long k = chunkIndex(c);
        final int offset = offset(c);
        final long ck = chunk.laIndex();
        final MpUnboundedXaddChunk<E> holder;
        if (offset == 0 && c != 0) {
            holder = ck == k - 1 ? chunk.laNext() : null;
        } else {
            holder = ck == k ? chunk : null;
        }
        if (holder == null || holder.laIndex() != k) {
            return null;
        }
        final Object e = holder.publishedElement(offset, k);
        // Acquire, after the slot: while c is unclaimed its chunk is not retired, so e is c's.
        return e != null && c == laConsumerIndex() ? e : null;
    }

    /**
     * Cold path of the peeks: head {@code c} holds a removed element's mark; claims it, unless
     * another consumer did (or the view is stale: the peek looks again), and clears it, moving the
     * consumers to its chunk if it is a chunk's first index, as a poll would.
     */
    private void mpmcStepOverRemoved(long c) {
        final MpUnboundedXaddChunk<E> chunk = laConsumerChunk();
        final long k = chunkIndex(c);
        final int offset = offset(c);
        final long ck = chunk.laIndex();
        if (offset == 0 && c != 0) {
            final MpUnboundedXaddChunk<E> next = ck == k - 1 ? chunk.laNext() : null;
            if (next != null && next.laIndex() == k && casConsumerIndex(c, c + 1)) {
                mpmcRotate(chunk, next, k, c);
            }
        } else if (ck == k && casConsumerIndex(c, c + 1)) {
            takeRemovable(chunk, offset);
        }
    }

    @Override
    public final int capacity() {
        return UNBOUNDED_CAPACITY;
    }

    /**
     * {@inheritDoc}
     * <p>
     * With no capacity to bound it, it removes at most as many elements as the queue held when it
     * was called, so it returns even when producers keep up.
     */
    @Override
    public final int drain(Consumer<E> c) {
        Args.callback("c", c);
        return drain(c, size());
    }

    /**
     * {@inheritDoc}
     * <p>
     * Never stops early (the queue has no bound). The supplier is called before each element's
     * index is claimed, so a supplier that throws or returns {@code null} leaves no claimed index
     * behind: a fetch-and-add claim cannot be withdrawn.
     */
    @Override
    public final int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        for (int i = 0; i < limit; i++) {
            final E e = s.get();
            if (e == null) {
                throw Args.nullSupplied(i);
            }
            offer(e);
        }
        return limit;
    }

    /**
     * {@inheritDoc}
     * <p>
     * The batch is a chunk's worth of elements, at most 4096.
     */
    @Override
    public final int fill(Supplier<E> s) {
        return fill(s, Math.min(chunkMask + 1, MAX_FILL_BATCH));
    }

    /**
     * Returns a weakly consistent iterator: it walks from the head to the tail as they were when
     * it was created, returns only elements that were in the queue at some moment during the
     * walk, in queue order, each at most once, and skips any that consumers took meanwhile. It
     * never returns an element of a later lap of a reused chunk, never throws
     * {@link java.util.ConcurrentModificationException}, and may be used from any thread while
     * producers and consumers run. Its {@code remove} throws
     * {@link UnsupportedOperationException} but in the MPMC blocking edition, which removes from any
     * position. (JCTools' XADD queues do
     * not iterate at all.)
     *
     * @return a weakly consistent iterator over the elements
     */
    @Override
    public final Iterator<E> iterator() {
        return new Walk();
    }

    /**
     * A late-binding spliterator over {@link #iterator()}: {@code CONCURRENT}, {@code NONNULL}, {@code ORDERED},
     * never {@code SIZED} (see {@code QueueSpliterator}).
     *
     * @return a spliterator over the elements
     */
    @Override
    public final java.util.Spliterator<E> spliterator() {
        return new QueueSpliterator<>(this, QueueSpliterator.FIFO);
    }

    @Override
    final boolean lookEmpty() {
        final Scan scan = new Scan(laConsumerChunk(), lvConsumerIndex(), lvProducerIndex());
        while (scan.index < scan.end || scan.index < (scan.end = lvProducerIndex())) {
            final long i = scan.index;
            final MpUnboundedXaddChunk<E> c = scan.find();
            if (scan.index != i || (c == null && !scan.unlinked)) {
                continue;
            }
            final Object e = c == null ? null : c.publishedElement(offset(i), chunkIndex(i));
            final long consumers = laConsumerIndex();
            if (consumers > i) {
                scan.index = consumers;
            } else if (e != REMOVED) {
                // An element of index i, or i claimed and not yet published (or its chunk not
                // yet linked).
                return false;
            } else {
                scan.index = i + 1;
            }
        }
        return true;
    }

    /**
     * A walk over indices, from a consumer index to a producer index, that finds each index's
     * chunk: for index {@code i} of chunk {@code k} it follows next links from its last chunk to
     * one whose index reads {@code k} (acquire). Along next links chunk indices strictly grow, even
     * across a reused chunk; a chunk that reads another index was reused after the consumers moved
     * on, and the walk restarts from where they are.
     */
    private final class Scan {
        /** Where the walk ends (a removal moves it on as producers add). */
        long end;
        /** The index whose chunk {@link #chunkOfIndex} finds; the walker moves it on. */
        long index;
        private MpUnboundedXaddChunk<E> chunk;
        /** Whether the last {@link #find} found {@link #index}'s chunk not linked yet. */
        private boolean unlinked;

        /** From {@code from}; {@code chunk} serves {@code from}'s chunk or an earlier one (read before it). */
        Scan(MpUnboundedXaddChunk<E> chunk, long from, long end) {
            this.chunk = chunk;
            this.index = from;
            this.end = end;
        }

        /**
         * The chunk that reads {@link #index}'s chunk index, moving {@link #index} on past indices
         * the consumers passed; null once the walk is over (the end reached, or nothing at or after
         * the index published yet).
         */
        MpUnboundedXaddChunk<E> chunkOfIndex() {
            while (index < end) {
                final MpUnboundedXaddChunk<E> c = find();
                if (c != null) {
                    return c;
                }
                if (unlinked) {
                    // Chunk k is not linked: nothing at or after the index is published yet
                    // (appenders link a chunk before producers can use it). Otherwise the walk
                    // restarted from the consumers' chunk, maybe at the same index: look again.
                    index = end;
                }
            }
            return null;
        }

        /**
         * One look for {@link #index}'s chunk: the chunk, or null with {@link #unlinked} set if
         * that chunk is not linked yet (its chunk the live last one), or null with the walk
         * restarted from the consumers' chunk and {@link #index} moved on to the consumer index
         * if they passed it (the chunk it followed was retired or reused).
         */
        MpUnboundedXaddChunk<E> find() {
            unlinked = false;
            final long i = index;
            final long k = chunkIndex(i);
            MpUnboundedXaddChunk<E> c = chunk;
            long ck = c.laIndex();
            while (ck < k) {
                final MpUnboundedXaddChunk<E> n = c.laNext();
                if (n == null) {
                    if (laConsumerChunk().laIndex() <= ck) {
                        // c is live and chunk k is not linked yet.
                        chunk = c;
                        unlinked = true;
                        return null;
                    }
                    break;
                }
                c = n;
                ck = c.laIndex();
            }
            if (ck != k) {
                // Consumers moved on and the chunk was reused: restart from where they are.
                chunk = laConsumerChunk();
                index = Math.max(i, laConsumerIndex());
                return null;
            }
            chunk = c;
            return c;
        }
    }

    /**
     * Walks indices from the consumer index to the producer index of its creation ({@link Scan}).
     * For each it reads the slot (published element only), then the consumer index: if that is
     * still {@code <= i}, chunk {@code k} cannot have been retired (invariant 3), and its index is
     * served by no other chunk (invariant 2), so the element is index {@code i}'s, present at that
     * moment. Removed elements' marks are passed over.
     */
    private final class Walk extends WeakIterator<E> {
        private final Scan scan;

        Walk() {
            final MpUnboundedXaddChunk<E> chunk = laConsumerChunk();
            final long from = laConsumerIndex();
            scan = new Scan(chunk, from, laProducerIndex());
            start();
        }

        @Override
        E advance() {
            for (MpUnboundedXaddChunk<E> c; (c = scan.chunkOfIndex()) != null; ) {
                final long i = scan.index;
                final Object e = c.publishedElement(offset(i), chunkIndex(i));
                scan.index = i + 1;
                if (e != null && e != REMOVED && laConsumerIndex() <= i) {
                    return cast(e);
                }
                // Taken (or not yet published): consumers may be well ahead, so skip to them.
                scan.index = Math.max(scan.index, laConsumerIndex());
            }
            return null;
        }

        @Override
        void removeReturned(E e) {
            MpUnboundedXaddArrayQueue.this.removeReturned(e);
        }
    }
}
