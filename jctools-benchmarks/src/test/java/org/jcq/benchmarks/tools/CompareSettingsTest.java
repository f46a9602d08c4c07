package org.jcq.benchmarks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.jcq.benchmarks.report.JmhSection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

class CompareSettingsTest {
    /**
     * The quick mode must stay a few minutes on a 2-core machine: about 5.7 with one latency run
     * per queue, 6.5 since two rounds of latency runs show their spread, 8.5 since the
     * single-thread section (one offer and one poll, beside the twins) runs first.
     */
    private static final double QUICK_BUDGET_SECONDS = TimeUnit.MINUTES.toSeconds(12);
    private static final Properties NONE = new Properties();

    @Test
    void quickIsTheDefaultCuratedAndFitsItsBudget() {
        final Compare.Settings s = Compare.parse(new String[0], NONE);
        assertEquals(Compare.MODE_QUICK, s.mode());
        assertEquals(List.of("base", "tpt", "rtt", "latency", "footprint"), s.sections());
        assertEquals(Compare.quickQueues(), s.qTypes());
        assertTrue(s.gc(), "the allocation column needs the GC profiler");
        assertEquals(VerboseMode.SILENT, s.verbosity());
        assertEquals(List.of(10), s.rttBurstSizes());
        assertEquals(List.of(2), s.rttRingSizes(), "2 cores: the benchmark thread and one relay");
        assertTrue(s.estimatedSeconds() < QUICK_BUDGET_SECONDS, "estimate " + s.estimatedSeconds());
    }

    @Test
    void quickQueuesPairOursWithTheirTwinsThenTheAnchors() {
        final List<String> q = Compare.quickQueues();
        for (String ours : List.of(BenchmarkQueues.SPSC, BenchmarkQueues.MPSC, BenchmarkQueues.MPMC,
                BenchmarkQueues.SPSC_UNBOUNDED, BenchmarkQueues.MPSC_UNBOUNDED, BenchmarkQueues.MPSC_XADD)) {
            assertEquals(BenchmarkQueues.twinOf(ours), q.get(q.indexOf(ours) + 1));
        }
        assertTrue(q.containsAll(List.of(BenchmarkQueues.AGRONA_SPSC, BenchmarkQueues.JDK_CLQ, BenchmarkQueues.JDK_ABQ)));
        assertTrue(BenchmarkQueues.names().containsAll(q), "only queues this build can create");
        assertTrue(q.contains(BenchmarkQueues.JDK_LTQ));
    }

    @Test
    void fullModeRunsEveryQueueLongerAndEveryRingShape() {
        final Compare.Settings s = Compare.parse(new String[] {"full"}, NONE);
        assertEquals(5, s.rounds());
        assertEquals(5, s.measurementIterations());
        assertEquals(BenchmarkQueues.names(), s.qTypes());
        assertEquals(List.of(1, 10, 100), s.rttBurstSizes());
        assertEquals(List.of(2, 8), s.rttRingSizes());
        final Compare.Settings quick = Compare.parse(new String[0], NONE);
        assertTrue(s.latencyDuration() > quick.latencyDuration());
        assertTrue(s.forkSeconds(JmhSection.RTT) == 6 * s.forkSeconds(JmhSection.TPT), "6 shapes per fork");
    }

    @Test
    void argumentsOverridePropertiesWhichOverrideTheMode() {
        final Properties p = new Properties();
        p.setProperty("compare.rounds", "7");
        p.setProperty("compare.qTypes", "SpscArrayQueue, JCTools.SpscArrayQueue");
        p.setProperty("compare.warmupIterations", "1");
        final Compare.Settings s = Compare.parse(new String[] {"full", "rounds=3", "gc=false",
            "measurementTime=200ms", "sections=footprint,tpt", "rttRingSizes=2,4", "latencyRate=5000"}, p);
        assertEquals(3, s.rounds());
        assertEquals(1, s.warmupIterations());
        assertEquals(5, s.measurementIterations());
        assertEquals(List.of(BenchmarkQueues.SPSC, BenchmarkQueues.JCTOOLS_SPSC), s.qTypes());
        assertEquals(200, s.measurementTime().convertTo(TimeUnit.MILLISECONDS));
        assertEquals(List.of("tpt", "footprint"), s.sections(), "run order is fixed");
        assertEquals(List.of(2, 4), s.rttRingSizes());
        assertEquals(5000, s.latencyRate());
        assertEquals(false, s.gc());
    }

    @Test
    void roundsRunEveryQueueOnceEachInAShuffledRepeatableOrder() {
        final Compare.Settings s = Compare.parse(new String[] {"rounds=3", "sections=tpt,rtt,latency"}, NONE);
        final List<Compare.Task> plan = Compare.plan(s);
        final List<List<String>> orders = new ArrayList<>();
        for (int round = 1; round <= 3; round++) {
            for (String section : List.of("tpt", "rtt")) {
                final int r = round;
                final List<String> order = plan.stream().filter(t -> t.round() == r && t.section().equals(section))
                        .map(Compare.Task::qType).collect(Collectors.toList());
                assertEquals(s.qTypes().stream().sorted().collect(Collectors.toList()),
                        order.stream().sorted().collect(Collectors.toList()), "every queue once");
                orders.add(order);
            }
        }
        assertNotEquals(orders.get(0), orders.get(2), "shuffled per round");
        assertEquals(plan, Compare.plan(s), "the fixed seed repeats the order");
    }

