package org.jcq.queues.spec;

/**
 * What a {@link ConcurrentQueueSpec} says matters most about the queue.
 * <p>
 * The same constants as JCTools' {@code org.jctools.queues.spec.Preference}.
 * {@link org.jcq.queues.QueueFactory} ignores the preference, as JCTools' factory does; the choice
 * between speed and memory is what {@link Queues#builder()} is for.
 */
public enum Preference {
    /** The time an element takes to get through matters most. */
    LATENCY,
    /** Elements moved per second matter most. */
    THROUGHPUT,
    /** No preference. */
    NONE
}
