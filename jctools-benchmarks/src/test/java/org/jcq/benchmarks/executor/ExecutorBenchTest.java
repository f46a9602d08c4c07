package org.jcq.benchmarks.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.jcq.benchmarks.support.ThreadKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The executor harness: its command line (defaults, and every bad argument rejected with the
 * usage, naming the value), and tiny runs of each mode that finish and print one line a script can
 * parse, with results that hold whatever the machine's speed (every task submitted ran, a
 * histogram's percentiles in order, idle workers parked). Nothing here measures speed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ExecutorBenchTest {
    /** The result line's fields, in order; fails unless it is the prefix and key=value fields. */
    static Map<String, String> fields(String line) {
        final String[] parts = line.trim().split(" ");
        assertEquals(ExecutorBench.LINE_PREFIX, parts[0], line);
        final Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            final int eq = parts[i].indexOf('=');
            assertTrue(eq > 0 && eq < parts[i].length() - 1, "not key=value: '" + parts[i] + "' in " + line);
            fields.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
        }
        return fields;
    }

    /** Runs the harness with {@code args}; its one output line, parsed. */
    private static Map<String, String> run(String... args) throws InterruptedException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = ExecutorBench.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        final List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(1, lines.size(), lines.toString());
        return fields(lines.get(0));
    }

    @Test
    void defaults() {
        final ExecutorBench.Settings s = ExecutorBench.parse(new String[0]);
        assertEquals(new ExecutorBench.Settings(ExecutorBench.THROUGHPUT, BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED,
                ThreadKind.PLATFORM, 2, 1, 1024, 1024, 5000, 5000, 64, 50, 2000), s);
    }

    @Test
    void everyKeyIsRead() {
        final ExecutorBench.Settings s = ExecutorBench.parse(new String[] {"mode=latency", "qType=JDK.ArrayBlockingQueue",
            "workers=3", "submitters=4", "capacity=256", "warmupMillis=7", "durationMillis=8", "burst=16",
            "pauseMicros=9", "idleMillis=10"});
        assertEquals(new ExecutorBench.Settings(ExecutorBench.LATENCY, BenchmarkQueues.JDK_ABQ, ThreadKind.PLATFORM, 3, 4,
                256, 256, 7, 8, 16, 9, 10), s, "the backlog defaults to the capacity");
        assertEquals(100, ExecutorBench.parse(new String[] {"backlog=100"}).backlog());
    }

    @Test
    void theDefaultQueuesAreTheFiveOfTheComparisonAndAllAccepted() {
        assertEquals(List.of(BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED, BenchmarkQueues.BLOCKING_MPMC, BenchmarkQueues.JDK_LBQ,
                BenchmarkQueues.JDK_ABQ, BenchmarkQueues.JDK_LTQ), ExecutorBench.QUEUES);
        for (String q : ExecutorBench.QUEUES) {
            assertEquals(q, ExecutorBench.parse(new String[] {"qType=" + q}).qType());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "mode=fast|fast",
        "qType=NoSuchQueue|NoSuchQueue",
        "qType=SpscBlockingArrayQueue|SpscBlockingArrayQueue",
        "qType=MpscBlockingConsumerArrayQueue|MpscBlockingConsumerArrayQueue",
        "qType=JDK.ArrayBlockingQueue,JDK.LinkedBlockingQueue|JDK.ArrayBlockingQueue,JDK.LinkedBlockingQueue",
        "workerKind=green|green",
        "workers=0|0",
        "submitters=x|x",
        "capacity=-1|-1",
        "burst=2048|2048",
        "durationMillis=0|0",
        "nokey|nokey",
        "colour=red|colour"})
    void badArgumentsExitWithUsageNamingTheValue(String arg, String named) throws InterruptedException {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = ExecutorBench.run(new String[] {arg}, System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExecutorBench.EXIT_USAGE, status);
        final String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains(named), text);
        assertTrue(text.contains(ExecutorBench.USAGE), text);
    }

    @Test
    void aBacklogSmallerThanTheSubmittersIsRejected() throws InterruptedException {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = ExecutorBench.run(new String[] {"submitters=4", "backlog=3"}, System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExecutorBench.EXIT_USAGE, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("backlog=3"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void virtualWorkersBeforeJdk21AreRejected() {
        assumeFalse(ThreadKind.virtualAvailable(), "this JDK has virtual threads");
        final IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> ExecutorBench.parse(new String[] {"workerKind=virtual"}));
        assertTrue(e.getMessage().contains("JDK 21"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED, BenchmarkQueues.BLOCKING_MPMC, BenchmarkQueues.JDK_LBQ})
    void aTinyThroughputRunCountsOnlyTasksThatRanAndRunsEveryTaskItSubmitted(String qType)
            throws InterruptedException {
        final Map<String, String> f = run("mode=throughput", "qType=" + qType, "submitters=2", "warmupMillis=50",
                "durationMillis=100");
        assertEquals(List.of("mode", "qType", "workerKind", "workers", "submitters", "capacity", "java", "backlog",
                "seconds", "tasksPerSecond", "executed", "submittedTotal", "executedTotal", "rejected", "jitMillis"),
                List.copyOf(f.keySet()));
        assertEquals(qType, f.get("qType"));
        assertEquals("2", f.get("submitters"));
        assertTrue(Long.parseLong(f.get("executed")) > 0, f.toString());
        assertTrue(Double.parseDouble(f.get("tasksPerSecond")) > 0, f.toString());
        assertEquals("0", f.get("rejected"), "the backlog keeps every queue below its bound");
        assertEquals(f.get("submittedTotal"), f.get("executedTotal"), "the pool ran what was queued before it ended");
        assertTrue(jitMillisOrNa(f) >= 0, f.toString());
        assertTrue(Long.parseLong(f.get("executed")) <= Long.parseLong(f.get("executedTotal")), f.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED, BenchmarkQueues.JDK_LTQ})
    void aTinyLatencyRunRecordsEveryTaskOfEveryMeasuredBurst(String qType) throws InterruptedException {
        final Map<String, String> f = run("mode=latency", "qType=" + qType, "warmupMillis=50", "durationMillis=100");
        final long samples = Long.parseLong(f.get("samples"));
        assertTrue(samples > 0, f.toString());
        assertEquals(Long.parseLong(f.get("bursts")) * 64, samples, f.toString());
        final double p50 = Double.parseDouble(f.get("p50Us"));
        final double p99 = Double.parseDouble(f.get("p99Us"));
        final double p999 = Double.parseDouble(f.get("p999Us"));
        final double max = Double.parseDouble(f.get("maxUs"));
        assertTrue(0 <= p50 && p50 <= p99 && p99 <= p999 && p999 <= max, f.toString());
        final double parked = Double.parseDouble(f.get("parkedBeforeBurst"));
        assertTrue(parked >= 0 && parked <= 1, f.toString());
        assertTrue(jitMillisOrNa(f) >= 0, f.toString());
    }

    /** The window's JIT time: a count of milliseconds, or 0 where the JVM does not measure it. */
    private static long jitMillisOrNa(Map<String, String> f) {
        final String v = f.get("jitMillis");
        return "na".equals(v) ? 0 : Long.parseLong(v);
    }

    @ParameterizedTest
    @ValueSource(strings = {BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED, BenchmarkQueues.JDK_LBQ})
    void aTinyIdleRunFindsEveryWorkerParked(String qType) throws InterruptedException {
        final Map<String, String> f = run("mode=idle", "qType=" + qType, "warmupMillis=50", "idleMillis=100");
        assertEquals("2/2", f.get("parkedWorkers"), f.toString());
        for (String k : List.of("processCpuMsPerS", "baselineCpuMsPerS", "netCpuMsPerS", "workerCpuMsPerS")) {
            Double.parseDouble(f.get(k));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {ExecutorBench.THROUGHPUT, ExecutorBench.LATENCY, ExecutorBench.IDLE})
    void virtualWorkersRunEveryMode(String mode) throws InterruptedException {
        assumeTrue(ThreadKind.virtualAvailable(), "virtual threads need JDK 21+");
        final Map<String, String> f = run("mode=" + mode, "workerKind=virtual", "warmupMillis=50",
                "durationMillis=100", "idleMillis=100");
        assertEquals("virtual", f.get("workerKind"));
        if (ExecutorBench.IDLE.equals(mode)) {
            assertEquals("na", f.get("workerCpuMsPerS"));
            assertEquals("2/2", f.get("parkedWorkers"), f.toString());
        }
    }
}
