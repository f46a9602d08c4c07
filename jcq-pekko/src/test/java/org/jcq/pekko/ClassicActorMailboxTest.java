package org.jcq.pekko;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorCell;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.DeadLetter;
import org.apache.pekko.actor.Props;
import org.apache.pekko.dispatch.Mailbox;
import org.apache.pekko.testkit.javadsl.TestKit;
import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import com.typesafe.config.ConfigFactory;

/**
 * The mailboxes under real actors, Pekko's classic Java API, on the default dispatcher: named by
 * the one line that makes a mailbox the default, or as a mailbox of its own.
 */
class ClassicActorMailboxTest {
    private static final String CONFIG = String.join("\n",
            "pekko.log-dead-letters = off",
            "pekko.actor.default-mailbox.mailbox-type = \"org.jcq.pekko.MpscUnboundedMailbox\"",
            "bounded-jcq { mailbox-type = \"org.jcq.pekko.MpscBoundedMailbox\", mailbox-capacity = 16,"
                    + " mailbox-push-timeout-time = 10s }",
            "bounded-4 { mailbox-type = \"org.jcq.pekko.MpscBoundedMailbox\", mailbox-capacity = 4,"
                    + " mailbox-push-timeout-time = -1 }",
            "padded-jcq { mailbox-type = \"org.jcq.pekko.MpscUnboundedMailbox\", padded = on, chunk-size = 8 }",
            "balancing { type = \"org.apache.pekko.dispatch.BalancingDispatcherConfigurator\","
                    + " mailbox-type = \"org.jcq.pekko.MpscUnboundedMailbox\" }");

    private ActorSystem system;

    private ActorSystem system() {
        if (system == null) {
            system = ActorSystem.create("ClassicActorMailboxTest", ConfigFactory.parseString(CONFIG));
        }
        return system;
    }

    @AfterEach
    void shutDown() {
        if (system != null) {
            TestKit.shutdownActorSystem(system);
            system = null;
        }
    }

    /** Records {sender, sequence} pairs and replies "done" when it has seen {@code expected}. */
    static final class Recorder extends AbstractActor {
        final List<long[]> seen = new ArrayList<>();
        final int expected;
        final ActorRef report;
        final CountDownLatch gate;
        final AtomicReference<Mailbox> mailbox;

        Recorder(int expected, ActorRef report, CountDownLatch gate, AtomicReference<Mailbox> mailbox) {
            this.expected = expected;
            this.report = report;
            this.gate = gate;
            this.mailbox = mailbox;
        }

        @Override
        public void preStart() {
            mailbox.set(((ActorCell) getContext()).mailbox());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(long[].class, m -> {
                if (seen.isEmpty()) {
                    gate.await(30, TimeUnit.SECONDS);
                }
                seen.add(m);
                if (seen.size() == expected) {
                    report.tell(List.copyOf(seen), getSelf());
                }
            }).build();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pekko.actor.default-mailbox", "bounded-jcq", "padded-jcq"})
    void manySendersArriveOnceEachInPerSenderOrder(String mailbox) throws InterruptedException {
        final int senders = 4;
        final int perSender = 5_000;
        final TestKit probe = new TestKit(system());
        final AtomicReference<Mailbox> box = new AtomicReference<>();
        final CountDownLatch gate = new CountDownLatch(0);
        final ActorRef actor = system().actorOf(Props.create(Recorder.class,
                () -> new Recorder(senders * perSender, probe.getRef(), gate, box)).withMailbox(mailbox));
        final List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            final int sender = s;
            final Thread t = new Thread(() -> {
                for (int i = 0; i < perSender; i++) {
                    actor.tell(new long[] {sender, i}, ActorRef.noSender());
                }
            });
            t.start();
            threads.add(t);
        }
        Joins.joinAll(threads);
        @SuppressWarnings("unchecked")
        final List<long[]> seen = probe.expectMsgClass(Duration.ofSeconds(30), List.class);
        final long[] next = new long[senders];
        for (long[] m : seen) {
            assertEquals(next[(int) m[0]]++, m[1], "sender " + m[0]);
        }
        for (int s = 0; s < senders; s++) {
            assertEquals(perSender, next[s]);
        }
        final Class<?> expected = mailbox.startsWith("bounded") ? MpscBoundedMailbox.Queue.class
                : MpscUnboundedMailbox.Queue.class;
        assertInstanceOf(expected, box.get().messageQueue(), "the actor's mailbox is ours");
    }

