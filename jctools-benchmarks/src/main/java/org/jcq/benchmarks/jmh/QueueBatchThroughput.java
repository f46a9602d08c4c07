package org.jcq.benchmarks.jmh;

import java.util.Queue;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.Pipe;
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

/**
 * Batch throughput of one producer and one consumer: each producer invocation adds up to
 * {@code batchSize} elements in one {@code fill(supplier, batchSize)} call, each consumer invocation
 * takes up to {@code batchSize} in one {@code drain(consumer, batchSize)} call. Batching lets a queue
 * claim or publish many slots per index update, which is where batch APIs earn their keep.
 * <p>
 * <b>Score to read:</b> the secondary result {@code pollsMade}: elements taken per microsecond
 * (the aux counters count elements here, not calls; {@code offersFailed} and {@code pollsFailed}
 * count calls that moved nothing).
 * <p>
 * <b>Which API each queue gets:</b> ours ({@code org.jcq.queues.MessagePassingQueue}) and both JCTools
 * editions ({@code org.jctools.queues.MessagePassingQueue}) use their own {@code fill} and
 * {@code drain}. Agrona's queues use their {@code drain(Consumer, limit)} but have no fill, so the
 * producer falls back to an {@code offer} loop. The JDK's queues have neither (their
 * {@code drainTo} needs a collection), so both sides fall back to {@code offer}/{@code poll} loops:
 * their numbers are not batch numbers, and the table should say so. The adapter is chosen once at
 * set-up, so within a fork the call site sees one implementation.
 * <p>
 * <b>Why it is honest:</b> the supplier and the consumer are built before measurement and allocate
 * nothing (the supplier hands out one boxed element; the consumer is the consumer thread's own
 * per-thread state and only counts); counters are per-thread; the queue is emptied after every
 * iteration. With {@code -prof gc} the array queues show {@code gc.alloc.rate.norm} of about 0.
 * <p>
 * <b>Pitfalls on 2 cores:</b> as for {@link QueueThroughput}: both cores are busy, so use several
 * forks and distrust differences under about 10%. A batch larger than the capacity can never be
 * filled in one call.
 * <p>
 * <b>Command:</b>
 * <pre>
 * java -jar jctools-benchmarks/target/benchmarks.jar QueueBatchThroughput \
 *     -p qType=SpscArrayQueue,JCTools.SpscArrayQueue -p batchSize=32 -f 3 -wi 5 -i 5
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Group)
public class QueueBatchThroughput extends OfferPollGroup {
    /** The name of the group benchmark, i.e. the last part of the benchmark's JMH name. */
    public static final String GROUP = "batch";
    /** The default batch size, as a JMH parameter value. */
    public static final String DEFAULT_BATCH_SIZE = "32";

    /** Most elements one {@code fill} or {@code drain} call moves. */
    @Param({DEFAULT_BATCH_SIZE})
    public int batchSize;

    private BatchOps ops;

    @Setup(Level.Trial)
    public void chooseOps() {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be >= 1 but was " + batchSize);
        }
        ops = BatchOps.of(q);
    }

    /** The batch adapter in use, for tests. */
    BatchOps ops() {
        return ops;
    }

    @Benchmark
    @Group(GROUP)
    @GroupThreads(1)
    public void fill(OfferCounters counters) {
        final int added = ops.fill(batchSize);
        if (added == 0) {
            counters.offersFailed++;
        } else {
            counters.offersMade += added;
        }
    }

    @Benchmark
    @Group(GROUP)
    @GroupThreads(1)
    public void drain(PollCounters counters, Sink sink) {
        final int taken = ops.drain(sink, batchSize);
        if (taken == 0) {
            counters.pollsFailed++;
        } else {
            counters.pollsMade += taken;
        }
    }

    /**
     * The consumer handed to {@code drain}: one object that is a consumer for each family's
     * interface, kept per consumer thread (so it shares no cache line with the producer) and
     * counting what it is given.
     */
    @State(Scope.Thread)
    public static class Sink implements org.jcq.queues.MessagePassingQueue.Consumer<Integer>,
            org.jctools.queues.MessagePassingQueue.Consumer<Integer>, java.util.function.Consumer<Integer> {
        /** Elements accepted so far. */
        long accepted;

        @Override
        public void accept(Integer e) {
            accepted++;
        }
    }

    /**
     * The waiting forms' callbacks for a run of {@code n} elements: the supplier hands out the
     * shared element and counts, the exit condition keeps a fill running until {@code n} were
     * supplied or a drain until its sink has {@code n} more, and the wait strategy only counts
     * idle rounds (a single thread never waits for anyone). One object per benchmark thread,
     * built at set-up, so a measured call allocates nothing.
     */
    static final class Until implements org.jcq.queues.MessagePassingQueue.Supplier<Integer>,
            org.jctools.queues.MessagePassingQueue.Supplier<Integer>,
            org.jcq.queues.MessagePassingQueue.ExitCondition, org.jctools.queues.MessagePassingQueue.ExitCondition,
            org.jcq.queues.MessagePassingQueue.WaitStrategy, org.jctools.queues.MessagePassingQueue.WaitStrategy {
        private Sink sink;
        private long supplied;
        private long until;
        private boolean filling;

        /** Arms a waiting fill of {@code n} elements. */
        Until fill(int n) {
            filling = true;
            supplied = 0;
            until = n;
            return this;
        }

        /** Arms a waiting drain of {@code n} elements into {@code sink}. */
        Until drain(Sink sink, int n) {
            filling = false;
            this.sink = sink;
            until = sink.accepted + n;
            return this;
        }

        @Override
        public Integer get() {
            supplied++;
            return ELEMENT;
        }

        @Override
        public boolean keepRunning() {
            return filling ? supplied < until : sink.accepted < until;
        }

        @Override
        public int idle(int idleCounter) {
            return idleCounter + 1;
        }
    }

    /** The supplier handed to {@code fill}: stateless, it hands out the one shared element. */
    static final class Source implements org.jcq.queues.MessagePassingQueue.Supplier<Integer>,
            org.jctools.queues.MessagePassingQueue.Supplier<Integer> {
        static final Source INSTANCE = new Source();

        private Source() {
        }

        @Override
        public Integer get() {
            return ELEMENT;
        }
    }

    /**
     * {@code fill} and {@code drain} (and the relaxed offer and poll) as one queue family offers
     * them, or as loops of (or plain) {@code offer} and {@code poll} where it does not.
     */
    abstract static class BatchOps {
        /** @return elements added, at most {@code limit} (producer thread only) */
        abstract int fill(int limit);

        /** @return elements handed to {@code sink}, at most {@code limit} (consumer thread only) */
        abstract int drain(Sink sink, int limit);

        /**
         * The family's waiting fill, {@code fill(s, wait, exit)}, run until {@code n} elements
         * were supplied (an offer loop where the family has none).
         */
        abstract void fillWaiting(Until until, int n);

        /**
         * The family's waiting drain, {@code drain(c, wait, exit)}, run until {@code sink} took
         * {@code n} elements (a poll loop where the family has none).
         */
        abstract void drainWaiting(Until until, Sink sink, int n);

        /** @return whether {@code e} was added: the family's {@code relaxedOffer}, or {@code offer} */
        abstract boolean relaxedOffer(Integer e);

        /** @return an element or null: the family's {@code relaxedPoll}, or {@code poll} */
        abstract Integer relaxedPoll();

        /** @return the adapter for {@code q}'s family: its own batch API where it has one */
        @SuppressWarnings("unchecked") // q holds Integers; the casts only change which interface views it
        static BatchOps of(Queue<Integer> q) {
            if (q instanceof org.jcq.queues.MessagePassingQueue<?>) {
                return new JcqOps((org.jcq.queues.MessagePassingQueue<Integer>) q);
            }
            if (q instanceof org.jctools.queues.MessagePassingQueue<?>) {
                return new JctoolsOps((org.jctools.queues.MessagePassingQueue<Integer>) q);
            }
            if (q instanceof Pipe<?>) {
                return new AgronaOps(q);
            }
            return new LoopOps(q);
        }
    }

    /** Ours: native fill and drain. */
    static final class JcqOps extends BatchOps {
        private final org.jcq.queues.MessagePassingQueue<Integer> q;

        JcqOps(org.jcq.queues.MessagePassingQueue<Integer> q) {
            this.q = q;
        }

        @Override
        int fill(int limit) {
            return q.fill(Source.INSTANCE, limit);
        }

        @Override
        int drain(Sink sink, int limit) {
            return q.drain(sink, limit);
        }

        @Override
        void fillWaiting(Until until, int n) {
            q.fill(until.fill(n), until, until);
        }

        @Override
        void drainWaiting(Until until, Sink sink, int n) {
            q.drain(sink, until.drain(sink, n), until);
        }

        @Override
        boolean relaxedOffer(Integer e) {
            return q.relaxedOffer(e);
        }

        @Override
        Integer relaxedPoll() {
            return q.relaxedPoll();
        }
    }

    /** JCTools, both editions: native fill and drain. */
    static final class JctoolsOps extends BatchOps {
        private final org.jctools.queues.MessagePassingQueue<Integer> q;

        JctoolsOps(org.jctools.queues.MessagePassingQueue<Integer> q) {
            this.q = q;
        }

        @Override
        int fill(int limit) {
            return q.fill(Source.INSTANCE, limit);
        }

        @Override
        int drain(Sink sink, int limit) {
            return q.drain(sink, limit);
        }

        @Override
        void fillWaiting(Until until, int n) {
            q.fill(until.fill(n), until, until);
        }

        @Override
        void drainWaiting(Until until, Sink sink, int n) {
            q.drain(sink, until.drain(sink, n), until);
        }

        @Override
        boolean relaxedOffer(Integer e) {
            return q.relaxedOffer(e);
        }

        @Override
        Integer relaxedPoll() {
            return q.relaxedPoll();
        }
    }

    /** Falls back to an offer loop for fill and a poll loop for drain: the JDK's queues. */
    static class LoopOps extends BatchOps {
        /** The queue through its {@link Queue} interface. */
        final Queue<Integer> q;

        LoopOps(Queue<Integer> q) {
            this.q = q;
        }

        @Override
        final int fill(int limit) {
            int added = 0;
            while (added < limit && q.offer(ELEMENT)) {
                added++;
            }
            return added;
        }

        @Override
        final void fillWaiting(Until until, int n) {
            fill(n);
        }

        @Override
        final void drainWaiting(Until until, Sink sink, int n) {
            drain(sink, n);
        }

        @Override
        int drain(Sink sink, int limit) {
            int taken = 0;
            Integer e;
            while (taken < limit && (e = q.poll()) != null) {
                sink.accept(e);
                taken++;
            }
            return taken;
        }

        @Override
        final boolean relaxedOffer(Integer e) {
            return q.offer(e);
        }

        @Override
        final Integer relaxedPoll() {
            return q.poll();
        }
    }

    /** Agrona: native drain ({@link Pipe#drain}), an offer loop for fill (Agrona has none). */
    static final class AgronaOps extends LoopOps {
        private final Pipe<Integer> pipe;

        @SuppressWarnings("unchecked") // the queue was built for Integer elements; Pipe is its other view
        AgronaOps(Queue<Integer> q) {
            super(q);
            this.pipe = (Pipe<Integer>) q;
        }

        @Override
        int drain(Sink sink, int limit) {
            return pipe.drain(sink, limit);
        }
    }
}
