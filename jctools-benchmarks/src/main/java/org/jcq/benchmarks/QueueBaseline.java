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
 * cache-line transfer between cores, i.e. a ceiling for {@link QueueThroughput}.
 * One operation is one offer plus one poll.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class QueueBaseline extends QueueParams {
    /** The element every offer inserts: boxed once, so the measured loop never allocates. */
    private static final Integer ELEMENT = 1;

    @Param({QueueThroughput.DEFAULT_CAPACITY})
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
