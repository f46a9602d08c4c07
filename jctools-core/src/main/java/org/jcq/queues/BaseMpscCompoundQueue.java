package org.jcq.queues;

import java.util.AbstractQueue;
import java.util.Iterator;

import org.jcq.internal.Args;

/**
 * The algorithm of the compound multi-producer single-consumer queues, {@link MpscCompoundQueue}
 * (padded) and {@link MpscCompoundUnpaddedQueue} (compact): several bounded MPSC rings ("lanes"),
 * each an MPSC array queue of its own; a producer offers to the lane its thread id picks, and the
 * consumer takes from the lanes in turn. Producers on different lanes claim different indices, so
 * with many producers on many cores the claim's cache line is fought over by a fraction of them.
 * After JCTools' {@code MpscCompoundQueue}, with its constructors and capacity rules.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>Each lane keeps every invariant of {@code BaseMpscArrayQueue}; this class adds no shared
 * state a producer writes. The lanes and their mask are final; the consumer's lane index
 * ({@code consumerLane}) is read and written by the consumer alone.</li>
 * <li>Every lane has the same power-of-two capacity, so {@link #capacity()} is their sum and
 * {@link #size()} (the sum of the lanes' sizes) never exceeds it. With an exact bound
 * ({@link Bound#EXACT}) the lanes are exact queues whose bounds differ by one at most and add up
 * to the bound; an offer fails only when a sweep found every lane full, so at the bound.</li>
 * </ol>
 *
 * <h2>Orderings</h2>
 * Those of the lanes: an element's fields are published by its lane's release store and read
 * after its lane's acquire load. Nothing is ordered across lanes.
 *
 * <h2>Linearization points</h2>
 * offer: the lane's. A failed offer: the last of the lanes' full answers in the sweep that found
 * every lane full. poll that returns an element: its lane's. poll that returns null: its read of
 * the first lane it looked at: each lane it then finds empty was empty at that moment too, since
 * only the consumer removes elements. So {@code !isEmpty()} implies {@code poll() != null}, and
 * {@code peek() != null} that the next {@code poll()} returns that element (peek leaves the
 * consumer on that element's lane).
 *
 * <h2>Departures from {@link java.util.Queue}</h2>
 * Elements from one producer come out in the order it offered them only while its lane has room:
 * a producer whose lane is full offers to the next lanes that have room, and the consumer may take
 * those elements before the ones waiting in the full lane (as in JCTools). Two threads whose ids
 * pick the same lane share it. Any number of producer threads, one consumer thread at a time;
 * {@code poll} and {@code peek} wait, as their lane's do, for a producer that has claimed the head
 * slot but not yet written it. The iterator is weakly consistent (lane by lane) and does not
 * remove; JCTools' throws {@link UnsupportedOperationException}.
 *
 * @param <E> the type of the elements
 */
abstract class BaseMpscCompoundQueue<E> extends AbstractQueue<E> implements MessagePassingQueue<E> {
    /** How {@link #head} looks at a lane; constant-folded per caller. */
    private static final int POLL = 0;
    private static final int RELAXED_POLL = 1;
    private static final int PEEK = 2;
    private static final int RELAXED_PEEK = 3;

    /** The lanes, all of one capacity (exact: within one of each other); their number is a power of two. */
    final BaseMpscArrayQueue<E>[] lanes;
    /** The number of lanes less one. */
    final int laneMask;
    /** The lanes' capacities' sum. */
    private final int capacity;

    /** Makes a lane: an MPSC ring of the edition's. */
    interface Lane<E> {
        BaseMpscArrayQueue<E> make(int capacity, Bound bound);
    }

