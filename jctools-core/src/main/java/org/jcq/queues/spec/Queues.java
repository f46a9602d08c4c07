package org.jcq.queues.spec;

import org.jcq.internal.Args;
import org.jcq.queues.Bound;
import org.jcq.queues.CheckedBlockingQueue;
import org.jcq.queues.CheckedQueue;
import org.jcq.queues.MessagePassingBlockingQueue;
import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpmcBlockingArrayQueue;
import org.jcq.queues.MpmcBlockingUnpaddedArrayQueue;
import org.jcq.queues.MpmcArrayQueue;
import org.jcq.queues.MpmcUnboundedBlockingArrayQueue;
import org.jcq.queues.MpmcUnboundedBlockingUnpaddedArrayQueue;
import org.jcq.queues.MpmcUnboundedXaddArrayQueue;
import org.jcq.queues.MpmcUnboundedXaddUnpaddedArrayQueue;
import org.jcq.queues.MpmcUnpaddedArrayQueue;
import org.jcq.queues.MpscArrayQueue;
import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.jcq.queues.MpscBlockingConsumerUnpaddedArrayQueue;
import org.jcq.queues.MpscChunkedUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedArrayQueue;
import org.jcq.queues.MpscUnboundedBlockingConsumerArrayQueue;
import org.jcq.queues.MpscUnboundedBlockingConsumerUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedXaddArrayQueue;
import org.jcq.queues.MpscUnpaddedArrayQueue;
import org.jcq.queues.SpmcArrayQueue;
import org.jcq.queues.SpmcUnpaddedArrayQueue;
import org.jcq.queues.SpscArrayQueue;
import org.jcq.queues.SpscBlockingArrayQueue;
import org.jcq.queues.SpscBlockingUnpaddedArrayQueue;
import org.jcq.queues.SpscChunkedArrayQueue;
import org.jcq.queues.SpscChunkedUnpaddedArrayQueue;
import org.jcq.queues.SpscUnboundedArrayQueue;
import org.jcq.queues.SpscUnboundedUnpaddedArrayQueue;
import org.jcq.queues.SpscUnpaddedArrayQueue;

