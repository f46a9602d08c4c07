package org.jcq.benchmarks.report;

import org.jcq.benchmarks.tools.Footprint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of the footprint table ({@code footprint.csv}, written by the Footprint main): the
 * retained size of an empty queue and of a full one, as JOL's GraphLayout counts it. The numbers
 * are exact counts of one object graph in one JVM, so they carry no error.
 *
 * @param qType      the queue
 * @param capacity   the capacity or chunk size it was built with
 * @param elements   how many elements the full queue held
 * @param emptyBytes bytes reachable from the empty queue
 * @param fullBytes  bytes reachable from the full queue, the one shared element counted once
 */
public record FootprintRow(String qType, int capacity, long elements, long emptyBytes, long fullBytes) {
    /** The CSV header, exactly as the footprint main writes it. */
    public static final String HEADER = "qType,capacity,elements,emptyBytes,fullBytes";
    private static final int COLUMNS = 5;

    /**
     * Reads a footprint table.
     *
     * @param csv the file; a missing one is an empty table
     * @return its rows, in file order
     * @throws IOException              if it cannot be read
     * @throws IllegalArgumentException naming the file and line, if it is malformed
     */
    public static List<FootprintRow> read(Path csv) throws IOException {
        if (!Files.exists(csv)) {
            return List.of();
        }
        final List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).trim().equals(HEADER)) {
            throw new IllegalArgumentException(csv + ": expected the header '" + HEADER + "'");
        }
        final List<FootprintRow> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                rows.add(parse(csv, i + 1, lines.get(i)));
            }
        }
        return rows;
    }

    private static FootprintRow parse(Path csv, int lineNumber, String line) {
        final String[] f = line.trim().split(",", -1);
        try {
            if (f.length != COLUMNS) {
                throw new NumberFormatException(f.length + " columns, expected " + COLUMNS);
            }
            return new FootprintRow(f[0], Integer.parseInt(f[1]), Long.parseLong(f[2]),
                    Long.parseLong(f[3]), Long.parseLong(f[4]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(csv + " line " + lineNumber + ": '" + line + "': "
                    + e.getMessage(), e);
        }
    }
}
