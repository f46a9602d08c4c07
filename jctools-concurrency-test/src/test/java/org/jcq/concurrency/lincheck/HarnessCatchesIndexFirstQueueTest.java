package org.jcq.concurrency.lincheck;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.concurrency.selfcheck.IndexFirstQueue;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.junit.jupiter.api.Test;

/**
 * The Lincheck harness's self-check: the same check that {@link QueueLinearizabilityTest} runs on
 * the SPSC queues, against {@link IndexFirstQueue}, which publishes its index before its element.
 * Its {@code poll()} can return {@code null} for an element whose {@code offer} has already
 * completed (and lose that element), which no sequential order explains; Lincheck must report a
 * non-linearizable history, or the harness is not testing anything.
 * <p>
 * It runs without {@code isEmpty}, so the failure found is the index-first bug itself (a broken
 * {@code offer}/{@code poll} pair), not its index-based {@code isEmpty}. Model checking explores the producer's window
 * between its two stores systematically, so it finds the bug deterministically; stress mode
 * depends on the scheduler and is not asserted.
 */
class HarnessCatchesIndexFirstQueueTest {
    private static final Subject INDEX_FIRST =
        new Subject("IndexFirstQueue(2)", QueueOperations.SpscCore.class, () -> new IndexFirstQueue<>(2));

    @Test
    void modelCheckingReportsNonLinearizableHistory() {
        final LincheckAssertionError error = assertThrows(LincheckAssertionError.class,
            () -> INDEX_FIRST.check(LincheckModes.modelChecking(INDEX_FIRST)));
        assertTrue(error.getMessage().contains("= Invalid execution results ="), error.getMessage());
    }
}
