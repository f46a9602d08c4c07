package org.jcq.queues;

import java.util.List;
import java.util.function.BiFunction;
import java.util.Queue;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.params.provider.Arguments;

/**
 * Every queue under test, described once: how to build it, its producer and consumer shape, and
 * how its capacity behaves. Suites are {@code @ParameterizedTest}s over this registry, filtered by
 * capability ({@code @MethodSource("org.jcq.queues.QueueRegistry#singleConsumer")}), so adding a
 * queue to every suite is one line in its family list.
 */
final class QueueRegistry {
    /** How many threads may play a role (produce or consume) at once. */
    enum Shape {
        SINGLE,
        MULTI
    }

    /**
     * How a queue's capacity behaves.
     *
     * @param bounded whether the queue has a bound (and {@code offer} can fail because it is full)
     * @param minRequest the smallest capacity the constructor accepts
     * @param minCapacity the smallest capacity it rounds a request up to (powers of two above it)
     * @param minAccepted the smallest request the constructor does not reject (JCTools' choice:
     *     some take 0, or any negative value, as the smallest capacity)
     */
    record Capacity(boolean bounded, int minRequest, int minCapacity, int minAccepted, IntUnaryOperator exactBound) {
        Capacity(boolean bounded, int minRequest, int minCapacity, int minAccepted) {
            this(bounded, minRequest, minCapacity, minAccepted, null);
        }

        /**
         * An exact bound ({@link Bound#EXACT}): a request {@code r} builds the queue with a bound
         * of {@code exactBound(r)}, chosen so that the suites' requests, mostly powers of two, give
         * bounds below the ring's size ({@link QueueRegistry#exactOf(int)}).
         */
        static Capacity exact(int minRequest, IntUnaryOperator exactBound) {
            return new Capacity(true, minRequest, 1, minRequest, exactBound);
        }

        /** Whether the queue is built with an exact bound. */
        boolean exact() {
            return exactBound != null;
        }

        /** A ring of a power-of-two size, at least {@code minCapacity}. */
        static Capacity pow2(int minRequest, int minCapacity) {
            return new Capacity(true, minRequest, minCapacity, minRequest);
        }

        /** The same, but the constructor accepts requests from {@code min} on (rounding them up). */
        Capacity acceptingFrom(int min) {
            return new Capacity(bounded, minRequest, minCapacity, min);
        }

        /**
         * No bound: {@code offer} never fails for want of room. The factory's argument is a chunk
         * size (or ignored), and {@code minRequest} is the smallest one the constructor accepts.
         */
        static Capacity unbounded(int minRequest) {
            return new Capacity(false, minRequest, 0, minRequest);
        }

        /** The capacity a bounded queue built with {@code requested} must report. */
        int expected(int requested) {
            if (exact()) {
                return exactBound.applyAsInt(requested);
            }
            final int pow2 = requested <= 1 ? 1 : Integer.highestOneBit(requested - 1) << 1;
            return Math.max(pow2, minCapacity);
        }
    }

