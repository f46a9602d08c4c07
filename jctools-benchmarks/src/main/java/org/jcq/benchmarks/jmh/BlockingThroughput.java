package org.jcq.benchmarks.jmh;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
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
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Throughput of P producer threads that wait for room and C consumer threads that wait for an
 * element, on one {@link java.util.concurrent.BlockingQueue} (P and C by JMH's {@code -tg P,C},
 * {@code put} threads first; default 1,1): what a queue costs when its users block instead of
 * spinning, against the JDK's {@code ArrayBlockingQueue}, {@code LinkedBlockingQueue} and
 * {@code LinkedTransferQueue}.
 * <p>
 * <b>Score to read:</b> the secondary result {@value #TAKES_MADE}, elements moved per microsecond
 * (summed over the consumers). The primary score also counts calls that timed out (below), so
 * compare {@value #TAKES_MADE}; {@code putsTimedOut} and {@code takesTimedOut} should be a handful
 * per iteration.
 * <p>
 * <b>Why timed calls, not {@code put}/{@code take}:</b> JMH ends an iteration by asking each
 * thread to stop after its current call. A consumer blocked in {@code take} on a queue its
 * producer has stopped filling would never return, and the iteration (and the iteration tear-down,
 * which JMH runs only after every thread has returned) would hang. So each invocation is one
 * {@code offer(e, timeout)} or {@code poll(timeout)} with a timeout of {@value #WAIT_MICROS} us: far
 * longer than any hand-over while both sides run, so in the steady state every call succeeds and
 * waits exactly as {@code put}/{@code take} would (in our queues and in the JDK's the timed and
 * untimed forms share the fast path and the wait protocol), while at the end of an iteration a
 * thread whose peer has stopped returns within the timeout. A call that times out is counted and
 * the next invocation retries it.
 * <p>
 * <b>Why it is honest otherwise:</b> the element is boxed once; the counters live in per-thread
 * states; the queue is called through the {@link BlockingQueue} interface; it is emptied after
 * every iteration. The default capacity ({@value #DEFAULT_CAPACITY}) is small enough that the
 * faster side fills or empties it and really waits, which is what this benchmark is for; for the
 * cost when nobody waits, run {@link QueueThroughput} with the blocking queue and its
 * non-blocking twin ({@code -p qType=SpscBlockingArrayQueue,SpscArrayQueue -p backoff=none}).
 * {@code LinkedTransferQueue} is unbounded (it ignores the capacity), so its producers never wait
 * and it grows while they outpace the consumers (the iteration-end drain bounds the backlog).
 * <p>
 * <b>Shapes:</b> set-up rejects a shape the queue does not support, as {@link MpqThroughput}
 * does: {@code -tg 1,1} for {@code SpscBlockingArrayQueue}, {@code -tg P,1} for
 * {@code MpscBlockingConsumerArrayQueue}, any for the MPMC queues and the JDK's.
 * <p>
 * <b>Virtual threads:</b> JMH 1.37 runs the benchmark threads as virtual threads when asked with
 * {@code -jvmArgsAppend -Djmh.executor=VIRTUAL} (JDK 21+); run once with and once without to
 * compare platform and virtual waiters.
 * <p>
 * <b>Pitfalls on 2 cores:</b> with P + C > 2 the threads outnumber the cores, and a waiting thread
 * then gives its core to a runnable one (the point of blocking), so the numbers include scheduler
 * hand-overs; compare queues only at the same shape, with several forks.
 * <p>
 * <b>Commands:</b>
 * <pre>
 * java -jar jctools-benchmarks/target/benchmarks.jar BlockingThroughput \
 *     -p qType=SpscBlockingArrayQueue,JDK.ArrayBlockingQueue,JDK.LinkedBlockingQueue,JDK.LinkedTransferQueue \
 *     -tg 1,1 -f 3 -wi 5 -i 5
 * java -jar jctools-benchmarks/target/benchmarks.jar BlockingThroughput \
 *     -p qType=MpmcBlockingArrayQueue,JDK.ArrayBlockingQueue -tg 2,2 -f 3 -wi 5 -i 5 \
 *     -jvmArgsAppend -Djmh.executor=VIRTUAL
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Group)
public class BlockingThroughput {
    /** The name of the group benchmark, i.e. the last part of the benchmark's JMH name. */
    public static final String GROUP = "blocking";
    /** The aux counter to compare: elements taken. */
    public static final String TAKES_MADE = "takesMade";
    /** The default requested capacity, as a JMH parameter value. */
    public static final String DEFAULT_CAPACITY = "1024";
    /** How long one timed call may wait before it gives up (see the class comment). */
    static final long WAIT_MICROS = 1000;
    /** The producer method's name, which is also its JMH thread-group label. */
    static final String PUT = "put";
    /** The consumer method's name, which is also its JMH thread-group label. */
    static final String TAKE = "take";
    /** The element every put inserts: boxed once, so the measured code never allocates. */
    private static final Integer ELEMENT = 1;

    /** The queue under benchmark, a {@link BenchmarkQueues#blockingNames()} name. */
    @Param({
        BenchmarkQueues.BLOCKING_SPSC, BenchmarkQueues.BLOCKING_MPSC, BenchmarkQueues.BLOCKING_MPMC,
        BenchmarkQueues.BLOCKING_MPSC_UNBOUNDED, BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED,
        BenchmarkQueues.BLOCKING_SPSC_UNPADDED, BenchmarkQueues.MPSC_BLOCKING_UNPADDED, BenchmarkQueues.BLOCKING_MPMC_UNPADDED,
        BenchmarkQueues.BLOCKING_MPSC_UNBOUNDED_UNPADDED, BenchmarkQueues.BLOCKING_MPMC_UNBOUNDED_UNPADDED,
        BenchmarkQueues.JDK_ABQ, BenchmarkQueues.JDK_LBQ, BenchmarkQueues.JDK_LTQ,
    })
    public String qType;

    /** The requested capacity handed to {@link BenchmarkQueues#createBlocking}. */
    @Param({DEFAULT_CAPACITY})
    public int qCapacity;

    /** The queue under benchmark; written once at set-up, read by every thread of the group. */
    BlockingQueue<Integer> q;

    /** Producer-side counters. */
    @AuxCounters(Type.OPERATIONS)
    @State(Scope.Thread)
    public static class PutCounters {
        /** Elements put. */
        public long putsMade;
        /** Calls that put nothing: the queue stayed full for the whole timeout. */
        public long putsTimedOut;
    }

    /** Consumer-side counters. */
    @AuxCounters(Type.OPERATIONS)
    @State(Scope.Thread)
    public static class TakeCounters {
        /** Elements taken. */
        public long takesMade;
        /** Calls that took nothing: the queue stayed empty for the whole timeout. */
        public long takesTimedOut;
    }

    /** Rejects a thread shape the queue does not support, then builds the queue. */
    @Setup(Level.Trial)
    public void createQueue(BenchmarkParams params) {
        final List<String> labels = new ArrayList<>(params.getThreadGroupLabels());
        final int[] threads = params.getThreadGroups();
        createQueue(threads[labels.indexOf(PUT)], threads[labels.indexOf(TAKE)]);
    }

    /** {@link #createQueue(BenchmarkParams)} for {@code producers} and {@code consumers} threads. */
    void createQueue(int producers, int consumers) {
        MpqThroughput.checkShape(qType, producers, consumers);
        q = BenchmarkQueues.createBlocking(qType, qCapacity);
    }

    /**
     * Empties the queue after every iteration; JMH runs it once every thread of the group has
     * returned, which the timed calls guarantee.
     */
    @TearDown(Level.Iteration)
    public void drain() {
        while (q.poll() != null) {
            // Discard leftovers.
        }
    }

    @Benchmark
    @Group(GROUP)
    @GroupThreads(1)
    public void put(PutCounters counters) throws InterruptedException {
        if (q.offer(ELEMENT, WAIT_MICROS, TimeUnit.MICROSECONDS)) {
            counters.putsMade++;
        } else {
            counters.putsTimedOut++;
        }
    }

    @Benchmark
    @Group(GROUP)
    @GroupThreads(1)
    public void take(TakeCounters counters, Blackhole bh) throws InterruptedException {
        final Integer e = q.poll(WAIT_MICROS, TimeUnit.MICROSECONDS);
        if (e == null) {
            counters.takesTimedOut++;
        } else {
            bh.consume(e);
            counters.takesMade++;
        }
    }
}
