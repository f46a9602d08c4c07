package org.jcq.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntFunction;

import org.agrona.concurrent.ManyToManyConcurrentArrayQueue;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;
import org.jcq.queues.MpmcArrayQueue;
import org.jcq.queues.MpscArrayQueue;
import org.jcq.queues.SpmcArrayQueue;
import org.jcq.queues.SpscArrayQueue;
import org.jctools.queues.varhandle.MpmcVarHandleArrayQueue;
import org.jctools.queues.varhandle.MpscVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpmcVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpscVarHandleArrayQueue;

/**
 * Builds every queue under benchmark from its name (the JMH {@code qType} parameter).
 * <p>
 * Names without a prefix are this project's queues; {@value #JCTOOLS_PREFIX} names the JCTools
 * 4.x {@code sun.misc.Unsafe} edition, {@value #JCTOOLS_VH_PREFIX} the JCTools VarHandle edition
 * (artifact {@code jctools-core-jdk11}), {@value #AGRONA_PREFIX} Agrona and {@value #JDK_PREFIX}
 * the JDK. The name constants are compile-time constants so that JMH {@code @Param} defaults can
 * use them.
 * <p>
 * Capacity: the array queues take it as a requested capacity (most round it up to a power of
 * two); {@link ArrayBlockingQueue} takes it exactly; {@link ConcurrentLinkedQueue} is unbounded and
 * ignores it.
 */
public final class QueueFactory {
    /** Prefix of the JCTools {@code sun.misc.Unsafe} edition's queues. */
    public static final String JCTOOLS_PREFIX = "JCTools.";
    /** Prefix of the JCTools VarHandle edition's queues. */
    public static final String JCTOOLS_VH_PREFIX = "JCToolsVH.";
    /** Prefix of Agrona's queues. */
    public static final String AGRONA_PREFIX = "Agrona.";
    /** Prefix of the JDK's queues. */
    public static final String JDK_PREFIX = "JDK.";

    /** This project's single-producer single-consumer array queue. */
    public static final String SPSC = "SpscArrayQueue";
    /** This project's multi-producer single-consumer array queue. */
    public static final String MPSC = "MpscArrayQueue";
    /** This project's single-producer multi-consumer array queue. */
    public static final String SPMC = "SpmcArrayQueue";
    /** This project's multi-producer multi-consumer array queue. */
    public static final String MPMC = "MpmcArrayQueue";

    /** JCTools (Unsafe) twin of {@link #SPSC}. */
    public static final String JCTOOLS_SPSC = JCTOOLS_PREFIX + SPSC;
    /** JCTools (Unsafe) twin of {@link #MPSC}. */
    public static final String JCTOOLS_MPSC = JCTOOLS_PREFIX + MPSC;
    /** JCTools (Unsafe) twin of {@link #SPMC}. */
    public static final String JCTOOLS_SPMC = JCTOOLS_PREFIX + SPMC;
    /** JCTools (Unsafe) twin of {@link #MPMC}. */
    public static final String JCTOOLS_MPMC = JCTOOLS_PREFIX + MPMC;

    /** JCTools VarHandle twin of {@link #SPSC}. */
    public static final String JCTOOLS_VH_SPSC = JCTOOLS_VH_PREFIX + SPSC;
    /** JCTools VarHandle twin of {@link #MPSC}. */
    public static final String JCTOOLS_VH_MPSC = JCTOOLS_VH_PREFIX + MPSC;
    /** JCTools VarHandle twin of {@link #SPMC}. */
    public static final String JCTOOLS_VH_SPMC = JCTOOLS_VH_PREFIX + SPMC;
    /** JCTools VarHandle twin of {@link #MPMC}. */
    public static final String JCTOOLS_VH_MPMC = JCTOOLS_VH_PREFIX + MPMC;

    /** Agrona's single-producer single-consumer queue. */
    public static final String AGRONA_SPSC = AGRONA_PREFIX + "OneToOneConcurrentArrayQueue";
    /** Agrona's multi-producer single-consumer queue. */
    public static final String AGRONA_MPSC = AGRONA_PREFIX + "ManyToOneConcurrentArrayQueue";
    /** Agrona's multi-producer multi-consumer queue. */
    public static final String AGRONA_MPMC = AGRONA_PREFIX + "ManyToManyConcurrentArrayQueue";

