package org.jcq.benchmarks.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A table as text cells, built once and rendered both as the summary's fixed-width text and as
 * the HTML report's table, so the two can never show different numbers.
 *
 * @param title  what the table shows
 * @param header the column names
 * @param rows   the cells, one list per row, as wide as the header
 * @param notes  lines that explain the table (units, orientation of ratios, what was excluded)
 */
public record Cells(String title, List<String> header, List<List<String>> rows, List<String> notes) {
    /** Shown where a number does not exist (no twin, a single sample, not measured). */
    public static final String NONE = "-";
    /** Between the two ends of a range cell: {@code 0.150..0.550}. */
    public static final String RANGE = "..";
    private static final String NUMBER = "-?[0-9]+(\\.[0-9]+)?";
    /** A number, or a range of two: cells to align right. */
    private static final String NUMERIC_CELL = NUMBER + "(" + Pattern.quote(RANGE) + NUMBER + ")?";

    /**
     * @throws IllegalArgumentException if a row is not as wide as the header
     */
    public Cells {
        for (List<String> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalArgumentException("row " + row + " does not match header " + header);
            }
        }
        header = List.copyOf(header);
        rows = Collections.unmodifiableList(new ArrayList<>(rows));
        notes = List.copyOf(notes);
    }

    /**
     * @param x a number
     * @return it with three decimals, or {@link #NONE} where it is NaN or infinite
     */
    public static String fmt(double x) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%.3f", x) : NONE;
    }

    /** @return the table as fixed-width text: title, header, rows, notes */
    public String toText() {
        final int[] width = new int[header.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = header.get(c).length();
            for (List<String> row : rows) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        final boolean[] right = new boolean[header.size()];
        for (int c = 1; c < right.length; c++) {
            right[c] = numeric(c);
        }
        final StringBuilder sb = new StringBuilder(title).append(System.lineSeparator());
        appendRow(sb, header, width, right);
        for (List<String> row : rows) {
            appendRow(sb, row, width, right);
        }
        for (String n : notes) {
            sb.append("  ").append(n).append(System.lineSeparator());
        }
        return sb.toString();
    }

    /**
     * @return whether every cell of a column is a number, a range of two, {@link #NONE} or empty,
     *         to align it right
     */
    private boolean numeric(int column) {
        for (List<String> row : rows) {
            final String cell = row.get(column);
            if (!cell.equals(NONE) && !cell.isEmpty() && !cell.matches(NUMERIC_CELL)) {
                return false;
            }
        }
        return true;
    }

    /** Numbers right-aligned so their digits line up, text left-aligned. */
    private static void appendRow(StringBuilder sb, List<String> row, int[] width, boolean[] right) {
        final StringBuilder line = new StringBuilder();
        for (int c = 0; c < row.size(); c++) {
            final String cell = row.get(c);
            final String pad = " ".repeat(width[c] - cell.length());
            line.append(c == 0 ? "" : "  ").append(right[c] ? pad + cell : cell + pad);
        }
        sb.append(line.toString().stripTrailing()).append(System.lineSeparator());
    }
}
