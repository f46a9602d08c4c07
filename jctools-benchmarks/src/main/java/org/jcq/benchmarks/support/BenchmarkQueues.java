package org.jcq.benchmarks.support;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.function.IntFunction;

import org.agrona.concurrent.ManyToManyConcurrentArrayQueue;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;
import org.agrona.concurrent.Pipe;
import org.jcq.queues.MpmcArrayQueue;
import org.jcq.queues.MpmcUnpaddedArrayQueue;
import org.jcq.queues.MpscChunkedUnpaddedArrayQueue;
import org.jcq.queues.MpscGrowableUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedUnpaddedArrayQueue;
import org.jcq.queues.MpscUnpaddedArrayQueue;
import org.jcq.queues.SpscUnpaddedArrayQueue;
import org.jcq.queues.MpmcUnboundedXaddArrayQueue;
import org.jcq.queues.MpscArrayQueue;
import org.jcq.queues.MpmcBlockingArrayQueue;
import org.jcq.queues.MpmcUnboundedBlockingArrayQueue;
import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.jcq.queues.MpscUnboundedBlockingConsumerArrayQueue;
import org.jcq.queues.SpscBlockingArrayQueue;
import org.jcq.queues.MpscChunkedArrayQueue;
import org.jcq.queues.MpscGrowableArrayQueue;
import org.jcq.queues.MpscLinkedQueue;
import org.jcq.queues.MpscUnboundedArrayQueue;
import org.jcq.queues.MpscUnboundedXaddArrayQueue;
import org.jcq.queues.SpmcArrayQueue;
import org.jcq.queues.SpscArrayQueue;
import org.jcq.queues.SpscChunkedArrayQueue;
import org.jcq.queues.SpscGrowableArrayQueue;
import org.jcq.queues.SpscLinkedQueue;
import org.jcq.queues.SpscUnboundedArrayQueue;
import org.jctools.queues.varhandle.MpmcVarHandleArrayQueue;
import org.jctools.queues.varhandle.MpscBlockingConsumerVarHandleArrayQueue;
import org.jctools.queues.varhandle.MpscChunkedVarHandleArrayQueue;
import org.jctools.queues.varhandle.MpscGrowableVarHandleArrayQueue;
import org.jctools.queues.varhandle.MpscLinkedVarHandleQueue;
import org.jctools.queues.varhandle.MpscUnboundedVarHandleArrayQueue;
import org.jctools.queues.varhandle.MpscVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpmcVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpscChunkedVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpscGrowableVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpscLinkedVarHandleQueue;
import org.jctools.queues.varhandle.SpscUnboundedVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpscVarHandleArrayQueue;
import org.jctools.queues.varhandle.unpadded.MpmcVarHandleUnpaddedArrayQueue;
import org.jctools.queues.varhandle.unpadded.MpscChunkedVarHandleUnpaddedArrayQueue;
import org.jctools.queues.varhandle.unpadded.MpscGrowableVarHandleUnpaddedArrayQueue;
import org.jctools.queues.varhandle.unpadded.MpscUnboundedVarHandleUnpaddedArrayQueue;
import org.jctools.queues.varhandle.unpadded.MpscVarHandleUnpaddedArrayQueue;
import org.jctools.queues.varhandle.unpadded.SpscVarHandleUnpaddedArrayQueue;

/**
 * Builds every queue under benchmark from its name (the JMH {@code qType} parameter).
 * <p>
 * Names without a prefix are this project's queues; {@value #JCTOOLS_PREFIX} names the JCTools
 * 4.x {@code sun.misc.Unsafe} edition, {@value #JCTOOLS_VH_PREFIX} the JCTools VarHandle edition
 * (artifact {@code jctools-core-jdk11}), {@value #JCTOOLS_ATOMIC_PREFIX} the JCTools Atomic edition
 * (package {@code org.jctools.queues.atomic} of {@code jctools-core}: {@code Atomic*FieldUpdater}s
 * and {@code AtomicReferenceArray}, no Unsafe), {@value #AGRONA_PREFIX} Agrona and
 * {@value #JDK_PREFIX} the JDK. The VarHandle and Atomic editions are the Unsafe-free peers; the
 * Unsafe edition is the speed limit. The name constants are compile-time constants so that JMH {@code @Param} defaults can
 * use them.
 * <p>
 * Capacity: the bounded queues take it as a requested capacity (most round it up to a power of
 * two; {@link ArrayBlockingQueue} takes it exactly); the unbounded linked-array and XADD queues take
 * it as their chunk size; the linked-node queues, {@link ConcurrentLinkedQueue} and
 * {@link LinkedTransferQueue} ignore it. {@link #capacityOf(Queue)} reports what a queue really holds.
 * <p>
 * Shape: {@link #maxProducers(String)} and {@link #maxConsumers(String)} say how many threads may
 * offer and poll at once (1 or {@link #ANY_NUMBER}). Ours and JCTools' queues say it by their name's
 * prefix ({@code Spsc}, {@code Mpsc}, {@code Spmc}, {@code Mpmc}), Agrona's by theirs
 * ({@code OneToOne}, {@code ManyToOne}, {@code ManyToMany}); the JDK's queues take any number of
 * both. Every known name has a shape, checked when the class loads.
 * <p>
 * Blocking queues: {@link #blockingNames()} is a group of its own, the {@link BlockingQueue}s
 * that {@link #createBlocking(String, int)} builds for the blocking benchmarks: our blocking
 * queues of every shape, padded and compact (those without a JCTools twin are neither in
 * {@link #ours()} nor in {@link #names()}, and the comparison tables stay as they were; the MPSC
 * ones are in both groups) and the JDK's {@link ArrayBlockingQueue}, {@link LinkedBlockingQueue} and
 * {@link LinkedTransferQueue}. {@link #create(String, int)}, {@link #maxProducers(String)} and
 * {@link #maxConsumers(String)} know them too, so a non-blocking benchmark can run one of them
 * beside its non-blocking twin ({@code -p qType=SpscBlockingArrayQueue,SpscArrayQueue}). Of
 * these, {@link LinkedTransferQueue} ignores the capacity and never blocks a producer (nor does
 * {@link LinkedBlockingQueue} below its capacity); only the consumer side of a benchmark waits
 * there.
 */
