package org.jcq.benchmarks.tools;

import org.jcq.benchmarks.report.ForkTable;
import org.jcq.benchmarks.report.JmhResults;
import org.jcq.benchmarks.report.RatioChart;
import org.jcq.benchmarks.report.Regimes;
import org.jcq.benchmarks.support.Estimate;
import org.jcq.benchmarks.support.KeyValueArgs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The one place the project's side-by-side figures are computed from a run's output: ours over a
 * peer, paired by round. Within each round (a pair of launches made one after the other), each
 * side's score is the mean of its forks; the figure is the mean of the per-round ratios with the
 * half-width of its Student-t interval ({@link Estimate}, 99.9% unless {@code confidence} says
 * otherwise), how many rounds ours was ahead (k of n), each side's median and every per-round
 * ratio. Results with different benchmark methods or parameters (other than the queue) are never
 * paired: each combination gets its own line.
 * <p>
 * Usage: {@code java -cp benchmarks.jar org.jcq.benchmarks.tools.Ratio SOURCE a=OURS b=PEER
 * [key=value ...]}, where SOURCE is a run folder, a packing file or the CSV {@link Pack} wrote
 * ({@link ForkTable} reads all three alike) and
 * <ul>
 *   <li>{@code a}: ours, comma-separated: queues, launch labels, or parameter values written
 *       {@code name=value} ({@code cfg=new});</li>
 *   <li>{@code b}: the peers, comma-separated: the same kinds, or a prefix ending in a dot
 *       ({@code JCTools.}, {@code JCToolsVH.}) put before each of {@code a}; each of ours is
 *       compared with each peer, or with {@code zip=true} with the peer in its place only;</li>
 *   <li>{@code metric}: {@code primary} (default) or a secondary metric ({@code pollsMade},
 *       {@code p99Us}, ...), optionally followed by {@code METHOD:METRIC} exceptions
 *       ({@code primary,tpt:pollsMade});</li>
 *   <li>{@code by}: {@code source} to keep each folder's launches apart (results run with
 *       different settings, such as another JDK or other JVM options, never pair; with
 *       {@code anyJvmArgs=true} launches that differ only in their JVM options do, for an
 *       experiment whose variants are JVM flags);</li>
 *   <li>{@code bench}: only these benchmark methods (comma-separated); {@code where}: only results with these
 *       parameters ({@code name:value,...}; {@code source} names the folder);</li>
 *   <li>{@code lower}: {@code true} where a lower score is better (time, latency);</li>
 *   <li>{@code pooled}: {@code true} to pool every fork of each side instead (for runs that
 *       did not alternate), with the ratio's error propagated from the two intervals;</li>
 *   <li>{@code regimes}: {@code true} to add each side's fast/slow split ({@link Regimes});</li>
 *   <li>{@code confidence}: the interval's level, default 0.999;</li>
 *   <li>{@code svg} and {@code title}: also draw the ratios with their intervals in an SVG file.</li>
 * </ul>
 */
public final class Ratio {
    private static final String K_A = "a";
    private static final String K_B = "b";
    private static final String K_METRIC = "metric";
    private static final String K_BENCH = "bench";
    private static final String K_WHERE = "where";
    private static final String K_LOWER = "lower";
    private static final String K_POOLED = "pooled";
    private static final String K_REGIMES = "regimes";
    private static final String K_CONFIDENCE = "confidence";
    private static final String K_SVG = "svg";
    private static final String K_TITLE = "title";
    private static final String K_BY = "by";
    private static final String K_ZIP = "zip";
    private static final String K_ANY_JVM_ARGS = "anyJvmArgs";
    private static final String JVM_ARGS = "jvmArgs";
    private static final String ANY_METHOD = "";
    private static final String JDK_VERSION = "jdkVersion";
    private static final List<String> KEYS = List.of(K_A, K_B, K_METRIC, K_BENCH, K_WHERE, K_LOWER, K_POOLED,
            K_REGIMES, K_CONFIDENCE, K_SVG, K_TITLE, K_BY, K_ZIP, K_ANY_JVM_ARGS);
    private static final String SOURCE = "source";
    private static final String Q_TYPE = "qType";

    private Ratio() {
    }

