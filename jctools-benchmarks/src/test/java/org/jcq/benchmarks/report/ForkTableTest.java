package org.jcq.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packed per-fork form: what it reads from JMH's own JSON (a real file), from the launch
 * scripts' packing files and from the harnesses' result lines, that it writes and reads back the
 * same rows (plain and gzip), and that a malformed file is an error naming it and the line.
 */
class ForkTableTest {
    private static final Set<String> PARAMS = Set.of("threads");

    private static Path realFile() throws URISyntaxException {
        return Paths.get(ForkTableTest.class.getResource("jmh-tpt-gc.json").toURI());
    }

    private static List<ForkTable.Row> rows(ForkTable t, String metric) {
        return t.rows().stream().filter(r -> r.metric().equals(metric)).collect(Collectors.toList());
    }

    @Test
    void aJmhFileGivesOneRowPerForkAndMetricWithItsSettingsOnce(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("tpt"));
        Files.copy(realFile(), dir.resolve("tpt/3-SpscArrayQueue.json"));
        Files.copy(realFile(), dir.resolve("tpt/4-SpscArrayQueue.json"));
        final ForkTable t = ForkTable.load(dir, PARAMS);
        assertEquals(1, t.settings().size(), "the two launches ran alike: " + t.settings());
        assertEquals("1.37", t.settings().get(0).get("jmhVersion"));
        assertTrue(t.settings().get(0).containsKey("jdkVersion"));
        final List<ForkTable.Row> primary = rows(t, JmhResults.PRIMARY);
        assertEquals(2, primary.size());
        final ForkTable.Row r = primary.get(0);
        assertEquals("tpt", r.source());
        assertEquals(3, r.round());
        assertEquals("SpscArrayQueue", r.label());
        assertEquals("tpt", r.method());
        assertEquals("SpscArrayQueue", r.qType());
        assertEquals(0, r.fork());
        assertEquals(1, r.settings());
        final List<JmhResults.Iteration> its = JmhResults.read(realFile()).get(0).iterations();
        assertEquals((its.get(0).primary() + its.get(1).primary()) / 2, r.value(), 1e-9);
        final ForkTable.Row polls = rows(t, JmhSection.POLLS_MADE).get(0);
        assertEquals((its.get(0).secondary(JmhSection.POLLS_MADE) + its.get(1).secondary(JmhSection.POLLS_MADE)) / 2,
                polls.value(), 1e-9);
        assertEquals("ops/us", r.unit());
    }

    @Test
    void launchesThatDifferOnlyInTheirLayoutPadShareTheirSettings(@TempDir Path dir) throws Exception {
        final String json = Files.readString(realFile());
        final String[] pads = {"x", "xxxxxxxxxxxxxxxx"};
        for (int i = 0; i < pads.length; i++) {
            Files.writeString(dir.resolve((i + 1) + "-SpscArrayQueue.json"), json.replace("\"jvmArgs\" : [",
                    "\"jvmArgs\" : [\"-Xmx1g\", \"" + JmhResults.LAYOUT_PAD + pads[i] + "\""));
        }
        Files.writeString(dir.resolve("3-SpscArrayQueue.json"),
                json.replace("\"jvmArgs\" : [", "\"jvmArgs\" : [\"-Xmx2g\""));
        final ForkTable t = ForkTable.load(dir, PARAMS);
        assertEquals(2, t.settings().size(), "the pad is not a setting, -Xmx is: " + t.settings());
        assertEquals("[\"-Xmx1g\"]", t.settings().get(0).get("jvmArgs"));
        final List<ForkTable.Row> primary = rows(t, JmhResults.PRIMARY);
        assertEquals(primary.get(0).settings(), primary.get(1).settings());
        assertEquals("-Xmx1g -XX:+UseG1GC", JmhResults.withoutLayoutPad(
                "-Xmx1g " + JmhResults.LAYOUT_PAD + "xxx -XX:+UseG1GC"), "JMH's console form");
        assertEquals("-Xmx1g", JmhResults.withoutLayoutPad("-Xmx1g"));
    }

    @Test
    void writtenTablesReadBackTheSameRowsPlainAndCompressed(@TempDir Path dir) throws Exception {
        Files.copy(realFile(), dir.resolve("1-SpscArrayQueue.json"));
        Files.writeString(dir.resolve("runs.txt"), "2 harness qType=a,b threads=4 unsafe=true rate=12.5\n");
        final ForkTable t = ForkTable.load(dir, PARAMS);
        for (String name : List.of("out.csv", "out" + ForkTable.GZ)) {
            final Path out = dir.resolve("packed").resolve(name);
            Files.createDirectories(out.getParent());
            t.write(out);
            final ForkTable back = ForkTable.load(out, PARAMS);
            assertEquals(t.rows(), back.rows(), name);
            assertEquals(t.settings(), back.settings(), name);
        }
    }

    @Test
    void packingFilesNameTheirLaunchesAndMayKeepOnlySummaryScores(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("MpscArrayQueue.json"), "{\"1-MpscArrayQueue\": [" + result("MpscArrayQueue", 10)
                + "], \"1-JCTools.MpscArrayQueue\": [" + result("JCTools.MpscArrayQueue", 8) + "]}");
        final ForkTable t = ForkTable.load(dir, PARAMS);
        assertEquals(2, t.rows().size());
        final ForkTable.Row r = t.rows().get(1);
        assertEquals("MpscArrayQueue", r.source(), "a packing file's name becomes part of the source");
        assertEquals(1, r.round());
        assertEquals("JCTools.MpscArrayQueue", r.label());
        assertEquals(ForkTable.SUMMARY, r.fork());
        assertEquals(8, r.value());
    }

    private static String result(String qType, double score) {
        return "{\"benchmark\": \"x.QueueBaseline.offerAndPoll\", \"mode\": \"thrpt\", \"jdkVersion\": \"17\","
                + " \"params\": {\"qType\": \"" + qType + "\"}, \"primaryMetric\": {\"score\": " + score
                + ", \"scoreUnit\": \"ops/us\"}, \"secondaryMetrics\": {}}";
    }

    @Test
    void harnessLinesGiveRoundLabelParametersAndResults(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("raw"));
        Files.writeString(dir.resolve("raw/r2-jdk17-Q.txt"), "some log line\nexecutor-bench mode=latency qType=Q"
                + " threads=2 java=17.0.15 p99Us=45.18 samples=10\n");
        Files.writeString(dir.resolve("runs.txt"), "1 netty-event-loop label=old mode=submit qType=jcq threads=4"
                + " tasksPerSecond=2.5e7 unsafe=true\n1 junk line without pairs\n# 1 comment k=v k=v\n");
        final ForkTable t = ForkTable.load(dir, PARAMS);
        final Map<String, ForkTable.Row> byMetric = t.rows().stream()
                .collect(Collectors.toMap(ForkTable.Row::metric, r -> r));
        assertEquals(Set.of("p99Us", "samples", "tasksPerSecond"), byMetric.keySet());
        final ForkTable.Row lat = byMetric.get("p99Us");
        assertEquals("raw", lat.source());
        assertEquals(2, lat.round());
        assertEquals("jdk17-Q", lat.label());
        assertEquals("executor-bench", lat.benchmark());
        assertEquals(Map.of("mode", "latency", "qType", "Q", "threads", "2", "java", "17.0.15"), lat.params());
        assertEquals(45.18, lat.value());
        final ForkTable.Row netty = byMetric.get("tasksPerSecond");
        assertEquals(1, netty.round(), "a numbered line's round");
        assertEquals("old", netty.label(), "a label word names the launch");
        assertEquals("jcq", netty.qType());
        assertEquals(2.5e7, netty.value());
    }

    @Test
    void aScriptsPrefixWordsAreParametersAndQuotedValuesMayHoldSpaces(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("runs.txt"), "round=4 jdk=17 opts=\"-Da=1 -Db=2\" executor-bench qType=Q"
                + " note=\"two words\" p99Us=3.5 samples=9\n");
        final List<ForkTable.Row> rows = ForkTable.load(dir, PARAMS).rows();
        assertEquals(2, rows.size(), rows.toString());
        final ForkTable.Row r = rows.get(0);
        assertEquals(4, r.round());
        assertEquals("Q", r.label());
        assertEquals(Map.of("jdk", "17", "opts", "-Da=1 -Db=2", "qType", "Q", "note", "two words"), r.params(),
                "a script's words are settings even where numeric");
        assertEquals("p99Us", r.metric());
        assertEquals(3.5, r.value());
    }

    @Test
    void excludedFilesAreLeftOut(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("raw"));
        Files.writeString(dir.resolve("raw/r1-Q.txt"), "executor-bench qType=Q p99Us=3.5 samples=9\n");
        Files.writeString(dir.resolve("runs.txt"), "round=1 executor-bench qType=Q p99Us=3.5 samples=9\n");
        assertEquals(4, ForkTable.load(dir, PARAMS).rows().size(), "the same results twice");
        final List<ForkTable.Row> rows = ForkTable.load(dir, PARAMS, java.util.regex.Pattern.compile("^raw/")).rows();
        assertEquals(2, rows.size());
        assertEquals("runs", rows.get(0).source(), "a file of numbered launches is a source of its own");
    }

    @Test
    void launchesNumberedAtTheEndTakeTheirRoundFromThere(@TempDir Path dir) throws Exception {
        Files.copy(realFile(), dir.resolve("after-7.json"));
        final ForkTable.Row r = ForkTable.load(dir, PARAMS).rows().get(0);
        assertEquals(7, r.round());
        assertEquals("after", r.label());
    }

    @Test
    void fieldsWithCommasAndQuotesSurviveTheRoundTrip() {
        for (String s : List.of("plain", "a,b", "say \"hi\"", "", "x,\"y\",z")) {
            assertEquals(List.of(s, "next"), ForkTable.fields(ForkTable.csv(s) + ",next"), s);
        }
    }

    @Test
    void aMalformedTableIsAnErrorNamingTheFileAndLine(@TempDir Path dir) throws IOException {
        final Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, ForkTable.HEADER + "\nsrc,1,Q,b.m,qType=Q,primary,0,not-a-number,ops/us,0\n");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ForkTable.load(bad, PARAMS));
        assertTrue(e.getMessage().contains("bad.csv line 2"), e.getMessage());
        Files.writeString(bad, ForkTable.HEADER + "\nsrc,1,Q,b.m,qType=Q,primary,0,1.0,ops/us,3\n");
        final IllegalArgumentException e2 = assertThrows(IllegalArgumentException.class, () -> ForkTable.load(bad, PARAMS));
        assertTrue(e2.getMessage().contains("no settings line 3"), e2.getMessage());
    }
}
