package org.jcq.netty;

import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

import io.netty.channel.IoEventLoop;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.util.concurrent.RejectedExecutionHandler;
import io.netty.util.concurrent.RejectedExecutionHandlers;

/**
 * A Netty 4.2 {@link MultiThreadIoEventLoopGroup} whose event loops queue their tasks and tail tasks
 * in JCQ's MPSC queues instead of Netty's shaded JCTools ones: a drop-in for
 * {@code new MultiThreadIoEventLoopGroup(n, NioIoHandler.newFactory())} with any
 * {@link IoHandlerFactory} (NIO, epoll, io_uring, local), no {@code sun.misc.Unsafe} on the way.
 * <pre>{@code
 * EventLoopGroup group = new JcqIoEventLoopGroup(0, NioIoHandler.newFactory());
 * new ServerBootstrap().group(group).channel(NioServerSocketChannel.class) ...
 * }</pre>
 * Each loop is Netty's {@link SingleThreadIoEventLoop}, unchanged but for its queues. With no bound
 * on pending tasks (Netty's default, unless the system property
 * {@code io.netty.eventLoop.maxPendingTasks} sets one) they are {@code MpscUnboundedArrayQueue}s of
 * 1024-element chunks, the shape Netty itself uses; with a bound, {@code MpscChunkedArrayQueue}s
 * that hold at most the bound rounded up to a power of two (at least 4), and a task that does not
 * fit goes to the group's {@link RejectedExecutionHandler} (by default Netty's, which throws
 * {@link java.util.concurrent.RejectedExecutionException}). The tail-task queue is made alike.
 * <p>
 * Any number of threads submit to a loop; the loop's one thread takes. Netty's
 * {@code removeTask(Runnable)} (the queue's {@code remove(Object)}) is not supported, as with
 * Netty's own JCTools queues. So, as with Netty's own I/O loops, a task handed over from another
 * thread just as its loop shuts down can be left in the queue, neither run nor rejected (Netty logs
 * that the loop terminated with tasks queued); {@link JcqDefaultEventLoopGroup}'s loops run or
 * reject every task.
 */
public class JcqIoEventLoopGroup extends MultiThreadIoEventLoopGroup {
    /** Netty's default bound, read as Netty reads it, at least 16. */
    private static final int DEFAULT_MAX_PENDING_TASKS = Math.max(16,
            Integer.getInteger("io.netty.eventLoop.maxPendingTasks", Integer.MAX_VALUE));

    /**
     * A group of Netty's default number of loops (twice the processors, or the system property
     * {@code io.netty.eventLoopThreads}).
     *
     * @param ioHandlerFactory makes each loop's I/O handler, for example
     *     {@code NioIoHandler.newFactory()}
     */
    public JcqIoEventLoopGroup(IoHandlerFactory ioHandlerFactory) {
        this(0, (Executor) null, ioHandlerFactory);
    }

    /**
     * A group of {@code nThreads} loops (0: Netty's default), each on a thread of Netty's default
     * thread factory.
     *
     * @param nThreads the number of loops, {@code >= 0}
     * @param ioHandlerFactory makes each loop's I/O handler
     */
    public JcqIoEventLoopGroup(int nThreads, IoHandlerFactory ioHandlerFactory) {
        this(nThreads, (Executor) null, ioHandlerFactory);
    }

    /**
     * A group of {@code nThreads} loops whose threads {@code threadFactory} makes.
     *
     * @param nThreads the number of loops, {@code >= 0} (0: Netty's default)
     * @param threadFactory makes the loops' threads; null for Netty's default
     * @param ioHandlerFactory makes each loop's I/O handler
     */
    public JcqIoEventLoopGroup(int nThreads, ThreadFactory threadFactory, IoHandlerFactory ioHandlerFactory) {
        this(nThreads, threadFactory, ioHandlerFactory, DEFAULT_MAX_PENDING_TASKS, RejectedExecutionHandlers.reject());
    }

