package org.jcq.benchmarks.latency;

import java.util.concurrent.TimeUnit;

/**
 * The time line of one run, on the {@link System#nanoTime()} base every measurement uses, tied
 * once to the wall clock so the interval log can carry epoch milliseconds.
 *
 * @param startNanos       T0: message n's intended send time is T0 + n / rate; the log's start
 * @param startEpochMillis T0 on the wall clock, in milliseconds since the epoch
 * @param warmupEndNanos   T0 + warm-up
 * @param sendEndNanos     T0 + warm-up + duration: no message is sent at or after it
 */
record RunClock(long startNanos, long startEpochMillis, long warmupEndNanos, long sendEndNanos) {
    private static final long NANOS_PER_MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    /**
     * @param leadNanos how far ahead of now T0 is, so the threads are up before the first send
     * @param config    the run's warm-up and duration
     * @return the run's clock
     */
    static RunClock startingIn(long leadNanos, LatencyConfig config) {
        final long nowMillis = System.currentTimeMillis();
        final long start = System.nanoTime() + leadNanos;
        final long warmupEnd = start + config.warmupNanos();
        return new RunClock(start, nowMillis + leadNanos / NANOS_PER_MILLI, warmupEnd,
                warmupEnd + config.durationNanos());
    }

    /** @return the wall-clock milliseconds of a {@code System.nanoTime()} instant of this run */
    long epochMillis(long nanos) {
        return startEpochMillis + Math.floorDiv(nanos - startNanos, NANOS_PER_MILLI);
    }
}
