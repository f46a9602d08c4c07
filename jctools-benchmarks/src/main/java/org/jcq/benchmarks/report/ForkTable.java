package org.jcq.benchmarks.report;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import com.google.gson.reflect.TypeToken;

/**
 * A run's measurements in the one packed form the repository keeps: one CSV row per fork of every
 * metric of every result (or, where a file kept only JMH's summary, one row with that score), and
 * each distinct set of run settings (JMH and JVM versions, JVM options, mode, threads, warm-up and
 * measurement) written once, in a comment line the rows refer to by number.
 * <p>
 * It is read from what the launch scripts leave (a folder of JMH JSON files named
 * {@code ROUND-LABEL.json}, files packing several such launches, and the {@code .txt} output of
 * the harnesses that print one {@code tool key=value ...} line per launch) or from a CSV it wrote, and
 * both give the same rows, so a run can be analysed before and after it is packed with the same
 * command ({@code org.jcq.benchmarks.tools.Ratio}, {@code org.jcq.benchmarks.tools.Peers}).
 * <p>
 * Where a launch's name starts with a number and a dash ({@code 3-SpscArrayQueue},
 * {@code r3-jdk17-...}) or ends with a dash and a number ({@code before-3}), the number is its
 * round and the rest its label; otherwise its round is 0 and its name the label. A harness line
 * that starts with a number (a script's {@code runs.txt}) takes its round from there. A row's source is the folder the launch came from, relative to the one
 * read (with a packing file's name appended), so launches of one round in different folders stay
 * apart. A text file whose lines carry their rounds is, like a packing file, many launches: its
 * name is appended to its source too.
 */
public final class ForkTable {
    /** The CSV header, after the comment lines. */
    static final String HEADER = "source,round,label,benchmark,params,metric,fork,value,unit,settings";
    /** The fork column of a row that holds a summary score, not one fork's. */
    public static final int SUMMARY = -1;
    private static final String COMMENT = "# ";
    private static final String SETTINGS_PREFIX = "# settings ";
    private static final String FIRST_LINE = "# jcq fork table 1: one row per fork (fork '-': a summary score"
            + " kept without its forks); settings N below are the run settings the rows' last column names";
    /** The name ending of a gzip-compressed table, the form committed under results/. */
    public static final String GZ = ".csv.gz";
    private static final Pattern ROUND = Pattern.compile("r?(\\d+)-(.+)");
    private static final Pattern ROUND_LAST = Pattern.compile("(.+)-(\\d+)");
    private static final Pattern KEY_VALUE = Pattern.compile("([A-Za-z][\\w.]*)=(.*)");
    private static final String Q_TYPE = "qType";
    private static final String LABEL = "label";
    private static final String ROUND_KEY = "round";
    private static final String JDK_VERSION = "jdkVersion";
    /** How JMH's console output begins. */
    private static final String JMH_CONSOLE = "# JMH version: ";
    private static final Pattern CONSOLE_HEADER = Pattern.compile("# ([A-Za-z][A-Za-z ]*): (.*)");
    private static final Pattern ITERATION = Pattern.compile("Iteration\\s+\\d+: (\\S+) (.+)");
    private static final Pattern SECONDARY = Pattern.compile("\\s+([^\\s:][^:]*):\\s+(\\S+) (.+)");
    private static final Pattern JDK_OF_VM = Pattern.compile("JDK ([^,]+)");
    /** JMH's console header lines kept as settings, under the names its JSON gives them. */
    private static final Map<String, String> CONSOLE_SETTINGS = Map.of("JMH version", "jmhVersion",
            "VM version", "vmVersion", "VM invoker", "jvm", "VM options", "jvmArgs", "Warmup", "warmup",
            "Measurement", "measurement", "Threads", "threads", "Benchmark mode", "mode");
    /** The fewest key=value words a harness's result line has. */
    private static final int MIN_PAIRS = 2;
    private static final int COLUMNS = 10;
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    /**
     * One fork's score of one metric.
     *
     * @param source    the folder (and packing file) the launch came from, "" for the top
     * @param round     the launch's round, 0 where its name has none
     * @param label     the launch's name without its round
     * @param benchmark JMH's full benchmark name, or the harness's name
     * @param params    the parameters, sorted by name
     * @param metric    {@link JmhResults#PRIMARY} or a secondary metric's label
     * @param fork      the fork's number from 0, or {@link #SUMMARY}
     * @param value     the fork's mean score
     * @param unit      the score's unit, "" where unknown
     * @param settings  the number of its settings line, 0 where none were recorded
     */
    public record Row(String source, int round, String label, String benchmark, Map<String, String> params,
                      String metric, int fork, double value, String unit, int settings) {
        /** @return the benchmark method: the last part of the benchmark's name */
        public String method() {
            return benchmark.substring(benchmark.lastIndexOf('.') + 1);
        }

        /** @return the queue: the qType parameter, or the label where there is none */
        public String qType() {
            return params.getOrDefault(Q_TYPE, label);
        }
    }

