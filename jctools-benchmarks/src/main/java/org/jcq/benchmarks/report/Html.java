package org.jcq.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.jcq.benchmarks.support.BenchmarkQueues;

/**
 * The HTML report: one self-contained file (inline CSS, inline SVG, no script, no external
 * reference of any kind, so it opens offline and shows the same thing forever), written as
 * well-formed XML so a test can parse it. Each chart sits beside the table holding every number
 * it draws, with its error and the settings it was measured under.
 */
final class Html {
    private static final String STYLE = "body{font-family:sans-serif;margin:1.5em;color:#222}"
            + "table{border-collapse:collapse;margin:.5em 0 1.5em}"
            + "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right;font-size:13px}"
            + "td:first-child,th:first-child{text-align:left}"
            + "p.note{font-size:12px;color:#555;margin:.2em 0}"
            + "h2{margin-top:1.5em;border-bottom:1px solid #ccc}"
            + "tr.range td{color:#666;font-size:12px}";
    /**
     * Steps of log10(1/(1-p)) between plotted points of a percentile line: 20 a decade is
     * smooth at the plot's size.
     */
    private static final double PLOT_STEP = 0.05;
    private static final double PERCENT = 100;

    private Html() {
    }

    /**
     * @param s any text
     * @return it safe inside an element or an attribute value
     */
    static String escape(String s) {
        final StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            final char c = s.charAt(i);
            switch (c) {
                case '&':
                    sb.append("&amp;");
                    break;
                case '<':
                    sb.append("&lt;");
                    break;
                case '>':
                    sb.append("&gt;");
                    break;
                case '"':
                    sb.append("&quot;");
                    break;
                case '\'':
                    sb.append("&#39;");
                    break;
                default:
                    sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * @param data  the run's files, read back
     * @param title the page title
     * @return the whole page
     */
    static String page(RunData data, String title) {
        final StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>")
                .append(escape(title)).append("</title><style>").append(STYLE).append("</style></head><body>\n");
        sb.append("<h1>").append(escape(title)).append("</h1>\n");
        final List<String> verdict = ReportTables.verdict(data.tables());
        if (!verdict.isEmpty()) {
            sb.append("<h2>Verdict</h2>\n<pre>");
            verdict.forEach(line -> sb.append(escape(line)).append('\n'));
            sb.append("</pre>\n");
        }
        final Families families = new Families();
        for (ScoreTable t : data.tables()) {
            sb.append("<h2>").append(escape(ReportTables.title(t))).append("</h2>\n");
            sb.append(Svg.bars(t.section().unit(), bars(t, families))).append('\n');
            if (t.rows().stream().anyMatch(r -> r.regimes() != null)) {
                sb.append(Svg.bars("forks in the slow regime, %", regimeBars(t, families))).append('\n');
            }
            table(sb, ReportTables.scores(t));
        }
        if (!data.latency().isEmpty()) {
            for (String tag : List.of(LatencyRun.RESPONSE, LatencyRun.SERVICE)) {
                sb.append("<h2>Latency: ").append(escape(tag)).append(" time</h2>\n");
                sb.append(Svg.percentiles(tag + " time, us (log scale)", series(data.latency(), tag, families)))
                        .append('\n');
                table(sb, ReportTables.latency(data.latency(), tag));
            }
        }
        if (!data.footprint().isEmpty()) {
            sb.append("<h2>Footprint</h2>\n");
            table(sb, ReportTables.footprint(data.footprint()));
        }
        if (!data.failures().isEmpty()) {
            sb.append("<h2>Failures</h2>\n");
            table(sb, ReportTables.failures(data.failures()));
        }
        sb.append("<h2>Environment and settings</h2>\n");
        table(sb, ReportTables.environment(data.environment()));
        sb.append("<p class=\"note\">Raw files beside this page: environment.properties, jmh/&lt;section&gt;/"
                + "&lt;round&gt;-&lt;qType&gt;.json (JMH's own results), latency/&lt;round&gt;-&lt;qType&gt;.hlog and "
                + ".properties (one per run), "
                + "footprint.csv. Regenerate with: java -cp benchmarks.jar org.jcq.benchmarks.report.Report "
                + "&lt;this directory&gt;</p>\n");
        return sb.append("</body></html>\n").toString();
    }

    private static void table(StringBuilder sb, Cells c) {
        sb.append("<table><caption>").append(escape(c.title())).append("</caption>\n<tr>");
        for (String h : c.header()) {
            sb.append("<th>").append(escape(h)).append("</th>");
        }
        sb.append("</tr>\n");
        for (List<String> row : c.rows()) {
            // A latency table's spread row reads as a footnote to the pooled row above it.
            sb.append(row.get(0).equals(ReportTables.RANGE_LABEL) ? "<tr class=\"range\">" : "<tr>");
            for (String cell : row) {
                sb.append("<td>").append(escape(cell)).append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</table>\n");
        for (String n : c.notes()) {
            sb.append("<p class=\"note\">").append(escape(n)).append("</p>\n");
        }
    }

    private static List<Svg.Bar> bars(ScoreTable t, Families families) {
        final List<Svg.Bar> out = new ArrayList<>();
        for (ScoreTable.Row r : t.rows()) {
            final String note = r.advantage() == null ? ""
                    : "vs Unsafe " + Cells.fmt(r.advantage().mean()) + " +- " + Cells.fmt(r.advantage().error())
                            + (r.vhAdvantage() == null ? "" : ", vs VarHandle " + Cells.fmt(r.vhAdvantage().mean())
                                    + " +- " + Cells.fmt(r.vhAdvantage().error()));
            final String family = families.of(r.qType());
            out.add(new Svg.Bar(r.qType(), r.score().mean(), r.score().error(),
                    family == null ? Svg.otherFill() : families.colour(family),
                    !BenchmarkQueues.isOurs(r.qType()), note));
        }
        return out;
    }

    /** One bar per queue: the share of its forks in the slow regime (lower is better). */
    private static List<Svg.Bar> regimeBars(ScoreTable t, Families families) {
        final List<Svg.Bar> out = new ArrayList<>();
        for (ScoreTable.Row r : t.rows()) {
            if (r.regimes() == null) {
                continue;
            }
            final String family = families.of(r.qType());
            out.add(new Svg.Bar(r.qType(), r.regimes().slowPercent(), Double.NaN,
                    family == null ? Svg.otherFill() : families.colour(family),
                    !BenchmarkQueues.isOurs(r.qType()), r.regimes().counts()));
        }
        return out;
    }

    /** @return one line per queue: its pooled histogram, every run's measured messages */
    private static List<Svg.Series> series(List<LatencyRuns> queues, String tag, Families families) {
        final List<Svg.Series> out = new ArrayList<>();
        for (LatencyRuns q : queues) {
            final Histogram h = q.pooled(tag);
            if (h == null || h.getTotalCount() == 0) {
                continue;
            }
            final String family = families.of(q.qType());
            out.add(distribution(h, q.qType(), families.colour(family == null ? q.qType() : family),
                    !BenchmarkQueues.isOurs(q.qType())));
        }
        return out;
    }

    /**
     * Samples a histogram's percentile distribution from p = 0 up to the point where one value in
     * the whole count lies beyond, and ends at the maximum.
     */
    static Svg.Series distribution(Histogram h, String label, String colour, boolean dashed) {
        final double lastDecade = Math.log10(h.getTotalCount());
        final List<double[]> points = new ArrayList<>();
        for (int k = 0; k * PLOT_STEP < lastDecade; k++) {
            final double inverseTail = Math.pow(10, k * PLOT_STEP);
            final double p = PERCENT * (1 - 1 / inverseTail);
            points.add(new double[] {inverseTail, micros(h.getValueAtPercentile(p))});
        }
        points.add(new double[] {Math.max(1, h.getTotalCount()), micros(h.getMaxValue())});
        final double[] xs = new double[points.size()];
        final double[] ys = new double[points.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = points.get(i)[0];
            ys[i] = points.get(i)[1];
        }
        return new Svg.Series(label, xs, ys, colour, dashed);
    }

    /** A recorded 0 would be off a log scale: draw it at 1 ns, the finest unit recorded. */
    private static double micros(long nanos) {
        return Math.max(1, nanos) / ReportTables.NANOS_PER_MICRO;
    }

    /**
     * Colours by family: each queue of ours shares its colour with its JCTools twins, so a pair
     * reads as one colour, solid for ours and pale or dashed for the twin; anchors get their own.
     */
    private static final class Families {
        private final Map<String, String> colours = new LinkedHashMap<>();

        /** @return the family of a queue (our queue's name), or null for an anchor */
        String of(String qType) {
            if (BenchmarkQueues.isOurs(qType)) {
                return qType;
            }
            for (String prefix : List.of(BenchmarkQueues.JCTOOLS_PREFIX, BenchmarkQueues.JCTOOLS_VH_PREFIX,
                    BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX)) {
                if (qType.startsWith(prefix) && BenchmarkQueues.isOurs(qType.substring(prefix.length()))) {
                    return qType.substring(prefix.length());
                }
            }
            return null;
        }

        String colour(String key) {
            return colours.computeIfAbsent(key, k -> Svg.colour(colours.size()));
        }
    }
}
