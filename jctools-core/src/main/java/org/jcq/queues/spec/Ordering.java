package org.jcq.queues.spec;

/**
 * The order in which a {@link ConcurrentQueueSpec} asks elements to come out of a queue.
 * <p>
 * The same constants as JCTools' {@code org.jctools.queues.spec.Ordering}. Only {@link #NONE} makes
 * a difference to {@link org.jcq.queues.QueueFactory}, and then only on paper: every queue it
 * returns is FIFO, which satisfies every ordering below.
 */
public enum Ordering {
    /** One order for everybody: elements come out in the order their offers took effect. */
    FIFO,
    /** Elements may come out up to some k places from where strict FIFO would put them. */
    KFIFO,
    /** Each producer's elements come out in the order that producer offered them. */
    PRODUCER_FIFO,
    /** No order asked for. */
    NONE
}