/**
 * Picks a queue by the decisions a user makes: how many threads produce, how many consume,
 * whether there is a bound, and whether speed or memory comes first. The pick is this project's
 * measured best for that decision.
 * <pre>{@code
 * import static org.jcq.queues.spec.Queues.Threads.MANY;
 * import static org.jcq.queues.spec.Queues.Threads.ONE;
 *
 * MessagePassingQueue<Event> events = Queues.builder()
 *         .producers(MANY).consumers(ONE).bounded(1024).footprintFirst().build();
 * }</pre>
 * Producers, consumers and the bound must be chosen; throughput comes first unless
 * {@link Builder#footprintFirst()} says otherwise. {@link Builder#blocking()} instead of
 * {@link Builder#build()} gives a {@link MessagePassingBlockingQueue} (see "Blocking queues" below).
 *
 * <h2>The choices</h2>
 * {@code n} is the bound given to {@link Builder#bounded(int)}; a bounded queue's
 * {@code capacity()} is {@code n} rounded up to a power of two, and at least the queue's least
 * capacity where {@code n} is smaller; with {@link Builder#bounded(int, Bound)} and
 * {@link Bound#EXACT} it is {@code n} itself (the same queues, built exact). Footprints are bytes
 * an empty queue holds, and in brackets
 * with 128 and with 1024 elements (bounded: {@code n = 1024}), by JOL on JDK 17 with compressed
 * references (2026-11-25, the compact linked-array, linked-node and fetch-and-add queues
 * 2026-11-27; {@code docs/choosing-a-queue.md}, which also lists every measurement each reason
 * rests on). Throughput is elements per µs, one producer and one consumer on 2 cores, from
 * {@code docs/measurements/2026-11-21-measurements.md} and {@code
 * docs/measurements/2026-11-25-performance.md}.
 * <table>
 * <caption>What {@link Builder#build()} returns</caption>
 * <tr><th>Shape</th><th>Bound</th><th>First</th><th>Queue</th><th>Why</th></tr>
 * <tr><td>SPSC</td><td>n</td><td>throughput</td><td>{@link SpscArrayQueue}{@code (n)} (least 4)</td>
 *     <td>the cheapest offer and poll measured (245 pairs/µs on one thread, JDK 17); never
 *     allocates after construction</td></tr>
 * <tr><td>SPSC</td><td>n</td><td>footprint</td>
 *     <td>{@link SpscChunkedUnpaddedArrayQueue}{@code (n)} (least 16)</td>
 *     <td>the compact edition of {@link SpscChunkedArrayQueue}, chunks of n/8 allocated as it
 *     fills: 600 bytes (1152, 4904) against the padded edition's 984 (1536, 5288) and the ring's
 *     4656 (4656, 4656); the padded edition ran 1P1C level with the ring within one chunk</td></tr>
 * <tr><td>MPSC</td><td>n</td><td>throughput</td><td>{@link MpscArrayQueue}{@code (n)}</td>
 *     <td>no chunk to link, no allocation; 90 elements/µs 1P1C with {@code relaxedPoll}, level with
 *     JCTools</td></tr>
 * <tr><td>MPSC</td><td>n</td><td>footprint</td>
 *     <td>{@link MpscChunkedUnpaddedArrayQueue}{@code (n)} (least 4)</td>
 *     <td>the compact edition, chunks of n/8 (at most 1024) allocated as it fills: 600 bytes (1152,
 *     4904) against the padded chunked queue's 1112 (1664, 5416) and the ring's 4784</td></tr>
 * <tr><td>SPMC</td><td>n</td><td>throughput</td><td>{@link SpmcArrayQueue}{@code (n)}</td>
 *     <td>the only bounded SPMC algorithm, padded; an MPMC ring is larger (12856 bytes against
 *     4784), as it keeps a sequence number per slot</td></tr>
 * <tr><td>SPMC</td><td>n</td><td>footprint</td><td>{@link SpmcUnpaddedArrayQueue}{@code (n)}</td>
 *     <td>the compact edition: 4160 bytes empty against 4784 (n = 1024)</td></tr>
 * <tr><td>MPMC</td><td>n</td><td>throughput</td><td>{@link MpmcArrayQueue}{@code (n)} (least 2)</td>
 *     <td>the only bounded MPMC algorithm, padded</td></tr>
 * <tr><td>MPMC</td><td>n</td><td>footprint</td><td>{@link MpmcUnpaddedArrayQueue}{@code (n)} (least 2)</td>
 *     <td>its compact edition: 12360 bytes against 12856</td></tr>
 * <tr><td>SPSC</td><td>none</td><td>throughput</td><td>{@link SpscUnboundedArrayQueue}{@code (1024)}</td>
 *     <td>312 elements/µs against the linked-node queue's 53 (JDK 17; 312 against 93 on JDK 25);
 *     no allocation within a chunk, where a node costs 24 bytes an element</td></tr>
 * <tr><td>SPSC</td><td>none</td><td>footprint</td>
 *     <td>{@link SpscUnboundedUnpaddedArrayQueue}{@code (16)}</td>
 *     <td>the compact edition: 152 bytes (872, 6152) against the padded one's 600 (1224, 5632) with
 *     chunks of 32 and the compact linked-node queue's 40 (3112, 24616): smaller from 8 elements
 *     on; the chunk size (*)</td></tr>
 * <tr><td>MPSC</td><td>none</td><td>throughput</td>
 *     <td>{@link MpscUnboundedXaddArrayQueue}{@code (1024)}</td>
 *     <td>producers claim with one fetch-and-add, never a retried CAS; emptied chunks are reused;
 *     31.8 ± 6.2 elements/µs against {@link MpscUnboundedArrayQueue}'s 12.2 ± 10.8 on JDK 25,
 *     23.3 ± 6.9 against 18.2 ± 12.5 on JDK 17</td></tr>
 * <tr><td>MPSC</td><td>none</td><td>footprint</td>
 *     <td>{@link MpscUnboundedUnpaddedArrayQueue}{@code (16)}</td>
 *     <td>the compact edition: 152 bytes (872, 6152) against the padded one's 728 (1352, 5760) with
 *     chunks of 32, the compact linked-node queue's 40 (3112, 24616) and the compact fetch-and-add
 *     queue's 272 (848, 6224) with chunks of 32 and none kept; the chunk size (*)</td></tr>
 * <tr><td>SPMC, MPMC</td><td>none</td><td>throughput</td>
 *     <td>{@link MpmcUnboundedXaddArrayQueue}{@code (1024)}</td>
 *     <td>the only unbounded multi-consumer queue; emptied chunks are reused (2 kept)</td></tr>
 * <tr><td>SPMC, MPMC</td><td>none</td><td>footprint</td>
 *     <td>{@link MpmcUnboundedXaddUnpaddedArrayQueue}{@code (32, 0)}</td>
 *     <td>the compact edition; keeping no emptied chunk, its chunks need no sequence numbers: 272
 *     bytes (848, 6224) against the padded one's 912 (1232, 5712) with chunks of 64 (smaller up
 *     to 256 elements, larger from 1024) and the throughput choice's 12960 (12960, 12960); the
 *     chunk size (*)</td></tr>
 * </table>
 * (*) The chunk size: of 16, 32, 64 and 128, the one never far above the smallest of the four at
 * 0, 8, 32, 64, 128, 256, 1024 and 4096 elements (at most 1.36 times it for 16 in the compact SPSC
 * and MPSC queues, 1.33 times for 32 in the compact MPMC one; each other size is further above the
 * smallest somewhere). Taken over every compact unbounded array queue that fits the shape, at each
 * of the four sizes, the SPSC and MPSC choices still have the lowest worst ratio: 1.36, against
 * 1.79 for the compact fetch-and-add queue's best (chunks of 32, none kept).
 *
 * <h2>Blocking queues</h2>
 * {@link Builder#blocking()} builds, for the same decisions, a {@link MessagePassingBlockingQueue}:
 * a consumer may wait for an element ({@code take}, timed {@code poll}, timed {@code drain}) and,
 * bounded, a producer for room ({@code put}, timed {@code offer}), on the wait protocol every
 * blocking queue shares ({@code docs/blocking-queues.md}). There is one blocking algorithm per
 * shape and bound, so the choice is only between it and its compact edition (the same algorithm
 * without the padding between its hot fields: less memory, and false sharing between producers
 * and consumers).
 * <table>
 * <caption>What {@link Builder#blocking()} returns</caption>
 * <tr><th>Shape</th><th>Bound</th><th>Throughput first</th><th>Footprint first</th></tr>
 * <tr><td>SPSC</td><td>n</td><td>{@link SpscBlockingArrayQueue}{@code (n)} (least 4)</td>
 *     <td>{@link SpscBlockingUnpaddedArrayQueue}{@code (n)} (least 4)</td></tr>
 * <tr><td>MPSC</td><td>n</td><td>{@link MpscBlockingConsumerArrayQueue}{@code (n)}</td>
 *     <td>{@link MpscBlockingConsumerUnpaddedArrayQueue}{@code (n)}</td></tr>
 * <tr><td>SPMC, MPMC</td><td>n</td><td>{@link MpmcBlockingArrayQueue}{@code (n)} (least 2)</td>
 *     <td>{@link MpmcBlockingUnpaddedArrayQueue}{@code (n)} (least 2)</td></tr>
 * <tr><td>SPSC, MPSC</td><td>none</td><td>{@link MpscUnboundedBlockingConsumerArrayQueue}{@code (1024)}</td>
 *     <td>{@link MpscUnboundedBlockingConsumerUnpaddedArrayQueue}{@code (16)}</td></tr>
 * <tr><td>SPMC, MPMC</td><td>none</td><td>{@link MpmcUnboundedBlockingArrayQueue}{@code (1024)}</td>
 *     <td>{@link MpmcUnboundedBlockingUnpaddedArrayQueue}{@code (32, 0)}</td></tr>
 * </table>
 * The chunk sizes and pools are those of the non-blocking choices of the same rows. The
 * single-producer rows get a multi-producer queue where no single-producer blocking queue exists
 * (unbounded; SPMC): it costs a CAS or an atomic add per {@code offer}, and is correct with one
 * producer. Only the MPMC blocking queues remove from any position ({@code remove(Object)},
 * {@code ThreadPoolExecutor.remove} and {@code purge}): take an MPMC one for an executor's work
 * queue.
 * <p>
 * Where one producer (or consumer) thread is chosen, the queue returned may be used by one such
 * thread at a time only; see each class for the rest of its contract. Every queue returned is also
 * a {@link java.util.Queue}.
 */
