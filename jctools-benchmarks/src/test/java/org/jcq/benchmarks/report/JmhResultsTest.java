package org.jcq.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.jmh.QueueThroughput;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads a real JMH 1.37 result file, written by a 2-iteration smoke run of the throughput
 * benchmark with {@code -prof gc} (committed as a test resource), so the reader is tested on
 * JMH's own output, not only on fixtures written to match our idea of it. To write it again:
 * {@code java -jar jctools-benchmarks/target/benchmarks.jar 'QueueThroughput.tpt' -p qType=SpscArrayQueue
 * -p backoff=none -f 1 -wi 0 -i 2 -r 200ms -prof gc -rf json -rff jmh-tpt-gc.json}, then update
 * {@link #JMH_POLLS_MADE_SCORE}.
 */
class JmhResultsTest {
    private static final double EPS = 1e-9;
    /** JMH's own pollsMade score in the file: the mean of the two iterations. */
    private static final double JMH_POLLS_MADE_SCORE = 130.99393270558892;

    private static Path realFile() throws URISyntaxException {
        return Paths.get(JmhResultsTest.class.getResource("jmh-tpt-gc.json").toURI());
    }

    @Test
    void readsJmhsOwnJsonWithGcProfilerSecondaries() throws Exception {
        final List<JmhResults.Result> results = JmhResults.read(realFile());
        assertEquals(1, results.size());
        final JmhResults.Result r = results.get(0);
        assertEquals(JmhSection.TPT.benchmark(), r.benchmark());
        assertEquals(JmhSection.BACKOFF_NONE, r.params().get(JmhSection.BACKOFF));
        assertEquals("SpscArrayQueue", r.qType());
        assertEquals("131072", r.params().get(JmhSection.Q_CAPACITY));
        assertEquals(2, r.iterations().size());
        for (JmhResults.Iteration it : r.iterations()) {
            // Lined up per iteration: the group's primary score is its two methods' sum.
            assertEquals(it.primary(), it.secondary("offer") + it.secondary("poll"), 1e-6);
            assertTrue(it.secondaries().containsKey(JmhSection.GC_ALLOC_NORM));
            assertTrue(it.secondaries().containsKey(JmhSection.POLLS_MADE));
        }
    }

    @Test
    void scoreOfTheRealFileIsJmhsOwnPollsMadeScore() throws Exception {
        final List<ScoreTable> tables = ScoreTable.of(JmhSection.TPT, JmhResults.read(realFile()));
        assertEquals(1, tables.size());
        final ScoreTable.Row row = tables.get(0).rows().get(0);
        assertEquals(JMH_POLLS_MADE_SCORE, row.score().mean(), EPS);
        assertEquals(2, row.score().n());
        assertEquals(1, row.forks());
        assertEquals(null, row.advantage());
    }

    @Test
    void aTruncatedFileIsAnErrorNamingIt(@TempDir Path dir) throws Exception {
        final String text = Files.readString(realFile());
        final Path cut = dir.resolve("cut.json");
        Files.writeString(cut, text.substring(0, text.length() / 2));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JmhResults.read(cut));
        assertTrue(e.getMessage().contains("cut.json"), e.getMessage());
    }

    @Test
    void scoresJmhCouldNotComputeAreReadAsTheDoublesTheyName(@TempDir Path dir) throws Exception {
        final Path file = dir.resolve("nan.json");
        Files.writeString(file, "[{\"benchmark\": \"b.m\", \"params\": {\"qType\": \"SpscArrayQueue\"},"
                + " \"primaryMetric\": {\"rawData\": [[1.5, \"NaN\"], [\"Infinity\", \"-Infinity\"]]}}]");
        final JmhResults.Result r = JmhResults.read(file).get(0);
        assertEquals("SpscArrayQueue", r.qType());
        assertEquals(4, r.iterations().size());
        assertEquals(1.5, r.iterations().get(0).primary());
        assertTrue(Double.isNaN(r.iterations().get(1).primary()));
        assertEquals(Double.POSITIVE_INFINITY, r.iterations().get(2).primary());
        assertEquals(Double.NEGATIVE_INFINITY, r.iterations().get(3).primary());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "[{\"params\": {}}]", "[{\"benchmark\": \"b.m\", \"primaryMetric\": {\"rawData\": [[\"x\"]]}}]",
        "[{\"benchmark\": \"b.m\", \"primaryMetric\": {\"rawData\": 3}}]", "not json"})
    void aFileThatIsNotJmhsJsonIsAnErrorNamingIt(String text, @TempDir Path dir) throws Exception {
        final Path file = dir.resolve("odd.json");
        Files.writeString(file, text);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JmhResults.read(file));
        assertTrue(e.getMessage().contains("odd.json"), e.getMessage());
    }

    @Test
    void aMissingFolderHoldsNoResults(@TempDir Path dir) throws IOException {
        assertEquals(List.of(), JmhResults.readDir(dir.resolve("none")));
    }
}
