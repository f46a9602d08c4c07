package org.jcq.benchmarks.support;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Keeps {@code results/} (the committed benchmark runs) under {@value #LIMIT_BYTES} bytes and in its
 * one packed form: each run folder holds its measurements as {@code forks.csv.gz} (written by
 * {@code org.jcq.benchmarks.tools.Pack}), its logs as {@code logs.tar.xz}, at most a README, and
 * nothing else: no loose JMH JSON or logs (which once grew the folder to 17 MB) and no scripts (they
 * live in {@code scripts/}). When it fails it names the largest run folders or the stray files and
 * what to do. Tests run with the module as working directory (Maven sets {@code basedir} to it).
 */
class ResultsSizeTest {
    /** 3 MB. */
    static final long LIMIT_BYTES = 3_000_000L;
    private static final Path RESULTS = Path.of("results");
    private static final String README = "README.md";
    private static final Set<String> PACKED = Set.of("forks.csv.gz", "logs.tar.xz", README);

    @Test
    void resultsStayUnderTheirLimit() throws IOException {
        assertTrue(Files.isDirectory(RESULTS), "no results folder at " + RESULTS.toAbsolutePath());
        final long total = bytesUnder(RESULTS);
        assertTrue(total > 0, "results/ is empty: the walk found nothing");
        final Map<Path, Long> byFolder;
        try (Stream<Path> entries = Files.list(RESULTS)) {
            byFolder = entries.filter(Files::isDirectory).collect(Collectors.toMap(p -> p, ResultsSizeTest::bytesUnder));
        }
        final List<String> largest = byFolder.entrySet().stream()
                .sorted(Map.Entry.<Path, Long>comparingByValue(Comparator.reverseOrder())).limit(5)
                .map(e -> e.getKey().getFileName() + " " + e.getValue() + " bytes").collect(Collectors.toList());
        assertTrue(total <= LIMIT_BYTES, "results/ holds " + total + " bytes, more than " + LIMIT_BYTES
                + ". Pack each run's measurements into its folder's forks.csv.gz (org.jcq.benchmarks.tools.Pack"
                + " OUT_DIR forks.csv.gz; results/README.md), its logs into logs.tar.xz, and drop what no write-up"
                + " cites. Largest folders: " + largest);
    }

    @Test
    void runFoldersHoldOnlyThePackedForm() throws IOException {
        final List<String> stray;
        try (Stream<Path> files = Files.walk(RESULTS)) {
            stray = files.filter(Files::isRegularFile).filter(p -> !allowed(RESULTS.relativize(p)))
                    .map(p -> RESULTS.relativize(p).toString()).sorted().collect(Collectors.toList());
        }
        assertTrue(stray.isEmpty(), "results/ holds files other than RUN/forks.csv.gz, RUN/logs.tar.xz and README.md: "
                + stray + ". Measurements go into forks.csv.gz (org.jcq.benchmarks.tools.Pack), logs into logs.tar.xz,"
                + " scripts into scripts/runs/RUN/.");
    }

    /** A run folder's packed measurements, its packed logs, or a README (the top one or a run's). */
    static boolean allowed(Path relative) {
        final String name = relative.getFileName().toString();
        if (relative.getNameCount() == 1) {
            return name.equals(README);
        }
        return relative.getNameCount() == 2 && PACKED.contains(name);
    }

    @Test
    void theRuleAcceptsThePackedFormAndNothingElse() {
        assertTrue(allowed(Path.of("README.md")));
        assertTrue(allowed(Path.of("2026-11-28-blocking/forks.csv.gz")));
        assertTrue(allowed(Path.of("2026-11-28-blocking/logs.tar.xz")));
        assertTrue(allowed(Path.of("2026-11-28-blocking/README.md")));
        for (String bad : List.of("run.sh", "2026-11-28-blocking/run.sh", "2026-11-28-blocking/1-Q.json",
                "2026-11-28-blocking/table.py", "2026-11-28-blocking/sub/forks.csv.gz", "forks.csv.gz")) {
            assertFalse(allowed(Path.of(bad)), bad);
        }
    }

    private static long bytesUnder(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
