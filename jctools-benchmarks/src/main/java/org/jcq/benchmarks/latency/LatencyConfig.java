package org.jcq.benchmarks.latency;

import java.math.BigDecimal;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.jcq.benchmarks.support.KeyValueArgs;
import org.jcq.benchmarks.support.BenchmarkQueues;

/**
 * The settings of one latency run, parsed from {@code key=value} arguments (see
 * {@link #parse(String...)} and {@link #usage()}). Every check happens here, so a run never
 * starts with settings it cannot honour.
 *
 * @param qType              the queue, by its {@link BenchmarkQueues} name
 * @param capacity           the queue's requested capacity
 * @param mode               what is scheduled and which time the summary headlines
 * @param rate               requested messages per second (not used by {@link Mode#ALLOUT})
 * @param warmupSeconds      seconds of warm-up: logged, left out of the summary
 * @param durationSeconds    seconds of sending after the warm-up
 * @param intervalSeconds    length of one interval of the {@code .hlog}
 * @param scheduling         how the sender waits for a message's intended send time
 * @param out                the directory the {@code .hlog} and {@code .properties} go to
 * @param name               the base name of both files
 * @param window             the most messages sent and not yet received (the message pool)
 * @param workNanos          simulated work per message: the consumer busy-spins this long
 * @param pauseEveryMillis   a global pause of the consumer starts every this many ms (0: none)
 * @param pauseMillis        how long each global pause lasts
 * @param drainTimeoutSeconds how long the consumer may take to drain once sending stopped
 */
