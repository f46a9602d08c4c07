package org.jcq.netty;

import java.lang.invoke.VarHandle;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
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
 *
 * <h2>Shutting down</h2>
 * Every task handed to a loop from another thread ({@code execute}, {@code submit},
 * {@code schedule}) runs once or is rejected once, whenever {@code shutdownGracefully} or
 * {@code shutdown} comes: rejected means that the call throws
 * {@link java.util.concurrent.RejectedExecutionException}. Netty rejects a task that finds the loop
 * shut down before it is queued; one that passed that check and reaches the queue after the loop's
 * last run of it, Netty takes back with the queue's {@code remove(Object)} and rejects, but JCQ's
 * single-consumer queues do not remove, and a terminated loop drops what is left in its queue: such
 * a task would be lost, its future never done. So the loop, once Netty's last run of its queue is
 * over, runs what reached the queue since and was not taken back, then closes the queue and takes
 * nothing more from it; a task still there is taken back by its submitter ({@code removeTask}), and
 * Netty rejects it. What the loop still has scheduled after that is cancelled, so a scheduled
 * task's future is done too. Tasks are told apart by identity: when one {@code Runnable} object is
 * handed over several times as its loop shuts down, a call may be rejected for a copy that another
 * call queued (as with Netty's own {@code LinkedBlockingQueue}, whose {@code remove} takes the first
 * equal task), but its runs and rejections add up to the calls. A submitter does more than before
 * only once it has found the loop shut down, and the loop only after its last run; while it runs,
 * it takes its tasks as before, only {@code poll()} (which it uses when it has scheduled tasks, not
 * to wait) reads one more flag.
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

    /**
     * Netty's loop, with a JCQ blocking task queue, and its own ending, which hands every task
     * queued after Netty's last run of the queue to the loop or back to its submitter (see the class
     * note).
     * <p>
     * The ending. After Netty's last run of the queue, {@link #cleanup()} sets {@link #closing}
     * (volatile), then, under {@link #lock}, takes tasks from the queue and runs each (outside the
     * lock) that was not taken back, until it finds the queue empty; then, still under the lock, it
     * closes the queue, so Netty's drain that follows takes nothing. A submitter comes to
     * {@link #removeTask} after its task is in the queue and it found the loop shut down. If it
     * finds {@code closing} clear, the ending has not begun and will take the task (if the loop
     * has not already): it leaves the task to the loop. Otherwise, under the lock, it counts the
     * task's copies still in the queue (by identity, walking it; the loop takes nothing meanwhile)
     * against those already taken back: if one is left, it takes it back ({@link #takenBack} counts
     * one more, which the ending skips, or which stays in the closed queue), and Netty rejects it.
     * If none is left, the loop took the task, and ran it or will (a skip is only for a task taken
     * back).
     * <p>
     * Why a task is never lost: the submitter's claiming CAS in the queue's offer comes before its
     * volatile load of {@code closing}; the loop's volatile store of {@code closing} comes before a
     * full fence and then its takes. So (as in Dekker's algorithm) either the submitter sees
     * {@code closing} and then looks under the lock, or the ending's takes see its task. A task
     * that reaches the queue once it is closed was not seen by the ending, so its submitter sees
     * {@code closing}, finds it there and takes it back. Why none runs and is rejected too: a
     * submitter's walk and the ending's takes hold the lock, so a copy the walk finds is not taken
     * meanwhile, and the ending skips as many copies as were taken back.
     */
    private static final class Loop extends DefaultEventLoop {
        /**
         * The task queue: the first queue {@link #newTaskQueue} makes (Netty makes the tail-task
         * queue second). Set while Netty's constructor runs, before this class's field initializers
         * would, hence neither final nor initialized.
         */
        private TaskQueues.Closable tasks;
        /** Held by the ending to take a task, and by a submitter to look for its own. */
        private final Object lock = new Object();
        /** Set by the loop thread when its ending begins. */
        private volatile boolean closing;
        /** Copies taken back by their submitters and still in the queue, by identity; under the lock. */
        private Map<Runnable, Integer> takenBack;

        Loop(EventLoopGroup parent, Executor executor) {
            super(parent, executor);
        }

        @Override
        protected Queue<Runnable> newTaskQueue(int maxPendingTasks) {
            final TaskQueues.Closable queue = TaskQueues.blockingTaskQueue(maxPendingTasks);
            if (tasks == null) {
                tasks = queue;
            }
            return queue;
        }

        /**
         * Takes {@code task} back if it is still in the queue and the loop will not run it: true
         * only once the ending has begun (see the class note). Netty calls this only from
         * {@code execute}, for a task just queued by a thread other than the loop's that then found
         * the loop shut down, and rejects the task if this returns true.
         */
        @Override
        protected boolean removeTask(Runnable task) {
            Objects.requireNonNull(task, "task");
            // Volatile: after this task's claiming CAS; pairs with the store and fence in cleanup.
            if (!closing) {
                return false;
            }
            synchronized (lock) {
                final int back = takenBack == null ? 0 : takenBack.getOrDefault(task, 0);
                if (copiesQueued(task) <= back) {
                    return false;
                }
                if (takenBack == null) {
                    takenBack = new IdentityHashMap<>();
                }
                takenBack.put(task, back + 1);
                return true;
            }
        }

        /** How many times {@code task} is in the queue (by identity); under the lock. */
        private int copiesQueued(Runnable task) {
            int n = 0;
            for (Runnable queued : tasks) {
                if (queued == task) {
                    n++;
                }
            }
            return n;
        }

        /**
         * The ending (see the class note), then Netty's cleanup. Netty calls this on the loop thread
         * after its last run of the queue and before it drains what is left.
         */
        @Override
        protected void cleanup() {
            try {
                closing = true;
                // Orders the store above before the takes' loads of the queue (Dekker, see the note).
                VarHandle.fullFence();
                for (Runnable task; (task = takeForEnding()) != null; ) {
                    safeExecute(task);
                }
                // What the tasks just run left scheduled would never run: its futures fail now.
                cancelScheduledTasks();
            } finally {
                super.cleanup();
            }
        }

        /**
         * The ending's next task, skipping those taken back; or null, once the queue is empty and
         * then closed.
         */
        private Runnable takeForEnding() {
            synchronized (lock) {
                for (;;) {
                    final Runnable task = tasks.poll();
                    if (task == null) {
                        tasks.close();
                        return null;
                    }
                    if (!skipTakenBack(task)) {
                        return task;
                    }
                }
            }
        }

        /** Whether {@code task} was taken back, counting one copy off if so; under the lock. */
        private boolean skipTakenBack(Runnable task) {
            if (takenBack == null) {
                return false;
            }
            final Integer back = takenBack.get(task);
            if (back == null) {
                return false;
            }
            if (back == 1) {
                takenBack.remove(task);
            } else {
                takenBack.put(task, back - 1);
            }
            return true;
        }
    }
}
