package org.jcq.benchmarks.latency;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What the sender and the consumer tell each other while a run goes on: how many messages the
 * consumer is done with (the sender's window, and its licence to reuse pool slots), and, once the
 * sender has stopped, how many it sent (the consumer's drain target).
 */
final class Progress {
    /** Sentinel of {@link #sentTotal}: the sender is still sending. */
    static final long SENDING = -1;

    private final AtomicLong received = new AtomicLong();
    private final AtomicLong sentTotal = new AtomicLong(SENDING);

    /**
     * Consumer: it is done with the first {@code count} messages. A release store: it orders the
     * consumer's reads of those messages' fields before the sender's rewrite of their slots.
     */
    void received(long count) {
        received.setRelease(count);
    }

    /** Sender: how many messages the consumer is done with; pairs with {@link #received(long)}. */
    long received() {
        return received.getAcquire();
    }

    /** Sender: it has stopped after sending {@code count} messages. */
    void senderDone(long count) {
        sentTotal.setRelease(count);
    }

    /** Consumer: how many messages were sent in all, or {@link #SENDING}. */
    long sentTotal() {
        return sentTotal.getAcquire();
    }
}