public final class BenchmarkQueues {
    /** Prefix of the JCTools {@code sun.misc.Unsafe} edition's queues. */
    public static final String JCTOOLS_PREFIX = "JCTools.";
    /** Prefix of the JCTools VarHandle edition's queues. */
    public static final String JCTOOLS_VH_PREFIX = "JCToolsVH.";
    /** Prefix of the JCTools Atomic edition's queues. */
    public static final String JCTOOLS_ATOMIC_PREFIX = "JCToolsAtomic.";
    /** Prefix of Agrona's queues. */
    public static final String AGRONA_PREFIX = "Agrona.";
    /** Prefix of the JDK's queues. */
    public static final String JDK_PREFIX = "JDK.";
    /** Prefix of jctools-experimental's queues (designs on trial, no JCTools twin). */
    public static final String EXPERIMENTAL_PREFIX = "Experimental.";
    /** jctools-experimental's bounded LPRQ ring (capacity). */
    public static final String EXPERIMENTAL_PRQ = EXPERIMENTAL_PREFIX + "MpmcPrqArrayQueue";
    /** jctools-experimental's LPRQ: linked rings (the capacity is the ring size). */
    public static final String EXPERIMENTAL_LPRQ = EXPERIMENTAL_PREFIX + "MpmcLprqQueue";

    /** This project's single-producer single-consumer array queue. */
    public static final String SPSC = "SpscArrayQueue";
    /** This project's multi-producer single-consumer array queue. */
    public static final String MPSC = "MpscArrayQueue";
    /** This project's single-producer multi-consumer array queue. */
    public static final String SPMC = "SpmcArrayQueue";
    /** This project's multi-producer multi-consumer array queue. */
    public static final String MPMC = "MpmcArrayQueue";

    /** This project's bounded SPSC queue of fixed-size linked chunks (capacity at least 16). */
    public static final String SPSC_CHUNKED = "SpscChunkedArrayQueue";
    /** This project's unbounded SPSC queue of fixed-size linked chunks (capacity = chunk size). */
    public static final String SPSC_UNBOUNDED = "SpscUnboundedArrayQueue";
    /** This project's bounded SPSC queue whose array doubles up to the bound (at least 16). */
    public static final String SPSC_GROWABLE = "SpscGrowableArrayQueue";
    /** This project's bounded MPSC queue of fixed-size linked chunks (capacity at least 4). */
    public static final String MPSC_CHUNKED = "MpscChunkedArrayQueue";
    /** This project's unbounded MPSC queue of fixed-size linked chunks (capacity = chunk size). */
    public static final String MPSC_UNBOUNDED = "MpscUnboundedArrayQueue";
    /** This project's bounded MPSC queue whose array doubles up to the bound (at least 4). */
    public static final String MPSC_GROWABLE = "MpscGrowableArrayQueue";
    /** This project's multi-producer array queue whose single consumer can block. */
    public static final String MPSC_BLOCKING = "MpscBlockingConsumerArrayQueue";
    /** This project's single-producer single-consumer linked-node queue (ignores the capacity). */
    public static final String SPSC_LINKED = "SpscLinkedQueue";
    /** This project's multi-producer single-consumer linked-node queue (ignores the capacity). */
    public static final String MPSC_LINKED = "MpscLinkedQueue";
    /** This project's unbounded multi-producer single-consumer fetch-and-add queue (chunk size). */
    public static final String MPSC_XADD = "MpscUnboundedXaddArrayQueue";
    /** This project's unbounded multi-producer multi-consumer fetch-and-add queue (chunk size). */
    public static final String MPMC_XADD = "MpmcUnboundedXaddArrayQueue";
    /** Our compact (unpadded) SPSC array queue; its twin is JCTools' unpadded edition. */
    public static final String SPSC_UNPADDED = "SpscUnpaddedArrayQueue";
    /** Our compact MPSC array queue. */
    public static final String MPSC_UNPADDED = "MpscUnpaddedArrayQueue";
    /** The compact edition of {@link #SPMC}. */
    public static final String SPMC_UNPADDED = "SpmcUnpaddedArrayQueue";
    /** Our compact MPMC array queue. */
    public static final String MPMC_UNPADDED = "MpmcUnpaddedArrayQueue";
    /** The compact edition of {@link #SPSC_CHUNKED}. */
    public static final String SPSC_CHUNKED_UNPADDED = "SpscChunkedUnpaddedArrayQueue";
    /** The compact edition of {@link #SPSC_UNBOUNDED}. */
    public static final String SPSC_UNBOUNDED_UNPADDED = "SpscUnboundedUnpaddedArrayQueue";
    /** The compact edition of {@link #SPSC_GROWABLE}. */
    public static final String SPSC_GROWABLE_UNPADDED = "SpscGrowableUnpaddedArrayQueue";
    /** Our compact MPSC chunked linked-array queue. */
    public static final String MPSC_CHUNKED_UNPADDED = "MpscChunkedUnpaddedArrayQueue";
    /** Our compact MPSC unbounded linked-array queue. */
    public static final String MPSC_UNBOUNDED_UNPADDED = "MpscUnboundedUnpaddedArrayQueue";
    /** Our compact MPSC growable linked-array queue. */
    public static final String MPSC_GROWABLE_UNPADDED = "MpscGrowableUnpaddedArrayQueue";
    /** The compact edition of {@link #SPSC_LINKED} (ignores the capacity). */
    public static final String SPSC_LINKED_UNPADDED = "SpscLinkedUnpaddedQueue";
    /** The compact edition of {@link #MPSC_LINKED} (ignores the capacity). */
    public static final String MPSC_LINKED_UNPADDED = "MpscLinkedUnpaddedQueue";
    /** The compact edition of {@link #MPSC_XADD} (chunk size); see {@link #twinOf(String)} for its twin. */
    public static final String MPSC_XADD_UNPADDED = "MpscUnboundedXaddUnpaddedArrayQueue";
    /** The compact edition of {@link #MPMC_XADD} (chunk size); see {@link #twinOf(String)} for its twin. */
    public static final String MPMC_XADD_UNPADDED = "MpmcUnboundedXaddUnpaddedArrayQueue";
    /**
     * Our compound MPSC queue: one ring per lane, as many lanes as processors (rounded down to a
     * power of two); not FIFO. The capacity must be at least the number of lanes.
     */
    public static final String MPSC_COMPOUND = "MpscCompoundQueue";
    /** The compact edition of {@link #MPSC_COMPOUND}; see {@link #twinOf(String)} for its twin. */
    public static final String MPSC_COMPOUND_UNPADDED = "MpscCompoundUnpaddedQueue";
    /** The compact edition of {@link #MPSC_BLOCKING}; see {@link #twinOf(String)} for its twin. */
    public static final String MPSC_BLOCKING_UNPADDED = "MpscBlockingConsumerUnpaddedArrayQueue";

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
    /** The JDK's unbounded lock-free linked queue with hand-off (dual queue; ignores the capacity). */
    public static final String JDK_LTQ = JDK_PREFIX + "LinkedTransferQueue";

