package org.jcq.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.DoubleFunction;

import org.HdrHistogram.Histogram;
import org.jcq.benchmarks.support.Estimate;

/**
 * The report's tables, as {@link Cells}: every score beside its error and the settings it was
 * measured under, so no number in the summary or the HTML stands without them.
 */
final class ReportTables {
    /** What the vs columns mean, in every JMH table. */
    static final String ADVANTAGE_NOTE = "vs Unsafe, vs VarHandle: how many times better our queue is than its "
            + "twin in JCTools' Unsafe edition and in its VarHandle edition (jctools-core-jdk11), so above 1 "
            + "ours is better in every table; error propagated as r*sqrt((ea/a)^2+(eb/b)^2).";

    /**
     * The verdict that opens the report: against each JCTools edition, in how many of the JMH
     * tables' rows our queue was better (the whole interval of its advantage above 1), worse (the
     * whole interval below 1), or not told apart, naming them.
     *
     * @param tables the run's JMH tables
     * @return the verdict's lines; empty if no row has a twin result
     */
    static List<String> verdict(List<ScoreTable> tables) {
        final List<String> lines = new ArrayList<>();
        for (boolean vh : new boolean[] {true, false}) {
            final List<String> better = new ArrayList<>();
            final List<String> worse = new ArrayList<>();
            int level = 0;
            for (ScoreTable t : tables) {
                for (ScoreTable.Row r : t.rows()) {
                    final Estimate a = vh ? r.vhAdvantage() : r.advantage();
                    if (a == null || Double.isNaN(a.mean()) || Double.isNaN(a.error())) {
                        continue;
                    }
                    final String where = r.qType() + " in " + shortTitle(t) + " (" + Cells.fmt(a.mean()) + ")";
                    if (a.mean() - a.error() > 1) {
                        better.add(where);
                    } else if (a.mean() + a.error() < 1) {
                        worse.add(where);
                    } else {
                        level++;
                    }
                }
            }
            if (better.isEmpty() && worse.isEmpty() && level == 0) {
                continue;
            }
            lines.add(String.format(Locale.ROOT, "Against JCTools' %s edition: better in %d, worse in %d, "
                    + "not told apart in %d (of %d rows with a result for both).", vh ? "VarHandle" : "Unsafe",
                    better.size(), worse.size(), level, better.size() + worse.size() + level));
            if (!better.isEmpty()) {
                lines.add("  better: " + String.join("; ", better));
            }
            if (!worse.isEmpty()) {
                lines.add("  worse: " + String.join("; ", worse));
            }
        }
        if (!lines.isEmpty()) {
            lines.add("Better or worse: the whole 99.9% interval of the advantage on one side of 1; "
                    + "the tables below give every figure.");
        }
        return lines;
    }

    private static String shortTitle(ScoreTable t) {
        final String config = t.configText();
        return t.section().id() + (config.isEmpty() ? "" : " [" + config + "]");
    }

    /** Nanoseconds per microsecond: latency logs hold nanoseconds, the tables show microseconds. */
    static final double NANOS_PER_MICRO = 1000;
    private static final String PLUS_MINUS = "+-";
    /** The first cell of a queue's second latency row: its spread across runs. */
    static final String RANGE_LABEL = "  min..max of runs";
    private static final String ACHIEVED_RATE = "achievedRate";

    private ReportTables() {
    }

    /** @return the environment and settings, one property a row, in key order */
    static Cells environment(Properties env) {
        final List<List<String>> rows = new ArrayList<>();
        for (String key : new TreeSet<>(env.stringPropertyNames())) {
            rows.add(List.of(key, env.getProperty(key)));
        }
        return new Cells("Environment and settings", List.of("key", "value"), rows, List.of());
    }

