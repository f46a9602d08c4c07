package org.jcq.benchmarks.executor;

import org.jcq.benchmarks.tools.IdleConsumerCpu;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;
import org.jcq.benchmarks.support.KeyValueArgs;
import org.jcq.benchmarks.support.BenchmarkQueues;
import org.jcq.benchmarks.support.ThreadKind;

/**
 * A {@link ThreadPoolExecutor} of {@code workers} threads with a given work queue, as
 * {@link java.util.concurrent.Executors#newFixedThreadPool(int)} makes it (core = maximum size, no
 * keep-alive, {@link ThreadPoolExecutor.AbortPolicy}) but for the queue: one queue and one
 * measurement per JVM (run it once per queue, measurement and round, in rotated order:
 * {@code scripts/executor-bench.sh}). It prints one line, {@value #LINE_PREFIX} followed by
 * {@code key=value} fields: the settings, then the results.
 * <p>
 * {@code mode=throughput}: {@code submitters} platform threads {@code execute} a tiny task (one
 * increment of a counter of the submitter's) as fast as they can; tasks executed per second over
 * {@code durationMillis}, after {@code warmupMillis}. Only tasks that ran count: the counters are
 * read at the window's two ends. Every submitter keeps at most {@code backlog / submitters} of its
 * tasks submitted and not yet run (it yields while it has that many), so an unbounded queue cannot
 * grow without end when the submitters outrun the workers, and with the default backlog (the
 * capacity) no bounded queue fills: every queue is measured at the same bounded backlog, and a
 * rejection (counted in {@code rejected}; the task is dropped) shows only when {@code backlog}
 * exceeds a bounded queue's capacity.
 * <p>
 * {@code mode=latency}: one submitter (the main thread) executes bursts of {@code burst} tasks;
 * each records when it starts; the submitter waits (yielding) until the whole burst has run, then
 * pauses {@code pauseMicros} (parked, so the workers go idle each time), and starts the next. For
 * each task the time from just before its {@code execute} to its start goes into an HdrHistogram
 * (3 significant digits); printed in microseconds: p50, p90, p99, p99.9, max and mean, over the
 * bursts after the warm-up. {@code parkedBeforeBurst} is the share of bursts before which every
 * worker was parked ({@code WAITING} or {@code TIMED_WAITING}): the share that measured a wake-up
 * from idle rather than a worker still looking for work.
 * <p>
 * Both modes print {@code jitMillis}, the JIT compilers' time inside the measured window: a launch
 * whose window was not JIT-quiet measured code still being compiled, and a short warm-up shows it.
 * <p>
 * {@code mode=idle}: bursts as above for {@code warmupMillis} (the take, park and wake paths
 * compiled), a settling pause of {@value #SETTLE_MILLIS} ms, then {@code idleMillis} with nothing
 * submitted: the process's CPU time per idle second; the same over an equal window after the
 * pool has terminated (the baseline: JIT, GC and other threads of the JVM); their difference
 * ({@code netCpuMsPerS}, as {@code IdleConsumerCpu} measures virtual consumers; a negative figure
 * is noise, and the process clock ticks in 10 ms on Linux); for platform workers their own CPU
 * time too ({@code workerCpuMsPerS}; {@code na} for virtual ones, whose CPU time the JVM does not
 * report); and how many workers were parked at the window's end.
 * <p>
 * Queues: any of {@link BenchmarkQueues#blockingNames()} that any number of threads may offer to and
 * poll from (a pool's workers all take, and {@code shutdownNow} drains from the caller's thread);
 * the default comparison is {@link #QUEUES}. Each is built by
 * {@link BenchmarkQueues#createBlocking(String, int)} with {@code capacity}: the bounded queues' bound
 * and the unbounded JCQ queue's chunk size. {@code JDK.LinkedBlockingQueue} is therefore bounded
 * at {@code capacity}, where {@code Executors} makes it unbounded; it takes the same path below its
 * bound, and the backlog keeps every queue below it. {@code JDK.LinkedTransferQueue} ignores it.
 * <p>
 * Workers: {@code workerKind=platform} (daemon threads) or {@code virtual} (JDK 21+, by
 * reflection). Submitters and the latency submitter are platform threads.
 * <p>
 * Command:
 * <pre>
 * java -cp jctools-benchmarks/target/benchmarks.jar org.jcq.benchmarks.executor.ExecutorBench \
 *     mode=throughput|latency|idle [qType=MpmcUnboundedBlockingArrayQueue] [workerKind=platform|virtual]
 *     [workers=2] [submitters=1] [capacity=1024] [backlog=1024] [warmupMillis=5000] [durationMillis=5000]
 *     [burst=64] [pauseMicros=50] [idleMillis=2000]
 * </pre>
 */
