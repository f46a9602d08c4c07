package org.jcq.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.HdrHistogram.Histogram;
import org.jcq.benchmarks.support.BenchmarkQueues;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/**
 * The report's numbers, checked against values worked out by hand from a small run directory
 * ({@link RunFixture}): pooled means and 99.9% errors, ratios to twins, bytes per element,
 * latency percentiles with the warm-up left out; and the HTML's well-formedness and escaping.
 */
class ReportTest {
    private static final double EPS = 1e-9;
    /** Student t quantile at 0.9995 with 2 degrees of freedom, from tables. */
    private static final double T_09995_DF2 = 31.59905;
    /** HdrHistogram at 3 significant digits reports values within 0.1%. */
    private static final double HISTOGRAM_PRECISION = 1e-3;
    private static final String WEIRD = "Weird<&>\"Q'";
    private static final long WARMUP_NANOS = 5_000_000;
    private static final int MEASURED = 100;
    private static final long STEP_NANOS = 1_000;
    private static final long SERVICE_NANOS = 500;
    private static final long SLOW_FACTOR = 3;
    private static final double SLOWER_RATE = 999.5;
    private static final double FASTER_RATE = 1000.5;

    @TempDir
    Path dir;

    @BeforeEach
    void writeFixture() throws IOException {
        final RunFixture f = new RunFixture(dir);
        final Map<String, String> tpt = Map.of("qCapacity", "131072", "backoff", "none");
        // Ours over two forks: pollsMade {10, 14} and {12}: mean 12, sample sd 2.
        f.jmh("tpt", "1-SpscArrayQueue.json", RunFixture.TPT, with(tpt, BenchmarkQueues.SPSC),
                new double[] {20, 28}, Map.of("pollsMade", new double[] {10, 14},
                        "gc.alloc.rate.norm", new double[] {1, 2}));
        f.jmh("tpt", "2-SpscArrayQueue.json", RunFixture.TPT, with(tpt, BenchmarkQueues.SPSC),
                new double[] {24}, Map.of("pollsMade", new double[] {12}, "gc.alloc.rate.norm", new double[] {0.5}));
        f.jmh("tpt", "1-JCTools.SpscArrayQueue.json", RunFixture.TPT, with(tpt, BenchmarkQueues.JCTOOLS_SPSC),
                new double[] {12, 12, 12}, Map.of("pollsMade", new double[] {6, 6, 6},
                        "gc.alloc.rate.norm", new double[] {0, 0, 0}));
        f.jmh("tpt", "1-weird.json", RunFixture.TPT, with(tpt, WEIRD),
                new double[] {5, 5}, Map.of("pollsMade", new double[] {3, 3}));
        // Single thread: 250 and 200 pairs/us are 4 and 5 ns per pair; the twin's 250 is 4 ns.
        final Map<String, String> base = Map.of("qCapacity", "131072");
        f.jmh("base", "1-SpscArrayQueue.json", RunFixture.BASE, with(base, BenchmarkQueues.SPSC),
                new double[] {250, 200}, Map.of());
        f.jmh("base", "1-JCTools.SpscArrayQueue.json", RunFixture.BASE, with(base, BenchmarkQueues.JCTOOLS_SPSC),
                new double[] {250, 250}, Map.of());
        final Map<String, String> ring = Map.of("burstSize", "10", "ringSize", "2", "qCapacity", "1024");
        f.jmh("rtt", "1-SpscArrayQueue.json", RunFixture.RTT, with(ring, BenchmarkQueues.SPSC),
                new double[] {100, 100}, Map.of());
        f.jmh("rtt", "1-JCTools.SpscArrayQueue.json", RunFixture.RTT, with(ring, BenchmarkQueues.JCTOOLS_SPSC),
                new double[] {200, 200}, Map.of());
        final Map<String, String> single = Map.of("burstSize", "1", "ringSize", "2", "qCapacity", "1024");
        f.jmh("rtt", "2-JCTools.SpscArrayQueue.json", RunFixture.RTT, with(single, BenchmarkQueues.JCTOOLS_SPSC),
                new double[] {50, 60}, Map.of());
        // Named as before rounds: the queue alone, read as round 1.
        f.latency(BenchmarkQueues.SPSC, BenchmarkQueues.SPSC, SLOWER_RATE, WARMUP_NANOS, ramp(1), service());
        // The twin over two rounds, the second three times slower: 1..100 us, then 3..300 us.
        f.latency("1-" + BenchmarkQueues.JCTOOLS_SPSC, BenchmarkQueues.JCTOOLS_SPSC, SLOWER_RATE, WARMUP_NANOS,
                ramp(1), service());
        f.latency("2-" + BenchmarkQueues.JCTOOLS_SPSC, BenchmarkQueues.JCTOOLS_SPSC, FASTER_RATE, WARMUP_NANOS,
                ramp(SLOW_FACTOR), service());
        f.file(RunData.FOOTPRINT, FootprintRow.HEADER + "\nSpscArrayQueue,1024,1024,4400,8600\n");
        f.file(RunData.ENVIRONMENT, "java.version=17.0.15\nmode=quick\nnote=a<b&c\n");
        Failures.append(dir, new Failures.Failure("latency", 1, "JDK.ArrayBlockingQueue", "exit status 1:\tboom"));
    }

