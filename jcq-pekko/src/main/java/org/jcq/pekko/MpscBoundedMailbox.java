package org.jcq.pekko;

import java.util.concurrent.TimeUnit;

import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.DeadLetter;
import org.apache.pekko.dispatch.BoundedMessageQueueSemantics;
import org.apache.pekko.dispatch.Envelope;
import org.apache.pekko.dispatch.MailboxType;
import org.apache.pekko.dispatch.ProducesMessageQueue;
import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.jcq.queues.MpscChunkedArrayQueue;
import org.jcq.queues.MpscChunkedUnpaddedArrayQueue;

import com.typesafe.config.Config;

import scala.Option;
import scala.concurrent.duration.Duration;
import scala.concurrent.duration.FiniteDuration;

/**
 * A bounded Pekko mailbox with the semantics of Pekko's own {@code BoundedMailbox}: a sender that
 * finds it full waits up to {@code mailbox-push-timeout-time} for room, then the message goes to
 * dead letters; a negative time-out waits as long as it takes, zero never waits. Name it in
 * {@code application.conf}:
 * <pre>
 * bounded-jcq-mailbox {
 *   mailbox-type = "org.jcq.pekko.MpscBoundedMailbox"
 *   mailbox-capacity = 1000            # rounded up to a power of two (at least 4); default:
 *                                      # Pekko's default-mailbox setting, 1000 (so 1024)
 *   mailbox-push-timeout-time = 10s    # default: Pekko's default-mailbox setting, 10s
 *   padded = off                       # zero push time-out only: off picks the compact edition
 * }
 * </pre>
 * The queue depends on the push time-out. With zero, no sender ever waits, and the queue is a
 * {@link MpscChunkedArrayQueue} (compact unless {@code padded = on}), which allocates its ring in
 * chunks of an eighth of the capacity as it fills, so an idle mailbox with a large bound stays
 * small. Otherwise senders may wait, and the queue is a {@link MpscBlockingConsumerArrayQueue}
 * (padded, its whole ring allocated at once): a sender that finds it full waits in the queue's own
 * timed {@link MpscBlockingConsumerArrayQueue#offer(Object, long, TimeUnit) offer} (or
 * {@link MpscBlockingConsumerArrayQueue#put put}), where it is woken when the actor's takes have
 * freed half the ring, rather than polling for room.
 * <p>
 * Semantics: bounded ({@link BoundedMessageQueueSemantics}), with {@link Queue#pushTimeOut()} the
 * configured duration, negative included, as Pekko's {@code BoundedMailbox} reports it; one
 * consumer, so never a balancing dispatcher's (see {@link MpscUnboundedMailbox}). Messages from
 * one sender that are not dead-lettered arrive in the order it sent them. Where it departs from
 * Pekko's {@code BoundedMailbox}: an interrupt ends a sender's wait, keeps the thread's interrupt
 * status and dead-letters the message (Pekko's lets the {@link InterruptedException} out of
 * {@code tell}).
 */
public final class MpscBoundedMailbox implements MailboxType, ProducesMessageQueue<MpscBoundedMailbox.Queue> {
    /** Smallest capacity: {@link MpscChunkedArrayQueue}'s. */
    private static final int MIN_CAPACITY = 4;

    private final int capacity;
    private final long pushTimeOutNanos;
    private final boolean padded;

    /**
     * The constructor Pekko calls with the mailbox's configuration section, behind which Pekko puts
     * its {@code default-mailbox} section: that supplies {@code mailbox-capacity} (1000) and
     * {@code mailbox-push-timeout-time} (10s) when this one does not.
     *
     * @param settings the actor system's settings (unused)
     * @param config {@code mailbox-capacity}, {@code mailbox-push-timeout-time} (10s if absent
     *     even from the fallback), {@code padded}
     * @throws IllegalArgumentException if the capacity is below 1 or above 2^30
     */
    public MpscBoundedMailbox(ActorSystem.Settings settings, Config config) {
        this(config.getInt("mailbox-capacity"),
                config.hasPath("mailbox-push-timeout-time")
                        ? config.getDuration("mailbox-push-timeout-time", TimeUnit.NANOSECONDS) : 10_000_000_000L,
                config.hasPath("padded") && config.getBoolean("padded"));
    }