public final class ExecutorBench {
    /** What every result line starts with. */
    public static final String LINE_PREFIX = "executor-bench";
    /** Key: {@code throughput}, {@code latency} or {@code idle}. */
    public static final String KEY_MODE = "mode";
    /** Key: the work queue, a {@link BenchmarkQueues} blocking name. */
    public static final String KEY_QTYPE = "qType";
    /** Key: the workers' {@link ThreadKind}. */
    public static final String KEY_WORKER_KIND = "workerKind";
    /** Key: the pool's size. */
    public static final String KEY_WORKERS = "workers";
    /** Key: submitting threads (throughput only). */
    public static final String KEY_SUBMITTERS = "submitters";
    /** Key: the bounded queues' capacity, the unbounded JCQ queue's chunk size. */
    public static final String KEY_CAPACITY = "capacity";
    /** Key: the most tasks submitted and not yet run, over all submitters (throughput). */
    public static final String KEY_BACKLOG = "backlog";
    /** Key: warm-up before the measured window, in milliseconds. */
    public static final String KEY_WARMUP_MILLIS = "warmupMillis";
    /** Output key: milliseconds the JIT compilers spent inside the measured window (throughput, latency). */
    public static final String KEY_JIT_MILLIS = "jitMillis";
    /** Key: the measured window (throughput, latency), in milliseconds. */
    public static final String KEY_DURATION_MILLIS = "durationMillis";
    /** Key: tasks per burst (latency, idle's warm-up). */
    public static final String KEY_BURST = "burst";
    /** Key: the pause between bursts, in microseconds. */
    public static final String KEY_PAUSE_MICROS = "pauseMicros";
    /** Key: the idle window, in milliseconds. */
    public static final String KEY_IDLE_MILLIS = "idleMillis";

    /** Mode: tasks executed per second. */
    public static final String THROUGHPUT = "throughput";
    /** Mode: from {@code execute} to the task's start, in bursts after idle. */
    public static final String LATENCY = "latency";
    /** Mode: CPU used by an idle pool. */
    public static final String IDLE = "idle";
    /** The modes. */
    static final List<String> MODES = List.of(THROUGHPUT, LATENCY, IDLE);
    /**
     * The default comparison: JCQ's unbounded and bounded MPMC blocking queues against the JDK's
     * {@code LinkedBlockingQueue} (what {@code Executors.newFixedThreadPool} uses),
     * {@code ArrayBlockingQueue} and {@code LinkedTransferQueue}.
     */
    public static final List<String> QUEUES = List.of(BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED,
            BenchmarkQueues.BLOCKING_MPMC, BenchmarkQueues.JDK_LBQ, BenchmarkQueues.JDK_ABQ, BenchmarkQueues.JDK_LTQ);

