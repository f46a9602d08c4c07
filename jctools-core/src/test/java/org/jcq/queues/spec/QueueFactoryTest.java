package org.jcq.queues.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Queue;
import java.util.function.IntFunction;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpmcArrayQueue;
import org.jcq.queues.MpmcUnboundedXaddArrayQueue;
import org.jcq.queues.MpscArrayQueue;
import org.jcq.queues.MpscCompoundQueue;
import org.jcq.queues.MpscLinkedQueue;
import org.jcq.queues.QueueFactory;
import org.jcq.queues.SpmcArrayQueue;
import org.jcq.queues.SpscArrayQueue;
import org.jcq.queues.SpscLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * {@link QueueFactory} makes JCTools' choice for every spec JCTools' static factories make, and
 * for the unbounded specs (capacity below 1) of each shape; the spec's preference never changes
 * it, nor does the ordering (JCTools' one exception, MPSC with no ordering, has no JCQ class).
 * The queue it returns does what the shape promises.
 */
class QueueFactoryTest {
    private static final int[] CAPACITIES = {2, 3, 4, 5, 16, 1000, 1024};

    /** One of JCTools' static factories, the class JCTools' QueueFactory returns for it (ours), and its least capacity. */
    private record Factory(String name, IntFunction<ConcurrentQueueSpec> spec, Class<?> bounded, int least,
            Class<?> unbounded, int producers, int consumers) {
    }

    private static final Factory[] FACTORIES = {
        new Factory("createBoundedSpsc", ConcurrentQueueSpec::createBoundedSpsc, SpscArrayQueue.class, 4,
                SpscLinkedQueue.class, 1, 1),
        new Factory("createBoundedMpsc", ConcurrentQueueSpec::createBoundedMpsc, MpscArrayQueue.class, 1,
                MpscLinkedQueue.class, 2, 1),
        new Factory("createBoundedSpmc", ConcurrentQueueSpec::createBoundedSpmc, SpmcArrayQueue.class, 1,
                MpmcUnboundedXaddArrayQueue.class, 1, 2),
        new Factory("createBoundedMpmc", ConcurrentQueueSpec::createBoundedMpmc, MpmcArrayQueue.class, 2,
                MpmcUnboundedXaddArrayQueue.class, 2, 2),
    };

    @Test
    void boundedSpecsGetTheArrayQueueOfTheirShapeAtTheRoundedCapacity() {
        for (Factory f : FACTORIES) {
            for (int requested : CAPACITIES) {
                final Queue<Integer> q = QueueFactory.newQueue(f.spec().apply(requested));
                assertSame(f.bounded(), q.getClass(), f.name() + "(" + requested + ")");
                assertEquals(Math.max(pow2(requested), f.least()), ((MessagePassingQueue<?>) q).capacity(),
                        f.name() + "(" + requested + ")");
            }
        }
    }

    @Test
    void unboundedSpecsGetJCToolsLinkedQueuesOrTheXaddQueueForManyConsumers() {
        for (Factory f : FACTORIES) {
            for (int capacity : new int[] {0, MessagePassingQueue.UNBOUNDED_CAPACITY, -5}) {
                final Queue<Integer> q = QueueFactory.newQueue(f.spec().apply(capacity));
                assertSame(f.unbounded(), q.getClass(), f.name() + "(" + capacity + ")");
                assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, ((MessagePassingQueue<?>) q).capacity());
            }
        }
    }

    @Test
    void preferenceAndOrderingDoNotChangeTheChoice() {
        for (Factory f : FACTORIES) {
            for (int capacity : new int[] {64, 0}) {
                final ConcurrentQueueSpec base = f.spec().apply(capacity);
                final Class<?> expected = QueueFactory.newQueue(base).getClass();
                for (Ordering ordering : Ordering.values()) {
                    if (ordering == Ordering.NONE && capacity > 0 && base.producers != 1 && base.consumers == 1) {
                        continue; // the one choice the ordering changes (below)
                    }
                    for (Preference preference : Preference.values()) {
                        final ConcurrentQueueSpec spec = new ConcurrentQueueSpec(base.producers, base.consumers,
                                capacity, ordering, preference);
                        assertSame(expected, QueueFactory.newQueue(spec).getClass(), spec.toString());
                    }
                }
            }
        }
    }

    /** As in JCTools: a bounded MPSC spec that asks for no order gets the compound queue, lanes by processor. */
    @Test
    void boundedMpscWithNoOrderingGetsTheCompoundQueue() {
        for (Preference preference : Preference.values()) {
            final ConcurrentQueueSpec spec = new ConcurrentQueueSpec(0, 1, 1024, Ordering.NONE, preference);
            final Queue<Integer> q = QueueFactory.newQueue(spec);
            assertSame(MpscCompoundQueue.class, q.getClass(), spec.toString());
            assertEquals(1024, ((MessagePassingQueue<?>) q).capacity());
            // Full at its capacity, and every element comes out once (in no promised order: a
            // producer whose lane is full spills into the others).
            for (int i = 0; i < 1024; i++) {
                assertTrue(q.offer(i), "offer " + i);
            }
            assertFalse(q.offer(1024));
            final boolean[] seen = new boolean[1024];
            Integer e;
            while ((e = q.poll()) != null) {
                assertFalse(seen[e], "twice: " + e);
                seen[e] = true;
            }
            for (int i = 0; i < 1024; i++) {
                assertTrue(seen[i], "lost: " + i);
            }
        }
        assertSame(MpscLinkedQueue.class,
                QueueFactory.newQueue(new ConcurrentQueueSpec(0, 1, 0, Ordering.NONE, Preference.NONE)).getClass());
    }

    @Test
    void anyCountOtherThanOneIsMany() {
        assertSame(MpscArrayQueue.class, QueueFactory.newQueue(spec(2, 1, 8)).getClass());
        assertSame(SpmcArrayQueue.class, QueueFactory.newQueue(spec(1, 9, 8)).getClass());
        assertSame(MpmcArrayQueue.class, QueueFactory.newQueue(spec(4, 4, 8)).getClass());
        assertSame(MpmcUnboundedXaddArrayQueue.class, QueueFactory.newQueue(spec(4, 4, 0)).getClass());
    }

    @Test
    void queuesDoWhatTheirShapePromises() {
        for (Factory f : FACTORIES) {
            for (int capacity : new int[] {16, 0}) {
                final ConcurrentQueueSpec spec = f.spec().apply(capacity);
                ShapeCheck.check(() -> asMessagePassing(QueueFactory.<Integer>newQueue(spec)),
                        f.producers(), f.consumers());
            }
        }
    }

    @Test
    void nullSpecThrowsNullPointerExceptionAsInJCTools() {
        assertThrows(NullPointerException.class, () -> QueueFactory.newQueue(null));
    }

    @Test
    void boundsTheQueueCannotTakeThrowIllegalArgumentExceptionAsInJCTools() {
        for (Factory f : FACTORIES) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> QueueFactory.newQueue(f.spec().apply((1 << 30) + 1)), f.name());
            assertTrue(e.getMessage().contains("capacity"), e.getMessage());
        }
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueFactory.newQueue(ConcurrentQueueSpec.createBoundedMpmc(1)));
        assertTrue(e.getMessage().contains("capacity"), e.getMessage());
    }

    private static ConcurrentQueueSpec spec(int producers, int consumers, int capacity) {
        return new ConcurrentQueueSpec(producers, consumers, capacity, Ordering.FIFO, Preference.NONE);
    }

    static int pow2(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    /** Every queue the factory returns is a {@link MessagePassingQueue} of the same elements. */
    @SuppressWarnings("unchecked")
    private static MessagePassingQueue<Integer> asMessagePassing(java.util.Queue<Integer> q) {
        return (MessagePassingQueue<Integer>) q;
    }
}
