package org.jcq.concurrency.lincheck;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jetbrains.lincheck.LincheckAssertionError;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins a finding of the Lincheck suite: on the SPSC queues, {@code isEmpty()} is not
 * linearizable, even when only the consumer thread calls it.
 * <p>
 * Their {@code offer} publishes the element (the slot, or the link of a node) before it advances
 * the producer index (or the producer node), and {@code poll}/{@code peek} find an element through
 * the slot or link, while {@code isEmpty} compares the indices (nodes). In the window between the
 * producer's two stores:
 * <ul>
 * <li>{@code SpscArrayQueue}, {@code SpscUnboundedArrayQueue}: the consumer's {@code peek()}
 *     returns the element and its {@code isEmpty()} then says {@code true};</li>
 * <li>{@code SpscLinkedQueue}: the consumer polls the only element, after which {@code isEmpty()}
 *     says {@code false} (so a {@code poll()} after it returns {@code null}).</li>
 * </ul>
 * Both contradict {@link org.jcq.queues.MessagePassingQueue#isEmpty()} ("{@code true} if no
 * element was in the queue at the moment of the call"; "when a consumer sees {@code false}, its
 * next {@code poll()} returns an element"). Model checking finds it deterministically. When the
 * queues or the contract change so that this test fails, move the queue into
 * {@link Subject#registry()} with {@link QueueOperations.Spsc} roles, and delete this test.
 */
class SpscIsEmptyFindingTest {
    static Iterable<Subject> queues() {
        return Subject.spscRegistry();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void isEmptyIsNotLinearizableWithOfferAndPoll(Subject queue) {
        final Subject withIsEmpty = queue.with(QueueOperations.Spsc.class);
        final LincheckAssertionError error = assertThrows(LincheckAssertionError.class,
            () -> withIsEmpty.check(LincheckModes.modelChecking(withIsEmpty)));
        assertTrue(error.getMessage().contains("= Invalid execution results ="), error.getMessage());
        assertTrue(error.getMessage().contains("isEmpty()"), error.getMessage());
    }
}