    /** @return {@value #MEASURED} response times: factor, 2 factor, ... {@value #MEASURED} factor us */
    private static long[] ramp(long factor) {
        return LongStream.rangeClosed(1, MEASURED).map(i -> i * factor * STEP_NANOS).toArray();
    }

    private static long[] service() {
        return LongStream.generate(() -> SERVICE_NANOS).limit(MEASURED).toArray();
    }

    private static Map<String, String> with(Map<String, String> params, String qType) {
        final Map<String, String> m = new TreeMap<>(params);
        m.put("qType", qType);
        return m;
    }

    private static ScoreTable.Row row(ScoreTable t, String qType) {
        return t.rows().stream().filter(r -> r.qType().equals(qType)).findFirst().orElseThrow();
    }

    @Test
    void throughputPoolsEveryIterationOfEveryForkAndRatiosToTheTwin() throws IOException {
        final RunData d = RunData.read(dir);
        final List<ScoreTable> tpt = d.tables(JmhSection.TPT);
        assertEquals(1, tpt.size());
        assertEquals(Map.of("backoff", "none", "qCapacity", "131072"), tpt.get(0).config());
        final ScoreTable.Row ours = row(tpt.get(0), BenchmarkQueues.SPSC);
        final double error = T_09995_DF2 * 2 / Math.sqrt(3);
        assertEquals(12, ours.score().mean(), EPS);
        assertEquals(error, ours.score().error(), 1e-3);
        assertEquals(3, ours.score().n());
        assertEquals(2, ours.forks());
        assertEquals(BenchmarkQueues.JCTOOLS_SPSC, ours.twin());
        // Twin: 6 with no spread, so the ratio's relative error is ours alone.
        assertEquals(2, ours.advantage().mean(), EPS);
        assertEquals(2 * error / 12, ours.advantage().error(), 1e-3);
        // Bytes per element, per iteration: norm * primary / pollsMade = 2, 4, 1.
        assertEquals(7.0 / 3, ours.bytesPerElement().mean(), EPS);
        final ScoreTable.Row twin = row(tpt.get(0), BenchmarkQueues.JCTOOLS_SPSC);
        assertEquals(6, twin.score().mean(), EPS);
        assertEquals(0, twin.bytesPerElement().mean(), EPS);
        assertNull(twin.advantage());
        assertNull(row(tpt.get(0), WEIRD).bytesPerElement());
        // Ours first, its twin next, unknown names last.
        assertEquals(List.of(BenchmarkQueues.SPSC, BenchmarkQueues.JCTOOLS_SPSC, WEIRD),
                tpt.get(0).rows().stream().map(ScoreTable.Row::qType).collect(Collectors.toList()));
    }

