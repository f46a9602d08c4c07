package org.jcq.benchmarks.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LatencyConfigTest {
    @Test
    void defaultsAreTheSpecsDefaults() {
        final LatencyConfig c = LatencyConfig.parse();
        assertEquals(BenchmarkQueues.SPSC, c.qType());
        assertEquals(1024, c.capacity());
        assertEquals(LatencyConfig.Mode.FIXED, c.mode());
        assertEquals(100_000, c.rate());
        assertEquals(2, c.warmupSeconds());
        assertEquals(10, c.durationSeconds());
        assertEquals(1, c.intervalSeconds());
        assertEquals(LatencyConfig.Scheduling.SPIN, c.scheduling());
        assertEquals(Path.of("results/latency"), c.out());
        assertEquals(BenchmarkQueues.SPSC, c.name());
        assertEquals(2048, c.window(), "twice the capacity, so a bounded queue fills first");
        assertEquals(0, c.workNanos());
        assertEquals(0, c.pauseEveryMillis());
    }

    @Test
    void everyKeyIsParsed() {
        final LatencyConfig c = LatencyConfig.parse("qType=" + BenchmarkQueues.JDK_CLQ, "capacity=100",
                "mode=throttle", "rate=2500.5", "warmup=0.5", "duration=3", "interval=0.25",
                "scheduling=park", "out=/tmp/x", "name=run1", "window=7", "workNanos=1000",
                "pauseEveryMillis=1000", "pauseMillis=100", "drainTimeout=1");
        assertEquals(BenchmarkQueues.JDK_CLQ, c.qType());
        assertEquals(100, c.capacity());
        assertEquals(LatencyConfig.Mode.THROTTLE, c.mode());
        assertEquals(2500.5, c.rate());
        assertEquals(0.5, c.warmupSeconds());
        assertEquals(3, c.durationSeconds());
        assertEquals(0.25, c.intervalSeconds());
        assertEquals(LatencyConfig.Scheduling.PARK, c.scheduling());
        assertEquals(Path.of("/tmp/x"), c.out());
        assertEquals("run1", c.name());
        assertEquals(7, c.window());
        assertEquals(1000, c.workNanos());
        assertEquals(1000, c.pauseEveryMillis());
        assertEquals(100, c.pauseMillis());
        assertEquals(1, c.drainTimeoutSeconds());
    }

    @Test
    void alloutHasNoRequestedRate() {
        final LatencyConfig c = LatencyConfig.parse("mode=allout", "rate=5");
        assertEquals(0, c.rate());
        assertEquals(Kind.SERVICE, c.mode().summaryKind());
        assertEquals(java.util.EnumSet.of(Kind.SERVICE), c.mode().recorded());
    }

    @Test
    void summaryKindFollowsTheMode() {
        assertEquals(Kind.RESPONSE, LatencyConfig.parse("mode=fixed").mode().summaryKind());
        assertEquals(Kind.SERVICE, LatencyConfig.parse("mode=throttle").mode().summaryKind());
    }

    @Test
    void defaultWindowIsCappedForHugeCapacities() {
        assertEquals(LatencyConfig.MAX_WINDOW, LatencyConfig.parse("capacity=1073741824").window());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "rate=-5             | rate=-5",
        "rate=0              | rate=0",
        "rate=fast           | rate=fast",
        "mode=burst          | mode=burst",
        "speed=3             | speed",
        "duration=0          | duration=0",
        "warmup=-1           | warmup=-1",
        "interval=0.0001     | interval=0.0001",
        "scheduling=sleep    | scheduling=sleep",
        "qType=NoSuchQueue   | qType=NoSuchQueue",
        "capacity=0          | capacity=0",
        "window=0            | window=0",
        "workNanos=-1        | workNanos=-1",
        "pauseMillis=100     | pauseMillis=100",
        "name=a/b            | name=a/b",
        "rate                | rate",
    })
    void badArgumentsAreRejectedByNameAndValue(String arg, String named) {
        final String[] args = arg.equals("pauseMillis=100")
                ? new String[] {"pauseEveryMillis=100", arg}
                : new String[] {arg};
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LatencyConfig.parse(args));
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }

    @Test
    void aCapacityTheQueueRejectsIsReportedAsTheCapacity() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LatencyConfig.parse("qType=" + BenchmarkQueues.SPSC_CHUNKED, "capacity=2").createQueue());
        assertTrue(e.getMessage().startsWith("capacity=2"), e.getMessage());
    }

    @Test
    void usageNamesEveryKey() {
        final String usage = LatencyConfig.usage();
        for (String key : new String[] {"qType", "capacity", "mode", "rate", "warmup", "duration",
            "interval", "scheduling", "out", "name", "window", "workNanos", "pauseEveryMillis",
            "pauseMillis", "drainTimeout"}) {
            assertTrue(usage.contains(key + "="), key);
        }
    }
}
