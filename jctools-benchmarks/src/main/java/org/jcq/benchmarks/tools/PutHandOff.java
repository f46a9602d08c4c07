package org.jcq.benchmarks.tools;

import org.jcq.benchmarks.jmh.MpqThroughput;
import org.jcq.benchmarks.support.BenchmarkQueues;
import org.jcq.benchmarks.support.KeyValueArgs;
import org.jcq.benchmarks.support.ThreadKind;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The hand-off through a full blocking queue: {@code producers} threads {@code put} into a queue
 * of {@code capacity} as fast as they can and one consumer {@code take}s. The producers outrun the
 * consumer, so nearly every {@code put} finds the queue full and waits for room, and the consumer
 * may wait for an element after each burst: the time per element is what the two waits cost,
 * from the consumer making room to a waiting producer noticing it and back. These are the waits
 * that decide how a waiting thread backs off on virtual threads, so this is the
 * before/after measurement of that change, and the check that platform threads lose nothing.
 * <p>
 * <b>Score to read:</b> {@code ns/elem}, the median over {@code rounds} rounds of a round's wall
 * time divided by the elements taken in it (lower is better); {@code min} and {@code max} show
 * the spread; after the table, each row again as a {@code put-hand-off key=value ...} result line
 * (what {@code Pack} and {@code Ratio} read). Every combination of queue, thread kind, producer count and capacity runs in turn,
 * with all its threads of the one kind; the warm-up rounds run on the same threads, so the JIT
 * has compiled the waits before the measured rounds.
 * <p>
 * <b>Why it is honest:</b> the element is boxed once; the consumer counts with a release store
 * (no fence per element) and the main thread reads the count only at round boundaries, sleeping
 * in between, so it takes no core from the measured threads for more than a wake-up per round;
 * the queue is called through {@link BlockingQueue}. At the end the threads are interrupted (every
 * {@code put} and {@code take} answers that) and joined; one that does not stop fails the run.
 * <p>
 * <b>Pitfalls on 2 cores:</b> with 3 producers the threads outnumber the cores, so platform
 * numbers include the OS scheduler's hand-overs; virtual threads share the carrier threads
 * ({@code -Djdk.virtualThreadScheduler.parallelism}, default the core count). Compare a before
 * and an after build run alternately on a quiet machine, with several runs each.
 * <p>
 * <b>Command:</b>
 * <pre>
 * java -cp jctools-benchmarks/target/benchmarks.jar org.jcq.benchmarks.tools.PutHandOff \
 *     [qTypes=MpscBlockingConsumerArrayQueue] [threadKinds=platform,virtual] [producers=1,3] \
 *     [capacities=1,4,64] [warmupRounds=5] [rounds=10] [roundMillis=200]
 * </pre>
 */
public final class PutHandOff {
    /** Key: comma-separated queue names ({@link #KNOWN_QTYPES}); default the core one. */
    public static final String KEY_QTYPES = "qTypes";
    /** Key: comma-separated {@link ThreadKind#KINDS}; default both where virtual is available. */
    public static final String KEY_THREAD_KINDS = "threadKinds";
    /** Key: comma-separated producer counts. */
    public static final String KEY_PRODUCERS = "producers";
    /** Key: comma-separated requested capacities. */
    public static final String KEY_CAPACITIES = "capacities";
    /** Key: rounds run and discarded before the measured ones, per combination. */
    public static final String KEY_WARMUP_ROUNDS = "warmupRounds";
    /** Key: measured rounds per combination. */
    public static final String KEY_ROUNDS = "rounds";
    /** Key: the length of one round, in milliseconds. */
    public static final String KEY_ROUND_MILLIS = "roundMillis";
    /**
     * The queues this measures: the core queue whose producers wait by backing off, and the
     * blocking group of {@link BenchmarkQueues#blockingNames()} (ours and the JDK's) to compare with.
     */
    static final List<String> KNOWN_QTYPES = knownQTypes();
    static final List<Integer> DEFAULT_PRODUCERS = List.of(1, 3);
    static final List<Integer> DEFAULT_CAPACITIES = List.of(1, 4, 64);
    static final int DEFAULT_WARMUP_ROUNDS = 5;
    static final int DEFAULT_ROUNDS = 10;
    static final long DEFAULT_ROUND_MILLIS = 200;
    /** Exit status for bad arguments, as every command-line main here uses. */
    static final int EXIT_USAGE = 2;
    static final String USAGE = "usage: PutHandOff [" + KEY_QTYPES + "=a,b] [" + KEY_THREAD_KINDS
            + "=platform,virtual] [" + KEY_PRODUCERS + "=1,3] [" + KEY_CAPACITIES + "=1,4,64] ["
            + KEY_WARMUP_ROUNDS + "=N] [" + KEY_ROUNDS + "=N] [" + KEY_ROUND_MILLIS + "=N]";
    private static final Set<String> KEYS = Set.of(KEY_QTYPES, KEY_THREAD_KINDS, KEY_PRODUCERS, KEY_CAPACITIES,
            KEY_WARMUP_ROUNDS, KEY_ROUNDS, KEY_ROUND_MILLIS);
    /** How long the threads may take to stop once interrupted before the run calls them stuck. */
    private static final long STOP_JOIN_MILLIS = TimeUnit.SECONDS.toMillis(10);
    private static final Integer ELEMENT = 1;

