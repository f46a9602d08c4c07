package org.jcq.queues;

/**
 * The queues' {@code toString}: what the queue is and where it stands, for a log line or a bug
 * report, never its elements (a queue of millions would print them all, and the walk would race
 * with the consumer). For example
 * {@code org.jcq.queues.MpscArrayQueue@1b6d3586[capacity=1024, size=3, producerIndex=10, consumerIndex=7]}.
 * The figures are read one after another, each as it was at some moment of the call.
 */
final class QueueText {
    private QueueText() {
    }

    /**
     * The class and identity of {@code queue}, then its capacity ({@code unbounded} for
     * {@link MessagePassingQueue#UNBOUNDED_CAPACITY}) and {@code state}.
     */
    static String describe(Object queue, int capacity, String state) {
        return queue.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(queue)) + "[capacity="
                + (capacity == MessagePassingQueue.UNBOUNDED_CAPACITY ? "unbounded" : Integer.toString(capacity))
                + ", " + state + "]";
    }

    /** {@link #describe} with the size and the progress indicators. */
    static <Q extends MessagePassingQueue<?> & QueueProgressIndicators> String describe(Q queue) {
        // Consumer first: the producer index read after it is never below it.
        final long c = queue.currentConsumerIndex();
        final long p = queue.currentProducerIndex();
        return describe(queue, queue.capacity(), "size=" + queue.size() + ", producerIndex=" + p + ", consumerIndex=" + c);
    }
}