    /** Exit status for bad arguments, as every command-line main here uses. */
    static final int EXIT_USAGE = 2;
    static final String USAGE = "usage: ExecutorBench " + KEY_MODE + "=" + String.join("|", MODES) + " ["
            + KEY_QTYPE + "=" + BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED + "] [" + KEY_WORKER_KIND + "=platform|virtual] ["
            + KEY_WORKERS + "=2] [" + KEY_SUBMITTERS + "=1] [" + KEY_CAPACITY + "=1024] [" + KEY_BACKLOG + "=capacity] ["
            + KEY_WARMUP_MILLIS + "=2000] [" + KEY_DURATION_MILLIS + "=5000] [" + KEY_BURST + "=64] ["
            + KEY_PAUSE_MICROS + "=50] [" + KEY_IDLE_MILLIS + "=2000]";
    private static final Set<String> KEYS = Set.of(KEY_MODE, KEY_QTYPE, KEY_WORKER_KIND, KEY_WORKERS, KEY_SUBMITTERS,
            KEY_CAPACITY, KEY_BACKLOG, KEY_WARMUP_MILLIS, KEY_DURATION_MILLIS, KEY_BURST, KEY_PAUSE_MICROS,
            KEY_IDLE_MILLIS);

    static final int DEFAULT_WORKERS = 2;
    static final int DEFAULT_CAPACITY = 1024;
    /**
     * Long enough for the JIT to settle: with 1 s, {@code -XX:+PrintCompilation} showed the wait
     * paths (JCQ's and the JDK's virtual-thread scheduler's) deoptimized and compiled again up to
     * 3.5 s after the start, tens to hundreds of milliseconds of compilation inside the window, and
     * the latency mode's 99th percentile moved with it (see {@code jitMillis} in the output).
     */
    static final long DEFAULT_WARMUP_MILLIS = 5_000;
    static final long DEFAULT_DURATION_MILLIS = 5_000;
    static final int DEFAULT_BURST = 64;
    static final long DEFAULT_PAUSE_MICROS = 50;
    static final long DEFAULT_IDLE_MILLIS = 2_000;
    /** The pause between the idle mode's warm-up and its window, for the workers to park. */
    static final long SETTLE_MILLIS = 200;
    /** How long the harness waits for a burst to run, or the pool to terminate, before it gives up. */
    private static final long PATIENCE_MILLIS = 10_000;
    private static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double NANOS_PER_MICRO = 1e3;
    private static final double NANOS_PER_MILLI = 1e6;
    private static final double NANOS_PER_SECOND = 1e9;

    private ExecutorBench() {
    }

    /** The parsed command line. */
    record Settings(String mode, String qType, String workerKind, int workers, int submitters, int capacity,
            int backlog, long warmupMillis, long durationMillis, int burst, long pauseMicros, long idleMillis) {
    }