    private PutHandOff() {
    }

    private static List<String> knownQTypes() {
        final List<String> known = new ArrayList<>();
        known.add(BenchmarkQueues.MPSC_BLOCKING);
        known.addAll(BenchmarkQueues.blockingNames());
        return List.copyOf(known);
    }

    /** The parsed command line. */
    record Settings(List<String> qTypes, List<String> threadKinds, List<Integer> producers, List<Integer> capacities,
            int warmupRounds, int rounds, long roundMillis) {
    }

    /**
     * One combination's result.
     *
     * @param nanosPerElement each measured round's wall time over the elements taken in it, sorted
     * @param elements        the elements taken in the measured rounds
     */
    record Row(String qType, String threadKind, int producers, int capacity, double[] nanosPerElement,
            long elements) {
        double median() {
            final int n = nanosPerElement.length;
            return n % 2 == 1 ? nanosPerElement[n / 2] : (nanosPerElement[n / 2 - 1] + nanosPerElement[n / 2]) / 2;
        }

        double min() {
            return nanosPerElement[0];
        }

        double max() {
            return nanosPerElement[nanosPerElement.length - 1];
        }
    }

    public static void main(String[] args) throws InterruptedException {
        final int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Parses, measures and prints the table, a row as each combination finishes.
     *
     * @return 0, or {@link #EXIT_USAGE} after printing the problem and the usage to {@code err}
     */
    static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        final Settings s;
        try {
            s = parse(args);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.println(USAGE);
            return EXIT_USAGE;
        }
        out.print(header());
        final List<Row> rows = new ArrayList<>();
        for (String qType : s.qTypes()) {
            for (String kind : s.threadKinds()) {
                for (int producers : s.producers()) {
                    for (int capacity : s.capacities()) {
                        final Row r = measure(qType, kind, producers, capacity, s.warmupRounds(), s.rounds(),
                                s.roundMillis());
                        rows.add(r);
                        out.print(row(r));
                    }
                }
            }
        }
        out.println();
        rows.forEach(r -> out.print(resultLine(r)));
        return 0;
    }

    /**
     * @throws IllegalArgumentException naming the argument and its value: not key=value, an
     *                                  unknown key, queue or thread kind, virtual before JDK 21, a
     *                                  count that is not a positive number, or a producer count the
     *                                  queue does not support
     */
    static Settings parse(String[] args) {
        final Map<String, String> values = KeyValueArgs.parse(args, KEYS);
        final List<String> qTypes = KeyValueArgs.qTypes(KEY_QTYPES, values.getOrDefault(KEY_QTYPES,
                BenchmarkQueues.MPSC_BLOCKING), KNOWN_QTYPES);
        final List<Integer> producers = positiveInts(KEY_PRODUCERS, values.get(KEY_PRODUCERS), DEFAULT_PRODUCERS);
        for (String qType : qTypes) {
            for (int p : producers) {
                MpqThroughput.checkShape(qType, p, 1);
            }
        }
        return new Settings(qTypes, threadKinds(values.get(KEY_THREAD_KINDS)), producers,
                positiveInts(KEY_CAPACITIES, values.get(KEY_CAPACITIES), DEFAULT_CAPACITIES),
                KeyValueArgs.positiveInt(KEY_WARMUP_ROUNDS, values.get(KEY_WARMUP_ROUNDS), DEFAULT_WARMUP_ROUNDS),
                KeyValueArgs.positiveInt(KEY_ROUNDS, values.get(KEY_ROUNDS), DEFAULT_ROUNDS),
                KeyValueArgs.positiveLong(KEY_ROUND_MILLIS, values.get(KEY_ROUND_MILLIS), DEFAULT_ROUND_MILLIS));
    }

    private static List<Integer> positiveInts(String key, String value, List<Integer> defaults) {
        if (value == null) {
            return defaults;
        }
        final List<Integer> ints = new ArrayList<>();
        for (String v : value.split(",", -1)) {
            ints.add(KeyValueArgs.positiveInt(key, v, 1));
        }
        return List.copyOf(ints);
    }

    private static List<String> threadKinds(String value) {
        if (value == null) {
            return ThreadKind.virtualAvailable() ? ThreadKind.KINDS : List.of(ThreadKind.PLATFORM);
        }
        final List<String> kinds = List.of(value.split(",", -1));
        for (String kind : kinds) {
            try {
                ThreadKind.check(kind);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage() + " (in " + KEY_THREAD_KINDS + "=" + value + ")", e);
            }
        }
        return kinds;
    }

