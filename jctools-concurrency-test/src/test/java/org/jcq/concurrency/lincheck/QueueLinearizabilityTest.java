package org.jcq.concurrency.lincheck;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lincheck's linearizability check of {@code offer}, {@code poll}, {@code peek} and
 * {@code isEmpty} of every queue in {@link Subject#registry()}, in both of Lincheck's modes, with
 * the thread roles each queue allows. A non-linearizable history fails the test with Lincheck's
 * report of the scenario and, in model checking, the interleaving that produced it.
 */
class QueueLinearizabilityTest {
    /**
     * Every subject, or, with the system property {@code lincheck.only} (for instance
     * {@code -Dlincheck.only=removing}), those whose name contains it.
     */
    static Iterable<Subject> queues() {
        final String only = System.getProperty("lincheck.only");
        if (only == null || only.isEmpty()) {
            return Subject.registry();
        }
        return Subject.registry().stream().filter(s -> s.name().contains(only)).collect(java.util.stream.Collectors.toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void linearizableUnderStress(Subject queue) {
        queue.check(LincheckModes.stress(queue));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void linearizableUnderModelChecking(Subject queue) {
        queue.check(LincheckModes.modelChecking(queue));
    }
}
