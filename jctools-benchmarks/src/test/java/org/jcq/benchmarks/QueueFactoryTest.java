package org.jcq.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Queue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.annotations.Param;

class QueueFactoryTest {
    private static final int CAPACITY = 16;
    private static final int ELEMENTS = 10;
    /** Agrona's three queues, the JDK's two. */
    private static final int ANCHORS = 5;

    static List<String> names() {
        return QueueFactory.names();
    }

    @ParameterizedTest
    @MethodSource("names")
    void buildsAFifoQueue(String qType) {
        final Queue<Integer> q = QueueFactory.create(qType, CAPACITY);
        assertNotSame(q, QueueFactory.create(qType, CAPACITY));
        assertTrue(q.isEmpty());
        assertNull(q.poll());
        for (int i = 0; i < ELEMENTS; i++) {
            assertTrue(q.offer(i), qType + " offer " + i);
        }
        assertEquals(ELEMENTS, q.size());
        assertEquals(0, q.peek());
        for (int i = 0; i < ELEMENTS; i++) {
            assertEquals(i, q.poll(), qType + " poll " + i);
        }
        assertNull(q.poll());
        assertTrue(q.isEmpty());
    }

    @Test
    void unknownNameIsRejectedByName() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueFactory.create("NoSuchQueue", CAPACITY));
        assertTrue(e.getMessage().contains("NoSuchQueue"), e.getMessage());
    }

    @Test
    void namesAreDistinctAndComplete() {
        final long vhTwins = QueueFactory.ours().stream().filter(q -> QueueFactory.vhTwinOf(q) != null).count();
        assertEquals(2 * QueueFactory.ours().size() + vhTwins + ANCHORS, names().size());
        assertEquals(names().size(), new HashSet<>(names()).size());
        assertTrue(names().containsAll(QueueFactory.ours()));
    }

    @Test
    void twinsAreKnownQueues() {
        for (String q : QueueFactory.ours()) {
            assertEquals(QueueFactory.JCTOOLS_PREFIX + q, QueueFactory.twinOf(q));
            assertTrue(names().contains(QueueFactory.twinOf(q)));
            final String vh = QueueFactory.vhTwinOf(q);
            assertTrue(vh == null || names().contains(vh), vh);
        }
        assertThrows(IllegalArgumentException.class,
                () -> QueueFactory.twinOf(QueueFactory.JDK_CLQ));
    }

    @Test
    void quickSetPairsEachOfOursWithItsTwin() {
        final List<String> quick = QueueFactory.quickNames();
        assertEquals(2 * QueueFactory.ours().size() + 1, quick.size());
        for (String q : QueueFactory.ours()) {
            assertEquals(quick.indexOf(q) + 1, quick.indexOf(QueueFactory.twinOf(q)), q);
        }
        assertTrue(names().containsAll(quick));
    }

    @Test
    void benchmarkParamDefaultsListEveryQueue() throws NoSuchFieldException {
        for (Class<?> benchmark : List.of(QueueThroughputBackoffNone.class, QueueBaseline.class,
                QueueBurstCost.class)) {
            final Param p = benchmark.getField("qType").getAnnotation(Param.class);
            assertArrayEquals(names().toArray(new String[0]), p.value(), benchmark.getName());
        }
    }
}
