package org.jcq.benchmarks.tools;

import org.jcq.benchmarks.report.ForkTable;
import org.jcq.benchmarks.report.JmhResults;
import org.jcq.benchmarks.report.Regimes;
import org.jcq.benchmarks.support.Estimate;
import org.jcq.benchmarks.support.KeyValueArgs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The tables of {@code docs/peers.md} from the launches {@code scripts/peers.sh} makes (or the CSV
 * {@link Pack} made of them): for every queue, ours over each other edition of the same row, paired
 * by round as {@link Ratio} pairs them (the mean of the per-round ratios with its 99.9% interval);
 * for the two-thread phases each edition's launches split into a fast and a slow regime
 * ({@link Regimes}).
 * <p>
 * The launches lie in {@code PHASE/QUEUE/ROUND-QTYPE.json} (or a packing file
 * {@code PHASE/QUEUE.json}) under the source, optionally below a prefix folder (one per JDK). A
 * phase {@code P-batch} reruns P's batch benchmarks: where it has a row, its launches replace P's
 * for the methods it ran.
 * <p>
 * Usage: {@code java -cp benchmarks.jar org.jcq.benchmarks.tools.Peers SOURCE [prefix=jdk17]
 * [label="JDK 17"] [summary=true]}.
 */
public final class Peers {
    private static final String[][] EDITIONS = {{"JCToolsVH.", "VarHandle"}, {"JCToolsAtomic.", "Atomic"},
        {"JCTools.", "Unsafe"}};
    private static final String BATCH_SUFFIX = "-batch";
    private static final String POLLS_MADE = "pollsMade";
    private static final String BATCH_SIZE = "batchSize";
    private static final List<String> TWO_THREAD_METHODS = List.of("tpt", "tptRelaxed", "batch");

    /** One launch's score: its round, queue, method and batch size (or null). */
    record Key(int round, String qType, String method, String size) {
    }

    private final Map<String, Map<String, Map<Key, Double>>> phases = new TreeMap<>();
    private final PrintStream out;

