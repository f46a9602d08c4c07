package org.jcq.pekko;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.DeadLetter;
import org.apache.pekko.dispatch.BoundedMailbox;
import org.apache.pekko.dispatch.BoundedMessageQueueSemantics;
import org.apache.pekko.dispatch.Envelope;
import org.apache.pekko.dispatch.MailboxType;
import org.apache.pekko.dispatch.MessageQueue;
import org.apache.pekko.testkit.javadsl.TestKit;
import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.jcq.queues.MpscChunkedArrayQueue;
import org.jcq.queues.MpscChunkedUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedArrayQueue;
import org.jcq.queues.MpscUnboundedUnpaddedArrayQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

import scala.Option;

/**
 * The mailboxes' message queues on their own, driven as Pekko drives them: enqueue from any
 * thread, dequeue from one, clean-up once, then dead letters for everything, also while senders
 * keep sending.
 */
class MessageQueueTest {
    private static ActorSystem system;

    @BeforeAll
    static void start() {
        system = ActorSystem.create("MessageQueueTest", ConfigFactory.parseString("pekko.log-dead-letters = off"));
    }

    @AfterAll
    static void stop() {
        system.terminate();
    }

    /** A mailbox type and the queue class it must produce. */
    record Kind(String name, MailboxType type, Class<?> queueClass) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Kind> kinds() {
        return Stream.of(
                new Kind("unbounded, compact", new MpscUnboundedMailbox(2, false), MpscUnboundedUnpaddedArrayQueue.class),
                new Kind("unbounded, padded", new MpscUnboundedMailbox(2, true), MpscUnboundedArrayQueue.class),
                new Kind("bounded, senders wait", new MpscBoundedMailbox(1 << 20, -1, false),
                        MpscBlockingConsumerArrayQueue.class),
                new Kind("bounded, no wait, compact", new MpscBoundedMailbox(1 << 20, 0, false),
                        MpscChunkedUnpaddedArrayQueue.class),
                new Kind("bounded, no wait, padded", new MpscBoundedMailbox(1 << 20, 0, true), MpscChunkedArrayQueue.class));
    }

    private static MpscMessageQueue create(MailboxType type) {
        return (MpscMessageQueue) type.create(Option.empty(), Option.apply(system));
    }

    /** Records what clean-up and later senders hand to dead letters. */
    static final class DeadLetterQueue implements MessageQueue {
        final ConcurrentLinkedQueue<Envelope> received = new ConcurrentLinkedQueue<>();
        volatile ActorRef owner;

        @Override
        public void enqueue(ActorRef receiver, Envelope handle) {
            owner = receiver;
            received.add(handle);
        }

        @Override
        public Envelope dequeue() {
            return received.poll();
        }

        @Override
        public int numberOfMessages() {
            return received.size();
        }

        @Override
        public boolean hasMessages() {
            return !received.isEmpty();
        }

        @Override
        public void cleanUp(ActorRef owner, MessageQueue deadLetters) {
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void fifoWithSizeAndHasMessages(Kind kind) {
        final MpscMessageQueue q = create(kind.type());
        assertSame(kind.queueClass(), q.queue.getClass());
        assertFalse(q.hasMessages());
        assertEquals(0, q.numberOfMessages());
        for (int i = 0; i < 100; i++) {
            q.enqueue(ActorRef.noSender(), Envelope.apply(i, ActorRef.noSender()));
            assertEquals(i + 1, q.numberOfMessages());
            assertTrue(q.hasMessages());
        }
        for (int i = 0; i < 100; i++) {
            assertEquals(i, q.dequeue().message());
        }
        assertNull(q.dequeue());
        assertFalse(q.hasMessages());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void cleanUpForwardsWhatIsLeftAndEverythingSentLater(Kind kind) {
        final MpscMessageQueue q = create(kind.type());
        final ActorRef owner = new TestKit(system).getRef();
        for (int i = 0; i < 10; i++) {
            q.enqueue(owner, Envelope.apply(i, ActorRef.noSender()));
        }
        assertEquals(0, q.dequeue().message());
        final DeadLetterQueue dead = new DeadLetterQueue();
        q.cleanUp(owner, dead);
        q.enqueue(owner, Envelope.apply(10, ActorRef.noSender()));
        final List<Object> forwarded = new ArrayList<>();
        dead.received.forEach(e -> forwarded.add(e.message()));
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), forwarded);
        assertSame(owner, dead.owner);
        assertFalse(q.hasMessages());
    }

