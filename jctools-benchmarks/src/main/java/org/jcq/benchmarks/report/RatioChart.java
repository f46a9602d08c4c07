package org.jcq.benchmarks.report;

import java.util.List;
import java.util.Locale;

/**
 * Ratios with their intervals as an SVG forest plot: one row per comparison, a dot at the mean, a
 * bar across the interval, the line at 1 drawn dark; green where the whole interval shows ours
 * better, red where it shows ours worse, grey where it cannot tell. The axis runs from 0 to 2
 * (values beyond are drawn at the edge, their number printed beside).
 */
public final class RatioChart {
    private static final int WIDTH = 900;
    private static final int LABEL_WIDTH = 420;
    private static final int RIGHT_SPACE = 60;
    private static final int ROW = 18;
    private static final int TOP = 40;
    private static final int BOTTOM = 40;
    private static final double LOW = 0;
    private static final double HIGH = 2;
    private static final double[] TICKS = {0, 0.5, 1, 1.5, 2};
    private static final String BETTER = "#2a7";
    private static final String WORSE = "#c44";
    private static final String UNDECIDED = "#888";

    private RatioChart() {
    }

    /**
     * One row.
     *
     * @param label what was compared
     * @param mean  the ratio
     * @param error its interval's half-width (NaN: none)
     * @param n     the rounds behind it
     */
    public record Bar(String label, double mean, double error, int n) {
    }

    /**
     * @param title the chart's title
     * @param bars  the rows, top to bottom
     * @param lower whether a ratio below 1 means ours is better
     * @return the SVG document
     */
    public static String svg(String title, List<Bar> bars, boolean lower) {
        final int plot = WIDTH - LABEL_WIDTH - RIGHT_SPACE;
        final int height = TOP + ROW * bars.size() + BOTTOM;
        final StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, height));
        s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, height));
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"18\" text-anchor=\"middle\">%s</text>%n",
                LABEL_WIDTH + plot / 2.0, Html.escape(title)));
        for (double t : TICKS) {
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>%n",
                    x(t, plot), TOP - 8, x(t, plot), height - 30, t == 1 ? "#333" : "#ddd"));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x(t, plot), height - 14, tick(t)));
        }
        for (int i = 0; i < bars.size(); i++) {
            final Bar b = bars.get(i);
            final double y = TOP + i * ROW + ROW / 2.0;
            final boolean known = !Double.isNaN(b.error());
            final boolean above = known && b.mean() - b.error() > 1;
            final boolean below = known && b.mean() + b.error() < 1;
            final String colour = above ? (lower ? WORSE : BETTER) : below ? (lower ? BETTER : WORSE) : UNDECIDED;
            final double e = known ? b.error() : 0;
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s (%d)</text>%n",
                    LABEL_WIDTH - 8, y + 4, Html.escape(b.label()), b.n()));
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
                    + " stroke-width=\"2\"/>%n", x(b.mean() - e, plot), y, x(b.mean() + e, plot), y, colour));
            s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>%n",
                    x(b.mean(), plot), y, colour));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\">%.2f</text>%n",
                    x(HIGH, plot) + 6, y + 4, b.mean()));
        }
        s.append("</svg>\n");
        return s.toString();
    }

    private static double x(double v, int plot) {
        return LABEL_WIDTH + plot * (Math.min(Math.max(v, LOW), HIGH) - LOW) / (HIGH - LOW);
    }

    private static String tick(double t) {
        return t == Math.rint(t) ? Long.toString((long) t) : Double.toString(t);
    }
}