    public static void main(String[] args) throws InterruptedException {
        final int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Parses, measures and prints the result line.
     *
     * @return 0, or {@link #EXIT_USAGE} after printing the problem and the usage to {@code err}
     */
    static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        final Settings settings;
        try {
            settings = parse(args);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.println(USAGE);
            return EXIT_USAGE;
        }
        out.println(measure(settings));
        return 0;
    }

    /**
     * @throws IllegalArgumentException naming the argument and its value: not key=value, an
     *                                  unknown key, mode, queue or worker kind, a queue that not
     *                                  every thread may offer to and poll from, virtual before JDK
     *                                  21, a number that is not positive, fewer backlog than
     *                                  submitters, a burst larger than the capacity
     */
    static Settings parse(String[] args) {
        final Map<String, String> v = KeyValueArgs.parse(args, KEYS);
        final String mode = v.getOrDefault(KEY_MODE, THROUGHPUT);
        if (!MODES.contains(mode)) {
            throw new IllegalArgumentException("Unknown " + KEY_MODE + ": '" + mode + "'; known: " + MODES);
        }
        final String qType = v.getOrDefault(KEY_QTYPE, BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED);
        if (KeyValueArgs.qTypes(KEY_QTYPE, qType, BenchmarkQueues.blockingNames()).size() != 1) {
            throw new IllegalArgumentException(KEY_QTYPE + "=" + qType + ": one queue per run");
        }
        if (BenchmarkQueues.maxProducers(qType) != BenchmarkQueues.ANY_NUMBER
                || BenchmarkQueues.maxConsumers(qType) != BenchmarkQueues.ANY_NUMBER) {
            throw new IllegalArgumentException(KEY_QTYPE + "=" + qType + ": a work queue must take any number of "
                    + "producers and consumers");
        }
        final String workerKind = v.getOrDefault(KEY_WORKER_KIND, ThreadKind.PLATFORM);
        try {
            ThreadKind.check(workerKind);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " (in " + KEY_WORKER_KIND + "=" + workerKind + ")", e);
        }
        final int capacity = KeyValueArgs.positiveInt(KEY_CAPACITY, v.get(KEY_CAPACITY), DEFAULT_CAPACITY);
        final int submitters = KeyValueArgs.positiveInt(KEY_SUBMITTERS, v.get(KEY_SUBMITTERS), 1);
        final int backlog = KeyValueArgs.positiveInt(KEY_BACKLOG, v.get(KEY_BACKLOG), capacity);
        if (backlog < submitters) {
            throw new IllegalArgumentException(KEY_BACKLOG + "=" + backlog + " must be at least " + KEY_SUBMITTERS
                    + " (" + submitters + ")");
        }
        final int burst = KeyValueArgs.positiveInt(KEY_BURST, v.get(KEY_BURST), DEFAULT_BURST);
        if (burst > capacity) {
            throw new IllegalArgumentException(KEY_BURST + "=" + burst + " must not exceed " + KEY_CAPACITY + " ("
                    + capacity + "): a bounded queue would reject the rest of a burst");
        }
        return new Settings(mode, qType, workerKind,
                KeyValueArgs.positiveInt(KEY_WORKERS, v.get(KEY_WORKERS), DEFAULT_WORKERS), submitters, capacity,
                backlog,
                KeyValueArgs.positiveLong(KEY_WARMUP_MILLIS, v.get(KEY_WARMUP_MILLIS), DEFAULT_WARMUP_MILLIS),
                KeyValueArgs.positiveLong(KEY_DURATION_MILLIS, v.get(KEY_DURATION_MILLIS), DEFAULT_DURATION_MILLIS),
                burst, KeyValueArgs.positiveLong(KEY_PAUSE_MICROS, v.get(KEY_PAUSE_MICROS), DEFAULT_PAUSE_MICROS),
                KeyValueArgs.positiveLong(KEY_IDLE_MILLIS, v.get(KEY_IDLE_MILLIS), DEFAULT_IDLE_MILLIS));
    }

    /** Runs the measurement {@code s} names and returns its result line. */
    static String measure(Settings s) throws InterruptedException {
        final Map<String, String> fields = new LinkedHashMap<>();
        fields.put(KEY_MODE, s.mode());
        fields.put(KEY_QTYPE, s.qType());
        fields.put(KEY_WORKER_KIND, s.workerKind());
        fields.put(KEY_WORKERS, Integer.toString(s.workers()));
        fields.put(KEY_SUBMITTERS, Integer.toString(THROUGHPUT.equals(s.mode()) ? s.submitters() : 1));
        fields.put(KEY_CAPACITY, Integer.toString(s.capacity()));
        fields.put("java", Runtime.version().toString());
        final List<Thread> workers = new CopyOnWriteArrayList<>();
        final ThreadPoolExecutor pool = pool(s, workers);
        try {
            switch (s.mode()) {
                case THROUGHPUT:
                    throughput(s, pool, fields);
                    break;
                case LATENCY:
                    latency(s, pool, workers, fields);
                    break;
                default:
                    idle(s, pool, workers, fields);
                    break;
            }
        } finally {
            // After a failure: stop taking tasks (shutdown, not shutdownNow, which may need to
            // remove from the queue); the workers are daemons.
            pool.shutdown();
        }
        final StringBuilder line = new StringBuilder(LINE_PREFIX);
        fields.forEach((k, value) -> line.append(' ').append(k).append('=').append(value));
        return line.toString();
    }

    /** The pool, with every worker started; {@code workers} gets each worker's thread. */
    static ThreadPoolExecutor pool(Settings s, List<Thread> workers) {
        final BlockingQueue<Runnable> queue = BenchmarkQueues.createBlocking(s.qType(), s.capacity());
        final ThreadFactory kind = ThreadKind.factory(s.workerKind(), "worker-");
        final ThreadFactory recording = task -> {
            final Thread t = kind.newThread(task);
            workers.add(t);
            return t;
        };
        final ThreadPoolExecutor pool = new ThreadPoolExecutor(s.workers(), s.workers(), 0L, TimeUnit.MILLISECONDS,
                queue, recording, new ThreadPoolExecutor.AbortPolicy());
        pool.prestartAllCoreThreads();
        return pool;
    }

