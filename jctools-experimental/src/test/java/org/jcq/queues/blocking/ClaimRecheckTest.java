package org.jcq.queues.blocking;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.blocking.BlockingQueues.Spec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.jcq.queues.blocking.BlockingQueues.PATIENCE_MILLIS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Guards the {@code poll} contract of the CAS-claiming queues, which {@code take} and the timed
 * {@code poll} call before they wait: a poll that finds the head slot empty reads the producer
 * index, and while that index shows a claim it waits for the element rather than report the queue
 * empty. (The room's re-check under its lock must not wait like that, so it calls
 * {@code relaxedPoll} and then reads the index through {@code isEmpty()}, awaiting only for a
 * re-check interval while a claim shows: package-info, "Sides that claim with a CAS", and
 * {@link WaitRoomFailureTest}.)
 * <p>
 * A producer is held between its claim and its store by a {@code fill} whose supplier waits.
 * Checked to fail: with {@code MpscArrayQueue.poll} returning null on an empty head slot, the
 * poll returns null here.
 */
class ClaimRecheckTest {
    static Stream<Spec> casProducers() {
        return Stream.of(BlockingQueues.MPSC, BlockingQueues.MPMC);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("casProducers")
    void pollOfAClaimedButUnwrittenHeadWaitsForItsElement(Spec spec) throws InterruptedException {
        @SuppressWarnings("unchecked")
        final MessagePassingQueue<Integer> q = (MessagePassingQueue<Integer>) spec.create(4);
        final CountDownLatch claimed = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final Thread filler = new Thread(() -> q.fill(() -> {
            claimed.countDown();
            try {
                release.await(PATIENCE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 42;
        }, 1), "filler");
        filler.setDaemon(true);
        filler.start();
        assertTrue(claimed.await(PATIENCE_MILLIS, TimeUnit.MILLISECONDS), "the fill never claimed");

        final AtomicReference<Object> polled = new AtomicReference<>("nothing yet");
        final Thread consumer = new Thread(() -> polled.set(q.poll()), "consumer");
        consumer.setDaemon(true);
        consumer.start();
        // Give a wrong poll time to return null while the slot is still empty.
        consumer.join(100);
        release.countDown();
        consumer.join(PATIENCE_MILLIS);
        filler.join(PATIENCE_MILLIS);
        assertFalse(consumer.isAlive(), "poll still waiting after the element was written");
        assertEquals(42, polled.get(), "poll of a claimed head must wait for its element, not report empty");
    }
}
