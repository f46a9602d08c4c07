package org.jcq.benchmarks.latency;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The fraction of a stretch of wall-clock time during which the current thread was on a core.
 * The consumer always spins, and so does a spin-scheduled sender, so for them anything below 1
 * is time the OS gave their core to someone else: latency the queue did not cause. Measured
 * from the thread's CPU time; NaN where the JVM cannot measure it.
 */
final class CpuShare {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long cpuStart;
    private final long wallStart;

    /**
     * Runs {@code body} on the current thread.
     *
     * @return the share of the time it took during which this thread was on a core, or NaN
     */
    static double whileRunning(Runnable body) {
        final CpuShare share = new CpuShare();
        body.run();
        return share.sinceStart();
    }

    private CpuShare() {
        this.cpuStart = cpuNanos();
        this.wallStart = System.nanoTime();
    }

    /** @return the current thread's CPU time since construction over the wall time, or NaN */
    private double sinceStart() {
        final long cpu = cpuNanos();
        final long wall = System.nanoTime() - wallStart;
        return cpu < 0 || cpuStart < 0 || wall <= 0 ? Double.NaN : (double) (cpu - cpuStart) / wall;
    }

    private static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }
}