    // ---- Throughput ---------------------------------------------------------------------------

    /** One submitting thread: executes its task while it has fewer than {@code limit} tasks outstanding. */
    private static final class Submitter implements Runnable {
        private final ThreadPoolExecutor pool;
        private final long limit;
        /** Incremented by each of this submitter's tasks that ran. */
        final LongAdder executed = new LongAdder();
        private final Runnable task = executed::increment;
        private volatile boolean stop;
        /** Set when the thread ends (its end publishes them to a joiner). */
        long submitted;
        long rejected;

        Submitter(ThreadPoolExecutor pool, long limit) {
            this.pool = pool;
            this.limit = limit;
        }

        @Override
        public void run() {
            long sent = 0;
            long dropped = 0;
            // What this submitter last read of its executed count: it reads the adder again only
            // when that reading says it is at its limit.
            long known = 0;
            while (!stop) {
                if (sent - known >= limit) {
                    known = executed.sum();
                    if (sent - known >= limit) {
                        Thread.yield();
                        continue;
                    }
                }
                try {
                    pool.execute(task);
                    sent++;
                } catch (RejectedExecutionException e) {
                    dropped++;
                }
            }
            submitted = sent;
            rejected = dropped;
        }
    }

    private static long executed(List<Submitter> submitters) {
        long sum = 0;
        for (Submitter s : submitters) {
            sum += s.executed.sum();
        }
        return sum;
    }

    private static void throughput(Settings s, ThreadPoolExecutor pool, Map<String, String> fields)
            throws InterruptedException {
        final List<Submitter> submitters = new ArrayList<>();
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < s.submitters(); i++) {
            final Submitter submitter = new Submitter(pool, s.backlog() / s.submitters());
            final Thread t = new Thread(submitter, "submitter-" + (i + 1));
            t.setDaemon(true);
            submitters.add(submitter);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        Thread.sleep(s.warmupMillis());
        final long jitBefore = jitMillis();
        final long executedBefore = executed(submitters);
        final long start = System.nanoTime();
        Thread.sleep(s.durationMillis());
        final long executedAfter = executed(submitters);
        final long nanos = System.nanoTime() - start;
        final String jitInWindow = jitMillisSince(jitBefore);
        for (Submitter submitter : submitters) {
            submitter.stop = true;
        }
        long submitted = 0;
        long rejected = 0;
        for (int i = 0; i < threads.size(); i++) {
            threads.get(i).join(PATIENCE_MILLIS);
            if (threads.get(i).isAlive()) {
                throw new IllegalStateException(threads.get(i).getName() + " did not stop within " + PATIENCE_MILLIS
                        + " ms");
            }
            submitted += submitters.get(i).submitted;
            rejected += submitters.get(i).rejected;
        }
        terminate(pool);
        final long executed = executedAfter - executedBefore;
        fields.put(KEY_BACKLOG, Integer.toString(s.backlog()));
        fields.put("seconds", String.format(Locale.ROOT, "%.3f", nanos / NANOS_PER_SECOND));
        fields.put("tasksPerSecond", String.format(Locale.ROOT, "%.0f", executed * NANOS_PER_SECOND / nanos));
        fields.put("executed", Long.toString(executed));
        fields.put("submittedTotal", Long.toString(submitted));
        fields.put("executedTotal", Long.toString(executed(submitters)));
        fields.put("rejected", Long.toString(rejected));
        fields.put(KEY_JIT_MILLIS, jitInWindow);
    }

