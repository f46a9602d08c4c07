package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.jcq.nojfr.WaitPaths;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Core needs {@code jdk.jfr} only statically: in a runtime image of {@code java.base} alone (made
 * here by {@code jlink}), {@link WaitPaths} goes down every wait that has a Flight Recorder event,
 * with core on the module path and on the class path, and no class of {@code org.jcq.internal.jfr}
 * is loaded. And, in the full runtime, with core on the module path and a recording of default
 * settings, the events come (a named module's events need no export).
 * <p>
 * {@code jlink} needs the runtime's {@code jmods} folder or a runtime built linkable (JEP 493,
 * JDK 24 on); where it has neither, the image tests are skipped (assumption), not failed: that is
 * the JDK install's limit, not core's.
 */
class JfrAbsentTest {
    private static final String MAIN = WaitPaths.class.getName();

    @TempDir
    static Path dir;
    private static Path image;
    private static Path core;
    private static Path tests;
    private static String jlinkFailure;

    @BeforeAll
    static void linkJavaBaseImage() throws IOException, InterruptedException, URISyntaxException {
        core = Path.of(SpscArrayQueue.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        tests = Path.of(WaitPaths.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final Path jlink = Path.of(System.getProperty("java.home"), "bin", "jlink");
        if (!Files.isExecutable(jlink)) {
            jlinkFailure = "no jlink in " + System.getProperty("java.home");
            return;
        }
        final Path out = dir.resolve("java-base");
        final Run r = run(List.of(jlink.toString(), "--add-modules", "java.base", "--output", out.toString()));
        if (r.exit != 0) {
            jlinkFailure = "jlink of java.base failed (no jmods, and the runtime not linkable?): " + r.output;
            return;
        }
        image = out;
    }

    private static final class Run {
        final int exit;
        final String output;

        Run(int exit, String output) {
            this.exit = exit;
            this.output = output;
        }
    }

    private static Run run(List<String> command) throws IOException, InterruptedException {
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        final byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished: " + command);
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private static Path imageJava() {
        Assumptions.assumeTrue(image != null, () -> jlinkFailure);
        return image.resolve("bin").resolve("java");
    }

    /** Runs {@link WaitPaths} with {@code options}, logging class loading; returns its output. */
    private static String runWaitPaths(Path java, List<String> options) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.add("-Xlog:class+load=info:stdout");
        command.addAll(options);
        command.add(MAIN);
        final Run r = run(command);
        assertEquals(0, r.exit, () -> "exit status; output:\n" + r.output);
        return r.output;
    }

    private static List<String> lines(String output, String prefix) {
        return output.lines().filter(l -> l.startsWith(prefix)).collect(Collectors.toList());
    }

    private static void assertRanWithoutJfr(String output, String where) {
        assertEquals(List.of("waits ran: jdk.jfr absent, core in " + where), lines(output, "waits ran"), output);
        assertFalse(output.contains("org.jcq.internal.jfr"), "an event class was loaded:\n" + output);
        assertTrue(output.contains("org.jcq.internal.Flight "), "Flight was loaded:\n" + output);
    }

    @Test
    void imageHasJavaBaseAlone() throws IOException, InterruptedException {
        final Run r = run(List.of(imageJava().toString(), "--list-modules"));
        assertEquals(0, r.exit, r.output);
        assertEquals(List.of("java.base"), r.output.lines().map(l -> l.replaceFirst("@.*", ""))
                .filter(l -> !l.isBlank()).collect(Collectors.toList()), r.output);
    }

    @Test
    void coreOnTheModulePathRunsWithoutJfr() throws IOException, InterruptedException {
        final String output = runWaitPaths(imageJava(), List.of("--module-path", core.toString(), "--add-modules",
                "org.jcq.core", "-cp", tests.toString()));
        assertRanWithoutJfr(output, "module org.jcq.core");
    }

    @Test
    void coreOnTheClassPathRunsWithoutJfr() throws IOException, InterruptedException {
        final String output = runWaitPaths(imageJava(), List.of("-cp", core + java.io.File.pathSeparator + tests));
        assertRanWithoutJfr(output, "the unnamed module");
    }

    /**
     * The full runtime, core on the module path, a recording with default settings: the wait
     * paths' events are recorded at their default thresholds, which the waits' holds exceed.
     */
    @Test
    void coreOnTheModulePathRecordsWithDefaultSettings() throws IOException, InterruptedException {
        final Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        final Path file = dir.resolve("module-path.jfr");
        final String output = runWaitPaths(java, List.of("-XX:StartFlightRecording:filename=" + file,
                "--module-path", core.toString(), "--add-modules", "org.jcq.core", "-cp", tests.toString()));
        assertEquals(List.of("waits ran: jdk.jfr present, core in module org.jcq.core"), lines(output, "waits ran"),
                output);
        final List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        assertEquals(Set.of("org.jcq.ProducerStall", "org.jcq.RoomWait", "org.jcq.Park", "org.jcq.CheckedViolation"),
                events.stream().map(e -> e.getEventType().getName()).filter(n -> n.startsWith("org.jcq."))
                        .collect(Collectors.toSet()), "event types recorded");
        assertEquals(Set.of("consumer", "producer"), events.stream()
                .filter(e -> e.getEventType().getName().equals("org.jcq.Park")).map(e -> e.getString("side"))
                .collect(Collectors.toSet()), "park sides");
    }
}