    /** This project's bounded SPSC queue whose producer and consumer can block. */
    public static final String BLOCKING_SPSC = "SpscBlockingArrayQueue";
    /** This project's bounded MPSC queue whose producers and consumer can block (JCTools' name). */
    public static final String BLOCKING_MPSC = MPSC_BLOCKING;
    /** This project's bounded MPMC queue whose producers and consumers can block. */
    public static final String BLOCKING_MPMC = "MpmcBlockingArrayQueue";
    /** This project's unbounded MPSC queue whose consumer can block. */
    public static final String BLOCKING_MPSC_UNBOUNDED = "MpscUnboundedBlockingConsumerArrayQueue";
    /** This project's unbounded MPMC queue whose consumers can block: an executor's work queue. */
    public static final String BLOCKING_MPMC_UNBOUNDED = "MpmcUnboundedBlockingArrayQueue";
    /** The compact edition of {@link #BLOCKING_SPSC}. */
    public static final String BLOCKING_SPSC_UNPADDED = "SpscBlockingUnpaddedArrayQueue";
    /** The compact edition of {@link #BLOCKING_MPMC}. */
    public static final String BLOCKING_MPMC_UNPADDED = "MpmcBlockingUnpaddedArrayQueue";
    /** The compact edition of {@link #BLOCKING_MPSC_UNBOUNDED}. */
    public static final String BLOCKING_MPSC_UNBOUNDED_UNPADDED = "MpscUnboundedBlockingConsumerUnpaddedArrayQueue";
    /** The compact edition of {@link #BLOCKING_MPMC_UNBOUNDED}. */
    public static final String BLOCKING_MPMC_UNBOUNDED_UNPADDED = "MpmcUnboundedBlockingUnpaddedArrayQueue";
    /** The JDK's optionally-bounded two-lock linked queue (bounded here by the capacity). */
    public static final String JDK_LBQ = JDK_PREFIX + "LinkedBlockingQueue";

    /** What {@link #maxProducers} and {@link #maxConsumers} return for "any number of threads". */
    public static final int ANY_NUMBER = Integer.MAX_VALUE;
    /** What {@link #capacityOf(Queue)} returns for a queue with no bound. */
    public static final int UNBOUNDED = -1;

    /**
     * Ours whose JCTools twin is that of another of ours, by our name: JCTools 4.0.7 has no
     * unpadded XADD, compound or blocking-consumer queue, so those compact editions are compared
     * with its padded ones, the twins of their padded editions (larger than ours by the padding,
     * so a footprint comparison with them still holds ours to at most JCTools'). They add no name
     * of their own to {@link #names()}.
     */
    private static final Map<String, String> STAND_IN_TWINS = Map.of(
            MPSC_XADD_UNPADDED, MPSC_XADD,
            MPMC_XADD_UNPADDED, MPMC_XADD,
            MPSC_COMPOUND_UNPADDED, MPSC_COMPOUND,
            MPSC_BLOCKING_UNPADDED, MPSC_BLOCKING);
    /**
     * Ours, in the order tables list them; each has a JCTools twin of the same simple name, but
     * for those in {@link #STAND_IN_TWINS}.
     */
    private static final Map<String, IntFunction<Queue<Object>>> OURS_FACTORIES = buildOurs();
    /** The JCTools VarHandle edition's twins, by our name; not every queue of ours has one. */
    private static final Map<String, IntFunction<Queue<Object>>> VH_TWINS = buildVhTwins();
    /** The JCTools Atomic edition's twins, by our name; not every queue of ours has one. */
    private static final Map<String, IntFunction<Queue<Object>>> ATOMIC_TWINS = buildAtomicTwins();
    private static final Map<String, IntFunction<Queue<Object>>> FACTORIES = buildFactories();
    private static final List<String> NAMES =
            Collections.unmodifiableList(new ArrayList<>(FACTORIES.keySet()));
    private static final List<String> OURS = List.copyOf(OURS_FACTORIES.keySet());
    /** The blocking group: ours first, then the JDK's; built typed, for the blocking benchmarks. */
    private static final Map<String, IntFunction<BlockingQueue<Object>>> BLOCKING_FACTORIES = buildBlocking();
    private static final List<String> BLOCKING_NAMES = List.copyOf(BLOCKING_FACTORIES.keySet());
    /** How many threads may offer and poll at once, by a queue's simple name's prefix. */
    private static final Map<String, Shape> SHAPE_BY_PREFIX = buildShapePrefixes();
    private static final Map<String, Shape> SHAPES = buildShapes();