    /**
     * What to compare.
     *
     * @param ours       the queues or labels on side a
     * @param peers      the queues or labels on side b, or prefixes ending in a dot
     * @param metric     the metric, and by method the exceptions to it
     * @param bench      the benchmark methods, or null for every one
     * @param bySource   whether each source is compared apart
     * @param zip        pair the i-th of ours with the i-th peer only (else every one with every one)
     * @param anyJvmArgs pair launches whose JVM options differ (an experiment on a JVM flag)
     * @param where      parameters (and {@code source}) the results must have
     * @param lower      whether lower scores are better
     * @param pooled     pool forks instead of pairing rounds
     * @param regimes    add the fast/slow split
     * @param confidence the interval's level
     */
    record Query(List<String> ours, List<String> peers, Map<String, String> metric, List<String> bench,
                 boolean bySource, boolean zip, boolean anyJvmArgs, Map<String, String> where,
                 boolean lower, boolean pooled, boolean regimes, double confidence) {
        static String peerOf(String peer, String a) {
            return peer.endsWith(".") ? peer + a : peer;
        }

        static Query parse(Map<String, String> kv) {
            final String a = kv.get(K_A);
            final String b = kv.get(K_B);
            if (a == null || a.isEmpty() || b == null || b.isEmpty()) {
                throw new IllegalArgumentException("a=OURS and b=PEER are required");
            }
            final Map<String, String> where = new TreeMap<>();
            if (kv.containsKey(K_WHERE)) {
                for (String p : kv.get(K_WHERE).split(",")) {
                    final int colon = p.indexOf(':');
                    if (colon <= 0) {
                        throw new IllegalArgumentException("where=" + kv.get(K_WHERE) + ": '" + p
                                + "' is not name:value");
                    }
                    where.put(p.substring(0, colon), p.substring(colon + 1));
                }
            }
            final double confidence = kv.containsKey(K_CONFIDENCE) ? number(K_CONFIDENCE, kv.get(K_CONFIDENCE))
                    : Estimate.DEFAULT_CONFIDENCE;
            if (!(confidence > 0 && confidence < 1)) {
                throw new IllegalArgumentException("confidence must be in (0, 1) but was '" + kv.get(K_CONFIDENCE)
                        + "'");
            }
            final Map<String, String> metric = new LinkedHashMap<>();
            for (String m : kv.getOrDefault(K_METRIC, JmhResults.PRIMARY).split(",")) {
                final int colon = m.indexOf(':');
                if (colon == 0 || colon == m.length() - 1 || m.isEmpty()) {
                    throw new IllegalArgumentException("metric=" + kv.get(K_METRIC) + ": '" + m
                            + "' is not METRIC or METHOD:METRIC");
                }
                metric.put(colon < 0 ? ANY_METHOD : m.substring(0, colon), m.substring(colon + 1));
            }
            metric.putIfAbsent(ANY_METHOD, JmhResults.PRIMARY);
            final String by = kv.get(K_BY);
            if (by != null && !by.equals(SOURCE)) {
                throw new IllegalArgumentException("by must be " + SOURCE + " but was '" + by + "'");
            }
            final boolean zip = flag(kv, K_ZIP);
            if (zip && a.split(",").length != b.split(",").length) {
                throw new IllegalArgumentException("zip=true needs as many peers as ours: a=" + a + " b=" + b);
            }
            return new Query(List.of(a.split(",")), List.of(b.split(",")), metric,
                    kv.containsKey(K_BENCH) ? List.of(kv.get(K_BENCH).split(",")) : null, by != null, zip, flag(kv, K_ANY_JVM_ARGS), where,
                    flag(kv, K_LOWER), flag(kv, K_POOLED), flag(kv, K_REGIMES), confidence);
        }

        /** @return the metric to compare for a benchmark method */
        String metricFor(String method) {
            return metric.getOrDefault(method, metric.get(ANY_METHOD));
        }

        private static double number(String key, String value) {
            try {
                return Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " must be a number but was '" + value + "'", e);
            }
        }