    /** The JDK's unbounded lock-free linked queue (ignores the capacity). */
    public static final String JDK_CLQ = JDK_PREFIX + "ConcurrentLinkedQueue";
    /** The JDK's bounded lock-based array queue. */
    public static final String JDK_ABQ = JDK_PREFIX + "ArrayBlockingQueue";

    private static final Map<String, IntFunction<Queue<Integer>>> FACTORIES = buildFactories();
    private static final List<String> NAMES =
            Collections.unmodifiableList(new ArrayList<>(FACTORIES.keySet()));
    private static final List<String> OURS = List.of(SPSC, MPSC, SPMC, MPMC);

    private QueueFactory() {
    }

    private static Map<String, IntFunction<Queue<Integer>>> buildFactories() {
        final Map<String, IntFunction<Queue<Integer>>> m = new LinkedHashMap<>();
        m.put(SPSC, SpscArrayQueue::new);
        m.put(MPSC, MpscArrayQueue::new);
        m.put(SPMC, SpmcArrayQueue::new);
        m.put(MPMC, MpmcArrayQueue::new);
        m.put(JCTOOLS_SPSC, org.jctools.queues.SpscArrayQueue::new);
        m.put(JCTOOLS_MPSC, org.jctools.queues.MpscArrayQueue::new);
        m.put(JCTOOLS_SPMC, org.jctools.queues.SpmcArrayQueue::new);
        m.put(JCTOOLS_MPMC, org.jctools.queues.MpmcArrayQueue::new);
        m.put(JCTOOLS_VH_SPSC, SpscVarHandleArrayQueue::new);
        m.put(JCTOOLS_VH_MPSC, MpscVarHandleArrayQueue::new);
        m.put(JCTOOLS_VH_SPMC, SpmcVarHandleArrayQueue::new);
        m.put(JCTOOLS_VH_MPMC, MpmcVarHandleArrayQueue::new);
        m.put(AGRONA_SPSC, OneToOneConcurrentArrayQueue::new);
        m.put(AGRONA_MPSC, ManyToOneConcurrentArrayQueue::new);
        m.put(AGRONA_MPMC, ManyToManyConcurrentArrayQueue::new);
        m.put(JDK_CLQ, capacity -> new ConcurrentLinkedQueue<>());
        m.put(JDK_ABQ, ArrayBlockingQueue::new);
        return m;
    }

    /**
     * Builds a queue.
     *
     * @param qType    one of {@link #names()}
     * @param capacity the requested capacity (ignored by unbounded queues)
     * @return a new, empty queue
     * @throws IllegalArgumentException if {@code qType} is unknown, or the queue rejects
     *                                  {@code capacity}
     */
    public static Queue<Integer> create(String qType, int capacity) {
        final IntFunction<Queue<Integer>> factory = FACTORIES.get(qType);
        if (factory == null) {
            throw new IllegalArgumentException("Unknown qType: '" + qType + "'; known: " + NAMES);
        }
        return factory.apply(capacity);
    }

    /** @return every known queue name, ours first, in a fixed order */
    public static List<String> names() {
        return NAMES;
    }

    /** @return the names of this project's queues */
    public static List<String> ours() {
        return OURS;
    }

    /** @return whether {@code qType} names one of this project's queues */
    public static boolean isOurs(String qType) {
        return OURS.contains(qType);
    }

    /**
     * @param qType one of {@link #ours()}
     * @return the name of its JCTools {@code sun.misc.Unsafe} edition twin
     * @throws IllegalArgumentException if {@code qType} is not one of ours
     */
    public static String twinOf(String qType) {
        return JCTOOLS_PREFIX + requireOurs(qType);
    }

    /**
     * @param qType one of {@link #ours()}
     * @return the name of its JCTools VarHandle edition twin
     * @throws IllegalArgumentException if {@code qType} is not one of ours
     */
    public static String vhTwinOf(String qType) {
        return JCTOOLS_VH_PREFIX + requireOurs(qType);
    }

    private static String requireOurs(String qType) {
        if (!isOurs(qType)) {
            throw new IllegalArgumentException("Not one of our queues: '" + qType + "'; ours: " + OURS);
        }
        return qType;
    }
}
