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
        QueueFactory.SPSC_CHUNKED, QueueFactory.SPSC_UNBOUNDED, QueueFactory.SPSC_GROWABLE,
        QueueFactory.MPSC_CHUNKED, QueueFactory.MPSC_UNBOUNDED, QueueFactory.MPSC_GROWABLE,
        QueueFactory.MPSC_BLOCKING, QueueFactory.SPSC_LINKED, QueueFactory.MPSC_LINKED,
        QueueFactory.MPSC_XADD, QueueFactory.MPMC_XADD,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPMC,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPMC,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_CHUNKED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_UNBOUNDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_GROWABLE,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_CHUNKED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_UNBOUNDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_GROWABLE,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_BLOCKING,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_LINKED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_LINKED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_XADD,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPMC_XADD,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPMC,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPMC,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_CHUNKED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_UNBOUNDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_GROWABLE,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_CHUNKED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_UNBOUNDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_GROWABLE,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_BLOCKING,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_LINKED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_LINKED, QueueFactory.AGRONA_SPSC,
        QueueFactory.AGRONA_MPSC, QueueFactory.AGRONA_MPMC, QueueFactory.JDK_CLQ,
        QueueFactory.JDK_ABQ,
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
