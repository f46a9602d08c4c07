package org.jcq.concurrency.lincheck;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * The two Lincheck configurations of the suite. {@code mvn verify} runs the short one, sized so
 * that the whole suite stays within CI's budget; {@code -Dlincheck.long=true} selects the thorough
 * one, for a run before a release or after a change to a queue's algorithm.
 * <p>
 * Scenarios have three threads (two for SPSC roles without {@code isEmpty}) of up to three
 * operations each, after up to three sequential ones (which often fill a queue of capacity 2
 * before the parallel part starts) and before up to two.
 */
final class LincheckModes {
    /** Whether the thorough configuration was asked for. */
    static final boolean LONG = Boolean.getBoolean("lincheck.long");

    private LincheckModes() {
    }

    /**
     * @param queue the queue under test
     * @return stress mode: scenarios run on real threads, many times each
     */
    static StressOptions stress(Subject queue) {
        return new StressOptions()
            .iterations(LONG ? 40 : 15)
            .invocationsPerIteration(LONG ? 10_000 : 2_000)
            .threads(threads(queue))
            .actorsPerThread(3)
            .actorsBefore(3)
            .actorsAfter(2);
    }

    /**
     * @param queue the queue under test
     * @return model checking: scenarios run under Lincheck's scheduler, which explores
     *     interleavings
     */
    static ModelCheckingOptions modelChecking(Subject queue) {
        final ModelCheckingOptions options = new ModelCheckingOptions()
            .iterations(LONG ? 30 : 10)
            .invocationsPerIteration(LONG ? 1_000 : 500)
            .threads(threads(queue))
            .actorsPerThread(3)
            .actorsBefore(3)
            .actorsAfter(2);
        if (queue.patientLoops()) {
            // A PRQ consumer at a ticket whose enqueuer gave it up looks at the cell a bounded
            // number of times (its patience) before it passes it; no other thread can end that
            // loop, so the default bound would report it as hung.
            options.loopBound(PATIENCE_LOOKS);
        }
        return options;
    }

    /** More than the PRQ queues' patience: a loop it ends is not a hang. */
    private static final int PATIENCE_LOOKS = 1 << 12;

    /**
     * Two threads for an SPSC queue checked without {@code isEmpty} (one producer, one consumer:
     * a third would have no operation it may run), three otherwise.
     */
    private static int threads(Subject queue) {
        return queue.operations() == QueueOperations.SpscCore.class ? 2 : 3;
    }
}
