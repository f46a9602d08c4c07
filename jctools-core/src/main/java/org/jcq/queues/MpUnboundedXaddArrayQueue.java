package org.jcq.queues;

import java.util.Iterator;

import org.jcq.internal.Args;

/**
 * What the two XADD queues ({@link MpscUnboundedXaddArrayQueue}, {@link MpmcUnboundedXaddArrayQueue})
 * share: the producers' side, the chunk list and its pool, and the iterator; the parts of the API
 * that follow from the two indices alone are in {@link IndexedQueue}. The consumers' side is in
 * the subclasses.
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
 * <h2>Leaving a chunk, and the pool</h2>
 * Consumers move to chunk {@code k} when they take its first index: they clear chunk
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
 * element: {@code fill} asks its supplier before it claims.</li>
 * <li>Each chunk index is served by exactly one chunk, once: a chunk's index is set (release)
 * before it is linked, and a reused chunk only ever gets a larger index than any it served.</li>
 * <li>A chunk is retired only after every index in it has been taken or claimed by a consumer,
 * and its elements published; so a producer never needs a retired chunk, and every chunk from the
 * consumer's chunk index up to {@code producerChunkIndex} is linked and live, with intact
 * {@code prev} links above the consumer's chunk. A producer walking back from chunk {@code j >= k}
 * to its chunk {@code k} therefore only reads live links.</li>
 * <li>The pool is pushed only by consumers leaving a chunk (in MPMC two rotating consumers may push
 * at once; each push is a CAS of the top) and popped only by the append-lock holder. One popper at
 * a time means the stack has no ABA problem: a chunk in the stack cannot leave and come back
 * between a pop's read of the top and its CAS. Each pooled chunk's {@code poolDepth} is the
 * stack's size from it down, so a push that would exceed {@code maxPooledChunks} is not made.</li>
 * </ol>
 * <b>Not</b> invariant: {@code producerChunk}'s index may be behind a producer's claimed index
 * (the chunk is not appended yet: the producer appends it or waits for the appender), or ahead of
 * it (others appended past it: the producer walks back). A thread holding an old chunk may find it
 * retired and serving a later chunk index; it then re-reads the queue's fields.
 *
 * <h2>Nepotism</h2>
 * A retired chunk references no live chunk ({@code next} cleared; its {@code prev} was cleared when
 * consumers entered it), and the live chunk consumers are in references no retired one. Taken
 * slots are cleared.
 *
 * @param <E> the type of the elements
 */
abstract class MpUnboundedXaddArrayQueue<E> extends MpUnboundedXaddArrayQueueFields<E> {
    /** JCTools' default for the constructors without {@code maxPooledChunks}. */
    static final int DEFAULT_MAX_POOLED_CHUNKS = 2;
    /** {@code producerChunkIndex} while a thread appends chunks (chunk indices are >= 0). */
    private static final long APPENDING = -2;
    /** The most elements {@link #fill(Supplier)} adds: a chunk's worth, up to this many. */
    private static final int MAX_FILL_BATCH = 4096;

