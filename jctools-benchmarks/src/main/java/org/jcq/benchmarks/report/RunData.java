package org.jcq.benchmarks.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Everything a comparison run left in its directory, read back from the raw files alone:
 * {@value #ENVIRONMENT} (machine and settings), {@code jmh/<section>/*.json} (JMH's own results),
 * {@code latency/<round>-<qType>.hlog} with their {@code .properties}, {@value #FOOTPRINT} and
 * {@link Failures#FILE}. Nothing here depends on the JVM that ran the benchmarks.
 *
 * @param runDir      the directory
 * @param environment the machine, JDK and settings the run used
 * @param tables      the JMH sections' tables, section by section
 * @param latency     each queue's latency runs, queues in {@link QueueOrder}
 * @param footprint   the footprint table's rows
 * @param failures    the runs that failed
 */
public record RunData(Path runDir, Properties environment, List<ScoreTable> tables,
                      List<LatencyRuns> latency, List<FootprintRow> footprint,
                      List<Failures.Failure> failures) {
    /** The environment file's name. */
    public static final String ENVIRONMENT = "environment.properties";
    /** The folder of JMH results, one subfolder per section. */
    public static final String JMH_DIR = "jmh";
    /** The folder of latency logs. */
    public static final String LATENCY_DIR = "latency";
    /** The footprint table's file name. */
    public static final String FOOTPRINT = "footprint.csv";

    /**
     * Reads a run directory.
     *
     * @param runDir the directory
     * @return what it holds; missing parts are empty
     * @throws IOException              if a file cannot be read
     * @throws IllegalArgumentException naming the file, if one is malformed
     */
    public static RunData read(Path runDir) throws IOException {
        if (!Files.isDirectory(runDir)) {
            throw new IllegalArgumentException("runDir: not a directory: " + runDir);
        }
        final Properties env = new Properties();
        final Path envFile = runDir.resolve(ENVIRONMENT);
        if (Files.exists(envFile)) {
            try (Reader r = Files.newBufferedReader(envFile, StandardCharsets.ISO_8859_1)) {
                env.load(r);
            }
        }
        final List<ScoreTable> tables = new ArrayList<>();
        for (JmhSection s : JmhSection.values()) {
            tables.addAll(ScoreTable.of(s, JmhResults.readDir(runDir.resolve(JMH_DIR).resolve(s.id()))));
        }
        return new RunData(runDir, env, Collections.unmodifiableList(tables),
                LatencyRuns.byQueue(LatencyRun.readDir(runDir.resolve(LATENCY_DIR))),
                FootprintRow.read(runDir.resolve(FOOTPRINT)), Failures.read(runDir));
    }

    /**
     * @param dir    a folder; a missing one holds nothing
     * @param suffix the end of the file names wanted
     * @return the files directly in it whose names end so, in name order
     * @throws IOException if it cannot be listed
     */
    static List<Path> filesEndingWith(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted()
                    .collect(Collectors.toList());
        }
    }

    /** @return the tables of one section */
    public List<ScoreTable> tables(JmhSection section) {
        final List<ScoreTable> out = new ArrayList<>();
        for (ScoreTable t : tables) {
            if (t.section() == section) {
                out.add(t);
            }
        }
        return out;
    }
}
