package org.jcq.reactor;

import java.util.Queue;

import org.jcq.queues.MpmcArrayQueue;
import org.jcq.queues.MpmcUnboundedXaddArrayQueue;
import org.jcq.queues.SpscArrayQueue;
import org.jcq.queues.SpscUnboundedArrayQueue;

/**
 * The JCQ queue to hand a Reactor unicast sink, by how the sink is fed:
 * {@link reactor.core.publisher.Sinks.UnicastSpec#onBackpressureBuffer(Queue)} and its form with a
 * {@link reactor.core.Disposable},
 * {@link reactor.core.publisher.Sinks.UnicastSpec#onBackpressureBuffer(Queue, reactor.core.Disposable)}.
 * Reactor needs no adapter: it takes any {@link Queue}, and every queue built here is a plain JCQ
 * queue (also a {@link org.jcq.queues.MessagePassingQueue}).
 *
 * <h2>Which queue for which sink</h2>
 * The sink buffers what is emitted and its subscriber drains it: the emitting threads are the
 * queue's producers, the draining thread its consumer.
 * <ul>
 * <li><b>A sink from {@link reactor.core.publisher.Sinks#many()}</b>: single-producer is enough,
 * {@link #forSerializedSink()}. This sink serializes emissions: a {@code tryEmitNext} that
 * overlaps another thread's emission returns
 * {@link reactor.core.publisher.Sinks.EmitResult#FAIL_NON_SERIALIZED} without touching the
 * queue, and {@code emitNext} with a handler such as
 * {@link reactor.core.publisher.Sinks.EmitFailureHandler#busyLooping(java.time.Duration)} retries
 * it. So however many threads emit, one offer runs at a time, ordered after the previous one by
 * the sink's own guard (an atomic counter), which is all a single-producer queue asks.
 * Reactor's default queue for this sink (the one {@code onBackpressureBuffer()} builds) is
 * single-producer too.</li>
 * <li><b>A sink from {@link reactor.core.publisher.Sinks#unsafe()}</b> emitted to from one
 * thread at a time: again {@link #forSerializedSink()}. This is the use Reactor documents for
 * unsafe sinks: their calls must be synchronized by the caller (for instance, made from inside a
 * Reactive Streams operator).</li>
 * <li><b>A sink from {@link reactor.core.publisher.Sinks#unsafe()} whose {@code tryEmitNext} is
 * called by several threads at once</b>: multi-producer, and multi-consumer as well (see below),
 * {@link #forConcurrentSink()}. Nothing
 * stands between those threads and the queue, so their offers can overlap. Reactor 3.8.8's unicast
 * sink offers first and then drains under a work-in-progress counter, so its subscriber still
 * sees one {@code onNext} at a time, and its implementation notes say that several producers are
 * fine only with a queue that supports them. This is how 3.8.8 behaves (this module's tests check
 * it), not a promise of {@code Sinks}' public API. Emit the completion or the error only once
 * every producer has finished: the sink does not order a terminal signal after emissions still
 * under way.</li>
 * </ul>
 * <h2>Consumers: one, except for a moment after a cancel</h2>
 * Reactor takes from the queue in one drain loop at a time, the sink's own (guarded by its
 * work-in-progress counter) or that of a downstream operator fused with the sink, such as
 * {@code publishOn}, which polls the queue on its worker. One consumer is not always enough,
 * though: when the subscriber cancels while emissions go on, an emitting thread's drain finds the
 * sink cancelled and clears the queue (3.8.8's {@code SinkManyUnicast.drainFused}), while a fused
 * {@code publishOn} worker may still be in its {@code poll}. For that moment the queue has two
 * consumers, and a single-consumer queue is then outside its contract:
 * <ul>
 * <li>An MPSC queue's {@code poll} waits for a claimed slot whose element is not written yet.
 * With two consumers, one may take the element while the other, having read the consumer index
 * before, waits for that slot for ever: the emissions have stopped, so nothing is written there
 * again, and the emitting thread or the {@code publishOn} worker spins until the process ends.
 * This is why {@link #forConcurrentSink()} and {@link #boundedForConcurrentSink(int)} build
 * multi-consumer queues ({@link MpmcUnboundedXaddArrayQueue}, {@link MpmcArrayQueue}): a consumer
 * claims an index only once its element is there (or, at a chunk's first index, once a producer
 * has claimed it), so two consumers never wait for the same slot, and none takes an element
 * twice. The cost is a CAS per take.</li>
 * <li>An SPSC queue never waits, so the serialized sinks' queues cannot hang this way, but a
 * single-consumer queue under two consumers may hand an element to the discard hook twice, or, if
 * one consumer crosses into a new chunk just after the other has unlinked the old one, throw a
 * {@link NullPointerException} from the worker's {@code poll}, which Reactor then drops (logged by
 * its default {@code onErrorDropped} hook). It happens only after the subscriber has cancelled;
 * Reactor's own default queue for these sinks is single-consumer too.</li>
 * </ul>
 *
 * <h2>What Reactor calls</h2>
 * Reactor 3.8.8's unicast sink calls {@code offer} (each emission), {@code poll} and
 * {@code isEmpty} (its drain loop, which every emission and every request runs, or the loop of a
 * fused downstream), {@code size} ({@link reactor.core.Scannable.Attr#BUFFERED}, and the sink's
 * own {@code size()} if a fused downstream asks for it) and {@code clear} (on cancellation; when
 * the subscriber has an {@code onDiscard} hook, the sink polls the queue empty instead, so that
 * the hook sees each element). It calls neither {@code peek}, {@code remove(Object)} nor the
 * iterator, so the JCQ queues' unsupported {@code remove} of a present element is never reached
 * on this path.
 *
 * <h2>Bounded queues</h2>
 * When a bounded queue is full, the emission fails: {@code tryEmitNext} returns
 * {@link reactor.core.publisher.Sinks.EmitResult#FAIL_ZERO_SUBSCRIBER} while no subscriber has
 * come, and {@link reactor.core.publisher.Sinks.EmitResult#FAIL_OVERFLOW} after. The bounded
 * queues here are array queues that allocate their whole array at once; for a large bound that
 * is usually far from full, a chunked JCQ queue allocates as it fills
 * ({@link org.jcq.queues.SpscChunkedArrayQueue} for a serialized sink; JCQ has no chunked
 * multi-consumer queue, and {@link org.jcq.queues.MpscChunkedArrayQueue} has the two-consumer
 * hazard of the class note).
 *
 * <h2>Caveats</h2>
 * <ul>
 * <li>{@link reactor.core.Scannable.Attr#CAPACITY} reports
 * {@link reactor.util.concurrent.Queues#CAPACITY_UNSURE} for these queues (Reactor recognizes its
 * own queues and {@link java.util.concurrent.BlockingQueue}s only);
 * {@link org.jcq.queues.MessagePassingQueue#capacity()} tells the bound.</li>
 * <li>The {@code Disposable} of the two-argument form runs when the sink completes, fails or is
 * cancelled; on completion or failure that is when the signal is emitted, possibly before the
 * subscriber has drained the queue. It is no signal that the queue is empty or unused.</li>
 * </ul>
 *
 * <h2>Examples</h2>
 * <pre>{@code
 * // Any number of threads, serialized by the sink:
 * Sinks.Many<Event> events = Sinks.many().unicast().onBackpressureBuffer(SinkQueues.forSerializedSink());
 * events.emitNext(event, Sinks.EmitFailureHandler.busyLooping(Duration.ofMillis(100)));
 *
 * // Several threads calling tryEmitNext at once on an unsafe sink:
 * Sinks.Many<Event> fanIn = Sinks.unsafe().many().unicast().onBackpressureBuffer(SinkQueues.forConcurrentSink());
 *
 * // At most 1024 buffered elements, and a callback on completion, failure or cancellation:
 * Sinks.Many<Event> bounded = Sinks.many().unicast()
 *         .onBackpressureBuffer(SinkQueues.boundedForSerializedSink(1024), () -> log.info("done"));
 * }</pre>
 */