public final class Queues {
    /** Names for the table's columns. */
    private static final boolean BOUNDED = true;
    private static final boolean UNBOUNDED = false;
    private static final boolean THROUGHPUT = false;
    private static final boolean FOOTPRINT = true;

    /** The choice table, indexed by {@link #row}; filled once, below, one line per decision. */
    private static final Maker[] TABLE = new Maker[Shape.values().length * 4];
    /** The blocking queues' table, indexed as {@link #TABLE}. */
    private static final BlockingMaker[] BLOCKING = new BlockingMaker[Shape.values().length * 4];

    static {
        // Bounded rows get the requested bound n (raised to the queue's least); unbounded rows
        // ignore it and give their chunk size (and, for MPMC, how many emptied chunks to keep).
        // Exact bounds below a footprint pick's least capacity get the compact ring of the shape.
        choose(Shape.SPSC, BOUNDED, THROUGHPUT, (n, b) -> new SpscArrayQueue<>(n, b));
        choose(Shape.SPSC, BOUNDED, FOOTPRINT, (n, b) -> b == Bound.EXACT && n < 16
                ? new SpscUnpaddedArrayQueue<>(n, b) : new SpscChunkedUnpaddedArrayQueue<>(Math.max(n, 16), b));
        choose(Shape.MPSC, BOUNDED, THROUGHPUT, (n, b) -> new MpscArrayQueue<>(n, b));
        choose(Shape.MPSC, BOUNDED, FOOTPRINT, (n, b) -> b == Bound.EXACT && n < 4
                ? new MpscUnpaddedArrayQueue<>(n, b) : new MpscChunkedUnpaddedArrayQueue<>(Math.max(n, 4), b));
        choose(Shape.SPMC, BOUNDED, THROUGHPUT, (n, b) -> new SpmcArrayQueue<>(n, b));
        choose(Shape.SPMC, BOUNDED, FOOTPRINT, (n, b) -> new SpmcUnpaddedArrayQueue<>(n, b));
        choose(Shape.MPMC, BOUNDED, THROUGHPUT, (n, b) -> new MpmcArrayQueue<>(least(n, 2, b), b));
        choose(Shape.MPMC, BOUNDED, FOOTPRINT, (n, b) -> new MpmcUnpaddedArrayQueue<>(least(n, 2, b), b));
        choose(Shape.SPSC, UNBOUNDED, THROUGHPUT, (n, b) -> new SpscUnboundedArrayQueue<>(1024));
        choose(Shape.SPSC, UNBOUNDED, FOOTPRINT, (n, b) -> new SpscUnboundedUnpaddedArrayQueue<>(16));
        choose(Shape.MPSC, UNBOUNDED, THROUGHPUT, (n, b) -> new MpscUnboundedXaddArrayQueue<>(1024));
        choose(Shape.MPSC, UNBOUNDED, FOOTPRINT, (n, b) -> new MpscUnboundedUnpaddedArrayQueue<>(16));
        choose(Shape.SPMC, UNBOUNDED, THROUGHPUT, (n, b) -> new MpmcUnboundedXaddArrayQueue<>(1024));
        choose(Shape.SPMC, UNBOUNDED, FOOTPRINT, (n, b) -> new MpmcUnboundedXaddUnpaddedArrayQueue<>(32, 0));
        choose(Shape.MPMC, UNBOUNDED, THROUGHPUT, (n, b) -> new MpmcUnboundedXaddArrayQueue<>(1024));
        choose(Shape.MPMC, UNBOUNDED, FOOTPRINT, (n, b) -> new MpmcUnboundedXaddUnpaddedArrayQueue<>(32, 0));

        chooseBlocking(Shape.SPSC, BOUNDED, THROUGHPUT, (n, b) -> new SpscBlockingArrayQueue<>(n, b));
        chooseBlocking(Shape.SPSC, BOUNDED, FOOTPRINT, (n, b) -> new SpscBlockingUnpaddedArrayQueue<>(n, b));
        chooseBlocking(Shape.MPSC, BOUNDED, THROUGHPUT, (n, b) -> new MpscBlockingConsumerArrayQueue<>(n, b));
        chooseBlocking(Shape.MPSC, BOUNDED, FOOTPRINT, (n, b) -> new MpscBlockingConsumerUnpaddedArrayQueue<>(n, b));
        for (Shape multiConsumer : new Shape[] {Shape.SPMC, Shape.MPMC}) {
            chooseBlocking(multiConsumer, BOUNDED, THROUGHPUT, (n, b) -> new MpmcBlockingArrayQueue<>(least(n, 2, b), b));
            chooseBlocking(multiConsumer, BOUNDED, FOOTPRINT,
                    (n, b) -> new MpmcBlockingUnpaddedArrayQueue<>(least(n, 2, b), b));
            chooseBlocking(multiConsumer, UNBOUNDED, THROUGHPUT, (n, b) -> new MpmcUnboundedBlockingArrayQueue<>(1024));
            chooseBlocking(multiConsumer, UNBOUNDED, FOOTPRINT, (n, b) -> new MpmcUnboundedBlockingUnpaddedArrayQueue<>(32, 0));
        }
        for (Shape singleConsumer : new Shape[] {Shape.SPSC, Shape.MPSC}) {
            chooseBlocking(singleConsumer, UNBOUNDED, THROUGHPUT, (n, b) -> new MpscUnboundedBlockingConsumerArrayQueue<>(1024));
            chooseBlocking(singleConsumer, UNBOUNDED, FOOTPRINT,
                    (n, b) -> new MpscUnboundedBlockingConsumerUnpaddedArrayQueue<>(16));
        }
    }