    /** Ours' forks 12 and 12 are one regime; a third fork at a fifth of the speed makes two. */
    @Test
    void throughputCountsEachQueuesForksInTheirRegimes() throws IOException {
        final ScoreTable.Row ours = row(RunData.read(dir).tables(JmhSection.TPT).get(0), BenchmarkQueues.SPSC);
        assertEquals(new Regimes(2, 0, 12, Double.NaN), ours.regimes());
        new RunFixture(dir).jmh("tpt", "3-SpscArrayQueue.json", RunFixture.TPT,
                with(Map.of("qCapacity", "131072", "backoff", "none"), BenchmarkQueues.SPSC),
                new double[] {5}, Map.of("pollsMade", new double[] {2.4}));
        final ScoreTable t = RunData.read(dir).tables(JmhSection.TPT).get(0);
        assertEquals(new Regimes(2, 1, 12, 2.4), row(t, BenchmarkQueues.SPSC).regimes());
        final String text = ReportTables.scores(t).toText();
        assertTrue(text.contains("2 fast, 1 slow"), text);
        assertNull(row(RunData.read(dir).tables(JmhSection.RTT).get(0), BenchmarkQueues.SPSC).regimes(),
                "no regimes where lower is better");
    }

    @Test
    void singleThreadSectionIsNanosecondsPerPairLowerIsBetter() throws IOException {
        final List<ScoreTable> base = RunData.read(dir).tables(JmhSection.BASE);
        assertEquals(1, base.size());
        final ScoreTable.Row ours = row(base.get(0), BenchmarkQueues.SPSC);
        assertEquals(4.5, ours.score().mean(), EPS);
        // Lower is better: the twin's 4 over our 4.5, so below 1, ours is worse.
        assertEquals(4 / 4.5, ours.advantage().mean(), EPS);
        assertNull(ours.regimes());
        assertNull(ours.bytesPerElement());
        assertTrue(ReportTables.title(base.get(0)).startsWith("Single thread"), ReportTables.title(base.get(0)));
    }

    /**
     * Every advantage reads one way (above 1: ours better), against both JCTools editions, and the
     * report opens with the verdict: ours' round trip is half the Unsafe twin's time (better), 1.25
     * times the VarHandle twin's (worse); throughput beside its Unsafe twin is not told apart.
     */
    @Test
    void theVerdictOpensTheReportAndEveryAdvantageReadsOneWay() throws IOException {
        final Map<String, String> ring = Map.of("burstSize", "10", "ringSize", "2", "qCapacity", "1024");
        final String vh = BenchmarkQueues.vhTwinOf(BenchmarkQueues.SPSC);
        new RunFixture(dir).jmh("rtt", "1-" + vh + ".json", RunFixture.RTT, with(ring, vh), new double[] {80, 80},
                Map.of());
        final RunData d = RunData.read(dir);
        final ScoreTable bursts = d.tables(JmhSection.RTT).stream()
                .filter(t -> t.config().get("burstSize").equals("10")).findFirst().orElseThrow();
        final ScoreTable.Row ours = row(bursts, BenchmarkQueues.SPSC);
        assertEquals(vh, ours.vhTwin());
        assertEquals(0.8, ours.vhAdvantage().mean(), EPS);
        assertEquals(2, ours.advantage().mean(), EPS);
        final List<String> verdict = ReportTables.verdict(d.tables());
        assertTrue(verdict.get(0).startsWith("Against JCTools' VarHandle edition: better in 0, worse in 1"),
                verdict.toString());
        assertTrue(verdict.get(1).contains("worse: SpscArrayQueue in rtt"), verdict.toString());
        assertTrue(verdict.stream().anyMatch(l -> l.contains("better: SpscArrayQueue in rtt")), verdict.toString());
        final String summary = Report.summary(d);
        assertTrue(summary.startsWith("Verdict"), summary);
        assertTrue(Html.page(d, "t").contains("<h2>Verdict</h2>"));
        assertTrue(ReportTables.scores(bursts).toText().contains("vs VarHandle"));
    }

    @Test
    void roundTripHasOneTablePerShapeAndALowerIsBetterRatio() throws IOException {
        final List<ScoreTable> rtt = RunData.read(dir).tables(JmhSection.RTT);
        assertEquals(2, rtt.size());
        final ScoreTable bursts = rtt.stream().filter(t -> t.config().get("burstSize").equals("10")).findFirst()
                .orElseThrow();
        assertEquals(2, row(bursts, BenchmarkQueues.SPSC).advantage().mean(), EPS);
        assertEquals(0, row(bursts, BenchmarkQueues.SPSC).advantage().error(), EPS);
        assertNull(row(bursts, BenchmarkQueues.SPSC).bytesPerElement());
        final ScoreTable single = rtt.stream().filter(t -> t.config().get("burstSize").equals("1")).findFirst()
                .orElseThrow();
        assertEquals(55, row(single, BenchmarkQueues.JCTOOLS_SPSC).score().mean(), EPS);
        assertTrue(ReportTables.scores(bursts).notes().stream().anyMatch(n -> n.contains("the twin's score over ours")));
    }

