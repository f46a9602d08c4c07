package org.jcq.benchmarks.tools;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.jcq.benchmarks.support.KeyValueArgs;
import org.jcq.benchmarks.support.ThreadKind;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The CPU a consumer burns while it waits in {@code take()} on an empty blocking queue, and how
 * long it takes to wake when an element arrives: for each queue of
 * {@link BenchmarkQueues#blockingNames()} and each thread kind, one consumer is started, left idle
 * for {@code idleMillis}, then handed one element. A queue whose waiters park should show
 * essentially no CPU; one that spins shows up to a core's worth (1000 ms per idle second).
 * <p>
 * <b>How CPU is measured, and why that is honest:</b> a platform consumer's own CPU time, from
 * {@link ThreadMXBean#getThreadCpuTime(long)}, read when the thread is about to call {@code take}
 * and again after the idle window: any spinning before it parks is counted, and nothing else is.
 * The JVM does not report a virtual thread's CPU time, so for a virtual consumer the figure is
 * this process's CPU time over the window minus that of an equal window with no consumer, taken
 * just before: the JIT, GC and other background threads are in both and cancel, up to their
 * noise (a negative figure is that noise). The process clock ticks in 10 ms on Linux, so the
 * virtual figure resolves only {@code 10 / idleSeconds} ms per idle second (5 at the default
 * 2 s): enough to tell parking (0) from spinning (up to 1000), not to compare two parked queues.
 * <p>
 * <b>Wake-up:</b> after the window the consumer is handed {@value #WAKES} elements one at a
 * time, each only once its thread is parked again ({@code WAITING} or {@code TIMED_WAITING}),
 * so every sample is a real wake-up from park: from just before the {@code put} to the consumer's first instruction after
 * {@code take} returns, which includes the OS scheduler's wake-up. The first is printed apart: it
 * runs the queue's signalling path for the first time (interpreted, classes loading), so it is
 * mostly start-up cost; the median of all of them is the figure to compare.
 * <p>
 * <b>Command:</b>
 * <pre>
 * java -cp jctools-benchmarks/target/benchmarks.jar org.jcq.benchmarks.tools.IdleConsumerCpu \
 *     [qTypes=SpscBlockingArrayQueue,JDK.ArrayBlockingQueue] [idleMillis=2000] [threadKinds=platform,virtual]
 * </pre>
 */
public final class IdleConsumerCpu {
    /** Key: comma-separated {@link BenchmarkQueues#blockingNames()}; default all of them. */
    public static final String KEY_QTYPES = "qTypes";
    /** Key: how long each consumer waits on the empty queue, in milliseconds. */
    public static final String KEY_IDLE_MILLIS = "idleMillis";
    /** Key: comma-separated {@link ThreadKind#KINDS}; default both where virtual is available. */
    public static final String KEY_THREAD_KINDS = "threadKinds";
    /** The default idle window. */
    public static final long DEFAULT_IDLE_MILLIS = 2000;
    /** Exit status for bad arguments, as every command-line main here uses. */
    static final int EXIT_USAGE = 2;
    static final String USAGE = "usage: IdleConsumerCpu [" + KEY_QTYPES + "=a,b,c] [" + KEY_IDLE_MILLIS
            + "=N (default " + DEFAULT_IDLE_MILLIS + ")] [" + KEY_THREAD_KINDS + "=platform,virtual]";
    private static final Set<String> KEYS = Set.of(KEY_QTYPES, KEY_IDLE_MILLIS, KEY_THREAD_KINDS);
    /** The requested capacity of every queue; irrelevant to an empty queue, but must be valid. */
    private static final int CAPACITY = 1024;
    /** How long a consumer may take to wake and finish before the run calls it stuck. */
    private static final long WAKE_JOIN_MILLIS = TimeUnit.SECONDS.toMillis(10);
    private static final double NANOS_PER_MILLI = 1e6;
    private static final double NANOS_PER_MICRO = 1e3;
    private static final double MILLIS_PER_SECOND = 1e3;
    private static final Integer ELEMENT = 1;
    /** How many wake-ups each consumer is measured for. */
    static final int WAKES = 9;
    /** How often the run looks whether the consumer has parked again, or has taken the element. */
    private static final long POLL_MILLIS = 1;

    private IdleConsumerCpu() {
    }

    /** The parsed command line. */
    record Settings(List<String> qTypes, long idleMillis, List<String> threadKinds) {
    }

    /**
     * One consumer's measurement.
     *
     * @param qType      the queue's {@link BenchmarkQueues} name
     * @param threadKind the consumer's {@link ThreadKind}
     * @param idleMillis how long it waited on the empty queue
     * @param cpuNanos   the CPU it used meanwhile (for a virtual thread: process minus baseline)
     * @param idleState  its {@link Thread.State} at the end of the window ({@code WAITING} or
     *                   {@code TIMED_WAITING}: parked)
     * @param firstWakeNanos  the first wake-up: from just before the put to just after its take
     *                        returned
     * @param medianWakeNanos the median of {@link #WAKES} such wake-ups, the first included
     */
    record Row(String qType, String threadKind, long idleMillis, long cpuNanos, Thread.State idleState,
            long firstWakeNanos, long medianWakeNanos) {
        /** @return CPU milliseconds per second of idle wall time */
        double cpuMillisPerIdleSecond() {
            return cpuNanos / NANOS_PER_MILLI / (idleMillis / MILLIS_PER_SECOND);
        }

        /** @return the fraction of the idle window the consumer spent on a CPU */
        double cpuFraction() {
            return cpuNanos / (idleMillis * NANOS_PER_MILLI);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        final int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Parses, measures and prints the table.
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
        final List<Row> rows = new ArrayList<>();
        for (String qType : settings.qTypes()) {
            for (String kind : settings.threadKinds()) {
                rows.add(measure(qType, kind, settings.idleMillis()));
            }
        }
        out.print(table(rows));
        return 0;
    }

    /**
     * @throws IllegalArgumentException naming the argument and its value: not key=value, an
     *                                  unknown key, queue or thread kind, virtual before JDK 21,
     *                                  an idle time that is not a positive long
     */
    static Settings parse(String[] args) {
        final Map<String, String> values = KeyValueArgs.parse(args, KEYS);
        return new Settings(KeyValueArgs.qTypes(KEY_QTYPES, values.get(KEY_QTYPES), BenchmarkQueues.blockingNames()),
                KeyValueArgs.positiveLong(KEY_IDLE_MILLIS, values.get(KEY_IDLE_MILLIS), DEFAULT_IDLE_MILLIS),
                threadKinds(values.get(KEY_THREAD_KINDS)));
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
     * A consumer that takes {@link #WAKES} elements: says when it is about to call {@code take}
     * the first time and when each {@code take} returned.
     */
    private static final class Consumer implements Runnable {
        private final BlockingQueue<Integer> q;
        private final CountDownLatch aboutToTake = new CountDownLatch(1);
        private final long[] tookAtNanos = new long[WAKES];
        /** Elements taken; its volatile write publishes the matching {@link #tookAtNanos} entry. */
        private volatile int taken;

        Consumer(BlockingQueue<Integer> q) {
            this.q = q;
        }

        @Override
        public void run() {
            aboutToTake.countDown();
            try {
                for (int i = 0; i < WAKES; i++) {
                    q.take();
                    tookAtNanos[i] = System.nanoTime();
                    taken = i + 1;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Measures one consumer.
     *
     * @throws IllegalStateException if the consumer does not wake and finish after the put
     */
    static Row measure(String qType, String threadKind, long idleMillis) throws InterruptedException {
        final boolean platform = ThreadKind.PLATFORM.equals(ThreadKind.check(threadKind));
        final BlockingQueue<Integer> q = BenchmarkQueues.createBlocking(qType, CAPACITY);
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        // The baseline: this process's CPU over an idle window with no consumer (virtual only).
        final long baseline = platform ? 0 : processCpuOver(idleMillis);
        final Consumer consumer = new Consumer(q);
        final Thread t = ThreadKind.start(threadKind, "idle-consumer", consumer);
        consumer.aboutToTake.await();
        final long cpuBefore = platform ? threadCpu(threads, t) : processCpuNanos();
        Thread.sleep(idleMillis);
        final long cpuAfter = platform ? threadCpu(threads, t) : processCpuNanos();
        final Thread.State idleState = t.getState();
        final long[] wakes = new long[WAKES];
        try {
            for (int i = 0; i < WAKES; i++) {
                awaitParked(t, qType);
                final long putAt = System.nanoTime();
                q.put(ELEMENT);
                awaitTaken(consumer, i + 1, qType);
                wakes[i] = consumer.tookAtNanos[i] - putAt;
            }
            t.join(WAKE_JOIN_MILLIS);
        } finally {
            t.interrupt();
        }
        final long firstWake = wakes[0];
        Arrays.sort(wakes);
        return new Row(qType, threadKind, idleMillis, cpuAfter - cpuBefore - baseline, idleState, firstWake,
                wakes[WAKES / 2]);
    }

    /**
     * Whether a thread in {@code state} is parked: {@code WAITING}, or {@code TIMED_WAITING} (a
     * waiter that re-checks now and then, as ours do until the other side acknowledged them).
     */
    static boolean isParked(Thread.State state) {
        return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
    }

    /** Waits until {@code t} is parked, e.g. again after its last take. */
    private static void awaitParked(Thread t, String qType) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAKE_JOIN_MILLIS);
        while (!isParked(t.getState())) {
            checkDeadline(deadline, qType + ": the consumer did not park within " + WAKE_JOIN_MILLIS
                    + " ms; it is " + t.getState());
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** Waits until the consumer has taken {@code count} elements. */
    private static void awaitTaken(Consumer consumer, int count, String qType) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAKE_JOIN_MILLIS);
        while (consumer.taken < count) {
            checkDeadline(deadline, qType + ": the consumer did not wake within " + WAKE_JOIN_MILLIS
                    + " ms of a put");
            Thread.sleep(POLL_MILLIS);
        }
    }

    private static void checkDeadline(long deadline, String message) {
        if (System.nanoTime() - deadline > 0) {
            throw new IllegalStateException(message);
        }
    }

    private static long threadCpu(ThreadMXBean threads, Thread t) {
        @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; this module targets 17
        final long id = t.getId();
        final long nanos = threads.getThreadCpuTime(id);
        if (nanos < 0) {
            throw new IllegalStateException("this JVM does not measure thread CPU time");
        }
        return nanos;
    }

    private static long processCpuOver(long millis) throws InterruptedException {
        final long before = processCpuNanos();
        Thread.sleep(millis);
        return processCpuNanos() - before;
    }

    private static long processCpuNanos() {
        final java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (!(os instanceof com.sun.management.OperatingSystemMXBean)) {
            throw new IllegalStateException("this JVM does not report process CPU time");
        }
        return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
    }

    /** @return the rows as an aligned text table */
    static String table(List<Row> rows) {
        final StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%-28s %-8s %8s %14s %-11s %14s %16s%n", "qType", "thread", "idle ms", "CPU ms/idle s",
                "idle state", "1st wake us", "median wake us"));
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%-28s %-8s %8d %14.3f %-11s %14.1f %16.1f%n", r.qType(),
                    r.threadKind(), r.idleMillis(), r.cpuMillisPerIdleSecond(), r.idleState(),
                    r.firstWakeNanos() / NANOS_PER_MICRO, r.medianWakeNanos() / NANOS_PER_MICRO));
        }
        return sb.toString();
    }
}
