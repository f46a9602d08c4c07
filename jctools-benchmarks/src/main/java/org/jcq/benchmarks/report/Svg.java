package org.jcq.benchmarks.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;

/**
 * The report's charts as inline SVG text, drawn here so the HTML needs no script and no network:
 * a horizontal bar chart with error bars, and a latency percentile-distribution plot on the
 * usual log scale of {@code 1/(1-p)}. All text is escaped with {@link Html#escape(String)}.
 */
final class Svg {
    /** Ours, anchors and others: a colour per queue family, ours and its twins share one. */
    private static final String[] PALETTE = {
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
        "#bcbd22", "#7f7f7f",
    };
    private static final String AXIS_COLOUR = "#444";
    private static final String GRID_COLOUR = "#ddd";
    private static final String OTHER_FILL = "#bbb";
    private static final String DASHED = "6,4";
    private static final String FADED_OPACITY = "0.45";

    private static final int WIDTH = 960;
    private static final int LABEL_WIDTH = 300;
    private static final int NOTE_WIDTH = 170;
    private static final int ROW_HEIGHT = 20;
    private static final int BAR_HEIGHT = 14;
    private static final int TOP = 30;
    private static final int AXIS_SPACE = 30;
    private static final int TICKS = 5;
    private static final double HEADROOM = 1.05;
    private static final int TEXT_BASELINE = 4;
    private static final int CAP = 4;

    private static final int PLOT_HEIGHT = 420;
    private static final int PLOT_LEFT = 70;
    private static final int LEGEND_WIDTH = 300;
    private static final int PLOT_BOTTOM_SPACE = 40;
    private static final int LEGEND_ROW = 16;
    private static final int LEGEND_LINE = 28;
    private static final double DECADE = 10;
    private static final double[] NICE_MULTIPLES = {1, 2, 5};
    /** Tick labels are steps of one significant digit: a few digits show them exactly. */
    private static final MathContext TICK_DIGITS = new MathContext(6);

    private Svg() {
    }

    /**
     * One bar.
     *
     * @param label the queue
     * @param mean  its score
     * @param error the half-width of its confidence interval, NaN where there is none
     * @param fill  the bar's colour
     * @param faded whether the bar is drawn pale (a twin beside our queue)
     * @param note  text at the bar's right (a ratio), may be empty
     */
    record Bar(String label, double mean, double error, String fill, boolean faded, String note) {
    }

    /**
     * One line of a percentile plot.
     *
     * @param label  the queue
     * @param xs     1/(1-p) of each point, ascending, at least 1
     * @param ys     the values (microseconds), positive
     * @param colour the line's colour
     * @param dashed whether the line is dashed (twins and anchors; ours are solid)
     */
    record Series(String label, double[] xs, double[] ys, String colour, boolean dashed) {
    }

    /** @return the smallest of 1, 2 or 5 times a power of ten that is at least {@code raw} */
    static double niceStep(double raw) {
        final double decade = Math.pow(DECADE, Math.floor(Math.log10(raw)));
        for (double m : NICE_MULTIPLES) {
            if (m * decade >= raw) {
                return m * decade;
            }
        }
        return DECADE * decade;
    }

    /** @return the i-th palette colour, cycling */
    static String colour(int i) {
        return PALETTE[Math.floorMod(i, PALETTE.length)];
    }

    /** @return the fill of bars that belong to no family */
    static String otherFill() {
        return OTHER_FILL;
    }