    private Queues() {
    }

    /**
     * The system property that makes every builder start {@link Builder#checked(boolean) checked}
     * ({@code -Dorg.jcq.checked=true}): a test run's or a staging deployment's way to check the
     * queues a program builds, without a change to its code. Read when a builder is made.
     */
    public static final String CHECKED_PROPERTY = "org.jcq.checked";

    /** How many threads play a part (produce, or consume). */
    public enum Threads {
        /** One thread at a time. */
        ONE,
        /** Any number of threads at once. */
        MANY
    }

    /** The four producer/consumer shapes, in the order of the table's rows. */
    private enum Shape {
        SPSC, MPSC, SPMC, MPMC;

        static Shape of(Threads producers, Threads consumers) {
            if (consumers == Threads.ONE) {
                return producers == Threads.ONE ? SPSC : MPSC;
            }
            return producers == Threads.ONE ? SPMC : MPMC;
        }
    }

    /**
     * Starts a decision; nothing is chosen yet.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    private static int row(Shape shape, boolean bounded, boolean footprintFirst) {
        return shape.ordinal() * 4 + (bounded ? 0 : 2) + (footprintFirst ? 1 : 0);
    }

    private static void choose(Shape shape, boolean bounded, boolean footprintFirst, Maker maker) {
        TABLE[row(shape, bounded, footprintFirst)] = maker;
    }

    private static void chooseBlocking(Shape shape, boolean bounded, boolean footprintFirst, BlockingMaker maker) {
        BLOCKING[row(shape, bounded, footprintFirst)] = maker;
    }

    /** A rounded bound {@code n} raised to a queue's least capacity {@code min}; an exact one as it is. */
    private static int least(int n, int min, Bound bound) {
        return bound == Bound.EXACT ? n : Math.max(n, min);
    }

