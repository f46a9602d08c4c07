package org.jcq.benchmarks.jmh;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.util.Queue;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One thread offers one element and polls it back: the cost of an offer/poll pair with no
 * cache-line transfer between cores, i.e. a ceiling for {@link QueueThroughput}.
 * <p>
 * <b>Score to read:</b> the primary score, offer/poll pairs per microsecond (one operation is one
 * offer plus one poll). Set against {@link QueueThroughput}'s {@code pollsMade} it shows how much of
 * the two-thread cost is the cores sharing the queue's cache lines.
 * <p>
 * <b>Why it is honest:</b> the element is boxed once and the polled element is returned to JMH, so
 * neither call is dead code; the queue is called through {@link java.util.Queue}. The queue never
 * holds more than one element, so linked-array queues stay in one chunk and array queues in their
 * first cache lines: it is a best case by design. {@code -prof gc} shows 0 B/op for array queues
 * and a node per operation for linked ones.
 * <p>
 * <b>Pitfalls on 2 cores:</b> few; one thread leaves a core for JMH, the JIT and GC. The hot path
 * is short enough that the JIT's choices (inlining, loop shape) show: compare with
 * {@code -prof perfasm} before drawing conclusions from small differences.
 * <p>
 * <b>Two forms.</b> {@code offerAndPoll} is one pair per call, so the pair is inlined into JMH's
 * measurement loop, which reads the queue from this state object every time and checks its class
 * at both interface calls. How C2 allocates registers in that loop changes from one JVM launch to
 * the next (whether the state object stays in a register or is reloaded from the stack), and one
 * extra load in the queue's code can tip it. {@code offerAndPollRun} makes {@value #RUN} pairs per
 * call from a local, a loop of the benchmark's own, so the queue's code is compared without the
 * harness's loop; the JIT may then hoist the class check out of the loop, so it is not the
 * interface-call cost that users see. Read the two side by side.
 * <p>
 * <b>Batch form.</b> {@code fillAndDrain} adds {@value #BATCH} elements in one {@code fill} and
 * takes them in one {@code drain}, each queue family through its own batch API (see
 * {@link QueueBatchThroughput.BatchOps}; the JDK's queues, which have none, through
 * {@code offer}/{@code poll} loops). One operation is one element in and out, so its score is in the
 * same unit as the two pair forms; the capacity must be at least {@value #BATCH}.
 * {@code fillAndDrain256} does the same with {@value #LARGE_BATCH}, and {@code fillAndDrainWaiting}
 * runs the waiting forms ({@code fill(s, wait, exit)}, {@code drain(c, wait, exit)}) over
 * {@value #WAITING} elements on a queue of its own that holds them.
 * <p>
 * <b>Command:</b>
 * <pre>
 * java -jar jctools-benchmarks/target/benchmarks.jar QueueBaseline \
 *     -p qType=SpscArrayQueue,JCTools.SpscArrayQueue -f 3 -wi 5 -i 5
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class QueueBaseline extends QueueParams {
    @Param({QueueThroughput.DEFAULT_CAPACITY})
    public int qCapacity;

    /** Offer/poll pairs per {@link #offerAndPollRun()} call. */
    public static final int RUN = 100;
    /** Elements per {@code fill} and per {@code drain} in {@link #fillAndDrain}. */
    public static final int BATCH = 32;
    /** Elements per {@code fill} and per {@code drain} in {@link #fillAndDrain256}. */
    public static final int LARGE_BATCH = 256;
    /**
     * Elements per waiting {@code fill} and {@code drain} in {@link #fillAndDrainWaiting}, and that
     * benchmark's queue capacity (or chunk size): JCTools' SPSC ring checks its exit condition once
     * per 4096 slots, so a smaller run would measure its idle rounds.
     */
    public static final int WAITING = 4096;

    private Queue<Integer> q;
    private QueueBatchThroughput.BatchOps batch;
    private QueueBatchThroughput.BatchOps waiting;
    private final QueueBatchThroughput.Until until = new QueueBatchThroughput.Until();

    @Setup(Level.Trial)
    public void createQueue() {
        q = BenchmarkQueues.create(qType, qCapacity);
        batch = QueueBatchThroughput.BatchOps.of(q);
        waiting = QueueBatchThroughput.BatchOps.of(BenchmarkQueues.create(qType, Math.max(qCapacity, WAITING)));
    }

    @Benchmark
    public Integer offerAndPoll() {
        q.offer(OfferPollGroup.ELEMENT);
        return q.poll();
    }

    /**
     * {@value #RUN} offer/poll pairs (one operation each).
     *
     * @return the sum of the polled elements, so no call is dead code ({@value #RUN} times the element)
     */
    @Benchmark
    @OperationsPerInvocation(RUN)
    public int offerAndPollRun() {
        final Queue<Integer> q = this.q;
        int sum = 0;
        for (int i = 0; i < RUN; i++) {
            q.offer(OfferPollGroup.ELEMENT);
            sum += q.poll();
        }
        return sum;
    }

    /**
     * A {@code fill} of {@value #BATCH} elements, then a {@code drain} of them ({@value #BATCH}
     * operations): one call each, or more where the queue's fill stops early (see {@link #move}).
     *
     * @param sink the drain's consumer, which counts what it is given
     * @return the number of elements taken, so neither call is dead code
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int fillAndDrain(QueueBatchThroughput.Sink sink) {
        return move(batch, sink, BATCH);
    }

    /**
     * A {@code fill} of {@value #LARGE_BATCH} elements, then a {@code drain} of them, as
     * {@link #fillAndDrain}.
     *
     * @param sink the drain's consumer, which counts what it is given
     * @return the number of elements taken, so neither call is dead code
     */
    @Benchmark
    @OperationsPerInvocation(LARGE_BATCH)
    public int fillAndDrain256(QueueBatchThroughput.Sink sink) {
        return move(batch, sink, LARGE_BATCH);
    }

    /**
     * Fills {@code n} elements, then drains them, in as many calls as the queue needs: JCTools'
     * linked-array queues fill no further than the end of the producer's chunk (or the producer
     * limit) per call, so one call each would count elements that were never moved.
     *
     * @throws IllegalStateException if a call moves nothing (a queue that holds fewer than
     *     {@code n} elements: choose a larger {@code qCapacity})
     */
    static int move(QueueBatchThroughput.BatchOps batch, QueueBatchThroughput.Sink sink, int n) {
        int filled = 0;
        while (filled < n) {
            final int k = batch.fill(n - filled);
            if (k == 0) {
                throw new IllegalStateException("a fill added nothing after " + filled + " of " + n
                        + " elements: the queue holds fewer; choose a larger qCapacity");
            }
            filled += k;
        }
        int drained = 0;
        while (drained < n) {
            final int k = batch.drain(sink, n - drained);
            if (k == 0) {
                throw new IllegalStateException("a drain took nothing after " + drained + " of " + n + " elements");
            }
            drained += k;
        }
        return drained;
    }

    /**
     * The waiting forms: {@code fill(supplier, wait, exit)} until {@value #WAITING} elements were
     * supplied, then {@code drain(consumer, wait, exit)} until the sink took them all; each family's
     * own loops decide their batches and how often they check the exit condition. The JDK's and
     * Agrona's queues have no waiting forms and run offer and poll loops.
     *
     * @param sink the drain's consumer, which counts what it is given
     * @return the sink's count, so neither call is dead code
     */
    @Benchmark
    @OperationsPerInvocation(WAITING)
    public long fillAndDrainWaiting(QueueBatchThroughput.Sink sink) {
        final QueueBatchThroughput.BatchOps waiting = this.waiting;
        waiting.fillWaiting(until, WAITING);
        waiting.drainWaiting(until, sink, WAITING);
        return sink.accepted;
    }
}
