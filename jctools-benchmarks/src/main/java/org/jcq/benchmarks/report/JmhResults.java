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

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

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
            for (JsonElement o : JsonParser.parseString(text).getAsJsonArray()) {
                out.add(result(file, o.getAsJsonObject()));
            }
            return out;
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException
                | IllegalArgumentException e) {
            // Gson's errors for malformed text and for a value of another type than expected, and
            // this class's for a member missing or a score that is none.
            throw new IllegalArgumentException(file + ": not JMH's JSON: " + e.getMessage(), e);
        }
    }

    private static Result result(Path file, JsonObject json) {
        final String benchmark = member(json, "benchmark").getAsString();
        final Map<String, String> params = new LinkedHashMap<>();
        if (json.has("params") && json.get("params").isJsonObject()) {
            json.getAsJsonObject("params").entrySet()
                    .forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
        }
        final List<Double> primary = flatten(member(json, "primaryMetric").getAsJsonObject());
        final Map<String, List<Double>> secondaries = new LinkedHashMap<>();
        if (json.has("secondaryMetrics") && json.get("secondaryMetrics").isJsonObject()) {
            json.getAsJsonObject("secondaryMetrics").entrySet()
                    .forEach(e -> secondaries.put(e.getKey(), flatten(e.getValue().getAsJsonObject())));
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

    /** The member {@code key} of {@code object}; throws, naming it, if it is missing or null. */
    private static JsonElement member(JsonObject object, String key) {
        final JsonElement value = object.get(key);
        if (value == null || value.isJsonNull()) {
            throw new IllegalArgumentException("no \"" + key + "\" in " + abbreviate(object));
        }
        return value;
    }

    private static String abbreviate(JsonObject object) {
        final String text = object.toString();
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }

    /** @return a metric's raw scores, fork after fork */
    private static List<Double> flatten(JsonObject metric) {
        final List<Double> out = new ArrayList<>();
        for (JsonElement fork : member(metric, "rawData").getAsJsonArray()) {
            for (JsonElement score : fork.getAsJsonArray()) {
                out.add(number(score));
            }
        }
        return out;
    }

    /**
     * A score: a JSON number, or one of the strings JMH writes for scores it cannot compute,
     * {@code "NaN"}, {@code "Infinity"} and {@code "-Infinity"}.
     */
    static double number(JsonElement score) {
        if (score.isJsonPrimitive() && score.getAsJsonPrimitive().isString()) {
            switch (score.getAsString()) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    throw new IllegalArgumentException("not a score: " + score);
            }
        }
        if (!score.isJsonPrimitive() || !score.getAsJsonPrimitive().isNumber()) {
            throw new IllegalArgumentException("not a score: " + score);
        }
        return score.getAsDouble();
    }
}
