package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import org.jcq.queues.MessagePassingQueue.Consumer;
import org.jcq.queues.MessagePassingQueue.Supplier;
import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The steady-state operations allocate nothing: once warmed up, offer/poll pairs and drain/fill
 * batches with pre-built elements and a pre-built consumer and supplier allocate no bytes on the
 * calling thread (HotSpot's per-thread allocation counter,
 * {@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}).
 * <p>
 * The counter is reached through method handles: test sources compile as a patch of module
 * {@code org.jcq.core}, which reads only {@code java.base}, so {@code java.management} and
 * {@code jdk.management} types cannot be named here. The handle is typed {@code (Object)long}, so
 * reading the counter boxes nothing.
 */
class ZeroAllocationTest {
    /** Covers the measurement itself; any per-operation allocation would be megabytes. */
    private static final long SLACK_BYTES = 1024;
    private static final int PAIRS = 100_000;
    private static final int ROUNDS = 5;
    private static final int PROBE_BYTES = 64 * 1024;

    /** Where the counter's self-check stores its array, so the allocation cannot be elided. */
    static volatile byte[] probe;

    /** Pre-built consumer: keeps a checksum so the elements are used. */
    private static final class Sink implements Consumer<Integer> {
        long sum;

        @Override
        public void accept(Integer e) {
            sum += e;
        }
    }

    /** Pre-built supplier cycling through pre-built elements. */
    private static final class Source implements Supplier<Integer> {
        final Integer[] elements;
        int next;

        Source(Integer[] elements) {
            this.elements = elements;
        }

        @Override
        public Integer get() {
            final Integer e = elements[next];
            next = (next + 1) & (elements.length - 1);
            return e;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#all")
    void offerPollDrainAndFillAllocateNothing(QueueSpec spec) {
        final AllocationCounter counter = AllocationCounter.find();
        assumeTrue(counter != null, "per-thread allocation measurement unsupported");
        // The counter must see an allocation we know of, or "0 bytes" below would prove nothing.
        final long probeBefore = counter.currentThreadAllocatedBytes();
        probe = new byte[PROBE_BYTES];
        final long probed = counter.currentThreadAllocatedBytes() - probeBefore;
        assertTrue(probed >= PROBE_BYTES, "allocation counter saw " + probed + " bytes of a " + PROBE_BYTES
                + "-byte array");

        final MessagePassingQueue<Integer> q = spec.create(64);
        assumeFalse(q instanceof BaseLinkedQueue, "a linked-node queue allocates one node per element by design");
        final Integer[] elements = new Integer[1024];
        for (int i = 0; i < elements.length; i++) {
            elements[i] = 1_000_000 + i;
        }
        final Sink sink = new Sink();
        final Source source = new Source(elements);

        long allocated = Long.MAX_VALUE;
        // Warm-up rounds compile the paths; the least any round allocated is what counts. A
        // per-operation allocation shows in every round, while a round in which the JIT deoptimizes
        // and recompiles (more likely on a loaded machine) may rematerialize a few scalar-replaced
        // objects, a kilobyte or two once, which is not the queue's doing.
        final boolean chunked = allocatesChunksAsItFills(q);
        for (int round = 0; round < ROUNDS; round++) {
            final long before = counter.currentThreadAllocatedBytes();
            workload(q, elements, sink, source, chunked);
            allocated = Math.min(allocated, counter.currentThreadAllocatedBytes() - before);
        }
        assertTrue(allocated < SLACK_BYTES, spec + " allocated " + allocated + " bytes in " + PAIRS
                + " offer/poll pairs and drain/fill batches" + (chunked ? " within one chunk" : ""));
        assertEquals(0, q.size());
    }

    /** Thrown by the failing supplier below: built once, with no stack trace to fill in. */
    private static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failure() {
            super("supplier fails", null, false, false);
        }
    }

