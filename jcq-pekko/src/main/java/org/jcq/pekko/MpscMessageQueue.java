package org.jcq.pekko;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.dispatch.Envelope;
import org.apache.pekko.dispatch.MessageQueue;
import org.jcq.queues.MessagePassingQueue;

/**
 * What the mailboxes' message queues share: an MPSC queue whose single consumer is the owning
 * actor's mailbox run, and what happens once Pekko has cleaned the queue up.
 * <p>
 * Invariants: before {@link #cleanUp}, only the mailbox run consumes ({@link #dequeue}). After
 * it, the queue is closed: its consumer is whichever thread holds the drain flag, and it moves
 * every envelope to the dead letters it was given.
 * <p>
 * Orderings: a sender offers (the queue's claim is a CAS, a volatile read and write), then reads
 * {@code closed} (volatile). {@link #cleanUp} writes {@code closed} (volatile), fences, then
 * drains. Whichever of the two comes second sees the other's write: either the sender sees the
 * queue closed and drains its envelope itself, or the drain sees the claim (and {@code poll} waits
 * for the claimed element). The drain flag hands the consumer role from one drainer to the next
 * (its release pairs with the next CAS), and a drainer checks the queue again after releasing it,
 * with a fence between, so an envelope offered while it held the flag is not left behind.
 */
abstract class MpscMessageQueue implements MessageQueue {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final VarHandle CLOSED = field("closed", boolean.class);
    private static final VarHandle DRAINING = field("draining", boolean.class);

    /** The envelopes; the consumer is the owner's mailbox run, then the drainer. */
    final MessagePassingQueue<Envelope> queue;
    /** Set once, by {@link #cleanUp}, before {@link #closed}: where envelopes go from then on. */
    private ActorRef owner;
    /** Set with {@link #owner}. */
    private MessageQueue deadLetters;
    /** Whether Pekko has cleaned this queue up (its actor stopped). */
    @SuppressWarnings("unused") // through CLOSED
    private volatile boolean closed;
    /** Held by the thread that moves envelopes to dead letters after close. */
    @SuppressWarnings("unused") // through DRAINING
    private volatile boolean draining;

    MpscMessageQueue(MessagePassingQueue<Envelope> queue) {
        this.queue = queue;
    }

    private static VarHandle field(String name, Class<?> type) {
        try {
            return LOOKUP.findVarHandle(MpscMessageQueue.class, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** After an envelope went in: once closed, moves it (and any other) to dead letters. */
    final void afterEnqueue() {
        if ((boolean) CLOSED.getVolatile(this)) {
            drainToDeadLetters();
        }
    }

    /** The owner's mailbox run only (until clean-up). */
    @Override
    public final Envelope dequeue() {
        return queue.poll();
    }

    @Override
    public final int numberOfMessages() {
        return queue.size();
    }

    @Override
    public final boolean hasMessages() {
        return !queue.isEmpty();
    }

    /**
     * Moves every envelope to {@code deadLetters}, now and from then on: an envelope that a sender
     * enqueues after this call goes there too.
     */
    @Override
    public final void cleanUp(ActorRef owner, MessageQueue deadLetters) {
        this.owner = owner;
        this.deadLetters = deadLetters;
        CLOSED.setVolatile(this, true);
        VarHandle.fullFence();
        drainToDeadLetters();
    }

    private void drainToDeadLetters() {
        while (!queue.isEmpty() && DRAINING.compareAndSet(this, false, true)) {
            try {
                for (Envelope e; (e = queue.poll()) != null; ) {
                    deadLetters.enqueue(owner, e);
                }
            } finally {
                DRAINING.setVolatile(this, false);
            }
            VarHandle.fullFence();
        }
    }
}