    Peers(ForkTable table, String prefix, PrintStream out) {
        this.out = out;
        final Map<String, Map<String, Map<Key, List<Double>>>> forks = new TreeMap<>();
        for (ForkTable.Row r : table.rows()) {
            String source = r.source();
            if (!prefix.isEmpty()) {
                if (!source.startsWith(prefix + "/")) {
                    continue;
                }
                source = source.substring(prefix.length() + 1);
            }
            final String[] parts = source.split("/");
            if (parts.length != 2) {
                continue;
            }
            final boolean twoThread = TWO_THREAD_METHODS.contains(r.method());
            if (!r.metric().equals(twoThread ? POLLS_MADE : JmhResults.PRIMARY)) {
                continue;
            }
            forks.computeIfAbsent(parts[0], p -> new TreeMap<>()).computeIfAbsent(parts[1], q -> new LinkedHashMap<>())
                    .computeIfAbsent(new Key(r.round(), r.qType(), r.method(), r.params().get(BATCH_SIZE)),
                            k -> new ArrayList<>()).add(r.value());
        }
        forks.forEach((phase, rows) -> rows.forEach((q, data) -> {
            final Map<Key, Double> scores = new LinkedHashMap<>();
            data.forEach((k, v) -> scores.put(k, v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN)));
            phases.computeIfAbsent(phase, p -> new TreeMap<>()).put(q, scores);
        }));
    }

    /**
     * @param args SOURCE, then {@code prefix=}, {@code label=}, {@code summary=true}
     * @throws IOException if the source cannot be read
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: Peers SOURCE [prefix=FOLDER] [label=TEXT] [summary=true]");
            System.exit(2);
            return;
        }
        final Map<String, String> kv = KeyValueArgs.parse(Arrays.copyOfRange(args, 1, args.length),
                List.of("prefix", "label", "summary"));
        final String prefix = kv.getOrDefault("prefix", "");
        final Peers p = new Peers(ForkTable.load(Paths.get(args[0]), Pack.DEFAULT_PARAMS), prefix, System.out);
        final String label = kv.getOrDefault("label", prefix.isEmpty() ? Paths.get(args[0]).getFileName().toString() : prefix);
        if (KeyValueArgs.bool("summary", kv.get("summary"), false)) {
            p.summary(label);
        } else {
            p.all(label);
        }
    }

    void all(String label) {
        out.printf("## %s%n%n", label);
        oneThread("base", List.of("offerAndPoll", "offerAndPollRun", "fillAndDrain", "fillAndDrain256",
                "fillAndDrainWaiting"), "One thread (QueueBaseline)");
        oneThread("stpar", List.of("fillAndDrain", "fillAndDrain256", "fillAndDrainWaiting"),
                "One thread, batches, ParallelGC (QueueBaseline)");
        oneThread("old", List.of("offerAndPoll", "fillAndDrain", "fillAndDrain256", "fillAndDrainWaiting"),
                "One thread, G1, the queue in the old generation (QueueBaseline with -gc true)");
        twoThreads("tpt", List.of("tpt", "tptRelaxed"), "1P1C (QueueThroughput)", null);
        twoThreads("batch", List.of("batch"), "1P1C batches (QueueBatchThroughput)", List.of("32", "256"));
        for (String phase : phases.keySet()) {
            if (phase.startsWith("gc-")) {
                twoThreads(phase, List.of("tpt", "tptRelaxed"), "1P1C with -XX:+Use" + phase.substring(3), null);
            }
        }
    }

    private List<String> queues(String phase) {
        return new ArrayList<>(phases.getOrDefault(phase, Map.of()).keySet());
    }

    /** A row of a phase, with the launches of its "-batch" rerun in place of the methods it reran. */
    private Map<Key, Double> row(String phase, String q) {
        final Map<Key, Double> data = new LinkedHashMap<>();
        for (String p : List.of(phase, phase + BATCH_SUFFIX)) {
            final Map<Key, Double> again = phases.getOrDefault(p, Map.of()).get(q);
            if (again != null) {
                final Set<String> redone = again.keySet().stream().map(Key::method).collect(Collectors.toSet());
                data.keySet().removeIf(k -> redone.contains(k.method()));
                data.putAll(again);
            }
        }
        return data;
    }

    private static List<String[]> others(Map<Key, Double> data, String q) {
        final TreeSet<String> present = data.keySet().stream().map(Key::qType).collect(Collectors.toCollection(TreeSet::new));
        final List<String[]> row = new ArrayList<>();
        for (String[] e : EDITIONS) {
            if (present.contains(e[0] + q)) {
                row.add(new String[] {e[0] + q, e[1]});
            }
        }
        for (String x : present) {
            if (x.startsWith("Agrona.") || x.startsWith("JDK.")) {
                row.add(new String[] {x, x});
            }
        }
        return row;
    }

    /** Ours over another queue, paired by round; null with fewer than two rounds. */
    static Estimate paired(Map<Key, Double> data, String a, String b, String method, String size) {
        final Map<Integer, Double> sa = side(data, a, method, size);
        final Map<Integer, Double> sb = side(data, b, method, size);
        final double[] r = sa.keySet().stream().filter(sb::containsKey).sorted()
                .mapToDouble(i -> sa.get(i) / sb.get(i)).toArray();
        return r.length < 2 ? null : Estimate.of(r);
    }

    private static Map<Integer, Double> side(Map<Key, Double> data, String q, String method, String size) {
        final Map<Integer, Double> out = new TreeMap<>();
        data.forEach((k, v) -> {
            if (k.qType().equals(q) && k.method().equals(method) && Objects.equals(k.size(), size)) {
                out.put(k.round(), v);
            }
        });
        return out;
    }

    private static double[] scores(Map<Key, Double> data, String q, String method, String size) {
        return side(data, q, method, size).values().stream().mapToDouble(Double::doubleValue).toArray();
    }

    static String cell(Estimate p) {
        if (p == null) {
            return "–";
        }
        final String mark = p.mean() - p.error() > 1 ? "**" : p.mean() + p.error() < 1 ? "_" : "";
        return String.format(Locale.ROOT, "%s%.2f ± %.2f%s", mark, p.mean(), p.error(), mark);
    }

    private static int rounds(List<Estimate> cells) {
        return cells.stream().filter(Objects::nonNull).mapToInt(Estimate::n).max().orElse(0);
    }

    private void oneThread(String phase, List<String> methods, String title) {
        final TreeSet<String> rows = new TreeSet<>(queues(phase));
        rows.addAll(queues(phase + BATCH_SUFFIX));
        if (rows.isEmpty()) {
            return;
        }
        out.printf("### %s%n%n", title);
        out.println("Score: ours, operations per µs (higher is better). Other columns: ours / that queue, mean of the "
                + "per-round ratios ± the half-width of its 99.9% interval (rounds in the last column); "
                + "**bold**: the whole interval above 1, _italic_: below 1.\n");
        for (String q : rows) {
            final Map<Key, Double> data = row(phase, q);
            final List<String[]> others = others(data, q);
            out.printf("`%s`%n%n", q);
            out.println("| benchmark | ours | " + others.stream().map(o -> o[1]).collect(Collectors.joining(" | "))
                    + " | rounds |");
            out.println("|---|---|" + "---|".repeat(others.size()) + "---|");
            for (String m : methods) {
                final double[] ours = scores(data, q, m, null);
                if (ours.length == 0) {
                    continue;
                }
                final List<Estimate> cells = others.stream().map(o -> paired(data, q, o[0], m, null))
                        .collect(Collectors.toList());
                out.printf(Locale.ROOT, "| %s | %.0f | %s | %d |%n", m, Arrays.stream(ours).average().orElse(Double.NaN),
                        cells.stream().map(Peers::cell).collect(Collectors.joining(" | ")), rounds(cells));
            }
            out.println();
        }
    }

    private static String fastSlow(double[] xs) {
        if (xs.length == 0) {
            return "–";
        }
        final Regimes r = Regimes.of(xs);
        return String.format(Locale.ROOT, "%.0f (%d/%d)", Arrays.stream(xs).average().orElse(Double.NaN), r.fast(),
                r.slow());
    }

    private void twoThreads(String phase, List<String> groups, String title, List<String> sizes) {
        if (queues(phase).isEmpty()) {
            return;
        }
        out.printf("### %s%n%n", title);
        out.println("Elements taken per µs (pollsMade), one producer and one consumer thread. Ratios as above; "
                + "\"fast/slow\": how many launches of ours and of each other queue settled in a fast and a slow "
                + "regime (a slow count of 0 means one regime).\n");
        final List<String> sizeList = new ArrayList<>();
        if (sizes == null) {
            sizeList.add(null);
        } else {
            sizeList.addAll(sizes);
        }
        for (String q : queues(phase)) {
            final Map<Key, Double> data = phases.get(phase).get(q);
            final List<String[]> others = others(data, q);
            out.printf("`%s`%n%n", q);
            out.println("| loop | ours (fast/slow) | "
                    + others.stream().map(o -> o[1] + " (fast/slow)").collect(Collectors.joining(" | ")) + " | "
                    + others.stream().map(o -> "ours / " + o[1]).collect(Collectors.joining(" | ")) + " | launches |");
            out.println("|---|---|" + "---|".repeat(2 * others.size()) + "---|");
            for (String g : groups) {
                for (String size : sizeList) {
                    final double[] ours = scores(data, q, g, size);
                    if (ours.length == 0) {
                        continue;
                    }
                    final List<Estimate> cells = others.stream().map(o -> paired(data, q, o[0], g, size))
                            .collect(Collectors.toList());
                    out.printf("| %s | %s | %s | %s | %d |%n", size == null ? g : g + " " + size, fastSlow(ours),
                            others.stream().map(o -> fastSlow(scores(data, o[0], g, size))).collect(Collectors.joining(" | ")),
                            cells.stream().map(Peers::cell).collect(Collectors.joining(" | ")), rounds(cells));
                }
            }
            out.println();
        }
    }

    void summary(String label) {
        final TreeSet<String> rows = new TreeSet<>(queues("base"));
        rows.addAll(queues("base" + BATCH_SUFFIX));
        if (rows.isEmpty()) {
            return;
        }
        out.printf("| Queue (%s) | offerAndPoll / VarHandle | / Atomic | / Unsafe | fillAndDrain 32 / Unsafe "
                + "| 256 / Unsafe | waiting / Unsafe | 1P1C strict / Unsafe | 1P1C relaxed / Unsafe |%n", label);
        out.println("|---|---|---|---|---|---|---|---|---|");
        final Predicate<String> measured1p1c = q -> phases.getOrDefault("tpt", Map.of()).containsKey(q);
        for (String q : rows) {
            final Map<Key, Double> data = row("base", q);
            final List<Estimate> cells = new ArrayList<>();
            for (String[] e : EDITIONS) {
                cells.add(paired(data, q, e[0] + q, "offerAndPoll", null));
            }
            for (String m : List.of("fillAndDrain", "fillAndDrain256", "fillAndDrainWaiting")) {
                cells.add(paired(data, q, "JCTools." + q, m, null));
            }
            for (String m : List.of("tpt", "tptRelaxed")) {
                cells.add(measured1p1c.test(q) ? paired(phases.get("tpt").get(q), q, "JCTools." + q, m, null) : null);
            }
            out.printf("| `%s` | %s |%n", q, cells.stream().map(Peers::cell).collect(Collectors.joining(" | ")));
        }
        out.println();
    }
}