    @Test
    void latencyPercentilesLeaveTheWarmUpOut() throws IOException {
        final List<LatencyRuns> queues = RunData.read(dir).latency();
        assertEquals(List.of(BenchmarkQueues.SPSC, BenchmarkQueues.JCTOOLS_SPSC),
                queues.stream().map(LatencyRuns::qType).collect(Collectors.toList()));
        final List<LatencyRun> runs = queues.get(0).runs();
        assertEquals(1, runs.size());
        assertEquals(1, runs.get(0).round(), "a file named by its queue alone is round 1");
        final Histogram response = runs.get(0).measured().get(LatencyRun.RESPONSE);
        // Had the warm-up second counted, 100 of 200 values would be 5 ms.
        assertEquals(MEASURED, response.getTotalCount());
        assertEquals(50 * STEP_NANOS, response.getValueAtPercentile(50), 50 * STEP_NANOS * HISTOGRAM_PRECISION);
        assertEquals(99 * STEP_NANOS, response.getValueAtPercentile(99), 99 * STEP_NANOS * HISTOGRAM_PRECISION);
        assertEquals(MEASURED * STEP_NANOS, response.getMaxValue(), MEASURED * STEP_NANOS * HISTOGRAM_PRECISION);
        final Histogram service = runs.get(0).measured().get(LatencyRun.SERVICE);
        assertEquals(SERVICE_NANOS, service.getMaxValue());
        final Cells table = ReportTables.latency(queues, LatencyRun.RESPONSE);
        assertEquals(List.of("SpscArrayQueue", "1", "fixed", "1000", "999.500", "100", "50.015", "90.047",
                "99.007", "100.031", "100.031", "100.031"), table.rows().get(0));
        assertEquals(List.of(ReportTables.RANGE_LABEL, "", "", "", "-", "-", "-", "-", "-", "-", "-", "-"),
                table.rows().get(1), "one run: no spread to show");
    }

    @Test
    void latencyRoundsPoolEveryMessageAndShowEachPercentilesRangeAcrossRuns() throws IOException {
        final LatencyRuns twin = RunData.read(dir).latency().get(1);
        assertEquals(List.of(1, 2), twin.runs().stream().map(LatencyRun::round).collect(Collectors.toList()));
        final Histogram fast = RunFixture.histogram(ramp(1));
        final Histogram slow = RunFixture.histogram(ramp(SLOW_FACTOR));
        final Histogram byHand = RunFixture.histogram(new long[0]);
        byHand.add(fast);
        byHand.add(slow);
        final Histogram pooled = twin.pooled(LatencyRun.RESPONSE);
        assertEquals(byHand, pooled);
        // Of the 200 values, 75 of the fast run's and 25 of the slow run's are <= 75 us: the
        // pooled median is neither run's (50, 150) nor their mean (100).
        assertEquals(75 * STEP_NANOS, pooled.getValueAtPercentile(50), 75 * STEP_NANOS * HISTOGRAM_PRECISION);
        final List<List<String>> rows = ReportTables.latency(RunData.read(dir).latency(), LatencyRun.RESPONSE).rows();
        final List<String> pooledRow = rows.get(2);
        final List<String> rangeRow = rows.get(3);
        assertEquals(List.of(BenchmarkQueues.JCTOOLS_SPSC, "2", "fixed", "1000", "1000.000", "200"),
                pooledRow.subList(0, 6), "achieved: the mean over runs");
        assertEquals(List.of(ReportTables.RANGE_LABEL, "", "", "", "999.500..1000.500", "100..100"),
                rangeRow.subList(0, 6));
        for (int i = 0; i < LatencyRun.PERCENTILES.size(); i++) {
            final double p = LatencyRun.PERCENTILES.get(i);
            assertEquals(micros(byHand.getValueAtPercentile(p)), pooledRow.get(6 + i), "p" + p);
            assertEquals(micros(fast.getValueAtPercentile(p)) + ".." + micros(slow.getValueAtPercentile(p)),
                    rangeRow.get(6 + i), "p" + p);
        }
        assertEquals("50.015..150.015", rangeRow.get(6), "the runs' own medians");
        assertEquals(micros(slow.getMaxValue()), pooledRow.get(pooledRow.size() - 1));
        assertEquals("100.031..300.031", rangeRow.get(rangeRow.size() - 1));
    }