    /**
     * One queue under test.
     *
     * @param name the display name, used by parameterized test names
     * @param factory builds the queue from a requested capacity
     * @param producers how many threads may produce at once
     * @param consumers how many threads may consume at once
     * @param capacity how the capacity behaves
     */
    record QueueSpec(String name, IntFunction<MessagePassingQueue<Object>> factory, Shape producers, Shape consumers,
            Capacity capacity) {
        /** Builds a queue of any element type; every registry queue is also a {@link Queue}. */
        @SuppressWarnings("unchecked")
        <E> MessagePassingQueue<E> create(int requestedCapacity) {
            final MessagePassingQueue<?> q = factory.apply(requestedCapacity);
            return (MessagePassingQueue<E>) q;
        }

        /** Builds the queue and returns its {@link Queue} face. */
        <E> Queue<E> createQueue(int requestedCapacity) {
            return asQueue(create(requestedCapacity));
        }

        /**
         * Whether the queue hands out each producer's elements in the order it offered them (one
         * thread's, when used from one thread). The compound queues do not: a producer whose lane is
         * full offers to another, which the consumer may visit first.
         */
        boolean fifo() {
            return !name.contains("Compound");
        }

        /** Whether this is a compact edition: the padding rules are left out on purpose. */
        boolean compact() {
            return name.contains("Unpadded");
        }

        boolean bounded() {
            return capacity.bounded();
        }

        /**
         * Whether {@code remove(Object)} and the bulk removals remove present elements from any
         * position: the MPMC blocking queues (the others throw {@link UnsupportedOperationException}).
         */
        boolean removesAnywhere() {
            return name.startsWith("MpmcBlocking") || name.startsWith("MpmcUnboundedBlocking");
        }

        /** Whether the queue is a {@link MessagePassingBlockingQueue}. */
        boolean blocking() {
            return name.contains("Blocking");
        }

        boolean multiProducer() {
            return producers == Shape.MULTI;
        }

        boolean multiConsumer() {
            return consumers == Shape.MULTI;
        }

        /** How many producer threads a concurrent test should run: two where allowed. */
        int producerThreads() {
            return multiProducer() ? 2 : 1;
        }

        /** How many consumer threads a concurrent test should run: two where allowed. */
        int consumerThreads() {
            return multiConsumer() ? 2 : 1;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * The bound an exact registry queue gets for a request: one less than a request above 2 (and
     * in range), so that a power-of-two request leaves a spare slot; small and out-of-range
     * requests as they are.
     */
    static int exactOf(int requested) {
        return requested <= 2 || requested > 1 << 30 ? requested : requested - 1;
    }

    /** {@link #exactOf(int)}, positive requests raised to {@code min}. */
    private static int exactOf(int requested, int min) {
        return requested < 1 ? requested : Math.max(exactOf(requested), min);
    }

    /** An exact-bound registry queue: {@code make} builds it with the bound {@code bound} maps the request to. */
    private static QueueSpec exact(String name, BiFunction<Integer, Bound, MessagePassingQueue<Object>> make,
            Shape producers, Shape consumers, int minRequest, IntUnaryOperator bound) {
        return new QueueSpec(name + "[exact]", c -> make.apply(bound.applyAsInt(c), Bound.EXACT), producers, consumers,
                Capacity.exact(minRequest, bound));
    }

    /**
     * Every bounded algorithm built exact ({@link Bound#EXACT}): the rings (padded, and the compact
     * MPSC and SPSC rings whose constructors differ), the linked-array queues (positive requests
     * raised to bounds whose chunks link before the last: 24 and 6), the compound queue (twice the
     * request less one, so that a lane holds what one of the rounded queue's does) and the
     * blocking queues, each run by every suite as its rounded twin is.
     */
    private static final List<QueueSpec> EXACT_QUEUES = List.of(
            exact("SpscArrayQueue", SpscArrayQueue::new, Shape.SINGLE, Shape.SINGLE, 1, c -> exactOf(c, 1)),
            exact("SpscUnpaddedArrayQueue", SpscUnpaddedArrayQueue::new, Shape.SINGLE, Shape.SINGLE, 1, c -> exactOf(c, 1)),
            exact("MpscArrayQueue", MpscArrayQueue::new, Shape.MULTI, Shape.SINGLE, 1, c -> exactOf(c, 1)),
            exact("MpscUnpaddedArrayQueue", MpscUnpaddedArrayQueue::new, Shape.MULTI, Shape.SINGLE, 1, c -> exactOf(c, 1)),
            exact("SpmcArrayQueue", SpmcArrayQueue::new, Shape.SINGLE, Shape.MULTI, 1, c -> exactOf(c, 1)),
            exact("MpmcArrayQueue", MpmcArrayQueue::new, Shape.MULTI, Shape.MULTI, 1, c -> exactOf(c, 1)),
            exact("SpscChunkedArrayQueue", SpscChunkedArrayQueue::new, Shape.SINGLE, Shape.SINGLE, 1, c -> exactOf(c, 24)),
            exact("SpscGrowableArrayQueue", SpscGrowableArrayQueue::new, Shape.SINGLE, Shape.SINGLE, 1, c -> exactOf(c, 24)),
            exact("MpscChunkedArrayQueue", MpscChunkedArrayQueue::new, Shape.MULTI, Shape.SINGLE, 1, c -> exactOf(c, 6)),
            exact("MpscGrowableArrayQueue", MpscGrowableArrayQueue::new, Shape.MULTI, Shape.SINGLE, 1, c -> exactOf(c, 6)),
            exact("MpscCompoundQueue", (c, b) -> new MpscCompoundQueue<>(c, 2, b), Shape.MULTI, Shape.SINGLE, 2,
                    c -> c < 2 || c > 1 << 29 ? c : 2 * c - 1),
            exact("SpscBlockingArrayQueue", SpscBlockingArrayQueue::new, Shape.SINGLE, Shape.SINGLE, 1, c -> exactOf(c, 1)),
            exact("MpscBlockingConsumerArrayQueue", MpscBlockingConsumerArrayQueue::new, Shape.MULTI, Shape.SINGLE, 1,
                    c -> exactOf(c, 1)),
            exact("MpmcBlockingArrayQueue", MpmcBlockingArrayQueue::new, Shape.MULTI, Shape.MULTI, 1, c -> exactOf(c, 1)));

    /** Bounded array queues. */
    private static final List<QueueSpec> ARRAY_QUEUES = List.of(
            new QueueSpec("SpscArrayQueue", SpscArrayQueue::new, Shape.SINGLE, Shape.SINGLE,
                    Capacity.pow2(1, 4).acceptingFrom(Integer.MIN_VALUE)),
            new QueueSpec("MpscArrayQueue", MpscArrayQueue::new, Shape.MULTI, Shape.SINGLE,
                    Capacity.pow2(1, 1).acceptingFrom(0)),
            new QueueSpec("SpmcArrayQueue", SpmcArrayQueue::new, Shape.SINGLE, Shape.MULTI,
                    Capacity.pow2(1, 1).acceptingFrom(0)),
            new QueueSpec("MpmcArrayQueue", MpmcArrayQueue::new, Shape.MULTI, Shape.MULTI, Capacity.pow2(2, 2)),
            new QueueSpec("SpscUnpaddedArrayQueue", SpscUnpaddedArrayQueue::new, Shape.SINGLE, Shape.SINGLE,
                    Capacity.pow2(1, 4).acceptingFrom(Integer.MIN_VALUE)),
            new QueueSpec("MpscUnpaddedArrayQueue", MpscUnpaddedArrayQueue::new, Shape.MULTI, Shape.SINGLE,
                    Capacity.pow2(1, 1).acceptingFrom(0)),
            new QueueSpec("SpmcUnpaddedArrayQueue", SpmcUnpaddedArrayQueue::new, Shape.SINGLE, Shape.MULTI,
                    Capacity.pow2(1, 1).acceptingFrom(0)),
            new QueueSpec("MpmcUnpaddedArrayQueue", MpmcUnpaddedArrayQueue::new, Shape.MULTI, Shape.MULTI,
                    Capacity.pow2(2, 2)));

    /**
     * SPSC linked-array queues (chunked, unbounded, growable), padded and compact. JCTools rejects
     * bounds below 16, so the bounded ones take the suites' smaller positive requests as 16 (their
     * constructors' rejections are checked in SpscLinkedArrayQueueTest).
     */
    private static final List<QueueSpec> SPSC_LINKED_ARRAY_QUEUES = List.of(
            new QueueSpec("SpscChunkedArrayQueue", c -> new SpscChunkedArrayQueue<>(c < 1 ? c : Math.max(c, 16)),
                    Shape.SINGLE, Shape.SINGLE, Capacity.pow2(1, 16)),
            new QueueSpec("SpscUnboundedArrayQueue", SpscUnboundedArrayQueue::new, Shape.SINGLE, Shape.SINGLE,
                    new Capacity(false, 1, 0, 0)),
            new QueueSpec("SpscGrowableArrayQueue", c -> new SpscGrowableArrayQueue<>(c < 1 ? c : Math.max(c, 16)),
                    Shape.SINGLE, Shape.SINGLE, Capacity.pow2(1, 16)),
            new QueueSpec("SpscChunkedUnpaddedArrayQueue",
                    c -> new SpscChunkedUnpaddedArrayQueue<>(c < 1 ? c : Math.max(c, 16)),
                    Shape.SINGLE, Shape.SINGLE, Capacity.pow2(1, 16)),
            new QueueSpec("SpscUnboundedUnpaddedArrayQueue", SpscUnboundedUnpaddedArrayQueue::new, Shape.SINGLE,
                    Shape.SINGLE, new Capacity(false, 1, 0, 0)),
            new QueueSpec("SpscGrowableUnpaddedArrayQueue",
                    c -> new SpscGrowableUnpaddedArrayQueue<>(c < 1 ? c : Math.max(c, 16)),
                    Shape.SINGLE, Shape.SINGLE, Capacity.pow2(1, 16)));

    /** MPSC linked-array queues (chunked, unbounded, growable). */
    private static final List<QueueSpec> MPSC_LINKED_ARRAY_QUEUES = List.of(
            new QueueSpec("MpscChunkedArrayQueue", MpscChunkedArrayQueue::new, Shape.MULTI, Shape.SINGLE, Capacity.pow2(4, 4)),
            new QueueSpec("MpscUnboundedArrayQueue", MpscUnboundedArrayQueue::new, Shape.MULTI, Shape.SINGLE, Capacity.unbounded(2)),
            new QueueSpec("MpscGrowableArrayQueue", MpscGrowableArrayQueue::new, Shape.MULTI, Shape.SINGLE, Capacity.pow2(4, 4)),
            new QueueSpec("MpscChunkedUnpaddedArrayQueue", MpscChunkedUnpaddedArrayQueue::new, Shape.MULTI, Shape.SINGLE,
                    Capacity.pow2(4, 4)),
            new QueueSpec("MpscUnboundedUnpaddedArrayQueue", MpscUnboundedUnpaddedArrayQueue::new, Shape.MULTI,
                    Shape.SINGLE, Capacity.unbounded(2)),
            new QueueSpec("MpscGrowableUnpaddedArrayQueue", MpscGrowableUnpaddedArrayQueue::new, Shape.MULTI,
                    Shape.SINGLE, Capacity.pow2(4, 4)));

    /** Linked-node queues. */
    private static final List<QueueSpec> LINKED_QUEUES = List.of(
            new QueueSpec("SpscLinkedQueue", c -> new SpscLinkedQueue<>(), Shape.SINGLE, Shape.SINGLE, Capacity.unbounded(1)),
            new QueueSpec("MpscLinkedQueue", c -> new MpscLinkedQueue<>(), Shape.MULTI, Shape.SINGLE, Capacity.unbounded(1)),
            new QueueSpec("SpscLinkedUnpaddedQueue", c -> new SpscLinkedUnpaddedQueue<>(), Shape.SINGLE, Shape.SINGLE,
                    Capacity.unbounded(1)),
            new QueueSpec("MpscLinkedUnpaddedQueue", c -> new MpscLinkedUnpaddedQueue<>(), Shape.MULTI, Shape.SINGLE,
                    Capacity.unbounded(1)));

    /** Unbounded queues whose producers claim with fetch-and-add. */
    private static final List<QueueSpec> XADD_QUEUES = List.of(
            new QueueSpec("MpscUnboundedXaddArrayQueue", MpscUnboundedXaddArrayQueue::new, Shape.MULTI, Shape.SINGLE,
                    new Capacity(false, 1, 0, 0)),
            new QueueSpec("MpmcUnboundedXaddArrayQueue", MpmcUnboundedXaddArrayQueue::new, Shape.MULTI, Shape.MULTI,
                    new Capacity(false, 1, 0, 0)),
            new QueueSpec("MpscUnboundedXaddUnpaddedArrayQueue", MpscUnboundedXaddUnpaddedArrayQueue::new, Shape.MULTI,
                    Shape.SINGLE, new Capacity(false, 1, 0, 0)),
            new QueueSpec("MpmcUnboundedXaddUnpaddedArrayQueue", MpmcUnboundedXaddUnpaddedArrayQueue::new, Shape.MULTI,
                    Shape.MULTI, new Capacity(false, 1, 0, 0)));

    /**
     * Compound MPSC queues: two lanes (so that the tests do not depend on the machine's processor
     * count), and so at least 2 elements.
     */
    private static final List<QueueSpec> COMPOUND_QUEUES = List.of(
            new QueueSpec("MpscCompoundQueue", c -> new MpscCompoundQueue<>(c, 2), Shape.MULTI, Shape.SINGLE,
                    Capacity.pow2(2, 2)),
            new QueueSpec("MpscCompoundUnpaddedQueue", c -> new MpscCompoundUnpaddedQueue<>(c, 2), Shape.MULTI,
                    Shape.SINGLE, Capacity.pow2(2, 2)));

    /** Blocking queues: every shape's, padded and compact. */
    private static final List<QueueSpec> BLOCKING_QUEUES = List.of(
            new QueueSpec("SpscBlockingArrayQueue", SpscBlockingArrayQueue::new, Shape.SINGLE, Shape.SINGLE,
                    Capacity.pow2(1, 4)),
            new QueueSpec("SpscBlockingUnpaddedArrayQueue", SpscBlockingUnpaddedArrayQueue::new, Shape.SINGLE,
                    Shape.SINGLE, Capacity.pow2(1, 4)),
            new QueueSpec("MpmcBlockingArrayQueue", MpmcBlockingArrayQueue::new, Shape.MULTI, Shape.MULTI,
                    Capacity.pow2(2, 2)),
            new QueueSpec("MpmcBlockingUnpaddedArrayQueue", MpmcBlockingUnpaddedArrayQueue::new, Shape.MULTI,
                    Shape.MULTI, Capacity.pow2(2, 2)),
            new QueueSpec("MpmcUnboundedBlockingArrayQueue", MpmcUnboundedBlockingArrayQueue::new, Shape.MULTI,
                    Shape.MULTI, new Capacity(false, 1, 0, 0)),
            new QueueSpec("MpmcUnboundedBlockingUnpaddedArrayQueue", MpmcUnboundedBlockingUnpaddedArrayQueue::new,
                    Shape.MULTI, Shape.MULTI, new Capacity(false, 1, 0, 0)),
            new QueueSpec("MpscBlockingConsumerArrayQueue", MpscBlockingConsumerArrayQueue::new, Shape.MULTI,
                    Shape.SINGLE, Capacity.pow2(1, 1)),
            new QueueSpec("MpscUnboundedBlockingConsumerArrayQueue", MpscUnboundedBlockingConsumerArrayQueue::new,
                    Shape.MULTI, Shape.SINGLE, Capacity.unbounded(2)),
            new QueueSpec("MpscBlockingConsumerUnpaddedArrayQueue", MpscBlockingConsumerUnpaddedArrayQueue::new,
                    Shape.MULTI, Shape.SINGLE, Capacity.pow2(1, 1)),
            new QueueSpec("MpscUnboundedBlockingConsumerUnpaddedArrayQueue",
                    MpscUnboundedBlockingConsumerUnpaddedArrayQueue::new, Shape.MULTI, Shape.SINGLE, Capacity.unbounded(2)));

    /** The registry: every family above, one line per queue. */
    static final List<QueueSpec> QUEUES = Stream.of(ARRAY_QUEUES, SPSC_LINKED_ARRAY_QUEUES, MPSC_LINKED_ARRAY_QUEUES,
                    LINKED_QUEUES, XADD_QUEUES, COMPOUND_QUEUES, BLOCKING_QUEUES, EXACT_QUEUES)
            .flatMap(List::stream)
            .collect(Collectors.toUnmodifiableList());

    /** Why the order-checking cases skip a queue that is not FIFO (see {@link QueueSpec#fifo()}). */
    static final String NOT_FIFO = "not FIFO per producer: checked by the queue's own test";

    private QueueRegistry() {
    }

    /** The {@link Queue} face of a registry queue. */
    @SuppressWarnings("unchecked")
    static <E> Queue<E> asQueue(MessagePassingQueue<E> q) {
        return (Queue<E>) q;
    }

    /** The specs matching {@code filter}, for suites that combine them with other parameters. */
    static Stream<QueueSpec> specs(Predicate<QueueSpec> filter) {
        return QUEUES.stream().filter(filter);
    }

    static Stream<QueueSpec> specs() {
        return specs(spec -> true);
    }

    private static Stream<Arguments> where(Predicate<QueueSpec> filter) {
        return specs(filter).map(Arguments::of);
    }

    static Stream<Arguments> all() {
        return where(spec -> true);
    }

    static Stream<Arguments> bounded() {
        return where(QueueSpec::bounded);
    }

    static Stream<Arguments> singleProducer() {
        return where(spec -> !spec.multiProducer());
    }

    static Stream<Arguments> multiProducer() {
        return where(QueueSpec::multiProducer);
    }

    static Stream<Arguments> singleConsumer() {
        return where(spec -> !spec.multiConsumer());
    }

    static Stream<Arguments> multiConsumer() {
        return where(QueueSpec::multiConsumer);
    }

    static Stream<Arguments> blocking() {
        return where(QueueSpec::blocking);
    }

    static Stream<Arguments> boundedBlocking() {
        return where(spec -> spec.blocking() && spec.bounded());
    }
}
