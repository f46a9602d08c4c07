package org.jcq.benchmarks.jmh;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Throughput of one producer thread and one consumer thread on one queue: each invocation is a
 * single {@code offer} or a single {@code poll}; a failed call is counted, followed by the
 * {@code backoff} chosen, and retried on the next invocation.
 * <p>
 * <b>Score to read:</b> the secondary result {@value #POLLS_MADE} (successful polls per
 * microsecond), i.e. elements moved. The primary score counts failed calls too, so a consumer
 * spinning on an empty queue inflates it: never compare the primary score. {@code offersFailed}
 * and {@code pollsFailed} show which side waited (a full queue or an empty one).
 * <p>
 * <b>Why it is honest:</b> one call per invocation, so neither side can spin past the end of an
 * iteration waiting for the other; the element is boxed once; the counters live in per-thread
 * states; the back-off is chosen once at set-up and sits behind the failed branch only, so the
 * successful path is the queue's call and a counter increment. The queue is emptied after every
 * iteration. With {@code -prof gc} the array queues show {@code gc.alloc.rate.norm} of about 0
 * (linked-node queues allocate a node per element by design); with {@code -prof perfasm} the
 * hottest regions are the queue's {@code offer} and {@code poll}.
 * <p>
 * <b>Back-off</b> ({@code @Param backoff}): {@code none} retries at once (the queue's raw
 * cost, and the contention of a spinning peer); {@code yield} calls
 * {@link Thread#yield()}; {@code park} calls {@link LockSupport#parkNanos(long)
 * LockSupport.parkNanos(1)}, which sleeps for the OS timer slack (about 50 us on Linux).
 * <p>
 * <b>Pitfalls on 2 cores:</b> the two threads take both cores, so JMH's own threads, the JIT and
 * GC share them; expect run-to-run noise of 10% or more and use several forks. An unbounded queue
 * grows without limit while its producer outpaces its consumer, so its score then includes
 * allocation and GC of the backlog (the iteration-end drain bounds it to one iteration's worth).
 * <p>
 * <b>Strict and relaxed.</b> Group {@value #GROUP} calls {@code offer} and {@code poll}; group
 * {@value #RELAXED_GROUP} calls {@code relaxedOffer} and {@code relaxedPoll} (the JDK's and
 * Agrona's queues, which have no relaxed forms, call {@code offer} and {@code poll} there too).
 * A strict {@code poll} that finds the queue empty reads the producer index to be sure, and the
 * producer keeps writing that line, so near empty the two groups can differ several times over
 * for a multi-producer queue; a spinning consumer that retries anyway wants the relaxed form.
 * <p>
 * <b>Command</b> (add {@code -prof gc} for allocation):
 * <pre>
 * java -jar jctools-benchmarks/target/benchmarks.jar QueueThroughput \
 *     -p qType=SpscArrayQueue,JCTools.SpscArrayQueue -p backoff=none -f 3 -wi 5 -i 5
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Group)
public class QueueThroughput extends OfferPollGroup {
    /** The name of the group benchmark, i.e. the last part of the benchmark's JMH name. */
    public static final String GROUP = "tpt";
    /** The relaxed group: {@code relaxedOffer} and {@code relaxedPoll} in place of offer and poll. */
    public static final String RELAXED_GROUP = "tptRelaxed";
    /** The aux counter to compare: successful polls. */
    public static final String POLLS_MADE = "pollsMade";
    /** The aux counter of successful offers. */
    public static final String OFFERS_MADE = "offersMade";

    /** What a thread does after a failed offer or poll: one of {@link #BACKOFFS}. */
    @Param({BACKOFF_NONE, BACKOFF_YIELD, BACKOFF_PARK})
    public String backoff;

    /** {@link #backoff} as a mode number, so the failed path switches on an int. */
    private int backoffMode;
    /** The queue's relaxed offer and poll, for the relaxed group. */
    private QueueBatchThroughput.BatchOps relaxed;

    @Setup(Level.Trial)
    public void parseBackoff() {
        backoffMode = backoffMode(backoff);
    }

    /** Views the queue through its family's relaxed methods (JMH runs the superclass's set-up first). */
    @Setup(Level.Trial)
    public void viewRelaxed() {
        relaxed = QueueBatchThroughput.BatchOps.of(q);
    }

    @Benchmark
    @Group(GROUP)
    @GroupThreads(1)
    public void offer(OfferCounters counters) {
        offerOnce(q, counters, backoffMode);
    }

    @Benchmark
    @Group(GROUP)
    @GroupThreads(1)
    public void poll(PollCounters counters, Blackhole bh) {
        pollOnce(q, counters, bh, backoffMode);
    }

    /**
     * The relaxed group's producer: one {@code relaxedOffer}, which may fail while the queue has
     * room (a multi-producer queue's producer that loses a race, or sees a slot not yet freed).
     */
    @Benchmark
    @Group(RELAXED_GROUP)
    @GroupThreads(1)
    public void relaxedOffer(OfferCounters counters) {
        countOffer(relaxed.relaxedOffer(ELEMENT), counters, backoffMode);
    }

    /**
     * The relaxed group's consumer: one {@code relaxedPoll}, which may return null while an
     * element is on its way (an MPSC head claimed but not yet written) instead of waiting, and
     * need not read the producer index to tell an empty queue from that.
     */
    @Benchmark
    @Group(RELAXED_GROUP)
    @GroupThreads(1)
    public void relaxedPoll(PollCounters counters, Blackhole bh) {
        countPoll(relaxed.relaxedPoll(), counters, bh, backoffMode);
    }
}
