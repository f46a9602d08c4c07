package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The core library uses VarHandles only: no class file of jctools-core may mention
 * {@code sun.misc.Unsafe} or any {@code jdk.internal} package, in internal ({@code /}) or source
 * ({@code .}) spelling.
 */
class NoUnsafeTest {
    private static final List<String> FORBIDDEN = List.of("sun/misc/Unsafe", "sun.misc.Unsafe", "jdk/internal",
            "jdk.internal");
    /** Fewer class files than this means the scan looked in the wrong place. */
    private static final int MIN_CLASSES = 20;

    @Test
    void noClassFileMentionsUnsafeOrJdkInternals() throws IOException {
        final Set<String> scanned = new TreeSet<>();
        final List<String> offenders = new ArrayList<>();
        CoreClasses.withRoot(root -> {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                    final String name = root.relativize(file).toString().replace('\\', '/');
                    scanned.add(name);
                    // Class files keep names in modified UTF-8, which is ASCII for these strings.
                    final String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                    for (String forbidden : FORBIDDEN) {
                        if (text.contains(forbidden)) {
                            offenders.add(name + " mentions " + forbidden);
                        }
                    }
                }
            }
            return null;
        });
        assertTrue(scanned.size() >= MIN_CLASSES, "scanned only " + scanned.size() + " class files: " + scanned);
        for (QueueRegistry.QueueSpec spec : QueueRegistry.QUEUES) {
            final String file = spec.create(16).getClass().getName().replace('.', '/') + ".class";
            assertTrue(scanned.contains(file), "did not scan " + file + " among " + scanned);
        }
        assertTrue(scanned.contains("module-info.class"), "did not scan module-info.class");
        if (!offenders.isEmpty()) {
            fail(String.join("\n", offenders));
        }
    }
}
