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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hand-off measurement moves elements through a full queue with every thread kind, stops its
 * threads, and rejects bad arguments by name. Its numbers are not asserted, only that elements
 * moved in every round.
 */
class PutHandOffTest {
    @ParameterizedTest
    @ValueSource(strings = {ThreadKind.PLATFORM, ThreadKind.VIRTUAL})
    void everyRoundMovesElementsThroughAFullQueue(String kind) throws InterruptedException {
        assumeTrue(!ThreadKind.VIRTUAL.equals(kind) || ThreadKind.virtualAvailable(), "virtual threads need JDK 21+");
        final PutHandOff.Row row = PutHandOff.measure(BenchmarkQueues.MPSC_BLOCKING, kind, 3, 1, 1, 3, 20);
        assertEquals(3, row.nanosPerElement().length);
        assertTrue(row.elements() > 0, row.toString());
        assertTrue(row.max() < Double.POSITIVE_INFINITY, "a round moved nothing: " + row);
        assertTrue(row.min() <= row.median() && row.median() <= row.max(), row.toString());
    }

    @Test
    void mainPrintsOneRowPerCombination() throws InterruptedException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int status = PutHandOff.run(new String[] {"qTypes=MpscBlockingConsumerArrayQueue,SpscBlockingArrayQueue",
            "threadKinds=platform", "producers=1", "capacities=1,4", "warmupRounds=1", "rounds=1", "roundMillis=10"},
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        assertEquals(0, status);
        final List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(10, lines.size(), lines.toString());
        assertTrue(lines.get(1).startsWith(BenchmarkQueues.MPSC_BLOCKING), lines.get(1));
        assertTrue(lines.get(4).startsWith(BenchmarkQueues.BLOCKING_SPSC), lines.get(4));
        assertEquals("", lines.get(5));
        // then the same rows as result lines, one per row, that the packed form reads
        assertTrue(lines.get(6).startsWith(PutHandOff.LINE_PREFIX + " qType=" + BenchmarkQueues.MPSC_BLOCKING
                + " threadKind=platform producers=1 capacity=1 nsPerElement="), lines.get(6));
        assertTrue(lines.get(9).contains("qType=" + BenchmarkQueues.BLOCKING_SPSC + " ") && lines.get(9).contains(" capacity=4 "),
                lines.get(9));
    }

    @ParameterizedTest
    @ValueSource(strings = {"qTypes=SpscArrayQueue", "producers=0", "capacities=x", "rounds=-1", "threadKinds=green",
        "nokey", "colour=red"})
    void badArgumentsExitWithUsageNamingTheValue(String arg) throws InterruptedException {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = PutHandOff.run(new String[] {arg}, System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(PutHandOff.EXIT_USAGE, status);
        final String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains(arg.substring(arg.indexOf('=') + 1)), text);
        assertTrue(text.contains(PutHandOff.USAGE), text);
    }

    @Test
    void aShapeTheQueueDoesNotSupportIsRejected() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PutHandOff.parse(new String[] {"qTypes=SpscBlockingArrayQueue", "producers=3"}));
        assertTrue(e.getMessage().contains(BenchmarkQueues.BLOCKING_SPSC), e.getMessage());
    }
}
