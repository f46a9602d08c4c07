package org.jcq.benchmarks.tools;

import org.jcq.benchmarks.report.ForkTable;
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

import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * What a side-by-side run on this machine can tell apart, read from an A/A run: several labels
 * launching the same jar and queue, in the rounds {@code scripts/configs.sh} makes. Any gap
 * between two of them is the method's, so their per-round ratios give what "ahead in k of n
 * rounds" means here:
 * <ul>
 *   <li>the spread of a per-round ratio: the standard deviation of {@code ln(a / b)} about the
 *       pair's own mean, averaged (as a variance) over every pair of labels;</li>
 *   <li>the pairs' mean ratios, which for identical configurations should differ by that spread
 *       over the square root of the rounds, no more;</li>
 *   <li>how often identical configurations were ahead in at least {@code k} of {@code n} rounds,
 *       or behind in as many (disjoint blocks of {@code n} rounds of every pair), beside what a
 *       fair coin gives;</li>
 *   <li>the true ratio that is ahead in at least {@code k} of {@code n} rounds with probability
 *       {@code power} (and one half), if a round's log ratio is normal with that spread.</li>
 * </ul>
 * Usage: {@code java -cp benchmarks.jar org.jcq.benchmarks.tools.Calibrate SOURCE labels=A,B,C
 * [n=8] [k=7] [power=0.9] [bench=METHOD,...] [metric=M] [lower=true] [where=name:value,...]
 * [by=source]}, the last five as {@link Ratio} takes them. One line per benchmark method and
 * parameter set (and JDK), as Ratio groups them.
 */
public final class Calibrate {
    private static final String K_LABELS = "labels";
    private static final String K_N = "n";
    private static final String K_K = "k";
    private static final String K_POWER = "power";
    private static final String K_BENCH = "bench";
    private static final String K_METRIC = "metric";
    private static final String K_LOWER = "lower";
    private static final String K_WHERE = "where";
    private static final String K_BY = "by";
    /** Options handed to {@link Ratio} as they are. */
    private static final List<String> RATIO_KEYS = List.of(K_BENCH, K_METRIC, K_LOWER, K_WHERE, K_BY);
    private static final List<String> KEYS = List.of(K_LABELS, K_N, K_K, K_POWER, K_BENCH, K_METRIC, K_LOWER, K_WHERE,
            K_BY);
    private static final int MIN_LABELS = 2;
    private static final int BISECTIONS = 200;
    /** The standard normal distribution (no random generator: only its functions are used). */
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    private Calibrate() {
    }

    /**
     * One benchmark's calibration.
     *
     * @param group      the method and parameters, as {@link Ratio} names them
     * @param pairs      the label pairs with paired rounds
     * @param rounds     the most rounds a pair had
     * @param spread     the standard deviation of a per-round log ratio about its pair's mean
     * @param lowestMean the lowest of the pairs' mean per-round ratios (each pair taken the way round
     *                   that puts it at or below 1)
     * @param blocks     disjoint blocks of {@code n} rounds over every pair
     * @param counts     {@code counts[j]}: blocks where the first label was ahead in {@code j} rounds
     * @param extreme    blocks ahead or behind in at least {@code k} rounds
     * @param coin       the chance of that for a fair coin
     * @param forPower   the true ratio ahead in at least {@code k} of {@code n} with probability {@code power}
     * @param forHalf    the same with probability one half
     */
    record Line(String group, int pairs, int rounds, double spread, double lowestMean, int blocks, int[] counts,
                int extreme, double coin, double forPower, double forHalf) {
        String text(int n, int k, double power) {
            final StringBuilder c = new StringBuilder();
            for (int j = 0; j < counts.length; j++) {
                if (counts[j] > 0) {
                    c.append(c.length() == 0 ? "" : " ").append(j).append(':').append(counts[j]);
                }
            }
            return String.format(Locale.ROOT, "%s: %d pairs of identical configurations, %d rounds; a per-round ratio's"
                    + " spread (sd of its log) %.3f; pairs' mean ratios down to %.3f (1/%.3f); rounds ahead in blocks of"
                    + " %d (k:blocks) %s; at least %d of %d either way in %d of %d blocks (a fair coin: %.1f%%);"
                    + " a true ratio is ahead in at least %d of %d with probability %.0f%% from %.3f, 50%% from %.3f",
                    group, pairs, rounds, spread, lowestMean, 1 / lowestMean, n, c, k, n, extreme, blocks, coin * 100,
                    k, n, power * 100, forPower, forHalf);
        }
    }

    /**
     * @param args SOURCE, then {@code key=value} options (see the class comment)
     * @throws IOException if the source cannot be read
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: Calibrate SOURCE labels=A,B[,...] [n=8] [k=7] [power=0.9] [bench=METHOD]"
                    + " [metric=M] [lower=true] [where=name:value,...] [by=source]");
            System.exit(2);
            return;
        }
        final Map<String, String> kv = KeyValueArgs.parse(Arrays.copyOfRange(args, 1, args.length), KEYS);
        final List<String> labels = labels(kv.get(K_LABELS));
        final int n = KeyValueArgs.positiveInt(K_N, kv.get(K_N), 8);
        final int k = KeyValueArgs.positiveInt(K_K, kv.get(K_K), n - 1);
        checkRounds(n, k);
        final double power = kv.containsKey(K_POWER) ? probability(kv.get(K_POWER)) : 0.9;
        final ForkTable table = ForkTable.load(Paths.get(args[0]), Pack.DEFAULT_PARAMS);
        final List<Line> lines = calibrate(table, labels, n, k, power, kv);
        final PrintStream out = System.out;
        if (lines.isEmpty()) {
            out.println("no rounds of two or more of " + labels + " to pair");
        }
        for (Line l : lines) {
            out.println(l.text(n, k, power));
        }
    }

    /** @throws IllegalArgumentException unless {@code n / 2 < k <= n} */
    static void checkRounds(int n, int k) {
        if (k > n || 2 * k <= n) {
            throw new IllegalArgumentException("k must be more than half of n and at most n: k=" + k + " n=" + n);
        }
    }

