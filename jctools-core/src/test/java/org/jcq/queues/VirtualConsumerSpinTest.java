package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.Stream;

import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A consumer that waits for a producer between its claim and its store must not hold a carrier
 * for good on virtual threads. The window is long when a {@code fill}'s supplier blocks: its
 * virtual thread unmounts while its claim stands, and {@code poll} waits for that claim. Virtual
 * threads are never preempted, so if every carrier runs such a consumer and the consumers only
 * spin, the producer is never mounted again and nobody makes progress. Here one queue per carrier
 * has its own filler (whose supplier sleeps 50 ms holding its claim) and its own consumer in
 * {@code poll()}: every consumer must get its element. (Checked to hang with the consumers'
 * waits spinning only.) JDK 21+; CI runs it in its JDK 25 step.
 */
class VirtualConsumerSpinTest {
    /** The multi-producer queues whose fill claims a slot before it asks the supplier. */
    static Stream<QueueSpec> claimBeforeSupplying() {
        return QueueRegistry.specs(spec -> spec.multiProducer() && spec.name().matches(
                "Mp(sc|mc)(Unpadded)?ArrayQueue|MpscBlockingConsumer(Unpadded)?ArrayQueue|Mpsc(Chunked|Unbounded|Growable)(Unpadded)?ArrayQueue"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("claimBeforeSupplying")
    void consumersWaitingOnABlockedFillLeaveTheCarriersToIt(QueueSpec spec) throws InterruptedException {
        assumeTrue(RoundThreads.Kind.VIRTUAL.available(), "virtual threads need JDK 21+");
        final int carriers = carriers();
        final AtomicIntegerArray got = new AtomicIntegerArray(carriers);
        try (RoundThreads round = new RoundThreads(spec.name(), RoundThreads.Kind.VIRTUAL)) {
            for (int i = 0; i < carriers; i++) {
                final int id = i;
                final MessagePassingQueue<Integer> q = spec.create(16);
                final CountDownLatch claimed = new CountDownLatch(1);
                round.thread("filler-" + i, () -> q.fill(() -> {
                    claimed.countDown();
                    try {
                        // Unmounts while the claim stands.
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return 100 + id;
                }, 1));
                round.thread("consumer-" + i, () -> {
                    claimed.await();
                    final Integer e = q.poll();
                    got.set(id, e == null ? -1 : e);
                });
            }
            round.start();
            round.joinAll(() -> "elements got: " + got);
        }
        for (int i = 0; i < carriers; i++) {
            assertEquals(100 + i, got.get(i), "consumer " + i);
        }
    }

    /** The virtual-thread scheduler's parallelism: the property if set, else the processor count. */
    private static int carriers() {
        final String set = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        return set != null ? Integer.parseInt(set) : Runtime.getRuntime().availableProcessors();
    }
}
