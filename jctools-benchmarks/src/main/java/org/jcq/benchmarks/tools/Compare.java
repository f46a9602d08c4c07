package org.jcq.benchmarks.tools;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.jcq.benchmarks.support.KeyValueArgs;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.HdrHistogram.Histogram;
import org.jcq.benchmarks.latency.LatencyBenchmark;
import org.jcq.benchmarks.report.ChildProcess;
import org.jcq.benchmarks.report.Failures;
import org.jcq.benchmarks.report.JmhResults;
import org.jcq.benchmarks.report.JmhSection;
import org.jcq.benchmarks.report.LatencyRun;
import org.jcq.benchmarks.report.Report;
import org.jcq.benchmarks.report.RunData;
import org.jcq.benchmarks.report.ScoreTable;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The one-command comparison: runs a curated set of benchmarks over our queues, their JCTools
 * twins and the anchors (Agrona, the JDK), keeps every raw result file in one run directory,
 * and ends with {@link Report}'s table and self-contained HTML report, built from those files
 * alone.
 * <p>
 * Sections ({@value #K_SECTIONS}): {@code base} (one thread, one offer and one poll: ns per
 * pair, the queue's own cost beside its twin's), {@code tpt} (1 producer 1 consumer throughput,
 * no back-off, with JMH's GC profiler for the allocation column, and each queue's forks split
 * into fast and slow regimes), {@code rtt} (round trip of bursts through a
 * ring of threads), {@code burst} (bounded-backlog throughput; not run by default),
 * {@value #SECTION_LATENCY} (the fixed-rate latency harness, one child JVM per queue per round) and
 * {@value #SECTION_FOOTPRINT} (JOL footprint table, one child JVM).
 * <p>
 * The JMH sections run in interleaved rounds: each round runs every queue once in one fork per
 * section, in an order shuffled per round with a fixed seed, so each queue's forks are spread over
 * the whole run and slow drifts of the machine hit every queue alike. The report pools all
 * measurement iterations of all forks of a queue. The latency section runs in rounds of its own
 * ({@value #K_LATENCY_ROUNDS}) the same way, after the JMH sections: one JVM may land in a fast
 * mode and the next in a slow one, so only several runs show how far a queue's percentiles move
 * from run to run; the report pools their histograms and shows each percentile's range across
 * runs.
 * <p>
 * The quick mode (the default) runs our main array and linked-array queues each beside its
 * JCTools (Unsafe edition) twin, and Agrona's SPSC queue and the JDK's queues as anchors, in a
 * few minutes on 2 cores; it prints its estimate before it starts and a progress line per run
 * with the time left. The full mode runs every queue, longer, with more round-trip shapes.
 * <p>
 * Everything lands in {@code <resultsDir>/compare-<yyyyMMdd-HHmmss>/}: {@code environment.properties}
 * (JDK, CPU, every setting, the command), {@code jmh/<section>/<round>-<qType>.json} (JMH's own
 * JSON of each fork), {@code latency/<round>-<qType>.hlog}, {@code .properties} and {@code .log},
 * {@code footprint.csv}, {@code failures.txt} (runs that failed or sections not in this build),
 * then {@code summary.txt} and {@code report.html}, which {@link Report} can rebuild from the rest.
 * <p>
 * Usage: {@code java -cp benchmarks.jar org.jcq.benchmarks.tools.Compare [quick|full] [key=value...]}.
 * Every key may also be given as the system property {@code compare.<key>}; an argument wins over
 * a property, which wins over the mode's default. See {@link #usage()} for the keys.
 */
public final class Compare {
    static final String MODE_QUICK = "quick";
    static final String MODE_FULL = "full";

    static final String PROPERTY_PREFIX = "compare.";
    static final String K_SECTIONS = "sections";
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
    static final String K_COLLECTOR = "collector";
    static final String K_RESULTS_DIR = "resultsDir";
    static final String K_VERBOSITY = "verbosity";
    static final String K_BURST_SIZE = "burstSize";
    static final String K_RTT_BURST_SIZES = "rttBurstSizes";
    static final String K_RTT_RING_SIZES = "rttRingSizes";
    static final String K_LATENCY_ROUNDS = "latencyRounds";
    static final String K_LATENCY_RATE = "latencyRate";
    static final String K_LATENCY_WARMUP = "latencyWarmup";
    static final String K_LATENCY_DURATION = "latencyDuration";
    static final String K_FOOTPRINT_CAPACITY = "footprintCapacity";
    private static final List<String> KEYS = List.of(K_SECTIONS, K_ROUNDS, K_WARMUP_ITERATIONS,
            K_WARMUP_TIME, K_MEASUREMENT_ITERATIONS, K_MEASUREMENT_TIME, K_QTYPES, K_CAPACITY, K_GC,
            K_SEED, K_JVM_ARGS, K_RESULTS_DIR, K_VERBOSITY, K_BURST_SIZE, K_RTT_BURST_SIZES,
            K_RTT_RING_SIZES, K_LATENCY_ROUNDS, K_LATENCY_RATE, K_LATENCY_WARMUP, K_LATENCY_DURATION,
            K_FOOTPRINT_CAPACITY, K_COLLECTOR);

    /**
     * The collectors a run may ask for, by the name given to {@value #K_COLLECTOR}, with the flag
     * each adds to every fork and child; "default" adds none (G1 on a server-class machine).
     */
    static final Map<String, String> COLLECTORS = Map.of(
            "default", "",
            "g1", "-XX:+UseG1GC",
            "parallel", "-XX:+UseParallelGC",
            "z", "-XX:+UseZGC",
            "serial", "-XX:+UseSerialGC");

    static final String SECTION_LATENCY = "latency";
    static final String SECTION_FOOTPRINT = "footprint";
    /** Every section, in the order a run goes through them. */
    static final List<String> SECTIONS = List.of(JmhSection.BASE.id(), JmhSection.TPT.id(), JmhSection.RTT.id(),
            JmhSection.BURST.id(), SECTION_LATENCY, SECTION_FOOTPRINT);
    static final List<String> DEFAULT_SECTIONS = List.of(JmhSection.BASE.id(), JmhSection.TPT.id(), JmhSection.RTT.id(),
            SECTION_LATENCY, SECTION_FOOTPRINT);

    /** The latency harness's main, run in a child JVM per queue. */
    static final String LATENCY_MAIN = LatencyBenchmark.class.getName();
    /** The footprint table's main, run in one child JVM. */
    static final String FOOTPRINT_MAIN = Footprint.class.getName();

    /** The first JDK that warns when sun.misc.Unsafe's memory-access methods are used. */
    private static final int FIRST_JDK_WARNING_ON_UNSAFE = 24;
    private static final String ALLOW_UNSAFE_QUIETLY = "--sun-misc-unsafe-memory-access=allow";
    /** The first JDK that has (and wants) the flag allowing an agent to be loaded at run time. */
    private static final int FIRST_JDK_WITH_DYNAMIC_AGENT_FLAG = 21;
    private static final List<String> FOOTPRINT_JVM_FLAGS = List.of("-Djdk.attach.allowAttachSelf=true");
    private static final String DYNAMIC_AGENT_FLAG = "-XX:+EnableDynamicAgentLoading";

    private static final int QUICK_ROUNDS = 2;
    private static final int QUICK_WARMUP_ITERATIONS = 2;
    private static final int QUICK_MEASUREMENT_ITERATIONS = 4;
    /** Short iterations: twice as many samples for the same time, so a tighter interval. */
    private static final String QUICK_ITERATION_TIME = "500ms";
    private static final List<Integer> QUICK_RTT_BURST_SIZES = List.of(10);
    private static final List<Integer> QUICK_RTT_RING_SIZES = List.of(2);
    /** Two latency runs per queue: the fewest that show any spread across JVMs. */
    private static final int QUICK_LATENCY_ROUNDS = 2;
    private static final int QUICK_LATENCY_WARMUP_SECONDS = 1;
    /** Two rounds of 2 s measure more messages than the one run of 3 s they replaced. */
    private static final int QUICK_LATENCY_DURATION_SECONDS = 2;
    private static final int FULL_ROUNDS = 5;
    private static final int FULL_WARMUP_ITERATIONS = 5;
    private static final int FULL_MEASUREMENT_ITERATIONS = 5;
    private static final String FULL_ITERATION_TIME = "1s";
    private static final List<Integer> FULL_RTT_BURST_SIZES = List.of(1, 10, 100);
    private static final List<Integer> FULL_RTT_RING_SIZES = List.of(2, 8);
    private static final int FULL_LATENCY_ROUNDS = 3;
    private static final int FULL_LATENCY_WARMUP_SECONDS = 5;
    private static final int FULL_LATENCY_DURATION_SECONDS = 30;
    /** Messages per second of the fixed-rate latency run: well within any queue's reach on 2 cores. */
    private static final int LATENCY_RATE = 100_000;
    private static final int FOOTPRINT_CAPACITY = 1024;
    private static final int BURST_SIZE = 100;
    private static final long DEFAULT_SEED = 20_240_601L;
    private static final String DEFAULT_RESULTS_DIR = "results";

    /**
     * Rough cost of a JMH fork beyond its iterations (JVM start, JMH set-up, GC profiler,
     * tear-down), for the estimate: 0.3 s was measured on an idle 2-core machine, up to 1 s on a
     * busy one.
     */
    private static final double FORK_OVERHEAD_SECONDS = 1;
    /** Rough cost of starting a child JVM, for the estimate. */
    private static final double CHILD_OVERHEAD_SECONDS = 1;
    /** Rough cost of the footprint child: JOL's agent attach, then each queue filled and walked. */
    private static final double FOOTPRINT_BASE_SECONDS = 5;
    private static final double FOOTPRINT_SECONDS_PER_QUEUE = 0.2;
    /** What a child gets beyond its planned run before it is stopped as hung. */
    private static final Duration CHILD_MARGIN = Duration.ofSeconds(60);
    private static final Duration FOOTPRINT_LIMIT = Duration.ofMinutes(5);
    private static final double NANOS_PER_SECOND = 1e9;
    private static final double NANOS_PER_MICRO = 1e3;
    private static final double MEDIAN = 50;
    private static final double P99 = 99;
    private static final int QTYPE_COLUMN = 40;
    private static final String FOOTPRINT_LOG = "footprint.log";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final String RUN_DIR_PREFIX = "compare-";
    private static final String FAILED_SUFFIX = ".failed";
    private static final int USAGE_EXIT = 2;

    private Compare() {
    }

    /**
     * The resolved settings of one comparison.
     *
     * @param capacity the tpt and burst sections' qCapacity; 0 leaves each benchmark's default
     */
    record Settings(String mode, List<String> sections, int rounds, int warmupIterations,
                    TimeValue warmupTime, int measurementIterations, TimeValue measurementTime,
                    List<String> qTypes, int capacity, boolean gc, long seed, List<String> jvmArgs,
                    Path resultsDir, VerboseMode verbosity, int burstSize, List<Integer> rttBurstSizes,
                    List<Integer> rttRingSizes, int latencyRounds, int latencyRate, int latencyWarmup,
                    int latencyDuration, int footprintCapacity, String collector) {

        /** @return the JMH sections selected, in run order */
        List<JmhSection> jmhSections() {
            final List<JmhSection> out = new ArrayList<>();
            for (String id : sections) {
                if (JmhSection.byId(id) != null) {
                    out.add(JmhSection.byId(id));
                }
            }
            return out;
        }

        /** @return a rough wall-clock estimate of one fork of a section, in seconds */
        double forkSeconds(JmhSection section) {
            final int shapes = section == JmhSection.RTT ? rttBurstSizes.size() * rttRingSizes.size() : 1;
            return shapes * (FORK_OVERHEAD_SECONDS + warmupIterations * seconds(warmupTime)
                    + measurementIterations * seconds(measurementTime));
        }

        /** @return a rough wall-clock estimate of the whole comparison, in seconds */
        double estimatedSeconds() {
            return plan(this).stream().mapToDouble(Task::seconds).sum();
        }

        private static double seconds(TimeValue t) {
            return t.convertTo(TimeUnit.NANOSECONDS) / NANOS_PER_SECOND;
        }
    }

    /**
     * One run of the plan.
     *
     * @param section its section
     * @param round   its round (1 for the sections run once)
     * @param qType   its queue; for the footprint, every queue, comma-separated
     * @param seconds its estimated duration
     */
    record Task(String section, int round, String qType, double seconds) {
    }

    /**
     * The runs, in order: each round runs every JMH section over every queue in an order shuffled
     * with the seed; then each latency round runs every queue once, in an order shuffled per
     * round the same way; then the footprint.
     */
    static List<Task> plan(Settings s) {
        final Random rnd = new Random(s.seed());
        final List<Task> tasks = new ArrayList<>();
        for (int round = 1; round <= s.rounds(); round++) {
            for (JmhSection section : s.jmhSections()) {
                for (String q : shuffled(s.qTypes(), rnd)) {
                    tasks.add(new Task(section.id(), round, q, s.forkSeconds(section)));
                }
            }
        }
        if (s.sections().contains(SECTION_LATENCY)) {
            for (int round = 1; round <= s.latencyRounds(); round++) {
                for (String q : shuffled(s.qTypes(), rnd)) {
                    tasks.add(new Task(SECTION_LATENCY, round, q,
                            CHILD_OVERHEAD_SECONDS + s.latencyWarmup() + s.latencyDuration()));
                }
            }
        }
        if (s.sections().contains(SECTION_FOOTPRINT)) {
            tasks.add(new Task(SECTION_FOOTPRINT, 1, String.join(",", s.qTypes()),
                    FOOTPRINT_BASE_SECONDS + FOOTPRINT_SECONDS_PER_QUEUE * s.qTypes().size()));
        }
        return tasks;
    }

    private static List<String> shuffled(List<String> xs, Random rnd) {
        final List<String> order = new ArrayList<>(xs);
        Collections.shuffle(order, rnd);
        return order;
    }

    /**
     * @return the quick mode's queues: our main array and linked-array queues each beside its
     *         JCTools twins (Unsafe and VarHandle editions), then Agrona's SPSC queue and the JDK's
     *         queues, less
     *         any this build's {@link BenchmarkQueues} does not know
     */
    static List<String> quickQueues() {
        final List<String> wanted = new ArrayList<>();
        for (String ours : List.of(BenchmarkQueues.SPSC, BenchmarkQueues.MPSC, BenchmarkQueues.MPMC,
                BenchmarkQueues.SPSC_UNBOUNDED, BenchmarkQueues.MPSC_UNBOUNDED, BenchmarkQueues.MPSC_XADD)) {
            wanted.add(ours);
            wanted.add(BenchmarkQueues.twinOf(ours));
            final String vh = BenchmarkQueues.vhTwinOf(ours);
            if (vh != null) {
                wanted.add(vh);
            }
        }
        wanted.addAll(List.of(BenchmarkQueues.AGRONA_SPSC, BenchmarkQueues.JDK_CLQ, BenchmarkQueues.JDK_ABQ, BenchmarkQueues.JDK_LTQ));
        return wanted.stream().filter(BenchmarkQueues.names()::contains).collect(Collectors.toUnmodifiableList());
    }

    /**
     * Resolves the settings from the arguments and system properties.
     *
     * @param args       the command line
     * @param properties where {@code compare.<key>} properties are looked up
     * @return the settings
     * @throws IllegalArgumentException naming the key and value, on an unknown mode, key, section
     *                                  or queue name, or a malformed or out-of-range value
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
        final List<String> keyValues = new ArrayList<>();
        for (String a : args) {
            if (a.equals(MODE_QUICK) || a.equals(MODE_FULL)) {
                mode = a;
            } else if (a.indexOf('=') > 0) {
                keyValues.add(a);
            } else {
                throw new IllegalArgumentException("Unknown argument '" + a + "'; expected "
                        + MODE_QUICK + ", " + MODE_FULL + " or key=value");
            }
        }
        given.putAll(KeyValueArgs.parse(keyValues.toArray(new String[0]), KEYS));
        final boolean full = mode.equals(MODE_FULL);
        final String iterationTime = full ? FULL_ITERATION_TIME : QUICK_ITERATION_TIME;
        final Values v = new Values(given);
        return new Settings(mode,
                v.sections(),
                v.integer(K_ROUNDS, full ? FULL_ROUNDS : QUICK_ROUNDS, 1),
                v.integer(K_WARMUP_ITERATIONS, full ? FULL_WARMUP_ITERATIONS : QUICK_WARMUP_ITERATIONS, 0),
                v.time(K_WARMUP_TIME, iterationTime),
                v.integer(K_MEASUREMENT_ITERATIONS,
                        full ? FULL_MEASUREMENT_ITERATIONS : QUICK_MEASUREMENT_ITERATIONS, 1),
                v.time(K_MEASUREMENT_TIME, iterationTime),
                v.qTypes(full ? BenchmarkQueues.names() : quickQueues()),
                v.integer(K_CAPACITY, 0, 1),
                Boolean.parseBoolean(v.text(K_GC, Boolean.TRUE.toString())),
                v.longValue(K_SEED, DEFAULT_SEED),
                splitNonEmpty(v.text(K_JVM_ARGS, ""), " "),
                Paths.get(v.text(K_RESULTS_DIR, DEFAULT_RESULTS_DIR)),
                v.verbosity(),
                v.integer(K_BURST_SIZE, BURST_SIZE, 1),
                v.integers(K_RTT_BURST_SIZES, full ? FULL_RTT_BURST_SIZES : QUICK_RTT_BURST_SIZES, 1),
                // A ring needs the benchmark thread and at least one relay.
                v.integers(K_RTT_RING_SIZES, full ? FULL_RTT_RING_SIZES : QUICK_RTT_RING_SIZES, 2),
                v.integer(K_LATENCY_ROUNDS, full ? FULL_LATENCY_ROUNDS : QUICK_LATENCY_ROUNDS, 1),
                v.integer(K_LATENCY_RATE, LATENCY_RATE, 1),
                v.integer(K_LATENCY_WARMUP, full ? FULL_LATENCY_WARMUP_SECONDS : QUICK_LATENCY_WARMUP_SECONDS, 0),
                v.integer(K_LATENCY_DURATION,
                        full ? FULL_LATENCY_DURATION_SECONDS : QUICK_LATENCY_DURATION_SECONDS, 1),
                v.integer(K_FOOTPRINT_CAPACITY, FOOTPRINT_CAPACITY, 1),
                v.collector());
    }

    /** The given key=value settings, read with checks that name the key and value at fault. */
    private static final class Values {
        private final Map<String, String> given;

        Values(Map<String, String> given) {
            this.given = given;
        }

        String text(String key, String fallback) {
            return given.getOrDefault(key, fallback);
        }

        int integer(String key, int fallback, int min) {
            final String s = given.get(key);
            if (s == null) {
                return fallback;
            }
            return atLeast(key, s, parseInt(key, s.trim()), min);
        }

        List<Integer> integers(String key, List<Integer> fallback, int min) {
            final String s = given.get(key);
            if (s == null) {
                return fallback;
            }
            final List<Integer> out = new ArrayList<>();
            for (String part : splitNonEmpty(s, ",")) {
                out.add(atLeast(key, s, parseInt(key, part), min));
            }
            if (out.isEmpty()) {
                throw bad(key, s, "an empty list");
            }
            return List.copyOf(out);
        }

        long longValue(String key, long fallback) {
            final String s = given.get(key);
            try {
                return s == null ? fallback : Long.parseLong(s.trim());
            } catch (NumberFormatException e) {
                throw bad(key, s, "not an integer");
            }
        }

        TimeValue time(String key, String fallback) {
            final String s = given.getOrDefault(key, fallback);
            try {
                final TimeValue t = TimeValue.fromString(s.trim());
                if (t.getTime() <= 0) {
                    throw bad(key, s, "not a positive time");
                }
                return t;
            } catch (RuntimeException e) {
                throw bad(key, s, "not a time such as 1s or 500ms");
            }
        }

        String collector() {
            final String s = given.getOrDefault(K_COLLECTOR, "default").trim().toLowerCase(Locale.ROOT);
            if (!COLLECTORS.containsKey(s)) {
                throw bad(K_COLLECTOR, s, "not one of " + new java.util.TreeSet<>(COLLECTORS.keySet()));
            }
            return s;
        }

        VerboseMode verbosity() {
            final String s = given.getOrDefault(K_VERBOSITY, VerboseMode.SILENT.name());
            try {
                return VerboseMode.valueOf(s.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw bad(K_VERBOSITY, s, "not one of SILENT, NORMAL, EXTRA");
            }
        }

        List<String> sections() {
            final String s = given.get(K_SECTIONS);
            if (s == null) {
                return DEFAULT_SECTIONS;
            }
            final LinkedHashSet<String> chosen = new LinkedHashSet<>(splitNonEmpty(s, ","));
            for (String section : chosen) {
                if (!SECTIONS.contains(section)) {
                    throw bad(K_SECTIONS, s, "unknown section '" + section + "'; known: " + SECTIONS);
                }
            }
            if (chosen.isEmpty()) {
                throw bad(K_SECTIONS, s, "no section");
            }
            // Run order is fixed, whatever order they were named in.
            return SECTIONS.stream().filter(chosen::contains).collect(Collectors.toUnmodifiableList());
        }

        List<String> qTypes(List<String> fallback) {
            final String s = given.get(K_QTYPES);
            if (s == null) {
                return fallback;
            }
            final List<String> qTypes = List.copyOf(new LinkedHashSet<>(splitNonEmpty(s, ",")));
            for (String q : qTypes) {
                if (!BenchmarkQueues.names().contains(q)) {
                    throw bad(K_QTYPES, s, "unknown qType '" + q + "'; known: " + BenchmarkQueues.names());
                }
            }
            if (qTypes.isEmpty()) {
                throw bad(K_QTYPES, s, "no qType");
            }
            return qTypes;
        }

        private static int parseInt(String key, String s) {
            try {
                return Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                throw bad(key, s, "not an integer");
            }
        }

        private static int atLeast(String key, String s, int value, int min) {
            if (value < min) {
                throw bad(key, s, "must be at least " + min);
            }
            return value;
        }

        private static IllegalArgumentException bad(String key, String value, String why) {
            return new IllegalArgumentException("Bad value for " + key + ": '" + value + "' (" + why + ")");
        }
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

    /** @return the usage text, every key with what it sets */
    static String usage() {
        return String.join(System.lineSeparator(),
                "usage: Compare [quick|full] [key=value ...]  (each key also as -Dcompare.<key>=value)",
                "  sections=base,tpt,rtt,latency,footprint (also: burst)   qTypes=a,b,...   rounds=N   seed=N",
                "  warmupIterations=N warmupTime=T measurementIterations=N measurementTime=T (T: 1s, 500ms)",
                "  capacity=N (base/tpt/burst qCapacity)  gc=true|false (tpt allocation)  burstSize=N (burst)",
                "  rttBurstSizes=1,10,100  rttRingSizes=2,8",
                "  latencyRounds=N latencyRate=msgs/s latencyWarmup=s latencyDuration=s   footprintCapacity=N",
                "  jvmArgs='-Xmx1g ...' (appended to forks and children)  resultsDir=DIR",
                "  collector=default|g1|parallel|z|serial (the forks' and children's garbage collector)",
                "  verbosity=SILENT|NORMAL|EXTRA (JMH's)");
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (needsQuietRelaunch(Runtime.version().feature(),
                ManagementFactory.getRuntimeMXBean().getInputArguments())) {
            System.exit(relaunchQuietly(args));
            return;
        }
        final Settings s;
        try {
            s = parse(args, System.getProperties());
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(usage());
            System.exit(USAGE_EXIT);
            return;
        }
        final PrintStream out = System.out;
        final Path runDir = s.resultsDir().resolve(RUN_DIR_PREFIX + LocalDateTime.now().format(STAMP));
        Files.createDirectories(runDir);
        writeEnvironment(runDir, s, args);
        final List<Task> plan = plan(s);
        printHeader(out, s, plan, runDir);
        new Execution(s, runDir, plan, out).run();
        out.println();
        out.print(Report.write(runDir));
        out.printf(Locale.ROOT, "Report: %s%n", runDir.resolve(Report.HTML).toAbsolutePath());
    }

    private static void printHeader(PrintStream out, Settings s, List<Task> plan, Path runDir) {
        out.printf(Locale.ROOT, "JDK %s (%s, %s), %s %s; %d CPUs%n", System.getProperty("java.version"),
                System.getProperty("java.vm.name"), System.getProperty("java.vendor"),
                System.getProperty("os.name"), System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors());
        out.printf(Locale.ROOT, "Mode %s, sections %s, %d queues: %s%n", s.mode(), s.sections(),
                s.qTypes().size(), s.qTypes());
        out.printf(Locale.ROOT, "JMH: %d rounds, 1 fork per queue per round; warm-up %d x %s, measurement "
                        + "%d x %s; gc profiler %s; seed %d; collector %s; JVM args appended %s%n", s.rounds(),
                s.warmupIterations(), s.warmupTime(), s.measurementIterations(), s.measurementTime(),
                s.gc() ? "on" : "off", s.seed(), s.collector(), s.jvmArgs());
        if (s.sections().contains(SECTION_LATENCY)) {
            out.printf(Locale.ROOT, "Latency: %d rounds, 1 JVM per queue per round; fixed rate %d msg/s, "
                    + "warm-up %d s, measured %d s%n", s.latencyRounds(), s.latencyRate(), s.latencyWarmup(),
                    s.latencyDuration());
        }
        out.printf(Locale.ROOT, "%d runs, estimated ~%.1f min. Raw files: %s%n%n", plan.size(),
                s.estimatedSeconds() / TimeUnit.MINUTES.toSeconds(1), runDir.toAbsolutePath());
        out.flush();
    }

    /** Writes the machine, JDK and every setting, for the report's header. */
    private static void writeEnvironment(Path runDir, Settings s, String[] args) throws IOException {
        final Properties p = new Properties();
        for (String key : List.of("java.version", "java.vm.name", "java.vm.version", "java.vendor",
                "os.name", "os.version", "os.arch")) {
            p.setProperty(key, System.getProperty(key, "?"));
        }
        p.setProperty("cpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
        p.setProperty("cpu.model", cpuModel());
        p.setProperty("date", LocalDateTime.now().toString());
        final List<String> command = new ArrayList<>(List.of("java"));
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add(Compare.class.getName());
        command.addAll(List.of(args));
        p.setProperty("command", String.join(" ", command));
        p.setProperty("mode", s.mode());
        p.setProperty("setting.sections", String.join(",", s.sections()));
        p.setProperty("setting.rounds", Integer.toString(s.rounds()));
        p.setProperty("setting.forksPerRound", "1");
        p.setProperty("setting.warmup", s.warmupIterations() + " x " + s.warmupTime());
        p.setProperty("setting.measurement", s.measurementIterations() + " x " + s.measurementTime());
        p.setProperty("setting.qTypes", String.join(",", s.qTypes()));
        p.setProperty("setting.capacity", s.capacity() == 0 ? "benchmark default" : Integer.toString(s.capacity()));
        p.setProperty("setting.gc", Boolean.toString(s.gc()));
        p.setProperty("setting.collector", s.collector());
        p.setProperty("setting.seed", Long.toString(s.seed()));
        p.setProperty("setting.jvmArgs", String.join(" ", forkJvmArgs(s)));
        p.setProperty("setting.burstSize", Integer.toString(s.burstSize()));
        p.setProperty("setting.rttBurstSizes", joined(s.rttBurstSizes()));
        p.setProperty("setting.rttRingSizes", joined(s.rttRingSizes()));
        p.setProperty("setting.latencyRounds", Integer.toString(s.latencyRounds()));
        p.setProperty("setting.latency", "mode=fixed rate=" + s.latencyRate() + " warmup=" + s.latencyWarmup()
                + "s duration=" + s.latencyDuration() + "s");
        p.setProperty("setting.footprintCapacity", Integer.toString(s.footprintCapacity()));
        try (Writer w = Files.newBufferedWriter(runDir.resolve(RunData.ENVIRONMENT), StandardCharsets.ISO_8859_1)) {
            p.store(w, "Compare run environment and settings");
        }
    }

    /**
     * Sets a section's own JMH parameters and profilers; a parameter with several values (the
     * full mode's round-trip shapes) makes JMH run each combination in the same fork.
     */
    static void sectionParams(JmhSection section, Settings s, ChainedOptionsBuilder b) {
        switch (section) {
            case BASE:
                capacity(s, b);
                break;
            case TPT:
                // The throughput benchmark's back-off parameter (JMH ignores it where absent).
                b.param(JmhSection.BACKOFF, JmhSection.BACKOFF_NONE);
                capacity(s, b);
                if (s.gc()) {
                    b.addProfiler(GCProfiler.class);
                }
                break;
            case RTT:
                b.param(JmhSection.BURST_SIZE, values(s.rttBurstSizes()));
                b.param(JmhSection.RING_SIZE, values(s.rttRingSizes()));
                break;
            default:
                b.param(JmhSection.BURST_SIZE, Integer.toString(s.burstSize()));
                capacity(s, b);
                if (s.gc()) {
                    b.addProfiler(GCProfiler.class);
                }
                break;
        }
    }

    private static void capacity(Settings s, ChainedOptionsBuilder b) {
        if (s.capacity() > 0) {
            b.param(JmhSection.Q_CAPACITY, Integer.toString(s.capacity()));
        }
    }

    private static String[] values(List<Integer> xs) {
        return xs.stream().map(String::valueOf).toArray(String[]::new);
    }

    private static String joined(List<Integer> xs) {
        return xs.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** @return the first "model name" of /proc/cpuinfo, or "unknown" where there is none */
    private static String cpuModel() {
        final Path cpuinfo = Paths.get("/proc/cpuinfo");
        try {
            if (Files.isReadable(cpuinfo)) {
                for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
                    if (line.startsWith("model name") && line.indexOf(':') > 0) {
                        return line.substring(line.indexOf(':') + 1).trim();
                    }
                }
            }
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
        return "unknown";
    }

    /**
     * Whether this JVM should run the comparison in a child JVM that allows Unsafe quietly: on JDK
     * 24+, JMH's own classes in this (host) JVM call {@code sun.misc.Unsafe}, and the JDK's warning
     * would land in the middle of the first progress line. The README's command cannot pass the
     * flag, because JDK 17 rejects it.
     *
     * @param feature      the running JDK's feature release
     * @param jvmArguments this JVM's input arguments
     * @return true on JDK 24+ when the flag is not already given
     */
    static boolean needsQuietRelaunch(int feature, List<String> jvmArguments) {
        return feature >= FIRST_JDK_WARNING_ON_UNSAFE && !jvmArguments.contains(ALLOW_UNSAFE_QUIETLY);
    }

    /** Runs this comparison again in a child JVM with this JVM's arguments plus the quiet flag. */
    private static int relaunchQuietly(String[] args) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(ChildProcess.javaLauncher());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add(ALLOW_UNSAFE_QUIETLY);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Compare.class.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }

    /** @return the JVM arguments of every fork and child: the user's, then the JDK 24+ flag */
    static List<String> forkJvmArgs(Settings s) {
        final List<String> jvmArgs = new ArrayList<>(s.jvmArgs());
        final String collectorFlag = COLLECTORS.get(s.collector());
        if (!collectorFlag.isEmpty()) {
            jvmArgs.add(collectorFlag);
        }
        if (Runtime.version().feature() >= FIRST_JDK_WARNING_ON_UNSAFE) {
            // JMH, JOL and JCTools' Unsafe edition call sun.misc.Unsafe, which JDK 24+ reports on
            // stderr in every fork, in the middle of the progress lines. JCQ itself never uses
            // Unsafe (NoUnsafeTest checks its bytecode), so the warning would say nothing about it.
            jvmArgs.add(ALLOW_UNSAFE_QUIETLY);
        }
        return jvmArgs;
    }

    /** Runs a plan's tasks with a progress line each, recording failures and going on. */
    private static final class Execution {
        private final Settings s;
        private final Path runDir;
        private final List<Task> plan;
        private final PrintStream out;
        private final long start = System.nanoTime();
        private double plannedDone;
        private int done;

        Execution(Settings s, Path runDir, List<Task> plan, PrintStream out) {
            this.s = s;
            this.runDir = runDir;
            this.plan = plan;
            this.out = out;
        }

        void run() throws IOException {
            final List<String> missing = new ArrayList<>();
            for (Task t : plan) {
                final String mainClass = mainClassOf(t.section());
                if (missing.contains(t.section()) || !present(mainClass)) {
                    // A section whose code is not in this build: say so once, not once per queue.
                    if (!missing.contains(t.section())) {
                        missing.add(t.section());
                        out.printf(Locale.ROOT, "%s: skipped, %s is not in this build%n", t.section(), mainClass);
                        Failures.append(runDir, new Failures.Failure(t.section(), t.round(), "*",
                                mainClass + " is not in this build"));
                    }
                    finish(t);
                    continue;
                }
                out.printf(Locale.ROOT, "[%d/%d] %-9s round %d  %-40s ", done + 1, plan.size(), t.section(),
                        t.round(), shorten(t.qType()));
                out.flush();
                final long taskStart = System.nanoTime();
                String result;
                try {
                    result = runTask(t);
                } catch (RunnerException | RuntimeException | IOException e) {
                    result = "FAILED: " + describe(e);
                    Failures.append(runDir, new Failures.Failure(t.section(), t.round(), t.qType(), describe(e)));
                }
                finish(t);
                out.printf(Locale.ROOT, "%s  (%.0f s%s)%n", result, secondsSince(taskStart), timeLeft());
            }
        }

        private String runTask(Task t) throws RunnerException, IOException {
            final JmhSection jmh = JmhSection.byId(t.section());
            if (jmh != null) {
                return runJmh(jmh, t);
            }
            return t.section().equals(SECTION_LATENCY) ? runLatency(t) : runFootprint();
        }

        private String runJmh(JmhSection section, Task t) throws RunnerException, IOException {
            final Path json = runDir.resolve(RunData.JMH_DIR).resolve(section.id())
                    .resolve(t.round() + "-" + t.qType() + ".json");
            Files.createDirectories(json.getParent());
            final ChainedOptionsBuilder b = new OptionsBuilder()
                    .include("^" + Pattern.quote(section.benchmark()) + "$")
                    .param(JmhSection.Q_TYPE, t.qType())
                    .forks(1)
                    .warmupIterations(s.warmupIterations())
                    .warmupTime(s.warmupTime())
                    .measurementIterations(s.measurementIterations())
                    .measurementTime(s.measurementTime())
                    .verbosity(s.verbosity())
                    .shouldFailOnError(true)
                    .result(json.toString())
                    .resultFormat(ResultFormatType.JSON);
            sectionParams(section, s, b);
            final List<String> jvmArgs = forkJvmArgs(s);
            if (!jvmArgs.isEmpty()) {
                b.jvmArgsAppend(jvmArgs.toArray(new String[0]));
            }
            try {
                new Runner(b.build()).run();
            } catch (RunnerException | RuntimeException e) {
                // A failed fork's scores are suspect: keep none of them; the failure is listed.
                Files.deleteIfExists(json);
                throw e;
            }
            final StringBuilder sb = new StringBuilder();
            for (ScoreTable table : ScoreTable.of(section, JmhResults.read(json))) {
                final ScoreTable.Row r = table.rows().get(0);
                sb.append(String.format(Locale.ROOT, "%s%.3f +- %.3f %s", sb.length() == 0 ? "" : "; ",
                        r.score().mean(), r.score().error(), section.unit()));
            }
            return sb.toString();
        }


        private String runLatency(Task t) throws IOException {
            final Path dir = runDir.resolve(RunData.LATENCY_DIR);
            // Named as the JMH results are, <round>-<qType>, which the report reads back as the round.
            final String name = t.round() + "-" + t.qType();
            final List<String> command = childJvm(List.of());
            command.addAll(List.of(LATENCY_MAIN, "qType=" + t.qType(), "mode=fixed",
                    "rate=" + s.latencyRate(), "warmup=" + s.latencyWarmup(),
                    "duration=" + s.latencyDuration(), "out=" + dir, "name=" + name));
            final Duration limit = Duration.ofSeconds(s.latencyWarmup() + s.latencyDuration()).plus(CHILD_MARGIN);
            final ChildProcess.Outcome o = ChildProcess.run(command, dir.resolve(name + ".log"), limit);
            final Path props = dir.resolve(name + ".properties");
            final Path hlog = dir.resolve(name + ".hlog");
            if (!o.ok() || !Files.exists(props) || !Files.exists(hlog)) {
                setAside(props, hlog);
                throw new IllegalStateException(o.ok() ? "no .properties/.hlog written" : o.describe());
            }
            final LatencyRun run = LatencyRun.read(props, hlog);
            final Histogram h = run.measured().get(LatencyRun.RESPONSE);
            return h == null ? "done (no response histogram)" : String.format(Locale.ROOT,
                    "response p50 %.1f p99 %.1f max %.1f us at %.0f msg/s",
                    h.getValueAtPercentile(MEDIAN) / NANOS_PER_MICRO, h.getValueAtPercentile(P99) / NANOS_PER_MICRO,
                    h.getMaxValue() / NANOS_PER_MICRO, run.number("achievedRate"));
        }

        private String runFootprint() throws IOException {
            final List<String> flags = new ArrayList<>(FOOTPRINT_JVM_FLAGS);
            if (Runtime.version().feature() >= FIRST_JDK_WITH_DYNAMIC_AGENT_FLAG) {
                // JOL attaches its agent to its own JVM; JDK 21+ warns unless that is allowed,
                // and JDK 17 does not know the flag at all.
                flags.add(DYNAMIC_AGENT_FLAG);
            }
            final List<String> command = childJvm(flags);
            final Path csv = runDir.resolve(RunData.FOOTPRINT);
            command.addAll(List.of(FOOTPRINT_MAIN, "qTypes=" + String.join(",", s.qTypes()),
                    "capacity=" + s.footprintCapacity(), "out=" + csv));
            final ChildProcess.Outcome o = ChildProcess.run(command, runDir.resolve(FOOTPRINT_LOG), FOOTPRINT_LIMIT);
            if (!o.ok() || !Files.exists(csv)) {
                setAside(csv);
                throw new IllegalStateException(o.ok() ? "no " + csv.getFileName() + " written" : o.describe());
            }
            return "done";
        }

        /** Renames a failed child's files, so the report does not read a partial log or table. */
        private void setAside(Path... files) throws IOException {
            for (Path p : files) {
                if (Files.exists(p)) {
                    Files.move(p, p.resolveSibling(p.getFileName() + FAILED_SUFFIX),
                            StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }

        private List<String> childJvm(List<String> flags) {
            final List<String> command = new ArrayList<>();
            command.add(ChildProcess.javaLauncher());
            command.addAll(forkJvmArgs(s));
            command.addAll(flags);
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            return command;
        }

        private void finish(Task t) {
            done++;
            plannedDone += t.seconds();
        }

        /** Scales the plan's remaining estimate by how the finished runs compared to theirs. */
        private String timeLeft() {
            final double planned = plan.stream().mapToDouble(Task::seconds).sum();
            if (done >= plan.size() || plannedDone <= 0) {
                return "";
            }
            final double left = secondsSince(start) / plannedDone * (planned - plannedDone);
            return String.format(Locale.ROOT, ", ~%.1f min left", left / TimeUnit.MINUTES.toSeconds(1));
        }
    }

    /** @return the class a section runs, to check it is in this build */
    static String mainClassOf(String section) {
        final JmhSection jmh = JmhSection.byId(section);
        if (jmh != null) {
            return jmh.benchmark().substring(0, jmh.benchmark().lastIndexOf('.'));
        }
        return section.equals(SECTION_LATENCY) ? LATENCY_MAIN : FOOTPRINT_MAIN;
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, Compare.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static String shorten(String qType) {
        final String ellipsis = "...";
        return qType.length() <= QTYPE_COLUMN ? qType
                : qType.substring(0, QTYPE_COLUMN - ellipsis.length()) + ellipsis;
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

    private static double secondsSince(long nanoStart) {
        return (System.nanoTime() - nanoStart) / NANOS_PER_SECOND;
    }
}
