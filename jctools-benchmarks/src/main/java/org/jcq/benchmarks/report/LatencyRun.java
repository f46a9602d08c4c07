package org.jcq.benchmarks.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * One latency harness run read back from its files: {@code <name>.properties} and the
 * {@code <name>.hlog} interval log, whose intervals of each tag ({@code response},
 * {@code service}, {@code wait}) are added up over the measured part only.
 * <p>
 * The warm-up is cut by time, as the harness's contract says: an interval counts when it starts
 * at least {@code warmupSeconds} after the log's start ({@code startEpochMillis}), less
 * {@value #TIMESTAMP_SLACK_MILLIS} ms because the log writes times in seconds to three decimals
 * and the reader truncates them back to milliseconds. Values are nanoseconds.
 *
 * @param name       the runs' file base name
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
    private static final String HLOG = ".hlog";
    private static final String PROPERTIES = ".properties";
    private static final double MILLIS_PER_SECOND = 1000;

    /** @return the queue measured (the {@code qType} property, else the file name) */
    public String qType() {
        return properties.getProperty("qType", name);
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
     * @return the runs, in {@link QueueOrder} of their queues
     * @throws IOException              if a file cannot be read
     * @throws IllegalArgumentException naming the file, if a log or its properties are malformed
     */
    public static List<LatencyRun> readDir(Path dir) throws IOException {
        final Map<String, LatencyRun> byQueue = new TreeMap<>();
        for (Path p : RunData.filesEndingWith(dir, PROPERTIES)) {
            final String file = p.getFileName().toString();
            final Path hlog = p.resolveSibling(file.substring(0, file.length() - PROPERTIES.length()) + HLOG);
            if (Files.exists(hlog)) {
                final LatencyRun run = read(p, hlog);
                byQueue.put(run.qType(), run);
            }
        }
        final List<LatencyRun> out = new ArrayList<>();
        for (String q : QueueOrder.sort(byQueue.keySet())) {
            out.add(byQueue.get(q));
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