    /** Shuts the pool down and waits for what is queued to run. */
    private static void terminate(ThreadPoolExecutor pool) throws InterruptedException {
        pool.shutdown();
        if (!pool.awaitTermination(PATIENCE_MILLIS, TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("the pool did not terminate within " + PATIENCE_MILLIS + " ms: " + pool);
        }
    }

    // ---- Bursts: latency, and idle's warm-up --------------------------------------------------

    /** A task that records when it started and counts itself done. */
    private static final class Stamped implements Runnable {
        private final AtomicInteger done;
        /** Written before the increment of {@code done} that publishes it. */
        long startedNanos;

        Stamped(AtomicInteger done) {
            this.done = done;
        }

        @Override
        public void run() {
            startedNanos = System.nanoTime();
            done.incrementAndGet();
        }
    }

    /** Bursts of tasks through a pool, one at a time. */
    private static final class Bursts {
        private final ThreadPoolExecutor pool;
        private final List<Thread> workers;
        private final AtomicInteger done = new AtomicInteger();
        private final Stamped[] tasks;
        private final long[] submittedNanos;
        private final long pauseNanos;
        final Histogram histogram = new Histogram(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
        long bursts;
        long parkedBefore;

        Bursts(ThreadPoolExecutor pool, List<Thread> workers, int burst, long pauseMicros) {
            this.pool = pool;
            this.workers = workers;
            this.tasks = new Stamped[burst];
            for (int i = 0; i < burst; i++) {
                tasks[i] = new Stamped(done);
            }
            this.submittedNanos = new long[burst];
            this.pauseNanos = TimeUnit.MICROSECONDS.toNanos(pauseMicros);
        }

        /** Runs bursts for {@code millis}; records them if {@code record}. */
        void runFor(long millis, boolean record) {
            final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            while (System.nanoTime() - end < 0) {
                if (record) {
                    bursts++;
                    if (allParked(workers)) {
                        parkedBefore++;
                    }
                }
                done.set(0);
                for (int i = 0; i < tasks.length; i++) {
                    submittedNanos[i] = System.nanoTime();
                    pool.execute(tasks[i]);
                }
                awaitBurst();
                if (record) {
                    for (int i = 0; i < tasks.length; i++) {
                        final long nanos = tasks[i].startedNanos - submittedNanos[i];
                        histogram.recordValue(Math.min(Math.max(nanos, 0), HIGHEST_TRACKABLE_NANOS));
                    }
                }
                pause();
            }
        }

        private void awaitBurst() {
            final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MILLIS);
            while (done.get() < tasks.length) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException(done.get() + " of " + tasks.length + " tasks of a burst ran within "
                            + PATIENCE_MILLIS + " ms: " + pool);
                }
                Thread.yield();
            }
        }

        private void pause() {
            final long until = System.nanoTime() + pauseNanos;
            for (long left = pauseNanos; left > 0; left = until - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
        }
    }

    /** Whether every worker is parked (an idle worker of any of the queues waits in a park). */
    static boolean allParked(List<Thread> workers) {
        for (Thread t : workers) {
            final Thread.State state = t.getState();
            if (state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING) {
                return false;
            }
        }
        return true;
    }

    private static void latency(Settings s, ThreadPoolExecutor pool, List<Thread> workers, Map<String, String> fields)
            throws InterruptedException {
        final Bursts bursts = new Bursts(pool, workers, s.burst(), s.pauseMicros());
        bursts.runFor(s.warmupMillis(), false);
        final long jitBefore = jitMillis();
        bursts.runFor(s.durationMillis(), true);
        final String jitInWindow = jitMillisSince(jitBefore);
        terminate(pool);
        final Histogram h = bursts.histogram;
        fields.put(KEY_BURST, Integer.toString(s.burst()));
        fields.put(KEY_PAUSE_MICROS, Long.toString(s.pauseMicros()));
        fields.put("samples", Long.toString(h.getTotalCount()));
        fields.put("bursts", Long.toString(bursts.bursts));
        fields.put("parkedBeforeBurst", String.format(Locale.ROOT, "%.3f",
                bursts.bursts == 0 ? 0.0 : (double) bursts.parkedBefore / bursts.bursts));
        fields.put("p50Us", micros(h.getValueAtPercentile(50)));
        fields.put("p90Us", micros(h.getValueAtPercentile(90)));
        fields.put("p99Us", micros(h.getValueAtPercentile(99)));
        fields.put("p999Us", micros(h.getValueAtPercentile(99.9)));
        fields.put("maxUs", micros(h.getMaxValue()));
        fields.put("meanUs", String.format(Locale.ROOT, "%.2f", h.getMean() / NANOS_PER_MICRO));
        fields.put(KEY_JIT_MILLIS, jitInWindow);
    }

