package org.jcq.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The bounded jcstress pass of {@code mvn verify}: every generated test of every queue, once, in
 * the preset mode {@code jcstress.smoke.mode} (sanity by default) and one JVM configuration. It
 * fails the build on any FORBIDDEN outcome or test error, and on any test that did not run (jcstress
 * skips a test that needs more CPUs than it has, silently but for one line).
 */
class StressSmokeIT {
    /** The generated tests of the real queues, core and experimental; the self-check's broken queue lives apart. */
    static final String QUEUES = "^org\\.jcq\\.concurrency\\.(queues|experimental)\\.";

    @Test
    void everyQueueTestRunsWithoutForbiddenOutcomes() throws Exception {
        final JcstressRun run = JcstressRun.run("smoke", "-t", QUEUES, "-m", JcstressRun.property("jcstress.smoke.mode"),
                "-sc", "false", "-jvmArgs", "-Xmx256m");
        final long[] counts = run.finalCounts();
        assertEquals(0, run.exitCode(), () -> "jcstress failed:\n" + run.tail());
        assertTrue(counts[0] > 0, "no tests planned");
        assertEquals(counts[0], counts[1], () -> "planned " + counts[0] + " but passed " + counts[1] + ":\n" + run.tail());
        assertTrue(run.output().contains("Failed tests: No matches."), run::tail);
        assertTrue(run.output().contains("Error tests: No matches."), run::tail);
    }
}
