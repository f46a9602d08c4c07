package org.jcq.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs a benchmark in a child process (a JVM of its own, so one queue's JIT profile, heap and
 * threads cannot colour the next one's), with its output kept in a log file and a time limit.
 * <p>
 * Output goes straight to the file rather than through a pipe, so a chatty child can never block
 * on a full pipe while we wait for it; a child past its limit is stopped, forcibly if it ignores
 * the request, so one hung queue costs its limit and no more.
 */
public final class ChildProcess {
    /** How long a stopped child gets to exit before it is killed. */
    private static final Duration GRACE = Duration.ofSeconds(5);
    /** How many lines of a failed child's log its failure message quotes. */
    private static final int TAIL_LINES = 3;

    private ChildProcess() {
    }

    /**
     * The outcome of one child.
     *
     * @param exitCode the exit status; meaningless when it timed out
     * @param timedOut whether it ran past its limit and was stopped
     * @param seconds  how long it ran
     * @param tail     the last lines of its output, for messages
     */
    public record Outcome(int exitCode, boolean timedOut, double seconds, String tail) {
        /** @return whether it exited by itself with status 0 */
        public boolean ok() {
            return !timedOut && exitCode == 0;
        }

        /** @return a one-line description of a failure */
        public String describe() {
            return (timedOut ? "timed out after " + Math.round(seconds) + " s" : "exit status " + exitCode)
                    + (tail.isEmpty() ? "" : ": " + tail);
        }
    }

    /**
     * Runs a command and waits for it.
     *
     * @param command the program and its arguments
     * @param log     where its standard output and error go (replaced)
     * @param limit   how long it may run
     * @return how it ended
     * @throws IOException if it cannot be started or its log read
     */
    public static Outcome run(List<String> command, Path log, Duration limit) throws IOException {
        if (log.getParent() != null) {
            Files.createDirectories(log.getParent());
        }
        final long start = System.nanoTime();
        final Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        boolean timedOut = false;
        try {
            if (!p.waitFor(limit.toNanos(), TimeUnit.NANOSECONDS)) {
                timedOut = true;
                p.destroy();
                if (!p.waitFor(GRACE.toNanos(), TimeUnit.NANOSECONDS)) {
                    p.destroyForcibly().waitFor();
                }
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + command.get(0), e);
        }
        final double seconds = (System.nanoTime() - start) / (double) TimeUnit.SECONDS.toNanos(1);
        return new Outcome(timedOut ? -1 : p.exitValue(), timedOut, seconds, tail(log));
    }

    private static String tail(Path log) throws IOException {
        // Decoded leniently: a child's output may hold bytes that are not UTF-8.
        final List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines()
                .filter(l -> !l.isBlank()).map(String::trim).collect(Collectors.toList());
        return String.join(" | ", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
    }

    /**
     * @return the {@code java} launcher of the running JVM, so children run on the same JDK
     */
    public static String javaLauncher() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
