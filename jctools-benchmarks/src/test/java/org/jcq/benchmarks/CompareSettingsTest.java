package org.jcq.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.VerboseMode;

class CompareSettingsTest {
    /** The quick mode must stay short on a 2-core machine. */
    private static final double QUICK_BUDGET_SECONDS = TimeUnit.MINUTES.toSeconds(6);

    @Test
    void quickIsTheDefaultAndFitsItsBudget() {
        final Compare.Settings s = Compare.parse(new String[0], new Properties());
        assertEquals(Compare.MODE_QUICK, s.mode());
        assertEquals(2, s.rounds());
        assertEquals(2, s.warmupIterations());
        assertEquals(3, s.measurementIterations());
        assertEquals(QueueFactory.quickNames(), s.qTypes());
        assertEquals(Compare.BENCHMARK_TPT, s.benchmark());
        assertEquals(VerboseMode.SILENT, s.verbosity());
        assertFalse(s.gc());
        assertTrue(s.estimatedSeconds() < QUICK_BUDGET_SECONDS, "estimate " + s.estimatedSeconds());
    }

    @Test
    void fullMode() {
        final Compare.Settings s = Compare.parse(new String[] {"full"}, new Properties());
        assertEquals(5, s.rounds());
        assertEquals(5, s.warmupIterations());
        assertEquals(5, s.measurementIterations());
        assertEquals(QueueFactory.names(), s.qTypes());
    }

    @Test
    void burstBenchmarkDefaultsToASmallQueueAndBurst() {
        final Compare.Settings s = Compare.parse(new String[] {"benchmark=burst"}, new Properties());
        assertTrue(s.burst());
        assertEquals(Integer.parseInt(QueueBurstCost.DEFAULT_CAPACITY), s.capacity());
        assertEquals(Integer.parseInt(QueueBurstCost.DEFAULT_BURST_SIZE), s.burstSize());
        assertEquals(7, Compare.parse(new String[] {"benchmark=burst", "burstSize=7"}, new Properties()).burstSize());
    }

    @Test
    void argumentsOverridePropertiesWhichOverrideTheMode() {
        final Properties p = new Properties();
        p.setProperty("compare.rounds", "7");
        p.setProperty("compare.qTypes", "SpscArrayQueue, JCTools.SpscArrayQueue");
        p.setProperty("compare.warmupIterations", "1");
        final Compare.Settings s = Compare.parse(
                new String[] {"full", "rounds=3", "-prof", "gc", "measurementTime=200ms"}, p);
        assertEquals(3, s.rounds());
        assertEquals(1, s.warmupIterations());
        assertEquals(5, s.measurementIterations());
        assertEquals(List.of(QueueFactory.SPSC, QueueFactory.JCTOOLS_SPSC), s.qTypes());
        assertEquals(200, s.measurementTime().convertTo(TimeUnit.MILLISECONDS));
        assertTrue(s.gc());
    }

    @Test
    void rejectsUnknownInput() {
        final Properties none = new Properties();
        assertThrows(IllegalArgumentException.class,
                () -> Compare.parse(new String[] {"qTypes=NoSuchQueue"}, none));
        assertThrows(IllegalArgumentException.class,
                () -> Compare.parse(new String[] {"noSuchKey=1"}, none));
        assertThrows(IllegalArgumentException.class,
                () -> Compare.parse(new String[] {"medium"}, none));
        assertThrows(IllegalArgumentException.class,
                () -> Compare.parse(new String[] {"rounds=0"}, none));
        assertThrows(IllegalArgumentException.class,
                () -> Compare.parse(new String[] {"benchmark=pingpong"}, none));
        assertThrows(IllegalArgumentException.class,
                () -> Compare.parse(new String[] {"benchmark=burst", "burstSize=0"}, none));
    }
}
