package org.jcq.benchmarks.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.tools.Compare;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.util.ListStatistics;

/** The statistics {@link Compare} prints: mean, 99.9% CI half-width, ratio error propagation. */
class EstimateTest {
    private static final double EPS = 1e-9;
    /** 1..10: mean 5.5, sample standard deviation sqrt(55/6). */
    private static final double[] ONE_TO_TEN = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    /** Student t quantile at 0.9995 with 9 degrees of freedom, from tables. */
    private static final double T_09995_DF9 = 4.780912585;
    /** Student t quantile at 0.975 with 9 degrees of freedom, from tables. */
    private static final double T_0975_DF9 = 2.262157163;

    @Test
    void meanAndHalfWidthOnAKnownSample() {
        final Estimate e = Estimate.of(ONE_TO_TEN);
        final double sem = Math.sqrt(55.0 / 6) / Math.sqrt(10);
        assertEquals(5.5, e.mean(), EPS);
        assertEquals(10, e.n());
        assertEquals(T_09995_DF9 * sem, e.error(), 1e-6);
        assertEquals(T_0975_DF9 * sem, Estimate.of(ONE_TO_TEN, 0.95).error(), 1e-6);
    }

    @Test
    void agreesWithJmhsOwnScoreError() {
        final double[] xs = {12.5, 13.1, 12.9, 12.2, 13.4, 12.8, 12.7, 13.0};
        final ListStatistics jmh = new ListStatistics(xs);
        final Estimate e = Estimate.of(xs);
        assertEquals(jmh.getMean(), e.mean(), EPS);
        assertEquals(jmh.getMeanErrorAt(Estimate.DEFAULT_CONFIDENCE), e.error(), 1e-9);
    }

    @Test
    void constantSampleHasNoError() {
        final Estimate e = Estimate.of(new double[] {3, 3, 3});
        assertEquals(3, e.mean(), EPS);
        assertEquals(0, e.error(), EPS);
    }

    @Test
    void singleSampleHasUndefinedError() {
        final Estimate e = Estimate.of(new double[] {7});
        assertEquals(7, e.mean(), EPS);
        assertTrue(Double.isNaN(e.error()));
    }

    @Test
    void rejectsBadInput() {
        assertThrows(IllegalArgumentException.class, () -> Estimate.of(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> Estimate.of(ONE_TO_TEN, 1.0));
        assertThrows(IllegalArgumentException.class, () -> Estimate.of(ONE_TO_TEN, 0.0));
    }

    @Test
    void ratioPropagatesRelativeErrorsInQuadrature() {
        final Estimate a = new Estimate(10, 1, 5);
        final Estimate b = new Estimate(5, 0.5, 5);
        final Estimate r = a.ratioTo(b);
        assertEquals(2, r.mean(), EPS);
        assertEquals(2 * Math.sqrt(0.1 * 0.1 + 0.1 * 0.1), r.error(), EPS);

        final Estimate c = new Estimate(30, 3, 5);
        final Estimate d = new Estimate(40, 1, 5);
        final Estimate s = c.ratioTo(d);
        assertEquals(0.75, s.mean(), EPS);
        assertEquals(0.75 * Math.sqrt(0.01 + 0.000625), s.error(), EPS);
    }

    @Test
    void ratioToAnExactValueKeepsTheRelativeError() {
        final Estimate r = new Estimate(8, 2, 4).ratioTo(new Estimate(4, 0, 4));
        assertEquals(2, r.mean(), EPS);
        assertEquals(0.5, r.error(), EPS);
    }
}
