package org.jcq.executors;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.jcq.internal.Args;
import org.jcq.queues.MpmcBlockingArrayQueue;
import org.jcq.queues.MpmcUnboundedBlockingArrayQueue;

/**
 * Thread pools whose work queue is one of JCQ's blocking queues, made in one line, as
 * {@link Executors} makes the JDK's: {@code ExecutorService pool = JcqExecutors.newFixedThreadPool(4);}.
 * <p>
 * Each pool is a {@link ThreadPoolExecutor}, configured as {@link Executors} configures it (core
 * size = maximum size = the number of threads, no keep-alive, workers started as tasks arrive,
 * {@link ThreadPoolExecutor.AbortPolicy}); only the work queue differs:
 * <ul>
 * <li>{@link #newFixedThreadPool(int)} and {@link #newSingleThreadExecutor()}: a new
 *     {@link MpmcUnboundedBlockingArrayQueue} with chunks of {@value #CHUNK_SIZE} slots, where the
 *     JDK puts an unbounded {@link LinkedBlockingQueue}. Submitting adds a task with one
 *     fetch-and-add and allocates nothing but a new chunk every {@value #CHUNK_SIZE} tasks (an
 *     emptied chunk is reused), where {@link LinkedBlockingQueue} allocates a node per task and
 *     takes a lock for every one.</li>
 * <li>{@link #newFixedThreadPool(int, int)}: a bounded {@link MpmcBlockingArrayQueue}, which
 *     {@link Executors} has no counterpart for (one builds a {@link ThreadPoolExecutor} with an
 *     {@link java.util.concurrent.ArrayBlockingQueue} by hand); a task that finds it full goes to
 *     the rejection handler.</li>
 * </ul>
 * <p>
 * Chunk size: {@value #CHUNK_SIZE}, the chunk size of the project's throughput pick for an
 * unbounded MPMC queue ({@code Queues.builder()}). A process has few executors, so a chunk of
 * {@value #CHUNK_SIZE} references and as many sequence numbers (the queue keeps up to two emptied
 * chunks for reuse) costs little, and a burst of up to {@value #CHUNK_SIZE} queued tasks moves
 * through one chunk without linking another.
 *
 * <h2>How these pools differ from the JDK's</h2>
 * <ul>
 * <li><b>Idle workers</b> park in the queue's {@code take}, with the work queue as their
 *     {@link java.util.concurrent.locks.LockSupport#getBlocker blocker}, where a worker of the
 *     JDK's pools waits on a lock's condition. Platform workers are {@code TIMED_WAITING}, not
 *     {@code WAITING}: the park has the queue's safety-net time-out, after which the worker looks
 *     again; virtual workers park untimed ({@code WAITING}; see the queue's notes). A task submitted to an idle pool wakes one parked worker; a worker that has
 *     just run out of work looks for a new task a short while before it parks.</li>
 * <li><b>Removing a queued task</b> works as with the JDK's queues: the MPMC blocking queues
 *     remove from any position, so {@link ThreadPoolExecutor#remove}, {@link ThreadPoolExecutor#purge}
 *     and the settling of a task queued just as the pool shuts down (removed and rejected) behave
 *     as they do on a {@code LinkedBlockingQueue}. A removed task's slot stays in the queue until a
 *     worker passes it; the bounded pool counts it against its capacity until then.</li>
 * <li><b>Virtual threads.</b> None of the queues' waits holds a monitor, so a virtual worker
 *     unmounts while it waits; pass a factory of virtual threads
 *     ({@code Thread.ofVirtual().factory()}, JDK 21+) to get them.</li>
 * </ul>
 */
public final class JcqExecutors {
    /** The chunk size of the unbounded work queue (see the class note for the choice). */
    static final int CHUNK_SIZE = 1024;

    private JcqExecutors() {
    }

    /**
     * A pool of {@code nThreads} threads working off an unbounded queue, as
     * {@link Executors#newFixedThreadPool(int)} makes one, with {@link Executors#defaultThreadFactory()}
     * for its threads: a {@link ThreadPoolExecutor} whose work queue is a
     * {@link MpmcUnboundedBlockingArrayQueue} instead of a {@link LinkedBlockingQueue}. A worker
     * that dies of a task's exception is replaced. The threads live until the pool is shut down.
     * <p>
     * Example: {@code ExecutorService pool = JcqExecutors.newFixedThreadPool(4);}
     *
     * @param nThreads the number of threads
     * @return the new pool, a {@link ThreadPoolExecutor}
     * @throws IllegalArgumentException if {@code nThreads < 1}
     */
    public static ExecutorService newFixedThreadPool(int nThreads) {
        return newFixedThreadPool(nThreads, Executors.defaultThreadFactory());
    }

    /**
     * As {@link #newFixedThreadPool(int)}, with threads from {@code threadFactory} (as
     * {@link Executors#newFixedThreadPool(int, ThreadFactory)}); a factory of virtual threads gives
     * virtual workers.
     * <p>
     * Example: {@code ExecutorService pool = JcqExecutors.newFixedThreadPool(4, Thread.ofVirtual().factory());}
     *
     * @param nThreads the number of threads
     * @param threadFactory makes the workers' threads
     * @return the new pool, a {@link ThreadPoolExecutor}
     * @throws IllegalArgumentException if {@code nThreads < 1}
     * @throws NullPointerException if {@code threadFactory} is null
     */
    public static ExecutorService newFixedThreadPool(int nThreads, ThreadFactory threadFactory) {
        checkThreads(nThreads);
        Args.notNull("threadFactory", threadFactory);
        return new ThreadPoolExecutor(nThreads, nThreads, 0L, TimeUnit.MILLISECONDS,
                new MpmcUnboundedBlockingArrayQueue<Runnable>(CHUNK_SIZE), threadFactory);
    }

