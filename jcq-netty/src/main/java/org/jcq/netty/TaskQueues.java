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
 * does not fit to the loop's {@code RejectedExecutionHandler}.
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

    /** The queue of an event loop that waits in {@code takeTask()}: also a {@link BlockingQueue}. */
    static BlockingQueue<Runnable> blockingTaskQueue(int maxPendingTasks) {
        if (maxPendingTasks == Integer.MAX_VALUE) {
            return new MpscUnboundedBlockingConsumerArrayQueue<>(CHUNK);
        }
        return new MpscBlockingConsumerArrayQueue<>(pow2(maxPendingTasks));
    }

    /** The smallest power of two {@code >= n}, at most 2^30. */
    private static int pow2(int n) {
        return n >= 1 << 30 ? 1 << 30 : n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
