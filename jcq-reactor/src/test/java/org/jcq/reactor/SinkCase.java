package org.jcq.reactor;

import java.util.Queue;

import reactor.core.publisher.Sinks;

/**
 * The registry of the sink contracts under test: how the sink is built and which of
 * {@link SinkQueues}' unbounded queues it gets. The suites run over every case, so a new contract
 * is one line here.
 */
enum SinkCase {
    /** Sinks.many(): serialized by the sink, so a single-producer queue. */
    MANY_SERIALIZED(true) {
        @Override
        <T> Queue<T> newQueue() {
            return SinkQueues.forSerializedSink();
        }
    },
    /** Sinks.unsafe() fed from one thread at a time: a single-producer queue. */
    UNSAFE_ONE_THREAD(false) {
        @Override
        <T> Queue<T> newQueue() {
            return SinkQueues.forSerializedSink();
        }
    },
    /** Sinks.unsafe() fed from several threads at once: a multi-producer queue. */
    UNSAFE_CONCURRENT(false) {
        @Override
        <T> Queue<T> newQueue() {
            return SinkQueues.forConcurrentSink();
        }
    };

    private final boolean serialized;

    SinkCase(boolean serialized) {
        this.serialized = serialized;
    }

    /** A new queue of the factory method this case stands for. */
    abstract <T> Queue<T> newQueue();

    /** Sinks.many().unicast() or Sinks.unsafe().many().unicast(). */
    Sinks.UnicastSpec unicast() {
        return serialized ? Sinks.many().unicast() : Sinks.unsafe().many().unicast();
    }
}
