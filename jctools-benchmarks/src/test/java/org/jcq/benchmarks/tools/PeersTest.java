package org.jcq.benchmarks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.report.ForkTable;
import org.jcq.benchmarks.support.Estimate;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The peers tables: ours over each edition paired by round, the cells marked where the interval
 * excludes 1, a "-batch" phase's launches in place of its phase's for the methods it reran, and the
 * same tables from the launches and from their packed CSV.
 */
class PeersTest {
    private static final double[] OURS = {10, 11, 12, 10};
    private static final double[] VH = {5, 5.5, 6, 5};

    private static void launch(Path dir, int round, String qType, String method, double score) throws IOException {
        Files.createDirectories(dir);
        final Path f = dir.resolve(round + "-" + qType + ".json");
        final String old = Files.exists(f) ? Files.readString(f).replaceFirst("]$", ",") : "[";
        Files.writeString(f, old + String.format(Locale.ROOT, "{\"benchmark\": \"x.QueueBaseline.%s\", \"jdkVersion\":"
                + " \"17\", \"params\": {\"qType\": \"%s\"}, \"primaryMetric\": {\"rawData\": [[%s]]}}]", method, qType,
                score));
    }

    private static Path run(Path dir) throws IOException {
        for (int i = 0; i < OURS.length; i++) {
            launch(dir.resolve("jdk17/base/Q"), i + 1, "Q", "offerAndPoll", OURS[i]);
            launch(dir.resolve("jdk17/base/Q"), i + 1, "JCToolsVH.Q", "offerAndPoll", VH[i]);
            launch(dir.resolve("jdk17/base/Q"), i + 1, "Q", "fillAndDrain", 1);
            launch(dir.resolve("jdk17/base/Q"), i + 1, "JCToolsVH.Q", "fillAndDrain", 1);
            // the rerun: fillAndDrain again, ours now 3 times the peer
            launch(dir.resolve("jdk17/base-batch/Q"), i + 1, "Q", "fillAndDrain", 3 + i % 2 * 0.01);
            launch(dir.resolve("jdk17/base-batch/Q"), i + 1, "JCToolsVH.Q", "fillAndDrain", 1);
        }
        return dir;
    }

    private static String tables(Path source) throws IOException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final Peers p = new Peers(ForkTable.load(source, Pack.DEFAULT_PARAMS), "jdk17",
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        p.all("JDK 17");
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void oursOverEachEditionPairedByRoundWithTheRerunInPlace(@TempDir Path dir) throws IOException {
        final String out = tables(run(dir));
        final double[] r = new double[OURS.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = OURS[i] / VH[i];
        }
        final Estimate e = Estimate.of(r);
        assertEquals(2.0, e.mean(), 1e-12);
        assertTrue(out.contains("| offerAndPoll | 11 | " + Peers.cell(e) + " | 4 |"), out);
        assertTrue(out.contains("| fillAndDrain | 3 | **3.01 ± 0.0"), "the base-batch rerun replaces base's: " + out);
        assertFalse(out.contains("| fillAndDrain | 1 |"), out);
    }

    @Test
    void thePackedCsvGivesTheSameTables(@TempDir Path dir) throws IOException {
        run(dir.resolve("launches"));
        final Path csv = dir.resolve("forks" + ForkTable.GZ);
        ForkTable.load(dir.resolve("launches"), Pack.DEFAULT_PARAMS).write(csv);
        assertEquals(tables(dir.resolve("launches")), tables(csv));
    }

    @Test
    void cellsAreMarkedOnlyWhereTheIntervalExcludesOne() {
        assertEquals("**1.50 ± 0.20**", Peers.cell(new Estimate(1.5, 0.2, 8)));
        assertEquals("_0.70 ± 0.20_", Peers.cell(new Estimate(0.7, 0.2, 8)));
        assertEquals("1.10 ± 0.20", Peers.cell(new Estimate(1.1, 0.2, 8)));
        assertEquals("–", Peers.cell(null));
    }
}
