package org.jcq.benchmarks.pekko;

import org.jcq.benchmarks.support.KeyValueArgs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;

import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.DeadLetter;
import org.apache.pekko.actor.Props;

import com.typesafe.config.ConfigFactory;

/**
 * Overload of one slow actor through a bounded mailbox with a push time-out: {@code senders}
 * threads send as fast as they can for {@code seconds}; the actor spends {@code workMicros} on
 * each message. Prints, per mailbox (JCQ's {@code MpscBoundedMailbox}, Pekko's
 * {@code BoundedMailbox}) and round: messages sent, delivered, dead-lettered, and each sender's
 * delivered count (fairness: min and max over senders), and how long the senders ran (until the
 * last one returned from its last {@code tell}). A handrolled harness, not JMH: the
 * numbers are counts, and on a shared machine indicative only.
 * After each such line comes its result line,
 * {@code pekko-mailbox-overload qType=MAILBOX senders=N capacity=C sent=S delivered=D deadLetters=L
 * unaccounted=U maxOverMin=F}, what {@code org.jcq.benchmarks.tools.Pack} and {@code Ratio} read.
 * <p>
 * Arguments, all optional, {@code key=value}: {@code senders=4 seconds=2 capacity=64
 * pushTimeOutMillis=5 workMicros=20 rounds=3}.
 */
public final class MailboxOverload {
    /** The first word of the result line. */
    public static final String LINE_PREFIX = "pekko-mailbox-overload";

    private MailboxOverload() {
    }

    /** A message: its sender's number. */
    static final class Msg {
        final int sender;

        Msg(int sender) {
            this.sender = sender;
        }
    }

    /** The slow actor: spins {@code workNanos} per message and counts it by sender. */
    static final class Slow extends AbstractActor {
        private final long workNanos;
        private final AtomicLongArray delivered;

        Slow(long workNanos, AtomicLongArray delivered) {
            this.workNanos = workNanos;
            this.delivered = delivered;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Msg.class, m -> {
                final long end = System.nanoTime() + workNanos;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                delivered.incrementAndGet(m.sender);
            }).build();
        }
    }

    /** Counts the dead letters that carry a {@link Msg}, by sender. */
    static final class DeadCounter extends AbstractActor {
        private final AtomicLongArray dead;

        DeadCounter(AtomicLongArray dead) {
            this.dead = dead;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(DeadLetter.class, d -> {
                if (d.message() instanceof Msg) {
                    dead.incrementAndGet(((Msg) d.message()).sender);
                }
            }).build();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        final Map<String, String> kv = KeyValueArgs.parse(args,
                List.of("senders", "seconds", "capacity", "pushTimeOutMillis", "workMicros", "rounds"));
        final int senders = KeyValueArgs.positiveInt("senders", kv.get("senders"), 4);
        final long seconds = KeyValueArgs.positiveLong("seconds", kv.get("seconds"), 2);
        final int capacity = KeyValueArgs.positiveInt("capacity", kv.get("capacity"), 64);
        final long pushTimeOutMillis = KeyValueArgs.positiveLong("pushTimeOutMillis", kv.get("pushTimeOutMillis"), 5);
        final long workMicros = KeyValueArgs.positiveLong("workMicros", kv.get("workMicros"), 20);
        final int rounds = KeyValueArgs.positiveInt("rounds", kv.get("rounds"), 3);
        System.out.printf("senders=%d seconds=%d capacity=%d pushTimeOutMillis=%d workMicros=%d rounds=%d, %s %s%n",
                senders, seconds, capacity, pushTimeOutMillis, workMicros, rounds,
                System.getProperty("java.vm.name"), Runtime.version());
        final String[] mailboxes = {"jcq", "pekko"};
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < mailboxes.length; i++) {
                // Rotated order, so that neither mailbox always runs first.
                final String mailbox = mailboxes[(i + round) % mailboxes.length];
                run(round, mailbox, senders, seconds, capacity, pushTimeOutMillis, workMicros);
            }
        }
    }

    private static void run(int round, String mailbox, int senders, long seconds, int capacity,
            long pushTimeOutMillis, long workMicros) throws InterruptedException {
        final String type = mailbox.equals("jcq") ? "org.jcq.pekko.MpscBoundedMailbox"
                : "org.apache.pekko.dispatch.BoundedMailbox";
        final ActorSystem system = ActorSystem.create("overload", ConfigFactory.parseString(String.join("\n",
                "pekko.log-dead-letters = off",
                "pekko.stdout-loglevel = off",
                "pekko.loglevel = off",
                "bounded { mailbox-type = \"" + type + "\", mailbox-capacity = " + capacity
                        + ", mailbox-push-timeout-time = " + pushTimeOutMillis + "ms }")));
        try {
            final AtomicLongArray delivered = new AtomicLongArray(senders);
            final AtomicLongArray dead = new AtomicLongArray(senders);
            final long[] sent = new long[senders];
            system.getEventStream().subscribe(system.actorOf(Props.create(DeadCounter.class, () -> new DeadCounter(dead))),
                    DeadLetter.class);
            final long workNanos = TimeUnit.MICROSECONDS.toNanos(workMicros);
            final ActorRef actor = system.actorOf(Props.create(Slow.class, () -> new Slow(workNanos, delivered))
                    .withMailbox("bounded"));
            final AtomicBoolean go = new AtomicBoolean(true);
            final List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                final int sender = s;
                final Msg msg = new Msg(sender);
                final Thread t = new Thread(() -> {
                    long n = 0;
                    while (go.get()) {
                        actor.tell(msg, ActorRef.noSender());
                        n++;
                    }
                    sent[sender] = n;
                }, "sender-" + s);
                threads.add(t);
            }
            final long start = System.nanoTime();
            threads.forEach(Thread::start);
            Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
            go.set(false);
            for (Thread t : threads) {
                t.join();
            }
            final double sendSeconds = (System.nanoTime() - start) / 1e9;
            final long total = Arrays.stream(sent).sum();
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (sum(delivered) + sum(dead) < total && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            long min = Long.MAX_VALUE;
            long max = 0;
            for (int s = 0; s < senders; s++) {
                min = Math.min(min, delivered.get(s));
                max = Math.max(max, delivered.get(s));
            }
            System.out.printf("round %d %-5s senders ran %.2f s, sent %9d delivered %8d dead letters %9d (%.1f%%) unaccounted %d"
                    + "  per-sender delivered min %7d max %7d max/min %.2f  %s%n",
                    round, mailbox, sendSeconds, total, sum(delivered), sum(dead), 100.0 * sum(dead) / Math.max(1, total),
                    total - sum(delivered) - sum(dead), min, max, (double) max / Math.max(1, min), delivered);
            System.out.printf(Locale.ROOT, "%s qType=%s senders=%d capacity=%d sent=%d delivered=%d deadLetters=%d"
                    + " unaccounted=%d maxOverMin=%.3f%n", LINE_PREFIX, mailbox, senders, capacity, total, sum(delivered),
                    sum(dead), total - sum(delivered) - sum(dead), (double) max / Math.max(1, min));
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }

    private static long sum(AtomicLongArray a) {
        long s = 0;
        for (int i = 0; i < a.length(); i++) {
            s += a.get(i);
        }
        return s;
    }
}