public final class SinkQueues {
    /**
     * The chunk size of the unbounded queues unless one is asked for: 256 elements, the chunk of
     * the queue Reactor itself gives a unicast sink (its {@code Queues.SMALL_BUFFER_SIZE} by
     * default), so that a JCQ queue in its place allocates in steps of about the same size.
     */
    public static final int DEFAULT_CHUNK_SIZE = 256;

    /** The largest bound an array queue takes: the largest power of two an {@code int} holds. */
    private static final int MAX_CAPACITY = 1 << 30;

    private SinkQueues() {
    }

    /**
     * An unbounded single-producer single-consumer queue, for a sink whose emissions never overlap:
     * any sink of {@link reactor.core.publisher.Sinks#many()}, or a sink of
     * {@link reactor.core.publisher.Sinks#unsafe()} fed from one thread at a time.
     *
     * @param <T> the type of the elements
     * @return a new, empty {@link SpscUnboundedArrayQueue} with chunks of
     *     {@value #DEFAULT_CHUNK_SIZE} elements
     */
    public static <T> Queue<T> forSerializedSink() {
        return new SpscUnboundedArrayQueue<>(DEFAULT_CHUNK_SIZE);
    }

    /**
     * As {@link #forSerializedSink()}, with chunks of the given size.
     *
     * @param <T> the type of the elements
     * @param chunkSize the elements a chunk holds, in {@code [0, 2^30]}, rounded up to a power of
     *     two and to no less than 16
     * @return a new, empty {@link SpscUnboundedArrayQueue}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public static <T> Queue<T> forSerializedSink(int chunkSize) {
        return new SpscUnboundedArrayQueue<>(chunkSize);
    }

    /**
     * A bounded single-producer single-consumer queue, for the sinks of
     * {@link #forSerializedSink()}: once it holds {@code capacity} elements (rounded up), the
     * sink's emissions fail until the subscriber drains it.
     *
     * @param <T> the type of the elements
     * @param capacity the bound, in {@code [1, 2^30]}, rounded up to a power of two and to no less
     *     than 4
     * @return a new, empty {@link SpscArrayQueue}, its array allocated
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public static <T> Queue<T> boundedForSerializedSink(int capacity) {
        return new SpscArrayQueue<>(bound(capacity));
    }

    /**
     * An unbounded multi-producer multi-consumer queue, for a sink of
     * {@link reactor.core.publisher.Sinks#unsafe()} whose {@code tryEmitNext} several threads call
     * at once: multi-consumer because a cancel can put a second consumer on it for a moment (see
     * the class note).
     *
     * @param <T> the type of the elements
     * @return a new, empty {@link MpmcUnboundedXaddArrayQueue} with chunks of
     *     {@value #DEFAULT_CHUNK_SIZE} elements
     */
    public static <T> Queue<T> forConcurrentSink() {
        return new MpmcUnboundedXaddArrayQueue<>(DEFAULT_CHUNK_SIZE);
    }

