package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The padded and the compact edition of a queue share one algorithm and differ only in where their
 * fields sit; each keeps its own field accessors ({@code lv}/{@code lp}/{@code la}/{@code sv}/
 * {@code sp}/{@code so}/{@code cas}...), one-line methods over its own {@code VarHandle}s. An
 * access mode edited in one edition only (a {@code getAcquire} become {@code getOpaque}) compiles,
 * passes every single-threaded test and shows, if ever, in jcstress. This test reads the sources
 * and holds each pair to the same accessors: the same names, signatures and bodies, over
 * {@code VarHandle}s of the same field name and type. Pairs: {@code XUnpadded...} beside {@code X}
 * (with its {@code XFields} holders), and {@code YCompactFields} beside {@code YFields}.
 * <p>
 * Tests run with the module as working directory (Maven sets {@code basedir} to it).
 */
class EditionAccessorsTest {
    private static final Path SOURCES = Path.of("src/main/java/org/jcq/queues");
    /** An accessor: named by its ordering, as STYLE.md asks. */
    private static final Pattern ACCESSOR_NAME = Pattern.compile("(lv|lp|la|sv|sp|so|cas|xadd)[A-Z]\\w*");
    /** A method declaration's head: modifiers, return type, name, parameters, opening brace. */
    private static final Pattern METHOD = Pattern.compile(
            "\\n    (?:@Override\\s+)?((?:(?:final|static|private|protected|public|abstract)\\s+)*)"
                    + "([\\w<>\\[\\], ?.]+?)\\s+(\\w+)\\(([^)]*)\\)\\s*\\{");
    /** A field VarHandle's declaration: constant, field name, field type. */
    private static final Pattern FIELD_HANDLE = Pattern.compile(
            "VarHandle\\s+(\\w+)\\s*=\\s*VarHandles\\.field\\(\\s*(?:LOOKUP|MethodHandles\\.lookup\\(\\)),\\s*(?:[\\w.]+\\.class|THIS),\\s*\"(\\w+)\",\\s*([\\w.\\[\\]]+)\\.class\\)");
    private static final Pattern CONSTANT_USE = Pattern.compile("\\b([A-Z][A-Z0-9_]+)\\.");

    /** An accessor as written: its signature and its body, whitespace folded. */
    record Accessor(String signature, String body, String file) {
    }

    /** A padded edition's files and its compact twin's. */
    record Pair(List<String> padded, List<String> compact) {
        @Override
        public String toString() {
            return padded + " / " + compact;
        }
    }

    @Test
    void everyCompactEditionHasThePaddedEditionsAccessors() throws IOException {
        final List<Pair> pairs = pairs();
        assertTrue(pairs.size() >= 20, "too few pairs found, the naming changed? " + pairs);
        final List<String> problems = new ArrayList<>();
        int compared = 0;
        for (Pair pair : pairs) {
            final Map<String, String> padded = read(pair.padded());
            final Map<String, String> compact = read(pair.compact());
            problems.addAll(differences(padded, compact));
            compared += accessors(padded).size();
        }
        assertTrue(compared >= 100, "too few accessors found, the pattern no longer matches? " + compared);
        assertEquals(List.of(), problems, "padded and compact editions differ in their accessors");
    }

