package org.jcq.benchmarks.jmh;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.jcq.benchmarks.support.ThreadKind;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

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
 * Round trip of a burst between the benchmark thread and an echo thread through two blocking
 * queues: the benchmark thread {@code put}s {@code burstSize} messages into the ping queue, the
 * echo thread {@code take}s each and {@code put}s it into the pong queue, and the benchmark thread
 * {@code take}s them all back. One operation is one whole burst, there and back; both sides
 * block (park) whenever their queue is empty or full, so this is the wake-up latency of a queue
 * whose users do not spin.
 * <p>
 * <b>Score to read:</b> the primary score, average nanoseconds per burst. With
 * {@code burstSize=1} every message wakes a parked thread twice (echo, then benchmark thread):
 * two park/unpark hand-overs per operation, the cost the wake-up protocol adds. Larger bursts let
 * the two threads overlap, so fewer of the calls wait.
 * <p>
 * <b>Thread kinds</b> ({@code @Param threadKind}): the echo thread is a {@value ThreadKind#PLATFORM}
 * thread or a {@value ThreadKind#VIRTUAL} one (JDK 21+; on an older JDK set-up rejects it with a
 * message saying so). The benchmark thread is JMH's: a platform thread, or a virtual one with
 * {@code -jvmArgsAppend -Djmh.executor=VIRTUAL}.
 * <p>
 * <b>Why it is honest:</b> the messages are boxed once at set-up (distinct values, so order can be
 * checked) and the benchmark returns an order-sensitive hash of what came back, so nothing is dead
 * code; the queues are called through {@link BlockingQueue}; each ping and pong queue has one
 * producer and one consumer, so every blocking queue, the SPSC one included, is used as designed;
 * the burst must fit in a bounded queue (set-up rejects a larger {@code burstSize}: with both
 * queues full each thread would wait for the other forever); every operation ends with both
 * queues empty, so an iteration boundary cuts no burst and the untimed {@code take} cannot hang.
 * The echo thread is started per trial and stopped at tear-down by an interrupt (every
 * {@link BlockingQueue}'s {@code take} and {@code put} answer it) and joined; one that does not
 * stop fails the trial rather than leaking into the next.
 * <p>
 * <b>Pitfalls on 2 cores:</b> the two threads plus JMH's own share the cores; park and unpark go
 * through the OS scheduler, whose wake-up latency (tens of microseconds on a loaded machine) can
 * dominate; use several forks.
 * <p>
 * <b>Command:</b>
 * <pre>
 * java -jar jctools-benchmarks/target/benchmarks.jar BlockingRoundTrip \
 *     -p qType=SpscBlockingArrayQueue,JDK.ArrayBlockingQueue,JDK.LinkedBlockingQueue,JDK.LinkedTransferQueue \
 *     -p burstSize=1 -p threadKind=platform,virtual -f 3 -wi 5 -i 5
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class BlockingRoundTrip {
    /** The default requested capacity, as a JMH parameter value. */
    public static final String DEFAULT_CAPACITY = "1024";
    /** How long tear-down waits for the echo thread to stop before calling it a leak. */
    private static final long ECHO_JOIN_MILLIS = TimeUnit.SECONDS.toMillis(10);

    /** The queues, a {@link BenchmarkQueues#blockingNames()} name. */
    @Param({
        BenchmarkQueues.BLOCKING_SPSC, BenchmarkQueues.BLOCKING_MPSC, BenchmarkQueues.BLOCKING_MPMC,
        BenchmarkQueues.BLOCKING_MPSC_UNBOUNDED, BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED,
        BenchmarkQueues.BLOCKING_SPSC_UNPADDED, BenchmarkQueues.MPSC_BLOCKING_UNPADDED, BenchmarkQueues.BLOCKING_MPMC_UNPADDED,
        BenchmarkQueues.BLOCKING_MPSC_UNBOUNDED_UNPADDED, BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED_UNPADDED,
        BenchmarkQueues.JDK_ABQ, BenchmarkQueues.JDK_LBQ, BenchmarkQueues.JDK_LTQ,
    })
    public String qType;

    /** Messages per burst; at most the capacity of a bounded queue. */
    @Param({"1", "100"})
    public int burstSize;

    /** The requested capacity of both queues. */
    @Param({DEFAULT_CAPACITY})
    public int qCapacity;

    /** The echo thread's kind: {@value ThreadKind#PLATFORM} or {@value ThreadKind#VIRTUAL}. */
    @Param({ThreadKind.PLATFORM, ThreadKind.VIRTUAL})
    public String threadKind;

    private BlockingQueue<Integer> ping;
    private BlockingQueue<Integer> pong;
    /** The burst's messages, boxed once: 0 to {@code burstSize - 1}. */
    private Integer[] burst;
    private Thread echo;

    @Setup(Level.Trial)
    public void startEcho() {
        ThreadKind.check(threadKind);
        if (burstSize < 1) {
            throw new IllegalArgumentException("burstSize must be >= 1 but was " + burstSize);
        }
        ping = createQueue();
        pong = createQueue();
        burst = new Integer[burstSize];
        for (int i = 0; i < burstSize; i++) {
            burst[i] = i;
        }
        final BlockingQueue<Integer> in = ping;
        final BlockingQueue<Integer> out = pong;
        echo = ThreadKind.start(threadKind, "blocking-echo", () -> echo(in, out));
    }

    private BlockingQueue<Integer> createQueue() {
        final BlockingQueue<Integer> q = BenchmarkQueues.createBlocking(qType, qCapacity);
        final int capacity = BenchmarkQueues.capacityOf(q);
        if (capacity != BenchmarkQueues.UNBOUNDED && burstSize > capacity) {
            throw new IllegalArgumentException("burstSize " + burstSize + " does not fit in " + qType
                    + " of capacity " + capacity + " (qCapacity " + qCapacity + ")");
        }
        return q;
    }

    /** Moves every message from {@code in} to {@code out} until interrupted. */
    private static void echo(BlockingQueue<Integer> in, BlockingQueue<Integer> out) {
        try {
            while (true) {
                out.put(in.take());
            }
        } catch (InterruptedException e) {
            // The stop signal: tear-down interrupts and joins this thread.
        }
    }

    /**
     * Stops and joins the echo thread.
     *
     * @throws IllegalStateException if it does not stop in time (it would leak into the next
     *                               trial and steal its cores)
     */
    @TearDown(Level.Trial)
    public void stopEcho() throws InterruptedException {
        if (echo == null) {
            return;
        }
        echo.interrupt();
        echo.join(ECHO_JOIN_MILLIS);
        if (echo.isAlive()) {
            throw new IllegalStateException(echo.getName() + " did not stop within " + ECHO_JOIN_MILLIS + " ms");
        }
    }

    /** The echo thread of the current (or last) trial, for tests. */
    Thread echoThread() {
        return echo;
    }

    /**
     * Sends one burst to the echo thread and takes it back.
     *
     * @return an order-sensitive hash of the messages in the order they came back
     */
    @Benchmark
    public int roundTrip() throws InterruptedException {
        final BlockingQueue<Integer> ping = this.ping;
        final BlockingQueue<Integer> pong = this.pong;
        for (Integer e : burst) {
            ping.put(e);
        }
        // The hash of QueueRoundTrip, so QueueRoundTrip.expectedHash checks both.
        int hash = QueueRoundTrip.HASH_SEED;
        for (int i = burst.length; i > 0; i--) {
            hash = QueueRoundTrip.HASH_MULTIPLIER * hash + pong.take();
        }
        return hash;
    }
}
