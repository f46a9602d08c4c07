package org.jcq.benchmarks.jmh;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.locks.LockSupport;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.AuxCounters.Type;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What the producer/consumer group benchmarks ({@link QueueThroughput}, {@link MpqThroughput},
 * {@link QueueBatchThroughput}) share: one queue per trial, held as a {@link Queue} so calls go
 * through the interface; the per-thread counters of successful and failed calls; and the queue
 * emptied after every iteration, so each iteration starts from an empty queue whatever the last one
 * left behind.
 * <p>
 * The counters are {@code @AuxCounters(Type.OPERATIONS)}: JMH zeroes them before each iteration
 * and reports each as a rate, in the benchmark's time unit, beside the primary score. Each lives in
 * a thread-scoped state, which JMH pads and the counting thread allocates itself, so a producer's
 * counter and a consumer's counter do not share a cache line (the queue's own traffic is what is
 * measured).
 * <p>
 * {@link #offerOnce} and {@link #pollOnce} are the one-call bodies of the offer/poll benchmarks:
 * the successful path is the queue's call and a counter increment; the back-off after a failed call
 * is chosen by an int fixed at set-up and sits behind the failed branch only.
 */
@State(Scope.Group)
public abstract class OfferPollGroup extends QueueParams {
    /** The default requested capacity, as a JMH parameter value. */
    public static final String DEFAULT_CAPACITY = "131072";
    /** The element every offer inserts: boxed once, so the measured code never allocates. */
    static final Integer ELEMENT = 1;

    /** Back-off: retry at once. */
    static final String BACKOFF_NONE = "none";
    /** Back-off: {@link Thread#yield()} after a failed call. */
    static final String BACKOFF_YIELD = "yield";
    /** Back-off: {@code LockSupport.parkNanos(1)} after a failed call. */
    static final String BACKOFF_PARK = "park";
    /** The accepted back-off names; a name's index is its mode number. */
    static final List<String> BACKOFFS = List.of(BACKOFF_NONE, BACKOFF_YIELD, BACKOFF_PARK);
    /** Mode number of {@link #BACKOFF_NONE}. */
    static final int MODE_NONE = 0;
    private static final int MODE_YIELD = 1;
    private static final int MODE_PARK = 2;
    /** The shortest park: what is measured is the OS's minimum sleep, not a chosen delay. */
    private static final long PARK_NANOS = 1;

    /** The requested capacity (or chunk size) handed to {@link BenchmarkQueues#create}. */
    @Param({DEFAULT_CAPACITY})
    public int qCapacity;

    /** The queue under benchmark; written once at set-up, read by every thread of the group. */
    protected Queue<Integer> q;

    @Setup(Level.Trial)
    public void createQueue() {
        q = BenchmarkQueues.create(qType, qCapacity);
    }

    /**
     * Empties the queue after every iteration. JMH runs a group-scoped iteration tear-down on one
     * thread of the group, after every thread of the group has left its measurement loop (they wait
     * on a latch first), so polling here races with no producer or consumer, whatever the
     * queue's shape.
     */
    @TearDown(Level.Iteration)
    public void drain() {
        while (q.poll() != null) {
            // Discard leftovers.
        }
    }

    /**
     * @param backoff one of {@link #BACKOFFS}
     * @return its mode number
     * @throws IllegalArgumentException if {@code backoff} is not one of them
     */
    static int backoffMode(String backoff) {
        final int mode = BACKOFFS.indexOf(backoff);
        if (mode < 0) {
            throw new IllegalArgumentException("Unknown backoff: '" + backoff + "'; known: " + BACKOFFS);
        }
        return mode;
    }

    /** Waits after a failed call as {@code mode} says; only ever reached from a failed branch. */
    static void backOff(int mode) {
        switch (mode) {
            case MODE_YIELD:
                Thread.yield();
                break;
            case MODE_PARK:
                LockSupport.parkNanos(PARK_NANOS);
                break;
            case MODE_NONE:
            default:
                break;
        }
    }

    /** One offer of the shared element, counted; backs off as {@code backoffMode} says if it fails. */
    static void offerOnce(Queue<Integer> q, OfferCounters counters, int backoffMode) {
        countOffer(q.offer(ELEMENT), counters, backoffMode);
    }

    /** Counts one offer's outcome; backs off as {@code backoffMode} says if it added nothing. */
    static void countOffer(boolean added, OfferCounters counters, int backoffMode) {
        if (added) {
            counters.offersMade++;
        } else {
            counters.offersFailed++;
            backOff(backoffMode);
        }
    }

    /** One poll, counted, the element sunk; backs off as {@code backoffMode} says if it fails. */
    static void pollOnce(Queue<Integer> q, PollCounters counters, Blackhole bh, int backoffMode) {
        countPoll(q.poll(), counters, bh, backoffMode);
    }

    /** Counts one poll's outcome {@code e}, sunk; backs off as {@code backoffMode} says if null. */
    static void countPoll(Integer e, PollCounters counters, Blackhole bh, int backoffMode) {
        if (e == null) {
            counters.pollsFailed++;
            backOff(backoffMode);
        } else {
            bh.consume(e);
            counters.pollsMade++;
        }
    }

    /** Producer-side counters; with the batch benchmark they count elements, not calls. */
    @AuxCounters(Type.OPERATIONS)
    @State(Scope.Thread)
    public static class OfferCounters {
        /** Elements offered successfully. */
        public long offersMade;
        /** Calls that offered nothing: the queue was full. */
        public long offersFailed;
    }

    /** Consumer-side counters; with the batch benchmark they count elements, not calls. */
    @AuxCounters(Type.OPERATIONS)
    @State(Scope.Thread)
    public static class PollCounters {
        /** Elements taken. */
        public long pollsMade;
        /** Calls that took nothing: the queue was empty. */
        public long pollsFailed;
    }
}