    /** One entry of the table: makes a new, empty queue of any element type. */
    private interface Maker {
        MessagePassingQueue<?> make(int n, Bound bound);
    }

    /** One entry of the blocking table: makes a new, empty blocking queue of any element type. */
    private interface BlockingMaker {
        MessagePassingBlockingQueue<?> make(int n, Bound bound);
    }

    /**
     * The decisions so far. Each call replaces an earlier choice of the same kind, and
     * {@link #build()} may be called again for another queue of the same kind. Not thread-safe.
     */
    public static final class Builder {
        /** What {@link #capacity} holds until a bound is chosen. */
        private static final int NOT_CHOSEN = 0;

        private Threads producers;
        private Threads consumers;
        /** A bound in {@code [1, 2^30]}, {@link MessagePassingQueue#UNBOUNDED_CAPACITY} or {@link #NOT_CHOSEN}. */
        private int capacity = NOT_CHOSEN;
        /** Whether a bounded queue's capacity is rounded up or exact. */
        private Bound bound = Bound.ROUNDED;
        private boolean footprintFirst;
        private boolean checked = Boolean.getBoolean(CHECKED_PROPERTY);

        private Builder() {
        }

        /**
         * Chooses how many threads offer.
         *
         * @param producers {@link Threads#ONE} or {@link Threads#MANY}
         * @return this builder
         * @throws NullPointerException if {@code producers} is null
         */
        public Builder producers(Threads producers) {
            this.producers = Args.notNull("producers", producers);
            return this;
        }

