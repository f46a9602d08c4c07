package org.jcq.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.support.BenchmarkQueues;
import org.junit.jupiter.api.Test;

class MpqThroughputTest {
    private static final int MANY = 3;

    @Test
    void severalProducersOnASingleProducerQueueAreRejectedWithTheShapeInTheMessage() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MpqThroughput.checkShape(BenchmarkQueues.SPSC, MANY, 1));
        assertTrue(e.getMessage().contains(BenchmarkQueues.SPSC), e.getMessage());
        assertTrue(e.getMessage().contains("-tg " + MANY + ",1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MpqThroughput.checkShape(BenchmarkQueues.SPMC, MANY, 1));
        assertThrows(IllegalArgumentException.class,
                () -> MpqThroughput.checkShape(BenchmarkQueues.AGRONA_SPSC, MANY, 1));
    }

    @Test
    void severalConsumersOnASingleConsumerQueueAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> MpqThroughput.checkShape(BenchmarkQueues.MPSC, 1, MANY));
        assertThrows(IllegalArgumentException.class,
                () -> MpqThroughput.checkShape(BenchmarkQueues.JCTOOLS_MPSC, MANY, MANY));
        assertThrows(IllegalArgumentException.class, () -> MpqThroughput.checkShape(BenchmarkQueues.SPSC, 1, MANY));
    }

    @Test
    void supportedShapesPass() {
        assertDoesNotThrow(() -> MpqThroughput.checkShape(BenchmarkQueues.SPSC, 1, 1));
        assertDoesNotThrow(() -> MpqThroughput.checkShape(BenchmarkQueues.MPSC, MANY, 1));
        assertDoesNotThrow(() -> MpqThroughput.checkShape(BenchmarkQueues.SPMC, 1, MANY));
        assertDoesNotThrow(() -> MpqThroughput.checkShape(BenchmarkQueues.MPMC, MANY, MANY));
        assertDoesNotThrow(() -> MpqThroughput.checkShape(BenchmarkQueues.JDK_LTQ, MANY, MANY));
    }

    @Test
    void unknownQueueIsRejectedByName() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MpqThroughput.checkShape("NoSuchQueue", 1, 1));
        assertTrue(e.getMessage().contains("NoSuchQueue"), e.getMessage());
    }
}
