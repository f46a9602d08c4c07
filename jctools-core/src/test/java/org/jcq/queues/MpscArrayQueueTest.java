package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The two offers only MpscArrayQueue has (as in JCTools): offerIfBelowThreshold, failFastOffer. */
class MpscArrayQueueTest {
    @Test
    void offerIfBelowThresholdStopsAtTheThresholdAndResumesBelowIt() {
        final MpscArrayQueue<Integer> q = new MpscArrayQueue<>(8);
        assertTrue(q.offerIfBelowThreshold(0, 3));
        assertTrue(q.offerIfBelowThreshold(1, 3));
        assertTrue(q.offerIfBelowThreshold(2, 3));
        assertFalse(q.offerIfBelowThreshold(3, 3));
        assertEquals(3, q.size());
        assertEquals(0, q.poll());
        assertTrue(q.offerIfBelowThreshold(3, 3));
        assertFalse(q.offerIfBelowThreshold(4, 3));
        assertTrue(q.offer(4), "the capacity, not the threshold, bounds plain offers");
        assertEquals(List.of(1, 2, 3, 4), drain(q));
    }

    @Test
    void offerIfBelowThresholdAboveCapacityNeverOverfillsTheRing() {
        final MpscArrayQueue<Integer> q = new MpscArrayQueue<>(8);
        for (int i = 0; i < 8; i++) {
            assertTrue(q.offerIfBelowThreshold(i, Integer.MAX_VALUE));
        }
        assertFalse(q.offerIfBelowThreshold(8, Integer.MAX_VALUE), "full");
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), drain(q));
    }

    @Test
    void offerIfBelowThresholdRejectsNullAndRefusesEverythingBelowOne() {
        final MpscArrayQueue<Integer> q = new MpscArrayQueue<>(8);
        q.offer(1);
        assertThrows(NullPointerException.class, () -> q.offerIfBelowThreshold(null, 4));
        // As JCTools: a negative threshold is no error, it admits nothing.
        assertFalse(q.offerIfBelowThreshold(2, -1), "threshold -1 admits nothing");
        assertFalse(q.offerIfBelowThreshold(2, Integer.MIN_VALUE), "threshold MIN_VALUE admits nothing");
        assertFalse(q.offerIfBelowThreshold(2, 0), "threshold 0 admits nothing");
        assertEquals(1, q.currentProducerIndex());
        assertEquals(List.of(1), drain(q));
    }

    @Test
    void failFastOfferReportsAddedAndFull() {
        final MpscArrayQueue<Integer> q = new MpscArrayQueue<>(2);
        assertEquals(0, q.failFastOffer(1));
        assertEquals(0, q.failFastOffer(2));
        assertEquals(1, q.failFastOffer(3));
        assertThrows(NullPointerException.class, () -> q.failFastOffer(null));
        assertEquals(List.of(1, 2), drain(q));
        assertEquals(0, q.failFastOffer(4), "room again after polls");
        assertEquals(List.of(4), drain(q));
    }

    @Test
    void racingProducersNeverPassTheThreshold() throws Exception {
        final int threshold = 3;
        final int maxSize = race(threshold, (q, e) -> q.offerIfBelowThreshold(e, threshold));
        assertTrue(maxSize <= threshold, "size " + maxSize + " with threshold " + threshold);
    }

    @Test
    void racingFailFastOffersLoseNothing() throws Exception {
        final int maxSize = race(16, (q, e) -> q.failFastOffer(e) == 0);
        assertTrue(maxSize <= 16, "size " + maxSize);
    }

    /** How a producer tries once to add an element. */
    private interface Attempt {
        boolean add(MpscArrayQueue<Integer> q, Integer e);
    }

    /**
     * Two producers retry {@code attempt} until each of their elements is in; one consumer checks
     * per-producer order and counts. Returns the largest size the consumer saw.
     */
    private static int race(int capacity, Attempt attempt) {
        final int perProducer = 50_000;
        final MpscArrayQueue<Integer> q = new MpscArrayQueue<>(capacity);
        final AtomicLong consumed = new AtomicLong();
        final AtomicInteger maxSeen = new AtomicInteger();
        final int[] lastPerProducer = {-1, -1};
        final Race race = new Race().watching(consumed::get, () -> "consumed " + consumed.get());
        for (int id = 0; id < 2; id++) {
            final int producer = id;
            race.thread("producer-" + id, () -> {
                for (int i = 0; i < perProducer; i++) {
                    final Integer e = producer * perProducer + i;
                    while (!attempt.add(q, e)) {
                        race.idle();
                    }
                }
            });
        }
        race.thread("consumer", () -> {
            while (consumed.get() < 2L * perProducer) {
                maxSeen.accumulateAndGet(q.size(), Math::max);
                final Integer e = q.poll();
                if (e == null) {
                    race.idle();
                    continue;
                }
                final int producer = e / perProducer;
                final int seq = e % perProducer;
                assertEquals(lastPerProducer[producer] + 1, seq, "producer " + producer + " order");
                lastPerProducer[producer] = seq;
                consumed.incrementAndGet();
            }
        });
        race.run();
        assertNull(q.poll());
        assertEquals(perProducer - 1, lastPerProducer[0]);
        assertEquals(perProducer - 1, lastPerProducer[1]);
        return maxSeen.get();
    }

    private static List<Integer> drain(MpscArrayQueue<Integer> q) {
        final List<Integer> out = new ArrayList<>();
        for (Integer e; (e = q.poll()) != null; ) {
            out.add(e);
        }
        return out;
    }
}