    /** The checker itself: an access mode changed in one edition is reported, naming the method. */
    @Test
    void anAccessModeEditedInOneEditionIsCaught() throws IOException {
        final Map<String, String> padded = read(List.of("SpscArrayQueue.java", "SpscArrayQueueFields.java"));
        final Map<String, String> compact = read(List.of("SpscUnpaddedArrayQueue.java"));
        assertEquals(List.of(), differences(padded, compact));
        final String source = compact.get("SpscUnpaddedArrayQueue.java");
        final String edited = source.replaceFirst("PRODUCER_INDEX\\.getAcquire\\(this\\)", "PRODUCER_INDEX.getOpaque(this)");
        assertTrue(!edited.equals(source), "the edit did not apply");
        final List<String> found = differences(padded, Map.of("SpscUnpaddedArrayQueue.java", edited));
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).contains("laProducerIndex"), found.toString());
    }

    /** The checker itself: a VarHandle over another field is reported though the bodies agree. */
    @Test
    void aHandleOverAnotherFieldIsCaught() throws IOException {
        final Map<String, String> padded = read(List.of("SpscArrayQueue.java", "SpscArrayQueueFields.java"));
        final String source = read(List.of("SpscUnpaddedArrayQueue.java")).get("SpscUnpaddedArrayQueue.java");
        final String edited = source.replaceFirst("\"consumerIndex\", long\\.class", "\"producerIndex\", long.class");
        assertTrue(!edited.equals(source), "the edit did not apply");
        final List<String> found = differences(padded, Map.of("SpscUnpaddedArrayQueue.java", edited));
        assertTrue(found.stream().anyMatch(p -> p.contains("CONSUMER_INDEX")), found.toString());
    }

    private static List<Pair> pairs() throws IOException {
        final List<Pair> pairs = new ArrayList<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (String name : files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList())) {
                if (name.contains("Unpadded")) {
                    final String padded = name.replace("Unpadded", "");
                    final List<String> paddedFiles = new ArrayList<>(List.of(padded));
                    final String holders = padded.replace(".java", "Fields.java");
                    if (Files.exists(SOURCES.resolve(holders))) {
                        paddedFiles.add(holders);
                    }
                    pairs.add(new Pair(paddedFiles, List.of(name)));
                } else if (name.endsWith("CompactFields.java")) {
                    pairs.add(new Pair(List.of(name.replace("CompactFields", "Fields")), List.of(name)));
                }
            }
        }
        return pairs;
    }

    private static Map<String, String> read(List<String> names) throws IOException {
        final Map<String, String> sources = new LinkedHashMap<>();
        for (String name : names) {
            sources.put(name, Files.readString(SOURCES.resolve(name), StandardCharsets.UTF_8));
        }
        return sources;
    }

    /** What differs between the two editions' accessors, one line per difference. */
    static List<String> differences(Map<String, String> padded, Map<String, String> compact) {
        final Map<String, Accessor> a = accessors(padded);
        final Map<String, Accessor> b = accessors(compact);
        final Map<String, String> handlesA = handles(padded);
        final Map<String, String> handlesB = handles(compact);
        final List<String> problems = new ArrayList<>();
        for (String name : new TreeSet<>(union(a.keySet(), b.keySet()))) {
            final Accessor x = a.get(name);
            final Accessor y = b.get(name);
            if (x == null || y == null) {
                problems.add(name + ": only in " + (x == null ? y.file() : x.file()));
            } else if (!x.signature().equals(y.signature()) || !x.body().equals(y.body())) {
                problems.add(name + ": " + x.file() + " has '" + x.signature() + " { " + x.body() + " }', "
                        + y.file() + " has '" + y.signature() + " { " + y.body() + " }'");
            } else {
                final Matcher m = CONSTANT_USE.matcher(x.body());
                while (m.find()) {
                    final String constant = m.group(1);
                    final String fieldA = handlesA.get(constant);
                    final String fieldB = handlesB.get(constant);
                    if (fieldA != null || fieldB != null) {
                        if (fieldA == null || !fieldA.equals(fieldB)) {
                            problems.add(name + ": " + constant + " is a handle over " + fieldA + " in "
                                    + padded.keySet() + " but over " + fieldB + " in " + compact.keySet());
                        }
                    }
                }
            }
        }
        return problems;
    }

    private static TreeSet<String> union(java.util.Set<String> a, java.util.Set<String> b) {
        final TreeSet<String> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    /** The instance accessors declared in {@code sources}, by name (static helpers are shared, not copied). */
    static Map<String, Accessor> accessors(Map<String, String> sources) {
        final Map<String, Accessor> found = new LinkedHashMap<>();
        for (Map.Entry<String, String> source : sources.entrySet()) {
            final String s = source.getValue();
            final Matcher m = METHOD.matcher(s);
            while (m.find()) {
                final String name = m.group(3);
                if (!ACCESSOR_NAME.matcher(name).matches() || m.group(1).contains("static")) {
                    continue;
                }
                int depth = 1;
                int i = m.end();
                while (depth > 0) {
                    final char c = s.charAt(i++);
                    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
                }
                final String body = s.substring(m.end(), i - 1).replaceAll("\\s+", " ").trim();
                final String signature = (m.group(2).trim() + " " + name + "(" + m.group(4) + ")").replaceAll("\\s+", " ");
                final Accessor previous = found.put(name, new Accessor(signature, body, source.getKey()));
                assertTrue(previous == null, name + " declared twice in " + sources.keySet());
            }
        }
        return found;
    }

    /** Each field VarHandle constant declared in {@code sources}: "field name, type". */
    private static Map<String, String> handles(Map<String, String> sources) {
        final Map<String, String> found = new LinkedHashMap<>();
        for (String s : sources.values()) {
            final Matcher m = FIELD_HANDLE.matcher(s);
            while (m.find()) {
                found.put(m.group(1), m.group(2) + ", " + m.group(3));
            }
        }
        return found;
    }
}