    /** How many producer and consumer threads a queue supports: 1 or {@link #ANY_NUMBER} each. */
    private record Shape(int producers, int consumers) {
    }

    private BenchmarkQueues() {
    }

    private static Map<String, IntFunction<Queue<Object>>> buildOurs() {
        final Map<String, IntFunction<Queue<Object>>> m = new LinkedHashMap<>();
        m.put(SPSC, SpscArrayQueue::new);
        m.put(MPSC, MpscArrayQueue::new);
        m.put(SPMC, SpmcArrayQueue::new);
        m.put(MPMC, MpmcArrayQueue::new);
        m.put(SPSC_CHUNKED, SpscChunkedArrayQueue::new);
        m.put(SPSC_UNBOUNDED, SpscUnboundedArrayQueue::new);
        m.put(SPSC_GROWABLE, SpscGrowableArrayQueue::new);
        m.put(MPSC_CHUNKED, MpscChunkedArrayQueue::new);
        m.put(MPSC_UNBOUNDED, MpscUnboundedArrayQueue::new);
        m.put(MPSC_GROWABLE, MpscGrowableArrayQueue::new);
        m.put(MPSC_BLOCKING, MpscBlockingConsumerArrayQueue::new);
        m.put(SPSC_LINKED, capacity -> new SpscLinkedQueue<>());
        m.put(MPSC_LINKED, capacity -> new MpscLinkedQueue<>());
        m.put(MPSC_XADD, MpscUnboundedXaddArrayQueue::new);
        m.put(MPMC_XADD, MpmcUnboundedXaddArrayQueue::new);
        m.put(SPSC_UNPADDED, SpscUnpaddedArrayQueue::new);
        m.put(MPSC_UNPADDED, MpscUnpaddedArrayQueue::new);
        m.put(SPMC_UNPADDED, org.jcq.queues.SpmcUnpaddedArrayQueue::new);
        m.put(MPMC_UNPADDED, MpmcUnpaddedArrayQueue::new);
        m.put(SPSC_CHUNKED_UNPADDED, org.jcq.queues.SpscChunkedUnpaddedArrayQueue::new);
        m.put(SPSC_UNBOUNDED_UNPADDED, org.jcq.queues.SpscUnboundedUnpaddedArrayQueue::new);
        m.put(SPSC_GROWABLE_UNPADDED, org.jcq.queues.SpscGrowableUnpaddedArrayQueue::new);
        m.put(MPSC_CHUNKED_UNPADDED, MpscChunkedUnpaddedArrayQueue::new);
        m.put(MPSC_UNBOUNDED_UNPADDED, MpscUnboundedUnpaddedArrayQueue::new);
        m.put(MPSC_GROWABLE_UNPADDED, MpscGrowableUnpaddedArrayQueue::new);
        m.put(SPSC_LINKED_UNPADDED, capacity -> new org.jcq.queues.SpscLinkedUnpaddedQueue<>());
        m.put(MPSC_LINKED_UNPADDED, capacity -> new org.jcq.queues.MpscLinkedUnpaddedQueue<>());
        m.put(MPSC_XADD_UNPADDED, org.jcq.queues.MpscUnboundedXaddUnpaddedArrayQueue::new);
        m.put(MPMC_XADD_UNPADDED, org.jcq.queues.MpmcUnboundedXaddUnpaddedArrayQueue::new);
        m.put(MPSC_COMPOUND, org.jcq.queues.MpscCompoundQueue::new);
        m.put(MPSC_COMPOUND_UNPADDED, org.jcq.queues.MpscCompoundUnpaddedQueue::new);
        m.put(MPSC_BLOCKING_UNPADDED, org.jcq.queues.MpscBlockingConsumerUnpaddedArrayQueue::new);
        return m;
    }

    private static Map<String, IntFunction<BlockingQueue<Object>>> buildBlocking() {
        final Map<String, IntFunction<BlockingQueue<Object>>> m = new LinkedHashMap<>();
        m.put(BLOCKING_SPSC, SpscBlockingArrayQueue::new);
        m.put(BLOCKING_MPSC, MpscBlockingConsumerArrayQueue::new);
        m.put(BLOCKING_MPMC, MpmcBlockingArrayQueue::new);
        m.put(BLOCKING_MPSC_UNBOUNDED, MpscUnboundedBlockingConsumerArrayQueue::new);
        m.put(BLOCKING_MPMC_UNBOUNDED, MpmcUnboundedBlockingArrayQueue::new);
        // The compact editions.
        m.put(BLOCKING_SPSC_UNPADDED, org.jcq.queues.SpscBlockingUnpaddedArrayQueue::new);
        m.put(MPSC_BLOCKING_UNPADDED, org.jcq.queues.MpscBlockingConsumerUnpaddedArrayQueue::new);
        m.put(BLOCKING_MPMC_UNPADDED, org.jcq.queues.MpmcBlockingUnpaddedArrayQueue::new);
        m.put(BLOCKING_MPSC_UNBOUNDED_UNPADDED, org.jcq.queues.MpscUnboundedBlockingConsumerUnpaddedArrayQueue::new);
        m.put(BLOCKING_MPMC_UNBOUNDED_UNPADDED, org.jcq.queues.MpmcUnboundedBlockingUnpaddedArrayQueue::new);
        m.put(JDK_ABQ, ArrayBlockingQueue::new);
        m.put(JDK_LBQ, LinkedBlockingQueue::new);
        m.put(JDK_LTQ, capacity -> new LinkedTransferQueue<>());
        return m;
    }

