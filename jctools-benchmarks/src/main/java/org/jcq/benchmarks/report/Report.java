package org.jcq.benchmarks.report;

import org.jcq.benchmarks.tools.Compare;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Regenerates a comparison run's {@value #SUMMARY} and {@value #HTML} from the raw files in its
 * directory alone (see {@link RunData}), so every number in them can be traced to, and rebuilt
 * from, JMH's own JSON, the latency logs and the footprint table. {@code Compare} calls this same
 * code at the end of a run; nothing is carried over from the running benchmarks.
 * <p>
 * Usage: {@code java -cp benchmarks.jar org.jcq.benchmarks.report.Report <runDir>}.
 */
public final class Report {
    /** The text summary's file name. */
    public static final String SUMMARY = "summary.txt";
    /** The HTML report's file name. */
    public static final String HTML = "report.html";
    private static final String TITLE = "JCQ queue comparison";
    private static final int USAGE_EXIT = 2;

    private Report() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: Report <runDir>");
            System.exit(USAGE_EXIT);
            return;
        }
        final String summary;
        try {
            summary = write(Paths.get(args[0]));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: Report <runDir>");
            System.exit(USAGE_EXIT);
            return;
        }
        System.out.print(summary);
    }

    /**
     * Reads a run directory and writes its summary and HTML report into it.
     *
     * @param runDir the run directory
     * @return the summary's text
     * @throws IOException              if a file cannot be read or written
     * @throws IllegalArgumentException naming the file, if a raw file is malformed
     */
    public static String write(Path runDir) throws IOException {
        final RunData data = RunData.read(runDir);
        final String summary = summary(data);
        Files.writeString(runDir.resolve(SUMMARY), summary, StandardCharsets.UTF_8);
        Files.writeString(runDir.resolve(HTML), Html.page(data, TITLE + ": " + runDir.getFileName()),
                StandardCharsets.UTF_8);
        return summary;
    }

    /**
     * @param data a run's files, read back
     * @return the text summary: the verdict first, then the settings, then one table per section
     */
    static String summary(RunData data) {
        final List<Cells> tables = new ArrayList<>();
        tables.add(ReportTables.environment(data.environment()));
        for (ScoreTable t : data.tables()) {
            tables.add(ReportTables.scores(t));
        }
        if (!data.latency().isEmpty()) {
            tables.add(ReportTables.latency(data.latency(), LatencyRun.RESPONSE));
            tables.add(ReportTables.latency(data.latency(), LatencyRun.SERVICE));
        }
        if (!data.footprint().isEmpty()) {
            tables.add(ReportTables.footprint(data.footprint()));
        }
        if (!data.failures().isEmpty()) {
            tables.add(ReportTables.failures(data.failures()));
        }
        final StringBuilder sb = new StringBuilder();
        final List<String> verdict = ReportTables.verdict(data.tables());
        if (!verdict.isEmpty()) {
            sb.append("Verdict").append(System.lineSeparator());
            verdict.forEach(line -> sb.append(line).append(System.lineSeparator()));
            sb.append(System.lineSeparator());
        }
        for (Cells c : tables) {
            sb.append(c.toText()).append(System.lineSeparator());
        }
        sb.append("Raw files: ").append(data.runDir().toAbsolutePath()).append(System.lineSeparator());
        return sb.toString();
    }
}
