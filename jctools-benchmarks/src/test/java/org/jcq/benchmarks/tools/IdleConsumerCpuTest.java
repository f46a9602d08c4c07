package org.jcq.benchmarks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.jcq.benchmarks.support.ThreadKind;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * A consumer of our blocking queues parks while the queue is empty and wakes on a put.
 * <p>
 * "Parks" is asserted two ways: the consumer's thread is {@code WAITING} or {@code TIMED_WAITING}
 * (an SPSC consumer re-checks now and then until its producer acknowledged it) at the end of the idle
 * window, and its own CPU time over the window is under {@value #MAX_IDLE_CPU_FRACTION} of the
 * window's wall time. A parked thread uses next to none (the measured figure is a fraction of a
 * millisecond: the steps into {@code take} and the park); a spinning one uses nearly all of the
 * time it is scheduled, which on 2 loaded cores is still far above 5%. So the bound is loose on
 * purpose: it is a behaviour (it parks), not a speed, and load cannot push a parked thread over
 * it. Wake-up is asserted by the measurement returning (it throws if the consumer is still
 * waiting 10 s after a put, or never parks again between puts); its latency is not asserted.
 */
class IdleConsumerCpuTest {
    private static final long IDLE_MILLIS = 300;
    private static final double MAX_IDLE_CPU_FRACTION = 0.05;

    @ParameterizedTest
    @ValueSource(strings = {BenchmarkQueues.BLOCKING_SPSC, BenchmarkQueues.BLOCKING_MPSC, BenchmarkQueues.BLOCKING_MPMC})
    void platformConsumerParksWhileIdleAndWakesOnPut(String qType) throws InterruptedException {
        final IdleConsumerCpu.Row row = IdleConsumerCpu.measure(qType, ThreadKind.PLATFORM, IDLE_MILLIS);
        assertTrue(IdleConsumerCpu.isParked(row.idleState()), qType + " " + row.idleState());
        assertTrue(row.cpuFraction() < MAX_IDLE_CPU_FRACTION, qType + " idle consumer used " + row.cpuNanos()
                + " ns of CPU in " + IDLE_MILLIS + " ms");
        assertTrue(row.firstWakeNanos() > 0 && row.medianWakeNanos() > 0, qType + " wake-ups " + row);
    }

    /** Virtual threads: no per-thread CPU time, so only parked and woken are asserted. */
    @ParameterizedTest
    @ValueSource(strings = {BenchmarkQueues.BLOCKING_SPSC, BenchmarkQueues.BLOCKING_MPMC})
    void virtualConsumerParksWhileIdleAndWakesOnPut(String qType) throws InterruptedException {
        assumeTrue(ThreadKind.virtualAvailable(), "virtual threads need JDK 21+");
        final IdleConsumerCpu.Row row = IdleConsumerCpu.measure(qType, ThreadKind.VIRTUAL, IDLE_MILLIS);
        assertTrue(IdleConsumerCpu.isParked(row.idleState()), qType + " " + row.idleState());
        assertTrue(row.firstWakeNanos() > 0 && row.medianWakeNanos() > 0, qType + " wake-ups " + row);
    }

    @Test
    void mainPrintsOneRowPerQueueAndKind() throws InterruptedException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int status = IdleConsumerCpu.run(new String[] {"qTypes=SpscBlockingArrayQueue,JDK.ArrayBlockingQueue",
            "idleMillis=50", "threadKinds=platform"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err);
        assertEquals(0, status);
        final List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(1).startsWith(BenchmarkQueues.BLOCKING_SPSC), lines.get(1));
        assertTrue(lines.get(2).startsWith(BenchmarkQueues.JDK_ABQ), lines.get(2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"qTypes=SpscArrayQueue", "idleMillis=0", "idleMillis=x", "threadKinds=green", "nokey",
        "colour=red"})
    void badArgumentsExitWithUsageNamingTheValue(String arg) throws InterruptedException {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = IdleConsumerCpu.run(new String[] {arg}, System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(IdleConsumerCpu.EXIT_USAGE, status);
        final String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains(arg.substring(arg.indexOf('=') + 1)), text);
        assertTrue(text.contains(IdleConsumerCpu.USAGE), text);
    }

    @Test
    void unknownQueueIsRejectedByName() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IdleConsumerCpu.parse(new String[] {"qTypes=NoSuchQueue"}));
        assertTrue(e.getMessage().contains("NoSuchQueue"), e.getMessage());
    }
}
