package org.jcq.benchmarks.jmh;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The {@code qType} parameter every queue benchmark shares: by default each queue
 * {@link BenchmarkQueues} knows, in its order (ours, the JCTools Unsafe twins, the JCTools VarHandle
 * twins, the JCTools Atomic twins, Agrona, the JDK). JMH reads {@code @Param} fields of a
 * benchmark's superclasses, so the list is written once; {@code -p qType=...} narrows it. JMH
 * wants a {@code @Param} in a {@code @State} class; each benchmark declares its own scope, which
 * replaces this one.
 */
@State(Scope.Thread)
public abstract class QueueParams {
    @Param({
        BenchmarkQueues.SPSC, BenchmarkQueues.MPSC, BenchmarkQueues.SPMC, BenchmarkQueues.MPMC,
        BenchmarkQueues.SPSC_CHUNKED, BenchmarkQueues.SPSC_UNBOUNDED, BenchmarkQueues.SPSC_GROWABLE,
        BenchmarkQueues.MPSC_CHUNKED, BenchmarkQueues.MPSC_UNBOUNDED, BenchmarkQueues.MPSC_GROWABLE,
        BenchmarkQueues.MPSC_BLOCKING, BenchmarkQueues.SPSC_LINKED, BenchmarkQueues.MPSC_LINKED,
        BenchmarkQueues.MPSC_XADD, BenchmarkQueues.MPMC_XADD,
        BenchmarkQueues.SPSC_UNPADDED, BenchmarkQueues.MPSC_UNPADDED, BenchmarkQueues.SPMC_UNPADDED, BenchmarkQueues.MPMC_UNPADDED,
        BenchmarkQueues.SPSC_CHUNKED_UNPADDED, BenchmarkQueues.SPSC_UNBOUNDED_UNPADDED, BenchmarkQueues.SPSC_GROWABLE_UNPADDED,
        BenchmarkQueues.MPSC_CHUNKED_UNPADDED, BenchmarkQueues.MPSC_UNBOUNDED_UNPADDED, BenchmarkQueues.MPSC_GROWABLE_UNPADDED,
        BenchmarkQueues.SPSC_LINKED_UNPADDED, BenchmarkQueues.MPSC_LINKED_UNPADDED,
        BenchmarkQueues.MPSC_XADD_UNPADDED, BenchmarkQueues.MPMC_XADD_UNPADDED,
        BenchmarkQueues.MPSC_COMPOUND, BenchmarkQueues.MPSC_COMPOUND_UNPADDED, BenchmarkQueues.MPSC_BLOCKING_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPSC,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPMC,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPMC,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPSC_CHUNKED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPSC_UNBOUNDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPSC_GROWABLE,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_CHUNKED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_UNBOUNDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_GROWABLE,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_BLOCKING,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPSC_LINKED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_LINKED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_XADD,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPMC_XADD,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPSC_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPMC_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPMC_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPSC_CHUNKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPSC_UNBOUNDED_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPSC_GROWABLE_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_CHUNKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_UNBOUNDED_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_GROWABLE_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.SPSC_LINKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_LINKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_PREFIX + BenchmarkQueues.MPSC_COMPOUND,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPMC,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPMC,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_CHUNKED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_UNBOUNDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_GROWABLE,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC_CHUNKED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC_UNBOUNDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC_GROWABLE,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC_BLOCKING,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_LINKED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC_LINKED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPMC_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPMC_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_CHUNKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_UNBOUNDED_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_GROWABLE_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC_CHUNKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC_UNBOUNDED_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC_GROWABLE_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.SPSC_LINKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_VH_PREFIX + BenchmarkQueues.MPSC_LINKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPSC,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPMC,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPMC,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC_CHUNKED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC_UNBOUNDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC_GROWABLE,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPSC_CHUNKED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPSC_UNBOUNDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPSC_GROWABLE,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC_LINKED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPSC_LINKED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPSC_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPMC_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPMC_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC_CHUNKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC_UNBOUNDED_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC_GROWABLE_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPSC_CHUNKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPSC_UNBOUNDED_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPSC_GROWABLE_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.SPSC_LINKED_UNPADDED,
        BenchmarkQueues.JCTOOLS_ATOMIC_PREFIX + BenchmarkQueues.MPSC_LINKED_UNPADDED,
        BenchmarkQueues.AGRONA_SPSC,
        BenchmarkQueues.AGRONA_MPSC, BenchmarkQueues.AGRONA_MPMC,
        BenchmarkQueues.EXPERIMENTAL_PRQ, BenchmarkQueues.EXPERIMENTAL_LPRQ, BenchmarkQueues.JDK_CLQ,
        BenchmarkQueues.JDK_ABQ, BenchmarkQueues.JDK_LTQ,
    })
    /** The queue under benchmark, a {@link BenchmarkQueues} name. */
    public String qType;
}