    MpUnboundedXaddArrayQueue(int chunkSize, int maxPooledChunks, boolean multiConsumer) {
        super(Args.pow2Capacity("chunkSize", chunkSize, 1),
                Args.inRange("maxPooledChunks", maxPooledChunks, 0, Args.MAX_POW2));
        // Later chunks copy whether they carry sequences from the chunk they follow.
        final MpUnboundedXaddChunk<E> first = new MpUnboundedXaddChunk<>(0, null, new Object[chunkMask + 1],
                multiConsumer && maxPooledChunks > 0);
        // Constructor: the queue reaches other threads only through a later safe publication.
        soProducerChunk(first);
        soConsumerChunk(first);
    }

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
            chunk = producerChunkFor(chunk, k);
        }
        chunk.publish(offset(p), k, e);
        return true;
    }

    /** Same as {@link #offer}: an unbounded queue has no spurious failure to allow. */
    @Override
    public final boolean relaxedOffer(E e) {
        return offer(e);
    }

    /**
     * Cold path of offer: finds chunk {@code k}, appending it if needed, starting from
     * {@code chunk}, a chunk read from {@code producerChunk} that does not serve {@code k}.
     */
    private MpUnboundedXaddChunk<E> producerChunkFor(MpUnboundedXaddChunk<E> start, long k) {
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
                final MpUnboundedXaddChunk<E> appended = appendChunks(chunk, ck, k - ck);
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
     */
    private MpUnboundedXaddChunk<E> appendChunks(MpUnboundedXaddChunk<E> last, long lastIndex, long count) {
        // Volatile CAS: only the latest chunk's index matches, so the winner holds the true tail.
        if (!casProducerChunkIndex(lastIndex, APPENDING)) {
            return null;
        }
        MpUnboundedXaddChunk<E> chunk = last;
        for (long i = 1; i <= count; i++) {
            final MpUnboundedXaddChunk<E> appended = reuseOrCreate(chunk, lastIndex + i);
            // Link before publishing as producerChunk: an element published in a chunk implies the
            // chunk is reachable from the consumers' side (iterators rely on it). Both release:
            // pair with laNext and laProducerChunk.
            chunk.soNext(appended);
            soProducerChunk(appended);
            chunk = appended;
        }
        // Release: unlocks, and pairs with the acquire loads of producers about to try the lock.
        soProducerChunkIndex(lastIndex + count);
        return chunk;
    }

    /** A pooled chunk set to serve {@code index} after {@code prev}, or a new one. */
    private MpUnboundedXaddChunk<E> reuseOrCreate(MpUnboundedXaddChunk<E> prev, long index) {
        final MpUnboundedXaddChunk<E> pooled = popPooled();
        if (pooled == null) {
            return new MpUnboundedXaddChunk<>(index, prev, newBuffer(chunkMask + 1), prev.sequenced());
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
     * Consumers' side: waits until {@code chunk}, the consumer chunk, has a next one, appending it
     * if the producer that claimed an index in it has not started to. A consumer calls this only
     * after it saw an index claimed beyond {@code chunk}.
     */
    final MpUnboundedXaddChunk<E> awaitNext(MpUnboundedXaddChunk<E> chunk) {
        // The consumer chunk is not retired while consumers still need its next link.
        final long ck = chunk.laIndex();
        MpUnboundedXaddChunk<E> next;
        while ((next = chunk.laNext()) == null) {
            if (laProducerChunkIndex() == ck) {
                appendChunks(chunk, ck, 1);
            }
            Thread.onSpinWait();
        }
        return next;
    }

    @SuppressWarnings("unchecked")
    static <E> E cast(Object e) {
        return (E) e;
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
        Args.notNull("c", c);
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
        Args.notNull("s", s);
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
     * {@link java.util.ConcurrentModificationException}, may be used from any thread while
     * producers and consumers run, and does not support {@code remove}. (JCTools' XADD queues do
     * not iterate at all.)
     *
     * @return a weakly consistent iterator over the elements
     */
    @Override
    public final Iterator<E> iterator() {
        return new Walk();
    }

    /**
     * Walks indices from the consumer index to the producer index of its creation. For index
     * {@code i} of chunk {@code k} it finds a chunk whose index reads {@code k} (acquire), reads the
     * slot (published element only), then the consumer index: if that is still {@code <= i},
     * chunk {@code k} cannot have been retired (invariant 3), and its index is served by no other
     * chunk (invariant 2), so the element is index {@code i}'s, present at that moment.
     */
    private final class Walk extends WeakIterator<E> {
        private final long end;
        private long index;
        private MpUnboundedXaddChunk<E> chunk;

        Walk() {
            chunk = laConsumerChunk();
            index = laConsumerIndex();
            end = laProducerIndex();
            start();
        }

        @Override
        E advance() {
            while (index < end) {
                final long i = index;
                final long k = chunkIndex(i);
                MpUnboundedXaddChunk<E> c = chunk;
                long ck = c.laIndex();
                // Along next links chunk indices strictly grow, even across a reused chunk.
                while (ck < k) {
                    final MpUnboundedXaddChunk<E> n = c.laNext();
                    if (n == null) {
                        if (laConsumerChunk().laIndex() <= ck) {
                            // c is live and chunk k is not linked: nothing at or after i is
                            // published yet (appenders link a chunk before producers can use it).
                            index = end;
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
                    continue;
                }
                chunk = c;
                final Object e = c.publishedElement(offset(i), k);
                index = i + 1;
                if (e != null && laConsumerIndex() <= i) {
                    return cast(e);
                }
                // Taken (or not yet published): consumers may be well ahead, so skip to them.
                index = Math.max(index, laConsumerIndex());
            }
            return null;
        }
    }
}
