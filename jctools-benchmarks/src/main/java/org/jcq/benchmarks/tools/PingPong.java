package org.jcq.benchmarks.tools;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Prints the time of one hand-off between two spinning threads ({@code pingpong_ns N}, the best of
 * ten passes), which tells where the scheduler put the two vCPUs of a 2-vCPU machine: about 100 ns
 * when they share a core's caches, about 540 ns when they do not. The scripts that compare 1P1C
 * runs record it at the start of each round, so that rounds of different placements are not
 * compared. {@code java -cp benchmarks.jar org.jcq.benchmarks.tools.PingPong}
 */
public final class PingPong {
    private static final int HAND_OFFS = 200_000;
    private static final int PASSES = 10;
    private static final AtomicLong TURN = new AtomicLong();

    private PingPong() {
    }

    /** @param args none */
    public static void main(String[] args) throws InterruptedException {
        final Thread other = new Thread(() -> {
            for (long i = 1; i < 2L * HAND_OFFS; i += 2) {
                while (TURN.get() != i) {
                    Thread.onSpinWait();
                }
                TURN.lazySet(i + 1);
            }
        });
        other.setDaemon(true);
        other.start();
        long best = Long.MAX_VALUE;
        long turn = 0;
        for (int pass = 0; pass < PASSES; pass++) {
            final long start = System.nanoTime();
            for (int k = 0; k < HAND_OFFS / PASSES; k++) {
                TURN.lazySet(turn + 1);
                while (TURN.get() != turn + 2) {
                    Thread.onSpinWait();
                }
                turn += 2;
            }
            best = Math.min(best, (System.nanoTime() - start) / (HAND_OFFS / PASSES));
        }
        other.join();
        System.out.println("pingpong_ns " + best);
    }
}