    /** The JCTools Unsafe edition's twin of each of ours, but for the stand-ins' ({@link #STAND_IN_TWINS}). */
    private static Map<String, IntFunction<Queue<Object>>> buildTwins() {
        final Map<String, IntFunction<Queue<Object>>> m = new LinkedHashMap<>();
        m.put(SPSC, org.jctools.queues.SpscArrayQueue::new);
        m.put(MPSC, org.jctools.queues.MpscArrayQueue::new);
        m.put(SPMC, org.jctools.queues.SpmcArrayQueue::new);
        m.put(MPMC, org.jctools.queues.MpmcArrayQueue::new);
        m.put(SPSC_CHUNKED, org.jctools.queues.SpscChunkedArrayQueue::new);
        m.put(SPSC_UNBOUNDED, org.jctools.queues.SpscUnboundedArrayQueue::new);
        m.put(SPSC_GROWABLE, org.jctools.queues.SpscGrowableArrayQueue::new);
        m.put(MPSC_CHUNKED, org.jctools.queues.MpscChunkedArrayQueue::new);
        m.put(MPSC_UNBOUNDED, org.jctools.queues.MpscUnboundedArrayQueue::new);
        m.put(MPSC_GROWABLE, org.jctools.queues.MpscGrowableArrayQueue::new);
        m.put(MPSC_BLOCKING, org.jctools.queues.MpscBlockingConsumerArrayQueue::new);
        m.put(SPSC_LINKED, capacity -> new org.jctools.queues.SpscLinkedQueue<>());
        m.put(MPSC_LINKED, capacity -> new org.jctools.queues.MpscLinkedQueue<>());
        m.put(MPSC_XADD, org.jctools.queues.MpscUnboundedXaddArrayQueue::new);
        m.put(MPMC_XADD, org.jctools.queues.MpmcUnboundedXaddArrayQueue::new);
        m.put(SPSC_UNPADDED, org.jctools.queues.unpadded.SpscUnpaddedArrayQueue::new);
        m.put(MPSC_UNPADDED, org.jctools.queues.unpadded.MpscUnpaddedArrayQueue::new);
        m.put(SPMC_UNPADDED, org.jctools.queues.unpadded.SpmcUnpaddedArrayQueue::new);
        m.put(MPMC_UNPADDED, org.jctools.queues.unpadded.MpmcUnpaddedArrayQueue::new);
        m.put(SPSC_CHUNKED_UNPADDED, org.jctools.queues.unpadded.SpscChunkedUnpaddedArrayQueue::new);
        m.put(SPSC_UNBOUNDED_UNPADDED, org.jctools.queues.unpadded.SpscUnboundedUnpaddedArrayQueue::new);
        m.put(SPSC_GROWABLE_UNPADDED, org.jctools.queues.unpadded.SpscGrowableUnpaddedArrayQueue::new);
        m.put(MPSC_CHUNKED_UNPADDED, org.jctools.queues.unpadded.MpscChunkedUnpaddedArrayQueue::new);
        m.put(MPSC_UNBOUNDED_UNPADDED, org.jctools.queues.unpadded.MpscUnboundedUnpaddedArrayQueue::new);
        m.put(MPSC_GROWABLE_UNPADDED, org.jctools.queues.unpadded.MpscGrowableUnpaddedArrayQueue::new);
        m.put(SPSC_LINKED_UNPADDED, capacity -> new org.jctools.queues.unpadded.SpscLinkedUnpaddedQueue<>());
        m.put(MPSC_LINKED_UNPADDED, capacity -> new org.jctools.queues.unpadded.MpscLinkedUnpaddedQueue<>());
        m.put(MPSC_COMPOUND, org.jctools.queues.MpscCompoundQueue::new);
        return m;
    }

