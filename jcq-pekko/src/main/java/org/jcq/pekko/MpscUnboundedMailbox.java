package org.jcq.pekko;

import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.dispatch.Envelope;
import org.apache.pekko.dispatch.MailboxType;
import org.apache.pekko.dispatch.ProducesMessageQueue;
import org.apache.pekko.dispatch.UnboundedMessageQueueSemantics;
import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpscUnboundedArrayQueue;
import org.jcq.queues.MpscUnboundedUnpaddedArrayQueue;

import com.typesafe.config.Config;

import scala.Option;

/**
 * An unbounded Pekko mailbox on {@link MpscUnboundedArrayQueue}: any number of senders, one
 * consumer (the actor). Name it in {@code application.conf}, for every actor:
 * <pre>
 * pekko.actor.default-mailbox.mailbox-type = "org.jcq.pekko.MpscUnboundedMailbox"
 * </pre>
 * or for some, as a mailbox of its own that a deployment, {@code Props.withMailbox} or typed
 * {@code MailboxSelector.fromConfig} names:
 * <pre>
 * jcq-mailbox {
 *   mailbox-type = "org.jcq.pekko.MpscUnboundedMailbox"
 *   chunk-size = 64   # elements per chunk, rounded up to a power of two (default 64)
 *   padded = off      # off: the compact edition, about 500 bytes a mailbox smaller (default)
 * }
 * </pre>
 * Semantics: unbounded ({@link UnboundedMessageQueueSemantics}), so it serves actors that require
 * an unbounded or a single-consumer-safe mailbox; never {@code MultipleConsumerSemantics}: the
 * queue has one consumer, so a balancing dispatcher, which lets several actors take from one
 * mailbox, refuses it. Messages from one sender arrive in the order it sent them. A queue whose
 * actor stopped forwards what it held, and what it is given later, to dead letters.
 * <p>
 * Padding: {@code padded = on} picks {@link MpscUnboundedArrayQueue}, whose hot fields sit on
 * cache lines of their own; the default picks {@link MpscUnboundedUnpaddedArrayQueue}, the same
 * algorithm without the padding, as an actor system holds one mailbox per actor, most of them idle.
 */
public final class MpscUnboundedMailbox implements MailboxType, ProducesMessageQueue<MpscUnboundedMailbox.Queue> {
    /** The chunk size when the configuration gives none. */
    public static final int DEFAULT_CHUNK_SIZE = 64;

    private final int chunkSize;
    private final boolean padded;

    /**
     * The constructor Pekko calls with the mailbox's configuration section.
     *
     * @param settings the actor system's settings (unused)
     * @param config the mailbox's section: {@code chunk-size} and {@code padded}, both optional
     * @throws IllegalArgumentException if {@code chunk-size} is below 2 or above 2^30
     */
    public MpscUnboundedMailbox(ActorSystem.Settings settings, Config config) {
        this(config.hasPath("chunk-size") ? config.getInt("chunk-size") : DEFAULT_CHUNK_SIZE,
                config.hasPath("padded") && config.getBoolean("padded"));
    }

    /**
     * A mailbox type built in code rather than from configuration.
     *
     * @param chunkSize elements per chunk, in {@code [2, 2^30]}, rounded up to a power of two
     * @param padded whether to use the padded queue rather than the compact one
     * @throws IllegalArgumentException if {@code chunkSize} is out of range
     */
    public MpscUnboundedMailbox(int chunkSize, boolean padded) {
        // Build one now, so that a bad chunk size fails at configuration time, not per actor.
        newQueue(chunkSize, padded);
        this.chunkSize = chunkSize;
        this.padded = padded;
    }

    private static MessagePassingQueue<Envelope> newQueue(int chunkSize, boolean padded) {
        return padded ? new MpscUnboundedArrayQueue<>(chunkSize) : new MpscUnboundedUnpaddedArrayQueue<>(chunkSize);
    }

    @Override
    public Queue create(Option<ActorRef> owner, Option<ActorSystem> system) {
        return new Queue(newQueue(chunkSize, padded));
    }

    /** One actor's messages. */
    public static final class Queue extends MpscMessageQueue implements UnboundedMessageQueueSemantics {
        Queue(MessagePassingQueue<Envelope> queue) {
            super(queue);
        }

        /** Any thread. Never fails for want of room. */
        @Override
        public void enqueue(ActorRef receiver, Envelope handle) {
            queue.offer(handle);
            afterEnqueue();
        }
    }
}
