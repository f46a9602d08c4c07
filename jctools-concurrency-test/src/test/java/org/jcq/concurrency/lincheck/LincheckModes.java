package org.jcq.concurrency.lincheck;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * The two Lincheck configurations of the suite. {@code mvn verify} runs the short one, sized so
 * that the whole suite stays within CI's budget; {@code -Dlincheck.long=true} selects the thorough
 * one, for a run before a release or after a change to a queue's algorithm.
 * <p>
 * Scenarios have three threads of up to three operations each, after up to three sequential ones
 * (which often fill a queue of capacity 2 before the parallel part starts).
 */
final class LincheckModes {
    /** Whether the thorough configuration was asked for. */
    static final boolean LONG = Boolean.getBoolean("lincheck.long");

    private LincheckModes() {
    }

    /** @return stress mode: scenarios run on real threads, many times each */
    static StressOptions stress() {
        return new StressOptions()
            .iterations(LONG ? 200 : 20)
            .invocationsPerIteration(LONG ? 20_000 : 2_000)
            .threads(3)
            .actorsPerThread(3)
            .actorsBefore(3)
            .actorsAfter(2);
    }

    /** @return model checking: scenarios run under Lincheck's scheduler, which explores interleavings */
    static ModelCheckingOptions modelChecking() {
        return new ModelCheckingOptions()
            .iterations(LONG ? 200 : 20)
            .invocationsPerIteration(LONG ? 5_000 : 500)
            .threads(3)
            .actorsPerThread(3)
            .actorsBefore(3)
            .actorsAfter(2);
    }
}
