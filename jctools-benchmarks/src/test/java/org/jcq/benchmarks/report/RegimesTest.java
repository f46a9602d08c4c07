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
    void groupsWhoseMeansDifferByLessThanTheGapDoNotSplit() {
        assertEquals(0, Regimes.of(new double[] {100, 149.9}).slow());
        assertEquals(1, Regimes.of(new double[] {100, 150}).slow());
        // Widest step 120 -> 170, but 100, 110, 120 against 170, 180: 175 / 110 = 1.59.
        assertEquals(3, Regimes.of(new double[] {100, 110, 120, 170, 180}).slow());
        // An even spread: the widest step splits 100, 110 from 125..150, means 105 and 137.5.
        assertEquals(0, Regimes.of(new double[] {100, 110, 125, 130, 140, 150}).slow());
    }

    /** A fork between the two speeds makes two smaller steps; the groups still differ 2.5 times. */
    @Test
    void aForkBetweenTheTwoSpeedsDoesNotHideTheSplit() {
        final Regimes r = Regimes.of(new double[] {100, 101, 105, 105, 111, 151, 218, 221, 268, 283, 285, 286});
        assertEquals(6, r.slow());
        assertEquals(6, r.fast());
    }
}