    private final List<Map<String, String>> settings;
    private final List<Row> rows;

    private ForkTable(List<Map<String, String>> settings, List<Row> rows) {
        this.settings = Collections.unmodifiableList(settings);
        this.rows = Collections.unmodifiableList(rows);
    }

    /** @return every row, in the order read */
    public List<Row> rows() {
        return rows;
    }

    /** @return the settings lines; row settings {@code n} is element {@code n - 1} */
    public List<Map<String, String>> settings() {
        return settings;
    }

    /**
     * Reads a CSV this class wrote, a JMH JSON file, or a folder of launches (recursively).
     *
     * @param path       the file or folder
     * @param paramKeys  in the harnesses' {@code key=value} lines, the numeric keys that are
     *                   settings of the launch (workers, submitters, ...) rather than results
     * @return the rows
     * @throws IOException              if a file cannot be read
     * @throws IllegalArgumentException naming the file, where one is malformed
     */
    public static ForkTable load(Path path, Set<String> paramKeys) throws IOException {
        return load(path, paramKeys, null);
    }

    /**
     * As {@link #load(Path, Set)}, leaving out the files of a folder whose path relative to it
     * matches {@code exclude} somewhere (where a run keeps the same results twice, e.g. each
     * launch's output and a script's summary of every launch).
     *
     * @param path      the file or folder
     * @param paramKeys the numeric keys of harness lines that are parameters
     * @param exclude   the files to leave out, or null for none
     * @return the rows
     * @throws IOException              if a file cannot be read
     * @throws IllegalArgumentException naming the file, where one is malformed
     */
    public static ForkTable load(Path path, Set<String> paramKeys, Pattern exclude) throws IOException {
        if (Files.isRegularFile(path) && isCsv(path)) {
            return read(path);
        }
        final Builder b = new Builder();
        if (Files.isDirectory(path)) {
            final List<Path> files;
            try (Stream<Path> walk = Files.walk(path)) {
                files = walk.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
            }
            for (Path f : files) {
                final String relative = path.relativize(f).toString().replace('\\', '/');
                if (exclude == null || !exclude.matcher(relative).find()) {
                    b.add(path.relativize(f), f, paramKeys);
                }
            }
        } else {
            b.add(path.getFileName(), path, paramKeys);
        }
        return new ForkTable(b.settings, b.rows);
    }

    /** Collects rows and numbers each new set of settings. */
    private static final class Builder {
        final List<Map<String, String>> settings = new ArrayList<>();
        final List<Row> rows = new ArrayList<>();

        void add(Path relative, Path file, Set<String> paramKeys) throws IOException {
            final String name = file.getFileName().toString();
            final Path parent = relative.getParent();
            final String folder = parent == null ? "" : parent.toString().replace('\\', '/');
            if (name.endsWith(".json")) {
                final Map<String, List<JmhResults.Result>> launches;
                try {
                    launches = JmhResults.readLaunches(file);
                } catch (IllegalArgumentException e) {
                    if (Files.size(file) == 0) {
                        return; // a launch killed before JMH wrote its file
                    }
                    throw e;
                }
                final String stem = name.substring(0, name.length() - ".json".length());
                final boolean packed = launches.size() != 1 || !launches.containsKey(stem);
                final String source = packed ? join(folder, stem) : folder;
                launches.forEach((launch, results) -> results.forEach(r -> add(source, launch, r)));
            } else if (name.endsWith(".txt")) {
                final String stem = name.substring(0, name.lastIndexOf('.'));
                if (Files.exists(file.resolveSibling(stem + ".json"))) {
                    return; // JMH's console beside its JSON: the same results
                }
                final List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                if (!lines.isEmpty() && lines.get(0).startsWith(JMH_CONSOLE)) {
                    addConsole(folder, stem, lines);
                    return;
                }
                for (String line : lines) {
                    addLine(folder, stem, line, paramKeys);
                }
            }
        }