    /**
     * @param unit the scores' unit, for the axis
     * @param bars the bars, top to bottom
     * @return a horizontal bar chart with error bars, starting at zero
     */
    static String bars(String unit, List<Bar> bars) {
        double max = 0;
        for (Bar b : bars) {
            max = Math.max(max, b.mean() + (Double.isNaN(b.error()) ? 0 : b.error()));
        }
        final double step = niceStep(max > 0 ? max * HEADROOM / TICKS : 1);
        final int ticks = (int) Math.ceil(Math.max(max, step) / step);
        max = ticks * step;
        final int plotWidth = WIDTH - LABEL_WIDTH - NOTE_WIDTH;
        final int height = TOP + bars.size() * ROW_HEIGHT + AXIS_SPACE;
        final StringBuilder sb = open(WIDTH, height);
        final int axisY = TOP + bars.size() * ROW_HEIGHT;
        for (int i = 0; i <= ticks; i++) {
            final double v = step * i;
            final double x = LABEL_WIDTH + plotWidth * v / max;
            line(sb, x, TOP, x, axisY, GRID_COLOUR, null);
            text(sb, x, axisY + ROW_HEIGHT, "middle", BigDecimal.valueOf(v).round(TICK_DIGITS).stripTrailingZeros().toPlainString());
        }
        text(sb, LABEL_WIDTH + plotWidth / 2.0, TOP - ROW_HEIGHT / 2.0, "middle", unit);
        for (int i = 0; i < bars.size(); i++) {
            final Bar b = bars.get(i);
            final double y = TOP + i * ROW_HEIGHT + (ROW_HEIGHT - BAR_HEIGHT) / 2.0;
            final double mid = y + BAR_HEIGHT / 2.0;
            sb.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\" fill-opacity=\"%s\">"
                            + "<title>%s</title></rect>%n",
                    LABEL_WIDTH, y, plotWidth * Math.max(0, b.mean()) / max, BAR_HEIGHT, b.fill(),
                    b.faded() ? FADED_OPACITY : "1",
                    Html.escape(b.label() + ": " + Cells.fmt(b.mean()) + " +- " + Cells.fmt(b.error()))));
            if (!Double.isNaN(b.error())) {
                final double lo = LABEL_WIDTH + plotWidth * Math.max(0, b.mean() - b.error()) / max;
                final double hi = LABEL_WIDTH + plotWidth * (b.mean() + b.error()) / max;
                line(sb, lo, mid, hi, mid, AXIS_COLOUR, null);
                line(sb, lo, mid - CAP, lo, mid + CAP, AXIS_COLOUR, null);
                line(sb, hi, mid - CAP, hi, mid + CAP, AXIS_COLOUR, null);
            }
            text(sb, LABEL_WIDTH - CAP, mid + TEXT_BASELINE, "end", b.label());
            text(sb, WIDTH - NOTE_WIDTH + CAP, mid + TEXT_BASELINE, "start", b.note());
        }
        line(sb, LABEL_WIDTH, axisY, LABEL_WIDTH + plotWidth, axisY, AXIS_COLOUR, null);
        return sb.append("</svg>").toString();
    }

    /**
     * @param yLabel the value axis' label
     * @param series the lines
     * @return a percentile-distribution plot: x is 1/(1-p) on a log scale labelled in
     *         percentiles (0%, 90%, 99%, ...), y is the value on a log scale
     */
    static String percentiles(String yLabel, List<Series> series) {
        double maxX = DECADE;
        double minY = Double.MAX_VALUE;
        double maxY = 0;
        for (Series s : series) {
            for (int i = 0; i < s.xs().length; i++) {
                maxX = Math.max(maxX, s.xs()[i]);
                minY = Math.min(minY, s.ys()[i]);
                maxY = Math.max(maxY, s.ys()[i]);
            }
        }
        final int xDecades = (int) Math.ceil(Math.log10(maxX));
        final int yLow = maxY > 0 ? (int) Math.floor(Math.log10(minY)) : 0;
        final int yHigh = maxY > 0 ? Math.max(yLow + 1, (int) Math.ceil(Math.log10(maxY))) : 1;
        final int plotWidth = WIDTH - PLOT_LEFT - LEGEND_WIDTH;
        final int height = TOP + PLOT_HEIGHT + PLOT_BOTTOM_SPACE;
        final Scale scale = new Scale(plotWidth, xDecades, yLow, yHigh);
        final StringBuilder sb = open(WIDTH, Math.max(height, TOP + series.size() * LEGEND_ROW));
        for (int d = 0; d <= xDecades; d++) {
            final double x = scale.x(Math.pow(DECADE, d));
            line(sb, x, TOP, x, TOP + PLOT_HEIGHT, GRID_COLOUR, null);
            text(sb, x, TOP + PLOT_HEIGHT + ROW_HEIGHT, "middle", percentileLabel(d));
        }
        for (int d = yLow; d <= yHigh; d++) {
            final double y = scale.y(Math.pow(DECADE, d));
            line(sb, PLOT_LEFT, y, PLOT_LEFT + plotWidth, y, GRID_COLOUR, null);
            text(sb, PLOT_LEFT - CAP, y + TEXT_BASELINE, "end", decadeLabel(d));
        }
        text(sb, PLOT_LEFT + plotWidth / 2.0, TOP + PLOT_HEIGHT + PLOT_BOTTOM_SPACE - CAP, "middle",
                "percentile (log scale of 1/(1-p))");
        text(sb, PLOT_LEFT, TOP - ROW_HEIGHT / 2.0, "start", yLabel);
        for (int i = 0; i < series.size(); i++) {
            final Series s = series.get(i);
            final StringBuilder points = new StringBuilder();
            for (int k = 0; k < s.xs().length; k++) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", scale.x(s.xs()[k]), scale.y(s.ys()[k])));
            }
            sb.append(String.format(Locale.ROOT,
                    "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s points=\"%s\"><title>%s</title></polyline>%n",
                    s.colour(), s.dashed() ? " stroke-dasharray=\"" + DASHED + "\"" : "",
                    points.toString().trim(), Html.escape(s.label())));
            final double ly = TOP + i * LEGEND_ROW;
            final double lx = PLOT_LEFT + plotWidth + ROW_HEIGHT;
            line(sb, lx, ly, lx + LEGEND_LINE, ly, s.colour(), s.dashed() ? DASHED : null);
            text(sb, lx + LEGEND_LINE + CAP, ly + TEXT_BASELINE, "start", s.label());
        }
        line(sb, PLOT_LEFT, TOP + PLOT_HEIGHT, PLOT_LEFT + plotWidth, TOP + PLOT_HEIGHT, AXIS_COLOUR, null);
        line(sb, PLOT_LEFT, TOP, PLOT_LEFT, TOP + PLOT_HEIGHT, AXIS_COLOUR, null);
        return sb.append("</svg>").toString();
    }

    /** Maps 1/(1-p) and values, both on log scales, to plot coordinates. */
    private record Scale(int plotWidth, int xDecades, int yLow, int yHigh) {
        double x(double inverseTail) {
            return PLOT_LEFT + plotWidth * Math.log10(Math.max(1, inverseTail)) / xDecades;
        }

        double y(double value) {
            final double f = (Math.log10(value) - yLow) / (yHigh - yLow);
            return TOP + PLOT_HEIGHT * (1 - f);
        }
    }

    /** @return the percentile at 1/(1-p) = 10^d: 0%, 90%, 99%, 99.9%, 99.99%, ... */
    static String percentileLabel(int decade) {
        if (decade == 0) {
            return "0%";
        }
        if (decade == 1) {
            return "90%";
        }
        return "99" + (decade > 2 ? "." + "9".repeat(decade - 2) : "") + "%";
    }

    /** @return 10^d as plain text: 0.01, 0.1, 1, 10, 100, ... */
    static String decadeLabel(int decade) {
        return BigDecimal.ONE.scaleByPowerOfTen(decade).toPlainString();
    }

    private static StringBuilder open(int width, int height) {
        return new StringBuilder(String.format(Locale.ROOT,
                "<svg width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
                        + "font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width, height));
    }

    private static void line(StringBuilder sb, double x1, double y1, double x2, double y2, String colour,
                             String dash) {
        sb.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>%n", x1, y1, x2, y2,
                colour, dash == null ? "" : " stroke-dasharray=\"" + dash + "\""));
    }

    private static void text(StringBuilder sb, double x, double y, String anchor, String s) {
        sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>%n",
                x, y, anchor, Html.escape(s)));
    }
}
