package org.jcq.queues;

/**
 * Exposes how far producers and consumers have got, for monitoring. Both indices start at 0 and
 * only grow; each successful offer advances the producer index by one and each successful poll
 * the consumer index by one. (One exception: a multi-producer {@code fill} whose supplier fails
 * may take its claim back, moving the producer index back by one, to where it was before the
 * claim.)
 * <p>
 * How far they may lag: each is read without a lock, so a reader sees each one as it was at some
 * moment during its call, not both at one moment, and a pair read one after the other may be
 * apart by whatever happened in between. The producer index counts claims: on the multi-producer
 * queues it may count elements that are claimed but not yet written (one per producer in the
 * middle of an offer) and, after a failed fill, claims that hold no element until a consumer
 * passes them. On the SPSC queues an offer takes effect at its element store, just before its
 * index store, so the producer's own index may lag the queue by one element; the queues report
 * the producer index as at least the consumer index, so that
 * {@code currentConsumerIndex() <= currentProducerIndex()} holds when read in that order.
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