    @Test
    void sizeAndHasMessagesWhileTheActorIsBlocked() throws InterruptedException {
        final TestKit probe = new TestKit(system());
        final AtomicReference<Mailbox> box = new AtomicReference<>();
        final CountDownLatch gate = new CountDownLatch(1);
        final ActorRef actor = system().actorOf(Props.create(Recorder.class,
                () -> new Recorder(101, probe.getRef(), gate, box)));
        actor.tell(new long[] {0, 0}, ActorRef.noSender());
        // The first message blocks the actor on the gate; the rest wait in the mailbox.
        for (int i = 1; i <= 100; i++) {
            actor.tell(new long[] {0, i}, ActorRef.noSender());
        }
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (box.get() == null || box.get().numberOfMessages() != 100) {
            assertTrue(System.nanoTime() < deadline, "mailbox never held the 100 waiting messages");
            Thread.sleep(1);
        }
        assertTrue(box.get().hasMessages());
        gate.countDown();
        probe.expectMsgClass(Duration.ofSeconds(10), List.class);
        assertFalse(box.get().hasMessages());
        assertEquals(0, box.get().numberOfMessages());
    }

    /**
     * Senders keep sending while the actor stops: every message is delivered or reaches dead
     * letters, none is lost. This mostly shows Pekko's own part: it swaps a stopping actor's
     * mailbox for its dead-letter mailbox before it cleans the queue up, so the senders' later
     * tells go to dead letters without reaching the queue, and the test passes with the queue's
     * forwarding removed. The forwarding is what
     * {@link #aSenderWaitingInAFullMailboxWhenTheActorStopsReachesDeadLetters} tests.
     */
    @Test
    void stoppingWhileSendersSendLosesNothing() throws InterruptedException {
        final AtomicInteger dead = new AtomicInteger();
        final AtomicInteger delivered = new AtomicInteger();
        system().getEventStream().subscribe(system().actorOf(Props.create(Counter.class, () -> new Counter(dead))),
                DeadLetter.class);
        final ActorRef actor = system().actorOf(Props.create(CountingActor.class, () -> new CountingActor(delivered)));
        final int senders = 3;
        final AtomicInteger sent = new AtomicInteger();
        final java.util.concurrent.atomic.AtomicBoolean go = new java.util.concurrent.atomic.AtomicBoolean(true);
        final List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            final Thread t = new Thread(() -> {
                for (int i = 0; go.get(); i++) {
                    actor.tell(i, ActorRef.noSender());
                    sent.incrementAndGet();
                }
            });
            t.start();
            threads.add(t);
        }
        final long started = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (delivered.get() < 1000) {
            assertTrue(System.nanoTime() < started, "the actor never got 1000 messages: " + delivered.get());
            Thread.sleep(1);
        }
        // A stop is a system message: it overtakes what waits in the mailbox, which the clean-up
        // moves to dead letters; what the senders send afterwards goes to Pekko's dead-letter
        // mailbox, except a tell that was already inside the queue's enqueue (forwarded).
        system().stop(actor);
        final TestKit watcher = new TestKit(system());
        watcher.watch(actor);
        watcher.expectTerminated(Duration.ofSeconds(10), actor);
        Thread.sleep(20);
        go.set(false);
        Joins.joinAll(threads);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (delivered.get() + dead.get() < sent.get()) {
            assertTrue(System.nanoTime() < deadline,
                    "lost: delivered " + delivered.get() + " + dead letters " + dead.get() + " < " + sent.get());
            Thread.sleep(5);
        }
        Thread.sleep(200);
        assertEquals(sent.get(), delivered.get() + dead.get(), "each message once");
        assertTrue(dead.get() > 0, "the senders went on after the stop");
    }

