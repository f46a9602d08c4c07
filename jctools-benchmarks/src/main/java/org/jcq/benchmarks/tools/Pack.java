package org.jcq.benchmarks.tools;

import org.jcq.benchmarks.report.ForkTable;
import org.jcq.benchmarks.support.KeyValueArgs;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Packs a run's raw output into the per-fork CSV the repository keeps ({@link ForkTable}): every
 * JMH JSON file under a folder (or one file) and every harness line of the form
 * {@code name key=value ... qType=... ...}, one row per fork and metric, the JVM and run settings
 * written once. The JSON files, the consoles and logs beside them are then left out of the
 * commit: the CSV is what {@link Ratio} and {@link Peers} read, and what the write-ups' figures are
 * computed from.
 * <p>
 * Usage: {@code java -cp benchmarks.jar org.jcq.benchmarks.tools.Pack RUN_FOLDER OUT.csv
 * [params=workers,submitters,...] [exclude=REGEX]}, where {@code params} lists the numeric keys of
 * harness lines that are settings, not results (default: the harnesses' own), and {@code exclude}
 * leaves out the files whose path under the folder it finds (a run that kept its results twice:
 * each launch's output and a script's {@code runs.txt} of them all).
 */
public final class Pack {
    /** The numeric settings in the harnesses' result lines (executor, Netty, Log4j2, Pekko, PutHandOff). */
    static final Set<String> DEFAULT_PARAMS = Set.of("workers", "submitters", "capacity", "burst", "pauseMicros",
            "threads", "senders", "producers");
    private static final String K_PARAMS = "params";
    private static final String K_EXCLUDE = "exclude";

    private Pack() {
    }

    /**
     * @param args the run folder (or file), the CSV to write, then {@code key=value} options
     * @throws IOException if a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: Pack RUN_FOLDER|FILE OUT.csv[.gz] [params=key,key,...] [exclude=REGEX]");
            System.exit(2);
            return;
        }
        final Map<String, String> options = KeyValueArgs.parse(Arrays.copyOfRange(args, 2, args.length),
                List.of(K_PARAMS, K_EXCLUDE));
        final Set<String> params = options.containsKey(K_PARAMS)
                ? Set.of(options.get(K_PARAMS).split(",")) : DEFAULT_PARAMS;
        final Pattern exclude = options.containsKey(K_EXCLUDE) ? Pattern.compile(options.get(K_EXCLUDE)) : null;
        final ForkTable table = ForkTable.load(Paths.get(args[0]), params, exclude);
        final Path out = Paths.get(args[1]);
        table.write(out);
        System.out.println(out + ": " + table.rows().size() + " rows, " + table.settings().size() + " settings");
    }
}
