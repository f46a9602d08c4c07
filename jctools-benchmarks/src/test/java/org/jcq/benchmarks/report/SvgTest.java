package org.jcq.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The chart axes: percentile labels at each decade of 1/(1-p), and round bar-chart ticks. */
class SvgTest {
    private static final double EPS = 1e-12;

    @Test
    void percentileAxisIsLabelledAtEachDecadeOfTheTail() {
        assertEquals(List.of("0%", "90%", "99%", "99.9%", "99.99%", "99.999%"),
                List.of(Svg.percentileLabel(0), Svg.percentileLabel(1), Svg.percentileLabel(2),
                        Svg.percentileLabel(3), Svg.percentileLabel(4), Svg.percentileLabel(5)));
        assertEquals("0.01", Svg.decadeLabel(-2));
        assertEquals("1000", Svg.decadeLabel(3));
    }

    @Test
    void barTicksAreOneTwoOrFiveTimesAPowerOfTen() {
        assertEquals(1, Svg.niceStep(0.7), EPS);
        assertEquals(2, Svg.niceStep(1.3), EPS);
        assertEquals(5, Svg.niceStep(3), EPS);
        assertEquals(10, Svg.niceStep(6), EPS);
        assertEquals(50, Svg.niceStep(45.7), EPS);
        assertEquals(0.02, Svg.niceStep(0.015), EPS);
    }

    @Test
    void barsLabelEveryQueueAndEscapeIt() {
        final String svg = Svg.bars("ops/us", List.of(new Svg.Bar("A<B", 10, 1, "#000", false, "r&x"),
                new Svg.Bar("C", 5, Double.NaN, "#000", true, "")));
        assertTrue(svg.contains(">A&lt;B<") && svg.contains(">C<") && svg.contains("r&amp;x"), svg);
        assertTrue(svg.startsWith("<svg") && svg.endsWith("</svg>"));
    }
}
