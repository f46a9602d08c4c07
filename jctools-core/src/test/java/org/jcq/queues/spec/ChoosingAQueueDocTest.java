package org.jcq.queues.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.spec.Queues.Threads;
import org.junit.jupiter.api.Test;

/**
 * The table "The builder's choices" in {@code docs/choosing-a-queue.md} says what the builder
 * does: for each of the 16 decisions, the builder's queue is of the class the table names, holds
 * the same bytes as that class built with the table's arguments (so the chunk sizes and pools are
 * the table's), and has the capacity the table's least capacity implies. So the guide cannot drift
 * from the code.
 * <p>
 * Tests run with the module as working directory (Maven sets {@code basedir} to it), so the guide
 * is {@code ../docs/choosing-a-queue.md}.
 */
class ChoosingAQueueDocTest {
    private static final String DOC = "docs/choosing-a-queue.md";
    private static final String README = "README.md";
    private static final String README_HEADER = "| Shape | Bound | Throughput first | Footprint first |";
    private static final String HEADING = "## The builder's choices";
    private static final String NONE = "–";
    private static final Pattern QUEUE = Pattern.compile("`(\\w+)\\(([^)]*)\\)`");
    private static final int[] BOUNDS = {1, 3, 100, 1024};

    /** One row of the guide's table. */
    private record Row(Threads producers, Threads consumers, boolean bounded, boolean footprintFirst, String queue,
            List<String> args, int least) {
        @Override
        public String toString() {
            return producers + "/" + consumers + "/" + (bounded ? "bounded" : "unbounded") + "/"
                    + (footprintFirst ? "footprint" : "throughput") + " -> " + queue + args;
        }
    }

    @Test
    void theGuidesTableIsWhatTheBuilderBuilds() throws IOException, ReflectiveOperationException {
        final List<Row> rows = parse(Files.readAllLines(guide(), StandardCharsets.UTF_8));
        assertEquals(16, rows.size(), "one row per decision: " + rows);
        final Set<String> decisions = new HashSet<>();
        for (Row row : rows) {
            assertTrue(decisions.add(row.producers + "/" + row.consumers + "/" + row.bounded + "/" + row.footprintFirst),
                    "decision listed twice: " + row);
            check(row);
        }
    }

    /**
     * The README's short table (shape, bound, the throughput-first and the footprint-first queue)
     * names, cell for cell, the queues of the guide's table, so it is what the builder builds too.
     */
    @Test
    void theReadmesTableIsTheGuidesTable() throws IOException {
        final List<Row> rows = parse(Files.readAllLines(guide(), StandardCharsets.UTF_8));
        final List<String> readme = Files.readAllLines(find(README), StandardCharsets.UTF_8);
        int i = 0;
        while (i < readme.size() && !readme.get(i).startsWith(README_HEADER)) {
            i++;
        }
        assertTrue(i < readme.size(), "no table headed '" + README_HEADER + "' in " + README);
        final Set<String> seen = new HashSet<>();
        for (i += 2; i < readme.size() && readme.get(i).startsWith("|"); i++) {
            final List<String> c = cells(readme.get(i));
            assertEquals(4, c.size(), "cells in " + readme.get(i));
            final String shape = c.get(0);
            final Threads producers = shape.startsWith("S") ? Threads.ONE : Threads.MANY;
            final Threads consumers = shape.endsWith("SC") ? Threads.ONE : Threads.MANY;
            assertTrue(List.of("SPSC", "MPSC", "SPMC", "MPMC").contains(shape), "shape " + shape);
            final boolean bounded = word(c.get(1), "n", "none");
            assertTrue(seen.add(shape + "/" + bounded), "listed twice: " + readme.get(i));
            for (boolean footprintFirst : new boolean[] {false, true}) {
                final Row row = rows.stream().filter(r -> r.producers == producers && r.consumers == consumers
                        && r.bounded == bounded && r.footprintFirst == footprintFirst).findFirst().orElseThrow();
                assertEquals("`" + row.queue + "(" + String.join(", ", row.args) + ")`", c.get(footprintFirst ? 3 : 2),
                        readme.get(i));
            }
        }
        assertEquals(8, seen.size(), "one README row per shape and bound: " + seen);
    }

