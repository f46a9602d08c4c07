package org.jcq.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.google.gson.JsonArray;
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
     * @param run        how it ran, and its scores fork by fork
     */
    public record Result(Path file, String benchmark, Map<String, String> params,
                         List<Iteration> iterations, Run run) {
        /** @return the queue the result measured */
        public String qType() {
            return param(params, JmhSection.Q_TYPE);
        }
    }

    /**
     * How a result ran and what each fork scored: what the packed per-fork form keeps of a result
     * ({@link ForkTable}).
     *
     * @param settings   JMH's version, the JVM and its options, the mode, threads, forks, warm-up
     *                   and measurement settings, in JMH's order (what every result of a run
     *                   usually shares)
     * @param units      each metric's unit: {@value #PRIMARY} for the primary metric, then the
     *                   secondary metrics by label
     * @param forkScores each metric's mean per fork, in fork order; where a file kept only JMH's
     *                   summary score (no raw data), that score alone
     * @param perFork    false where the scores are summary scores, not per fork
     */
    public record Run(Map<String, String> settings, Map<String, String> units,
                      Map<String, List<Double>> forkScores, boolean perFork) {
    }

    /**
     * The system property {@code scripts/configs.sh} gives each launch, a string of a random
     * length, to move where the JVM's first objects land in the heap: the same jar under two
     * names, or with a pad of 0 and of 1000 characters, differed by a tenth in every round of a
     * one-thread benchmark, so an unmoved layout is a bias of its own. Not a setting: launches
     * that differ only in it pair.
     */
    public static final String LAYOUT_PAD = "-Djcq.layout=";

    /**
     * @param jvmArgs JVM options as JMH's console gives them ("VM options:", space-separated)
     * @return the same without the layout pad ({@link #LAYOUT_PAD})
     */
    public static String withoutLayoutPad(String jvmArgs) {
        if (!jvmArgs.contains(LAYOUT_PAD)) {
            return jvmArgs;
        }
        return Arrays.stream(jvmArgs.split(" ")).filter(a -> !a.startsWith(LAYOUT_PAD))
                .collect(Collectors.joining(" "));
    }

    /** JMH's JSON "jvmArgs" array without the layout pad ({@link #LAYOUT_PAD}). */
    private static JsonArray withoutLayoutPad(JsonArray jvmArgs) {
        final JsonArray out = new JsonArray();
        for (JsonElement a : jvmArgs) {
            if (!(a.isJsonPrimitive() && a.getAsString().startsWith(LAYOUT_PAD))) {
                out.add(a);
            }
        }
        return out;
    }

    /** The key of the primary metric in {@link Run#units()} and {@link Run#forkScores()}. */
    public static final String PRIMARY = "primary";

    /** The members of a result that say how it ran: everything but what it measured. */
    private static final List<String> SETTINGS = List.of("jmhVersion", "jdkVersion", "vmName", "vmVersion", "jvm",
            "jvmArgs", "mode", "threads", "forks", "warmupIterations", "warmupTime", "warmupBatchSize",
            "measurementIterations", "measurementTime", "measurementBatchSize");

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
            return results(file, JsonParser.parseString(text), true);
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException
                | IllegalArgumentException e) {
            // Gson's errors for malformed text and for a value of another type than expected, and
            // this class's for a member missing or a score that is none.
            throw new IllegalArgumentException(file + ": not JMH's JSON: " + e.getMessage(), e);
        }
    }

    /**
     * Reads a result file as the launch scripts leave it: JMH's own array, or an object whose
     * members are launches named {@code ROUND-LABEL} holding JMH's array (what the launch scripts'
     * packing wrote), each result possibly trimmed to its summary scores.
     *
     * @param file the file
     * @return the results by launch name; JMH's own array is one launch named after the file
     * @throws IOException              if it cannot be read
     * @throws IllegalArgumentException naming the file, if it is neither form
     */
    public static Map<String, List<Result>> readLaunches(Path file) throws IOException {
        final String text = Files.readString(file, StandardCharsets.UTF_8);
        final String name = file.getFileName().toString();
        final String stem = name.endsWith(JSON_SUFFIX) ? name.substring(0, name.length() - JSON_SUFFIX.length()) : name;
        try {
            final JsonElement root = JsonParser.parseString(text);
            final Map<String, List<Result>> out = new LinkedHashMap<>();
            if (root.isJsonArray()) {
                out.put(stem, results(file, root, false));
            } else {
                for (Map.Entry<String, JsonElement> e : root.getAsJsonObject().entrySet()) {
                    out.put(e.getKey(), results(file, e.getValue(), false));
                }
            }
            return out;
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException
                | IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": not JMH's JSON: " + e.getMessage(), e);
        }
    }

    private static List<Result> results(Path file, JsonElement array, boolean strict) {
        final List<Result> out = new ArrayList<>();
        for (JsonElement o : array.getAsJsonArray()) {
            out.add(result(file, o.getAsJsonObject(), strict));
        }
        return out;
    }

    private static Result result(Path file, JsonObject json, boolean strict) {
        final String benchmark = member(json, "benchmark").getAsString();
        final Map<String, String> params = new LinkedHashMap<>();
        if (json.has("params") && json.get("params").isJsonObject()) {
            json.getAsJsonObject("params").entrySet()
                    .forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
        }
        final JsonObject primaryMetric = member(json, "primaryMetric").getAsJsonObject();
        final Map<String, JsonObject> metrics = new LinkedHashMap<>();
        metrics.put(PRIMARY, primaryMetric);
        if (json.has("secondaryMetrics") && json.get("secondaryMetrics").isJsonObject()) {
            json.getAsJsonObject("secondaryMetrics").entrySet()
                    .forEach(e -> metrics.put(e.getKey(), e.getValue().getAsJsonObject()));
        }
        final boolean perFork = strict || primaryMetric.has("rawData");
        final Map<String, String> units = new LinkedHashMap<>();
        final Map<String, List<Double>> forkScores = new LinkedHashMap<>();
        final Map<String, List<Double>> flat = new LinkedHashMap<>();
        for (Map.Entry<String, JsonObject> m : metrics.entrySet()) {
            final JsonObject metric = m.getValue();
            units.put(m.getKey(), metric.has("scoreUnit") ? metric.get("scoreUnit").getAsString() : "");
            if (perFork) {
                final List<List<Double>> forks = forks(metric);
                flat.put(m.getKey(), forks.stream().flatMap(List::stream).collect(Collectors.toList()));
                forkScores.put(m.getKey(), forks.stream().map(JmhResults::mean).collect(Collectors.toUnmodifiableList()));
            } else {
                forkScores.put(m.getKey(), List.of(number(member(metric, "score"))));
            }
        }
        final Map<String, String> settings = new LinkedHashMap<>();
        for (String key : SETTINGS) {
            if (json.has(key) && !json.get(key).isJsonNull()) {
                final JsonElement v = json.get(key);
                settings.put(key, v.isJsonPrimitive() ? v.getAsString()
                        : (v.isJsonArray() ? withoutLayoutPad(v.getAsJsonArray()) : v).toString());
            }
        }
        final List<Double> primary = perFork ? flat.remove(PRIMARY) : List.of();
        final List<Iteration> iterations = new ArrayList<>();
        for (int i = 0; i < primary.size(); i++) {
            final Map<String, Double> row = new LinkedHashMap<>();
            for (Map.Entry<String, List<Double>> e : flat.entrySet()) {
                // JMH leaves out an iteration that lacks a secondary, so a short array cannot be
                // lined up with the primary scores: such a metric is left out altogether.
                if (e.getValue().size() == primary.size()) {
                    row.put(e.getKey(), e.getValue().get(i));
                }
            }
            iterations.add(new Iteration(primary.get(i), Collections.unmodifiableMap(row)));
        }
        return new Result(file, benchmark, Collections.unmodifiableMap(params),
                Collections.unmodifiableList(iterations),
                new Run(Collections.unmodifiableMap(settings), Collections.unmodifiableMap(units),
                        Collections.unmodifiableMap(forkScores), perFork));
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

    /** @return a metric's raw scores, one list per fork */
    private static List<List<Double>> forks(JsonObject metric) {
        final List<List<Double>> out = new ArrayList<>();
        for (JsonElement fork : member(metric, "rawData").getAsJsonArray()) {
            final List<Double> scores = new ArrayList<>();
            for (JsonElement score : fork.getAsJsonArray()) {
                scores.add(number(score));
            }
            out.add(scores);
        }
        return out;
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
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
