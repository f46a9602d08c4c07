package org.jcq.benchmarks.latency;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A low-priority thread that cuts the recorders into intervals and writes each interval's
 * histograms, one per recorded kind and tagged with it, to the {@code .hlog}; it also adds every
 * measured interval into the summary histograms, so the summary is by construction what a reader
 * of the log gets by keeping the intervals that start at or after the warm-up.
 * <p>
 * Warm-up rule: a message belongs to the interval in which the consumer recorded it, i.e. by its
 * receive time, and the warm-up is the intervals that start before T0 + warm-up. So that the log
 * draws that line where the summary does, there is always a cut at the warm-up's end, and the
 * intervals restart from there. The cut is taken {@value #GUARD_MILLIS} ms after the warm-up's end
 * and no cut is taken within that much before it: log timestamps are milliseconds, and a reader
 * re-adds them to the log's start as floating-point epoch seconds (an error of about 0.1 us)
 * and may truncate the sum back to whole milliseconds (HistogramLogReader's histogram
 * timestamps do: up to 1 ms lost), so an interval starting on the warm-up's end could read back
 * on either side of it. With the guard every interval start stays on its side either way. So
 * the last warm-up interval ends {@value #GUARD_MILLIS} ms after the warm-up's end (later if the
 * logger wakes late: messages received meanwhile count as warm-up), a boundary of the warm-up's
 * grid that falls within the guard before it is skipped (that interval stretches to the cut),
 * and the measured intervals' grid starts at the warm-up's end plus the guard.
 * <p>
 * Why by receive time and not by intended send time: an interval log is cut in time, so a reader
 * can only skip whole intervals. Classifying by intended time would put a backlogged warm-up
 * message, received after the warm-up, into a measured interval while the summary left it out,
 * and the two would disagree exactly when the system is stalled. By receive time the measured
 * part is "everything the consumer finished after the warm-up", backlog from the warm-up
 * included, and log and summary agree always.
 * <p>
 * Timing of the cuts: the thread parks until the next boundary; a late wake-up only makes that
 * interval longer, its recorded start and end are the actual cut times. When the run finishes the
 * last, partial interval is cut at once.
 */
final class IntervalLogger implements Runnable {
    /** The margin around the warm-up's end within which no interval starts. */
    static final long GUARD_MILLIS = 2;
    private static final long GUARD_NANOS = TimeUnit.MILLISECONDS.toNanos(GUARD_MILLIS);

    private final LatencyRecorders recorders;
    private final Set<Kind> kinds;
    private final RunClock clock;
    private final long intervalNanos;
    private final HistogramLogWriter writer;
    /** Start of the first measured interval's grid: the warm-up cut, or T0 without warm-up. */
    private final long measuredOrigin;
    private final boolean hasWarmup;
    private final Map<Kind, Histogram> reuse = new EnumMap<>(Kind.class);
    private final Map<Kind, Histogram> summary = new EnumMap<>(Kind.class);
    private final Map<Kind, Long> loggedCounts = new EnumMap<>(Kind.class);

    private volatile boolean finishing;
    private Thread thread;
    private long lastCut;
    private int intervals;

    IntervalLogger(LatencyRecorders recorders, Set<Kind> kinds, RunClock clock, long intervalNanos,
                   HistogramLogWriter writer) {
        this.recorders = recorders;
        this.kinds = kinds;
        this.clock = clock;
        this.intervalNanos = intervalNanos;
        this.writer = writer;
        this.hasWarmup = clock.warmupEndNanos() > clock.startNanos();
        this.measuredOrigin = hasWarmup ? clock.warmupEndNanos() + GUARD_NANOS : clock.startNanos();
        this.lastCut = clock.startNanos();
        for (Kind k : kinds) {
            summary.put(k, LatencyRecorders.newHistogram());
            loggedCounts.put(k, 0L);
            // Before the run, while nothing is recorded: later swaps then recycle this histogram
            // instead of allocating one between two kinds' swaps.
            reuse.put(k, recorders.interval(k, null));
        }
    }

    /** Starts the logging thread, at minimum priority so it stays out of the measured threads' way. */
    void start() {
        thread = new Thread(this, "latency-interval-logger");
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.setDaemon(true);
        thread.start();
    }

    /** Asks for the last interval to be cut now, and waits for the thread to end. */
    void finishAndJoin() throws InterruptedException {
        finishing = true;
        LockSupport.unpark(thread);
        thread.join();
    }

    @Override
    public void run() {
        for (;;) {
            final long due = nextCut();
            parkUntil(due);
            final long now = System.nanoTime();
            if (!cutAllowed(now)) {
                parkUntil(measuredOrigin);
            } else if (finishing && lastCut >= measuredOrigin) {
                cut(now);
                return;
            } else if (now >= due) {
                cut(now);
            }
        }
    }

    /** The next boundary after the last cut: the warm-up grid, then the warm-up cut, then the measured grid. */
    private long nextCut() {
        if (lastCut < measuredOrigin) {
            final long boundary = clock.startNanos() + (elapsed(clock.startNanos()) + 1) * intervalNanos;
            return hasWarmup && boundary >= clock.warmupEndNanos() - GUARD_NANOS ? measuredOrigin : boundary;
        }
        return measuredOrigin + (elapsed(measuredOrigin) + 1) * intervalNanos;
    }

    /** @return whole intervals from {@code origin} to the last cut */
    private long elapsed(long origin) {
        return (lastCut - origin) / intervalNanos;
    }

    /** No interval may start within the guard around the warm-up's end (see the class comment). */
    private boolean cutAllowed(long now) {
        return !hasWarmup || now < clock.warmupEndNanos() - GUARD_NANOS || now >= measuredOrigin;
    }

    /** Parks until {@code due}; the warm-up cut is awaited even when finishing, so it is always made. */
    private void parkUntil(long due) {
        long left;
        while ((left = due - System.nanoTime()) > 0 && !(finishing && lastCut >= measuredOrigin)) {
            LockSupport.parkNanos(left);
        }
    }

    private void cut(long now) {
        final boolean measured = lastCut >= measuredOrigin;
        // Swap every kind's recorder first and encode afterwards, so the swaps are microseconds
        // apart rather than an encoding apart (see LatencyRecorders on the gap between them).
        for (Kind k : kinds) {
            reuse.put(k, recorders.interval(k, reuse.get(k)));
        }
        for (Kind k : kinds) {
            final Histogram h = reuse.get(k);
            h.setTag(k.tag());
            h.setStartTimeStamp(clock.epochMillis(lastCut));
            h.setEndTimeStamp(clock.epochMillis(now));
            writer.outputIntervalHistogram(h);
            loggedCounts.merge(k, h.getTotalCount(), Long::sum);
            if (measured) {
                summary.get(k).add(h);
            }
        }
        intervals++;
        lastCut = now;
    }

    /** @return the summed measured intervals of each recorded kind (after the thread ended) */
    Map<Kind, Histogram> summary() {
        return summary;
    }

    /** @return messages logged per kind over the whole run, warm-up included (after the thread ended) */
    Map<Kind, Long> loggedCounts() {
        return loggedCounts;
    }

    /** @return intervals written, each once per recorded kind (after the thread ended) */
    int intervals() {
        return intervals;
    }
}
