package org.jcq.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs a one-producer one-consumer benchmark for our queues, their JCTools twins (Unsafe and
 * VarHandle editions), Agrona's and the JDK's queues, and prints one table of elements handed
 * over per microsecond with 99.9% confidence intervals and ratios to the twins. The benchmark is
 * {@link QueueThroughput} ({@code benchmark=tpt}, the default: successful polls per
 * microsecond, the producer free to run a whole capacity ahead) or {@link QueueBurstCost}
 * ({@code benchmark=burst}: bursts times burst size per microsecond, the backlog bounded by the
 * burst, so linked-array queues stay within one chunk).
 * <p>
 * The quick mode runs our queues, each beside its JCTools (Unsafe edition) twin, and the JDK's
 * ConcurrentLinkedQueue; the full mode runs every queue {@link QueueFactory} knows.
 * <p>
 * Runs are interleaved: each of R rounds runs every queue in one fork, in an order shuffled per
 * round with a fixed seed, so each queue's R forks are spread over the whole run rather than
 * back to back, and slow drifts of the machine hit every queue alike. Statistics pool all
 * measurement iterations of all forks of a queue.
 * <p>
 * Usage: {@code java -cp benchmarks.jar org.jcq.benchmarks.Compare [quick|full] [key=value...]
 * [-prof gc]}. Every key may also be given as the system property {@code compare.<key>}; an
 * argument wins over a property, which wins over the mode's default. Keys: {@value #K_ROUNDS},
 * {@value #K_WARMUP_ITERATIONS}, {@value #K_WARMUP_TIME}, {@value #K_MEASUREMENT_ITERATIONS},
 * {@value #K_MEASUREMENT_TIME} (JMH time values such as {@code 1s} or {@code 500ms}),
 * {@value #K_QTYPES} (comma-separated), {@value #K_CAPACITY}, {@value #K_GC} (true adds JMH's GC
 * profiler), {@value #K_SEED}, {@value #K_JVM_ARGS} (space-separated, appended to the forks'), {@value #K_BENCHMARK} ({@code tpt} or
 * {@code burst}), {@value #K_BURST_SIZE},
 * {@value #K_RESULTS_DIR}, {@value #K_VERBOSITY} (JMH's: SILENT, NORMAL, EXTRA).
 * <p>
 * Every iteration's scores go to {@code <resultsDir>/compare-<timestamp>.csv}, written as the
 * runs finish.
 */
public final class Compare {
    static final String MODE_QUICK = "quick";
    static final String MODE_FULL = "full";

    static final String PROPERTY_PREFIX = "compare.";
    static final String K_ROUNDS = "rounds";
    static final String K_WARMUP_ITERATIONS = "warmupIterations";
    static final String K_WARMUP_TIME = "warmupTime";
    static final String K_MEASUREMENT_ITERATIONS = "measurementIterations";
    static final String K_MEASUREMENT_TIME = "measurementTime";
    static final String K_QTYPES = "qTypes";
    static final String K_CAPACITY = "capacity";
    static final String K_GC = "gc";
    static final String K_SEED = "seed";
    static final String K_JVM_ARGS = "jvmArgs";
    static final String K_RESULTS_DIR = "resultsDir";
    static final String K_VERBOSITY = "verbosity";
    static final String K_BENCHMARK = "benchmark";
    static final String K_BURST_SIZE = "burstSize";
    private static final List<String> KEYS = List.of(K_ROUNDS, K_WARMUP_ITERATIONS, K_WARMUP_TIME,
            K_MEASUREMENT_ITERATIONS, K_MEASUREMENT_TIME, K_QTYPES, K_CAPACITY, K_GC, K_SEED,
            K_JVM_ARGS, K_RESULTS_DIR, K_VERBOSITY, K_BENCHMARK, K_BURST_SIZE);
    /** {@link QueueThroughput}'s group. */
    static final String BENCHMARK_TPT = QueueThroughput.GROUP;
    /** {@link QueueBurstCost}. */
    static final String BENCHMARK_BURST = "burst";

    /** The first JDK that warns when sun.misc.Unsafe's memory-access methods are used. */
    private static final int FIRST_JDK_WARNING_ON_UNSAFE = 24;
    private static final String ALLOW_UNSAFE_QUIETLY = "--sun-misc-unsafe-memory-access=allow";
    private static final int QUICK_ROUNDS = 2;
    private static final int QUICK_WARMUP_ITERATIONS = 2;
    private static final int QUICK_MEASUREMENT_ITERATIONS = 3;
    private static final int FULL_ROUNDS = 5;
    private static final int FULL_WARMUP_ITERATIONS = 5;
    private static final int FULL_MEASUREMENT_ITERATIONS = 5;
    private static final String ITERATION_TIME = "1s";
    private static final long DEFAULT_SEED = 20_240_601L;
    private static final String DEFAULT_RESULTS_DIR = "results";
    /**
     * Rough cost of a fork beyond its iterations (JVM start, JMH set-up, tear-down), for the
     * estimate; about 0.3 s was measured on a 2-core machine.
     */
    private static final double FORK_OVERHEAD_SECONDS = 0.5;
    /** Seconds per nanosecond. */
    private static final double NANOS_PER_SECOND = 1e9;

    /** The JMH secondary result of the GC profiler to report, bytes allocated per operation. */
    private static final String GC_ALLOC_NORM = "gc.alloc.rate.norm";
    private static final String PROF_FLAG = "-prof";
    private static final String PROF_GC = "gc";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final String CSV_HEADER = "round,position,qType,capacity,iteration,"
            + "elements_per_us,offersMade_ops_per_us,primary_ops_per_us,gcAllocNorm_B_per_op";
    private static final String NOT_AVAILABLE = "-";

    private Compare() {
    }

    /** The resolved settings of one comparison. */
    record Settings(String mode, int rounds, int warmupIterations, TimeValue warmupTime,
                    int measurementIterations, TimeValue measurementTime, List<String> qTypes,
                    int capacity, boolean gc, long seed, List<String> jvmArgs, Path resultsDir,
                    VerboseMode verbosity, String benchmark, int burstSize) {

        boolean burst() {
            return benchmark.equals(BENCHMARK_BURST);
        }

        /** @return a rough wall-clock estimate of the whole comparison, in seconds */
        double estimatedSeconds() {
            final double perFork = FORK_OVERHEAD_SECONDS
                    + warmupIterations * seconds(warmupTime)
                    + measurementIterations * seconds(measurementTime);
            return (double) rounds * qTypes.size() * perFork;
        }

        private static double seconds(TimeValue t) {
            return t.convertTo(TimeUnit.NANOSECONDS) / NANOS_PER_SECOND;
        }
    }

    /**
     * Resolves the settings from the arguments and system properties.
     *
     * @param args       the command line
     * @param properties where {@code compare.<key>} properties are looked up
     * @return the settings
     * @throws IllegalArgumentException on an unknown mode, key, queue name or a malformed value
     */
    static Settings parse(String[] args, Properties properties) {
        String mode = MODE_QUICK;
        final Map<String, String> given = new LinkedHashMap<>();
        for (String key : KEYS) {
            final String v = properties.getProperty(PROPERTY_PREFIX + key);
            if (v != null) {
                given.put(key, v);
            }
        }
        for (int i = 0; i < args.length; i++) {
            final String a = args[i];
            if (a.equals(MODE_QUICK) || a.equals(MODE_FULL)) {
                mode = a;
            } else if (a.equals(PROF_FLAG) && i + 1 < args.length && args[i + 1].equals(PROF_GC)) {
                given.put(K_GC, Boolean.TRUE.toString());
                i++;
            } else if (a.indexOf('=') > 0) {
                final String key = a.substring(0, a.indexOf('='));
                if (!KEYS.contains(key)) {
                    throw new IllegalArgumentException("Unknown key '" + key + "'; known: " + KEYS);
                }
                given.put(key, a.substring(a.indexOf('=') + 1));
            } else {
                throw new IllegalArgumentException("Unknown argument '" + a + "'");
            }
        }
        final boolean full = mode.equals(MODE_FULL);
        final int rounds = intOf(given, K_ROUNDS, full ? FULL_ROUNDS : QUICK_ROUNDS);
        final int wi = intOf(given, K_WARMUP_ITERATIONS,
                full ? FULL_WARMUP_ITERATIONS : QUICK_WARMUP_ITERATIONS);
        final int mi = intOf(given, K_MEASUREMENT_ITERATIONS,
                full ? FULL_MEASUREMENT_ITERATIONS : QUICK_MEASUREMENT_ITERATIONS);
        final TimeValue wt = TimeValue.fromString(given.getOrDefault(K_WARMUP_TIME, ITERATION_TIME));
        final TimeValue mt =
                TimeValue.fromString(given.getOrDefault(K_MEASUREMENT_TIME, ITERATION_TIME));
        final List<String> qTypes = given.containsKey(K_QTYPES)
                ? splitNonEmpty(given.get(K_QTYPES), ",")
                : full ? QueueFactory.names() : QueueFactory.quickNames();
        final String benchmark = given.getOrDefault(K_BENCHMARK, BENCHMARK_TPT);
        if (!benchmark.equals(BENCHMARK_TPT) && !benchmark.equals(BENCHMARK_BURST)) {
            throw new IllegalArgumentException("Unknown benchmark '" + benchmark + "'; known: "
                    + BENCHMARK_TPT + ", " + BENCHMARK_BURST);
        }
        final int burstSize = intOf(given, K_BURST_SIZE, Integer.parseInt(QueueBurstCost.DEFAULT_BURST_SIZE));
        for (String q : qTypes) {
            if (!QueueFactory.names().contains(q)) {
                throw new IllegalArgumentException("Unknown qType '" + q + "'; known: "
                        + QueueFactory.names());
            }
        }
        if (rounds < 1 || mi < 1 || wi < 0 || qTypes.isEmpty() || burstSize < 1) {
            throw new IllegalArgumentException("Need rounds >= 1, measurementIterations >= 1, "
                    + "warmupIterations >= 0, burstSize >= 1 and at least one qType");
        }
        final int capacity = intOf(given, K_CAPACITY, Integer.parseInt(benchmark.equals(BENCHMARK_BURST)
                ? QueueBurstCost.DEFAULT_CAPACITY : QueueThroughput.DEFAULT_CAPACITY));
        final boolean gc = Boolean.parseBoolean(given.getOrDefault(K_GC, "false"));
        final long seed = given.containsKey(K_SEED) ? Long.parseLong(given.get(K_SEED)) : DEFAULT_SEED;
        final List<String> jvmArgs = splitNonEmpty(given.getOrDefault(K_JVM_ARGS, ""), " ");
        final Path dir = Paths.get(given.getOrDefault(K_RESULTS_DIR, DEFAULT_RESULTS_DIR));
        final VerboseMode verbosity = VerboseMode.valueOf(
                given.getOrDefault(K_VERBOSITY, VerboseMode.SILENT.name()).toUpperCase(Locale.ROOT));
        return new Settings(mode, rounds, wi, wt, mi, mt, List.copyOf(qTypes), capacity, gc, seed,
                jvmArgs, dir, verbosity, benchmark, burstSize);
    }

    private static int intOf(Map<String, String> given, String key, int fallback) {
        final String v = given.get(key);
        return v == null ? fallback : Integer.parseInt(v.trim());
    }

    private static List<String> splitNonEmpty(String s, String separator) {
        final List<String> out = new ArrayList<>();
        for (String part : s.split(Pattern.quote(separator))) {
            if (!part.isBlank()) {
                out.add(part.trim());
            }
        }
        return out;
    }

    /** The samples of one queue, pooled over all its forks. */
    static final class Samples {
        final List<Double> pollsMade = new ArrayList<>();
        final List<Double> bytesPerPoll = new ArrayList<>();
        int failedForks;

        static double[] toArray(List<Double> xs) {
            return xs.stream().mapToDouble(Double::doubleValue).toArray();
        }
    }

    public static void main(String[] args) throws IOException {
        final Settings s;
        try {
            s = parse(args, System.getProperties());
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: Compare [quick|full] [key=value ...] [-prof gc]; keys: " + KEYS
                    + " (also as -Dcompare.<key>=value)");
            System.exit(2);
            return;
        }
        final PrintStream out = System.out;
        printHeader(out, s);

        Files.createDirectories(s.resultsDir());
        final Path csv = s.resultsDir().resolve("compare-" + LocalDateTime.now().format(STAMP) + ".csv");
        final Map<String, Samples> samples = new LinkedHashMap<>();
        for (String q : s.qTypes()) {
            samples.put(q, new Samples());
        }
        final long start = System.nanoTime();
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv, StandardCharsets.UTF_8))) {
            w.println(CSV_HEADER);
            final Random rnd = new Random(s.seed());
            final int totalRuns = s.rounds() * s.qTypes().size();
            int runsDone = 0;
            for (int round = 1; round <= s.rounds(); round++) {
                final List<String> order = new ArrayList<>(s.qTypes());
                Collections.shuffle(order, rnd);
                for (int pos = 0; pos < order.size(); pos++) {
                    final String q = order.get(pos);
                    out.printf(Locale.ROOT, "round %d/%d: %-40s ", round, s.rounds(), q);
                    out.flush();
                    final long runStart = System.nanoTime();
                    try {
                        final RunResult r = new Runner(options(s, q)).runSingle();
                        final double[] polls = record(r, round, pos, q, s, w, samples.get(q));
                        w.flush();
                        out.printf(Locale.ROOT, "%10.3f ops/us  (%.0f s%s)%n",
                                Estimate.of(polls).mean(), secondsSince(runStart),
                                timeLeft(start, ++runsDone, totalRuns));
                    } catch (RunnerException | RuntimeException e) {
                        samples.get(q).failedForks++;
                        out.printf(Locale.ROOT, "FAILED after %.0f s%s: %s%n", secondsSince(runStart),
                                timeLeft(start, ++runsDone, totalRuns), describe(e));
                    }
                }
            }
        }
        out.printf(Locale.ROOT, "%nDone in %.0f s. Raw iteration scores: %s%n%n",
                secondsSince(start), csv.toAbsolutePath());
        printTable(out, s, samples);
    }

    /** The innermost cause of a failed run, where the benchmark's own exception ends up. */
    private static String describe(Throwable e) {
        Throwable t = e;
        while (true) {
            if (t.getCause() != null && t.getCause() != t) {
                t = t.getCause();
            } else if (t.getSuppressed().length > 0) {
                t = t.getSuppressed()[0];
            } else {
                return t.toString();
            }
        }
    }

    private static String timeLeft(long nanoStart, int runsDone, int totalRuns) {
        if (runsDone >= totalRuns) {
            return "";
        }
        final double left = secondsSince(nanoStart) / runsDone * (totalRuns - runsDone);
        return String.format(Locale.ROOT, ", ~%.1f min left", left / TimeUnit.MINUTES.toSeconds(1));
    }

    private static double secondsSince(long nanoStart) {
        return (System.nanoTime() - nanoStart) / NANOS_PER_SECOND;
    }

    private static void printHeader(PrintStream out, Settings s) {
        out.printf(Locale.ROOT, "JDK %s (%s, %s), %s %s; %d CPUs%n",
                System.getProperty("java.version"), System.getProperty("java.vm.name"),
                System.getProperty("java.vendor"), System.getProperty("os.name"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors());
        if (s.burst()) {
            out.printf(Locale.ROOT, "Benchmark %s (1 producer, 1 consumer, bursts of %d), capacity or chunk %d%n",
                    QueueBurstCost.class.getSimpleName(), s.burstSize(), s.capacity());
        } else {
            out.printf(Locale.ROOT, "Benchmark %s.%s (1 producer, 1 consumer), capacity or chunk %d%n",
                    QueueThroughput.class.getSimpleName(), QueueThroughput.GROUP,
                    s.capacity());
        }
        out.printf(Locale.ROOT, "Mode %s: %d rounds x %d qTypes, 1 fork each; warm-up %d x %s, "
                        + "measurement %d x %s; seed %d; gc profiler %s; fork JVM args appended %s%n",
                s.mode(), s.rounds(), s.qTypes().size(), s.warmupIterations(), s.warmupTime(),
                s.measurementIterations(), s.measurementTime(), s.seed(), s.gc() ? "on" : "off",
                s.jvmArgs());
        out.printf(Locale.ROOT, "Estimated time: ~%.1f min. Scores: elements/us, "
                        + "mean +- 99.9%% CI half-width over all iterations of all forks.%n%n",
                s.estimatedSeconds() / TimeUnit.MINUTES.toSeconds(1));
        out.flush();
    }

    private static Options options(Settings s, String qType) {
        final String include = s.burst()
                ? QueueBurstCost.class.getName() + ".burst"
                : QueueThroughput.class.getName() + "." + QueueThroughput.GROUP;
        final ChainedOptionsBuilder b = new OptionsBuilder()
                .include("^" + Pattern.quote(include) + "$")
                .param("qType", qType)
                .param("qCapacity", Integer.toString(s.capacity()))
                .param("burstSize", Integer.toString(s.burstSize()))
                .forks(1)
                .warmupIterations(s.warmupIterations())
                .warmupTime(s.warmupTime())
                .measurementIterations(s.measurementIterations())
                .measurementTime(s.measurementTime())
                .verbosity(s.verbosity())
                .shouldFailOnError(true);
        final List<String> jvmArgs = new ArrayList<>(s.jvmArgs());
        if (Runtime.version().feature() >= FIRST_JDK_WARNING_ON_UNSAFE) {
            // JMH and JCTools' Unsafe edition call sun.misc.Unsafe, which JDK 24+ reports on
            // stderr in every fork, in the middle of the progress lines. JCQ itself never uses
            // Unsafe (NoUnsafeTest checks its bytecode), so the warning would say nothing about it.
            jvmArgs.add(ALLOW_UNSAFE_QUIETLY);
        }
        if (!jvmArgs.isEmpty()) {
            b.jvmArgsAppend(jvmArgs.toArray(new String[0]));
        }
        if (s.gc()) {
            b.addProfiler(GCProfiler.class);
        }
        return b.build();
    }

    /** Adds one fork's iterations to the samples and the CSV; returns its elements/us scores. */
    private static double[] record(RunResult r, int round, int position, String qType, Settings s,
                                   PrintWriter csv, Samples into) {
        final List<Double> polls = new ArrayList<>();
        for (BenchmarkResult br : r.getBenchmarkResults()) {
            int iteration = 0;
            for (IterationResult it : br.getIterationResults()) {
                iteration++;
                final double primary = it.getPrimaryResult().getScore();
                // Burst: every burst hands over burstSize elements, all offered and all polled.
                final double p = s.burst() ? primary * s.burstSize()
                        : secondary(it, QueueThroughput.POLLS_MADE);
                final double o = s.burst() ? p : secondary(it, QueueThroughput.OFFERS_MADE);
                final double gc = gcAllocNorm(it);
                polls.add(p);
                into.pollsMade.add(p);
                if (!Double.isNaN(gc) && p > 0) {
                    // Bytes per primary op (any offer or poll call) times calls per successful poll.
                    into.bytesPerPoll.add(gc * primary / p);
                }
                csv.printf(Locale.ROOT, "%d,%d,%s,%d,%d,%.6f,%.6f,%.6f,%s%n", round, position + 1,
                        qType, s.capacity(), iteration, p, o, primary,
                        Double.isNaN(gc) ? "" : String.format(Locale.ROOT, "%.3f", gc));
            }
        }
        if (polls.isEmpty()) {
            throw new IllegalStateException("no iteration results");
        }
        return Samples.toArray(polls);
    }

    private static double secondary(IterationResult it, String label) {
        final Result<?> res = it.getSecondaryResults().get(label);
        if (res == null) {
            throw new IllegalStateException("no secondary result '" + label + "' in "
                    + it.getSecondaryResults().keySet());
        }
        return res.getScore();
    }

    private static double gcAllocNorm(IterationResult it) {
        // The label has carried a prefix in some JMH versions; match the suffix.
        for (String label : it.getSecondaryResults().keySet()) {
            if (label.endsWith(GC_ALLOC_NORM)) {
                final Result<?> res = it.getSecondaryResults().get(label);
                return res.getScore();
            }
        }
        return Double.NaN;
    }

    private static void printTable(PrintStream out, Settings s, Map<String, Samples> samples) {
        final Map<String, Estimate> est = new LinkedHashMap<>();
        for (Map.Entry<String, Samples> e : samples.entrySet()) {
            if (!e.getValue().pollsMade.isEmpty()) {
                est.put(e.getKey(), Estimate.of(Samples.toArray(e.getValue().pollsMade)));
            }
        }
        final String rowFormat = "%-42s %12s %10s %4s  %8s %7s  %8s %7s%s%n";
        out.printf(Locale.ROOT, rowFormat, "qType", "elements/us", "+- 99.9%", "n",
                "vs JCT", "+-", "vs JCTVH", "+-", s.gc() ? String.format(Locale.ROOT, " %12s", "B/element") : "");
        for (String q : s.qTypes()) {
            final Estimate e = est.get(q);
            final Samples sm = samples.get(q);
            String[] vsJct = {NOT_AVAILABLE, ""};
            String[] vsVh = {NOT_AVAILABLE, ""};
            if (e != null && QueueFactory.isOurs(q)) {
                vsJct = ratioCells(e, est.get(QueueFactory.twinOf(q)));
                vsVh = ratioCells(e, est.get(QueueFactory.vhTwinOf(q)));
            }
            final String alloc = sm.bytesPerPoll.isEmpty() ? NOT_AVAILABLE
                    : String.format(Locale.ROOT, "%.2f", Estimate.of(Samples.toArray(sm.bytesPerPoll)).mean());
            final String failed = sm.failedForks == 0 ? "" : "  (" + sm.failedForks + " fork(s) failed)";
            out.printf(Locale.ROOT, rowFormat, q,
                    e == null ? NOT_AVAILABLE : fmt(e.mean()),
                    e == null ? "" : fmt(e.error()),
                    e == null ? "0" : Integer.toString(e.n()),
                    vsJct[0], vsJct[1], vsVh[0], vsVh[1],
                    (s.gc() ? String.format(Locale.ROOT, " %12s", alloc) : "") + failed);
        }
        final Estimate mpmc = est.get(QueueFactory.MPMC);
        final Estimate clq = est.get(QueueFactory.JDK_CLQ);
        if (mpmc != null && clq != null) {
            final Estimate r = mpmc.ratioTo(clq);
            out.printf(Locale.ROOT, "%n%s vs %s: %s +- %s%n", QueueFactory.MPMC, QueueFactory.JDK_CLQ,
                    fmt(r.mean()), fmt(r.error()));
        }
        if (s.gc()) {
            out.printf(Locale.ROOT, "%nB/element: bytes allocated per element handed over (JMH's %s, "
                    + "which is per benchmark call, times calls per element), mean over "
                    + "iterations; the CSV holds the raw %s.%n", GC_ALLOC_NORM, GC_ALLOC_NORM);
        }
        out.printf(Locale.ROOT, "Ratios: ours / twin, error propagated as r*sqrt((ea/a)^2+(eb/b)^2).%n");
    }

    private static String[] ratioCells(Estimate ours, Estimate twin) {
        if (twin == null) {
            return new String[] {NOT_AVAILABLE, ""};
        }
        final Estimate r = ours.ratioTo(twin);
        return new String[] {fmt(r.mean()), fmt(r.error())};
    }

    private static String fmt(double x) {
        return Double.isNaN(x) ? "n/a" : String.format(Locale.ROOT, "%.3f", x);
    }
}