        /**
         * Chooses how many threads poll.
         *
         * @param consumers {@link Threads#ONE} or {@link Threads#MANY}
         * @return this builder
         * @throws NullPointerException if {@code consumers} is null
         */
        public Builder consumers(Threads consumers) {
            this.consumers = Args.notNull("consumers", consumers);
            return this;
        }

        /**
         * Chooses a bound: the queue holds at least {@code capacity} elements, and {@code offer}
         * fails when it is full. The queue's {@code capacity()} is {@code capacity} rounded up to a
         * power of two, or the chosen queue's least capacity if that is larger (see the table).
         *
         * @param capacity the bound, in {@code [1, 2^30]}
         * @return this builder
         * @throws IllegalArgumentException if {@code capacity} is out of range
         */
        public Builder bounded(int capacity) {
            return bounded(capacity, Bound.ROUNDED);
        }

        /**
         * Chooses a bound, rounded up as {@link #bounded(int)} does ({@link Bound#ROUNDED}) or
         * exact ({@link Bound#EXACT}): then the queue's {@code capacity()} is {@code capacity},
         * and {@code offer} fails when it holds that many elements. An exact bound below a
         * footprint-first pick's least capacity (16 for SPSC, 4 for MPSC) gets the shape's
         * compact ring instead ({@link SpscUnpaddedArrayQueue}, {@link MpscUnpaddedArrayQueue}).
         *
         * @param capacity the bound, in {@code [1, 2^30]}
         * @param bound whether it is rounded up or exact
         * @return this builder
         * @throws IllegalArgumentException if {@code capacity} is out of range
         * @throws NullPointerException if {@code bound} is null
         */
        public Builder bounded(int capacity, Bound bound) {
            final int checked = Args.inRange("capacity", capacity, 1, Args.MAX_POW2);
            this.bound = Args.notNull("bound", bound);
            this.capacity = checked;
            return this;
        }