        /**
         * JMH's console output where its JSON was not kept: each fork's measurement iterations
         * (the primary score, then the secondary ones indented below it), averaged per metric,
         * with the run settings from its header lines. Scores JMH prints as "≈ 10⁻⁵" are too
         * small to print and are left out.
         */
        private void addConsole(String folder, String stem, List<String> lines) {
            final Launch named = Launch.of(stem);
            final Map<String, String> header = new LinkedHashMap<>();
            String benchmark = null;
            Map<String, String> params = Map.of();
            int fork = -1;
            final Map<String, List<Double>> scores = new LinkedHashMap<>();
            final Map<String, String> units = new LinkedHashMap<>();
            boolean inIteration = false;
            for (String line : lines) {
                final Matcher h = CONSOLE_HEADER.matcher(line);
                if (h.matches()) {
                    inIteration = false;
                    final String key = h.group(1);
                    if (key.equals("Fork") || key.equals("Benchmark") || key.equals("Run progress")) {
                        emit(folder, named, benchmark, params, fork, scores, units, header);
                        if (key.equals("Fork")) {
                            fork = Integer.parseInt(h.group(2).trim().split(" ")[0]) - 1;
                        }
                    }
                    if (key.equals("Benchmark")) {
                        benchmark = h.group(2).trim();
                    } else if (key.equals("Parameters")) {
                        params = consoleParams(h.group(2));
                    } else if (CONSOLE_SETTINGS.containsKey(key)) {
                        header.put(CONSOLE_SETTINGS.get(key), JmhResults.withoutLayoutPad(h.group(2).trim()));
                    }
                    continue;
                }
                final Matcher it = ITERATION.matcher(line);
                if (it.matches()) {
                    inIteration = true;
                    addScore(scores, units, JmhResults.PRIMARY, it.group(1), it.group(2));
                    continue;
                }
                final Matcher sec = SECONDARY.matcher(line);
                if (inIteration && sec.matches()) {
                    addScore(scores, units, sec.group(1), sec.group(2), sec.group(3));
                } else if (line.isBlank() || line.startsWith("Result")) {
                    inIteration = false;
                }
            }
            emit(folder, named, benchmark, params, fork, scores, units, header);
        }

        private static void addScore(Map<String, List<Double>> scores, Map<String, String> units, String metric,
                                     String value, String unit) {
            final Double v = parse(value.replace(",", ""));
            if (v != null) {
                scores.computeIfAbsent(metric, m -> new ArrayList<>()).add(v);
                units.put(metric, unit.trim());
            }
        }

        private void emit(String folder, Launch named, String benchmark, Map<String, String> params, int fork,
                          Map<String, List<Double>> scores, Map<String, String> units, Map<String, String> header) {
            if (benchmark == null || fork < 0 || scores.isEmpty()) {
                scores.clear();
                return;
            }
            final Map<String, String> settings = new LinkedHashMap<>(header);
            final String vm = settings.getOrDefault("vmVersion", "");
            final Matcher jdk = JDK_OF_VM.matcher(vm);
            if (jdk.find()) {
                settings.put(JDK_VERSION, jdk.group(1));
            }
            int number = this.settings.indexOf(settings) + 1;
            if (number == 0) {
                this.settings.add(Collections.unmodifiableMap(settings));
                number = this.settings.size();
            }
            for (Map.Entry<String, List<Double>> e : scores.entrySet()) {
                final double mean = e.getValue().stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
                rows.add(new Row(folder, named.round(), named.label(), benchmark, params, e.getKey(), fork, mean,
                        units.get(e.getKey()), number));
            }
            scores.clear();
        }

        private static Map<String, String> consoleParams(String text) {
            final Map<String, String> out = new TreeMap<>();
            final String inner = text.trim().replaceAll("^\\(|\\)$", "");
            for (String p : inner.split(", ")) {
                final int eq = p.indexOf(" = ");
                if (eq > 0) {
                    out.put(p.substring(0, eq).trim(), p.substring(eq + 3).trim());
                }
            }
            return Collections.unmodifiableMap(out);
        }

        /** A launch's round and label, from its name: ROUND-LABEL, rROUND-LABEL or LABEL-ROUND. */
        private record Launch(int round, String label) {
            static Launch of(String name) {
                final Matcher first = ROUND.matcher(name);
                if (first.matches()) {
                    return new Launch(Integer.parseInt(first.group(1)), first.group(2));
                }
                final Matcher last = ROUND_LAST.matcher(name);
                if (last.matches()) {
                    return new Launch(Integer.parseInt(last.group(2)), last.group(1));
                }
                return new Launch(0, name);
            }
        }

        private static String join(String folder, String stem) {
            return folder.isEmpty() ? stem : folder + "/" + stem;
        }