    @Test
    void latencyRunsInRoundsOfItsOwnEachQueueOncePerRoundShuffled() {
        final Compare.Settings quick = Compare.parse(new String[] {"rounds=5"}, NONE);
        assertEquals(2, quick.latencyRounds(), "quick default; rounds= sets the JMH sections' only");
        assertEquals(1, quick.latencyWarmup());
        assertEquals(2, quick.latencyDuration());
        assertEquals(3, Compare.parse(new String[] {"full"}, NONE).latencyRounds());
        final Compare.Settings s = Compare.parse(new String[] {"sections=latency", "latencyRounds=3"}, NONE);
        final List<Compare.Task> plan = Compare.plan(s);
        assertEquals(3 * s.qTypes().size(), plan.size());
        final List<List<String>> orders = new ArrayList<>();
        for (int round = 1; round <= 3; round++) {
            final int r = round;
            final List<String> order = plan.stream().filter(t -> t.round() == r).map(Compare.Task::qType)
                    .collect(Collectors.toList());
            assertEquals(s.qTypes().stream().sorted().collect(Collectors.toList()),
                    order.stream().sorted().collect(Collectors.toList()), "every queue once a round");
            orders.add(order);
        }
        assertNotEquals(orders.get(0), orders.get(1), "shuffled per round");
        assertEquals(List.of(1, 2, 3), plan.stream().map(Compare.Task::round).distinct().collect(Collectors.toList()),
                "round after round, not queue after queue");
        assertEquals(3 * s.qTypes().size() * (1.0 + 1 + 2), s.estimatedSeconds(), 1e-9,
                "each run: a JVM start, the warm-up, the measured time");
    }

    /** Each bad input names the key and the value at fault. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "qTypes=NoSuchQueue|NoSuchQueue", "noSuchKey=1|noSuchKey", "medium|medium", "rounds=0|rounds",
        "rounds=x|'x'", "sections=tpt,warp|warp", "sections=,|sections", "measurementTime=soon|soon",
        "rttRingSizes=1|rttRingSizes", "rttBurstSizes=1,a|rttBurstSizes", "latencyRate=0|latencyRate",
        "latencyDuration=-1|latencyDuration", "latencyRounds=0|latencyRounds", "latencyRounds=0|'0'",
        "latencyRounds=two|latencyRounds", "latencyRounds=two|'two'", "verbosity=LOUD|LOUD", "capacity=0|capacity",
        "seed=1.5|seed", "warmupIterations=-1|warmupIterations", "footprintCapacity=0|footprintCapacity",
        "collector=shenandoah|collector", "collector=shenandoah|shenandoah"})
    void rejectsBadInputNamingIt(String arg, String named) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Compare.parse(new String[] {arg}, NONE));
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }

    /** The collector key adds its flag to every fork's and child's JVM arguments, after the user's. */
    @Test
    void collectorAddsItsFlagToEveryForkAndChild() {
        assertEquals("default", Compare.parse(new String[0], NONE).collector());
        assertFalse(Compare.forkJvmArgs(Compare.parse(new String[0], NONE)).stream().anyMatch(a -> a.startsWith("-XX:+Use")));
        for (String[] c : new String[][] {{"parallel", "-XX:+UseParallelGC"}, {"Z", "-XX:+UseZGC"},
                {"g1", "-XX:+UseG1GC"}, {"serial", "-XX:+UseSerialGC"}}) {
            final Compare.Settings s = Compare.parse(new String[] {"collector=" + c[0], "jvmArgs=-Xmx1g"}, NONE);
            final List<String> args = Compare.forkJvmArgs(s);
            assertEquals(List.of("-Xmx1g", c[1]), args.subList(0, 2), c[0]);
        }
    }

    @Test
    void everySectionNamesTheClassItRuns() {
        assertEquals("org.jcq.benchmarks.latency.LatencyBenchmark", Compare.mainClassOf("latency"));
        assertEquals("org.jcq.benchmarks.tools.Footprint", Compare.mainClassOf("footprint"));
        assertEquals("org.jcq.benchmarks.jmh.QueueRoundTrip", Compare.mainClassOf("rtt"));
        for (JmhSection s : JmhSection.values()) {
            assertEquals(s, JmhSection.byId(s.id()));
        }
    }

    @Test
    void onJdk24AndLaterTheComparisonRelaunchesItselfWithUnsafeAllowedUnlessAlreadyAllowed() {
        final String allow = "--sun-misc-unsafe-memory-access=allow";
        assertFalse(Compare.needsQuietRelaunch(17, List.of()));
        assertFalse(Compare.needsQuietRelaunch(23, List.of("-Xmx1g")));
        assertTrue(Compare.needsQuietRelaunch(24, List.of()));
        assertTrue(Compare.needsQuietRelaunch(25, List.of("-Xmx1g")));
        assertFalse(Compare.needsQuietRelaunch(25, List.of("-Xmx1g", allow)));
    }

    /** Each round-trip shape is a JMH parameter value of its own, not one joined string. */
    @Test
    void fullModeRoundTripRunsEveryBurstAndRingSizeAsSeparateJmhParameterValues() {
        final Compare.Settings s = Compare.parse(new String[] {"full"}, NONE);
        final OptionsBuilder b = new OptionsBuilder();
        Compare.sectionParams(JmhSection.RTT, s, b);
        final Options o = b.include("x").build();
        assertEquals(List.of("1", "10", "100"), new ArrayList<>(o.getParameter(JmhSection.BURST_SIZE).get()));
        assertEquals(List.of("2", "8"), new ArrayList<>(o.getParameter(JmhSection.RING_SIZE).get()));
    }
}