    private static void check(Row row) throws ReflectiveOperationException {
        final Class<?> type = Class.forName("org.jcq.queues." + row.queue);
        assertEquals(row.bounded, row.args.contains("n"), row + ": a bounded row takes n, an unbounded one does not");
        for (int bound : row.bounded ? BOUNDS : new int[] {0}) {
            final MessagePassingQueue<Integer> built = build(row, bound);
            assertEquals(type, built.getClass(), row.toString());
            final int capacity = row.bounded ? Math.max(pow2(bound), row.least) : MessagePassingQueue.UNBOUNDED_CAPACITY;
            assertEquals(capacity, built.capacity(), row + ", bound " + bound);
            final int[] args = row.args.stream().mapToInt(a -> "n".equals(a) ? Math.max(bound, row.least)
                    : Integer.parseInt(a)).toArray();
            final Constructor<?> constructor = type.getConstructor(intParameters(args.length));
            for (int count : row.bounded ? new int[] {0, 1, capacity} : new int[] {0, 1, 100, 3000}) {
                assertEquals(Footprints.holding(() -> newQueue(constructor, args), count),
                        Footprints.holding(() -> build(row, bound), count),
                        row + ", bound " + bound + ": not the table's arguments (holding " + count + ")");
            }
        }
    }

    private static MessagePassingQueue<Integer> build(Row row, int bound) {
        final Queues.Builder b = Queues.builder().producers(row.producers).consumers(row.consumers);
        if (row.bounded) {
            b.bounded(bound);
        } else {
            b.unbounded();
        }
        return row.footprintFirst ? b.footprintFirst().build() : b.throughputFirst().build();
    }

    @SuppressWarnings("unchecked")
    private static MessagePassingQueue<Integer> newQueue(Constructor<?> constructor, int[] args) {
        try {
            return (MessagePassingQueue<Integer>) constructor.newInstance(Arrays.stream(args).boxed().toArray());
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError(constructor + " with " + Arrays.toString(args), e);
        }
    }

    private static Class<?>[] intParameters(int count) {
        final Class<?>[] types = new Class<?>[count];
        Arrays.fill(types, int.class);
        return types;
    }

    /** The rows of the table under {@link #HEADING}, read by its header's column names. */
    private static List<Row> parse(List<String> lines) {
        int i = lines.indexOf(HEADING);
        assertTrue(i >= 0, "no heading '" + HEADING + "' in " + DOC);
        while (i < lines.size() && !lines.get(i).startsWith("|")) {
            i++;
        }
        assertTrue(i < lines.size(), "no table under '" + HEADING + "'");
        final List<String> header = cells(lines.get(i));
        final Map<String, Integer> column = header.stream().collect(Collectors.toMap(h -> h, header::indexOf));
        i += 2; // the header and its separator line
        final List<Row> rows = new ArrayList<>();
        for (; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            final List<String> c = cells(lines.get(i));
            assertEquals(header.size(), c.size(), "cells in " + lines.get(i));
            final Matcher queue = QUEUE.matcher(c.get(column(column, "Queue")));
            assertTrue(queue.matches(), "Queue cell is not `Class(args)`: " + lines.get(i));
            final String least = c.get(column(column, "Least capacity"));
            final boolean bounded = word(c.get(column(column, "Bound")), "bounded", "unbounded");
            assertEquals(bounded, !NONE.equals(least), "a least capacity only for bounded rows: " + lines.get(i));
            rows.add(new Row(threads(c.get(column(column, "Producers"))), threads(c.get(column(column, "Consumers"))),
                    bounded, !word(c.get(column(column, "First")), "throughput", "footprint"), queue.group(1),
                    queue.group(2).isBlank() ? List.of()
                            : Arrays.stream(queue.group(2).split(",")).map(String::trim).collect(Collectors.toList()),
                    bounded ? Integer.parseInt(least) : 0));
        }
        return rows;
    }

    private static int column(Map<String, Integer> column, String name) {
        final Integer index = column.get(name);
        if (index == null) {
            fail("no column '" + name + "' in " + column.keySet());
        }
        return index;
    }

    private static List<String> cells(String line) {
        final String inner = line.trim().substring(1, line.trim().length() - 1);
        return Arrays.stream(inner.split("\\|", -1)).map(String::trim).collect(Collectors.toList());
    }

    private static Threads threads(String cell) {
        return word(cell, "one", "many") ? Threads.ONE : Threads.MANY;
    }

    /** True for {@code yes}, false for {@code no}, else the test fails. */
    private static boolean word(String cell, String yes, String no) {
        if (cell.equals(yes)) {
            return true;
        }
        if (cell.equals(no)) {
            return false;
        }
        throw new AssertionError("expected '" + yes + "' or '" + no + "' but found '" + cell + "'");
    }

    /** The guide, from the module directory (Maven's {@code basedir}) or from the repository root. */
    private static Path guide() {
        return find(DOC);
    }

    private static Path find(String file) {
        final List<Path> tried = new ArrayList<>();
        for (Path dir : List.of(Path.of(System.getProperty("basedir", ".")).resolve(".."), Path.of(".."), Path.of("."))) {
            final Path doc = dir.resolve(file).normalize();
            if (Files.isRegularFile(doc)) {
                return doc;
            }
            tried.add(doc.toAbsolutePath());
        }
        throw new AssertionError(file + " not found; tried " + tried);
    }

    private static int pow2(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