    /**
     * Senders race the clean-up: every envelope is either taken by the consumer before it or
     * forwarded to dead letters, once, and each sender's envelopes stay in order on each side.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void noEnvelopeIsLostOrRepeatedWhileSendersRaceTheCleanUp(Kind kind) throws InterruptedException {
        final int senders = 3;
        final int perSender = 20_000;
        for (int round = 0; round < 5; round++) {
            final MpscMessageQueue q = create(kind.type());
            final DeadLetterQueue dead = new DeadLetterQueue();
            final CountDownLatch go = new CountDownLatch(1);
            final List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                final int sender = s;
                final Thread t = new Thread(() -> {
                    awaitQuietly(go);
                    for (int i = 0; i < perSender; i++) {
                        q.enqueue(ActorRef.noSender(), Envelope.apply(new long[] {sender, i}, ActorRef.noSender()));
                    }
                });
                t.start();
                threads.add(t);
            }
            final List<long[]> taken = new ArrayList<>();
            go.countDown();
            // The consumer takes some, then the actor "stops" mid-stream.
            while (taken.size() < perSender / 2) {
                final Envelope e = q.dequeue();
                if (e != null) {
                    taken.add((long[]) e.message());
                }
            }
            q.cleanUp(ActorRef.noSender(), dead);
            Joins.joinAll(threads);
            final List<long[]> forwarded = new ArrayList<>();
            dead.received.forEach(e -> forwarded.add((long[]) e.message()));
            assertEquals(senders * perSender, taken.size() + forwarded.size(), kind + " round " + round);
            final long[] next = new long[senders];
            for (List<long[]> side : List.of(taken, forwarded)) {
                for (long[] m : side) {
                    assertEquals(next[(int) m[0]], m[1], "sender " + m[0] + " out of order or repeated");
                    next[(int) m[0]]++;
                }
            }
            for (int s = 0; s < senders; s++) {
                assertEquals(perSender, next[s], "sender " + s);
            }
        }
    }

    @Test
    void aFullBoundedMailboxSendsToDeadLettersAfterThePushTimeOut() {
        final TestKit deadLetters = new TestKit(system);
        system.getEventStream().subscribe(deadLetters.getRef(), DeadLetter.class);
        final ActorRef owner = new TestKit(system).getRef();
        final MpscMessageQueue q = create(new MpscBoundedMailbox(4, TimeUnit.MILLISECONDS.toNanos(50), false));
        for (int i = 0; i < 4; i++) {
            q.enqueue(owner, Envelope.apply(i, ActorRef.noSender()));
        }
        final long start = System.nanoTime();
        q.enqueue(owner, Envelope.apply("too many", ActorRef.noSender()));
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(50), "waited the push time-out");
        final DeadLetter d = deadLetters.expectMsgClass(Duration.ofSeconds(5), DeadLetter.class);
        assertEquals("too many", d.message());
        assertSame(owner, d.recipient());
        assertEquals(4, q.numberOfMessages());
        system.getEventStream().unsubscribe(deadLetters.getRef());
    }

    /**
     * A sender that finds the mailbox full waits in the queue's own wait for room, the one that
     * the queue's takes end once they have freed half the ring, rather than in a wait of its own
     * that looks for room now and then: it parks with the queue as its blocker, and the actor's
     * second take (half of 4) lets it in.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"platform thread, no time-out", "platform thread, 30 s", "virtual thread, no time-out",
            "virtual thread, 30 s"})
    void aSenderWaitingForRoomWaitsWhereTheActorsTakesWakeIt(String how) throws Exception {
        final boolean virtual = how.startsWith("virtual");
        assumeTrue(!virtual || Runtime.version().feature() >= 21, "virtual threads need JDK 21+");
        final long pushTimeOut = how.endsWith("30 s") ? TimeUnit.SECONDS.toNanos(30) : -1;
        final MpscMessageQueue q = create(new MpscBoundedMailbox(4, pushTimeOut, false));
        for (int i = 0; i < 4; i++) {
            q.enqueue(ActorRef.noSender(), Envelope.apply(i, ActorRef.noSender()));
        }
        final Runnable send = () -> q.enqueue(ActorRef.noSender(), Envelope.apply(4, ActorRef.noSender()));
        final Thread sender = virtual ? virtualThread(send) : new Thread(send, "sender");
        sender.start();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (LockSupport.getBlocker(sender) != q.queue) {
            assertTrue(sender.isAlive(), "a full mailbox makes the sender wait");
            assertTrue(System.nanoTime() < deadline,
                    "the sender never parked in the queue's wait for room; its blocker: " + LockSupport.getBlocker(sender));
            Thread.sleep(1);
        }
        assertEquals(0, q.dequeue().message());
        assertEquals(1, q.dequeue().message());
        Joins.joinAll(List.of(sender));
        for (int i = 2; i <= 4; i++) {
            assertEquals(i, q.dequeue().message());
        }
        assertNull(q.dequeue());
    }

    /**
     * The push time-out is reported as Pekko's {@code BoundedMailbox} reports the same setting:
     * a negative one as that negative duration (it means "wait as long as it takes").
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"-1", "-5s", "0", "10ms", "2s"})
    void pushTimeOutIsReportedAsPekkosBoundedMailboxReportsIt(String setting) {
        final Config config = ConfigFactory.parseString("mailbox-capacity = 8\nmailbox-push-timeout-time = " + setting);
        final MessageQueue pekkos = new BoundedMailbox(system.settings(), config).create(Option.empty(), Option.empty());
        final MpscMessageQueue ours = create(new MpscBoundedMailbox(system.settings(), config));
        assertEquals(((BoundedMessageQueueSemantics) pekkos).pushTimeOut(),
                ((BoundedMessageQueueSemantics) ours).pushTimeOut());
    }

    @Test
    void configurationIsReadAndCheckedOnce() {
        final MpscUnboundedMailbox byConfig = new MpscUnboundedMailbox(system.settings(),
                ConfigFactory.parseString("chunk-size = 16\npadded = on"));
        assertInstanceOf(MpscUnboundedArrayQueue.class, create(byConfig).queue);
        assertInstanceOf(MpscUnboundedUnpaddedArrayQueue.class,
                create(new MpscUnboundedMailbox(system.settings(), ConfigFactory.empty())).queue);
        assertThrows(IllegalArgumentException.class,
                () -> new MpscUnboundedMailbox(system.settings(), ConfigFactory.parseString("chunk-size = 1")));
        final MpscBoundedMailbox.Queue bounded = (MpscBoundedMailbox.Queue) create(new MpscBoundedMailbox(system.settings(),
                ConfigFactory.parseString("mailbox-capacity = 100\nmailbox-push-timeout-time = 2s")));
        assertEquals(128, bounded.capacity());
        assertEquals(scala.concurrent.duration.Duration.create(2, TimeUnit.SECONDS), bounded.pushTimeOut());
        assertInstanceOf(MpscBlockingConsumerArrayQueue.class, bounded.queue, "senders may wait: the waiting queue");
        // Pekko puts its default-mailbox section behind a mailbox's own: capacity 1000, time-out 10 s.
        final MpscBoundedMailbox.Queue defaults = (MpscBoundedMailbox.Queue) create(new MpscBoundedMailbox(system.settings(),
                ConfigFactory.parseString("padded = on").withFallback(system.settings().config()
                        .getConfig("pekko.actor.default-mailbox"))));
        assertEquals(1024, defaults.capacity());
        assertEquals(scala.concurrent.duration.Duration.create(10, TimeUnit.SECONDS), defaults.pushTimeOut());
        final MpscBoundedMailbox.Queue noWait = (MpscBoundedMailbox.Queue) create(new MpscBoundedMailbox(system.settings(),
                ConfigFactory.parseString("mailbox-capacity = 100\nmailbox-push-timeout-time = 0\npadded = on")));
        assertInstanceOf(MpscChunkedArrayQueue.class, noWait.queue, "no sender waits: the chunked queue");
        assertThrows(IllegalArgumentException.class,
                () -> new MpscBoundedMailbox(system.settings(), ConfigFactory.parseString("mailbox-capacity = 0")));
        assertThrows(IllegalArgumentException.class, () -> new MpscBoundedMailbox(4, 0, false)
                .create(Option.empty(), Option.empty()));
    }

    /** A virtual thread (JDK 21+), reached reflectively: this module's bytecode is Java 11's. */
    private static Thread virtualThread(Runnable body) throws ReflectiveOperationException {
        final Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        return (Thread) Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class)
                .invoke(builder, body);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