    private static Map<String, IntFunction<Queue<Object>>> buildVhTwins() {
        final Map<String, IntFunction<Queue<Object>>> m = new LinkedHashMap<>();
        m.put(SPSC, SpscVarHandleArrayQueue::new);
        m.put(MPSC, MpscVarHandleArrayQueue::new);
        m.put(SPMC, SpmcVarHandleArrayQueue::new);
        m.put(MPMC, MpmcVarHandleArrayQueue::new);
        m.put(SPSC_CHUNKED, SpscChunkedVarHandleArrayQueue::new);
        m.put(SPSC_UNBOUNDED, SpscUnboundedVarHandleArrayQueue::new);
        m.put(SPSC_GROWABLE, SpscGrowableVarHandleArrayQueue::new);
        m.put(MPSC_CHUNKED, MpscChunkedVarHandleArrayQueue::new);
        m.put(MPSC_UNBOUNDED, MpscUnboundedVarHandleArrayQueue::new);
        m.put(MPSC_GROWABLE, MpscGrowableVarHandleArrayQueue::new);
        m.put(MPSC_BLOCKING, MpscBlockingConsumerVarHandleArrayQueue::new);
        m.put(SPSC_LINKED, capacity -> new SpscLinkedVarHandleQueue<>());
        m.put(MPSC_LINKED, capacity -> new MpscLinkedVarHandleQueue<>());
        m.put(SPSC_UNPADDED, SpscVarHandleUnpaddedArrayQueue::new);
        m.put(MPSC_UNPADDED, MpscVarHandleUnpaddedArrayQueue::new);
        m.put(SPMC_UNPADDED, org.jctools.queues.varhandle.unpadded.SpmcVarHandleUnpaddedArrayQueue::new);
        m.put(MPMC_UNPADDED, MpmcVarHandleUnpaddedArrayQueue::new);
        m.put(SPSC_CHUNKED_UNPADDED, org.jctools.queues.varhandle.unpadded.SpscChunkedVarHandleUnpaddedArrayQueue::new);
        m.put(SPSC_UNBOUNDED_UNPADDED,
                org.jctools.queues.varhandle.unpadded.SpscUnboundedVarHandleUnpaddedArrayQueue::new);
        m.put(SPSC_GROWABLE_UNPADDED,
                org.jctools.queues.varhandle.unpadded.SpscGrowableVarHandleUnpaddedArrayQueue::new);
        m.put(MPSC_CHUNKED_UNPADDED, MpscChunkedVarHandleUnpaddedArrayQueue::new);
        m.put(MPSC_UNBOUNDED_UNPADDED, MpscUnboundedVarHandleUnpaddedArrayQueue::new);
        m.put(MPSC_GROWABLE_UNPADDED, MpscGrowableVarHandleUnpaddedArrayQueue::new);
        m.put(SPSC_LINKED_UNPADDED,
                capacity -> new org.jctools.queues.varhandle.unpadded.SpscLinkedVarHandleUnpaddedQueue<>());
        m.put(MPSC_LINKED_UNPADDED,
                capacity -> new org.jctools.queues.varhandle.unpadded.MpscLinkedVarHandleUnpaddedQueue<>());
        return m;
    }

    /** The Atomic edition has no blocking-consumer queue and, like the VarHandle one, no XADD queues. */
    private static Map<String, IntFunction<Queue<Object>>> buildAtomicTwins() {
        final Map<String, IntFunction<Queue<Object>>> m = new LinkedHashMap<>();
        m.put(SPSC, org.jctools.queues.atomic.SpscAtomicArrayQueue::new);
        m.put(MPSC, org.jctools.queues.atomic.MpscAtomicArrayQueue::new);
        m.put(SPMC, org.jctools.queues.atomic.SpmcAtomicArrayQueue::new);
        m.put(MPMC, org.jctools.queues.atomic.MpmcAtomicArrayQueue::new);
        m.put(SPSC_CHUNKED, org.jctools.queues.atomic.SpscChunkedAtomicArrayQueue::new);
        m.put(SPSC_UNBOUNDED, org.jctools.queues.atomic.SpscUnboundedAtomicArrayQueue::new);
        m.put(SPSC_GROWABLE, org.jctools.queues.atomic.SpscGrowableAtomicArrayQueue::new);
        m.put(MPSC_CHUNKED, org.jctools.queues.atomic.MpscChunkedAtomicArrayQueue::new);
        m.put(MPSC_UNBOUNDED, org.jctools.queues.atomic.MpscUnboundedAtomicArrayQueue::new);
        m.put(MPSC_GROWABLE, org.jctools.queues.atomic.MpscGrowableAtomicArrayQueue::new);
        m.put(SPSC_LINKED, capacity -> new org.jctools.queues.atomic.SpscLinkedAtomicQueue<>());
        m.put(MPSC_LINKED, capacity -> new org.jctools.queues.atomic.MpscLinkedAtomicQueue<>());
        m.put(SPSC_UNPADDED, org.jctools.queues.atomic.unpadded.SpscAtomicUnpaddedArrayQueue::new);
        m.put(MPSC_UNPADDED, org.jctools.queues.atomic.unpadded.MpscAtomicUnpaddedArrayQueue::new);
        m.put(SPMC_UNPADDED, org.jctools.queues.atomic.unpadded.SpmcAtomicUnpaddedArrayQueue::new);
        m.put(MPMC_UNPADDED, org.jctools.queues.atomic.unpadded.MpmcAtomicUnpaddedArrayQueue::new);
        m.put(SPSC_CHUNKED_UNPADDED, org.jctools.queues.atomic.unpadded.SpscChunkedAtomicUnpaddedArrayQueue::new);
        m.put(SPSC_UNBOUNDED_UNPADDED, org.jctools.queues.atomic.unpadded.SpscUnboundedAtomicUnpaddedArrayQueue::new);
        m.put(SPSC_GROWABLE_UNPADDED, org.jctools.queues.atomic.unpadded.SpscGrowableAtomicUnpaddedArrayQueue::new);
        m.put(MPSC_CHUNKED_UNPADDED, org.jctools.queues.atomic.unpadded.MpscChunkedAtomicUnpaddedArrayQueue::new);
        m.put(MPSC_UNBOUNDED_UNPADDED, org.jctools.queues.atomic.unpadded.MpscUnboundedAtomicUnpaddedArrayQueue::new);
        m.put(MPSC_GROWABLE_UNPADDED, org.jctools.queues.atomic.unpadded.MpscGrowableAtomicUnpaddedArrayQueue::new);
        m.put(SPSC_LINKED_UNPADDED, capacity -> new org.jctools.queues.atomic.unpadded.SpscLinkedAtomicUnpaddedQueue<>());
        m.put(MPSC_LINKED_UNPADDED, capacity -> new org.jctools.queues.atomic.unpadded.MpscLinkedAtomicUnpaddedQueue<>());
        return m;
    }