    /**
     * A pool of {@code nThreads} threads (from {@link Executors#defaultThreadFactory()}) working off
     * a bounded queue: a {@link ThreadPoolExecutor} whose work queue is a
     * {@link MpmcBlockingArrayQueue} of at least {@code queueCapacity} tasks (rounded up to a power
     * of two, where an {@link java.util.concurrent.ArrayBlockingQueue} holds exactly its capacity).
     * A task that finds the queue full is rejected: {@code execute} throws
     * {@link RejectedExecutionException} ({@link ThreadPoolExecutor.AbortPolicy}, the JDK's default
     * handler); the submitter never waits. With more submitting platform threads than cores, its
     * throughput was below an {@link java.util.concurrent.ArrayBlockingQueue}'s in most launches on
     * 2 cores (see {@code docs/blocking-queues.md}); the unbounded pool's was not.
     * <p>
     * Example: {@code ExecutorService pool = JcqExecutors.newFixedThreadPool(4, 1024);}
     *
     * @param nThreads the number of threads
     * @param queueCapacity the least number of tasks the queue holds, in {@code [2, 2^30]}
     * @return the new pool, a {@link ThreadPoolExecutor}
     * @throws IllegalArgumentException if {@code nThreads < 1}, or {@code queueCapacity} is out of
     *     range
     */
    public static ExecutorService newFixedThreadPool(int nThreads, int queueCapacity) {
        return newFixedThreadPool(nThreads, queueCapacity, Executors.defaultThreadFactory(),
                new ThreadPoolExecutor.AbortPolicy());
    }

    /**
     * As {@link #newFixedThreadPool(int, int)}, with threads from {@code threadFactory} and
     * {@code handler} for the tasks that find the queue full or the pool shut down (for instance
     * {@link ThreadPoolExecutor.CallerRunsPolicy}, which makes a submitter that outruns the pool
     * run the task itself).
     * <p>
     * Example: {@code JcqExecutors.newFixedThreadPool(4, 1024, Executors.defaultThreadFactory(), new ThreadPoolExecutor.CallerRunsPolicy());}
     *
     * @param nThreads the number of threads
     * @param queueCapacity the least number of tasks the queue holds, in {@code [2, 2^30]}
     * @param threadFactory makes the workers' threads
     * @param handler takes the tasks the pool rejects
     * @return the new pool, a {@link ThreadPoolExecutor}
     * @throws IllegalArgumentException if {@code nThreads < 1}, or {@code queueCapacity} is out of
     *     range
     * @throws NullPointerException if {@code threadFactory} or {@code handler} is null
     */
    public static ExecutorService newFixedThreadPool(int nThreads, int queueCapacity, ThreadFactory threadFactory,
            RejectedExecutionHandler handler) {
        checkThreads(nThreads);
        Args.inRange("queueCapacity", queueCapacity, 2, Args.MAX_POW2);
        Args.notNull("threadFactory", threadFactory);
        Args.notNull("handler", handler);
        return new ThreadPoolExecutor(nThreads, nThreads, 0L, TimeUnit.MILLISECONDS,
                new MpmcBlockingArrayQueue<Runnable>(queueCapacity), threadFactory, handler);
    }

    /**
     * One thread (from {@link Executors#defaultThreadFactory()}) working off an unbounded queue, as
     * {@link Executors#newSingleThreadExecutor()} makes it: tasks run one at a time, in the order
     * they were submitted; a thread that dies of a task's exception is replaced. The executor
     * cannot be reconfigured (it is not a {@link ThreadPoolExecutor}: a wrapper around one whose
     * work queue is a {@link MpmcUnboundedBlockingArrayQueue}), and, as the JDK's, it shuts itself
     * down once it is no longer reachable, so that a forgotten one does not keep its thread.
     * <p>
     * Example: {@code ExecutorService single = JcqExecutors.newSingleThreadExecutor();}
     *
     * @return the new executor
     */
    public static ExecutorService newSingleThreadExecutor() {
        return newSingleThreadExecutor(Executors.defaultThreadFactory());
    }

    /**
     * As {@link #newSingleThreadExecutor()}, with its thread from {@code threadFactory} (as
     * {@link Executors#newSingleThreadExecutor(ThreadFactory)}).
     * <p>
     * Example: {@code ExecutorService single = JcqExecutors.newSingleThreadExecutor(Thread.ofVirtual().factory());}
     *
     * @param threadFactory makes the worker's thread
     * @return the new executor
     * @throws NullPointerException if {@code threadFactory} is null
     */
    public static ExecutorService newSingleThreadExecutor(ThreadFactory threadFactory) {
        Args.notNull("threadFactory", threadFactory);
        return new SingleThreadExecutor(new ThreadPoolExecutor(1, 1, 0L, TimeUnit.MILLISECONDS,
                new MpmcUnboundedBlockingArrayQueue<Runnable>(CHUNK_SIZE), threadFactory));
    }

    private static void checkThreads(int nThreads) {
        Args.inRange("nThreads", nThreads, 1, Integer.MAX_VALUE);
    }
}