    /** @return a JMH section's table for one parameter set */
    static Cells scores(ScoreTable t) {
        final JmhSection s = t.section();
        final boolean bytes = t.rows().stream().anyMatch(r -> r.bytesPerElement() != null);
        final boolean regimes = t.rows().stream().anyMatch(r -> r.regimes() != null);
        final List<String> header = new ArrayList<>(List.of("qType", s.unit(), PLUS_MINUS, "n",
                "forks", "vs Unsafe", PLUS_MINUS, "vs VarHandle", PLUS_MINUS));
        if (bytes) {
            header.addAll(List.of("B/element", PLUS_MINUS));
        }
        if (regimes) {
            header.addAll(List.of("regimes", "fast mean", "slow mean"));
        }
        final List<List<String>> rows = new ArrayList<>();
        for (ScoreTable.Row r : t.rows()) {
            final List<String> row = new ArrayList<>(List.of(r.qType(), Cells.fmt(r.score().mean()),
                    Cells.fmt(r.score().error()), Integer.toString(r.score().n()),
                    Integer.toString(r.forks())));
            addEstimate(row, r.advantage());
            addEstimate(row, r.vhAdvantage());
            if (bytes) {
                addEstimate(row, r.bytesPerElement());
            }
            if (regimes) {
                final Regimes g = r.regimes();
                row.add(g == null ? Cells.NONE : g.counts());
                row.add(g == null || g.fast() == 0 ? Cells.NONE : Cells.fmt(g.fastMean()));
                row.add(g == null || g.slow() == 0 ? Cells.NONE : Cells.fmt(g.slowMean()));
            }
            rows.add(row);
        }
        final List<String> notes = new ArrayList<>();
        notes.add(String.format(Locale.ROOT, "Mean %s %s half-width of the %.1f%% confidence interval "
                + "(Student t), pooling every measurement iteration (n) of every fork.", s.unit(), PLUS_MINUS,
                Estimate.DEFAULT_CONFIDENCE * 100));
        notes.add(ADVANTAGE_NOTE + (s.higherIsBetter()
                ? " Here higher is better: our score over the twin's."
                : " Here lower is better: the twin's score over ours."));
        if (bytes) {
            notes.add("B/element: JMH's gc.alloc.rate.norm (bytes per benchmark call, failed calls "
                    + "included) times calls per element handed over, per iteration.");
        }
        if (regimes) {
            notes.add(String.format(Locale.ROOT, "regimes: each fork's mean, sorted and cut at the widest "
                    + "step between neighbours; if the forks above the cut average %.1fx those below or "
                    + "more, those below are slow (two threads often settle into one of two speeds for a "
                    + "whole launch), else all count as fast. Compare the counts, not only the mean.",
                    Regimes.GAP));
        }
        return new Cells(title(t), header, rows, notes);
    }

    private static void addEstimate(List<String> row, Estimate e) {
        row.add(e == null ? Cells.NONE : Cells.fmt(e.mean()));
        row.add(e == null ? Cells.NONE : Cells.fmt(e.error()));
    }

    /** @return what a score table measured, under which parameters */
    static String title(ScoreTable t) {
        final String what;
        switch (t.section()) {
            case BASE:
                what = "Single thread: one offer and one poll, through the Queue interface";
                break;
            case TPT:
                what = "Throughput, 1 producer 1 consumer";
                break;
            case RTT:
                what = "Round trip of a burst through a ring of threads";
                break;
            default:
                what = "Burst throughput, 1 producer 1 consumer";
                break;
        }
        final String config = t.configText();
        return what + " (" + t.benchmark() + (config.isEmpty() ? "" : "; " + config) + ")";
    }

