package org.jcq.benchmarks.latency;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

/**
 * What one latency run measured, over the measured part only (warm-up intervals left out), and
 * where its files are. Times are in nanoseconds.
 *
 * @param config           the settings it ran with
 * @param achievedRate     messages sent per second at or after the warm-up's end, over the
 *                         measured duration
 * @param scheduled        messages the schedule asked for before the end of sending (allout:
 *                         the number sent); the gap to {@code sent} is the abandoned backlog
 * @param sent             messages sent in all, warm-up included
 * @param measuredSent     messages sent at or after the warm-up's end
 * @param received         messages the consumer received in all, warm-up included
 * @param outOfOrder       messages received out of sending order (0 for a FIFO queue)
 * @param startEpochMillis the log's start time (T0), milliseconds since the epoch
 * @param senderCpuShare   the share of its run the sender thread was on a core (NaN if unknown)
 * @param consumerCpuShare the share of its run the consumer thread was on a core (NaN if unknown)
 * @param summaries        per recorded kind, in {@link Kind} order
 * @param hlog             the interval log
 * @param properties       the properties file
 */
public record LatencyResult(LatencyConfig config, double achievedRate, long scheduled, long sent,
                            long measuredSent, long received, long outOfOrder,
                            long startEpochMillis, double senderCpuShare,
                            double consumerCpuShare, Map<Kind, KindSummary> summaries, Path hlog,
                            Path properties) {

    /** The percentiles every summary reports, besides the maximum. */
    public static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    /** Below this fraction of the requested rate the summary warns that the sender fell behind. */
    static final double KEEP_UP_FRACTION = 0.99;
    /**
     * Below this share of the run on a core, a spinning thread (the consumer, a spin-scheduled
     * sender) was kept off its core long enough to matter: the machine is oversubscribed.
     */
    static final double MIN_CPU_SHARE = 0.9;

    static final String P_QTYPE = "qType";
    static final String P_CAPACITY = "capacity";
    static final String P_MODE = "mode";
    static final String P_RATE = "rate";
    static final String P_ACHIEVED_RATE = "achievedRate";
    static final String P_WARMUP = "warmupSeconds";
    static final String P_DURATION = "durationSeconds";
    static final String P_INTERVAL = "intervalSeconds";
    static final String P_SCHEDULING = "scheduling";
    static final String P_SENT = "sent";
    static final String P_RECEIVED = "received";
    static final String P_START = "startEpochMillis";
    static final String P_VALUE_UNIT = "valueUnit";
    static final String P_SUMMARY_KIND = "summaryKind";
    static final String P_SCHEDULED = "scheduled";
    static final String P_MEASURED_SENT = "measuredSent";
    static final String P_LOST = "lost";
    static final String P_OUT_OF_ORDER = "outOfOrder";
    static final String P_WINDOW = "window";
    static final String P_WORK_NANOS = "workNanos";
    static final String P_PAUSE_EVERY = "pauseEveryMillis";
    static final String P_PAUSE = "pauseMillis";
    static final String P_HLOG = "hlog";
    static final String P_SENDER_CPU_SHARE = "senderCpuShare";
    static final String P_CONSUMER_CPU_SHARE = "consumerCpuShare";
    private static final String[] JVM_PROPERTIES = {"java.version", "java.vm.name"};
    private static final String VALUE_UNIT = "ns";

    private static final double NANOS_PER_MICRO = TimeUnit.MICROSECONDS.toNanos(1);
    private static final double NANOS_PER_MILLI = TimeUnit.MILLISECONDS.toNanos(1);
    private static final double NANOS_PER_SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final String ROW = "%-10s %10s" + " %10s".repeat(PERCENTILES.length + 1) + "%n";

    /** Copies the summaries into an unmodifiable map. */
    public LatencyResult {
        summaries = Collections.unmodifiableMap(new EnumMap<>(summaries));
    }

    /**
     * One kind's distribution over the measured part.
     *
     * @param count     messages
     * @param p50       median
     * @param p90       90th percentile
     * @param p99       99th percentile
     * @param p999      99.9th percentile
     * @param p9999     99.99th percentile
     * @param max       maximum
     * @param histogram the summed measured intervals (a copy the caller may keep)
     */
    public record KindSummary(long count, long p50, long p90, long p99, long p999, long p9999,
                              long max, Histogram histogram) {
        static KindSummary of(Histogram h) {
            return new KindSummary(h.getTotalCount(), h.getValueAtPercentile(PERCENTILES[0]),
                    h.getValueAtPercentile(PERCENTILES[1]), h.getValueAtPercentile(PERCENTILES[2]),
                    h.getValueAtPercentile(PERCENTILES[3]), h.getValueAtPercentile(PERCENTILES[4]),
                    h.getMaxValue(), h.copy());
        }

        long[] values() {
            return new long[] {p50, p90, p99, p999, p9999, max};
        }
    }

    /** @return the requested rate in messages per second; 0 for allout */
    public double requestedRate() {
        return config.rate();
    }

    /** @return the kind the summary headlines: service for allout and throttle, response for fixed */
    public Kind summaryKind() {
        return config.mode().summaryKind();
    }

    /** @return the summary of {@code kind}; throws if that kind was not recorded */
    public KindSummary summary(Kind kind) {
        final KindSummary s = summaries.get(kind);
        if (s == null) {
            throw new IllegalArgumentException("kind=" + kind + " is not recorded in mode "
                    + config.mode().key());
        }
        return s;
    }

    /** @return whether the sender fell below {@value #KEEP_UP_FRACTION} of the requested rate */
    public boolean senderFellBehind() {
        return config.scheduled() && achievedRate < KEEP_UP_FRACTION * requestedRate();
    }

    /**
     * @return whether a thread that should have had a core to itself (the consumer; the sender
     *         too when it spins) was off it for more than {@value #MIN_CPU_SHARE} of the run, so
     *         the latencies include waiting for a core; false where CPU time is unknown
     */
    public boolean oversubscribed() {
        final boolean senderSpins = config.scheduling() == LatencyConfig.Scheduling.SPIN;
        return consumerCpuShare < MIN_CPU_SHARE || senderSpins && senderCpuShare < MIN_CPU_SHARE;
    }

    /** @return the properties file's content */
    Properties toProperties() {
        final Properties p = new Properties();
        p.setProperty(P_QTYPE, config.qType());
        p.setProperty(P_CAPACITY, Integer.toString(config.capacity()));
        p.setProperty(P_MODE, config.mode().key());
        p.setProperty(P_RATE, number(requestedRate()));
        p.setProperty(P_ACHIEVED_RATE, number(achievedRate));
        p.setProperty(P_WARMUP, LatencyConfig.secondsText(config.warmupSeconds()));
        p.setProperty(P_DURATION, LatencyConfig.secondsText(config.durationSeconds()));
        p.setProperty(P_INTERVAL, LatencyConfig.secondsText(config.intervalSeconds()));
        p.setProperty(P_SCHEDULING, config.scheduling().key());
        p.setProperty(P_SENT, Long.toString(sent));
        p.setProperty(P_RECEIVED, Long.toString(received));
        p.setProperty(P_START, Long.toString(startEpochMillis));
        p.setProperty(P_VALUE_UNIT, VALUE_UNIT);
        p.setProperty(P_SUMMARY_KIND, summaryKind().tag());
        p.setProperty(P_SCHEDULED, Long.toString(scheduled));
        p.setProperty(P_MEASURED_SENT, Long.toString(measuredSent));
        p.setProperty(P_LOST, Long.toString(sent - received));
        p.setProperty(P_OUT_OF_ORDER, Long.toString(outOfOrder));
        p.setProperty(P_WINDOW, Integer.toString(config.window()));
        p.setProperty(P_WORK_NANOS, Long.toString(config.workNanos()));
        p.setProperty(P_PAUSE_EVERY, Long.toString(config.pauseEveryMillis()));
        p.setProperty(P_PAUSE, Long.toString(config.pauseMillis()));
        p.setProperty(P_HLOG, hlog.getFileName().toString());
        p.setProperty(P_SENDER_CPU_SHARE, number(senderCpuShare));
        p.setProperty(P_CONSUMER_CPU_SHARE, number(consumerCpuShare));
        for (String key : JVM_PROPERTIES) {
            p.setProperty(key, System.getProperty(key, ""));
        }
        summaries.forEach((kind, s) -> {
            p.setProperty(kind.tag() + ".count", Long.toString(s.count()));
            final long[] v = s.values();
            for (int i = 0; i < PERCENTILES.length; i++) {
                p.setProperty(kind.tag() + ".p" + number(PERCENTILES[i]), Long.toString(v[i]));
            }
            p.setProperty(kind.tag() + ".max", Long.toString(s.max()));
        });
        return p;
    }

    /** @return the printed summary: settings, rates, one row per recorded kind, notes */
    public String format() {
        final StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "Latency of %s (capacity %d), mode %s, scheduling %s,"
                        + " warm-up %s s (not summarised), measured %s s%n", config.qType(),
                config.capacity(), config.mode().key(), config.scheduling().key(),
                LatencyConfig.secondsText(config.warmupSeconds()),
                LatencyConfig.secondsText(config.durationSeconds())));
        b.append(config.scheduled()
                ? String.format(Locale.ROOT, "Rate: requested %s msg/s, achieved %s msg/s%n",
                        number(requestedRate()), number(achievedRate))
                : String.format(Locale.ROOT, "Rate: all out, achieved %s msg/s%n", number(achievedRate)));
        b.append(String.format(Locale.ROOT, "Messages: scheduled %d, sent %d, received %d (whole run)%n",
                scheduled, sent, received));
        final Object[] header = new Object[PERCENTILES.length + 3];
        header[0] = "kind";
        header[1] = "count";
        for (int i = 0; i < PERCENTILES.length; i++) {
            header[i + 2] = "p" + number(PERCENTILES[i]);
        }
        header[header.length - 1] = "max";
        b.append(String.format(Locale.ROOT, ROW, header));
        summaries.forEach((kind, s) -> b.append(row(kind, s)));
        b.append(String.format(Locale.ROOT, "* headline (%s)%n", headlineNote()));
        notes(b);
        b.append(String.format(Locale.ROOT, "Interval log: %s%n", hlog));
        return b.toString();
    }

    private String row(Kind kind, KindSummary s) {
        final Object[] cells = new Object[PERCENTILES.length + 3];
        cells[0] = kind.tag() + (kind == summaryKind() ? "*" : "");
        cells[1] = Long.toString(s.count());
        final long[] v = s.values();
        for (int i = 0; i < v.length; i++) {
            cells[i + 2] = duration(v[i]);
        }
        return String.format(Locale.ROOT, ROW, cells);
    }

    private String headlineNote() {
        return summaryKind() == Kind.RESPONSE
                ? "response time from the intended schedule: coordinated-omission free"
                : config.scheduled()
                        ? "service time: excludes the time messages waited to be sent"
                        : "service time: no schedule, so there is no response time";
    }

    private void notes(StringBuilder b) {
        if (senderFellBehind()) {
            b.append(String.format(Locale.ROOT, "Note: sender could not keep up (achieved below %s%% of"
                            + " requested): response time includes the backlog; %d scheduled messages"
                            + " were never sent%n", number(KEEP_UP_FRACTION * 100), scheduled - sent));
        }
        if (sent != received) {
            b.append(String.format(Locale.ROOT, "Note: %d messages sent but not received within the"
                    + " drain timeout%n", sent - received));
        }
        if (oversubscribed()) {
            b.append(String.format(Locale.ROOT, "Note: oversubscribed machine: the consumer was on a core"
                    + " %s%% of the run, the sender %s%%; latencies include waiting for a core%n",
                    number(100 * consumerCpuShare), number(100 * senderCpuShare)));
        }
        if (outOfOrder != 0) {
            b.append(String.format(Locale.ROOT, "Note: %d messages received out of order%n", outOfOrder));
        }
    }

    /** @return a duration with a unit that keeps three or four significant digits */
    static String duration(long nanos) {
        if (nanos < NANOS_PER_MICRO) {
            return nanos + " ns";
        }
        if (nanos < NANOS_PER_MILLI) {
            return String.format(Locale.ROOT, "%.2f us", nanos / NANOS_PER_MICRO);
        }
        if (nanos < NANOS_PER_SECOND) {
            return String.format(Locale.ROOT, "%.2f ms", nanos / NANOS_PER_MILLI);
        }
        return String.format(Locale.ROOT, "%.3f s", nanos / NANOS_PER_SECOND);
    }

    /** @return a number to two decimals, without trailing zeros: "1000", "99.9" */
    private static String number(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        return BigDecimal.valueOf(d).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }
}
