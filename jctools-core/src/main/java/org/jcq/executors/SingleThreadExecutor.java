package org.jcq.executors;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The executor {@link JcqExecutors#newSingleThreadExecutor()} returns: a one-thread
 * {@link ThreadPoolExecutor} behind the {@link ExecutorService} methods alone, so that nobody can
 * cast it and change its size, and shut down when it becomes unreachable, as the JDK's
 * single-thread executor is.
 * <p>
 * Unreachable: the pool's worker refers to the pool, never to this wrapper, so a wrapper its
 * user has dropped becomes phantom reachable while the pool runs; a {@link Cleaner} then shuts
 * the pool down (what is queued still runs, then the thread ends). Each method keeps the wrapper
 * reachable until it returns ({@link Reference#reachabilityFence}), so the pool cannot be shut
 * down under a call on a wrapper the caller holds no other reference to
 * ({@code newSingleThreadExecutor().execute(task)}). {@link #shutdown()} and {@link #shutdownNow()}
 * unregister the cleaning action, which then has nothing left to do.
 */
final class SingleThreadExecutor implements ExecutorService {
    /** The cleaner's thread, started by the first single-thread executor, not before. */
    private static final class CleanerHolder {
        static final Cleaner CLEANER = Cleaner.create(r -> new Thread(r, "jcq-executors-cleaner"));
    }

    private final ThreadPoolExecutor pool;
    private final Cleaner.Cleanable shutdownWhenUnreachable;

    SingleThreadExecutor(ThreadPoolExecutor pool) {
        this.pool = pool;
        // The action must not refer to this wrapper (it would never become unreachable).
        this.shutdownWhenUnreachable = CleanerHolder.CLEANER.register(this, new ShutdownAction(pool));
    }

    /** Shuts the pool down; a static class, so that it holds the pool and nothing else. */
    private static final class ShutdownAction implements Runnable {
        private final ThreadPoolExecutor pool;

        ShutdownAction(ThreadPoolExecutor pool) {
            this.pool = pool;
        }

        @Override
        public void run() {
            pool.shutdown();
        }
    }

    /** The pool behind this wrapper; for tests. */
    ThreadPoolExecutor pool() {
        return pool;
    }

    @Override
    public void execute(Runnable command) {
        try {
            pool.execute(command);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public void shutdown() {
        try {
            pool.shutdown();
            shutdownWhenUnreachable.clean();
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public List<Runnable> shutdownNow() {
        try {
            final List<Runnable> neverStarted = pool.shutdownNow();
            shutdownWhenUnreachable.clean();
            return neverStarted;
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public boolean isShutdown() {
        try {
            return pool.isShutdown();
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public boolean isTerminated() {
        try {
            return pool.isTerminated();
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        try {
            return pool.awaitTermination(timeout, unit);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public <T> Future<T> submit(Callable<T> task) {
        try {
            return pool.submit(task);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public <T> Future<T> submit(Runnable task, T result) {
        try {
            return pool.submit(task, result);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public Future<?> submit(Runnable task) {
        try {
            return pool.submit(task);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks) throws InterruptedException {
        try {
            return pool.invokeAll(tasks);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException {
        try {
            return pool.invokeAll(tasks, timeout, unit);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks) throws InterruptedException, ExecutionException {
        try {
            return pool.invokeAny(tasks);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        try {
            return pool.invokeAny(tasks, timeout, unit);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public String toString() {
        try {
            return super.toString() + "[" + pool + "]";
        } finally {
            Reference.reachabilityFence(this);
        }
    }
}
