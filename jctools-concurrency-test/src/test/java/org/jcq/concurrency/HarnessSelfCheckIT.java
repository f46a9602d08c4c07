package org.jcq.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Proof that the jcstress tests can fail: the generated tests of
 * {@link org.jcq.concurrency.selfcheck.IndexFirstQueue}, which publishes its index before its
 * element, must report FORBIDDEN outcomes, and those of
 * {@link org.jcq.concurrency.selfcheck.ParkFirstBlockingQueue}, whose waiters park before they
 * check, lost wake-ups (STALE). A harness that passes them (actors that never race, outcomes that
 * accept everything, a generator that lost a property) fails this test.
 * <p>
 * IndexFirstQueue's window is a few instructions wide, so a run may miss it; three short runs in a row all
 * missing it would mean the tests no longer race.
 */
class HarnessSelfCheckIT {
    /** The properties the broken queue breaks: a null poll while not empty, and a lost element. */
    static final String BROKEN = "^org\\.jcq\\.concurrency\\.selfcheck\\.IndexFirstQueueStress\\.Fresh_(NotEmptyThenPoll|OfferPoll|EmptyEdge)$";

    private static final Pattern FORBIDDEN =
            Pattern.compile("(org\\.jcq\\.concurrency\\.[\\w.]+) \\[[^]]*\\]: Observed forbidden state");

    /** The wake-up tests the broken blocking queue fails, one per side: a waiter left parked. */
    static final String PARKED = "^org\\.jcq\\.concurrency\\.selfcheck\\.ParkFirstBlockingQueueStress\\.Fresh_(TakeWokenByOffer|PutWokenByPoll)$";

    /**
     * {@link org.jcq.concurrency.selfcheck.ParkFirstBlockingQueue}, whose waiters park before
     * they check, must leave a waiter parked (STALE) on both sides. Each STALE costs jcstress'
     * termination time-out, so this takes about a minute; it needs no retries, since the signal
     * usually comes before the waiter counts itself.
     */
    @Test
    void lostWakeUpIsCaught() throws Exception {
        final JcstressRun run = JcstressRun.run("selfcheck-wakeup", "-t", PARKED, "-m", "quick", "-iters", "1", "-sc",
                "false", "-jvmArgs", "-Xmx256m");
        final long[] counts = run.finalCounts();
        assertEquals(0, counts[3] + counts[4], () -> "test errors are not catches:\n" + run.tail());
        assertNotEquals(0, run.exitCode(), () -> "jcstress exited 0:\n" + run.tail());
        for (String side : new String[] {"TakeWokenByOffer", "PutWokenByPoll"}) {
            assertTrue(Pattern.compile("Fresh_" + side + " \\[[^]]*\\]: Observed forbidden state: STALE").matcher(run.output()).find(),
                    () -> "no lost wake-up reported for " + side + ":\n" + run.tail());
        }
        final Matcher m = FORBIDDEN.matcher(run.output());
        while (m.find()) {
            assertTrue(m.group(1).matches(PARKED.substring(1, PARKED.length() - 1)),
                    "a forbidden outcome outside the self-check: " + m.group(1));
        }
    }

    @Test
    void brokenQueueIsCaught() throws Exception {
        final StringBuilder misses = new StringBuilder();
        for (int attempt = 1; attempt <= 3; attempt++) {
            final JcstressRun run = JcstressRun.run("selfcheck-" + attempt, "-t", BROKEN, "-m", "quick", "-iters", "1",
                    "-sc", "false", "-jvmArgs", "-Xmx256m");
            final long[] counts = run.finalCounts();
            assertEquals(0, counts[3] + counts[4], () -> "test errors are not catches:\n" + run.tail());
            final Matcher m = FORBIDDEN.matcher(run.output());
            if (m.find()) {
                assertNotEquals(0, run.exitCode(), "jcstress saw a forbidden outcome but exited 0");
                do {
                    assertTrue(m.group(1).matches(BROKEN.substring(1, BROKEN.length() - 1)),
                            "a forbidden outcome outside the self-check: " + m.group(1));
                } while (m.find());
                return;
            }
            misses.append("attempt ").append(attempt).append(": ").append(counts[1]).append(" of ").append(counts[0])
                    .append(" passed\n");
        }
        fail("the broken queue passed every run; the jcstress tests no longer catch a missing publication:\n" + misses);
    }
}
