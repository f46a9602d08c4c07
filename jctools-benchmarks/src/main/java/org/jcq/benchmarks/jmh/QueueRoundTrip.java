package org.jcq.benchmarks.jmh;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
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
 * Round trip of a burst through a ring of threads: the benchmark thread offers {@code burstSize}
 * messages into queue 0; relay thread i (1 to {@code ringSize - 1}) moves every message from queue
 * i-1 into queue i; the benchmark thread polls the {@code burstSize} messages back from the last
 * queue. One operation is one whole burst, there and back.
 * <p>
 * <b>Score to read:</b> the primary score, average nanoseconds per burst. Divided by
 * {@code ringSize} it is roughly the cost of one hop (a hand-over between two threads, including the
 * cache-line transfers), which is the latency a queue adds when it links pipeline stages.
 * <p>
 * <b>Why it is honest:</b> every queue has exactly one producer thread and one consumer thread, so
 * every {@code qType} is valid and SPSC queues are used as designed; the messages are boxed once at
 * set-up (distinct values, so order can be checked) and the benchmark returns an order-sensitive
 * hash of what came back, so nothing is dead code; the burst must fit in a bounded queue (set-up
 * rejects {@code burstSize} larger than its capacity, since the ring could otherwise jam); relays
 * are started per trial and joined at tear-down, so none leaks into the next trial. Every operation
 * ends with the ring empty, so iteration boundaries cut no burst.
 * <p>
 * <b>Idle strategy</b> ({@code @Param relayIdle}): what the relays, and the benchmark thread while
 * it waits, do when a queue is empty (or full). {@value #IDLE_SPIN} calls
 * {@link Thread#onSpinWait()}: the lowest latency, but only when every thread of the ring has a core
 * of its own (at least {@code ringSize + 1} cores, one spare for JMH and the OS). With fewer cores a
 * spinning relay burns its whole time slice while the thread it waits for is descheduled, and the
 * ring crawls at scheduler speed (milliseconds per burst for {@code ringSize=8} on 2 cores): so the
 * default is {@value #IDLE_YIELD}, which calls {@link Thread#yield()} and hands the core to a thread
 * that has work. On a many-core machine run {@code -p relayIdle=spin} for the hardware's latency.
 * <p>
 * <b>Pitfalls on 2 cores:</b> {@code ringSize=8} is 8 threads on 2 cores, so it measures how fast
 * the scheduler passes the burst around, not the queue; only {@code ringSize=2} compares queues
 * there, and only with several forks.
 * <p>
 * <b>Command:</b>
 * <pre>
 * java -jar jctools-benchmarks/target/benchmarks.jar QueueRoundTrip \
 *     -p qType=SpscArrayQueue,JCTools.SpscArrayQueue -p ringSize=2 -f 3 -wi 5 -i 5
 * </pre>
 * (many cores: add {@code -p relayIdle=spin}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class QueueRoundTrip extends QueueParams {
    /** {@code relayIdle}: {@link Thread#onSpinWait()} while a queue is empty or full. */
    public static final String IDLE_SPIN = "spin";
    /** {@code relayIdle}: {@link Thread#yield()} while a queue is empty or full. */
    public static final String IDLE_YIELD = "yield";
    /** The default requested capacity, as a JMH parameter value. */
    public static final String DEFAULT_CAPACITY = "1024";
    /** How long tear-down waits for each relay to stop before calling it a leak. */
    private static final long RELAY_JOIN_MILLIS = TimeUnit.SECONDS.toMillis(10);
    /** Seed and multiplier of the order-sensitive hash of a burst (as {@code List.hashCode}). */
    static final int HASH_SEED = 1;
    static final int HASH_MULTIPLIER = 31;

    /** Messages per burst; at most the capacity of a bounded queue. */
    @Param({"1", "10", "100"})
    public int burstSize;

    /** Threads in the ring: {@code ringSize - 1} relays plus the benchmark thread; also the queues. */
    @Param({"2", "8"})
    public int ringSize;

    /** The requested capacity (or chunk size) of every queue of the ring. */
    @Param({DEFAULT_CAPACITY})
    public int qCapacity;

    /** What a waiting thread does: {@value #IDLE_SPIN} or {@value #IDLE_YIELD}. */
    @Param({IDLE_YIELD})
    public String relayIdle;

    /** The queue the benchmark thread offers into: queue 0. */
    private Queue<Integer> first;
    /** The queue the benchmark thread polls from: queue {@code ringSize - 1}. */
    private Queue<Integer> last;
    /** The burst's messages, boxed once: 0 to {@code burstSize - 1}. */
    private Integer[] burst;
    private boolean spin;
    private List<Relay> relays = List.of();

    /** Moves every message from one queue to the next until stopped. */
    private static final class Relay extends Thread {
        private final Queue<Integer> in;
        private final Queue<Integer> out;
        private final boolean spin;
        private volatile boolean running = true;

        Relay(int index, Queue<Integer> in, Queue<Integer> out, boolean spin) {
            super("ring-relay-" + index);
            this.in = in;
            this.out = out;
            this.spin = spin;
            setDaemon(true);
        }

        @Override
        public void run() {
            while (running) {
                final Integer e = in.poll();
                if (e == null) {
                    idle(spin);
                } else {
                    while (!out.offer(e)) {
                        if (!running) {
                            return;
                        }
                        idle(spin);
                    }
                }
            }
        }
    }

    @Setup(Level.Trial)
    public void startRing() {
        spin = parseIdle(relayIdle);
        if (ringSize < 2) {
            throw new IllegalArgumentException("ringSize must be >= 2 but was " + ringSize);
        }
        if (burstSize < 1) {
            throw new IllegalArgumentException("burstSize must be >= 1 but was " + burstSize);
        }
        final List<Queue<Integer>> ring = new ArrayList<>(ringSize);
        for (int i = 0; i < ringSize; i++) {
            ring.add(createQueue());
        }
        burst = new Integer[burstSize];
        for (int i = 0; i < burstSize; i++) {
            burst[i] = i;
        }
        first = ring.get(0);
        last = ring.get(ringSize - 1);
        final List<Relay> started = new ArrayList<>(ringSize - 1);
        for (int i = 1; i < ringSize; i++) {
            final Relay relay = new Relay(i, ring.get(i - 1), ring.get(i), spin);
            relay.start();
            started.add(relay);
        }
        relays = Collections.unmodifiableList(started);
    }

    private Queue<Integer> createQueue() {
        final Queue<Integer> q = BenchmarkQueues.create(qType, qCapacity);
        final int capacity = BenchmarkQueues.capacityOf(q);
        if (capacity != BenchmarkQueues.UNBOUNDED && burstSize > capacity) {
            throw new IllegalArgumentException("burstSize " + burstSize + " does not fit in " + qType
                    + " of capacity " + capacity + " (qCapacity " + qCapacity + ")");
        }
        return q;
    }

    /** @return whether {@code relayIdle} asks for spinning; yielding otherwise */
    static boolean parseIdle(String relayIdle) {
        if (IDLE_SPIN.equals(relayIdle)) {
            return true;
        }
        if (IDLE_YIELD.equals(relayIdle)) {
            return false;
        }
        throw new IllegalArgumentException("Unknown relayIdle: '" + relayIdle + "'; known: " + IDLE_SPIN + ", "
                + IDLE_YIELD);
    }

    /**
     * Stops and joins every relay.
     *
     * @throws IllegalStateException if a relay does not stop in time (it would leak into the next
     *                               trial and steal its cores)
     */
    @TearDown(Level.Trial)
    public void stopRing() throws InterruptedException {
        for (Relay relay : relays) {
            relay.running = false;
        }
        for (Relay relay : relays) {
            relay.join(RELAY_JOIN_MILLIS);
            if (relay.isAlive()) {
                throw new IllegalStateException(relay.getName() + " did not stop within " + RELAY_JOIN_MILLIS
                        + " ms");
            }
        }
    }

    /** The relay threads of the current (or last) trial, for tests. */
    List<? extends Thread> relays() {
        return relays;
    }

    /**
     * Sends one burst round the ring and takes it back.
     *
     * @return an order-sensitive hash of the messages in the order they came back
     */
    @Benchmark
    public int roundTrip() {
        final Queue<Integer> first = this.first;
        final Queue<Integer> last = this.last;
        final boolean spin = this.spin;
        for (Integer e : burst) {
            while (!first.offer(e)) {
                idle(spin);
            }
        }
        int hash = HASH_SEED;
        for (int i = burst.length; i > 0; i--) {
            Integer e;
            while ((e = last.poll()) == null) {
                idle(spin);
            }
            hash = HASH_MULTIPLIER * hash + e;
        }
        return hash;
    }

    /**
     * @return what {@link #roundTrip()} (and {@link BlockingRoundTrip#roundTrip()}, which hashes
     *         the same way) returns when every message comes back in order
     */
    static int expectedHash(int burstSize) {
        int hash = HASH_SEED;
        for (int i = 0; i < burstSize; i++) {
            hash = HASH_MULTIPLIER * hash + i;
        }
        return hash;
    }

    private static void idle(boolean spin) {
        if (spin) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }
}
