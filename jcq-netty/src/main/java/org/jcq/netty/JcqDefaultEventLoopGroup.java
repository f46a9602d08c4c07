package org.jcq.netty;

import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultithreadEventLoopGroup;

/**
 * A group of Netty {@link DefaultEventLoop}s (executors that run tasks on one thread each and wait
 * for work, with no I/O of their own; what Netty's {@code DefaultEventLoopGroup}, deprecated in 4.2,
 * makes) whose loops queue their tasks in JCQ's MPSC queues. A
 * {@link DefaultEventLoop} waits for work in Netty's {@code takeTask()}, which needs a
 * {@link java.util.concurrent.BlockingQueue}: here it is
 * {@link org.jcq.queues.MpscUnboundedBlockingConsumerArrayQueue} (Netty's default, no bound on
 * pending tasks) or, when the system property {@code io.netty.eventLoop.maxPendingTasks} sets a
 * bound, {@link org.jcq.queues.MpscBlockingConsumerArrayQueue} of that bound rounded up to a power
 * of two. The loop's thread parks while it has nothing to do (no CPU when idle) and a submitting
 * thread unparks it only when it is parked; Netty's own queue there is a
 * {@link java.util.concurrent.LinkedBlockingQueue}, a lock and a node per task.
 * <pre>{@code
 * EventLoopGroup group = new JcqDefaultEventLoopGroup(4);
 * }</pre>
 * Netty's {@code removeTask(Runnable)} (the queue's {@code remove(Object)}) is not supported.
 */
public class JcqDefaultEventLoopGroup extends MultithreadEventLoopGroup {
    /** A group of Netty's default number of loops. */
    public JcqDefaultEventLoopGroup() {
        this(0);
    }

    /**
     * A group of {@code nThreads} loops (0: Netty's default).
     *
     * @param nThreads the number of loops, {@code >= 0}
     */
    public JcqDefaultEventLoopGroup(int nThreads) {
        this(nThreads, (ThreadFactory) null);
    }

    /**
     * A group of {@code nThreads} loops whose threads {@code threadFactory} makes.
     *
     * @param nThreads the number of loops, {@code >= 0} (0: Netty's default)
     * @param threadFactory makes the loops' threads; null for Netty's default
     */
    public JcqDefaultEventLoopGroup(int nThreads, ThreadFactory threadFactory) {
        super(nThreads, threadFactory);
    }

    /**
     * A group of {@code nThreads} loops that run on {@code executor}.
     *
     * @param nThreads the number of loops, {@code >= 0} (0: Netty's default)
     * @param executor runs the loops; null for one thread per loop from Netty's default factory
     */
    public JcqDefaultEventLoopGroup(int nThreads, Executor executor) {
        super(nThreads, executor);
    }

    @Override
    protected EventLoop newChild(Executor executor, Object... args) {
        return new Loop(this, executor);
    }

    /** Netty's loop, with a JCQ blocking task queue. */
    private static final class Loop extends DefaultEventLoop {
        Loop(EventLoopGroup parent, Executor executor) {
            super(parent, executor);
        }

        @Override
        protected Queue<Runnable> newTaskQueue(int maxPendingTasks) {
            return TaskQueues.blockingTaskQueue(maxPendingTasks);
        }
    }
}
