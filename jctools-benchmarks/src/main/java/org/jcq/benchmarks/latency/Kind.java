package org.jcq.benchmarks.latency;

/**
 * The three times the harness records for each message, named by the tag their interval
 * histograms carry in the {@code .hlog}. All are in nanoseconds.
 */
public enum Kind {
    /** Receive minus intended send: what a client of a system serving at the offered rate sees. */
    RESPONSE("response"),
    /** Receive minus actual send: the queue's hand-over plus the consumer's work, backlog excluded. */
    SERVICE("service"),
    /** Actual minus intended send: how late the sender was (its own lag, or a full queue/window). */
    WAIT("wait");

    private final String tag;

    Kind(String tag) {
        this.tag = tag;
    }

    /** @return the histogram tag of this kind in the interval log */
    public String tag() {
        return tag;
    }
}
