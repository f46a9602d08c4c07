package org.jcq.benchmarks.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.report.ForkTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calibrate turns an A/A run (identical configurations under several labels) into the spread of
 * a per-round ratio, how often identical ones looked ahead in k of n rounds, and the true ratio
 * that k of n needs; the arithmetic is checked against values worked by hand.
 */
class CalibrateTest {
    @Test
    void binomialTailsAndTheNormalDistributionAreRight() {
        assertEquals(9.0 / 256, Calibrate.atLeast(7, 8, 0.5), 1e-12);
        assertEquals(1.0 / 256, Calibrate.atLeast(8, 8, 0.5), 1e-12);
        assertEquals(1.0, Calibrate.atLeast(0, 8, 0.3), 1e-12);
        assertEquals(Math.pow(0.9, 8) + 8 * Math.pow(0.9, 7) * 0.1, Calibrate.atLeast(7, 8, 0.9), 1e-12);
        assertEquals(0.5, Calibrate.normalCdf(0), 1e-7);
        assertEquals(0.975002, Calibrate.normalCdf(1.96), 1e-6);
        assertEquals(0.158655, Calibrate.normalCdf(-1), 1e-6);
        assertEquals(1.644854, Calibrate.normalQuantile(0.95), 1e-5);
        assertEquals(-2.326348, Calibrate.normalQuantile(0.01), 1e-5);
    }

    @Test
    void theTrueRatioGivesTheAskedChanceOfKOfN() {
        final double spread = 0.167;
        final double r = Calibrate.trueRatio(spread, 8, 7, 0.9);
        // A round is then ahead with chance Phi(ln r / spread), and 7 of 8 come with chance 0.9.
        final double p = Calibrate.normalCdf(Math.log(r) / spread);
        assertEquals(0.9, Calibrate.atLeast(7, 8, p), 1e-6);
        // By hand: p^8 + 8 p^7 (1 - p) = 0.9 at p = 0.931, z = 1.483, r = exp(0.167 * 1.483) = 1.281.
        assertEquals(1.281, r, 0.002);
        assertTrue(Calibrate.trueRatio(spread, 8, 7, 0.5) < r, "an even chance needs less");
        assertTrue(Calibrate.trueRatio(spread / 2, 8, 7, 0.9) < r, "a smaller spread needs less");
    }

    @Test
    void aLineCountsBlocksOfNRoundsAndTheSpreadAboutEachPairsMean() {
        final List<List<Double>> pairs = new ArrayList<>();
        // 16 rounds: the first block ahead in 8 of 8, the second in 4; mean log 0.1 + alternating 0.05.
        final List<Double> p1 = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            p1.add(0.1 + (i % 2 == 0 ? 0.05 : -0.05));
        }
        for (int i = 0; i < 8; i++) {
            p1.add(i % 2 == 0 ? 0.05 : -0.05);
        }
        // 8 rounds, behind in 7 of 8.
        final List<Double> p2 = List.of(-0.2, -0.1, -0.2, -0.1, -0.2, -0.1, -0.2, 0.3);
        pairs.add(p1);
        pairs.add(p2);
        final Calibrate.Line l = Calibrate.line("g", pairs, 8, 7, 0.9);
        final int[] counts = new int[9];
        counts[8] = 1;
        counts[4] = 1;
        counts[1] = 1;
        assertArrayEquals(counts, l.counts());
        assertEquals(3, l.blocks());
        assertEquals(2, l.extreme(), "8 of 8 ahead and 7 of 8 behind");
        assertEquals(2 * 9.0 / 256, l.coin(), 1e-12);
        assertEquals(16, l.rounds());
        assertEquals(2, l.pairs());
        assertEquals(Math.sqrt((variance(p1) + variance(p2)) / 2), l.spread(), 1e-12);
        assertEquals(Math.exp(-Math.abs(p2.stream().mapToDouble(Double::doubleValue).average().orElseThrow())),
                l.lowestMean(), 1e-12);
        assertTrue(l.text(8, 7, 0.9).contains("at least 7 of 8 either way in 2 of 3 blocks (a fair coin: 7.0%)"),
                l.text(8, 7, 0.9));
    }

    private static double variance(List<Double> xs) {
        final double m = xs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        return xs.stream().mapToDouble(x -> (x - m) * (x - m)).sum() / (xs.size() - 1);
    }

    @Test
    void readsARunOfThreeLabelsAsThreePairsPerBenchmark(@TempDir Path dir) throws IOException {
        final double[][] scores = {{10, 11, 9, 10, 12, 10, 11, 9}, {11, 10, 10, 9, 11, 10, 12, 10},
                                   {9, 10, 11, 10, 10, 11, 10, 9}};
        final String[] labels = {"a", "b", "c"};
        for (int l = 0; l < labels.length; l++) {
            for (int round = 0; round < 8; round++) {
                Files.writeString(dir.resolve((round + 1) + "-" + labels[l] + ".json"), "[" + result(labels[l],
                        scores[l][round]) + "]");
            }
        }
        final List<Calibrate.Line> lines = Calibrate.calibrate(ForkTable.load(dir, Pack.DEFAULT_PARAMS),
                List.of(labels), 8, 7, 0.9, Map.of());
        assertEquals(1, lines.size());
        final Calibrate.Line line = lines.get(0);
        assertEquals(3, line.pairs());
        assertEquals(8, line.rounds());
        assertEquals(3, line.blocks());
        final List<List<Double>> logs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            for (int j = i + 1; j < 3; j++) {
                final List<Double> pair = new ArrayList<>();
                for (int round = 0; round < 8; round++) {
                    pair.add(Math.log(scores[i][round] / scores[j][round]));
                }
                logs.add(pair);
            }
        }
        assertEquals(Calibrate.line("x", logs, 8, 7, 0.9).spread(), line.spread(), 1e-12);
        assertTrue(line.group().startsWith("fillAndDrain"), line.group());
    }

    private static String result(String qType, double score) {
        return String.format(Locale.ROOT, "{\"benchmark\": \"x.QueueBaseline.fillAndDrain\", \"mode\": \"thrpt\","
                + " \"jdkVersion\": \"17\", \"params\": {\"qType\": \"%s\"},"
                + " \"primaryMetric\": {\"scoreUnit\": \"ops/us\", \"rawData\": [[%s, %s]]}}", qType, score, score);
    }

    @Test
    void rejectsBadOptionsNamingThem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Calibrate.labels(null)).getMessage()
                .contains("labels"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Calibrate.labels("a")).getMessage()
                .contains("labels"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Calibrate.labels("a,a")).getMessage()
                .contains("labels"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Calibrate.checkRounds(8, 4)).getMessage()
                .contains("k="));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Calibrate.checkRounds(8, 9)).getMessage()
                .contains("k="));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Calibrate.probability("1")).getMessage()
                .contains("power"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Calibrate.probability("x")).getMessage()
                .contains("power"));
        Calibrate.checkRounds(8, 5);
        assertEquals(List.of("a", "b"), Calibrate.labels("a,b"));
    }
}
