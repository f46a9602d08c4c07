package org.jcq.benchmarks.report;

import java.util.Locale;
import java.util.Map;

import org.jcq.benchmarks.jmh.QueueBaseline;
import org.jcq.benchmarks.jmh.QueueBurstCost;
import org.jcq.benchmarks.jmh.QueueRoundTrip;
import org.jcq.benchmarks.jmh.QueueThroughput;

/**
 * The comparison's JMH sections: which benchmark each runs, and how the report turns one
 * measurement iteration of it into the score it compares.
 * <p>
 * A section matches result files by the benchmark's full JMH name, taken from the benchmark class
 * itself so that a rename cannot silently leave the report reading nothing.
 */
public enum JmhSection {
    /**
     * One thread offers one element and polls it back ({@code QueueBaseline.offerAndPoll}, through
     * the {@code Queue} interface): nanoseconds per offer+poll pair, the queue's own instruction
     * cost with no second core involved.
     */
    BASE("base", Benchmarks.BASELINE_CLASS + ".offerAndPoll", "ns/pair", false),
    /**
     * One producer, one consumer, no back-off: successful polls per microsecond (JMH's primary
     * score also counts failed calls, so it is not the score to compare).
     */
    TPT("tpt", Benchmarks.THROUGHPUT_CLASS + ".tpt", "elements/us", true),
    /** A burst through a ring of threads and back: nanoseconds per burst. */
    RTT("rtt", Benchmarks.ROUND_TRIP_CLASS + ".roundTrip", "ns/burst", false),
    /** One producer, one consumer, bursts bounded by the burst size: elements per microsecond. */
    BURST("burst", Benchmarks.BURST_COST_CLASS + ".burst", "elements/us", true);

    /** The JMH parameter naming the queue. */
    public static final String Q_TYPE = "qType";
    /** The aux counter of successful polls in the throughput benchmark. */
    public static final String POLLS_MADE = "pollsMade";
    /** The GC profiler's bytes allocated per benchmark operation. */
    public static final String GC_ALLOC_NORM = "gc.alloc.rate.norm";
    /** The burst benchmarks' parameter. */
    public static final String BURST_SIZE = "burstSize";
    /** The round-trip benchmark's ring size parameter. */
    public static final String RING_SIZE = "ringSize";
    /** The throughput benchmark's back-off parameter, and the value the comparison runs. */
    public static final String BACKOFF = "backoff";
    public static final String BACKOFF_NONE = "none";
    /** The queue benchmarks' requested capacity parameter. */
    public static final String Q_CAPACITY = "qCapacity";
    private static final double NANOS_PER_MICRO = 1e3;

    private final String id;
    private final String benchmark;
    private final String unit;
    private final boolean higherIsBetter;

    JmhSection(String id, String benchmark, String unit, boolean higherIsBetter) {
        this.id = id;
        this.benchmark = benchmark;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    /** The benchmark class names. */
    static final class Benchmarks {
        static final String BASELINE_CLASS = QueueBaseline.class.getName();
        static final String THROUGHPUT_CLASS = QueueThroughput.class.getName();
        static final String ROUND_TRIP_CLASS = QueueRoundTrip.class.getName();
        static final String BURST_COST_CLASS = QueueBurstCost.class.getName();

        private Benchmarks() {
        }
    }

    /** @return the section's name on the command line and as the folder under {@code jmh/} */
    public String id() {
        return id;
    }

    /** @return the JMH benchmark's full name (class name, dot, method or group) */
    public String benchmark() {
        return benchmark;
    }

    /** @return the compared score's unit */
    public String unit() {
        return unit;
    }

    /** @return whether a higher score is better (throughput) rather than lower (time per op) */
    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /**
     * The compared score of one measurement iteration.
     *
     * @param it     the iteration's primary and secondary scores
     * @param params the benchmark parameters of the fork
     * @return the score, in {@link #unit()}
     */
    double score(JmhResults.Iteration it, Map<String, String> params) {
        switch (this) {
            case BASE:
                // JMH's score is pairs per microsecond.
                return NANOS_PER_MICRO / it.primary();
            case TPT:
                return it.secondary(POLLS_MADE);
            case BURST:
                // Every burst hands over burstSize elements, all offered and all polled.
                return it.primary() * Integer.parseInt(JmhResults.param(params, BURST_SIZE));
            default:
                return it.primary();
        }
    }

    /**
     * Bytes allocated per element handed over, where the GC profiler ran and the section counts
     * elements: JMH's norm is per benchmark call (any offer or poll, failed ones too), times
     * calls per element.
     *
     * @return the bytes, or NaN where the section or the iteration has no such figure
     */
    double bytesPerElement(JmhResults.Iteration it, Map<String, String> params) {
        final double norm = it.secondaryOrNaN(GC_ALLOC_NORM);
        if (this == RTT || this == BASE || Double.isNaN(norm)) {
            return Double.NaN;
        }
        final double elements = score(it, params);
        return elements > 0 ? norm * it.primary() / elements : Double.NaN;
    }

    /**
     * @param id a section name
     * @return the JMH section of that name, or null where it names none
     */
    public static JmhSection byId(String id) {
        for (JmhSection s : values()) {
            if (s.id.equals(id.toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        return null;
    }
}
