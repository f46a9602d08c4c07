package org.jcq.benchmarks.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Keeps {@code results/} (the committed benchmark runs) under {@value #LIMIT_BYTES} bytes: raw
 * output goes in as each run's packed {@code raw.tar.xz}, not as loose JMH JSON and logs, which
 * once grew the folder to 17 MB. When it fails it names the largest run folders and what to do.
 * Tests run with the module as working directory (Maven sets {@code basedir} to it).
 */
class ResultsSizeTest {
    /** 3 MB. */
    static final long LIMIT_BYTES = 3_000_000L;
    private static final Path RESULTS = Path.of("results");

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
                + ". Pack each run's raw output into its folder's raw.tar.xz (tar -cJf raw.tar.xz <files>; "
                + "results/README.md) and drop what no write-up cites. Largest folders: " + largest);
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
