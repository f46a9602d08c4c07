package org.jcq.benchmarks.report;

import org.jcq.benchmarks.tools.Compare;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes a small comparison run directory with known numbers: JMH-shaped JSON files (the fields
 * the report reads, the way JMH writes them, "NaN" strings included) and a latency log written
 * with HdrHistogram's own HistogramLogWriter, one per run.
 */
final class RunFixture {
    static final String BASE = JmhSection.BASE.benchmark();
    static final String TPT = JmhSection.TPT.benchmark();
    static final String RTT = JmhSection.RTT.benchmark();
    /** The latency log's start: an arbitrary fixed epoch millisecond. */
    static final long LOG_START_MILLIS = 1_700_000_000_000L;
    static final int HISTOGRAM_DIGITS = 3;

    private final Path runDir;

    RunFixture(Path runDir) {
        this.runDir = runDir;
    }

    /** One fork's result: primary scores, and per secondary label its scores, per iteration. */
    void jmh(String section, String file, String benchmark, Map<String, String> params, double[] primary,
             Map<String, double[]> secondaries) throws IOException {
        final StringBuilder sb = new StringBuilder("[{\"jmhVersion\":\"1.37\",\"benchmark\":\"")
                .append(benchmark).append("\",\"mode\":\"thrpt\",\"params\":{");
        sb.append(params.entrySet().stream().map(e -> quote(e.getKey()) + ":" + quote(e.getValue()))
                .collect(Collectors.joining(",")));
        sb.append("},\"primaryMetric\":").append(metric(primary)).append(",\"secondaryMetrics\":{");
        final List<String> parts = new ArrayList<>();
        secondaries.forEach((label, xs) -> parts.add(quote(label) + ":" + metric(xs)));
        sb.append(String.join(",", parts)).append("}}]");
        final Path f = runDir.resolve(RunData.JMH_DIR).resolve(section).resolve(file);
        Files.createDirectories(f.getParent());
        Files.writeString(f, sb.toString(), StandardCharsets.UTF_8);
    }

    private static String metric(double[] xs) {
        final String raw = Arrays.stream(xs).mapToObj(x -> String.format(Locale.ROOT, "%s", x))
                .collect(Collectors.joining(","));
        return "{\"score\":\"NaN\",\"scoreError\":\"NaN\",\"scoreConfidence\":[\"NaN\",\"NaN\"],"
                + "\"scoreUnit\":\"ops/us\",\"rawData\":[[" + raw + "]]}";
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /**
     * A latency run: one warm-up second whose response times are all {@code warmupNanos}, then one
     * measured second with the given response and service times.
     *
     * @param name         the files' base name: {@code <round>-<qType>} as Compare names them, or
     *                     just {@code <qType>} as a run directory from before rounds did
     * @param achievedRate the run's achieved rate, msgs/s
     */
    void latency(String name, String qType, double achievedRate, long warmupNanos, long[] responseNanos,
                 long[] serviceNanos) throws IOException {
        final Path dir = runDir.resolve(RunData.LATENCY_DIR);
        Files.createDirectories(dir);
        try (PrintStream out = new PrintStream(Files.newOutputStream(dir.resolve(name + ".hlog")), false,
                StandardCharsets.UTF_8)) {
            final HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputLogFormatVersion();
            w.outputStartTime(LOG_START_MILLIS);
            w.setBaseTime(LOG_START_MILLIS);
            w.outputBaseTime(LOG_START_MILLIS);
            w.outputLegend();
            w.outputIntervalHistogram(interval(0, LatencyRun.RESPONSE, repeat(warmupNanos, responseNanos.length)));
            w.outputIntervalHistogram(interval(0, LatencyRun.SERVICE, repeat(warmupNanos, serviceNanos.length)));
            w.outputIntervalHistogram(interval(1, LatencyRun.RESPONSE, responseNanos));
            w.outputIntervalHistogram(interval(1, LatencyRun.SERVICE, serviceNanos));
        }
        final Properties p = new Properties();
        p.setProperty("qType", qType);
        p.setProperty("mode", "fixed");
        p.setProperty("rate", "1000");
        p.setProperty("achievedRate", Double.toString(achievedRate));
        p.setProperty("warmupSeconds", "1");
        p.setProperty("durationSeconds", "1");
        p.setProperty("intervalSeconds", "1");
        p.setProperty("startEpochMillis", Long.toString(LOG_START_MILLIS));
        p.setProperty("valueUnit", "ns");
        p.setProperty("summaryKind", LatencyRun.RESPONSE);
        try (Writer w = Files.newBufferedWriter(dir.resolve(name + ".properties"), StandardCharsets.ISO_8859_1)) {
            p.store(w, null);
        }
    }

    private static long[] repeat(long value, int n) {
        final long[] xs = new long[n];
        Arrays.fill(xs, value);
        return xs;
    }

    /** @return the values in a histogram as precise as the fixture's logs */
    static Histogram histogram(long[] values) {
        final Histogram h = new Histogram(HISTOGRAM_DIGITS);
        for (long v : values) {
            h.recordValue(v);
        }
        return h;
    }

    private static Histogram interval(int second, String tag, long[] values) {
        final Histogram h = histogram(values);
        h.setStartTimeStamp(LOG_START_MILLIS + second * 1000L);
        h.setEndTimeStamp(LOG_START_MILLIS + (second + 1) * 1000L);
        h.setTag(tag);
        return h;
    }

    void file(String name, String text) throws IOException {
        Files.writeString(runDir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
