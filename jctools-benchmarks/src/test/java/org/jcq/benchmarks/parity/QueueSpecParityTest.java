package org.jcq.benchmarks.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.jcq.queues.spec.ConcurrentQueueSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every spec JCTools' static factories make ({@code createBoundedSpsc/Mpsc/Spmc/Mpmc}, whose
 * capacity below 1 means unbounded), our {@code QueueFactory} returns a queue of the shape JCTools'
 * factory returns, with the same {@code capacity()}, of the class of the same simple name wherever
 * JCQ has that class, and rejects the bounds JCTools rejects with the same exception type.
 * <p>
 * JCTools 4.0.7's jar has neither {@code QueueFactory} nor the spec package (deprecated in 3.0,
 * moved into its tests in 4.0), so this test states JCTools' choice itself, in
 * {@link #jctoolsChoice}: the decision of JCTools 3.3.0's {@code QueueFactory.newQueue}, which its
 * 4.x test copy keeps. It builds that choice from JCTools 4.0.7's own queue classes, so the
 * capacities and rejections compared are JCTools' own.
 */
class QueueSpecParityTest {
    private static final int[] CAPACITIES = {1, 2, 3, 4, 5, 15, 16, 17, 1000, 1024, 1025, 0, -1, -7};

    /** One of JCTools' static factories, by name; JCQ's spec has the same ones. */
    private record Factory(String name, IntFunction<ConcurrentQueueSpec> spec) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final List<Factory> FACTORIES = List.of(
            new Factory("createBoundedSpsc", ConcurrentQueueSpec::createBoundedSpsc),
            new Factory("createBoundedMpsc", ConcurrentQueueSpec::createBoundedMpsc),
            new Factory("createBoundedSpmc", ConcurrentQueueSpec::createBoundedSpmc),
            new Factory("createBoundedMpmc", ConcurrentQueueSpec::createBoundedMpmc));

    static Stream<Arguments> specs() {
        final List<Arguments> out = new ArrayList<>();
        for (Factory f : FACTORIES) {
            for (int capacity : CAPACITIES) {
                out.add(Arguments.of(f, capacity));
            }
        }
        return out.stream();
    }

    /**
     * What JCTools' {@code QueueFactory.newQueue} returns for a spec (JCTools 3.3.0; its ordering
     * test, MPSC with {@code Ordering.NONE}, never arises from the static factories, which ask for
     * FIFO).
     */
    private static Queue<Integer> jctoolsChoice(ConcurrentQueueSpec qs) {
        if (qs.isBounded()) {
            if (qs.isSpsc()) {
                return new org.jctools.queues.SpscArrayQueue<>(qs.capacity);
            }
            if (qs.isMpsc()) {
                return new org.jctools.queues.MpscArrayQueue<>(qs.capacity);
            }
            if (qs.isSpmc()) {
                return new org.jctools.queues.SpmcArrayQueue<>(qs.capacity);
            }
            return new org.jctools.queues.MpmcArrayQueue<>(qs.capacity);
        }
        if (qs.isSpsc()) {
            return new org.jctools.queues.SpscLinkedQueue<>();
        }
        if (qs.isMpsc()) {
            return new org.jctools.queues.MpscLinkedQueue<>();
        }
        return new ConcurrentLinkedQueue<>();
    }

    @ParameterizedTest(name = "{0}({1})")
    @MethodSource("specs")
    void sameShapeCapacityAndClassAsJCTools(Factory factory, int capacity) {
        final ConcurrentQueueSpec spec = factory.spec().apply(capacity);
        final Queue<Integer> theirs;
        try {
            theirs = jctoolsChoice(spec);
        } catch (IllegalArgumentException e) {
            assertThrows(IllegalArgumentException.class, () -> org.jcq.queues.QueueFactory.newQueue(spec),
                    "JCTools rejects " + spec + ": " + e.getMessage());
            return;
        }
        final Queue<Integer> ours = org.jcq.queues.QueueFactory.newQueue(spec);
        assertEquals(shape(theirs), shape(ours), spec + ": JCTools " + theirs.getClass().getName() + ", ours "
                + ours.getClass().getName());
        assertEquals(capacity(theirs), capacity(ours), spec.toString());
        if (theirs instanceof ConcurrentLinkedQueue) {
            assertEquals(org.jcq.queues.MpmcUnboundedXaddArrayQueue.class, ours.getClass(),
                    "the documented departure for " + spec);
        } else {
            assertEquals(theirs.getClass().getSimpleName(), ours.getClass().getSimpleName(), spec.toString());
            assertEquals("org.jctools.queues", theirs.getClass().getPackageName());
            assertEquals("org.jcq.queues", ours.getClass().getPackageName());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("factories")
    void boundsJCToolsRejectsAreRejectedWithTheSameType(Factory factory) {
        for (int capacity : new int[] {(1 << 30) + 1, Integer.MAX_VALUE}) {
            final ConcurrentQueueSpec spec = factory.spec().apply(capacity);
            final Class<? extends RuntimeException> theirs =
                    assertThrows(RuntimeException.class, () -> jctoolsChoice(spec), spec.toString()).getClass();
            assertEquals(theirs, assertThrows(RuntimeException.class,
                    () -> org.jcq.queues.QueueFactory.newQueue(spec), spec.toString()).getClass(), spec.toString());
        }
    }

    static Stream<Factory> factories() {
        return FACTORIES.stream();
    }

    /** The producer/consumer shape a queue class is for, from its name; the JDK's queue is MPMC. */
    private static String shape(Queue<?> q) {
        if (q instanceof ConcurrentLinkedQueue) {
            return "Mpmc";
        }
        final String name = q.getClass().getSimpleName();
        final String shape = name.substring(0, 4);
        assertTrue(List.of("Spsc", "Mpsc", "Spmc", "Mpmc").contains(shape), name);
        return shape;
    }

    /** {@code capacity()}; the JDK's queue, which has none, is unbounded. */
    private static int capacity(Queue<?> q) {
        if (q instanceof org.jctools.queues.MessagePassingQueue) {
            return ((org.jctools.queues.MessagePassingQueue<?>) q).capacity();
        }
        if (q instanceof org.jcq.queues.MessagePassingQueue) {
            return ((org.jcq.queues.MessagePassingQueue<?>) q).capacity();
        }
        assertTrue(q instanceof ConcurrentLinkedQueue, q.getClass().getName());
        return org.jcq.queues.MessagePassingQueue.UNBOUNDED_CAPACITY;
    }
}
