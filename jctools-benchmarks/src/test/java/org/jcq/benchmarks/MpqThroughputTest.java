package org.jcq.benchmarks;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MpqThroughputTest {
    private static final int MANY = 3;

    @Test
    void severalProducersOnASingleProducerQueueAreRejectedWithTheShapeInTheMessage() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MpqThroughput.checkShape(QueueFactory.SPSC, MANY, 1));
        assertTrue(e.getMessage().contains(QueueFactory.SPSC), e.getMessage());
        assertTrue(e.getMessage().contains("-tg " + MANY + ",1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MpqThroughput.checkShape(QueueFactory.SPMC, MANY, 1));
        assertThrows(IllegalArgumentException.class,
                () -> MpqThroughput.checkShape(QueueFactory.AGRONA_SPSC, MANY, 1));
    }

    @Test
    void severalConsumersOnASingleConsumerQueueAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> MpqThroughput.checkShape(QueueFactory.MPSC, 1, MANY));
        assertThrows(IllegalArgumentException.class,
                () -> MpqThroughput.checkShape(QueueFactory.JCTOOLS_MPSC, MANY, MANY));
        assertThrows(IllegalArgumentException.class, () -> MpqThroughput.checkShape(QueueFactory.SPSC, 1, MANY));
    }

    @Test
    void supportedShapesPass() {
        assertDoesNotThrow(() -> MpqThroughput.checkShape(QueueFactory.SPSC, 1, 1));
        assertDoesNotThrow(() -> MpqThroughput.checkShape(QueueFactory.MPSC, MANY, 1));
        assertDoesNotThrow(() -> MpqThroughput.checkShape(QueueFactory.SPMC, 1, MANY));
        assertDoesNotThrow(() -> MpqThroughput.checkShape(QueueFactory.MPMC, MANY, MANY));
        assertDoesNotThrow(() -> MpqThroughput.checkShape(QueueFactory.JDK_LTQ, MANY, MANY));
    }

    @Test
    void unknownQueueIsRejectedByName() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MpqThroughput.checkShape("NoSuchQueue", 1, 1));
        assertTrue(e.getMessage().contains("NoSuchQueue"), e.getMessage());
    }
}
