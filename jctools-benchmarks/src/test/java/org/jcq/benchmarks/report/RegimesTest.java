package org.jcq.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The fast/slow split of fork means: where the widest step of at least {@link Regimes#GAP} lies. */
class RegimesTest {
    private static final double EPS = 1e-9;

    @Test
    void withoutAStepOfTheGapEveryForkIsFast() {
        assertEquals(new Regimes(3, 0, 110, Double.NaN), Regimes.of(new double[] {100, 120, 110}));
        assertEquals(new Regimes(1, 0, 7, Double.NaN), Regimes.of(new double[] {7}));
    }

    @Test
    void theWidestStepSplitsInAnyOrder() {
        // Steps: 10 -> 20 (2x), 20 -> 100 (5x): the split is at the wider one.
        final Regimes r = Regimes.of(new double[] {100, 10, 110, 20});
        assertEquals(2, r.fast());
        assertEquals(2, r.slow());
        assertEquals(105, r.fastMean(), EPS);
        assertEquals(15, r.slowMean(), EPS);
        assertEquals(50, r.slowPercent(), EPS);
        assertEquals("2 fast, 2 slow", r.counts());
    }

    @Test
    void aStepJustBelowTheGapDoesNotSplit() {
        assertEquals(0, Regimes.of(new double[] {100, 149.9}).slow());
        assertEquals(1, Regimes.of(new double[] {100, 150}).slow());
    }
}