        private void add(String source, String launch, JmhResults.Result r) {
            final JmhResults.Run run = r.run();
            int number = settings.indexOf(run.settings()) + 1;
            if (number == 0) {
                settings.add(run.settings());
                number = settings.size();
            }
            final Launch named = Launch.of(launch);
            final int round = named.round();
            final String label = named.label();
            final Map<String, String> params = Collections.unmodifiableMap(new TreeMap<>(r.params()));
            for (Map.Entry<String, List<Double>> e : run.forkScores().entrySet()) {
                final List<Double> forks = e.getValue();
                for (int i = 0; i < forks.size(); i++) {
                    rows.add(new Row(source, round, label, r.benchmark(), params, e.getKey(),
                            run.perFork() ? i : SUMMARY, forks.get(i), run.units().get(e.getKey()), number));
                }
            }
        }

        /**
         * A harness's result line: optionally the round (a number, or {@code round=N}) and
         * {@code key=value} words a script put before the line (its settings: {@code jdk=17},
         * {@code cfg="..."}), then the harness's name, then only {@code key=value} words, at least
         * two, one of them {@code qType} or {@code label}. Values may be double-quoted (then they
         * may hold spaces). The numeric values after the name are results unless their key is a
         * parameter key; every other value is a parameter; a {@code label} word names the launch
         * where the file's name does not.
         */
        private void addLine(String folder, String stem, String line, Set<String> paramKeys) {
            final List<String> words = words(line);
            int i = 0;
            Integer round = null;
            if (!words.isEmpty() && words.get(0).matches("\\d+")) {
                round = Integer.valueOf(words.get(i++));
            }
            final Map<String, String> params = new TreeMap<>();
            String label = null;
            for (; i < words.size() && words.get(i).contains("="); i++) {
                final Matcher kv = KEY_VALUE.matcher(words.get(i));
                if (!kv.matches()) {
                    return;
                }
                if (kv.group(1).equals(ROUND_KEY) && round == null && kv.group(2).matches("\\d+")) {
                    round = Integer.valueOf(kv.group(2));
                } else if (kv.group(1).equals(LABEL)) {
                    label = unquote(kv.group(2));
                } else {
                    params.put(kv.group(1), unquote(kv.group(2)));
                }
            }
            if (words.size() - i < 1 + MIN_PAIRS || words.get(i).startsWith("#")) {
                return;
            }
            final String name = words.get(i);
            final Map<String, Double> results = new LinkedHashMap<>();
            for (i++; i < words.size(); i++) {
                final Matcher kv = KEY_VALUE.matcher(words.get(i));
                if (!kv.matches()) {
                    return;
                }
                final String value = unquote(kv.group(2));
                final Double number = paramKeys.contains(kv.group(1)) ? null : parse(value);
                if (kv.group(1).equals(LABEL)) {
                    label = value;
                } else if (number == null) {
                    params.put(kv.group(1), value);
                } else {
                    results.put(kv.group(1), number);
                }
            }
            if (!params.containsKey(Q_TYPE) && label == null) {
                return; // every harness names the queue (or the variant) it measured
            }
            final Launch named = Launch.of(stem);
            final int r = round != null ? round : named.round();
            final String launch = label != null ? label : round != null ? params.getOrDefault(Q_TYPE, stem) : named.label();
            final Map<String, String> fixed = Collections.unmodifiableMap(params);
            // A file of numbered lines holds many launches, as a packing file does: its name is part of the source.
            final String source = round != null ? join(folder, stem) : folder;
            results.forEach((metric, v) -> rows.add(new Row(source, r, launch, name, fixed, metric, 0, v, "", 0)));
        }

        /** A line's words: split at spaces outside double quotes, the quotes kept. */
        private static List<String> words(String line) {
            final List<String> out = new ArrayList<>();
            final StringBuilder w = new StringBuilder();
            boolean quoted = false;
            for (int i = 0; i < line.length(); i++) {
                final char c = line.charAt(i);
                if (c == '"') {
                    quoted = !quoted;
                }
                if (Character.isWhitespace(c) && !quoted) {
                    if (w.length() > 0) {
                        out.add(w.toString());
                        w.setLength(0);
                    }
                } else {
                    w.append(c);
                }
            }
            if (w.length() > 0) {
                out.add(w.toString());
            }
            return out;
        }

        private static String unquote(String v) {
            return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
        }