    /**
     * Runs one combination: starts the consumer and the producers, discards {@code warmupRounds}
     * rounds, measures {@code rounds}, then interrupts and joins the threads.
     *
     * @throws IllegalStateException if a thread failed, or did not stop once interrupted
     */
    static Row measure(String qType, String threadKind, int producers, int capacity, int warmupRounds, int rounds,
            long roundMillis) throws InterruptedException {
        MpqThroughput.checkShape(qType, producers, 1);
        final Queue<Integer> created = BenchmarkQueues.create(qType, capacity);
        final BlockingQueue<Integer> q = (BlockingQueue<Integer>) created;
        final AtomicLong taken = new AtomicLong();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<Thread> threads = new ArrayList<>();
        threads.add(ThreadKind.start(threadKind, "hand-off-consumer", () -> {
            long n = 0;
            try {
                while (true) {
                    q.take();
                    // Release store: the main thread reads it at round boundaries only.
                    taken.lazySet(++n);
                }
            } catch (InterruptedException stop) {
                // The end of the run.
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }));
        for (int p = 0; p < producers; p++) {
            threads.add(ThreadKind.start(threadKind, "hand-off-producer-" + p, () -> {
                try {
                    while (true) {
                        q.put(ELEMENT);
                    }
                } catch (InterruptedException stop) {
                    // The end of the run.
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        final double[] nanosPerElement = new double[rounds];
        long elements = 0;
        try {
            long lastTaken = taken.get();
            long lastAt = System.nanoTime();
            for (int r = -warmupRounds; r < rounds; r++) {
                Thread.sleep(roundMillis);
                final long nowTaken = taken.get();
                final long now = System.nanoTime();
                if (r >= 0) {
                    final long moved = nowTaken - lastTaken;
                    nanosPerElement[r] = moved == 0 ? Double.POSITIVE_INFINITY : (double) (now - lastAt) / moved;
                    elements += moved;
                }
                lastTaken = nowTaken;
                lastAt = now;
            }
        } finally {
            stop(threads);
        }
        if (failure.get() != null) {
            throw new IllegalStateException(qType + " " + threadKind + ": a thread failed", failure.get());
        }
        Arrays.sort(nanosPerElement);
        return new Row(qType, threadKind, producers, capacity, nanosPerElement, elements);
    }

    private static void stop(List<Thread> threads) throws InterruptedException {
        threads.forEach(Thread::interrupt);
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_JOIN_MILLIS);
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (t.isAlive()) {
                throw new IllegalStateException(t.getName() + " did not stop within " + STOP_JOIN_MILLIS
                        + " ms of its interrupt; it is " + t.getState());
            }
        }
    }

    static String header() {
        return String.format(Locale.ROOT, "%-32s %-8s %9s %8s %10s %10s %10s %12s%n", "qType", "thread", "producers",
                "capacity", "ns/elem", "min", "max", "elements");
    }

    /** The first word of the result lines that follow the table. */
    public static final String LINE_PREFIX = "put-hand-off";

    /** One row as a {@code key=value} result line, what {@code Pack} and {@code Ratio} read. */
    static String resultLine(Row r) {
        return String.format(Locale.ROOT, "%s qType=%s threadKind=%s producers=%d capacity=%d nsPerElement=%.1f"
                + " minNs=%.1f maxNs=%.1f elements=%d%n", LINE_PREFIX, r.qType(), r.threadKind(), r.producers(),
                r.capacity(), r.median(), r.min(), r.max(), r.elements());
    }

    static String row(Row r) {
        return String.format(Locale.ROOT, "%-32s %-8s %9d %8d %10.1f %10.1f %10.1f %12d%n", r.qType(), r.threadKind(),
                r.producers(), r.capacity(), r.median(), r.min(), r.max(), r.elements());
    }
}
