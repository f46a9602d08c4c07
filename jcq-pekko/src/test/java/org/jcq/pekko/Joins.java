package org.jcq.pekko;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.List;

/** Bounded joins: a sender that never finishes fails its test instead of hanging it. */
final class Joins {
    /** How long a test waits for its own threads. */
    static final Duration THREADS = Duration.ofSeconds(30);

    private Joins() {
    }

    /** Joins each thread within {@link #THREADS} (from the first join), or fails naming it. */
    static void joinAll(List<Thread> threads) throws InterruptedException {
        final long deadline = System.nanoTime() + THREADS.toNanos();
        for (Thread t : threads) {
            t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            assertFalse(t.isAlive(), t.getName() + " still running after " + THREADS);
        }
    }
}
