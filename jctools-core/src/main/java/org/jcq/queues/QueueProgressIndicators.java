package org.jcq.queues;

/**
 * Exposes how far producers and consumers have got, for monitoring. Both indices start at 0 and
 * only grow; each successful offer advances the producer index by one and each successful poll
 * the consumer index by one (on the array queues). The values are read without a lock, so a
 * reader sees each one as it was at some moment during the call, not both at one moment.
 */
public interface QueueProgressIndicators {
    /**
     * Returns the producer index: how many elements have been added (or claimed by producers).
     *
     * @return the current producer index
     */
    long currentProducerIndex();

    /**
     * Returns the consumer index: how many elements have been removed (or claimed by consumers).
     *
     * @return the current consumer index
     */
    long currentConsumerIndex();
}
