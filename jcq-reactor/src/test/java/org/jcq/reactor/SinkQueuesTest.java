package org.jcq.reactor;

import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpmcArrayQueue;
import org.jcq.queues.MpmcUnboundedXaddArrayQueue;
import org.jcq.queues.SpscArrayQueue;
import org.jcq.queues.SpscUnboundedArrayQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Sinks;
import reactor.core.publisher.Sinks.EmitResult;
import reactor.test.StepVerifier;
import reactor.util.concurrent.Queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The factory itself: which JCQ queue each method builds, with which bound, which arguments it
 * refuses, and that the bounded queues make a full sink fail its emissions the way Reactor says.
 */
class SinkQueuesTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static int capacity(Queue<?> q) {
        return ((MessagePassingQueue<?>) q).capacity();
    }

    @Test
    void eachMethodBuildsTheQueueOfItsShape() {
        assertInstanceOf(SpscUnboundedArrayQueue.class, SinkQueues.forSerializedSink());
        assertInstanceOf(SpscUnboundedArrayQueue.class, SinkQueues.forSerializedSink(64));
        assertInstanceOf(SpscArrayQueue.class, SinkQueues.boundedForSerializedSink(64));
        // Multi-consumer: a cancel can put a second consumer on the queue (CancelRaceTest).
        assertInstanceOf(MpmcUnboundedXaddArrayQueue.class, SinkQueues.forConcurrentSink());
        assertInstanceOf(MpmcUnboundedXaddArrayQueue.class, SinkQueues.forConcurrentSink(64));
        assertInstanceOf(MpmcArrayQueue.class, SinkQueues.boundedForConcurrentSink(64));
        assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, capacity(SinkQueues.forSerializedSink()));
        assertEquals(MessagePassingQueue.UNBOUNDED_CAPACITY, capacity(SinkQueues.forConcurrentSink()));
    }

    @Test
    void everyCallBuildsANewEmptyQueue() {
        final Queue<Object> a = SinkQueues.forSerializedSink();
        final Queue<Object> b = SinkQueues.forSerializedSink();
        assertNotSame(a, b);
        assertNotSame(SinkQueues.forConcurrentSink(), SinkQueues.forConcurrentSink());
        assertTrue(a.isEmpty());
        assertTrue(SinkQueues.boundedForConcurrentSink(8).isEmpty());
    }

    @Test
    void boundsRoundUpToAPowerOfTwo() {
        assertEquals(8, capacity(SinkQueues.boundedForSerializedSink(5)));
        assertEquals(8, capacity(SinkQueues.boundedForConcurrentSink(5)));
        assertEquals(4, capacity(SinkQueues.boundedForSerializedSink(1)));
        assertEquals(2, capacity(SinkQueues.boundedForConcurrentSink(1)));
        assertEquals(1 << 10, capacity(SinkQueues.boundedForSerializedSink(1000)));
    }

    @Test
    void defaultChunkIsTheOneReactorGivesItsOwnUnicastQueue() {
        // Reactor's Queues.SMALL_BUFFER_SIZE, 256 unless -Dreactor.bufferSize.small says otherwise.
        assertEquals(Queues.SMALL_BUFFER_SIZE, SinkQueues.DEFAULT_CHUNK_SIZE);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE, (1 << 30) + 1, Integer.MAX_VALUE})
    void boundsOutOfRangeAreRefusedByName(int capacity) {
        for (IntFunction<Queue<Object>> bounded : List.<IntFunction<Queue<Object>>>of(
                SinkQueues::boundedForSerializedSink, SinkQueues::boundedForConcurrentSink)) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> bounded.apply(capacity));
            assertEquals("capacity must be in [1, 1073741824] but was " + capacity, e.getMessage());
        }
    }

    @Test
    void chunkSizesOutOfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SinkQueues.forSerializedSink(-1));
        assertThrows(IllegalArgumentException.class, () -> SinkQueues.forSerializedSink((1 << 30) + 1));
        assertThrows(IllegalArgumentException.class, () -> SinkQueues.forConcurrentSink(-1));
        assertThrows(IllegalArgumentException.class, () -> SinkQueues.forConcurrentSink((1 << 30) + 1));
    }

    @Test
    void smallChunksCarryManyElementsInOrder() {
        // 16 and 1 are the smallest chunks: a new chunk is linked every few elements.
        for (Queue<Integer> queue : List.<Queue<Integer>>of(SinkQueues.forSerializedSink(16), SinkQueues.forConcurrentSink(1))) {
            final Sinks.Many<Integer> sink = Sinks.many().unicast().onBackpressureBuffer(queue);
            for (int i = 0; i < 10_000; i++) {
                assertEquals(EmitResult.OK, sink.tryEmitNext(i));
            }
            assertEquals(10_000, queue.size());
            assertEquals(EmitResult.OK, sink.tryEmitComplete());
            StepVerifier.create(sink.asFlux())
                    .expectNextSequence(IntStream.range(0, 10_000).boxed().collect(Collectors.toList()))
                    .expectComplete()
                    .verify(TIMEOUT);
            assertTrue(queue.isEmpty(), queue.getClass().getSimpleName() + " drained");
        }
    }

    @ParameterizedTest(name = "serialized sink: {0}")
    @ValueSource(booleans = {true, false})
    void fullBoundedQueueFailsEmissionsUntilTheSubscriberDrainsIt(boolean serialized) {
        final Queue<Integer> queue = serialized
                ? SinkQueues.boundedForSerializedSink(4)
                : SinkQueues.boundedForConcurrentSink(4);
        final Sinks.Many<Integer> sink = serialized
                ? Sinks.many().unicast().onBackpressureBuffer(queue)
                : Sinks.unsafe().many().unicast().onBackpressureBuffer(queue);
        for (int i = 0; i < 4; i++) {
            assertEquals(EmitResult.OK, sink.tryEmitNext(i));
        }
        assertEquals(4, queue.size());
        // Full, and nobody to drain it yet.
        assertEquals(EmitResult.FAIL_ZERO_SUBSCRIBER, sink.tryEmitNext(4));
        StepVerifier.create(sink.asFlux(), 0)
                // Full, with a subscriber that has not asked for anything.
                .then(() -> assertEquals(EmitResult.FAIL_OVERFLOW, sink.tryEmitNext(4)))
                .thenRequest(2)
                .expectNext(0, 1)
                .then(() -> {
                    assertEquals(EmitResult.OK, sink.tryEmitNext(4));
                    assertEquals(EmitResult.OK, sink.tryEmitNext(5));
                    assertEquals(EmitResult.FAIL_OVERFLOW, sink.tryEmitNext(6));
                    assertEquals(4, queue.size());
                })
                .thenRequest(Long.MAX_VALUE)
                .expectNext(2, 3, 4, 5)
                .then(() -> sink.tryEmitComplete())
                .expectComplete()
                .verify(TIMEOUT);
        assertTrue(queue.isEmpty(), "queue drained");
    }
}
