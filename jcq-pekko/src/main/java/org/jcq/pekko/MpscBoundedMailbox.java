package org.jcq.pekko;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.DeadLetter;
import org.apache.pekko.dispatch.BoundedMessageQueueSemantics;
import org.apache.pekko.dispatch.Envelope;
import org.apache.pekko.dispatch.MailboxType;
import org.apache.pekko.dispatch.ProducesMessageQueue;
import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpscChunkedArrayQueue;
import org.jcq.queues.MpscChunkedUnpaddedArrayQueue;

import com.typesafe.config.Config;

import scala.Option;
import scala.concurrent.duration.Duration;
import scala.concurrent.duration.FiniteDuration;

/**
 * A bounded Pekko mailbox on {@link MpscChunkedArrayQueue}, with the semantics of Pekko's own
 * {@code BoundedMailbox}: a sender that finds it full waits up to {@code mailbox-push-timeout-time}
 * for room, then the message goes to dead letters (a negative time-out waits as long as it takes,
 * zero never waits). Name it in {@code application.conf}:
 * <pre>
 * bounded-jcq-mailbox {
 *   mailbox-type = "org.jcq.pekko.MpscBoundedMailbox"
 *   mailbox-capacity = 1000            # rounded up to a power of two (at least 4)
 *   mailbox-push-timeout-time = 10s    # default: Pekko's default-mailbox setting
 *   padded = off                       # off: the compact edition (default)
 * }
 * </pre>
 * The queue allocates its ring in chunks of an eighth of the capacity as it fills, so an idle
 * mailbox with a large bound stays small. Semantics: bounded ({@link BoundedMessageQueueSemantics});
 * one consumer, so never a balancing dispatcher's (see {@link MpscUnboundedMailbox}). Messages
 * from one sender that are not dead-lettered arrive in the order it sent them. A sender waits by
 * parking (1 µs, doubling up to 1 ms), which is also how a virtual thread should wait; an
 * interrupt ends the wait, keeps the thread's interrupt status and dead-letters the message.
 */
public final class MpscBoundedMailbox implements MailboxType, ProducesMessageQueue<MpscBoundedMailbox.Queue> {
    /** Smallest capacity: {@link MpscChunkedArrayQueue}'s. */
    private static final int MIN_CAPACITY = 4;
    private static final long FIRST_PARK_NANOS = 1_000;
    private static final long MAX_PARK_NANOS = 1_000_000;

    private final int capacity;
    private final long pushTimeOutNanos;
    private final boolean padded;

    /**
     * The constructor Pekko calls with the mailbox's configuration section (Pekko's
     * {@code default-mailbox} section behind it supplies the time-out if this one does not).
     *
     * @param settings the actor system's settings (unused)
     * @param config {@code mailbox-capacity} (required), {@code mailbox-push-timeout-time},
     *     {@code padded}
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
     * @param padded whether to use the padded queue rather than the compact one
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public MpscBoundedMailbox(int capacity, long pushTimeOutNanos, boolean padded) {
        if (capacity < 1) {
            throw new IllegalArgumentException("mailbox-capacity must be >= 1 but was " + capacity);
        }
        newQueue(Math.max(capacity, MIN_CAPACITY), padded); // a capacity above 2^30 fails here
        this.capacity = Math.max(capacity, MIN_CAPACITY);
        this.pushTimeOutNanos = pushTimeOutNanos;
        this.padded = padded;
    }

    private static MessagePassingQueue<Envelope> newQueue(int capacity, boolean padded) {
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
        return new Queue(newQueue(capacity, padded), pushTimeOutNanos, system.get().deadLetters());
    }

    /** One actor's messages. */
    public static final class Queue extends MpscMessageQueue implements BoundedMessageQueueSemantics {
        private final long pushTimeOutNanos;
        private final ActorRef deadLetters;

        Queue(MessagePassingQueue<Envelope> queue, long pushTimeOutNanos, ActorRef deadLetters) {
            super(queue);
            this.pushTimeOutNanos = pushTimeOutNanos;
            this.deadLetters = deadLetters;
        }

        /** @return the push time-out; {@link Duration#Inf()} when senders wait as long as it takes */
        @Override
        public Duration pushTimeOut() {
            return pushTimeOutNanos < 0 ? Duration.Inf() : FiniteDuration.fromNanos(pushTimeOutNanos);
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
            if (queue.offer(handle) || awaitRoom(handle)) {
                afterEnqueue();
            } else {
                // A DeadLetter needs a sender: "no sender" is dead letters, as in Pekko's envelopes.
                final ActorRef sender = handle.sender() != null ? handle.sender() : deadLetters;
                deadLetters.tell(new DeadLetter(handle.message(), sender, receiver), sender);
            }
        }

        /** Cold path: the queue was full. */
        private boolean awaitRoom(Envelope handle) {
            if (pushTimeOutNanos == 0) {
                return false;
            }
            final long deadline = System.nanoTime() + pushTimeOutNanos;
            long park = FIRST_PARK_NANOS;
            while (!isClosed()) {
                long wait = park;
                if (pushTimeOutNanos > 0) {
                    final long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    wait = Math.min(wait, left);
                }
                LockSupport.parkNanos(this, wait);
                if (Thread.currentThread().isInterrupted()) {
                    return false;
                }
                if (queue.offer(handle)) {
                    return true;
                }
                park = Math.min(2 * park, MAX_PARK_NANOS);
            }
            // The actor stopped while this sender waited: its mailbox forwards to dead letters.
            return false;
        }
    }
}