    private static Map<String, IntFunction<Queue<Object>>> buildFactories() {
        final Map<String, IntFunction<Queue<Object>>> m = new LinkedHashMap<>(OURS_FACTORIES);
        final Map<String, IntFunction<Queue<Object>>> twins = buildTwins();
        final Set<String> twinned = new LinkedHashSet<>(twins.keySet());
        twinned.addAll(STAND_IN_TWINS.keySet());
        if (!twinned.equals(OURS_FACTORIES.keySet()) || !twins.keySet().containsAll(STAND_IN_TWINS.values())) {
            throw new IllegalStateException("every queue of ours needs a JCTools twin: " + twinned);
        }
        twins.forEach((name, f) -> m.put(JCTOOLS_PREFIX + name, f));
        VH_TWINS.forEach((name, f) -> m.put(JCTOOLS_VH_PREFIX + name, f));
        ATOMIC_TWINS.forEach((name, f) -> m.put(JCTOOLS_ATOMIC_PREFIX + name, f));
        m.put(AGRONA_SPSC, OneToOneConcurrentArrayQueue::new);
        m.put(AGRONA_MPSC, ManyToOneConcurrentArrayQueue::new);
        m.put(AGRONA_MPMC, ManyToManyConcurrentArrayQueue::new);
        m.put(EXPERIMENTAL_PRQ, org.jcq.experimental.lprq.MpmcPrqArrayQueue::new);
        m.put(EXPERIMENTAL_LPRQ, capacity -> new org.jcq.experimental.lprq.MpmcLprqQueue<>(Math.max(2, capacity)));
        m.put(JDK_CLQ, capacity -> new ConcurrentLinkedQueue<>());
        m.put(JDK_ABQ, ArrayBlockingQueue::new);
        m.put(JDK_LTQ, capacity -> new LinkedTransferQueue<>());
        return m;
    }

    private static Map<String, Shape> buildShapePrefixes() {
        final Shape oneToOne = new Shape(1, 1);
        final Shape manyToOne = new Shape(ANY_NUMBER, 1);
        final Shape oneToMany = new Shape(1, ANY_NUMBER);
        final Shape manyToMany = new Shape(ANY_NUMBER, ANY_NUMBER);
        final Map<String, Shape> m = new LinkedHashMap<>();
        m.put("Spsc", oneToOne);
        m.put("Mpsc", manyToOne);
        m.put("Spmc", oneToMany);
        m.put("Mpmc", manyToMany);
        m.put("OneToOne", oneToOne);
        m.put("ManyToOne", manyToOne);
        m.put("ManyToMany", manyToMany);
        return m;
    }

    /** Every name's shape, so a queue added without a recognisable name fails at class load. */
    private static Map<String, Shape> buildShapes() {
        final Map<String, Shape> m = new LinkedHashMap<>();
        for (String qType : NAMES) {
            m.put(qType, shapeByName(qType));
        }
        for (String qType : BLOCKING_NAMES) {
            m.put(qType, shapeByName(qType));
        }
        return m;
    }