    /**
     * A mailbox type built in code rather than from configuration.
     *
     * @param capacity the bound, in {@code [1, 2^30]}, rounded up to a power of two (at least 4)
     * @param pushTimeOutNanos how long a sender waits for room: negative forever, 0 not at all
     * @param padded with a zero time-out, whether to use the padded queue rather than the compact
     *     one; otherwise unused (the waiting queue has one edition, padded)
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscBoundedMailbox(int capacity, long pushTimeOutNanos, boolean padded) {
        if (capacity < 1) {
            throw new IllegalArgumentException("mailbox-capacity must be >= 1 but was " + capacity);
        }
        newQueue(Math.max(capacity, MIN_CAPACITY), pushTimeOutNanos, padded); // a capacity above 2^30 fails here
        this.capacity = Math.max(capacity, MIN_CAPACITY);
        this.pushTimeOutNanos = pushTimeOutNanos;
        this.padded = padded;
    }

    private static MessagePassingQueue<Envelope> newQueue(int capacity, long pushTimeOutNanos, boolean padded) {
        if (pushTimeOutNanos != 0) {
            return new MpscBlockingConsumerArrayQueue<>(capacity);
        }
        return padded ? new MpscChunkedArrayQueue<>(capacity) : new MpscChunkedUnpaddedArrayQueue<>(capacity);
    }

    /**
     * @throws IllegalArgumentException if {@code system} is empty: a full mailbox sends to the
     *     system's dead letters
     */
    @Override
    public Queue create(Option<ActorRef> owner, Option<ActorSystem> system) {
        if (system.isEmpty()) {
            throw new IllegalArgumentException("MpscBoundedMailbox needs the actor system, for its dead letters");
        }
        return new Queue(newQueue(capacity, pushTimeOutNanos, padded), pushTimeOutNanos, system.get().deadLetters());
    }

    /** One actor's messages. */
    public static final class Queue extends MpscMessageQueue implements BoundedMessageQueueSemantics {
        private final long pushTimeOutNanos;
        private final ActorRef deadLetters;
        /** The same queue when senders may wait for room (a non-zero time-out), else null. */
        private final MpscBlockingConsumerArrayQueue<Envelope> waitable;

        Queue(MessagePassingQueue<Envelope> queue, long pushTimeOutNanos, ActorRef deadLetters) {
            super(queue);
            this.pushTimeOutNanos = pushTimeOutNanos;
            this.deadLetters = deadLetters;
            this.waitable = pushTimeOutNanos != 0 ? (MpscBlockingConsumerArrayQueue<Envelope>) queue : null;
        }

        /**
         * @return the push time-out as configured, as Pekko's {@code BoundedMailbox} reports it: a
         *     negative duration when senders wait as long as it takes
         */
        @Override
        public Duration pushTimeOut() {
            return FiniteDuration.fromNanos(pushTimeOutNanos);
        }

        /** @return how many messages the mailbox holds at most */
        public int capacity() {
            return queue.capacity();
        }

        /**
         * Any thread. Waits for room up to the push time-out, then sends the message to dead
         * letters, as Pekko's bounded mailboxes do.
         */
        @Override
        public void enqueue(ActorRef receiver, Envelope handle) {
            if (queue.offer(handle) || (waitable != null && awaitRoom(handle))) {
                afterEnqueue();
            } else {
                // A DeadLetter needs a sender: "no sender" is dead letters, as in Pekko's envelopes.
                final ActorRef sender = handle.sender() != null ? handle.sender() : deadLetters;
                deadLetters.tell(new DeadLetter(handle.message(), sender, receiver), sender);
            }
        }

        /**
         * Cold path: the queue was full. Waits in the queue, whose takes wake it once half the
         * ring is free. If the actor stops meanwhile, its clean-up empties the queue, which wakes
         * this sender too: its envelope then goes in, and {@link #afterEnqueue} forwards it.
         */
        private boolean awaitRoom(Envelope handle) {
            try {
                if (pushTimeOutNanos > 0) {
                    return waitable.offer(handle, pushTimeOutNanos, TimeUnit.NANOSECONDS);
                }
                waitable.put(handle);
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }
}
