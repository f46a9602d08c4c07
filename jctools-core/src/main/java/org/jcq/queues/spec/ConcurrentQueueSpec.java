package org.jcq.queues.spec;

import org.jcq.internal.Args;
import org.jcq.queues.MessagePassingQueue;

/**
 * What a queue must support, for {@link org.jcq.queues.QueueFactory#newQueue(ConcurrentQueueSpec)}:
 * how many threads produce and consume, the bound, the ordering and what matters most.
 * <p>
 * The fields, constructor, factories, predicates and {@code toString} are those of JCTools'
 * {@code org.jctools.queues.spec.ConcurrentQueueSpec}, with the same meaning:
 * <ul>
 * <li>A producer or consumer count of 1 means one thread; any other count means "any number"
 * (the factories below use 0).</li>
 * <li>A capacity below 1 means unbounded and is stored as
 * {@link MessagePassingQueue#UNBOUNDED_CAPACITY}; the queues round a bound up to a power of two.</li>
 * <li>There is no {@code equals} or {@code hashCode}: two specs are equal only if they are the same
 * object, as in JCTools.</li>
 * </ul>
 * JCTools deprecated this class in 3.0 and, from 4.0 on, keeps it in its tests only: the published
 * 4.0.7 jar has no {@code org.jctools.queues.spec} package, so code that used it is 3.x code. JCQ
 * keeps it as API, not deprecated, for that code.
 *
 * <h2>Departures from JCTools</h2>
 * JCTools checks nothing here. This class rejects what can only be a mistake, naming the argument:
 * a negative producer or consumer count ({@link IllegalArgumentException}; JCTools reads it as
 * "any number") and a null ordering or preference ({@link NullPointerException}; JCTools stores
 * it, and its factory treats a null ordering as FIFO). A capacity too large for a queue (above
 * 2^30) is accepted here and rejected by {@code newQueue} with {@link IllegalArgumentException},
 * as in JCTools.
 */
public final class ConcurrentQueueSpec {
    /** How many threads offer: 1 for one, any other value (0 by convention) for any number. */
    public final int producers;
    /** How many threads poll: 1 for one, any other value (0 by convention) for any number. */
    public final int consumers;
    /** The bound, or {@link MessagePassingQueue#UNBOUNDED_CAPACITY} for none. */
    public final int capacity;
    /** The order elements must come out in. */
    public final Ordering ordering;
    /** What matters most. */
    public final Preference preference;

    /**
     * A bounded FIFO spec for one producer and one consumer.
     *
     * @param capacity the bound; below 1 means unbounded
     * @return the spec
     */
    public static ConcurrentQueueSpec createBoundedSpsc(int capacity) {
        return new ConcurrentQueueSpec(1, 1, capacity, Ordering.FIFO, Preference.NONE);
    }

    /**
     * A bounded FIFO spec for any number of producers and one consumer.
     *
     * @param capacity the bound; below 1 means unbounded
     * @return the spec
     */
    public static ConcurrentQueueSpec createBoundedMpsc(int capacity) {
        return new ConcurrentQueueSpec(0, 1, capacity, Ordering.FIFO, Preference.NONE);
    }

    /**
     * A bounded FIFO spec for one producer and any number of consumers.
     *
     * @param capacity the bound; below 1 means unbounded
     * @return the spec
     */
    public static ConcurrentQueueSpec createBoundedSpmc(int capacity) {
        return new ConcurrentQueueSpec(1, 0, capacity, Ordering.FIFO, Preference.NONE);
    }

    /**
     * A bounded FIFO spec for any number of producers and consumers.
     *
     * @param capacity the bound; below 1 means unbounded
     * @return the spec
     */
    public static ConcurrentQueueSpec createBoundedMpmc(int capacity) {
        return new ConcurrentQueueSpec(0, 0, capacity, Ordering.FIFO, Preference.NONE);
    }

    /**
     * Creates a spec.
     *
     * @param producers 1 for one producer thread, 0 (or more than 1) for any number
     * @param consumers 1 for one consumer thread, 0 (or more than 1) for any number
     * @param capacity the bound; below 1 means unbounded
     * @param ordering the order elements must come out in
     * @param preference what matters most
     * @throws IllegalArgumentException if {@code producers} or {@code consumers} is negative
     * @throws NullPointerException if {@code ordering} or {@code preference} is null
     */
    public ConcurrentQueueSpec(int producers, int consumers, int capacity, Ordering ordering, Preference preference) {
        this.producers = Args.inRange("producers", producers, 0, Integer.MAX_VALUE);
        this.consumers = Args.inRange("consumers", consumers, 0, Integer.MAX_VALUE);
        this.capacity = capacity < 1 ? MessagePassingQueue.UNBOUNDED_CAPACITY : capacity;
        this.ordering = Args.notNull("ordering", ordering);
        this.preference = Args.notNull("preference", preference);
    }

    /**
     * Whether this asks for one producer and one consumer.
     *
     * @return {@code producers == 1 && consumers == 1}
     */
    public boolean isSpsc() {
        return consumers == 1 && producers == 1;
    }

    /**
     * Whether this asks for any number of producers and one consumer.
     *
     * @return {@code producers != 1 && consumers == 1}
     */
    public boolean isMpsc() {
        return consumers == 1 && producers != 1;
    }

    /**
     * Whether this asks for one producer and any number of consumers.
     *
     * @return {@code producers == 1 && consumers != 1}
     */
    public boolean isSpmc() {
        return consumers != 1 && producers == 1;
    }

    /**
     * Whether this asks for any number of producers and of consumers.
     *
     * @return {@code producers != 1 && consumers != 1}
     */
    public boolean isMpmc() {
        return consumers != 1 && producers != 1;
    }

    /**
     * Whether this asks for a bound.
     *
     * @return {@code capacity != UNBOUNDED_CAPACITY}
     */
    public boolean isBounded() {
        return capacity != MessagePassingQueue.UNBOUNDED_CAPACITY;
    }

    /**
     * The spec's fields, in the format JCTools 4.x uses.
     *
     * @return for example
     *     {@code ConcurrentQueueSpec{producers=1, consumers=1, capacity=64, ordering=FIFO, preference=NONE}}
     */
    @Override
    public String toString() {
        return "ConcurrentQueueSpec{producers=" + producers + ", consumers=" + consumers + ", capacity=" + capacity
                + ", ordering=" + ordering + ", preference=" + preference + '}';
    }
}
