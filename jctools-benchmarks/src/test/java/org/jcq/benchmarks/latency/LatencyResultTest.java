package org.jcq.benchmarks.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The summary's arithmetic and wording, on results built by hand (no run). */
class LatencyResultTest {
    private static final long MS = 1_000_000;
    private static final double ON_A_CORE = 1;
    private static final double PARKED = 0.05;
    private static final double HALF = 0.5;

    private static LatencyResult result(LatencyConfig c, double achieved, long scheduled, long sent,
                                        double senderShare, double consumerShare) {
        final Map<Kind, LatencyResult.KindSummary> summaries = new EnumMap<>(Kind.class);
        for (Kind k : c.mode().recorded()) {
            final Histogram h = LatencyRecorders.newHistogram();
            for (long v = 1; v <= 100; v++) {
                h.recordValue(v * MS);
            }
            summaries.put(k, LatencyResult.KindSummary.of(h));
        }
        return new LatencyResult(c, achieved, scheduled, sent, sent, sent, 0, 0, senderShare,
                consumerShare, summaries, Path.of("x.hlog"), Path.of("x.properties"));
    }

    @Test
    void summaryReportsPercentilesWithinHistogramPrecision() {
        final LatencyResult.KindSummary s =
                result(LatencyConfig.parse(), 1, 1, 1, ON_A_CORE, ON_A_CORE).summary(Kind.RESPONSE);
        assertEquals(100, s.count());
        assertEquals(50 * MS, s.p50(), 50 * MS * 0.001);
        assertEquals(99 * MS, s.p99(), 99 * MS * 0.001);
        assertEquals(100 * MS, s.max(), 100 * MS * 0.001);
    }

    @Test
    void aSenderBelowNinetyNinePercentOfTheRateFellBehind() {
        final LatencyConfig c = LatencyConfig.parse("rate=1000");
        assertTrue(result(c, 980, 1000, 980, ON_A_CORE, ON_A_CORE).senderFellBehind());
        assertFalse(result(c, 995, 1000, 995, ON_A_CORE, ON_A_CORE).senderFellBehind());
        assertFalse(result(LatencyConfig.parse("mode=allout"), 5, 5, 5, ON_A_CORE, ON_A_CORE)
                .senderFellBehind(), "allout has no rate to fall behind");
        final String text = result(c, 980, 1000, 980, ON_A_CORE, ON_A_CORE).format();
        assertTrue(text.contains("sender could not keep up") && text.contains("20 scheduled messages"), text);
    }

    @Test
    void spinningThreadsOffTheirCoresMeanAnOversubscribedMachine() {
        final LatencyConfig spin = LatencyConfig.parse("scheduling=spin");
        final LatencyConfig park = LatencyConfig.parse("scheduling=park");
        assertFalse(result(park, 1, 1, 1, PARKED, ON_A_CORE).oversubscribed(), "a parked sender is idle by design");
        assertTrue(result(spin, 1, 1, 1, PARKED, ON_A_CORE).oversubscribed(), "a spinning sender should be on a core");
        assertTrue(result(park, 1, 1, 1, PARKED, HALF).oversubscribed(), "the consumer always spins");
        assertFalse(result(spin, 1, 1, 1, Double.NaN, Double.NaN).oversubscribed(), "unknown is not evidence");
        assertTrue(result(park, 1, 1, 1, PARKED, HALF).format().contains("oversubscribed"));
    }

    @Test
    void formatHeadlinesTheModesKindAndListsEveryPercentile() {
        final String fixed = result(LatencyConfig.parse("mode=fixed"), 1, 1, 1, ON_A_CORE, ON_A_CORE).format();
        assertTrue(fixed.contains("response*") && fixed.contains("wait"), fixed);
        for (String column : new String[] {"p50", "p90", "p99", "p99.9", "p99.99", "max"}) {
            assertTrue(fixed.contains(column), column);
        }
        final String allout = result(LatencyConfig.parse("mode=allout"), 1, 1, 1, ON_A_CORE, ON_A_CORE).format();
        assertTrue(allout.contains("service*"), allout);
        assertTrue(allout.lines().noneMatch(l -> l.startsWith("response") || l.startsWith("wait")), allout);
    }

    @Test
    void onlyRecordedKindsHaveASummary() {
        final LatencyResult r = result(LatencyConfig.parse("mode=allout"), 1, 1, 1, ON_A_CORE, ON_A_CORE);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> r.summary(Kind.RESPONSE));
        assertTrue(e.getMessage().contains("RESPONSE"), e.getMessage());
    }

    @Test
    void alloutPropertiesHaveNoRequestedRate() {
        final Properties p = result(LatencyConfig.parse("mode=allout"), 12.5, 5, 5, ON_A_CORE, ON_A_CORE)
                .toProperties();
        assertEquals("0", p.getProperty("rate"));
        assertEquals("12.5", p.getProperty("achievedRate"));
        assertEquals("service", p.getProperty("summaryKind"));
        assertEquals("100", p.getProperty("service.count"));
        assertEquals(null, p.getProperty("response.count"));
    }

    @Test
    void durationsKeepThreeOrFourDigitsWithTheirUnit() {
        assertEquals("999 ns", LatencyResult.duration(999));
        assertEquals("1.50 us", LatencyResult.duration(1_500));
        assertEquals("4.00 ms", LatencyResult.duration(4 * MS));
        assertEquals("2.250 s", LatencyResult.duration(2_250 * MS));
    }
}
