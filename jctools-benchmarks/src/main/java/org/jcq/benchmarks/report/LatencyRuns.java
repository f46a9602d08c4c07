package org.jcq.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.HdrHistogram.Histogram;

/**
 * One queue's latency runs, one per round, each in its own JVM. On a small machine the same
 * queue can land in a fast or a slow mode from one JVM to the next (a median of 0.15 us in one
 * run and 0.5 us in the next), so one run's percentiles say nothing about how far the next run's
 * will be. This keeps both views: the pooled histogram (every measured message of every run, via
 * {@link Histogram#add}) for the percentiles and the plot, and each run's own histogram for the
 * spread of every percentile across runs.
 *
 * @param qType the queue
 * @param runs  its runs, by round; never empty
 */
public record LatencyRuns(String qType, List<LatencyRun> runs) {
    /**
     * @throws IllegalArgumentException if there is no run, or a run is of another queue
     */
    public LatencyRuns {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("runs: none for " + qType);
        }
        for (LatencyRun r : runs) {
            if (!r.qType().equals(qType)) {
                throw new IllegalArgumentException("runs: " + r.name() + " is of " + r.qType() + ", not " + qType);
            }
        }
        runs = List.copyOf(runs);
    }

    /**
     * @param runs runs of any queues, each queue's together (as {@link LatencyRun#readDir} gives them)
     * @return them grouped by queue, in the order the queues first appear
     */
    public static List<LatencyRuns> byQueue(List<LatencyRun> runs) {
        final Map<String, List<LatencyRun>> grouped = new LinkedHashMap<>();
        for (LatencyRun r : runs) {
            grouped.computeIfAbsent(r.qType(), q -> new ArrayList<>()).add(r);
        }
        final List<LatencyRuns> out = new ArrayList<>();
        grouped.forEach((q, rs) -> out.add(new LatencyRuns(q, rs)));
        return List.copyOf(out);
    }

    /** @return the first run, whose settings (mode, rate) every round shares */
    public LatencyRun first() {
        return runs.get(0);
    }

    /**
     * @param tag a recorded kind
     * @return the measured histograms of that kind of the runs that recorded it, by round
     */
    public List<Histogram> perRun(String tag) {
        final List<Histogram> out = new ArrayList<>();
        for (LatencyRun r : runs) {
            final Histogram h = r.measured().get(tag);
            if (h != null) {
                out.add(h);
            }
        }
        return out;
    }

    /**
     * @param tag a recorded kind
     * @return every measured value of that kind of every run in one histogram, or null where no
     *         run recorded it
     */
    public Histogram pooled(String tag) {
        final List<Histogram> hs = perRun(tag);
        if (hs.isEmpty()) {
            return null;
        }
        final Histogram sum = new Histogram(hs.get(0).getNumberOfSignificantValueDigits());
        for (Histogram h : hs) {
            sum.add(h);
        }
        return sum;
    }

    /**
     * The spread of one statistic over the runs.
     *
     * @param min the lowest run's value
     * @param max the highest run's value
     * @param n   how many runs gave a value
     */
    public record Range(double min, double max, int n) {
        /** @return whether there is a spread to show: two runs or more */
        public boolean known() {
            return n > 1;
        }
    }

    /**
     * @param tag  a recorded kind
     * @param stat a statistic of one run's histogram (a percentile, the maximum)
     * @return its lowest and highest value over the runs that recorded that kind
     */
    public Range range(String tag, ToDoubleFunction<Histogram> stat) {
        return rangeOf(perRun(tag), stat);
    }

    /**
     * @param property a numeric property of each run (e.g. {@code achievedRate})
     * @return its lowest and highest value over the runs that have it
     */
    public Range range(String property) {
        return rangeOf(runs, r -> r.number(property));
    }

    /** @return the mean of a numeric property over the runs that have it; NaN where none has */
    public double mean(String property) {
        return runs.stream().mapToDouble(r -> r.number(property)).filter(Double::isFinite).average()
                .orElse(Double.NaN);
    }

    private static <T> Range rangeOf(List<T> xs, ToDoubleFunction<T> f) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        int n = 0;
        for (T x : xs) {
            final double v = f.applyAsDouble(x);
            if (Double.isFinite(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
                n++;
            }
        }
        return n == 0 ? new Range(Double.NaN, Double.NaN, 0) : new Range(min, max, n);
    }
}