        private static Double parse(String s) {
            try {
                return Double.valueOf(s);
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    private static boolean isCsv(Path path) {
        final String name = path.getFileName().toString();
        return name.endsWith(".csv") || name.endsWith(GZ);
    }

    /**
     * Writes the table: the comment lines (what it is, then each settings line), the header, the
     * rows.
     *
     * @param csv the file to write
     * @throws IOException if it cannot be written
     */
    public void write(Path csv) throws IOException {
        final boolean gz = csv.getFileName().toString().endsWith(GZ);
        try (OutputStream file = Files.newOutputStream(csv);
             OutputStream stream = gz ? new GZIPOutputStream(file) : file;
             BufferedWriter w = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8))) {
            w.write(FIRST_LINE);
            w.newLine();
            for (int i = 0; i < settings.size(); i++) {
                w.write(SETTINGS_PREFIX + (i + 1) + " " + GSON.toJson(settings.get(i)));
                w.newLine();
            }
            w.write(HEADER);
            w.newLine();
            for (Row r : rows) {
                w.write(String.join(",", csv(r.source()), Integer.toString(r.round()), csv(r.label()),
                        csv(r.benchmark()), csv(params(r.params())), csv(r.metric()),
                        r.fork() == SUMMARY ? "-" : Integer.toString(r.fork()), number(r.value()), csv(r.unit()),
                        Integer.toString(r.settings())));
                w.newLine();
            }
        }
    }

    /**
     * Reads a table {@link #write(Path)} wrote.
     *
     * @param csv the file
     * @return its rows and settings
     * @throws IOException              if it cannot be read
     * @throws IllegalArgumentException naming the file and line, if a line is malformed
     */
    public static ForkTable read(Path csv) throws IOException {
        final List<Map<String, String>> settings = new ArrayList<>();
        final List<Row> rows = new ArrayList<>();
        final List<String> lines;
        final boolean gz = csv.getFileName().toString().endsWith(GZ);
        try (InputStream file = Files.newInputStream(csv);
             InputStream stream = gz ? new GZIPInputStream(file) : file;
             BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            lines = r.lines().collect(Collectors.toList());
        }
        for (int n = 0; n < lines.size(); n++) {
            final String line = lines.get(n);
            try {
                if (line.startsWith(SETTINGS_PREFIX)) {
                    final String rest = line.substring(SETTINGS_PREFIX.length());
                    final int space = rest.indexOf(' ');
                    if (space < 0 || Integer.parseInt(rest.substring(0, space)) != settings.size() + 1) {
                        throw new IllegalArgumentException("settings lines out of order");
                    }
                    settings.add(Collections.unmodifiableMap(GSON.fromJson(rest.substring(space + 1),
                            new TypeToken<LinkedHashMap<String, String>>() { }.getType())));
                } else if (!line.startsWith(COMMENT) && !line.isEmpty() && !line.equals(HEADER)) {
                    rows.add(row(line, settings.size()));
                }
            } catch (JsonParseException | IllegalArgumentException e) {
                throw new IllegalArgumentException(csv + " line " + (n + 1) + ": " + e.getMessage(), e);
            }
        }
        return new ForkTable(settings, rows);
    }

    private static Row row(String line, int settingsCount) {
        final List<String> f = fields(line);
        if (f.size() != COLUMNS) {
            throw new IllegalArgumentException(f.size() + " columns, not " + COLUMNS + ": " + line);
        }
        final int settings = Integer.parseInt(f.get(9));
        if (settings < 0 || settings > settingsCount) {
            throw new IllegalArgumentException("no settings line " + settings);
        }
        final Map<String, String> params = new TreeMap<>();
        if (!f.get(4).isEmpty()) {
            for (String p : f.get(4).split(";", -1)) {
                final int eq = p.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("parameter is not name=value: '" + p + "'");
                }
                params.put(p.substring(0, eq), p.substring(eq + 1));
            }
        }
        return new Row(f.get(0), Integer.parseInt(f.get(1)), f.get(2), f.get(3), Collections.unmodifiableMap(params),
                f.get(5), f.get(6).equals("-") ? SUMMARY : Integer.parseInt(f.get(6)), Double.parseDouble(f.get(7)),
                f.get(8), settings);
    }

    private static String params(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";"));
    }

    private static String number(double v) {
        return Double.toString(v);
    }

    /** A CSV field, quoted where it holds a comma, a quote or a line break. */
    static String csv(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** The fields of one CSV line, quotes undone. */
    static List<String> fields(String line) {
        final List<String> out = new ArrayList<>();
        final StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            final char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("unclosed quote: " + line);
        }
        out.add(field.toString());
        return out;
    }
}