    static List<String> labels(String s) {
        if (s == null || s.isEmpty()) {
            throw new IllegalArgumentException("labels=A,B[,...] is required: the identical configurations' labels");
        }
        final List<String> labels = List.of(s.split(","));
        if (labels.size() < MIN_LABELS || labels.stream().distinct().count() != labels.size()) {
            throw new IllegalArgumentException("labels must name at least two distinct labels but was '" + s + "'");
        }
        return labels;
    }

    static double probability(String s) {
        final double p;
        try {
            p = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("power must be a number in (0, 1) but was '" + s + "'", e);
        }
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("power must be in (0, 1) but was '" + s + "'");
        }
        return p;
    }

    /** Every pair's per-round ratios, from {@link Ratio}, grouped by benchmark as Ratio groups them. */
    static List<Line> calibrate(ForkTable table, List<String> labels, int n, int k, double power,
                                Map<String, String> options) {
        final Map<String, List<List<Double>>> byGroup = new LinkedHashMap<>();
        final boolean lower = KeyValueArgs.bool(K_LOWER, options.get(K_LOWER), false);
        for (int i = 0; i < labels.size(); i++) {
            for (int j = i + 1; j < labels.size(); j++) {
                final Map<String, String> kv = new LinkedHashMap<>();
                kv.put("a", labels.get(i));
                kv.put("b", labels.get(j));
                for (String key : RATIO_KEYS) {
                    if (options.containsKey(key)) {
                        kv.put(key, options.get(key));
                    }
                }
                for (Ratio.Line l : Ratio.compare(table, Ratio.Query.parse(kv))) {
                    final List<Double> logs = new ArrayList<>();
                    for (double r : l.ratios()) {
                        logs.add(lower ? -Math.log(r) : Math.log(r));
                    }
                    byGroup.computeIfAbsent(l.group(), g -> new ArrayList<>()).add(logs);
                }
            }
        }
        final List<Line> out = new ArrayList<>();
        byGroup.forEach((group, pairs) -> {
            final Line l = line(group, pairs, n, k, power);
            if (l != null) {
                out.add(l);
            }
        });
        return out;
    }

    /** @param pairs each pair's per-round log ratios (positive: the first label ahead) */
    static Line line(String group, List<List<Double>> pairs, int n, int k, double power) {
        double variance = 0;
        int withVariance = 0;
        int rounds = 0;
        double lowest = 0;
        final int[] counts = new int[n + 1];
        int blocks = 0;
        int extreme = 0;
        for (List<Double> logs : pairs) {
            rounds = Math.max(rounds, logs.size());
            if (logs.size() >= 2) {
                final double[] xs = logs.stream().mapToDouble(Double::doubleValue).toArray();
                variance += StatUtils.variance(xs);
                withVariance++;
                lowest = Math.min(lowest, -Math.abs(StatUtils.mean(xs)));
            }
            for (int from = 0; from + n <= logs.size(); from += n) {
                int ahead = 0;
                for (double x : logs.subList(from, from + n)) {
                    if (x > 0) {
                        ahead++;
                    }
                }
                counts[ahead]++;
                blocks++;
                if (ahead >= k || n - ahead >= k) {
                    extreme++;
                }
            }
        }
        if (withVariance == 0) {
            return null;
        }
        final double spread = Math.sqrt(variance / withVariance);
        final double coin = 2 * atLeast(k, n, 0.5);
        return new Line(group, pairs.size(), rounds, spread, Math.exp(lowest), blocks, counts, extreme, coin,
                trueRatio(spread, n, k, power), trueRatio(spread, n, k, 0.5));
    }

    /** The chance of at least {@code k} successes in {@code n} trials of chance {@code p}. */
    static double atLeast(int k, int n, double p) {
        return k <= 0 ? 1 : 1 - new BinomialDistribution(null, n, p).cumulativeProbability(k - 1);
    }

    /**
     * The ratio {@code r} at which a round is ahead with the chance {@code p} that gives at least
     * {@code k} of {@code n} with probability {@code power}: {@code exp(spread * z(p))}.
     */
    static double trueRatio(double spread, int n, int k, double power) {
        double lo = 0.5;
        double hi = 1;
        for (int i = 0; i < BISECTIONS; i++) {
            final double mid = (lo + hi) / 2;
            if (atLeast(k, n, mid) < power) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Math.exp(spread * normalQuantile(hi));
    }

    /** The standard normal quantile. */
    static double normalQuantile(double p) {
        return NORMAL.inverseCumulativeProbability(p);
    }

    /** The standard normal distribution function. */
    static double normalCdf(double x) {
        return NORMAL.cumulativeProbability(x);
    }
}
