package org.jcq.benchmarks.reactor;

import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.reactivestreams.Subscription;

import reactor.core.CoreSubscriber;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.util.concurrent.Queues;

/**
 * A Reactor unicast sink, {@code Sinks.many().unicast().onBackpressureBuffer(queue)}, buffered by
 * Reactor's own queue (its default, {@code Queues.unbounded()}: chunks of 256), by JCQ's
 * {@code SpscUnboundedArrayQueue(256)} or by JCTools' (Unsafe edition), elements per µs:
 * <ul>
 * <li>{@code publishOn}: the benchmark thread emits {@link #ELEMENTS} elements into one
 *     long-lived sink, consumed on another thread through {@code publishOn}, and waits until the
 *     consumer has seen them all;</li>
 * <li>{@code sameThreadDrain}: a new sink buffers {@link #ELEMENTS} elements before anyone
 *     subscribes, then a subscriber on the same thread drains them (the late-subscriber case).</li>
 * </ul>
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ReactorSinks {
    /** Elements per benchmark call. */
    public static final int ELEMENTS = 1000;
    private static final int CHUNK = 256;

    @Param({"reactor", "jcq", "jctools"})
    public String queue;

    private Supplier<Queue<Integer>> queues;
    private Scheduler scheduler;
    private Sinks.Many<Integer> sink;
    private volatile CountDownLatch batch;
    private final Integer element = 42;

    @Setup(Level.Trial)
    public void start() {
        switch (queue) {
            case "reactor":
                queues = Queues.<Integer>unbounded(CHUNK);
                break;
            case "jcq":
                queues = () -> new org.jcq.queues.SpscUnboundedArrayQueue<>(CHUNK);
                break;
            case "jctools":
                queues = () -> new org.jctools.queues.SpscUnboundedArrayQueue<>(CHUNK);
                break;
            default:
                throw new IllegalArgumentException("queue must be reactor, jcq or jctools but was " + queue);
        }
        scheduler = Schedulers.newSingle("consumer");
        sink = Sinks.many().unicast().onBackpressureBuffer(queues.get());
        sink.asFlux().publishOn(scheduler).subscribe(new Counter());
    }

    @TearDown(Level.Trial)
    public void stop() {
        sink.tryEmitComplete();
        scheduler.dispose();
    }

    /** Counts down the current batch's latch once per element. */
    private final class Counter implements CoreSubscriber<Integer> {
        private int seen;

        @Override
        public void onSubscribe(Subscription s) {
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(Integer e) {
            if (++seen == ELEMENTS) {
                seen = 0;
                batch.countDown();
            }
        }

        @Override
        public void onError(Throwable t) {
        }

        @Override
        public void onComplete() {
        }
    }

    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public void publishOn() throws InterruptedException {
        final CountDownLatch done = new CountDownLatch(1);
        batch = done;
        for (int i = 0; i < ELEMENTS; i++) {
            sink.tryEmitNext(element);
        }
        done.await();
    }

    /** Drains on the subscribing thread; remembers how many it saw. */
    private static final class Drain implements CoreSubscriber<Integer> {
        int seen;

        @Override
        public void onSubscribe(Subscription s) {
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(Integer e) {
            seen++;
        }

        @Override
        public void onError(Throwable t) {
        }

        @Override
        public void onComplete() {
        }
    }

    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public int sameThreadDrain() {
        final Sinks.Many<Integer> late = Sinks.many().unicast().onBackpressureBuffer(queues.get());
        for (int i = 0; i < ELEMENTS; i++) {
            late.tryEmitNext(element);
        }
        late.tryEmitComplete();
        final Drain d = new Drain();
        late.asFlux().subscribe(d);
        if (d.seen != ELEMENTS) {
            throw new IllegalStateException("drained " + d.seen + " of " + ELEMENTS);
        }
        return d.seen;
    }
}