    private static String micros(long nanos) {
        return Cells.fmt(nanos / ReportTables.NANOS_PER_MICRO);
    }

    @Test
    void latencyRunsAreReadInRoundOrderByNumber() throws IOException {
        final Path other = dir.resolve("rounds");
        final RunFixture f = new RunFixture(other);
        for (String round : List.of("10", "2", "9")) {
            f.latency(round + "-" + BenchmarkQueues.SPSC, BenchmarkQueues.SPSC, SLOWER_RATE, WARMUP_NANOS, ramp(1),
                    service());
        }
        final List<LatencyRun> runs = LatencyRun.readDir(other.resolve(RunData.LATENCY_DIR));
        assertEquals(List.of(2, 9, 10), runs.stream().map(LatencyRun::round).collect(Collectors.toList()));
        assertEquals(BenchmarkQueues.SPSC, new LatencyRun("3-" + BenchmarkQueues.SPSC, new Properties(), Map.of()).qType(),
                "with no qType property, the name less its round");
    }

    @Test
    void summaryHasEveryTableAndRegeneratesIdentically() throws IOException {
        final String first = Report.write(dir);
        final String again = Report.write(dir);
        assertEquals(first, again);
        assertEquals(first, Files.readString(dir.resolve(Report.SUMMARY), StandardCharsets.UTF_8));
        for (String expected : List.of("java.version", "12.000", "2.000", "2.333", "0.889", "4400", "8600",
                "boom", "Latency: response time", "Latency: service time", "the twin's score over ours",
                "min..max of runs", "999.500..1000.500", "50.015..150.015")) {
            assertTrue(first.contains(expected), expected + " missing from\n" + first);
        }
    }

    @Test
    void htmlIsWellFormedSelfContainedAndEscaped() throws Exception {
        Report.write(dir);
        final String html = Files.readString(dir.resolve(Report.HTML), StandardCharsets.UTF_8);
        // Parsing as XML proves every element is closed and every entity is escaped.
        final Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new InputSource(new StringReader(html)));
        assertEquals("html", doc.getDocumentElement().getNodeName());
        assertTrue(doc.getElementsByTagName("svg").getLength() >= 6,
                "base, tpt and its regimes, 2 rtt, response, service charts");
        assertTrue(html.contains("forks in the slow regime"), "the regime chart");
        assertTrue(doc.getElementsByTagName("polyline").getLength() >= 2, "a percentile line per kind");
        assertFalse(html.contains("http://") || html.contains("https://"), "no external reference");
        assertFalse(html.contains("<script"), "no script");
        for (String q : List.of(BenchmarkQueues.SPSC, BenchmarkQueues.JCTOOLS_SPSC, "JDK.ArrayBlockingQueue")) {
            assertTrue(html.contains(q), q);
        }
        assertTrue(html.contains("Weird&lt;&amp;&gt;&quot;Q&#39;"));
        assertFalse(html.contains(WEIRD));
        assertTrue(html.contains("a&lt;b&amp;c"));
        assertTrue(html.contains("99.9%"));
        assertTrue(html.contains("<tr class=\"range\"><td>" + ReportTables.RANGE_LABEL + "</td>"),
                "each queue's spread row, set apart from its pooled row");
    }

    @Test
    void aMalformedFootprintTableIsAnErrorNamingTheLine() throws IOException {
        new RunFixture(dir).file(RunData.FOOTPRINT, FootprintRow.HEADER + "\nSpscArrayQueue,1024,x,1,2\n");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunData.read(dir));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    }
}
