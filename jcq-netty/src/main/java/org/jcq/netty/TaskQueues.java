package org.jcq.netty;

import java.util.Queue;
import java.util.concurrent.BlockingQueue;

import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.jcq.queues.MpscChunkedArrayQueue;
import org.jcq.queues.MpscUnboundedArrayQueue;
import org.jcq.queues.MpscUnboundedBlockingConsumerArrayQueue;

/**
 * The task queues of the groups' event loops, chosen by Netty's {@code maxPendingTasks}: a loop has
 * many submitting threads and one running thread, so every queue is MPSC. Without a bound
 * ({@link Integer#MAX_VALUE}, Netty's default) the queue grows in chunks of {@value #CHUNK}, as
 * Netty's own; with one, at most the bound's power of two is queued, and Netty hands a task that
 * does not fit to the loop's {@code RejectedExecutionHandler}. A waiting loop's queue can also be
 * closed by its consumer ({@link Closable}).
 */
final class TaskQueues {
    /** Netty's chunk size for its task queues. */
    static final int CHUNK = 1024;
    /** The smallest bound of a bounded chunked queue. */
    private static final int MIN_BOUND = 4;

    private TaskQueues() {
    }

    /** Checks a {@code maxPendingTasks} argument: at least 1. */
    static int checkMaxPendingTasks(int maxPendingTasks) {
        if (maxPendingTasks < 1) {
            throw new IllegalArgumentException("maxPendingTasks: " + maxPendingTasks + " (expected: >= 1)");
        }
        return maxPendingTasks;
    }

    /** The queue of an event loop that never blocks in {@code takeTask()} (an I/O loop). */
    static Queue<Runnable> taskQueue(int maxPendingTasks) {
        if (maxPendingTasks == Integer.MAX_VALUE) {
            return new MpscUnboundedArrayQueue<>(CHUNK);
        }
        final int bound = pow2(Math.max(MIN_BOUND, maxPendingTasks));
        return new MpscChunkedArrayQueue<>(Math.min(CHUNK, bound >> 1), bound);
    }

    /**
     * The queue of an event loop that waits in {@code takeTask()}: also a {@link BlockingQueue}, and
     * {@link Closable}.
     */
    static Closable blockingTaskQueue(int maxPendingTasks) {
        if (maxPendingTasks == Integer.MAX_VALUE) {
            return new UnboundedClosable(CHUNK);
        }
        return new BoundedClosable(pow2(maxPendingTasks));
    }

    /**
     * A blocking task queue that its consumer can close: from {@link #close()} on, {@link #poll()}
     * finds nothing, so the loop takes nothing more from it, not even in Netty's last drain of a
     * terminated loop, which would drop what it took. What is queued stays there, where its
     * submitter can find it (the iterator still walks it). {@code take()}, the timed {@code poll}
     * and {@code relaxedPoll()} are not affected (a closed loop no longer calls them), and neither is
     * any producer's method.
     */
    interface Closable extends BlockingQueue<Runnable> {
        /** From now on {@link #poll()} returns null; consumer thread only. */
        void close();
    }

    /** {@link MpscUnboundedBlockingConsumerArrayQueue}, {@link Closable}. */
    private static final class UnboundedClosable extends MpscUnboundedBlockingConsumerArrayQueue<Runnable>
            implements Closable {
        /** Plain: written by {@link #close()} and read by {@link #poll()}, both on the consumer thread. */
        private boolean closed;

        UnboundedClosable(int chunkSize) {
            super(chunkSize);
        }

        @Override
        public void close() {
            closed = true;
        }

        @Override
        public Runnable poll() {
            return closed ? null : super.poll();
        }
    }

    /** {@link MpscBlockingConsumerArrayQueue}, {@link Closable}. */
    private static final class BoundedClosable extends MpscBlockingConsumerArrayQueue<Runnable> implements Closable {
        /** Plain: written by {@link #close()} and read by {@link #poll()}, both on the consumer thread. */
        private boolean closed;

        BoundedClosable(int capacity) {
            super(capacity);
        }

        @Override
        public void close() {
            closed = true;
        }

        @Override
        public Runnable poll() {
            return closed ? null : super.poll();
        }
    }

    /** The smallest power of two {@code >= n}, at most 2^30. */
    private static int pow2(int n) {
        return n >= 1 << 30 ? 1 << 30 : n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
