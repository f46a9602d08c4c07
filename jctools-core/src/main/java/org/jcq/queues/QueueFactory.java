package org.jcq.queues;

import java.util.Queue;

import org.jcq.internal.Args;
import org.jcq.queues.spec.ConcurrentQueueSpec;
import org.jcq.queues.spec.Ordering;

/**
 * Builds the queue that fits a {@link ConcurrentQueueSpec}, as JCTools'
 * {@code org.jctools.queues.QueueFactory} does, so code written against it moves here by changing
 * imports.
 * <p>
 * It makes JCTools' choice, with this library's class of the same name wherever JCTools' choice has
 * one:
 * <table>
 * <caption>What {@link #newQueue} returns</caption>
 * <tr><th>Spec</th><th>Bounded</th><th>Unbounded</th></tr>
 * <tr><td>{@link ConcurrentQueueSpec#isSpsc() SPSC}</td><td>{@link SpscArrayQueue}</td>
 *     <td>{@link SpscLinkedQueue}</td></tr>
 * <tr><td>{@link ConcurrentQueueSpec#isMpsc() MPSC}</td><td>{@link MpscArrayQueue}; with
 *     {@link org.jcq.queues.spec.Ordering#NONE} {@link MpscCompoundQueue} (as many lanes as
 *     processors)</td>
 *     <td>{@link MpscLinkedQueue}</td></tr>
 * <tr><td>{@link ConcurrentQueueSpec#isSpmc() SPMC}</td><td>{@link SpmcArrayQueue}</td>
 *     <td>{@link MpmcUnboundedXaddArrayQueue} (chunks of 1024)</td></tr>
 * <tr><td>{@link ConcurrentQueueSpec#isMpmc() MPMC}</td><td>{@link MpmcArrayQueue}</td>
 *     <td>{@link MpmcUnboundedXaddArrayQueue} (chunks of 1024)</td></tr>
 * </table>
 * A bounded queue's capacity is the spec's, rounded up to a power of two (and to at least 4 for
 * SPSC), as in JCTools. The spec's {@link ConcurrentQueueSpec#preference preference} is ignored, as
 * in JCTools, and so is its ordering but for bounded MPSC, as in JCTools: {@link org.jcq.queues.spec.Queues#builder()} is where speed and memory are weighed.
 * JCTools 4.0.7's jar no longer has this class (JCTools deprecated it in 3.0 and moved it into its
 * tests in 4.0, as {@code org.jctools.util.QueueFactory}); the choices above are those of its last
 * published version, 3.3.0, and of that test copy, which agree.
 *
 * <h2>Departures from JCTools</h2>
 * <ul>
 * <li>Unbounded SPMC and MPMC: JCTools returns the JDK's {@link java.util.concurrent.ConcurrentLinkedQueue}
 * (it had no unbounded multi-consumer queue when it wrote this factory). This returns
 * {@link MpmcUnboundedXaddArrayQueue}: a {@link MessagePassingQueue} that allocates nothing per
 * element once its chunk pool is warm, where the JDK's queue allocates a 24-byte node per element.
 * One producer and one consumer, its mean throughput was above the JDK queue's (measured 2026-11-21:
 * 93.6 against 22.7 elements/µs on JDK 17, 81.3 against 24.5 on JDK 25), but with intervals too
 * wide to call a difference. What it lacks: it is not lock-free (a consumer waits for a producer
 * between its claim and its store), {@code remove(Object)} of a present element and the iterator's
 * {@code remove} throw {@link UnsupportedOperationException}, and it is not serializable. An empty
 * one holds about 13 KB (its first chunk and the sequence numbers that let chunks be reused), the
 * JDK's 48 bytes.</li>
 * <li>The spec itself rejects negative thread counts and null orderings or preferences, which
 * JCTools accepts (see {@link ConcurrentQueueSpec}).</li>
 * </ul>
 * Errors are JCTools': a null spec throws {@link NullPointerException}; a bound the queue cannot
 * take (above 2^30, 1 for MPMC, or, unordered MPSC, below the number of lanes) throws {@link IllegalArgumentException} from the queue's
 * constructor, naming the capacity.
 */
public final class QueueFactory {
    /** The chunk size of the unbounded multi-consumer queue: that of {@code Queues}' throughput-first choice. */
    private static final int UNBOUNDED_MC_CHUNK = 1024;

    private QueueFactory() {
    }

    /**
     * Builds the queue that fits {@code qs} (see the table above).
     *
     * @param <E> the type of the elements
     * @param qs the spec
     * @return a new, empty queue; every one is also a {@link MessagePassingQueue}
     * @throws NullPointerException if {@code qs} is null
     * @throws IllegalArgumentException if the spec's bound is more than the queue can hold (above
     *     2^30), or 1 for a multi-producer multi-consumer queue, or below the number of lanes for
     *     an unordered multi-producer single-consumer one
     */
    public static <E> Queue<E> newQueue(ConcurrentQueueSpec qs) {
        Args.notNull("qs", qs);
        if (qs.isBounded()) {
            if (qs.isSpsc()) {
                return new SpscArrayQueue<>(qs.capacity);
            }
            if (qs.isMpsc()) {
                return qs.ordering == Ordering.NONE ? new MpscCompoundQueue<>(qs.capacity) : new MpscArrayQueue<>(qs.capacity);
            }
            if (qs.isSpmc()) {
                return new SpmcArrayQueue<>(qs.capacity);
            }
            return new MpmcArrayQueue<>(qs.capacity);
        }
        if (qs.isSpsc()) {
            return new SpscLinkedQueue<>();
        }
        if (qs.isMpsc()) {
            return new MpscLinkedQueue<>();
        }
        return new MpmcUnboundedXaddArrayQueue<>(UNBOUNDED_MC_CHUNK);
    }
}
