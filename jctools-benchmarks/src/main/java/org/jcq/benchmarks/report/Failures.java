package org.jcq.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The runs that failed, one line each in {@code failures.txt}: a failed run leaves no result file,
 * so without this list the report, which reads the files alone, would show a queue with fewer
 * forks (or none) and not say why.
 */
public final class Failures {
    /** The file's name in a run directory. */
    public static final String FILE = "failures.txt";
    private static final String SEPARATOR = "\t";
    private static final int FIELDS = 4;

    /**
     * One failed run.
     *
     * @param section the section it belonged to
     * @param round   its round (1 for sections run once)
     * @param qType   the queue
     * @param message what went wrong, on one line
     */
    public record Failure(String section, int round, String qType, String message) {
    }

    private Failures() {
    }

    /**
     * Appends a failure to a run directory's list.
     *
     * @param runDir  the run directory
     * @param failure the failure; line breaks and tabs in its message become spaces
     * @throws IOException if the file cannot be written
     */
    public static void append(Path runDir, Failure failure) throws IOException {
        final String line = String.join(SEPARATOR, failure.section(), Integer.toString(failure.round()),
                failure.qType(), failure.message().replaceAll("[\\t\\r\\n]+", " ")) + System.lineSeparator();
        Files.writeString(runDir.resolve(FILE), line, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /**
     * @param runDir a run directory
     * @return its failures, in the order they happened; none where there is no list
     * @throws IOException if the list cannot be read
     */
    public static List<Failure> read(Path runDir) throws IOException {
        final Path f = runDir.resolve(FILE);
        if (!Files.exists(f)) {
            return List.of();
        }
        final List<Failure> out = new ArrayList<>();
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            final String[] p = line.split(SEPARATOR, FIELDS);
            if (p.length == FIELDS) {
                out.add(new Failure(p[0], Integer.parseInt(p[1]), p[2], p[3]));
            }
        }
        return out;
    }
}
