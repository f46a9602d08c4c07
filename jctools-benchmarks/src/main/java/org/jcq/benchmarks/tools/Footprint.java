package org.jcq.benchmarks.tools;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.jcq.benchmarks.support.KeyValueArgs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.Set;

import org.openjdk.jol.info.GraphLayout;

/**
 * Memory footprint of every queue, empty and full: the retained size of the object graph reachable
 * from the queue (JOL's {@link GraphLayout}), so arrays, chunks, nodes, padding and locks all count.
 * <p>
 * "Full" means as many elements offered as the queue really holds when bounded
 * ({@link BenchmarkQueues#capacityOf}, which may exceed the requested capacity), and {@code capacity}
 * elements when unbounded. Every element is the same {@link Integer} instance, so it is counted
 * once (16 bytes with compressed oops) however many slots refer to it: {@code fullBytes} includes
 * it, and the table's bytes-per-element column subtracts it. An array queue allocates its ring up
 * front, so for it full is empty plus that one element; linked-node and chunked queues grow.
 * <p>
 * Why it is honest: the sizes are JOL's walk of the live graph in this JVM (its object alignment,
 * compressed oops and field layout), not a model; run it on the JVM and flags you benchmark with.
 * <p>
 * Output: a table on stdout, and with {@code out=} a CSV file whose header is exactly
 * {@value #CSV_HEADER}. Run it in a JVM of its own, letting JOL attach to it:
 * <pre>
 * java -Djdk.attach.allowAttachSelf=true -XX:+EnableDynamicAgentLoading \
 *     -cp jctools-benchmarks/target/benchmarks.jar org.jcq.benchmarks.tools.Footprint \
 *     capacity=1024 out=footprint.csv
 * </pre>
 * (JDK 24 and later: add {@code --sun-misc-unsafe-memory-access=allow}).
 */
public final class Footprint {
    /** The CSV's header line, fixed: scripts read the columns by name. */
    public static final String CSV_HEADER = "qType,capacity,elements,emptyBytes,fullBytes";
    /** Key: comma-separated {@link BenchmarkQueues} names; default every known queue. */
    public static final String KEY_QTYPES = "qTypes";
    /** Key: the requested capacity (chunk size for unbounded linked-array queues). */
    public static final String KEY_CAPACITY = "capacity";
    /** Key: where to write the CSV; optional. */
    public static final String KEY_OUT = "out";
    /** The default requested capacity. */
    public static final int DEFAULT_CAPACITY = 1024;
    /** Exit status for bad arguments, as every command-line main here uses. */
    static final int EXIT_USAGE = 2;
    static final String USAGE = "usage: Footprint [" + KEY_QTYPES + "=a,b,c] [" + KEY_CAPACITY + "=N (default "
            + DEFAULT_CAPACITY + ")] [" + KEY_OUT + "=file.csv]";
    private static final Set<String> KEYS = Set.of(KEY_QTYPES, KEY_CAPACITY, KEY_OUT);
    /** The one element every slot refers to. */
    private static final Integer ELEMENT = 1;

    private Footprint() {
    }

    /** The parsed command line. */
    record Settings(List<String> qTypes, int capacity, Path out) {
    }

    /**
     * One queue's footprint.
     *
     * @param qType      the queue's {@link BenchmarkQueues} name
     * @param capacity   the requested capacity
     * @param elements   how many elements were offered to make it full
     * @param emptyBytes the graph's size when new
     * @param fullBytes  the graph's size holding {@code elements} references to one element
     */
    record Row(String qType, int capacity, int elements, long emptyBytes, long fullBytes) {
        String csvLine() {
            return qType + "," + capacity + "," + elements + "," + emptyBytes + "," + fullBytes;
        }

        /**
         * @param elementBytes the size of the one shared element
         * @return bytes the queue grew by per element held, the element itself excluded; NaN if it
         *         holds none
         */
        double bytesPerElement(long elementBytes) {
            return elements == 0 ? Double.NaN : (double) (fullBytes - emptyBytes - elementBytes) / elements;
        }
    }

    public static void main(String[] args) {
        final int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Parses, measures, prints and writes.
     *
     * @return 0, or {@link #EXIT_USAGE} after printing the problem and the usage to {@code err}
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        final Settings settings;
        try {
            settings = parse(args);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.println(USAGE);
            return EXIT_USAGE;
        }
        final List<Row> rows = measure(settings.qTypes(), settings.capacity());
        out.print(table(rows));
        if (settings.out() != null) {
            try {
                Files.writeString(settings.out(), csv(rows), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalStateException("cannot write " + settings.out(), e);
            }
        }
        return 0;
    }

    /**
     * @throws IllegalArgumentException naming the argument and its value: not key=value, an
     *                                  unknown key, an unknown queue, a capacity that is not a
     *                                  positive int
     */
    static Settings parse(String[] args) {
        final Map<String, String> values = KeyValueArgs.parse(args, KEYS);
        return new Settings(KeyValueArgs.qTypes(KEY_QTYPES, values.get(KEY_QTYPES), BenchmarkQueues.names()),
                KeyValueArgs.positiveInt(KEY_CAPACITY, values.get(KEY_CAPACITY), DEFAULT_CAPACITY),
                values.containsKey(KEY_OUT) ? Path.of(values.get(KEY_OUT)) : null);
    }

    /** @return each queue's footprint, in the order given */
    static List<Row> measure(List<String> qTypes, int capacity) {
        final List<Row> rows = new ArrayList<>(qTypes.size());
        for (String qType : qTypes) {
            rows.add(measure(qType, capacity));
        }
        return rows;
    }

    /** @return the footprint of a new {@code qType} queue, empty and then full */
    static Row measure(String qType, int capacity) {
        final Queue<Integer> q = BenchmarkQueues.create(qType, capacity);
        final long empty = GraphLayout.parseInstance(q).totalSize();
        final int bound = BenchmarkQueues.capacityOf(q);
        final int target = bound == BenchmarkQueues.UNBOUNDED ? capacity : bound;
        int elements = 0;
        while (elements < target && q.offer(ELEMENT)) {
            elements++;
        }
        return new Row(qType, capacity, elements, empty, GraphLayout.parseInstance(q).totalSize());
    }

    /** @return the CSV: {@link #CSV_HEADER}, then one line per row, each ending in a newline */
    static String csv(List<Row> rows) {
        final StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
        for (Row row : rows) {
            sb.append(row.csvLine()).append('\n');
        }
        return sb.toString();
    }

    /** @return the human-readable table, with bytes per element held where the queue holds any */
    static String table(List<Row> rows) {
        final long elementBytes = GraphLayout.parseInstance(ELEMENT).totalSize();
        final String format = "%-50s %9s %9s %11s %11s %13s%n";
        final StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, format, "qType", "capacity",
                "elements", "emptyBytes", "fullBytes", "bytes/element"));
        for (Row row : rows) {
            final double perElement = row.bytesPerElement(elementBytes);
            sb.append(String.format(Locale.ROOT, format, row.qType(), row.capacity(), row.elements(),
                    row.emptyBytes(), row.fullBytes(),
                    Double.isNaN(perElement) ? "-" : String.format(Locale.ROOT, "%.1f", perElement)));
        }
        sb.append(String.format(Locale.ROOT, "(every slot refers to one shared %d-byte Integer: counted once in "
                + "fullBytes, subtracted from bytes/element)%n", elementBytes));
        return sb.toString();
    }
}
