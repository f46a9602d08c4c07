/**
 * Pekko mailboxes backed by JCQ queues.
 * <p>
 * {@link org.jcq.pekko.MpscUnboundedMailbox} keeps each actor's messages in an
 * {@link org.jcq.queues.MpscUnboundedArrayQueue} (or its compact edition), and
 * {@link org.jcq.pekko.MpscBoundedMailbox} with Pekko's bounded-mailbox semantics: a sender waits
 * up to the push time-out for room, in an {@link org.jcq.queues.MpscBlockingConsumerArrayQueue}
 * whose takes wake it, then the message goes to dead letters (with a zero time-out, where nobody
 * waits, the queue is an {@link org.jcq.queues.MpscChunkedArrayQueue}). Both serve exactly one consumer, the actor that owns the mailbox,
 * so neither declares Pekko's {@code MultipleConsumerSemantics}: a balancing dispatcher (or any
 * dispatcher that shares one mailbox between actors) refuses them when the actor is created.
 * <p>
 * Messages left in a mailbox when its actor stops go to dead letters, and so does any message a
 * sender enqueues after that (one that was already inside {@code enqueue} when Pekko swapped the
 * actor's mailbox for its dead-letter mailbox): a queue that Pekko has cleaned up forwards to dead
 * letters instead of keeping what it is given, so none is lost while senders keep sending.
 */
package org.jcq.pekko;