    /**
     * The queue's forwarding after clean-up, under a real actor. A tell that comes after the stop
     * never reaches the queue (Pekko has swapped the mailbox out), so the senders here are ones
     * already inside the queue's enqueue: eight threads waiting for room in a full bounded
     * mailbox (capacity 4, no push time-out) while the actor, done with its first message, stops
     * itself (so the stop comes before any other message). The clean-up's drain moves the
     * four waiting messages to dead letters and wakes the senders; those that get in before the
     * drain has finished are drained with the rest, and those that get in after it (at least some:
     * eight wake-ups take longer than draining four) reach dead letters only through the
     * forwarding. Without it their messages would stay in a queue that nobody reads, and the
     * senders behind them in a full one would wait for ever.
     */
    @Test
    void aSenderWaitingInAFullMailboxWhenTheActorStopsReachesDeadLetters() throws InterruptedException {
        final AtomicInteger dead = new AtomicInteger();
        system().getEventStream().subscribe(system().actorOf(Props.create(Counter.class, () -> new Counter(dead))),
                DeadLetter.class);
        final AtomicInteger delivered = new AtomicInteger();
        final CountDownLatch busy = new CountDownLatch(1);
        final CountDownLatch gate = new CountDownLatch(1);
        final ActorRef actor = system().actorOf(Props.create(GatedActor.class,
                () -> new GatedActor(delivered, busy, gate)).withMailbox("bounded-4"));
        actor.tell(0, ActorRef.noSender());
        assertTrue(busy.await(10, TimeUnit.SECONDS), "the actor never took its first message");
        for (int i = 1; i <= 4; i++) {
            actor.tell(i, ActorRef.noSender());
        }
        final int waiting = 8;
        final List<Thread> senders = new ArrayList<>();
        for (int s = 0; s < waiting; s++) {
            final int message = 5 + s;
            final Thread sender = new Thread(() -> actor.tell(message, ActorRef.noSender()), "waiting-sender-" + s);
            sender.setDaemon(true);
            sender.start();
            senders.add(sender);
        }
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Thread sender : senders) {
            while (!(LockSupport.getBlocker(sender) instanceof MpscBlockingConsumerArrayQueue)) {
                assertTrue(sender.isAlive(), "the mailbox was full: " + sender.getName() + " must wait");
                assertTrue(System.nanoTime() < deadline, sender.getName() + " never waited for room");
                Thread.sleep(1);
            }
        }
        final TestKit watcher = new TestKit(system());
        watcher.watch(actor);
        gate.countDown();
        watcher.expectTerminated(Duration.ofSeconds(10), actor);
        Joins.joinAll(senders);
        final long settled = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (dead.get() < 4 + waiting && System.nanoTime() < settled) {
            Thread.sleep(5);
        }
        assertEquals(1, delivered.get(), "only the message the actor held when it stopped");
        assertEquals(4 + waiting, dead.get(), "the four that waited in the mailbox, and the waiting senders'");
    }

    /** Holds its first message until the gate opens, counts it, and stops. */
    static final class GatedActor extends AbstractActor {
        private final AtomicInteger count;
        private final CountDownLatch busy;
        private final CountDownLatch gate;

        GatedActor(AtomicInteger count, CountDownLatch busy, CountDownLatch gate) {
            this.count = count;
            this.busy = busy;
            this.gate = gate;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Integer.class, i -> {
                busy.countDown();
                gate.await(30, TimeUnit.SECONDS);
                count.incrementAndGet();
                // A system message to itself: processed before the mailbox gives it another message.
                getContext().stop(getSelf());
            }).build();
        }
    }

    /** Counts the integers it receives. */
    static final class CountingActor extends AbstractActor {
        private final AtomicInteger count;

        CountingActor(AtomicInteger count) {
            this.count = count;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Integer.class, i -> count.incrementAndGet()).build();
        }
    }

    /** Counts the dead letters that carry integers. */
    static final class Counter extends AbstractActor {
        private final AtomicInteger count;

        Counter(AtomicInteger count) {
            this.count = count;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(DeadLetter.class, d -> {
                if (d.message() instanceof Integer) {
                    count.incrementAndGet();
                }
            }).build();
        }
    }

    /** One consumer only: a dispatcher that shares a mailbox between actors refuses it. */
    @Test
    void aBalancingDispatcherRefusesTheMailbox() {
        final Exception e = assertThrows(Exception.class, () -> {
            final ActorRef a = system().actorOf(Props.create(CountingActor.class,
                    () -> new CountingActor(new AtomicInteger())).withDispatcher("balancing"));
            a.tell(1, ActorRef.noSender());
        });
        String messages = "";
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages += t.getMessage() + "\n";
        }
        assertTrue(messages.contains("MultipleConsumerSemantics"), e.getClass() + ": " + messages);
    }
}
