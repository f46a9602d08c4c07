package org.jcq.queues;

/**
 * How a bounded queue keeps to the capacity it is given: rounded up to a power of two, as
 * JCTools' queues do and as every constructor without a {@code Bound} argument does, or exactly.
 * <pre>{@code
 * new MpscArrayQueue<>(1000).capacity()              // 1024
 * new MpscArrayQueue<>(1000, Bound.EXACT).capacity() // 1000: the 1001st offer fails
 * }</pre>
 * For those who size a queue by count (a span processor's export limit, a work queue's bound).
 * An exact queue's ring is still a power of two (its slots beyond the bound are spare: they let
 * each index keep its slot by a mask), so it takes the memory of the rounded queue.
 */
public enum Bound {
    /**
     * The capacity is the requested one rounded up to a power of two (and at least the queue's
     * least capacity): {@code capacity()} reports the rounded value, and offers succeed up to it.
     */
    ROUNDED,
    /**
     * The capacity is exactly the requested one: {@code offer} (and every other way of adding)
     * fails when the queue holds that many elements, {@code fill} adds no more than there is room
     * for, and {@code capacity()} reports it. The requested capacity must be at least 1 and at
     * least the queue's least capacity.
     */
    EXACT;

    /** Whether the constructor argument {@code bound} is {@link #EXACT}; a null one is refused. */
    static boolean exact(Bound bound) {
        if (bound == null) {
            throw new NullPointerException("bound must not be null");
        }
        return bound == EXACT;
    }
}