        /**
         * Chooses no bound: {@code offer} never fails, and the queue's {@code capacity()} is
         * {@link MessagePassingQueue#UNBOUNDED_CAPACITY}.
         *
         * @return this builder
         */
        public Builder unbounded() {
            this.capacity = MessagePassingQueue.UNBOUNDED_CAPACITY;
            this.bound = Bound.ROUNDED;
            return this;
        }

        /**
         * Puts speed first: elements moved per second, and no allocation in steady state where a
         * queue allows it. The default.
         *
         * @return this builder
         */
        public Builder throughputFirst() {
            this.footprintFirst = false;
            return this;
        }

        /**
         * Puts memory first: the fewest bytes held while the queue is empty or nearly so, for
         * programs with many queues that are mostly idle.
         *
         * @return this builder
         */
        public Builder footprintFirst() {
            this.footprintFirst = true;
            return this;
        }

        /**
         * Chooses whether the queue comes checked: a {@link CheckedQueue} (from {@link #build()})
         * or {@link CheckedBlockingQueue} (from {@link #blocking()}) view that throws
         * {@link IllegalStateException} when two threads use a side chosen as {@link Threads#ONE}
         * at once, naming both. Off unless chosen here or by the system property
         * {@value #CHECKED_PROPERTY}; an unchecked queue pays nothing for it.
         *
         * @param checked whether to check
         * @return this builder
         */
        public Builder checked(boolean checked) {
            this.checked = checked;
            return this;
        }

        /**
         * Builds a new, empty queue: the table's choice for the decisions made.
         *
         * @param <E> the type of the elements
         * @return the queue; also a {@link java.util.Queue}
         * @throws IllegalStateException if the producers, the consumers or the bound have not been
         *     chosen
         */
        public <E> MessagePassingQueue<E> build() {
            final int row = chosenRow();
            // A new, empty queue holds no element yet, so it may be given any element type.
            @SuppressWarnings("unchecked")
            final MessagePassingQueue<E> q = (MessagePassingQueue<E>) TABLE[row].make(capacity, bound);
            return checked ? CheckedQueue.wrap(q, producers == Threads.ONE, consumers == Threads.ONE) : q;
        }

        /**
         * Builds a new, empty blocking queue: the choice of the blocking table (see
         * {@link Queues}) for the decisions made. Its {@code take} and timed {@code poll} wait for
         * an element; bounded, its {@code put} and timed {@code offer} wait for room.
         *
         * @param <E> the type of the elements
         * @return the queue; also a {@link java.util.concurrent.BlockingQueue}
         * @throws IllegalStateException if the producers, the consumers or the bound have not been
         *     chosen
         */
        public <E> MessagePassingBlockingQueue<E> blocking() {
            final int row = chosenRow();
            @SuppressWarnings("unchecked")
            final MessagePassingBlockingQueue<E> q = (MessagePassingBlockingQueue<E>) BLOCKING[row].make(capacity, bound);
            return checked ? CheckedBlockingQueue.wrap(q, producers == Threads.ONE, consumers == Threads.ONE) : q;
        }

        /** The table row of the decisions made; throws if one is missing. */
        private int chosenRow() {
            if (producers == null) {
                throw new IllegalStateException("producers not chosen: call producers(Threads.ONE) or producers(Threads.MANY)");
            }
            if (consumers == null) {
                throw new IllegalStateException("consumers not chosen: call consumers(Threads.ONE) or consumers(Threads.MANY)");
            }
            if (capacity == NOT_CHOSEN) {
                throw new IllegalStateException("bound not chosen: call bounded(capacity) or unbounded()");
            }
            final boolean bounded = capacity != MessagePassingQueue.UNBOUNDED_CAPACITY;
            return row(Shape.of(producers, consumers), bounded, footprintFirst);
        }
    }
}
