package org.jcq.benchmarks.jmh;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.jcq.benchmarks.tools.Compare;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One producer (the benchmark thread) offers a burst of {@code burstSize} elements, then waits
 * until a consumer thread has polled them all: the cost of handing a burst over, one producer
 * and one consumer, with the queue never holding more than {@code burstSize} elements.
 * <p>
 * Unlike {@link QueueThroughput}, where the producer may run a whole capacity ahead,
 * the backlog here is bounded by the burst. So a linked-array queue whose chunk is larger than
 * the burst stays within one chunk (its steady state: no linking, no allocation), and the
 * comparison with a plain ring measures the hot paths alone. Run with {@code -prof gc} to see
 * that steady state allocates nothing.
 * <p>
 * The score is bursts per microsecond; times {@code burstSize} it is elements handed over per
 * microsecond, which is what {@link Compare} reports.
 * <p>
 * The consumer runs on a thread of its own, started once per trial; it spins on {@code poll}
 * and publishes its count after every element. The queue is held as a {@link Queue}, so calls
 * go through the interface.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class QueueBurstCost extends QueueParams {
    /** The element every offer inserts: boxed once, so the measured loop never allocates. */
    private static final Integer ELEMENT = 1;
    /** The default requested capacity (or chunk size), as a JMH parameter value. */
    public static final String DEFAULT_CAPACITY = "1024";

    @Param({DEFAULT_CAPACITY})
    public int qCapacity;

    /** The default burst size, as a JMH parameter value. */
    public static final String DEFAULT_BURST_SIZE = "100";

    /** Elements per burst; must fit in the queue. */
    @Param({DEFAULT_BURST_SIZE})
    public int burstSize;

    private Queue<Integer> q;
    private Consumer consumer;
    /** Elements offered so far; the producer waits until the consumer's count reaches it. */
    private long offered;

    /** Polls until stopped, publishing how many elements it has taken. */
    private static final class Consumer extends Thread {
        private final Queue<Integer> q;
        /**
         * Polled so far: written by the consumer, read by the producer (sharing inherent to the
         * hand-over, and the same for every queue).
         */
        final AtomicLong polled = new AtomicLong();
        volatile boolean running = true;

        Consumer(Queue<Integer> q) {
            super("burst-consumer");
            this.q = q;
            setDaemon(true);
        }

        @Override
        public void run() {
            long n = 0;
            while (running) {
                if (q.poll() != null) {
                    // Release store: pairs with the producer's acquire read of the count.
                    polled.lazySet(++n);
                }
            }
        }
    }

    @Setup(Level.Trial)
    public void start() {
        q = BenchmarkQueues.create(qType, qCapacity);
        if (burstSize < 1) {
            throw new IllegalArgumentException("burstSize must be >= 1 but was " + burstSize);
        }
        offered = 0;
        consumer = new Consumer(q);
        consumer.start();
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        consumer.running = false;
        consumer.join(TimeUnit.SECONDS.toMillis(10));
    }

    /**
     * Offers one burst and waits for the consumer to take all of it.
     *
     * @return the consumer's count, so nothing is dead code
     */
    @Benchmark
    public long burst() {
        final Queue<Integer> q = this.q;
        final int burst = burstSize;
        for (int i = 0; i < burst; i++) {
            while (!q.offer(ELEMENT)) {
                Thread.onSpinWait();
            }
        }
        final long target = offered += burst;
        final AtomicLong polled = consumer.polled;
        long seen;
        while ((seen = polled.getAcquire()) < target) {
            Thread.onSpinWait();
        }
        return seen;
    }
}