    /**
     * A fill whose supplier fails after another producer claimed past its slot (here the supplier
     * offers to the queue itself) gives the slot up without allocating: it may be failing because
     * memory ran out. (It used to record the index in a set, a boxed {@code Long} in a
     * {@code ConcurrentHashMap}.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#multiProducer")
    void abandonedFillClaimAllocatesNothing(QueueSpec spec) {
        final AllocationCounter counter = AllocationCounter.find();
        assumeTrue(counter != null, "per-thread allocation measurement unsupported");
        final MessagePassingQueue<Integer> q = spec.create(64);
        assumeFalse(q instanceof BaseLinkedQueue, "a linked-node queue allocates one node per element by design");
        final Integer element = 42;
        final Failure failure = new Failure();
        final Supplier<Integer> failing = () -> {
            q.offer(element);
            throw failure;
        };
        long allocated = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            final long before = counter.currentThreadAllocatedBytes();
            for (int i = 0; i < PAIRS / 10; i++) {
                try {
                    q.fill(failing, 1);
                } catch (Failure expected) {
                    // the supplier's
                }
                if (q.poll() != element) {
                    throw new AssertionError("lost the element offered behind the failed claim");
                }
            }
            allocated = Math.min(allocated, counter.currentThreadAllocatedBytes() - before);
        }
        assertTrue(allocated < SLACK_BYTES, spec + " allocated " + allocated + " bytes in " + PAIRS / 10
                + " failed fills");
        assertEquals(0, q.size());
    }

    /**
     * Chunked and unbounded linked-array queues allocate a chunk whenever their contents outgrow
     * the current one, by design (as JCTools' do; growable ones stop once their array holds the
     * bound). Their batches stay within one chunk (at least 8 slots, one kept for a JUMP).
     */
    private static boolean allocatesChunksAsItFills(MessagePassingQueue<?> q) {
        return q instanceof SpscChunkedArrayQueue || q instanceof SpscUnboundedArrayQueue
                || q instanceof SpscChunkedUnpaddedArrayQueue || q instanceof SpscUnboundedUnpaddedArrayQueue
                || q instanceof MpscChunkedArrayQueue || q instanceof MpscUnboundedArrayQueue
                || q instanceof MpscChunkedUnpaddedArrayQueue || q instanceof MpscUnboundedUnpaddedArrayQueue;
    }

    private static void workload(MessagePassingQueue<Integer> q, Integer[] elements, Sink sink, Source source,
            boolean withinOneChunk) {
        final int mask = elements.length - 1;
        for (int i = 0; i < PAIRS; i++) {
            q.offer(elements[i & mask]);
            sink.accept(q.poll());
        }
        for (int i = 0; i < PAIRS / 64; i++) {
            q.relaxedOffer(elements[i & mask]);
            q.relaxedPeek();
            sink.accept(q.relaxedPoll());
            if (withinOneChunk) {
                q.fill(source, 4);
                q.drain(sink, 2);
                q.drain(sink);
                continue;
            }
            q.fill(source, 16);
            q.drain(sink, 8);
            q.fill(source);
            q.drain(sink);
        }
    }

    /** {@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}, bound to the bean. */
    static final class AllocationCounter {
        private final Object bean;
        private final MethodHandle allocatedBytes;

        private AllocationCounter(Object bean, MethodHandle allocatedBytes) {
            this.bean = bean;
            this.allocatedBytes = allocatedBytes;
        }

        /** The counter, enabled; null where the VM cannot measure per-thread allocation. */
        static AllocationCounter find() {
            try {
                final Class<?> factory = Class.forName("java.lang.management.ManagementFactory");
                final Object bean = factory.getMethod("getThreadMXBean").invoke(null);
                final Class<?> type = Class.forName("com.sun.management.ThreadMXBean");
                if (!type.isInstance(bean)
                        || !(Boolean) type.getMethod("isThreadAllocatedMemorySupported").invoke(bean)) {
                    return null;
                }
                type.getMethod("setThreadAllocatedMemoryEnabled", boolean.class).invoke(bean, true);
                final MethodHandle handle = MethodHandles.publicLookup()
                        .findVirtual(type, "getCurrentThreadAllocatedBytes", MethodType.methodType(long.class))
                        .asType(MethodType.methodType(long.class, Object.class));
                final AllocationCounter counter = new AllocationCounter(bean, handle);
                return counter.currentThreadAllocatedBytes() >= 0 ? counter : null;
            } catch (ReflectiveOperationException | UnsupportedOperationException e) {
                return null;
            }
        }

        long currentThreadAllocatedBytes() {
            try {
                return (long) allocatedBytes.invokeExact(bean);
            } catch (Throwable t) {
                throw new AssertionError("reading the allocation counter failed", t);
            }
        }
    }
}