        private static boolean flag(Map<String, String> kv, String key) {
            return KeyValueArgs.bool(key, kv.get(key), false);
        }
    }

    /**
     * One comparison: ours over the peer for one benchmark method and parameter set.
     *
     * @param ours    side a
     * @param peer    side b
     * @param group   the method and the parameters that set it apart
     * @param ratio   the mean of the per-round ratios (pooled: the ratio of the means) and its
     *                interval's half-width; n is the number of rounds (pooled: 0)
     * @param ahead   rounds where ours did better (pooled: -1)
     * @param medianA ours' median per-round (pooled: per-fork) score
     * @param medianB the peer's
     * @param meanA   ours' mean per-round (pooled: per-fork) score
     * @param meanB   the peer's
     * @param ratios  the per-round ratios, in round order (pooled: empty)
     * @param regimesA ours' fast/slow split, or null
     * @param regimesB the peer's, or null
     * @param pooledA pooled: ours' mean and interval; otherwise null
     * @param pooledB pooled: the peer's
     */
    record Line(String ours, String peer, String group, Estimate ratio, int ahead, double medianA, double medianB,
                double meanA, double meanB,
                List<Double> ratios, Regimes regimesA, Regimes regimesB, Estimate pooledA, Estimate pooledB) {
        String text(Query q) {
            final StringBuilder s = new StringBuilder();
            s.append(ours).append(" / ").append(peer).append(' ').append(group).append(": ");
            if (pooledA != null) {
                s.append(String.format(Locale.ROOT, "%.4g ± %.2g (%d forks) / %.4g ± %.2g (%d forks) = %.3f ± %.3f",
                        pooledA.mean(), pooledA.error(), pooledA.n(), pooledB.mean(), pooledB.error(), pooledB.n(),
                        ratio.mean(), ratio.error()));
                s.append(String.format(Locale.ROOT, " (%s%% intervals)", percent(q.confidence())));
            } else {
                s.append(String.format(Locale.ROOT, "%d rounds, mean of per-round ratios %.3f ± %.3f (%s%%), %s in %d of %d",
                        ratio.n(), ratio.mean(), ratio.error(), percent(q.confidence()),
                        q.lower() ? "lower" : "higher", ahead, ratio.n()));
                s.append(String.format(Locale.ROOT, "; median ratio %.3f; means %.4g / %.4g; medians %.4g / %.4g; ratios %s",
                        median(ratios.stream().mapToDouble(Double::doubleValue).toArray()), meanA, meanB, medianA, medianB,
                        ratios.stream().map(r -> String.format(Locale.ROOT, "%.2f", r)).collect(Collectors.joining(" "))));
            }
            if (regimesA != null) {
                s.append("; regimes (fast/slow, their means) ").append(regimes(regimesA)).append(" vs ")
                        .append(regimes(regimesB));
            }
            return s.toString();
        }

        private static String regimes(Regimes r) {
            return String.format(Locale.ROOT, "%d/%d (%.4g, %.4g)", r.fast(), r.slow(), r.fastMean(), r.slowMean());
        }

        private static String percent(double confidence) {
            final String p = String.format(Locale.ROOT, "%.4f", confidence * 100).replaceAll("0+$", "");
            return p.endsWith(".") ? p.substring(0, p.length() - 1) : p;
        }
    }

    /**
     * @param args SOURCE, then {@code key=value} options (see the class comment)
     * @throws IOException if the source cannot be read
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: Ratio SOURCE a=OURS[,OURS...] b=PEER|PREFIX.[,...] [zip=true] [metric=M] [bench=METHOD]"
                    + " [where=name:value,...] [lower=true] [pooled=true] [regimes=true] [confidence=0.999]"
                    + " [svg=FILE title=TEXT]");
            System.exit(2);
            return;
        }
        final Map<String, String> kv = KeyValueArgs.parse(Arrays.copyOfRange(args, 1, args.length), KEYS);
        final Query q = Query.parse(kv);
        final ForkTable table = ForkTable.load(Paths.get(args[0]), Pack.DEFAULT_PARAMS);
        final List<Line> lines = compare(table, q);
        final PrintStream out = System.out;
        if (lines.isEmpty()) {
            out.println("no results of " + q.ours() + " and " + q.peers() + " to pair (metric " + q.metric().values() + ")");
        }
        for (Line l : lines) {
            out.println(l.text(q));
        }
        if (kv.containsKey(K_SVG)) {
            final List<String> labels = chartLabels(lines);
            final List<RatioChart.Bar> bars = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                final Line l = lines.get(i);
                bars.add(new RatioChart.Bar(labels.get(i), l.ratio().mean(), l.ratio().error(), l.ratio().n()));
            }
            Files.writeString(Paths.get(kv.get(K_SVG)), RatioChart.svg(kv.getOrDefault(K_TITLE,
                    "ours / peer, mean of per-round ratios and its interval"), bars, q.lower()),
                    StandardCharsets.UTF_8);
        }
    }

    /**
     * Short labels for a chart: ours, the method, and of the group's {@code name=value} words only
     * those that differ between lines (the JDK as "JDK 17"), never the settings number.
     */
    static List<String> chartLabels(List<Line> lines) {
        final List<Map<String, String>> words = new ArrayList<>();
        for (Line l : lines) {
            final Map<String, String> w = new LinkedHashMap<>();
            for (String word : l.group().split(" ")) {
                final int eq = word.indexOf('=');
                w.put(eq < 0 ? word : word.substring(0, eq), eq < 0 ? null : word.substring(eq + 1));
            }
            words.add(w);
        }
        final List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            final StringBuilder label = new StringBuilder(lines.get(i).ours());
            for (Map.Entry<String, String> e : words.get(i).entrySet()) {
                final String k = e.getKey();
                if (e.getValue() == null) {
                    label.append(' ').append(k);
                } else if (!k.equals("settings") && words.stream().anyMatch(w -> !e.getValue().equals(w.get(k)))) {
                    label.append(k.equals("jdk") ? ", JDK " + e.getValue().split("\\.")[0] : " " + k + "=" + e.getValue());
                }
            }
            out.add(label.toString());
        }
        return out;
    }

    /**
     * The comparisons the query asks for, in the order of the ours list, then method and
     * parameters as first met.
     *
     * @param table the run
     * @param q     the query
     * @return one line per (ours, method, parameter set) where both sides have results
     */
    static List<Line> compare(ForkTable table, Query q) {
        final List<Line> out = new ArrayList<>();
        for (int i = 0; i < q.ours().size(); i++) {
            final String a = q.ours().get(i);
            for (String peer : q.zip() ? List.of(q.peers().get(i)) : q.peers()) {
                final String b = Query.peerOf(peer, a);
                if (!b.equals(a)) {
                    compare(table, q, a, b, out);
                }
            }
        }
        return out;
    }

    private static void compare(ForkTable table, Query q, String a, String b, List<Line> out) {
        final Set<String> sideKeys = new HashSet<>();
        for (String side : List.of(a, b)) {
            final String k = selectorKey(table, side);
            if (k != null) {
                sideKeys.add(k);
            }
        }
        // group -> side -> (source, round) -> fork values
        final Map<String, Map<Boolean, Map<String, List<Double>>>> groups = new LinkedHashMap<>();
        for (ForkTable.Row r : table.rows()) {
            if (!r.metric().equals(q.metricFor(r.method())) || (q.bench() != null && !q.bench().contains(r.method()))
                    || !matchesWhere(r, q.where())) {
                continue;
            }
            final boolean isA = is(r, a);
            final boolean isB = is(r, b);
            if (isA == isB) {
                continue;
            }
            groups.computeIfAbsent(group(table, r, sideKeys, q), g -> new LinkedHashMap<>())
                    .computeIfAbsent(isA, s -> new TreeMap<>())
                    .computeIfAbsent(r.source() + "#" + String.format(Locale.ROOT, "%09d", r.round()),
                            k -> new ArrayList<>())
                    .add(r.value());
        }
        for (Map.Entry<String, Map<Boolean, Map<String, List<Double>>>> g : groups.entrySet()) {
            final Map<String, List<Double>> sa = g.getValue().get(true);
            final Map<String, List<Double>> sb = g.getValue().get(false);
            if (sa == null || sb == null) {
                continue;
            }
            final Line line = q.pooled() ? pooled(a, b, g.getKey(), sa, sb, q) : paired(a, b, g.getKey(), sa, sb, q);
            if (line != null) {
                out.add(line);
            }
        }
    }

    private static Line paired(String a, String b, String group, Map<String, List<Double>> sa,
                               Map<String, List<Double>> sb, Query q) {
        final List<Double> ratios = new ArrayList<>();
        final double[] va = new double[sa.size()];
        final double[] vb = new double[sb.size()];
        int na = 0;
        int nb = 0;
        for (Map.Entry<String, List<Double>> e : sa.entrySet()) {
            final List<Double> other = sb.get(e.getKey());
            if (other != null) {
                va[na++] = mean(e.getValue());
                vb[nb++] = mean(other);
                ratios.add(va[na - 1] / vb[nb - 1]);
            }
        }
        if (ratios.isEmpty()) {
            return null;
        }
        final double[] rs = ratios.stream().mapToDouble(Double::doubleValue).toArray();
        int ahead = 0;
        for (double r : rs) {
            if (q.lower() ? r < 1 : r > 1) {
                ahead++;
            }
        }
        final double[] a2 = Arrays.copyOf(va, na);
        final double[] b2 = Arrays.copyOf(vb, nb);
        return new Line(a, b, group, Estimate.of(rs, q.confidence()), ahead, median(a2), median(b2),
                Arrays.stream(a2).average().orElse(Double.NaN), Arrays.stream(b2).average().orElse(Double.NaN), ratios,
                q.regimes() ? Regimes.of(a2) : null, q.regimes() ? Regimes.of(b2) : null, null, null);
    }

    private static Line pooled(String a, String b, String group, Map<String, List<Double>> sa,
                               Map<String, List<Double>> sb, Query q) {
        final double[] va = sa.values().stream().flatMap(List::stream).mapToDouble(Double::doubleValue).toArray();
        final double[] vb = sb.values().stream().flatMap(List::stream).mapToDouble(Double::doubleValue).toArray();
        final Estimate ea = Estimate.of(va, q.confidence());
        final Estimate eb = Estimate.of(vb, q.confidence());
        return new Line(a, b, group, ea.ratioTo(eb), -1, median(va), median(vb), ea.mean(), eb.mean(), List.of(),
                q.regimes() ? Regimes.of(va) : null, q.regimes() ? Regimes.of(vb) : null, ea, eb);
    }

    /** A side is a launch label, a queue, or a parameter's value written {@code name=value}. */
    private static boolean is(ForkTable.Row r, String side) {
        final int eq = side.indexOf('=');
        if (eq > 0) {
            return side.substring(eq + 1).equals(r.params().get(side.substring(0, eq)));
        }
        return r.label().equals(side) || side.equals(r.params().get(Q_TYPE));
    }

    /**
     * The parameter a side is told apart by, left out of the groups: its own for a
     * {@code name=value} side, qType for a queue, none for a launch label (whose launches may
     * hold several queues, each then its own group).
     */
    private static String selectorKey(ForkTable table, String side) {
        final int eq = side.indexOf('=');
        if (eq > 0) {
            return side.substring(0, eq);
        }
        return table.rows().stream().anyMatch(r -> side.equals(r.params().get(Q_TYPE))) ? Q_TYPE : null;
    }

    /**
     * The number of a run-settings line, where lines that differ only in their JVM options count
     * as one: the first line equal to it but for them.
     */
    private static int withoutJvmArgs(ForkTable table, int settings) {
        final Map<String, String> mine = new LinkedHashMap<>(table.settings().get(settings - 1));
        mine.remove(JVM_ARGS);
        for (int i = 0; i < table.settings().size(); i++) {
            final Map<String, String> other = new LinkedHashMap<>(table.settings().get(i));
            other.remove(JVM_ARGS);
            if (other.equals(mine)) {
                return i + 1;
            }
        }
        return settings;
    }

    private static boolean matchesWhere(ForkTable.Row r, Map<String, String> where) {
        for (Map.Entry<String, String> w : where.entrySet()) {
            final String v = w.getKey().equals(SOURCE) ? r.source() : r.params().get(w.getKey());
            if (!w.getValue().equals(v)) {
                return false;
            }
        }
        return true;
    }

    /** The method, the parameters but the one the sides differ in, the run settings, the source if asked. */
    private static String group(ForkTable table, ForkTable.Row r, Set<String> sideKeys, Query q) {
        final StringBuilder g = new StringBuilder(r.method());
        r.params().forEach((k, v) -> {
            if (!sideKeys.contains(k)) {
                g.append(' ').append(k).append('=').append(v);
            }
        });
        if (r.settings() > 0) {
            // Results run with other settings (JDK, JVM options, iterations) never pair.
            final String jdk = table.settings().get(r.settings() - 1).get(JDK_VERSION);
            if (jdk != null) {
                g.append(" jdk=").append(jdk);
            }
            g.append(" settings=").append(q.anyJvmArgs() ? withoutJvmArgs(table, r.settings()) : r.settings());
        }
        if (q.bySource()) {
            g.append(" source=").append(r.source());
        }
        return g.toString();
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static double median(double[] xs) {
        final double[] s = xs.clone();
        Arrays.sort(s);
        final int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