    /**
     * @param capacity the requested capacity, in {@code [0, 2^30]}, rounded up to a power of two
     *     (exact: in {@code [1, 2^30]}, as given)
     * @param queueParallelism the requested number of lanes, at least 1, rounded down to a power of
     *     two that must not exceed the capacity
     * @param bound whether the capacity is rounded up or exact
     * @param lane makes a lane of the given capacity
     */
    @SuppressWarnings("unchecked")
    BaseMpscCompoundQueue(int capacity, int queueParallelism, Bound bound, Lane<E> lane) {
        final boolean exact = Bound.exact(bound);
        final int fullCapacity = Args.capacity("capacity", capacity, 0, exact);
        final int parallel = Integer.highestOneBit(Args.inRange("queueParallelism", queueParallelism, 1, Integer.MAX_VALUE));
        if (fullCapacity < parallel) {
            throw new IllegalArgumentException("capacity (" + capacity
                    + (exact ? "" : ", rounded up to " + fullCapacity)
                    + ") must be at least queueParallelism (" + queueParallelism + ", rounded down to " + parallel + ")");
        }
        lanes = (BaseMpscArrayQueue<E>[]) new BaseMpscArrayQueue<?>[parallel];
        for (int i = 0; i < parallel; i++) {
            // Rounded: fullCapacity and parallel are powers of two, so every lane gets the same.
            lanes[i] = lane.make(fullCapacity / parallel + (i < fullCapacity % parallel ? 1 : 0), bound);
        }
        laneMask = parallel - 1;
        this.capacity = fullCapacity;
    }

    /** The lane the consumer looks at first; consumer only. */
    abstract int lpConsumerLane();

    /** Moves the consumer to lane {@code lane} (any int: every use masks it); consumer only. */
    abstract void spConsumerLane(int lane);

