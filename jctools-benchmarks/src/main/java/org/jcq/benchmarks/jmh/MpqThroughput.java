package org.jcq.benchmarks.jmh;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Throughput of P producer threads and C consumer threads on one queue, P and C chosen on the
 * command line with JMH's {@code -tg P,C} (offer threads first, then poll threads; default 1,1).
 * Each invocation is a single {@code offer} or {@code poll}, with no back-off after a failed one:
 * the contended cost of the queue's claim (CAS or XADD) on the side that has several threads.
 * <p>
 * <b>Score to read:</b> the secondary result {@code pollsMade} (successful polls per microsecond,
 * summed over the consumer threads). As in {@link QueueThroughput}, the primary score counts failed
 * calls too and means little.
 * <p>
 * <b>Shapes:</b> set-up rejects, with an {@link IllegalArgumentException} naming the queue and the
 * thread counts, a shape the queue does not support ({@link BenchmarkQueues#maxProducers},
 * {@link BenchmarkQueues#maxConsumers}): several producers on an SPSC or SPMC queue, several
 * consumers on an SPSC or MPSC one. Run MPSC queues with {@code -tg P,1} and MPMC queues with any
 * shape. The queue is emptied after every iteration by one thread once every thread of the group
 * has stopped, which is safe with several consumers too.
 * <p>
 * <b>Pitfalls on 2 cores:</b> with P + C > 2 the threads outnumber the cores, so a thread holding a
 * claimed-but-unpublished slot can be descheduled and its peers spin until it runs again: the
 * numbers then measure the scheduler, not the queue. On 2 cores only {@code -tg 1,1} is meaningful
 * (and it is {@link QueueThroughput} without back-off). An unbounded queue fed faster than it is
 * drained grows for the whole iteration (allocation and GC then dominate).
 * <p>
 * <b>Command</b> (a many-core machine; keep P + C at most the number of physical cores):
 * <pre>
 * java -jar jctools-benchmarks/target/benchmarks.jar MpqThroughput \
 *     -p qType=MpscArrayQueue,JCTools.MpscArrayQueue -tg 3,1 -f 3 -wi 5 -i 5
 * </pre>
 * and likewise {@code -tg 7,1} for MPSC, {@code -tg 2,2} for MPMC queues ({@code -p
 * qType=MpmcArrayQueue,JCTools.MpmcArrayQueue}).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Group)
public class MpqThroughput extends OfferPollGroup {
    /** The name of the group benchmark, i.e. the last part of the benchmark's JMH name. */
    public static final String GROUP = "mpq";
    /** The producer method's name, which is also its JMH thread-group label. */
    static final String OFFER = "offer";
    /** The consumer method's name, which is also its JMH thread-group label. */
    static final String POLL = "poll";

    /** Rejects a thread shape the queue does not support before any thread touches the queue. */
    @Setup(Level.Trial)
    public void checkShape(BenchmarkParams params) {
        final List<String> labels = new ArrayList<>(params.getThreadGroupLabels());
        final int[] threads = params.getThreadGroups();
        checkShape(qType, threads[labels.indexOf(OFFER)], threads[labels.indexOf(POLL)]);
    }

    /**
     * @param qType     the queue's {@link BenchmarkQueues} name
     * @param producers offering threads
     * @param consumers polling threads
     * @throws IllegalArgumentException if the queue does not support that many of either
     */
    public static void checkShape(String qType, int producers, int consumers) {
        if (producers > BenchmarkQueues.maxProducers(qType) || consumers > BenchmarkQueues.maxConsumers(qType)) {
            throw new IllegalArgumentException(qType + " supports " + describe(BenchmarkQueues.maxProducers(qType))
                    + " producer(s) and " + describe(BenchmarkQueues.maxConsumers(qType))
                    + " consumer(s), but the run asks for " + producers + " producers and " + consumers
                    + " consumers (-tg " + producers + "," + consumers + ")");
        }
    }

    private static String describe(int maxThreads) {
        return maxThreads == BenchmarkQueues.ANY_NUMBER ? "any number of" : "at most " + maxThreads;
    }

    @Benchmark
    @Group(GROUP)
    @GroupThreads(1)
    public void offer(OfferCounters counters) {
        offerOnce(q, counters, MODE_NONE);
    }

    @Benchmark
    @Group(GROUP)
    @GroupThreads(1)
    public void poll(PollCounters counters, Blackhole bh) {
        pollOnce(q, counters, bh, MODE_NONE);
    }
}
