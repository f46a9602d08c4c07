package org.jcq.pekko;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.pekko.actor.ActorCell;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.MailboxSelector;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.dispatch.MessageQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.typesafe.config.ConfigFactory;

/**
 * The mailboxes under typed actors, written with the Java DSL and with the Scala DSL, selected with
 * {@code MailboxSelector.fromConfig}.
 */
class TypedActorMailboxTest {
    private ActorTestKit kit;

    @BeforeEach
    void start() {
        kit = ActorTestKit.create(ConfigFactory.parseString(String.join("\n",
                "pekko.log-dead-letters = off",
                "unbounded-jcq { mailbox-type = \"org.jcq.pekko.MpscUnboundedMailbox\" }",
                "bounded-jcq { mailbox-type = \"org.jcq.pekko.MpscBoundedMailbox\", mailbox-capacity = 64 }")));
    }

    @AfterEach
    void stop() {
        kit.shutdownTestKit();
    }

    /** A message: who sent it and its number, and where to report. */
    record Msg(int sender, int seq) {
    }

    private static Behavior<Msg> recorder(int expected, ActorRef<List<Msg>> report, AtomicReference<MessageQueue> box) {
        return Behaviors.setup(ctx -> {
            box.set(((ActorCell) ctx.classicActorContext()).mailbox().messageQueue());
            final List<Msg> seen = new ArrayList<>();
            return Behaviors.receiveMessage(m -> {
                seen.add(m);
                if (seen.size() == expected) {
                    report.tell(List.copyOf(seen));
                }
                return Behaviors.same();
            });
        });
    }

    /** The same recorder written with Pekko's Scala DSL ({@code scaladsl.Behaviors}), from Java. */
    private static Behavior<Msg> scalaRecorder(int expected, ActorRef<List<Msg>> report, AtomicReference<MessageQueue> box) {
        return org.apache.pekko.actor.typed.scaladsl.Behaviors.setup(ctx -> {
            box.set(((ActorCell) ctx.classicActorContext()).mailbox().messageQueue());
            final List<Msg> seen = new ArrayList<>();
            // Receive is a Scala trait over the abstract class Behavior: Java sees no subtyping.
            final Object receive = org.apache.pekko.actor.typed.scaladsl.Behaviors.<Msg>receiveMessage((Msg m) -> {
                seen.add(m);
                if (seen.size() == expected) {
                    report.tell(List.copyOf(seen));
                }
                return org.apache.pekko.actor.typed.scaladsl.Behaviors.<Msg>same();
            });
            @SuppressWarnings("unchecked")
            final Behavior<Msg> behavior = (Behavior<Msg>) receive;
            return behavior;
        });
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"unbounded-jcq", "bounded-jcq", "unbounded-jcq scala", "bounded-jcq scala"})
    void manySendersArriveOnceEachInPerSenderOrder(String mailboxAndDsl) throws InterruptedException {
        final String mailbox = mailboxAndDsl.split(" ")[0];
        final boolean scala = mailboxAndDsl.endsWith("scala");
        final int senders = 4;
        final int perSender = 5_000;
        final TestProbe<List<Msg>> probe = kit.createTestProbe();
        final AtomicReference<MessageQueue> box = new AtomicReference<>();
        final Behavior<Msg> behavior = scala ? scalaRecorder(senders * perSender, probe.getRef(), box)
                : recorder(senders * perSender, probe.getRef(), box);
        final ActorRef<Msg> actor = kit.spawn(behavior, "recorder", MailboxSelector.fromConfig(mailbox));
        final List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            final int sender = s;
            final Thread t = new Thread(() -> {
                for (int i = 0; i < perSender; i++) {
                    actor.tell(new Msg(sender, i));
                }
            });
            t.start();
            threads.add(t);
        }
        Joins.joinAll(threads);
        final List<Msg> seen = probe.receiveMessage(Duration.ofSeconds(30));
        final int[] next = new int[senders];
        for (Msg m : seen) {
            assertEquals(next[m.sender()]++, m.seq(), "sender " + m.sender());
        }
        for (int s = 0; s < senders; s++) {
            assertEquals(perSender, next[s]);
        }
        final Class<?> expected = mailbox.startsWith("bounded") ? MpscBoundedMailbox.Queue.class
                : MpscUnboundedMailbox.Queue.class;
        assertInstanceOf(expected, box.get(), "the actor's mailbox is ours");
    }
}
