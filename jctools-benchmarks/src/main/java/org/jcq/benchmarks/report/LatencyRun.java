package org.jcq.benchmarks.report;

import org.jcq.benchmarks.tools.Compare;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * One latency harness run read back from its files: {@code <name>.properties} and the
 * {@code <name>.hlog} interval log, whose intervals of each tag ({@code response},
 * {@code service}, {@code wait}) are added up over the measured part only.
 * <p>
 * {@code Compare} names a run {@code <round>-<qType>}, one per round; a name without that prefix
 * (a run directory from before rounds, or the harness's default name) is round 1.
 * <p>
 * The warm-up is cut by time, as the harness's contract says: an interval counts when it starts
 * at least {@code warmupSeconds} after the log's start ({@code startEpochMillis}), less
 * {@value #TIMESTAMP_SLACK_MILLIS} ms because the log writes times in seconds to three decimals
 * and the reader truncates them back to milliseconds. Values are nanoseconds.
 *
 * @param name       the run's file base name
 * @param properties the run's properties
 * @param measured   the post-warm-up histogram of each tag, in tag order
 */
public record LatencyRun(String name, Properties properties, Map<String, Histogram> measured) {
    /** The tag of end-to-end time from the intended send time (coordinated-omission free). */
    public static final String RESPONSE = "response";
    /** The tag of time from the actual send to the receipt. */
    public static final String SERVICE = "service";
    /** The percentiles every summary reports (the maximum comes beside them). */
    public static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9, 99.99);

    static final long TIMESTAMP_SLACK_MILLIS = 1;
    /** {@code <round>-<rest>}: the file base name Compare gives each round's run. */
    private static final Pattern ROUND_PREFIX = Pattern.compile("([0-9]+)-(.+)");
    private static final String HLOG = ".hlog";
    private static final String PROPERTIES = ".properties";
    private static final double MILLIS_PER_SECOND = 1000;

    /** @return the queue measured (the {@code qType} property, else the file name less its round) */
    public String qType() {
        final Matcher m = ROUND_PREFIX.matcher(name);
        return properties.getProperty("qType", m.matches() ? m.group(2) : name);
    }

    /** @return the round of the run: its file name's prefix, 1 where it has none */
    public int round() {
        final Matcher m = ROUND_PREFIX.matcher(name);
        try {
            return m.matches() ? Integer.parseInt(m.group(1)) : 1;
        } catch (NumberFormatException e) {
            // Digits too many for an int: not a round Compare wrote, so part of the name.
            return 1;
        }
    }

    /** @return a property, or NaN where it is missing or not a number */
    public double number(String key) {
        try {
            return Double.parseDouble(properties.getProperty(key, "").trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** @return a property, or "-" where it is missing */
    public String text(String key) {
        return properties.getProperty(key, "-");
    }

    /**
     * Reads every run in a folder: each {@code .properties} file with an {@code .hlog} beside it.
     *
     * @param dir the folder; a missing one holds no runs
     * @return every run, in {@link QueueOrder} of their queues, each queue's runs by round
     * @throws IOException              if a file cannot be read
     * @throws IllegalArgumentException naming the file, if a log or its properties are malformed
     */
    public static List<LatencyRun> readDir(Path dir) throws IOException {
        final Map<String, List<LatencyRun>> byQueue = new TreeMap<>();
        for (Path p : RunData.filesEndingWith(dir, PROPERTIES)) {
            final String file = p.getFileName().toString();
            final Path hlog = p.resolveSibling(file.substring(0, file.length() - PROPERTIES.length()) + HLOG);
            if (Files.exists(hlog)) {
                final LatencyRun run = read(p, hlog);
                byQueue.computeIfAbsent(run.qType(), q -> new ArrayList<>()).add(run);
            }
        }
        final List<LatencyRun> out = new ArrayList<>();
        for (String q : QueueOrder.sort(byQueue.keySet())) {
            final List<LatencyRun> runs = byQueue.get(q);
            // By number, not by file name, so round 10 follows round 9.
            runs.sort(Comparator.comparingInt(LatencyRun::round));
            out.addAll(runs);
        }
        return out;
    }

    /**
     * Reads one run.
     *
     * @param propertiesFile its properties
     * @param hlogFile       its interval log
     * @return the run, warm-up excluded
     * @throws IOException              if a file cannot be read
     * @throws IllegalArgumentException naming the file, if either is malformed
     */
    public static LatencyRun read(Path propertiesFile, Path hlogFile) throws IOException {
        final Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(propertiesFile, StandardCharsets.ISO_8859_1)) {
            p.load(r);
        }
        final String file = propertiesFile.getFileName().toString();
        final String name = file.substring(0, file.length() - PROPERTIES.length());
        final double warmupSeconds = required(p, "warmupSeconds", propertiesFile);
        final long logStartMillis = (long) required(p, "startEpochMillis", propertiesFile);
        final long firstMeasuredMillis =
                logStartMillis + Math.round(warmupSeconds * MILLIS_PER_SECOND) - TIMESTAMP_SLACK_MILLIS;
        return new LatencyRun(name, p, measured(hlogFile, firstMeasuredMillis));
    }

    private static double required(Properties p, String key, Path file) {
        final String v = p.getProperty(key);
        try {
            return Double.parseDouble(v == null ? "" : v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ": property '" + key + "' missing or not a number: " + v, e);
        }
    }

    private static Map<String, Histogram> measured(Path hlog, long firstMeasuredMillis) throws IOException {
        final Map<String, Histogram> byTag = new TreeMap<>();
        final HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        try {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (!(h instanceof Histogram)) {
                    throw new IllegalArgumentException(hlog + ": expected integer histograms, found "
                            + h.getClass().getSimpleName());
                }
                if (h.getTag() != null && h.getStartTimeStamp() >= firstMeasuredMillis) {
                    final Histogram interval = (Histogram) h;
                    byTag.computeIfAbsent(h.getTag(),
                            t -> new Histogram(interval.getNumberOfSignificantValueDigits())).add(interval);
                }
            }
        } finally {
            reader.close();
        }
        return Collections.unmodifiableMap(byTag);
    }
}
