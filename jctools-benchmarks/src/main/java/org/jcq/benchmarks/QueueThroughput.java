package org.jcq.benchmarks;

import java.util.Queue;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.AuxCounters.Type;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One producer thread and one consumer thread hammer a queue; a failed offer or poll is counted
 * and retried on the next invocation, with no back-off.
 * <p>
 * Each invocation is one offer or one poll, so neither side can spin past the end of an
 * iteration waiting for the other. The score to compare is the secondary result
 * {@value #POLLS_MADE} (successful polls per microsecond); the primary score counts failed calls
 * too and means little. The queue is emptied between iterations so each starts empty.
 * <p>
 * The queue is held as a {@link Queue} so calls go through the interface, as a user's would.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Group)
public class QueueThroughput extends QueueParams {
    /** The name of the group benchmark, i.e. the last part of the benchmark's JMH name. */
    public static final String GROUP = "tpt";
    /** The aux counter to compare: successful polls. */
    public static final String POLLS_MADE = "pollsMade";
    /** The aux counter of successful offers. */
    public static final String OFFERS_MADE = "offersMade";
    /** The default requested capacity, as a JMH parameter value. */
    public static final String DEFAULT_CAPACITY = "131072";

    /** The element every offer inserts: boxed once, so the hot loop never allocates. */
    private static final Integer ELEMENT = 1;

    @Param({DEFAULT_CAPACITY})
    public int qCapacity;

    private Queue<Integer> q;

    @Setup(Level.Trial)
    public void createQueue() {
        q = QueueFactory.create(qType, qCapacity);
    }

    /**
     * Empties the queue after every iteration. A group-scoped state's iteration tear-down runs on
     * one thread once both the producer and the consumer have stopped, and JMH orders it after
     * their last calls, so polling here does not break the single-consumer contract.
     */
    @TearDown(Level.Iteration)
    public void drain() {
        while (q.poll() != null) {
            // Discard leftovers.
        }
    }

    /** Producer-side counters, reported per microsecond; JMH zeroes them before each iteration. */
    @AuxCounters(Type.OPERATIONS)
    @State(Scope.Thread)
    public static class OfferCounters {
        public long offersMade;
        public long offersFailed;
    }

    /** Consumer-side counters, reported per microsecond; JMH zeroes them before each iteration. */
    @AuxCounters(Type.OPERATIONS)
    @State(Scope.Thread)
    public static class PollCounters {
        public long pollsMade;
        public long pollsFailed;
    }

    @Benchmark
    @Group(GROUP)
    @GroupThreads(1)
    public void offer(OfferCounters counters) {
        if (q.offer(ELEMENT)) {
            counters.offersMade++;
        } else {
            counters.offersFailed++;
        }
    }

    @Benchmark
    @Group(GROUP)
    @GroupThreads(1)
    public void poll(PollCounters counters, Blackhole bh) {
        final Integer e = q.poll();
        if (e == null) {
            counters.pollsFailed++;
        } else {
            bh.consume(e);
            counters.pollsMade++;
        }
    }
}