    /**
     * The JIT compilers' total time so far, in milliseconds (summed over compiler threads), or -1
     * where the JVM does not measure it.
     */
    static long jitMillis() {
        final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    /**
     * The compilers' time since {@code before} (a {@link #jitMillis()} reading), as printed: whether
     * code was still being compiled (or deoptimized and compiled again) in a window; {@code na}
     * where the JVM does not measure it.
     */
    static String jitMillisSince(long before) {
        return before < 0 ? "na" : Long.toString(jitMillis() - before);
    }

    private static String micros(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / NANOS_PER_MICRO);
    }

    // ---- Idle ---------------------------------------------------------------------------------

    private static void idle(Settings s, ThreadPoolExecutor pool, List<Thread> workers, Map<String, String> fields)
            throws InterruptedException {
        new Bursts(pool, workers, s.burst(), s.pauseMicros()).runFor(s.warmupMillis(), false);
        Thread.sleep(SETTLE_MILLIS);
        final boolean platform = ThreadKind.PLATFORM.equals(s.workerKind());
        final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        final long processBefore = processCpuNanos();
        final long workersBefore = platform ? threadsCpuNanos(mx, workers) : 0;
        final long start = System.nanoTime();
        Thread.sleep(s.idleMillis());
        final long processAfter = processCpuNanos();
        final long workersAfter = platform ? threadsCpuNanos(mx, workers) : 0;
        final long nanos = System.nanoTime() - start;
        int parked = 0;
        for (Thread t : workers) {
            parked += allParked(List.of(t)) ? 1 : 0;
        }
        terminate(pool);
        // The baseline: the same process, with the pool gone, over an equal window.
        final long baselineBefore = processCpuNanos();
        final long baselineStart = System.nanoTime();
        Thread.sleep(s.idleMillis());
        final long baselineNanos = System.nanoTime() - baselineStart;
        final double idleSeconds = nanos / NANOS_PER_SECOND;
        final double process = (processAfter - processBefore) / NANOS_PER_MILLI / idleSeconds;
        final double baseline = (processCpuNanos() - baselineBefore) / NANOS_PER_MILLI
                / (baselineNanos / NANOS_PER_SECOND);
        fields.put(KEY_IDLE_MILLIS, Long.toString(s.idleMillis()));
        fields.put("processCpuMsPerS", String.format(Locale.ROOT, "%.2f", process));
        fields.put("baselineCpuMsPerS", String.format(Locale.ROOT, "%.2f", baseline));
        fields.put("netCpuMsPerS", String.format(Locale.ROOT, "%.2f", process - baseline));
        fields.put("workerCpuMsPerS", platform ? String.format(Locale.ROOT, "%.3f",
                (workersAfter - workersBefore) / NANOS_PER_MILLI / idleSeconds) : "na");
        fields.put("parkedWorkers", parked + "/" + workers.size());
    }

    private static long threadsCpuNanos(ThreadMXBean mx, List<Thread> threads) {
        long sum = 0;
        for (Thread t : threads) {
            @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; this module targets 17
            final long id = t.getId();
            final long nanos = mx.getThreadCpuTime(id);
            if (nanos < 0) {
                throw new IllegalStateException("this JVM does not measure thread CPU time");
            }
            sum += nanos;
        }
        return sum;
    }

    private static long processCpuNanos() {
        final java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (!(os instanceof com.sun.management.OperatingSystemMXBean hotspot)) {
            throw new IllegalStateException("this JVM does not report process CPU time");
        }
        return hotspot.getProcessCpuTime();
    }
}
