package org.jcq.benchmarks.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.jcq.benchmarks.support.Estimate;

/**
 * One JMH section's scores for one parameter set (all parameters but the queue), one row per
 * queue: the mean over every measurement iteration of every fork of that queue with its 99.9%
 * confidence half-width, the allocation per element where the GC profiler ran, and how many
 * times better than its JCTools twins (Unsafe and VarHandle editions) the queue is, in one
 * direction for every section: above 1, ours is better.
 * <p>
 * Pooling iterations across forks treats them as one sample, as the comparison's design intends:
 * forks of one queue are spread over the run (interleaved rounds), so the fork-to-fork spread is
 * in the error rather than hidden by averaging per fork first.
 *
 * @param section   the section
 * @param benchmark JMH's benchmark name
 * @param config    the parameters shared by the rows, in name order
 * @param rows      one per queue, in {@link QueueOrder}
 */
public record ScoreTable(JmhSection section, String benchmark, Map<String, String> config,
                         List<Row> rows) {

    /**
     * One queue's line.
     *
     * @param qType           the queue
     * @param score           the section's score, pooled
     * @param bytesPerElement bytes allocated per element handed over, or null where not measured
     * @param forks           how many forks (result files) the row pools
     * @param twin            its JCTools (Unsafe edition) twin, or null where it is not ours
     * @param advantage       how many times better than {@code twin} it is: its score over the
     *                        twin's where higher is better, the twin's over its where lower is
     *                        better (so above 1 means ours is better); null without a twin result
     * @param vhTwin          its twin in JCTools' VarHandle edition, or null
     * @param vhAdvantage     the same against {@code vhTwin}, or null
     * @param regimes         how the forks split into a fast and a slow regime, for the two-thread
     *                        throughput sections (higher is better); null for the others
     */
    public record Row(String qType, Estimate score, Estimate bytesPerElement, int forks, String twin,
                      Estimate advantage, String vhTwin, Estimate vhAdvantage, Regimes regimes) {
    }

    /** @return the parameter set as {@code name=value, ...}, empty where there is none */
    public String configText() {
        return config.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /**
     * Builds a section's tables from its results.
     *
     * @param section the section
     * @param results its results, in any order
     * @return one table per benchmark and parameter set, in the order they were first seen
     */
    public static List<ScoreTable> of(JmhSection section, List<JmhResults.Result> results) {
        final Map<List<Object>, List<JmhResults.Result>> groups = new LinkedHashMap<>();
        for (JmhResults.Result r : results) {
            groups.computeIfAbsent(List.of(r.benchmark(), config(r)), k -> new ArrayList<>()).add(r);
        }
        final List<ScoreTable> out = new ArrayList<>();
        for (List<JmhResults.Result> group : groups.values()) {
            final JmhResults.Result first = group.get(0);
            out.add(new ScoreTable(section, first.benchmark(), config(first), rows(section, group)));
        }
        return out;
    }

    private static Map<String, String> config(JmhResults.Result r) {
        final Map<String, String> c = new TreeMap<>(r.params());
        c.remove(JmhSection.Q_TYPE);
        return Collections.unmodifiableMap(c);
    }

    private static List<Row> rows(JmhSection section, List<JmhResults.Result> group) {
        final Map<String, List<Double>> scores = new LinkedHashMap<>();
        final Map<String, List<Double>> bytes = new LinkedHashMap<>();
        final Map<String, Integer> forks = new LinkedHashMap<>();
        final Map<String, List<Double>> forkMeans = new LinkedHashMap<>();
        for (JmhResults.Result r : group) {
            final List<Double> s = scores.computeIfAbsent(r.qType(), k -> new ArrayList<>());
            final List<Double> b = bytes.computeIfAbsent(r.qType(), k -> new ArrayList<>());
            forks.merge(r.qType(), 1, Integer::sum);
            double sum = 0;
            for (JmhResults.Iteration it : r.iterations()) {
                final double score = section.score(it, r.params());
                sum += score;
                s.add(score);
                final double perElement = section.bytesPerElement(it, r.params());
                if (!Double.isNaN(perElement)) {
                    b.add(perElement);
                }
            }
            if (!r.iterations().isEmpty()) {
                forkMeans.computeIfAbsent(r.qType(), k -> new ArrayList<>()).add(sum / r.iterations().size());
            }
        }
        final Map<String, Estimate> estimates = new LinkedHashMap<>();
        scores.forEach((q, xs) -> {
            if (!xs.isEmpty()) {
                estimates.put(q, Estimate.of(toArray(xs)));
            }
        });
        final List<Row> rows = new ArrayList<>();
        for (String q : QueueOrder.sort(estimates.keySet())) {
            final String twin = QueueOrder.twin(q);
            final String vhTwin = QueueOrder.vhTwin(q);
            final List<Double> b = bytes.get(q);
            final Regimes regimes = section.higherIsBetter() ? Regimes.of(toArray(forkMeans.get(q))) : null;
            rows.add(new Row(q, estimates.get(q), b.isEmpty() ? null : Estimate.of(toArray(b)), forks.get(q),
                    twin, advantage(section, estimates.get(q), twin == null ? null : estimates.get(twin)),
                    vhTwin, advantage(section, estimates.get(q), vhTwin == null ? null : estimates.get(vhTwin)),
                    regimes));
        }
        return Collections.unmodifiableList(rows);
    }

    /** How many times better {@code ours} is than {@code theirs} (above 1: ours), or null. */
    private static Estimate advantage(JmhSection section, Estimate ours, Estimate theirs) {
        if (theirs == null) {
            return null;
        }
        return section.higherIsBetter() ? ours.ratioTo(theirs) : theirs.ratioTo(ours);
    }

    private static double[] toArray(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