    /**
     * As {@link #forConcurrentSink()}, with chunks of the given size.
     *
     * @param <T> the type of the elements
     * @param chunkSize the chunk size, in {@code [0, 2^30]}, rounded up to a power of two (0 and 1
     *     give chunks of 1 slot)
     * @return a new, empty {@link MpmcUnboundedXaddArrayQueue}
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public static <T> Queue<T> forConcurrentSink(int chunkSize) {
        return new MpmcUnboundedXaddArrayQueue<>(chunkSize);
    }

    /**
     * A bounded multi-producer multi-consumer queue, for the sinks of {@link #forConcurrentSink()}:
     * once it holds {@code capacity} elements (rounded up), the sink's emissions fail until the
     * subscriber drains it.
     *
     * @param <T> the type of the elements
     * @param capacity the bound, in {@code [1, 2^30]}, rounded up to a power of two and to no less
     *     than 2
     * @return a new, empty {@link MpmcArrayQueue}, its array allocated
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public static <T> Queue<T> boundedForConcurrentSink(int capacity) {
        return new MpmcArrayQueue<>(Math.max(2, bound(capacity)));
    }

    /**
     * The bound, checked the way JCQ's constructors check theirs (and with their message): the
     * SPSC array queue would turn 0 or less into a bound of 4.
     */
    private static int bound(int capacity) {
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be in [1, " + MAX_CAPACITY + "] but was " + capacity);
        }
        return capacity;
    }
}
