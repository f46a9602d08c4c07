package org.jcq.queues.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.jcq.queues.MessagePassingQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The spec means what JCTools' does: 1 is one thread and any other count is many, a capacity below
 * 1 is unbounded, the factories make FIFO specs with no preference, and {@code toString} has
 * JCTools' format. Where this class departs (negative counts, nulls), it rejects by name.
 */
class ConcurrentQueueSpecTest {
    @Test
    void staticFactoriesMakeFifoSpecsOfTheirShapeWithNoPreference() {
        assertSpec(ConcurrentQueueSpec.createBoundedSpsc(64), 1, 1, 64);
        assertSpec(ConcurrentQueueSpec.createBoundedMpsc(64), 0, 1, 64);
        assertSpec(ConcurrentQueueSpec.createBoundedSpmc(64), 1, 0, 64);
        assertSpec(ConcurrentQueueSpec.createBoundedMpmc(64), 0, 0, 64);
    }

    private static void assertSpec(ConcurrentQueueSpec spec, int producers, int consumers, int capacity) {
        assertEquals(producers, spec.producers, spec.toString());
        assertEquals(consumers, spec.consumers, spec.toString());
        assertEquals(capacity, spec.capacity, spec.toString());
        assertSame(Ordering.FIFO, spec.ordering, spec.toString());
        assertSame(Preference.NONE, spec.preference, spec.toString());
        assertTrue(spec.isBounded(), spec.toString());
    }

    @Test
    void oneIsOneThreadAndEveryOtherCountIsMany() {
        // {producers, consumers, isSpsc, isMpsc, isSpmc, isMpmc}
        final int[][] cases = {
            {1, 1, 1, 0, 0, 0},
            {0, 1, 0, 1, 0, 0},
            {2, 1, 0, 1, 0, 0},
            {1, 0, 0, 0, 1, 0},
            {1, 7, 0, 0, 1, 0},
            {0, 0, 0, 0, 0, 1},
            {3, 5, 0, 0, 0, 1},
        };
        for (int[] c : cases) {
            final ConcurrentQueueSpec spec = new ConcurrentQueueSpec(c[0], c[1], 8, Ordering.FIFO, Preference.NONE);
            assertEquals(List.of(c[2] == 1, c[3] == 1, c[4] == 1, c[5] == 1),
                    List.of(spec.isSpsc(), spec.isMpsc(), spec.isSpmc(), spec.isMpmc()), spec.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, -2, Integer.MIN_VALUE})
    void aCapacityBelowOneIsUnbounded(int capacity) {
        final ConcurrentQueueSpec spec = new ConcurrentQueueSpec(1, 1, capacity, Ordering.FIFO, Preference.NONE);
        assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, spec.capacity);
        assertFalse(spec.isBounded());
        assertFalse(ConcurrentQueueSpec.createBoundedMpmc(capacity).isBounded(), "the factories too, as in JCTools");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 1 << 30, (1 << 30) + 1, Integer.MAX_VALUE})
    void aPositiveCapacityIsKeptAsGivenForTheQueueToRoundOrReject(int capacity) {
        final ConcurrentQueueSpec spec = ConcurrentQueueSpec.createBoundedSpsc(capacity);
        assertEquals(capacity, spec.capacity);
        assertTrue(spec.isBounded());
    }

    @Test
    void toStringHasJCToolsFormat() {
        assertEquals("ConcurrentQueueSpec{producers=0, consumers=1, capacity=128, ordering=FIFO, preference=NONE}",
                ConcurrentQueueSpec.createBoundedMpsc(128).toString());
        assertEquals("ConcurrentQueueSpec{producers=3, consumers=0, capacity=-1, ordering=PRODUCER_FIFO, "
                + "preference=LATENCY}",
                new ConcurrentQueueSpec(3, 0, 0, Ordering.PRODUCER_FIFO, Preference.LATENCY).toString());
    }

    @Test
    void specsAreEqualOnlyToThemselvesAsInJCTools() {
        final ConcurrentQueueSpec spec = ConcurrentQueueSpec.createBoundedSpsc(8);
        assertEquals(spec, spec);
        assertNotEquals(ConcurrentQueueSpec.createBoundedSpsc(8), spec);
    }

    @Test
    void enumsHaveJCToolsConstantsInJCToolsOrder() {
        assertEquals("[FIFO, KFIFO, PRODUCER_FIFO, NONE]", List.of(Ordering.values()).toString());
        assertEquals("[LATENCY, THROUGHPUT, NONE]", List.of(Preference.values()).toString());
    }

    @Test
    void negativeThreadCountsAreRejectedByName() {
        assertRejected(IllegalArgumentException.class, "producers",
                () -> new ConcurrentQueueSpec(-1, 1, 8, Ordering.FIFO, Preference.NONE));
        assertRejected(IllegalArgumentException.class, "consumers",
                () -> new ConcurrentQueueSpec(1, Integer.MIN_VALUE, 8, Ordering.FIFO, Preference.NONE));
    }

    @Test
    void nullOrderingOrPreferenceIsRejectedByName() {
        assertRejected(NullPointerException.class, "ordering",
                () -> new ConcurrentQueueSpec(1, 1, 8, null, Preference.NONE));
        assertRejected(NullPointerException.class, "preference",
                () -> new ConcurrentQueueSpec(1, 1, 8, Ordering.FIFO, null));
    }

    private static void assertRejected(Class<? extends RuntimeException> type, String named, Runnable call) {
        final RuntimeException e = assertThrows(type, call::run);
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }
}
