package org.jcq.benchmarks.latency;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One HdrHistogram {@link SingleWriterRecorder} per {@link Kind}: the consumer thread records
 * (wait-free, no allocation), the interval logger takes interval histograms without stopping it.
 * <p>
 * Range 1 ns to {@link #HIGHEST_TRACKABLE_NANOS}, {@value #SIGNIFICANT_DIGITS} significant digits:
 * every recorded value is kept within 0.1% of itself (a percentile reads back as the top of its
 * bucket, at most 0.1% above the recorded value). Longer values are recorded as the highest one.
 * <p>
 * The three recorders are swapped one after another, so a message recorded between two swaps
 * (microseconds apart, or as long as the low-priority logger thread is descheduled on a busy
 * machine) counts in one interval for one kind and in the next for another. Per kind every
 * message counts exactly once, so whole-run counts agree; per-interval counts, and the measured
 * summary's counts, may differ between kinds by the messages received during such a gap.
 */
final class LatencyRecorders {
    /** The longest value a histogram tracks. */
    static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);
    /** Decimal digits of precision of every histogram (0.1%). */
    static final int SIGNIFICANT_DIGITS = 3;
    private static final long LOWEST_DISCERNIBLE_NANOS = 1;

    private final SingleWriterRecorder response = newRecorder();
    private final SingleWriterRecorder service = newRecorder();
    private final SingleWriterRecorder wait = newRecorder();
    private final Map<Kind, SingleWriterRecorder> byKind = new EnumMap<>(Map.of(
            Kind.RESPONSE, response, Kind.SERVICE, service, Kind.WAIT, wait));

    /** @return an empty histogram with the recorders' range and precision */
    static Histogram newHistogram() {
        return new Histogram(LOWEST_DISCERNIBLE_NANOS, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }

    private static SingleWriterRecorder newRecorder() {
        return new SingleWriterRecorder(LOWEST_DISCERNIBLE_NANOS, HIGHEST_TRACKABLE_NANOS,
                SIGNIFICANT_DIGITS);
    }

    /** Consumer thread, scheduled modes: records all three times of one message. */
    void record(long intendedNanos, long sentNanos, long receivedNanos) {
        response.recordValue(clamp(receivedNanos - intendedNanos));
        service.recordValue(clamp(receivedNanos - sentNanos));
        wait.recordValue(clamp(sentNanos - intendedNanos));
    }

    /** Consumer thread, allout mode: records the service time only. */
    void recordService(long sentNanos, long receivedNanos) {
        service.recordValue(clamp(receivedNanos - sentNanos));
    }

    /**
     * Logger thread: what was recorded for {@code kind} since the previous call.
     *
     * @param reuse the histogram the previous call returned for this kind, or null
     * @return the interval histogram (timestamps not yet set)
     */
    Histogram interval(Kind kind, Histogram reuse) {
        return byKind.get(kind).getIntervalHistogram(reuse);
    }

    /**
     * Keeps a value in the histograms' range. No time can be negative (the sender waits for the
     * intended time, and nanoTime is monotonic across threads), but a negative value would throw
     * and kill the consumer, so it is floored rather than trusted.
     */
    private static long clamp(long nanos) {
        return Math.max(0, Math.min(nanos, HIGHEST_TRACKABLE_NANOS));
    }
}