public record LatencyConfig(String qType, int capacity, Mode mode, double rate,
                            double warmupSeconds, double durationSeconds, double intervalSeconds,
                            Scheduling scheduling, Path out, String name, int window,
                            long workNanos, long pauseEveryMillis, long pauseMillis,
                            double drainTimeoutSeconds) {

    /** What the sender does and which recorded time the summary puts first. */
    public enum Mode {
        /** No schedule: send as fast as the queue and window allow; only service time is recorded. */
        ALLOUT(Kind.SERVICE, EnumSet.of(Kind.SERVICE)),
        /** Fixed rate; all three times recorded, service time headlined (what most tools report). */
        THROTTLE(Kind.SERVICE, EnumSet.allOf(Kind.class)),
        /** Fixed rate; all three times recorded, response time headlined (coordinated-omission free). */
        FIXED(Kind.RESPONSE, EnumSet.allOf(Kind.class));

        private final Kind summaryKind;
        private final Set<Kind> recorded;

        Mode(Kind summaryKind, Set<Kind> recorded) {
            this.summaryKind = summaryKind;
            this.recorded = recorded;
        }

        /** @return the kind the summary headlines */
        public Kind summaryKind() {
            return summaryKind;
        }

        /** @return the kinds recorded and logged, in {@link Kind} order */
        public Set<Kind> recorded() {
            return EnumSet.copyOf(recorded);
        }

        /** @return the name used on the command line and in the properties file */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How the sender waits until a message's intended send time. */
    public enum Scheduling {
        /** Busy-wait on {@link System#nanoTime()}: sub-microsecond accuracy, burns a core. */
        SPIN,
        /** {@code LockSupport.parkNanos}: frees the core, but wakes tens of microseconds late. */
        PARK;

        /** @return the name used on the command line and in the properties file */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static final String K_QTYPE = "qType";
    static final String K_CAPACITY = "capacity";
    static final String K_MODE = "mode";
    static final String K_RATE = "rate";
    static final String K_WARMUP = "warmup";
    static final String K_DURATION = "duration";
    static final String K_INTERVAL = "interval";
    static final String K_SCHEDULING = "scheduling";
    static final String K_OUT = "out";
    static final String K_NAME = "name";
    static final String K_WINDOW = "window";
    static final String K_WORK_NANOS = "workNanos";
    static final String K_PAUSE_EVERY_MILLIS = "pauseEveryMillis";
    static final String K_PAUSE_MILLIS = "pauseMillis";
    static final String K_DRAIN_TIMEOUT = "drainTimeout";
    private static final List<String> KEYS = List.of(K_QTYPE, K_CAPACITY, K_MODE, K_RATE, K_WARMUP,
            K_DURATION, K_INTERVAL, K_SCHEDULING, K_OUT, K_NAME, K_WINDOW, K_WORK_NANOS,
            K_PAUSE_EVERY_MILLIS, K_PAUSE_MILLIS, K_DRAIN_TIMEOUT);

    static final int DEFAULT_CAPACITY = 1024;
    static final double DEFAULT_RATE = 100_000;
    static final double DEFAULT_WARMUP_SECONDS = 2;
    static final double DEFAULT_DURATION_SECONDS = 10;
    static final double DEFAULT_INTERVAL_SECONDS = 1;
    static final String DEFAULT_OUT = "results/latency";
    static final double DEFAULT_DRAIN_TIMEOUT_SECONDS = 10;
    /**
     * The largest window: the pool holds one small message object per slot, so this bounds the
     * harness's own footprint (about 40 bytes a message, some 40 MiB here).
     */
    static final int MAX_WINDOW = 1 << 20;
    /**
     * The default window is this many times the queue's capacity (as a power of two): a bounded
     * queue then fills before the window binds, so the queue is the limit, as in production;
     * for an unbounded queue the window is the only bound on the backlog.
     */
    private static final int DEFAULT_WINDOW_PER_CAPACITY = 2;
    /**
     * Interval log timestamps are in milliseconds, so an interval cannot be shorter; nor can the
     * measured duration.
     */
    static final double MIN_INTERVAL_SECONDS = 0.001;
    private static final double NANOS_PER_SECOND = TimeUnit.SECONDS.toNanos(1);

    /**
     * @param args {@code key=value} arguments; every key is optional
     * @return the settings, defaults filled in
     * @throws IllegalArgumentException naming the argument and its value if a key is unknown, or
     *                                  a value malformed or out of range (whether the queue takes
     *                                  the capacity is checked when the run builds it)
     */
    public static LatencyConfig parse(String... args) {
        final Map<String, String> given = KeyValueArgs.parse(args, KEYS);
        final String qType = given.getOrDefault(K_QTYPE, BenchmarkQueues.SPSC);
        final int capacity = (int) longOf(given, K_CAPACITY, DEFAULT_CAPACITY, 1, Integer.MAX_VALUE);
        requireQueue(qType);
        final Mode mode = enumOf(given, K_MODE, Mode.FIXED, Mode.class);
        final double rate = mode == Mode.ALLOUT ? 0 : positive(given, K_RATE, DEFAULT_RATE);
        final double warmup = secondsOf(given, K_WARMUP, DEFAULT_WARMUP_SECONDS, 0);
        final double duration = secondsOf(given, K_DURATION, DEFAULT_DURATION_SECONDS, MIN_INTERVAL_SECONDS);
        final double interval = secondsOf(given, K_INTERVAL, DEFAULT_INTERVAL_SECONDS, MIN_INTERVAL_SECONDS);
        final Scheduling scheduling = enumOf(given, K_SCHEDULING, Scheduling.SPIN, Scheduling.class);
        final Path out = pathOf(given.getOrDefault(K_OUT, DEFAULT_OUT));
        final String name = nameOf(given.getOrDefault(K_NAME, qType));
        final int window = (int) longOf(given, K_WINDOW, defaultWindow(capacity), 1, MAX_WINDOW);
        final long workNanos = longOf(given, K_WORK_NANOS, 0, 0, Long.MAX_VALUE);
        final long pauseEvery = longOf(given, K_PAUSE_EVERY_MILLIS, 0, 0, Long.MAX_VALUE);
        final long pause = longOf(given, K_PAUSE_MILLIS, 0, 0,
                pauseEvery == 0 ? Long.MAX_VALUE : pauseEvery - 1);
        final double drain = secondsOf(given, K_DRAIN_TIMEOUT, DEFAULT_DRAIN_TIMEOUT_SECONDS, 0);
        return new LatencyConfig(qType, capacity, mode, rate, warmup, duration, interval,
                scheduling, out, name, window, workNanos, pauseEvery, pause, drain);
    }

    /** @return the text a command line prints beside a rejected argument */
    public static String usage() {
        final String[][] lines = {
            {K_QTYPE + "=<name>", "queue (default " + BenchmarkQueues.SPSC + "); one of " + BenchmarkQueues.names()},
            {K_CAPACITY + "=<n>", "requested capacity (default " + DEFAULT_CAPACITY + ")"},
            {K_MODE + "=allout|throttle|fixed", "what is scheduled and headlined (default fixed)"},
            {K_RATE + "=<msgs/s>", "offered rate (default " + secondsText(DEFAULT_RATE) + "; not used by allout)"},
            {K_WARMUP + "=<s>", "warm-up, logged but not summarised (default "
                    + secondsText(DEFAULT_WARMUP_SECONDS) + ")"},
            {K_DURATION + "=<s>", "measured sending time (default " + secondsText(DEFAULT_DURATION_SECONDS)
                    + ", at least " + secondsText(MIN_INTERVAL_SECONDS) + ")"},
            {K_INTERVAL + "=<s>", ".hlog interval (default " + secondsText(DEFAULT_INTERVAL_SECONDS)
                    + ", at least " + secondsText(MIN_INTERVAL_SECONDS) + ")"},
            {K_SCHEDULING + "=spin|park", "sender's wait for the schedule (default spin: burns a core)"},
            {K_OUT + "=<dir>", "output directory (default " + DEFAULT_OUT + ")"},
            {K_NAME + "=<base>", "file base name (default the qType)"},
            {K_WINDOW + "=<n>", "most messages in flight (default 2 x capacity rounded up to a power"
                    + " of two; at most " + MAX_WINDOW + ")"},
            {K_WORK_NANOS + "=<ns>", "consumer's simulated work per message (default 0)"},
            {K_PAUSE_EVERY_MILLIS + "=<ms>", "the consumer pauses this often (default 0: never)"},
            {K_PAUSE_MILLIS + "=<ms>", "length of each pause (less than " + K_PAUSE_EVERY_MILLIS + ")"},
            {K_DRAIN_TIMEOUT + "=<s>", "time allowed to drain after sending stops (default "
                    + secondsText(DEFAULT_DRAIN_TIMEOUT_SECONDS) + ")"},
        };
        final StringBuilder b = new StringBuilder("Usage: java -cp jctools-benchmarks/target/benchmarks.jar ")
                .append(LatencyBenchmark.class.getName()).append(" [key=value ...]");
        for (String[] line : lines) {
            b.append(System.lineSeparator()).append(String.format(Locale.ROOT, "  %-28s %s", line[0], line[1]));
        }
        return b.toString();
    }

    /** @return whether the sender follows a schedule (every mode but {@link Mode#ALLOUT}) */
    boolean scheduled() {
        return mode != Mode.ALLOUT;
    }

    /** @return nanoseconds between intended send times; meaningless for {@link Mode#ALLOUT} */
    double periodNanos() {
        return NANOS_PER_SECOND / rate;
    }

    long warmupNanos() {
        return toNanos(warmupSeconds);
    }

    long durationNanos() {
        return toNanos(durationSeconds);
    }

    long intervalNanos() {
        return toNanos(intervalSeconds);
    }

    long drainTimeoutNanos() {
        return toNanos(drainTimeoutSeconds);
    }

    /** @return seconds as written on the command line and in the properties file ("2", "0.25") */
    static String secondsText(double seconds) {
        return BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }

    private static long toNanos(double seconds) {
        return Math.round(seconds * NANOS_PER_SECOND);
    }

    private static int defaultWindow(int capacity) {
        final long pow2 = Long.highestOneBit(Math.max(1, capacity - 1L)) << 1;
        return (int) Math.min(MAX_WINDOW, pow2 * DEFAULT_WINDOW_PER_CAPACITY);
    }

    private static void requireQueue(String qType) {
        if (!BenchmarkQueues.names().contains(qType)) {
            throw new IllegalArgumentException(K_QTYPE + "=" + qType + ": unknown queue; known: "
                    + BenchmarkQueues.names());
        }
    }

    /**
     * Builds the run's queue. Not done while parsing: a large capacity costs its allocation.
     *
     * @throws IllegalArgumentException naming the capacity if the queue rejects it
     */
    <E> Queue<E> createQueue() {
        try {
            return BenchmarkQueues.create(qType, capacity);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(K_CAPACITY + "=" + capacity + ": rejected by " + qType
                    + ": " + e.getMessage(), e);
        }
    }

    private static long longOf(Map<String, String> given, String key, long dflt, long min, long max) {
        final String v = given.get(key);
        if (v == null) {
            return dflt;
        }
        final long n;
        try {
            n = Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + v + ": not a whole number", e);
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException(key + "=" + v + ": must be in [" + min + ", " + max + "]");
        }
        return n;
    }

    private static double positive(Map<String, String> given, String key, double dflt) {
        final double d = doubleOf(given, key, dflt);
        if (!(d > 0) || Double.isInfinite(d)) {
            throw new IllegalArgumentException(key + "=" + given.get(key) + ": must be a positive number");
        }
        return d;
    }

    /** A finite number of seconds, at least {@code min}. */
    private static double secondsOf(Map<String, String> given, String key, double dflt, double min) {
        final double d = doubleOf(given, key, dflt);
        if (!(d >= min) || Double.isInfinite(d)) {
            final String bound = ">= " + secondsText(min);
            throw new IllegalArgumentException(key + "=" + given.get(key)
                    + ": must be a number of seconds " + bound);
        }
        return d;
    }

    private static double doubleOf(Map<String, String> given, String key, double dflt) {
        final String v = given.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + v + ": not a number", e);
        }
    }

    private static <T extends Enum<T>> T enumOf(Map<String, String> given, String key, T dflt, Class<T> type) {
        final String v = given.get(key);
        if (v == null) {
            return dflt;
        }
        for (T t : type.getEnumConstants()) {
            if (t.name().equalsIgnoreCase(v.trim())) {
                return t;
            }
        }
        throw new IllegalArgumentException(key + "=" + v + ": unknown; one of "
                + EnumSet.allOf(type).toString().toLowerCase(Locale.ROOT));
    }

    private static Path pathOf(String v) {
        try {
            return Path.of(v);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(K_OUT + "=" + v + ": not a path", e);
        }
    }

    private static String nameOf(String v) {
        if (v.isEmpty() || v.contains("/") || v.contains("\\")) {
            throw new IllegalArgumentException(K_NAME + "=" + v + ": must be a non-empty file name");
        }
        return v;
    }
}
