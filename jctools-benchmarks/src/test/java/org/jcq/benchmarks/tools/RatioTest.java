package org.jcq.benchmarks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.report.ForkTable;
import org.jcq.benchmarks.support.Estimate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ratio pairs launches by round and computes what the write-ups quote: the mean of the per-round
 * ratios with {@link Estimate}'s interval, the rounds ours was ahead, the medians; it never pairs
 * different methods, parameters or JDKs, and rejects bad options naming them.
 */
class RatioTest {
    /** Per-round scores: ours and the peer. */
    private static final double[] OURS = {10, 12, 11, 9, 10, 13, 12, 11};
    private static final double[] PEER = {9, 10, 11, 10, 8, 10, 12, 9};

    /** One launch file per round and queue, as alternate.sh leaves them, two forks each. */
    private static Path run(Path dir, String jdk) throws IOException {
        for (int i = 0; i < OURS.length; i++) {
            Files.writeString(dir.resolve((i + 1) + "-Q.json"), "[" + result("Q", OURS[i], "32", jdk) + ","
                    + result("Q", 2 * OURS[i], "256", jdk) + "]");
            Files.writeString(dir.resolve((i + 1) + "-JCTools.Q.json"), "[" + result("JCTools.Q", PEER[i], "32", jdk)
                    + "," + result("JCTools.Q", 2 * PEER[i], "256", jdk) + "]");
        }
        return dir;
    }

    /** A result whose two forks average to {@code score}. */
    private static String result(String qType, double score, String batch, String jdk) {
        return String.format(Locale.ROOT, "{\"benchmark\": \"x.QueueBaseline.fillAndDrain\", \"mode\": \"thrpt\","
                + " \"jdkVersion\": \"%s\", \"params\": {\"qType\": \"%s\", \"batchSize\": \"%s\"},"
                + " \"primaryMetric\": {\"scoreUnit\": \"ops/us\", \"rawData\": [[%s, %s], [%s, %s]]},"
                + " \"secondaryMetrics\": {\"lat\": {\"scoreUnit\": \"ns\", \"rawData\": [[%s], [%s]]}}}",
                jdk, qType, batch, score - 1, score - 1, score + 1, score + 1, 1 / score, 1 / score);
    }