    /**
     * A group of {@code nThreads} loops that run on {@code executor}.
     *
     * @param nThreads the number of loops, {@code >= 0} (0: Netty's default)
     * @param executor runs the loops; null for one thread per loop from Netty's default factory
     * @param ioHandlerFactory makes each loop's I/O handler
     */
    public JcqIoEventLoopGroup(int nThreads, Executor executor, IoHandlerFactory ioHandlerFactory) {
        this(nThreads, executor, ioHandlerFactory, DEFAULT_MAX_PENDING_TASKS, RejectedExecutionHandlers.reject());
    }

    /**
     * A group of {@code nThreads} loops that run on {@code executor}, each queueing at most
     * {@code maxPendingTasks} tasks (rounded up to a power of two, at least 4;
     * {@link Integer#MAX_VALUE} for no bound).
     *
     * @param nThreads the number of loops, {@code >= 0} (0: Netty's default)
     * @param executor runs the loops; null for one thread per loop from Netty's default factory
     * @param ioHandlerFactory makes each loop's I/O handler
     * @param maxPendingTasks the bound of each loop's task queue, {@code >= 1}
     * @param rejectedHandler gets the tasks that do not fit
     * @throws IllegalArgumentException if {@code maxPendingTasks < 1} (or as Netty's group for
     *     {@code nThreads < 0})
     * @throws NullPointerException if {@code rejectedHandler} or {@code ioHandlerFactory} is null
     */
    public JcqIoEventLoopGroup(int nThreads, Executor executor, IoHandlerFactory ioHandlerFactory, int maxPendingTasks,
            RejectedExecutionHandler rejectedHandler) {
        super(nThreads, executor, ioHandlerFactory, loopArguments(maxPendingTasks, rejectedHandler));
    }

    /**
     * As {@link #JcqIoEventLoopGroup(int, Executor, IoHandlerFactory, int, RejectedExecutionHandler)},
     * with the loops' threads made by {@code threadFactory} (null for Netty's default).
     *
     * @param nThreads the number of loops, {@code >= 0} (0: Netty's default)
     * @param threadFactory makes the loops' threads; null for Netty's default
     * @param ioHandlerFactory makes each loop's I/O handler
     * @param maxPendingTasks the bound of each loop's task queue, {@code >= 1}
     * @param rejectedHandler gets the tasks that do not fit
     * @throws IllegalArgumentException if {@code maxPendingTasks < 1}
     * @throws NullPointerException if {@code rejectedHandler} or {@code ioHandlerFactory} is null
     */
    public JcqIoEventLoopGroup(int nThreads, ThreadFactory threadFactory, IoHandlerFactory ioHandlerFactory,
            int maxPendingTasks, RejectedExecutionHandler rejectedHandler) {
        super(nThreads, threadFactory, ioHandlerFactory, loopArguments(maxPendingTasks, rejectedHandler));
    }

    /**
     * What {@link #newChild} needs, checked before any loop is made. Netty's group constructor makes
     * the loops, before this class's fields would be set, so they travel as its arguments.
     */
    private static Object[] loopArguments(int maxPendingTasks, RejectedExecutionHandler rejectedHandler) {
        TaskQueues.checkMaxPendingTasks(maxPendingTasks);
        Objects.requireNonNull(rejectedHandler, "rejectedHandler");
        return new Object[] {maxPendingTasks, rejectedHandler};
    }

    /** One loop: Netty's, with JCQ task and tail-task queues. */
    @Override
    protected IoEventLoop newChild(Executor executor, IoHandlerFactory ioHandlerFactory, Object... args) {
        final int maxPendingTasks = (Integer) args[0];
        final RejectedExecutionHandler rejectedHandler = (RejectedExecutionHandler) args[1];
        return new Loop(this, executor, ioHandlerFactory, TaskQueues.taskQueue(maxPendingTasks),
                TaskQueues.taskQueue(maxPendingTasks), rejectedHandler);
    }

    /** Netty's loop; only its constructor that takes the queues is protected. */
    private static final class Loop extends SingleThreadIoEventLoop {
        Loop(IoEventLoopGroup parent, Executor executor, IoHandlerFactory ioHandlerFactory, Queue<Runnable> taskQueue,
                Queue<Runnable> tailTaskQueue, RejectedExecutionHandler rejectedHandler) {
            super(parent, executor, ioHandlerFactory, taskQueue, tailTaskQueue, rejectedHandler);
        }
    }
}
