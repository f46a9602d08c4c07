package org.jcq.benchmarks.latency;

/**
 * One reusable message of the sender's pool. Its fields are plain: the sender writes them before
 * {@code offer} and the consumer reads them after {@code poll}, and the queue's own hand-over (a
 * release store of the element paired with the consumer's acquire load) orders those accesses.
 * The sender rewrites a slot only after the consumer has published, with a release store, that it
 * is done with the slot's previous message (see {@link Sender}), so no two uses overlap.
 */
final class Message {
    /** Send time the schedule asked for (System.nanoTime base); the actual send time in allout. */
    long intendedNanos;
    /** Time taken just before the offer that succeeded. */
    long sentNanos;
    /** The message's number in the run, from 0; the consumer checks FIFO order with it. */
    long sequence;
}