    private static Ratio.Query query(String... args) {
        final Map<String, String> kv = new LinkedHashMap<>();
        for (String a : args) {
            kv.put(a.substring(0, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
        }
        return Ratio.Query.parse(kv);
    }

    @Test
    void pairsByRoundAndReportsTheIntervalRoundsAheadAndMedians(@TempDir Path dir) throws IOException {
        final ForkTable t = ForkTable.load(run(dir, "17"), Pack.DEFAULT_PARAMS);
        final List<Ratio.Line> lines = Ratio.compare(t, query("a=Q", "b=JCTools.", "where=batchSize:32"));
        assertEquals(1, lines.size(), lines.toString());
        final Ratio.Line l = lines.get(0);
        final double[] r = new double[OURS.length];
        int ahead = 0;
        for (int i = 0; i < r.length; i++) {
            r[i] = OURS[i] / PEER[i];
            ahead += r[i] > 1 ? 1 : 0;
        }
        final Estimate expected = Estimate.of(r);
        assertEquals(expected.mean(), l.ratio().mean(), 1e-12);
        assertEquals(expected.error(), l.ratio().error(), 1e-12);
        assertEquals(OURS.length, l.ratio().n());
        assertEquals(ahead, l.ahead());
        assertEquals(11, l.medianA(), 1e-12);
        assertEquals(10, l.medianB(), 1e-12);
        assertEquals("JCTools.Q", l.peer());
        assertTrue(l.group().contains("batchSize=32") && l.group().contains("jdk=17"), l.group());
        assertNull(l.regimesA());
    }

    @Test
    void eachParameterSetAndMetricIsItsOwnLineAndLowerCountsTheOtherWay(@TempDir Path dir) throws IOException {
        final ForkTable t = ForkTable.load(run(dir, "17"), Pack.DEFAULT_PARAMS);
        assertEquals(2, Ratio.compare(t, query("a=Q", "b=JCTools.Q")).size(), "batch sizes 32 and 256 apart");
        final List<Ratio.Line> lat = Ratio.compare(t, query("a=Q", "b=JCTools.Q", "metric=lat", "lower=true",
                "where=batchSize:32"));
        assertEquals(1, lat.size());
        int ahead = 0;
        for (int i = 0; i < OURS.length; i++) {
            ahead += (1 / OURS[i]) < (1 / PEER[i]) ? 1 : 0;
        }
        assertEquals(ahead, lat.get(0).ahead());
        assertTrue(Ratio.compare(t, query("a=Q", "b=JCTools.Q", "bench=offerAndPoll")).isEmpty());
    }

    @Test
    void differentJdksNeverPair(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("a"));
        Files.createDirectories(dir.resolve("b"));
        run(dir.resolve("a"), "17");
        for (int i = 0; i < OURS.length; i++) {
            // the same rounds again, under JDK 25, the peer only
            Files.writeString(dir.resolve("b").resolve((i + 1) + "-JCTools.Q.json"),
                    "[" + result("JCTools.Q", 1000, "32", "25") + "]");
        }
        final ForkTable t = ForkTable.load(dir, Pack.DEFAULT_PARAMS);
        final List<Ratio.Line> lines = Ratio.compare(t, query("a=Q", "b=JCTools.", "where=batchSize:32"));
        assertEquals(1, lines.size());
        assertTrue(lines.get(0).ratio().mean() > 1, "the JDK 25 peer's 1000 was not paired: " + lines);
    }

    @Test
    void launchesWithOtherJvmOptionsPairOnlyWhenAsked(@TempDir Path dir) throws IOException {
        for (int i = 0; i < OURS.length; i++) {
            Files.writeString(dir.resolve((i + 1) + "-on.json"), "[" + result("Q", OURS[i], "32", "17")
                    .replace("\"mode\"", "\"jvmArgs\": [\"-Dflag=on\"], \"mode\"") + "]");
            Files.writeString(dir.resolve((i + 1) + "-off.json"), "[" + result("Q", PEER[i], "32", "17") + "]");
        }
        final ForkTable t = ForkTable.load(dir, Pack.DEFAULT_PARAMS);
        assertTrue(Ratio.compare(t, query("a=on", "b=off")).isEmpty(), "other JVM options: other settings");
        final List<Ratio.Line> lines = Ratio.compare(t, query("a=on", "b=off", "anyJvmArgs=true"));
        assertEquals(1, lines.size(), lines.toString());
        assertEquals(OURS.length, lines.get(0).ratio().n());
    }

    @Test
    void pooledTakesTheRatioOfTheForkMeans(@TempDir Path dir) throws IOException {
        final ForkTable t = ForkTable.load(run(dir, "17"), Pack.DEFAULT_PARAMS);
        final Ratio.Line l = Ratio.compare(t, query("a=Q", "b=JCTools.", "where=batchSize:32", "pooled=true")).get(0);
        double sa = 0;
        double sb = 0;
        for (int i = 0; i < OURS.length; i++) {
            sa += OURS[i];
            sb += PEER[i];
        }
        assertEquals(sa / sb, l.ratio().mean(), 1e-12);
        assertEquals(2 * OURS.length, l.pooledA().n(), "every fork counted");
    }

    @Test
    void labelsTellVariantsApartWithTheQueueInTheGroup(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("runs.txt"), String.join("\n",
                "1 bench label=new qType=x rate=4", "1 bench label=old qType=x rate=2",
                "1 bench label=new qType=y rate=9", "1 bench label=old qType=y rate=3",
                "2 bench label=new qType=x rate=6", "2 bench label=old qType=x rate=3",
                "2 bench label=new qType=y rate=3", "2 bench label=old qType=y rate=1", ""));
        final List<Ratio.Line> lines = Ratio.compare(ForkTable.load(dir, Set.of()),
                query("a=new", "b=old", "metric=rate"));
        assertEquals(2, lines.size(), lines.toString());
        assertEquals(2, lines.get(0).ratio().mean(), 1e-12);
        assertEquals(3, lines.get(1).ratio().mean(), 1e-12);
        assertTrue(lines.get(0).group().contains("qType=x"), lines.get(0).group());
    }