    private static Shape shapeByName(String qType) {
        if (qType.startsWith(JDK_PREFIX)) {
            return new Shape(ANY_NUMBER, ANY_NUMBER);
        }
        // Ours have no prefix: indexOf gives -1 and the whole name is the simple name.
        final String simpleName = qType.substring(qType.indexOf('.') + 1);
        for (Map.Entry<String, Shape> e : SHAPE_BY_PREFIX.entrySet()) {
            if (simpleName.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        throw new IllegalStateException("No producer/consumer shape known for queue " + qType);
    }

    /**
     * Builds a queue.
     *
     * @param qType    one of {@link #names()} or {@link #blockingNames()}
     * @param capacity the requested capacity (ignored by unbounded queues)
     * @param <E>      the element type
     * @return a new, empty queue
     * @throws IllegalArgumentException if {@code qType} is unknown, or the queue rejects
     *                                  {@code capacity}
     */
    @SuppressWarnings("unchecked") // every factory builds an empty queue of any element type
    public static <E> Queue<E> create(String qType, int capacity) {
        final IntFunction<Queue<Object>> factory = FACTORIES.get(qType);
        if (factory == null) {
            return createBlocking(qType, capacity);
        }
        return (Queue<E>) factory.apply(capacity);
    }

    /**
     * Builds a blocking queue.
     *
     * @param qType    one of {@link #blockingNames()}
     * @param capacity the requested capacity; {@link LinkedTransferQueue} ignores it (it is
     *                 unbounded, so its producers never wait)
     * @param <E>      the element type
     * @return a new, empty queue
     * @throws IllegalArgumentException if {@code qType} is not a blocking queue's name, or the
     *                                  queue rejects {@code capacity}
     */
    @SuppressWarnings("unchecked") // every factory builds an empty queue of any element type
    public static <E> BlockingQueue<E> createBlocking(String qType, int capacity) {
        final IntFunction<BlockingQueue<Object>> factory = BLOCKING_FACTORIES.get(qType);
        if (factory == null) {
            throw new IllegalArgumentException("Unknown qType: '" + qType + "'; known: " + NAMES
                    + "; blocking: " + BLOCKING_NAMES);
        }
        return (BlockingQueue<E>) factory.apply(capacity);
    }

    /**
     * @param qType one of {@link #names()} or {@link #blockingNames()}
     * @return how many threads may offer at once: 1 or {@link #ANY_NUMBER}
     * @throws IllegalArgumentException if {@code qType} is unknown
     */
    public static int maxProducers(String qType) {
        return shapeOf(qType).producers();
    }

    /**
     * @param qType one of {@link #names()} or {@link #blockingNames()}
     * @return how many threads may poll at once: 1 or {@link #ANY_NUMBER}
     * @throws IllegalArgumentException if {@code qType} is unknown
     */
    public static int maxConsumers(String qType) {
        return shapeOf(qType).consumers();
    }

    private static Shape shapeOf(String qType) {
        final Shape shape = SHAPES.get(qType);
        if (shape == null) {
            throw new IllegalArgumentException("Unknown qType: '" + qType + "'; known: " + NAMES
                    + "; blocking: " + BLOCKING_NAMES);
        }
        return shape;
    }

    /**
     * The number of elements a queue built here holds when full, which may exceed the requested
     * capacity (most round it up to a power of two).
     *
     * @param q a queue built by {@link #create(String, int)}
     * @return its capacity, or {@link #UNBOUNDED} if it has no bound
     */
    public static int capacityOf(Queue<?> q) {
        final int capacity;
        if (q instanceof org.jcq.queues.MessagePassingQueue<?> mpq) {
            capacity = mpq.capacity();
        } else if (q instanceof org.jctools.queues.MessagePassingQueue<?> mpq) {
            capacity = mpq.capacity();
        } else if (q instanceof Pipe<?> pipe) {
            capacity = pipe.capacity();
        } else if (q instanceof BlockingQueue<?> bq) {
            // A LinkedTransferQueue reports Integer.MAX_VALUE remaining: its way of saying unbounded.
            final int remaining = bq.remainingCapacity();
            capacity = remaining == Integer.MAX_VALUE ? Integer.MAX_VALUE : remaining + bq.size();
        } else {
            capacity = UNBOUNDED;
        }
        // Both MessagePassingQueue editions use -1 for unbounded, as UNBOUNDED does.
        return capacity == Integer.MAX_VALUE ? UNBOUNDED : capacity;
    }

    /** @return every known queue name, ours first, in a fixed order */
    public static List<String> names() {
        return NAMES;
    }

    /**
     * @return the queues a quick comparison runs: ours, each followed by its JCTools (Unsafe
     *         edition) twin, then the JDK's {@link ConcurrentLinkedQueue} as the common anchor
     */
    public static List<String> quickNames() {
        final List<String> out = new ArrayList<>();
        for (String q : OURS) {
            if (isCompact(q)) {
                continue; // the padded editions stand for their algorithms in a quick run
            }
            out.add(q);
            out.add(twinOf(q));
        }
        out.add(JDK_CLQ);
        return Collections.unmodifiableList(out);
    }

    /**
     * @return the blocking queues {@link #createBlocking(String, int)} builds: ours (which have no
     *         JCTools twin), then the JDK's array, linked and transfer queues
     */
    public static List<String> blockingNames() {
        return BLOCKING_NAMES;
    }

    /** @return the names of this project's queues */
    public static List<String> ours() {
        return OURS;
    }

    /**
     * @param qType a queue name
     * @return whether it names a compact (unpadded) edition, ours or JCTools'
     */
    public static boolean isCompact(String qType) {
        return qType.contains("Unpadded");
    }

    /** @return whether {@code qType} names one of this project's queues */
    public static boolean isOurs(String qType) {
        return OURS.contains(qType);
    }

    /**
     * @param qType one of {@link #ours()}
     * @return the name of its JCTools {@code sun.misc.Unsafe} edition twin: the JCTools queue of the
     *         same simple name, but for the compact XADD queues, which JCTools 4.0.7 lacks, the twin
     *         of their padded edition
     * @throws IllegalArgumentException if {@code qType} is not one of ours
     */
    public static String twinOf(String qType) {
        return JCTOOLS_PREFIX + STAND_IN_TWINS.getOrDefault(requireOurs(qType), qType);
    }

    /**
     * @param qType one of {@link #ours()}
     * @return the name of its JCTools VarHandle edition twin, or null where that edition has none
     *         (JCTools ships its XADD queues in the Unsafe edition only)
     * @throws IllegalArgumentException if {@code qType} is not one of ours
     */
    public static String vhTwinOf(String qType) {
        return VH_TWINS.containsKey(requireOurs(qType)) ? JCTOOLS_VH_PREFIX + qType : null;
    }

    /**
     * @param qType one of {@link #ours()}
     * @return the name of its JCTools Atomic edition twin, or null where that edition has none
     *         (the blocking-consumer and XADD queues)
     * @throws IllegalArgumentException if {@code qType} is not one of ours
     */
    public static String atomicTwinOf(String qType) {
        return ATOMIC_TWINS.containsKey(requireOurs(qType)) ? JCTOOLS_ATOMIC_PREFIX + qType : null;
    }

    /**
     * @param qType one of {@link #ours()}
     * @return its twins in JCTools' Unsafe-free editions that exist: VarHandle, then Atomic
     * @throws IllegalArgumentException if {@code qType} is not one of ours
     */
    public static List<String> peersOf(String qType) {
        final List<String> out = new ArrayList<>(2);
        for (String peer : new String[] {vhTwinOf(qType), atomicTwinOf(qType)}) {
            if (peer != null) {
                out.add(peer);
            }
        }
        return out;
    }

    private static String requireOurs(String qType) {
        if (!isOurs(qType)) {
            throw new IllegalArgumentException("Not one of our queues: '" + qType + "'; ours: " + OURS);
        }
        return qType;
    }
}
