package org.jcq.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH's own JSON result files back into measurement iterations, keeping each iteration's
 * primary and secondary scores together.
 * <p>
 * JMH's JSON holds, per benchmark and parameter set, a {@code rawData} array per metric: one
 * array per fork, one score per measurement iteration. The summary scores and errors beside them
 * are ignored on purpose: the report pools the raw iterations of every fork itself, and an
 * iteration's allocation figure only means something beside that same iteration's throughput.
 */
public final class JmhResults {
    private static final String JSON_SUFFIX = ".json";

    private JmhResults() {
    }

    /**
     * One measurement iteration.
     *
     * @param primary     JMH's primary score
     * @param secondaries the secondary scores by label (aux counters, profilers)
     */
    public record Iteration(double primary, Map<String, Double> secondaries) {
        /** @throws IllegalArgumentException if the iteration has no such secondary score */
        double secondary(String label) {
            final Double v = secondaries.get(label);
            if (v == null) {
                throw new IllegalArgumentException("no secondary result '" + label + "'; have "
                        + secondaries.keySet());
            }
            return v;
        }

        /** @return the secondary score, or NaN where the iteration has none */
        double secondaryOrNaN(String label) {
            final Double v = secondaries.get(label);
            return v == null ? Double.NaN : v;
        }
    }

    /**
     * One benchmark and parameter set of one result file.
     *
     * @param file       the file it came from, for messages
     * @param benchmark  JMH's full benchmark name
     * @param params     the benchmark parameters
     * @param iterations every measurement iteration of every fork in the file, fork by fork
     */
    public record Result(Path file, String benchmark, Map<String, String> params,
                         List<Iteration> iterations) {
        /** @return the queue the result measured */
        public String qType() {
            return param(params, JmhSection.Q_TYPE);
        }
    }

    /**
     * @param params a result's parameters
     * @param name   one they must have
     * @return its value
     * @throws IllegalArgumentException if it is missing
     */
    static String param(Map<String, String> params, String name) {
        final String v = params.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no parameter '" + name + "' in " + params);
        }
        return v;
    }

    /**
     * Reads every {@code *.json} file directly in a folder, in name order.
     *
     * @param dir the folder; a missing folder holds no results
     * @return the results, file by file
     * @throws IOException              if a file cannot be read
     * @throws IllegalArgumentException naming the file, if one is not JMH's JSON
     */
    public static List<Result> readDir(Path dir) throws IOException {
        final List<Result> out = new ArrayList<>();
        for (Path f : RunData.filesEndingWith(dir, JSON_SUFFIX)) {
            out.addAll(read(f));
        }
        return out;
    }

    /**
     * Reads one JMH JSON result file.
     *
     * @param file the file
     * @return one result per benchmark and parameter set in it
     * @throws IOException              if it cannot be read
     * @throws IllegalArgumentException naming the file, if it is not JMH's JSON
     */
    public static List<Result> read(Path file) throws IOException {
        final String text = Files.readString(file, StandardCharsets.UTF_8);
        try {
            final List<Result> out = new ArrayList<>();
            for (Object o : Json.array(Json.parse(text))) {
                out.add(result(file, Json.object(o)));
            }
            return out;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static Result result(Path file, Map<String, Object> json) {
        final String benchmark = (String) Json.get(json, "benchmark");
        final Map<String, String> params = new LinkedHashMap<>();
        if (json.get("params") != null) {
            Json.object(json.get("params")).forEach((k, v) -> params.put(k, String.valueOf(v)));
        }
        final List<Double> primary = flatten(Json.object(Json.get(json, "primaryMetric")));
        final Map<String, List<Double>> secondaries = new LinkedHashMap<>();
        if (json.get("secondaryMetrics") != null) {
            Json.object(json.get("secondaryMetrics"))
                    .forEach((label, m) -> secondaries.put(label, flatten(Json.object(m))));
        }
        final List<Iteration> iterations = new ArrayList<>();
        for (int i = 0; i < primary.size(); i++) {
            final Map<String, Double> row = new LinkedHashMap<>();
            for (Map.Entry<String, List<Double>> e : secondaries.entrySet()) {
                // JMH leaves out an iteration that lacks a secondary, so a short array cannot be
                // lined up with the primary scores: such a metric is left out altogether.
                if (e.getValue().size() == primary.size()) {
                    row.put(e.getKey(), e.getValue().get(i));
                }
            }
            iterations.add(new Iteration(primary.get(i), Collections.unmodifiableMap(row)));
        }
        return new Result(file, benchmark, Collections.unmodifiableMap(params),
                Collections.unmodifiableList(iterations));
    }

    /** @return a metric's raw scores, fork after fork */
    private static List<Double> flatten(Map<String, Object> metric) {
        final List<Double> out = new ArrayList<>();
        for (Object fork : Json.array(Json.get(metric, "rawData"))) {
            for (Object score : Json.array(fork)) {
                out.add(Json.number(score));
            }
        }
        return out;
    }
}
