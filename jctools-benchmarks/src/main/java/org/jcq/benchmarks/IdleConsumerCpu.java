package org.jcq.benchmarks;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
 * {@link QueueFactory#blockingNames()} and each thread kind, one consumer is started, left idle
 * for {@code idleMillis}, then handed one element. A queue whose waiters park should show
 * essentially no CPU; one that spins shows up to a core's worth (1000 ms per idle second).
 * <p>
 * <b>How CPU is measured, and why that is honest:</b> a platform consumer's own CPU time, from
 * {@link ThreadMXBean#getThreadCpuTime(long)}, read when the thread is about to call {@code take}
 * and again after the idle window: any spinning before it parks is counted, and nothing else is.
 * The JVM does not report a virtual thread's CPU time, so for a virtual consumer the figure is
 * this process's CPU time over the window minus that of an equal window with no consumer, taken
 * just before: the JIT, GC and other background threads are in both and cancel, up to their
 * noise (a few ms per second; a negative figure is that noise). The wake-up latency is one
 * sample: from just before the {@code put} to the consumer's first instruction after
 * {@code take} returns, so it includes the OS scheduler's wake-up.
 * <p>
 * <b>Command:</b>
 * <pre>
 * java -cp jctools-benchmarks/target/benchmarks.jar org.jcq.benchmarks.IdleConsumerCpu \
 *     [qTypes=SpscBlockingArrayQueue,JDK.ArrayBlockingQueue] [idleMillis=2000] [threadKinds=platform,virtual]
 * </pre>
 */
public final class IdleConsumerCpu {
    /** Key: comma-separated {@link QueueFactory#blockingNames()}; default all of them. */
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

    private IdleConsumerCpu() {
    }

    /** The parsed command line. */
    record Settings(List<String> qTypes, long idleMillis, List<String> threadKinds) {
    }

    /**
     * One consumer's measurement.
     *
     * @param qType      the queue's {@link QueueFactory} name
     * @param threadKind the consumer's {@link ThreadKind}
     * @param idleMillis how long it waited on the empty queue
     * @param cpuNanos   the CPU it used meanwhile (for a virtual thread: process minus baseline)
     * @param idleState  its {@link Thread.State} at the end of the window ({@code WAITING}: parked)
     * @param wakeNanos  from just before the put to just after its take returned
     */
    record Row(String qType, String threadKind, long idleMillis, long cpuNanos, Thread.State idleState,
            long wakeNanos) {
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
        final Map<String, String> values = new LinkedHashMap<>();
        for (String arg : args) {
            final int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("Argument is not key=value: '" + arg + "'");
            }
            final String key = arg.substring(0, eq);
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("Unknown key: '" + key + "' in '" + arg + "'; known: " + KEYS);
            }
            values.put(key, arg.substring(eq + 1));
        }
        return new Settings(qTypes(values.get(KEY_QTYPES)), idleMillis(values.get(KEY_IDLE_MILLIS)),
                threadKinds(values.get(KEY_THREAD_KINDS)));
    }

    private static List<String> qTypes(String value) {
        if (value == null) {
            return QueueFactory.blockingNames();
        }
        final List<String> qTypes = List.of(value.split(",", -1));
        for (String q : qTypes) {
            if (!QueueFactory.blockingNames().contains(q)) {
                throw new IllegalArgumentException("Unknown blocking qType: '" + q + "' in " + KEY_QTYPES + "="
                        + value + "; known: " + QueueFactory.blockingNames());
            }
        }
        return qTypes;
    }

    private static long idleMillis(String value) {
        if (value == null) {
            return DEFAULT_IDLE_MILLIS;
        }
        final long millis;
        try {
            millis = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(KEY_IDLE_MILLIS + " must be a positive long but was '" + value + "'",
                    e);
        }
        if (millis < 1) {
            throw new IllegalArgumentException(KEY_IDLE_MILLIS + " must be a positive long but was '" + value + "'");
        }
        return millis;
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

    /** A consumer waiting in {@code take}: says when it is about to call it and when it returned. */
    private static final class Consumer implements Runnable {
        private final BlockingQueue<Integer> q;
        private final CountDownLatch aboutToTake = new CountDownLatch(1);
        private volatile long tookAtNanos;

        Consumer(BlockingQueue<Integer> q) {
            this.q = q;
        }

        @Override
        public void run() {
            aboutToTake.countDown();
            try {
                q.take();
                tookAtNanos = System.nanoTime();
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
        final BlockingQueue<Integer> q = QueueFactory.createBlocking(qType, CAPACITY);
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
        final long putAt = System.nanoTime();
        q.put(ELEMENT);
        t.join(WAKE_JOIN_MILLIS);
        if (t.isAlive()) {
            t.interrupt();
            throw new IllegalStateException(qType + ": the " + threadKind + " consumer did not wake within "
                    + WAKE_JOIN_MILLIS + " ms of a put");
        }
        return new Row(qType, threadKind, idleMillis, cpuAfter - cpuBefore - baseline, idleState,
                consumer.tookAtNanos - putAt);
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
        final StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-28s %-8s %10s %16s %-13s %10s%n",
                "qType", "thread", "idle ms", "CPU ms/idle s", "idle state", "wake us"));
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%-28s %-8s %10d %16.3f %-13s %10.1f%n", r.qType(), r.threadKind(),
                    r.idleMillis(), r.cpuMillisPerIdleSecond(), r.idleState(), r.wakeNanos() / NANOS_PER_MICRO));
        }
        return sb.toString();
    }
}
