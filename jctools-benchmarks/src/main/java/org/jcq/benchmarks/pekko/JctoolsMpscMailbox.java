package org.jcq.benchmarks.pekko;

import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.dispatch.Envelope;
import org.apache.pekko.dispatch.MailboxType;
import org.apache.pekko.dispatch.MessageQueue;
import org.apache.pekko.dispatch.ProducesMessageQueue;
import org.apache.pekko.dispatch.UnboundedMessageQueueSemantics;

import com.typesafe.config.Config;

import scala.Option;

/**
 * The baseline a JCTools user writes today: a Pekko mailbox on JCTools 4.0.7's
 * {@code MpscUnboundedArrayQueue} (Unsafe edition), as plain as such an adapter gets (no
 * forwarding after clean-up). For benchmarks only.
 */
public final class JctoolsMpscMailbox implements MailboxType, ProducesMessageQueue<JctoolsMpscMailbox.Queue> {
    private final int chunkSize;

    /**
     * @param settings unused
     * @param config {@code chunk-size}, optional (64)
     */
    public JctoolsMpscMailbox(ActorSystem.Settings settings, Config config) {
        this.chunkSize = config.hasPath("chunk-size") ? config.getInt("chunk-size") : 64;
    }

    @Override
    public Queue create(Option<ActorRef> owner, Option<ActorSystem> system) {
        return new Queue(chunkSize);
    }

    /** One actor's messages. */
    public static final class Queue implements MessageQueue, UnboundedMessageQueueSemantics {
        private final org.jctools.queues.MpscUnboundedArrayQueue<Envelope> queue;

        Queue(int chunkSize) {
            queue = new org.jctools.queues.MpscUnboundedArrayQueue<>(chunkSize);
        }

        @Override
        public void enqueue(ActorRef receiver, Envelope handle) {
            queue.offer(handle);
        }

        @Override
        public Envelope dequeue() {
            return queue.poll();
        }

        @Override
        public int numberOfMessages() {
            return queue.size();
        }

        @Override
        public boolean hasMessages() {
            return !queue.isEmpty();
        }

        @Override
        public void cleanUp(ActorRef owner, MessageQueue deadLetters) {
            for (Envelope e; (e = queue.poll()) != null; ) {
                deadLetters.enqueue(owner, e);
            }
        }
    }
}
