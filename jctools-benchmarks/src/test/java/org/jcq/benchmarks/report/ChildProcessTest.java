package org.jcq.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The child-process launcher the comparison runs the latency harness and the footprint table
 * with: a hung child is stopped at its limit, a failing one is reported with its status and its
 * last output lines. No timing is asserted beyond "stopped well before it would have ended".
 */
class ChildProcessTest {
    /** Generous on a loaded 2-core machine: a JVM start takes well under this. */
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Duration SHORT_LIMIT = Duration.ofSeconds(2);
    private static final long HANG_MILLIS = Duration.ofMinutes(10).toMillis();
    private static final int FAILURE_STATUS = 3;

    /** A child that prints a line and exits with the status given. */
    public static final class Exits {
        public static void main(String[] args) {
            System.out.println("first line");
            System.err.println("boom: " + args[0]);
            System.exit(Integer.parseInt(args[0]));
        }
    }

    /** A child that never ends by itself. */
    public static final class Hangs {
        public static void main(String[] args) throws InterruptedException {
            System.out.println("hanging");
            Thread.sleep(HANG_MILLIS);
        }
    }

    private static List<String> java(Class<?> main, String... args) {
        final List<String> command = new ArrayList<>(List.of(ChildProcess.javaLauncher(), "-cp",
                System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return command;
    }

    @Test
    void aFailingChildIsReportedWithItsStatusAndLastOutput(@TempDir Path dir) throws Exception {
        final ChildProcess.Outcome o = ChildProcess.run(java(Exits.class, Integer.toString(FAILURE_STATUS)),
                dir.resolve("child.log"), LIMIT);
        assertFalse(o.ok());
        assertFalse(o.timedOut());
        assertTrue(o.describe().contains("exit status " + FAILURE_STATUS), o.describe());
        assertTrue(o.describe().contains("boom: 3"), o.describe());
    }

    @Test
    void aSucceedingChildIsOk(@TempDir Path dir) throws Exception {
        assertTrue(ChildProcess.run(java(Exits.class, "0"), dir.resolve("child.log"), LIMIT).ok());
    }

    @Test
    void aHungChildIsStoppedAtItsLimit(@TempDir Path dir) throws Exception {
        final ChildProcess.Outcome o = ChildProcess.run(java(Hangs.class), dir.resolve("child.log"), SHORT_LIMIT);
        assertTrue(o.timedOut());
        assertFalse(o.ok());
        assertTrue(o.seconds() < Duration.ofMillis(HANG_MILLIS).toSeconds(), "stopped, not waited for");
        assertTrue(o.describe().startsWith("timed out"), o.describe());
    }
}
