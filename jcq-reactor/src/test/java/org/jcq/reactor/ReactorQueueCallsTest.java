package org.jcq.reactor;

import java.time.Duration;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.Fuseable;
import reactor.core.Scannable;
import reactor.core.publisher.Sinks;
import reactor.core.publisher.Sinks.EmitResult;
import reactor.test.StepVerifier;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Which {@link java.util.Queue} methods Reactor's unicast sink calls on the queue it is given, per
 * path through the sink, recorded by a {@link RecordingQueue} around each of {@link SinkQueues}'
 * queues. The class javadoc of {@link SinkQueues} lists them; these tests pin that list to the
 * Reactor on the test path, and show that {@code peek}, {@code remove(Object)} and the iterator
 * (which the JCQ queues do not fully support) are never among them.
 */
class ReactorQueueCallsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static RecordingQueue<Integer> recording(SinkCase c) {
        return RecordingQueue.recording(c.<Integer>newQueue());
    }

    private static void emit(Sinks.Many<Integer> sink, int... values) {
        for (int v : values) {
            assertEquals(EmitResult.OK, sink.tryEmitNext(v));
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void drainingCallsOfferPollAndIsEmpty(SinkCase c) {
        final RecordingQueue<Integer> queue = recording(c);
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        emit(sink, 1, 2);
        StepVerifier.create(sink.asFlux(), 0)
                .thenRequest(2)
                .expectNext(1, 2)
                .then(() -> emit(sink, 3))
                .thenRequest(1)
                .expectNext(3)
                .then(() -> sink.tryEmitComplete())
                .expectComplete()
                .verify(TIMEOUT);
        assertEquals(Set.of("offer", "poll", "isEmpty"), queue.calls());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void bufferedAttributeCallsSize(SinkCase c) {
        final RecordingQueue<Integer> queue = recording(c);
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        emit(sink, 1, 2);
        assertEquals(2, Scannable.from(sink).scan(Scannable.Attr.BUFFERED));
        assertEquals(Set.of("offer", "size"), queue.calls());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void cancelWithoutDiscardHookCallsClear(SinkCase c) {
        final RecordingQueue<Integer> queue = recording(c);
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        StepVerifier.create(sink.asFlux(), 0)
                .then(() -> emit(sink, 1, 2, 3))
                .thenCancel()
                .verify(TIMEOUT);
        // isEmpty: each emission drains, finds no demand, and checks whether the sink is done.
        assertEquals(Set.of("offer", "isEmpty", "clear"), queue.calls());
        assertEquals(0, queue.size());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void cancelWithDiscardHookPollsTheQueueEmpty(SinkCase c) {
        final RecordingQueue<Integer> queue = recording(c);
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        StepVerifier.create(sink.asFlux().doOnDiscard(Integer.class, v -> { }), 0)
                .then(() -> emit(sink, 1, 2, 3))
                .thenCancel()
                .verify(TIMEOUT);
        // No clear: the hook is handed each element polled out of the queue.
        assertEquals(Set.of("offer", "isEmpty", "poll"), queue.calls());
        assertEquals(0, queue.size());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SinkCase.class)
    void fusedSubscriberCallsPollAndIsEmpty(SinkCase c) {
        final RecordingQueue<Integer> queue = recording(c);
        final Sinks.Many<Integer> sink = c.unicast().onBackpressureBuffer(queue);
        StepVerifier.create(sink.asFlux())
                .expectFusion(Fuseable.ASYNC)
                .then(() -> emit(sink, 1, 2, 3))
                .expectNext(1, 2, 3)
                .then(() -> sink.tryEmitComplete())
                .expectComplete()
                .verify(TIMEOUT);
        assertEquals(Set.of("offer", "poll", "isEmpty"), queue.calls());
    }
}
