package org.jcq.benchmarks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jol.info.GraphLayout;

/**
 * Footprint's CSV has the agreed format, and its numbers say what they should: an array queue
 * allocates its ring up front, so filling it adds only the one shared element; a linked-node queue
 * adds at least a node (an object header and two references) per element.
 * <p>
 * JOL runs in-process: surefire's argLine lets it attach to the test JVM.
 */
class FootprintTest {
    private static final int CAPACITY = 64;
    /** An object header plus two compressed references, the least a node can take. */
    private static final int MIN_NODE_BYTES = 16;
    private static final long ELEMENT_BYTES = GraphLayout.parseInstance(Integer.valueOf(1)).totalSize();

    @Test
    void boundedArrayQueuesGrowByTheOneSharedElementOnly() {
        for (String qType : List.of(BenchmarkQueues.SPSC, BenchmarkQueues.MPMC, BenchmarkQueues.JCTOOLS_SPSC,
                BenchmarkQueues.AGRONA_MPSC, BenchmarkQueues.JDK_ABQ)) {
            final Footprint.Row row = Footprint.measure(qType, CAPACITY);
            assertEquals(CAPACITY, row.elements(), qType);
            assertTrue(row.emptyBytes() > (long) CAPACITY * Integer.BYTES, qType + " ring not counted: " + row);
            assertEquals(row.emptyBytes() + ELEMENT_BYTES, row.fullBytes(), qType);
            assertEquals(0.0, row.bytesPerElement(ELEMENT_BYTES), qType);
        }
    }

    @Test
    void linkedQueuesGrowByANodePerElement() {
        for (String qType : List.of(BenchmarkQueues.SPSC_LINKED, BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_LINKED,
                BenchmarkQueues.JDK_CLQ, BenchmarkQueues.JDK_LTQ)) {
            final Footprint.Row row = Footprint.measure(qType, CAPACITY);
            assertEquals(CAPACITY, row.elements(), qType + " unbounded: capacity elements");
            assertTrue(row.bytesPerElement(ELEMENT_BYTES) >= MIN_NODE_BYTES, qType + " " + row);
        }
    }

    @Test
    void fullMeansTheRealCapacityWhenItExceedsTheRequest() {
        final int requested = CAPACITY - 1;
        final Footprint.Row row = Footprint.measure(BenchmarkQueues.SPSC, requested);
        assertEquals(requested, row.capacity());
        assertEquals(CAPACITY, row.elements(), "SpscArrayQueue rounds 63 up to 64");
    }

    @Test
    void csvHasTheAgreedHeaderAndOneLinePerQueue(@TempDir Path dir) throws IOException {
        final Path csv = dir.resolve("footprint.csv");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int status = Footprint.run(new String[] {"qTypes=SpscArrayQueue,JDK.ConcurrentLinkedQueue",
            "capacity=" + CAPACITY, "out=" + csv}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(0, status);
        final List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertEquals(List.of("qType,capacity,elements,emptyBytes,fullBytes"), lines.subList(0, 1));
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(1).matches("SpscArrayQueue,64,64,\\d+,\\d+"), lines.get(1));
        assertTrue(lines.get(2).matches("JDK\\.ConcurrentLinkedQueue,64,64,\\d+,\\d+"), lines.get(2));
        final String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("SpscArrayQueue") && table.contains("bytes/element"), table);
    }

    @Test
    void defaultsAreEveryQueueAtCapacity1024AndNoFile() {
        final Footprint.Settings s = Footprint.parse(new String[0]);
        assertEquals(BenchmarkQueues.names(), s.qTypes());
        assertEquals(Footprint.DEFAULT_CAPACITY, s.capacity());
        assertNull(s.out());
    }

    @Test
    void badArgumentsAreRejectedByNameAndValue() {
        assertRejected("capacity=0", "capacity");
        assertRejected("capacity=many", "many");
        assertRejected("qTypes=SpscArrayQueue,NoSuchQueue", "NoSuchQueue");
        assertRejected("colour=red", "colour");
        assertRejected("capacity", "capacity");
    }

    private static void assertRejected(String arg, String named) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Footprint.parse(new String[] {arg}));
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }

    @Test
    void badArgumentsExitWithStatus2AndUsage() {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = Footprint.run(new String[] {"capacity=-1"},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(Footprint.EXIT_USAGE, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: Footprint"), err.toString());
    }
}
