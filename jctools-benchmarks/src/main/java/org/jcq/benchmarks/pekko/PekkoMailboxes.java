package org.jcq.benchmarks.pekko;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import com.typesafe.config.ConfigFactory;

/**
 * Pekko actors on each mailbox, the system's default mailbox replaced by the one under test:
 * <ul>
 * <li>{@code fanIn}: two sender threads, one actor. Each sender sends a burst of {@link #BURST}
 *     messages, then waits (parked) until the actor has taken its burst, so the mailbox holds at
 *     most two bursts and the score is end to end: messages per µs through the actor.</li>
 * <li>{@code pingPong}: two actors bounce a message {@link #ROUNDS} times; the score is the time
 *     per round trip, two enqueues and two dequeues on a dispatcher thread each.</li>
 * </ul>
 * Mailboxes: Pekko's default ({@code UnboundedMailbox}, a {@code ConcurrentLinkedQueue}), Pekko's
 * {@code SingleConsumerOnlyUnboundedMailbox}, JCQ's {@code MpscUnboundedMailbox} compact (the
 * default) and padded, and a plain adapter on JCTools' {@code MpscUnboundedArrayQueue}. The
 * dispatcher is Pekko's default. Run, e.g.:
 * <pre>
 * java -jar benchmarks.jar PekkoMailboxes -p mailbox=pekko,jcq -f 1
 * </pre>
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PekkoMailboxes {
    /** Messages per sender per wait in {@code fanIn}. */
    public static final int BURST = 1000;
    /** Round trips per {@code pingPong} call. */
    public static final int ROUNDS = 100;
    /** How many threads send in {@code fanIn}. */
    static final int SENDERS = 2;

    /** The default-mailbox settings each {@code mailbox} parameter names. */
    static final Map<String, String> MAILBOXES = Map.of(
            "pekko", "mailbox-type = \"org.apache.pekko.dispatch.UnboundedMailbox\"",
            "pekkoSingleConsumer", "mailbox-type = \"org.apache.pekko.dispatch.SingleConsumerOnlyUnboundedMailbox\"",
            "jcq", "mailbox-type = \"org.jcq.pekko.MpscUnboundedMailbox\"",
            "jcqPadded", "mailbox-type = \"org.jcq.pekko.MpscUnboundedMailbox\", padded = on",
            "jctools", "mailbox-type = \"org.jcq.benchmarks.pekko.JctoolsMpscMailbox\"");

    @Param({"pekko", "pekkoSingleConsumer", "jcq", "jcqPadded", "jctools"})
    public String mailbox;

    private ActorSystem system;
    private ActorRef sink;
    private ActorRef ping;
    private ActorRef pong;
    private final Semaphore[] bursts = new Semaphore[SENDERS];
    private final AtomicInteger nextSender = new AtomicInteger();

    @Setup(Level.Trial)
    public void start() {
        final String settings = MAILBOXES.get(mailbox);
        if (settings == null) {
            throw new IllegalArgumentException("mailbox must be one of " + MAILBOXES.keySet() + " but was " + mailbox);
        }
        system = ActorSystem.create("bench", ConfigFactory.parseString(
                "pekko.actor.default-mailbox { " + settings + " }\npekko.log-dead-letters = off\npekko.loglevel = WARNING"));
        for (int s = 0; s < SENDERS; s++) {
            bursts[s] = new Semaphore(0);
        }
        sink = system.actorOf(Props.create(Sink.class, () -> new Sink(bursts)));
        pong = system.actorOf(Props.create(Pong.class, Pong::new));
        ping = system.actorOf(Props.create(Ping.class, () -> new Ping(pong)));
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    /** A sender thread's identity in {@code fanIn}. */
    @State(Scope.Thread)
    public static class Sender {
        int id;
        Integer[] messages;

        @Setup(Level.Trial)
        public void assign(PekkoMailboxes b) {
            id = b.nextSender.getAndIncrement() % SENDERS;
            messages = new Integer[] {id};
        }
    }

    /** Counts each sender's messages and lets it go on after each full burst. */
    static final class Sink extends AbstractActor {
        private final Semaphore[] bursts;
        private final int[] counts = new int[SENDERS];

        Sink(Semaphore[] bursts) {
            this.bursts = bursts;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Integer.class, sender -> {
                if (++counts[sender] == BURST) {
                    counts[sender] = 0;
                    bursts[sender].release();
                }
            }).build();
        }
    }

    @Benchmark
    @Threads(SENDERS)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @OperationsPerInvocation(BURST)
    public void fanIn(Sender s) throws InterruptedException {
        final Integer m = s.messages[0];
        for (int i = 0; i < BURST; i++) {
            sink.tell(m, ActorRef.noSender());
        }
        bursts[s.id].acquire();
    }

    /** A ping carrying how many round trips are left and whom to tell when none are. */
    static final class Ball {
        final int left;
        final CompletableFuture<Void> done;

        Ball(int left, CompletableFuture<Void> done) {
            this.left = left;
            this.done = done;
        }
    }

    /** Serves the ball back to {@link Pong} until no round trip is left. */
    static final class Ping extends AbstractActor {
        private final ActorRef pong;

        Ping(ActorRef pong) {
            this.pong = pong;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Ball.class, b -> {
                if (b.left == 0) {
                    b.done.complete(null);
                } else {
                    pong.tell(new Ball(b.left - 1, b.done), getSelf());
                }
            }).build();
        }
    }

    /** Returns the ball. */
    static final class Pong extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Ball.class, b -> getSender().tell(b, getSelf())).build();
        }
    }

    @Benchmark
    @Threads(1)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(ROUNDS)
    public void pingPong() throws Exception {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        ping.tell(new Ball(ROUNDS, done), ActorRef.noSender());
        done.get(30, TimeUnit.SECONDS);
    }
}
