package org.jcq.benchmarks;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The {@code qType} parameter every queue benchmark shares: by default each queue
 * {@link QueueFactory} knows, in its order (ours, the JCTools Unsafe twins, the JCTools VarHandle
 * twins, the JCTools Atomic twins, Agrona, the JDK). JMH reads {@code @Param} fields of a
 * benchmark's superclasses, so the list is written once; {@code -p qType=...} narrows it. JMH
 * wants a {@code @Param} in a {@code @State} class; each benchmark declares its own scope, which
 * replaces this one.
 */
@State(Scope.Thread)
public abstract class QueueParams {
    @Param({
        QueueFactory.SPSC, QueueFactory.MPSC, QueueFactory.SPMC, QueueFactory.MPMC,
        QueueFactory.SPSC_CHUNKED, QueueFactory.SPSC_UNBOUNDED, QueueFactory.SPSC_GROWABLE,
        QueueFactory.MPSC_CHUNKED, QueueFactory.MPSC_UNBOUNDED, QueueFactory.MPSC_GROWABLE,
        QueueFactory.MPSC_BLOCKING, QueueFactory.SPSC_LINKED, QueueFactory.MPSC_LINKED,
        QueueFactory.MPSC_XADD, QueueFactory.MPMC_XADD,
        QueueFactory.SPSC_UNPADDED, QueueFactory.MPSC_UNPADDED, QueueFactory.SPMC_UNPADDED, QueueFactory.MPMC_UNPADDED,
        QueueFactory.SPSC_CHUNKED_UNPADDED, QueueFactory.SPSC_UNBOUNDED_UNPADDED, QueueFactory.SPSC_GROWABLE_UNPADDED,
        QueueFactory.MPSC_CHUNKED_UNPADDED, QueueFactory.MPSC_UNBOUNDED_UNPADDED, QueueFactory.MPSC_GROWABLE_UNPADDED,
        QueueFactory.SPSC_LINKED_UNPADDED, QueueFactory.MPSC_LINKED_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPMC,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPMC,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_CHUNKED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_UNBOUNDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_GROWABLE,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_CHUNKED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_UNBOUNDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_GROWABLE,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_BLOCKING,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_LINKED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_LINKED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_XADD,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPMC_XADD,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPMC_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPMC_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_CHUNKED_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_UNBOUNDED_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_GROWABLE_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_CHUNKED_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_UNBOUNDED_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_GROWABLE_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.SPSC_LINKED_UNPADDED,
        QueueFactory.JCTOOLS_PREFIX + QueueFactory.MPSC_LINKED_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPMC,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPMC,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_CHUNKED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_UNBOUNDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_GROWABLE,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_CHUNKED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_UNBOUNDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_GROWABLE,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_BLOCKING,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_LINKED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_LINKED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPMC_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPMC_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_CHUNKED_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_UNBOUNDED_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_GROWABLE_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_CHUNKED_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_UNBOUNDED_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_GROWABLE_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.SPSC_LINKED_UNPADDED,
        QueueFactory.JCTOOLS_VH_PREFIX + QueueFactory.MPSC_LINKED_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPSC,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPSC,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPMC,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPMC,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPSC_CHUNKED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPSC_UNBOUNDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPSC_GROWABLE,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPSC_CHUNKED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPSC_UNBOUNDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPSC_GROWABLE,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPSC_LINKED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPSC_LINKED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPSC_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPSC_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPMC_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPMC_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPSC_CHUNKED_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPSC_UNBOUNDED_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPSC_GROWABLE_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPSC_CHUNKED_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPSC_UNBOUNDED_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPSC_GROWABLE_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.SPSC_LINKED_UNPADDED,
        QueueFactory.JCTOOLS_ATOMIC_PREFIX + QueueFactory.MPSC_LINKED_UNPADDED,
        QueueFactory.AGRONA_SPSC,
        QueueFactory.AGRONA_MPSC, QueueFactory.AGRONA_MPMC, QueueFactory.JDK_CLQ,
        QueueFactory.JDK_ABQ, QueueFactory.JDK_LTQ,
    })
    /** The queue under benchmark, a {@link QueueFactory} name. */
    public String qType;
}
