package org.jcq.concurrency;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of the packaged {@code jcstress.jar} in a child JVM, as a user would start it, with its
 * console output kept beside the HTML report under {@code target/jcstress-reports/<name>/}.
 *
 * @param exitCode the child's exit code: jcstress exits non-zero when any test fails or errs
 * @param output everything it printed
 * @param reportDir where its reports are
 */
record JcstressRun(int exitCode, String output, Path reportDir) {
    private static final Pattern RESULTS =
            Pattern.compile("\\(Results: (\\d+) planned; (\\d+) passed, (\\d+) failed, (\\d+) soft errs, (\\d+) hard errs\\)");

    /** Runs jcstress with {@code args}, naming the run {@code name}. */
    static JcstressRun run(String name, String... args) throws IOException, InterruptedException {
        final Path jar = Path.of(property("jcstress.jar"));
        assertTrue(Files.isRegularFile(jar), () -> jar + " is missing: these tests run after package (mvn verify)");
        final Path dir = Path.of(property("jcstress.reports")).resolve(name);
        Files.createDirectories(dir);
        // The forks run without the blocking queues' safety-net timeout: a lost wake-up then
        // leaves a termination test's waiter parked, and jcstress reports it, instead of waking
        // it a second later.
        final List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString(),
                "-r", dir.resolve("html").toString(), "-jvmArgsPrepend", "-Djcq.parking.safetyNetMillis=0"));
        command.addAll(List.of(args));
        final Path log = dir.resolve("console.txt");
        final Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        final int exit = p.waitFor();
        return new JcstressRun(exit, Files.readString(log, StandardCharsets.UTF_8), dir);
    }

    static String property(String key) {
        final String value = System.getProperty(key);
        if (value == null) {
            throw new IllegalStateException("system property " + key + " is not set (failsafe sets it; see the module pom)");
        }
        return value;
    }

    /** The last progress line's counts: planned, passed, failed, soft errors, hard errors. */
    long[] finalCounts() {
        final Matcher m = RESULTS.matcher(output);
        long[] last = null;
        while (m.find()) {
            last = new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)), Long.parseLong(m.group(5))};
        }
        if (last == null) {
            throw new AssertionError("jcstress printed no results line:\n" + tail());
        }
        return last;
    }

    /** The report part of the output (after "RUN RESULTS"), or its last lines. */
    String tail() {
        final int i = output.lastIndexOf("RUN RESULTS");
        return i >= 0 ? output.substring(i) : output.substring(Math.max(0, output.length() - 4000));
    }
}
