package org.jcq.benchmarks.jmh;

import org.jcq.benchmarks.tools.NepotismDemo;
import java.util.Queue;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link NepotismDemo}'s workload under JMH: one thread offers a new message and polls the head of
 * a queue holding a steady backlog, in a fork with the demo's small young generation. Run it with
 * {@code -prof gc} to see the collections; a nepotism-prone queue shows in the throughput too, as
 * young collections that copy long-dead nodes. One operation is one offer plus one poll.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xmn4m", "-Xmx128m", "-XX:+UseSerialGC"})
public class NepotismBenchmark {
    @Param({"SpscLinkedQueue", "MpscLinkedQueue", "JCTools.MpscLinkedQueue", "JDK.ConcurrentLinkedQueue",
        "LeakyLinkedQueue"})
    public String qType;

    @Param({"5000"})
    public int backlog;

    private Queue<Object> q;

    @Setup(Level.Trial)
    public void fillBacklog() {
        q = NepotismDemo.QUEUES.get(qType).get();
        for (int i = 0; i < backlog; i++) {
            q.offer(new long[2]);
        }
    }

    @Benchmark
    public Object offerNewAndPollHead() {
        q.offer(new long[2]);
        return q.poll();
    }
}