    /** The lane of the calling thread. */
    private int ownLane() {
        return (int) Thread.currentThread().getId() & laneMask;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Offers to the calling thread's lane; if that is full, to the other lanes in turn, then to
     * its own again. Fails only if one sweep found every lane full.
     */
    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw Args.nullElement();
        }
        final int own = ownLane();
        return lanes[own].offer(e) || offerElsewhere(e, own);
    }

    /**
     * Cold path of offer: the own lane was full. Sweeps the other lanes and then the own one again
     * (JCTools' order, so that the two place elements alike), until a lane takes the element or
     * one sweep finds every lane full.
     */
    private boolean offerElsewhere(E e, int own) {
        final int n = lanes.length;
        while (true) {
            int full = 0;
            for (int i = 1; i <= n; i++) {
                final int outcome = lanes[(own + i) & laneMask].failFastOffer(e);
                if (outcome == 0) {
                    return true;
                }
                if (outcome > 0) {
                    full++;
                }
            }
            if (full == n) {
                return false;
            }
        }
    }

    /** {@inheritDoc} Here the same as {@link #offer}, which fails only when every lane is full. */
    @Override
    public boolean relaxedOffer(E e) {
        return offer(e);
    }

    @Override
    public E poll() {
        return head(POLL);
    }

    @Override
    public E relaxedPoll() {
        return head(RELAXED_POLL);
    }

    @Override
    public E peek() {
        return head(PEEK);
    }

    @Override
    public E relaxedPeek() {
        return head(RELAXED_PEEK);
    }

    /**
     * The four consuming reads in one: asks the lanes in turn, from the consumer's, and stays on
     * the lane that answered.
     */
    private E head(int how) {
        final int first = lpConsumerLane();
        for (int i = 0; i <= laneMask; i++) {
            final BaseMpscArrayQueue<E> lane = lanes[(first + i) & laneMask];
            final E e = how == POLL ? lane.poll()
                    : how == RELAXED_POLL ? lane.relaxedPoll() : how == PEEK ? lane.peek() : lane.relaxedPeek();
            if (e != null) {
                moved(first, i);
                return e;
            }
        }
        return null;
    }

    /** The consumer found an element {@code steps} lanes past {@code first}: it stays on that lane. */
    private void moved(int first, int steps) {
        if (steps != 0) {
            spConsumerLane((first + steps) & laneMask);
        }
    }

    /** {@inheritDoc} The sum of the lanes' sizes. */
    @Override
    public int size() {
        int size = 0;
        for (BaseMpscArrayQueue<E> lane : lanes) {
            size += lane.size();
        }
        return size;
    }

    /** {@inheritDoc} Reads every lane, each as its own {@code isEmpty} does. */
    @Override
    public boolean isEmpty() {
        for (BaseMpscArrayQueue<E> lane : lanes) {
            if (!lane.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int capacity() {
        return capacity;
    }

    /**
     * What the queue is, for logs and bug reports: its class, capacity, size and lanes, e.g.
     * {@code org.jcq.queues.MpscCompoundQueue@1b6d3586[capacity=1024, size=3, lanes=4]}; not its
     * elements.
     */
    @Override
    public String toString() {
        return QueueText.describe(this, capacity(), "size=" + size() + ", lanes=" + lanes.length);
    }

    @Override
    public void clear() {
        while (poll() != null) {
            // keep polling until empty
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Drains the lanes in turn, from the consumer's, each until it is empty (with its own
     * {@code drain}), and
     * leaves the consumer on the lane it last took from (as a loop of {@link #relaxedPoll()} would,
     * which is what JCTools' does).
     */
    @Override
    public int drain(Consumer<E> c, int limit) {
        Args.callback("c", c);
        Args.limit(limit);
        final int first = lpConsumerLane() & laneMask;
        int last = first;
        int taken = 0;
        for (int i = 0; i <= laneMask && taken < limit; i++) {
            final int lane = (first + i) & laneMask;
            boolean returned = false;
            try {
                // A lane's drain may stop at the end of its ring: drain it until it is empty.
                for (int got; taken < limit && (got = lanes[lane].drain(c, limit - taken)) != 0; ) {
                    last = lane;
                    taken += got;
                }
                returned = true;
            } finally {
                if (!returned) {
                    // c threw on an element of this lane: the consumer is on it.
                    last = lane;
                    spConsumerLane(lane);
                }
            }
        }
        if (last != first) {
            spConsumerLane(last);
        }
        return taken;
    }

    @Override
    public int drain(Consumer<E> c) {
        return drain(c, capacity());
    }

    @Override
    public void drain(Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        DrainFillLoops.drain(this, c, wait, exit);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Fills the calling thread's lane, then the others in turn, each as its own {@code fill}
     * does, until {@code limit} elements are added or every lane is full.
     */
    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.callback("s", s);
        Args.limit(limit);
        final int own = ownLane();
        int added = 0;
        for (int i = 0; i <= laneMask && added < limit; i++) {
            added += lanes[(own + i) & laneMask].fill(s, limit - added);
        }
        return added;
    }

    @Override
    public int fill(Supplier<E> s) {
        return fill(s, capacity());
    }

    @Override
    public void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        DrainFillLoops.fill(this, s, wait, exit);
    }

    /** {@inheritDoc} Weakly consistent: each lane's elements in its order, lane after lane. */
    @Override
    public Iterator<E> iterator() {
        return new Lanes();
    }

    /** Walks the lanes' own walks in turn, with no look-ahead of its own ({@link WeakIterator#pull}). */
    private final class Lanes extends WeakIterator<E> {
        private int lane;
        private WeakIterator<E> current = walkOf(0);

        Lanes() {
            start();
        }

        private WeakIterator<E> walkOf(int i) {
            // Every lane is an MpscArrayQueue, whose iterator is its walk.
            return (WeakIterator<E>) lanes[i].iterator();
        }

        @Override
        E advance() {
            while (true) {
                final E e = current.pull();
                if (e != null || lane + 1 >= lanes.length) {
                    return e;
                }
                current = walkOf(++lane);
            }
        }
    }

    /**
     * A late-binding spliterator over {@link #iterator()}: {@code CONCURRENT}, {@code NONNULL},
     * never {@code SIZED} (see {@code QueueSpliterator}).
     *
     * @return a spliterator over the elements
     */
    @Override
    public java.util.Spliterator<E> spliterator() {
        return new QueueSpliterator<>(this, QueueSpliterator.UNORDERED);
    }
}