    /**
     * Two rows per queue: the pooled percentiles (every measured message of every run), then the
     * lowest..highest of the same columns computed run by run, so each number stands beside its
     * spread across runs.
     *
     * @param queues each queue's latency runs
     * @param tag    which recorded kind to show
     * @return percentiles of that kind per queue, in microseconds, with the rates
     */
    static Cells latency(List<LatencyRuns> queues, String tag) {
        final List<String> header = new ArrayList<>(List.of("qType", "runs", "mode", "rate msg/s",
                "achieved msg/s", "count"));
        for (double p : LatencyRun.PERCENTILES) {
            header.add("p" + trim(p) + " us");
        }
        header.add("max us");
        final List<List<String>> rows = new ArrayList<>();
        for (LatencyRuns q : queues) {
            final Histogram pooled = q.pooled(tag);
            if (pooled != null) {
                rows.add(pooledRow(q, tag, pooled));
                rows.add(rangeRow(q, tag));
            }
        }
        return new Cells("Latency: " + tag + " time", header, rows, List.of(
                tag.equals(LatencyRun.RESPONSE)
                        ? "response: from each message's intended send time on the fixed-rate "
                        + "schedule to its receipt, so a stall delays the messages queued behind it "
                        + "(coordinated-omission free)."
                        : tag + ": from the actual send to the receipt.",
                "runs: how many runs of the queue (each its own JVM, one per round, queues in a "
                        + "shuffled order per round). First row, pooled: percentiles of every message "
                        + "of every run after its warm-up (intervals starting warmupSeconds or more "
                        + "after the log's start); achieved msg/s is the mean over runs.",
                "Second row, " + RANGE_LABEL.trim() + ": the lowest..highest of each column "
                        + "computed run by run, i.e. the spread across runs (JVMs), which on a small "
                        + "machine can be far wider than HdrHistogram's precision (3 significant "
                        + "digits); " + Cells.NONE + " where one run gives no spread.",
                "report.html plots each queue's pooled histogram; each run's own is in "
                        + "latency/<round>-<qType>.hlog."));
    }

    private static List<String> pooledRow(LatencyRuns q, String tag, Histogram pooled) {
        final List<String> row = new ArrayList<>(List.of(q.qType(), Integer.toString(q.perRun(tag).size()),
                q.first().text("mode"), q.first().text("rate"), Cells.fmt(q.mean(ACHIEVED_RATE)),
                Long.toString(pooled.getTotalCount())));
        for (double p : LatencyRun.PERCENTILES) {
            row.add(micros(pooled.getValueAtPercentile(p)));
        }
        row.add(micros(pooled.getMaxValue()));
        return row;
    }

    private static List<String> rangeRow(LatencyRuns q, String tag) {
        final List<String> row = new ArrayList<>(List.of(RANGE_LABEL, "", "", "",
                range(q.range(ACHIEVED_RATE), Cells::fmt),
                range(q.range(tag, Histogram::getTotalCount), x -> Long.toString((long) x))));
        for (double p : LatencyRun.PERCENTILES) {
            row.add(range(q.range(tag, h -> h.getValueAtPercentile(p)), ReportTables::microsText));
        }
        row.add(range(q.range(tag, Histogram::getMaxValue), ReportTables::microsText));
        return row;
    }

    /** @return "min..max", or {@link Cells#NONE} where fewer than two runs give no spread */
    private static String range(LatencyRuns.Range r, DoubleFunction<String> format) {
        return r.known() ? format.apply(r.min()) + Cells.RANGE + format.apply(r.max()) : Cells.NONE;
    }

    private static String microsText(double nanos) {
        return Cells.fmt(nanos / NANOS_PER_MICRO);
    }

    private static String micros(long nanos) {
        return Cells.fmt(nanos / NANOS_PER_MICRO);
    }

    /** @return a percentile without trailing zeros: 50, 99.9 */
    static String trim(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }

    /** @return the footprint table */
    static Cells footprint(List<FootprintRow> rows) {
        final List<List<String>> cells = new ArrayList<>();
        for (FootprintRow r : rows) {
            cells.add(List.of(r.qType(), Integer.toString(r.capacity()), Long.toString(r.elements()),
                    Long.toString(r.emptyBytes()), Long.toString(r.fullBytes())));
        }
        return new Cells("Footprint (JOL GraphLayout)",
                List.of("qType", "capacity", "elements", "empty bytes", "full bytes"), cells,
                List.of("Bytes reachable from the queue, empty and holding 'elements' references to "
                        + "one shared element (counted once); exact counts, so no error."));
    }

    /** @return the failed runs */
    static Cells failures(List<Failures.Failure> failures) {
        final List<List<String>> rows = new ArrayList<>();
        for (Failures.Failure f : failures) {
            rows.add(List.of(f.section(), Integer.toString(f.round()), f.qType(), f.message()));
        }
        return new Cells("Failed runs (their results are missing above)",
                List.of("section", "round", "qType", "message"), rows, List.of());
    }
}