    @Test
    void aParameterValueCanBeASide(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("runs.txt"), String.join("\n",
                "round=1 cfg=\"new\" bench qType=x p99Us=2", "round=1 cfg=\"cur\" bench qType=x p99Us=4",
                "round=2 cfg=\"new\" bench qType=x p99Us=3", "round=2 cfg=\"cur\" bench qType=x p99Us=3", ""));
        final List<Ratio.Line> lines = Ratio.compare(ForkTable.load(dir, Set.of()),
                query("a=cfg=new", "b=cfg=cur", "metric=p99Us", "lower=true"));
        assertEquals(1, lines.size(), lines.toString());
        assertEquals(0.75, lines.get(0).ratio().mean(), 1e-12);
        assertEquals(1, lines.get(0).ahead());
        assertTrue(lines.get(0).group().contains("qType=x") && !lines.get(0).group().contains("cfg"),
                lines.get(0).group());
    }

    @Test
    void zipPairsOursWithThePeerInItsPlaceOnly(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("runs.txt"), String.join("\n",
                "1 bench qType=QB rate=4", "1 bench qType=Q rate=2", "1 bench qType=RB rate=9", "1 bench qType=R rate=3",
                "2 bench qType=QB rate=6", "2 bench qType=Q rate=3", "2 bench qType=RB rate=3", "2 bench qType=R rate=1", ""));
        final ForkTable t = ForkTable.load(dir, Set.of());
        assertEquals(4, Ratio.compare(t, query("a=QB,RB", "b=Q,R", "metric=rate")).size());
        final List<Ratio.Line> zipped = Ratio.compare(t, query("a=QB,RB", "b=Q,R", "metric=rate", "zip=true"));
        assertEquals(List.of("Q", "R"), List.of(zipped.get(0).peer(), zipped.get(1).peer()));
        assertEquals(2, zipped.get(0).ratio().mean(), 1e-12);
        assertEquals(3, zipped.get(1).ratio().mean(), 1e-12);
    }

    @Test
    void sidesToldApartByDifferentParametersStillPair(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("runs.txt"), String.join("\n",
                "round=1 opts=\"-Dx=1\" bench qType=Q p99Us=2", "round=1 opts=\"-Dnone\" bench qType=LTQ p99Us=4",
                "round=2 opts=\"-Dx=1\" bench qType=Q p99Us=3", "round=2 opts=\"-Dnone\" bench qType=LTQ p99Us=3", ""));
        final List<Ratio.Line> lines = Ratio.compare(ForkTable.load(dir, Set.of()),
                query("a=opts=-Dx=1", "b=LTQ", "metric=p99Us", "lower=true"));
        assertEquals(1, lines.size(), lines.toString());
        assertEquals(0.75, lines.get(0).ratio().mean(), 1e-12);
    }

    @Test
    void badOptionsAreRejectedNamingThem() {
        for (String[] bad : new String[][] {{"a=Q"}, {"b=Q"}, {"a=Q", "b=R", "lower=yes"},
                {"a=Q", "b=R", "confidence=2"}, {"a=Q", "b=R", "confidence=x"}, {"a=Q", "b=R", "where=k"},
                {"a=Q", "b=R", "metric=tpt:"}, {"a=Q", "b=R", "by=label"}, {"a=Q", "b=R,S", "zip=true"}, {"a=Q", "b=R", "anyJvmArgs=1"}}) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> query(bad));
            final String last = bad[bad.length - 1];
            final String key = bad.length == 1 ? "a=OURS and b=PEER" : last.substring(0, last.indexOf('='));
            assertTrue(e.getMessage().contains(key), e.getMessage());
        }
    }
}
