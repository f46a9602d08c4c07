package org.jcq.benchmarks;

import java.util.Queue;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One thread offers one element and polls it back: the cost of an offer/poll pair with no
 * cache-line transfer between cores, i.e. a ceiling for {@link QueueThroughputBackoffNone}.
 * One operation is one offer plus one poll.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class QueueBaseline {
    /** The element every offer inserts: boxed once, so the measured loop never allocates. */
    private static final Integer ELEMENT = 1;

    @Param({
        QueueFactory.SPSC, QueueFactory.MPSC, QueueFactory.SPMC, QueueFactory.MPMC,
        QueueFactory.JCTOOLS_SPSC, QueueFactory.JCTOOLS_MPSC, QueueFactory.JCTOOLS_SPMC,
        QueueFactory.JCTOOLS_MPMC,
        QueueFactory.JCTOOLS_VH_SPSC, QueueFactory.JCTOOLS_VH_MPSC, QueueFactory.JCTOOLS_VH_SPMC,
        QueueFactory.JCTOOLS_VH_MPMC,
        QueueFactory.AGRONA_SPSC, QueueFactory.AGRONA_MPSC, QueueFactory.AGRONA_MPMC,
        QueueFactory.JDK_CLQ, QueueFactory.JDK_ABQ,
    })
    public String qType;

    @Param({QueueThroughputBackoffNone.DEFAULT_CAPACITY})
    public int qCapacity;

    private Queue<Integer> q;

    @Setup(Level.Trial)
    public void createQueue() {
        q = QueueFactory.create(qType, qCapacity);
    }

    @Benchmark
    public Integer offerAndPoll() {
        q.offer(ELEMENT);
        return q.poll();
    }
}
