package org.jcq.executors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import org.jcq.queues.MpmcBlockingArrayQueue;
import org.jcq.queues.MpmcUnboundedBlockingArrayQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.function.Executable;

/**
 * The pools {@link JcqExecutors} makes: they run every task once, complete futures, shut down as
 * {@link ThreadPoolExecutor} does (queued tasks run after {@code shutdown}, {@code shutdownNow}
 * hands back those never started, later tasks are rejected), park idle workers on the work queue,
 * run on virtual threads (JDK 21+), and reject bad arguments as the JDK's {@link Executors} does.
 * <p>
 * Every test has a deadline (the class's {@link Timeout}, on a separate thread, so a wait that
 * never ends fails the test instead of hanging the build; the build's tests run the queues with
 * no safety-net wake-up, so a lost wake-up shows here as a time-out), and every pool a test makes
 * is shut down after it. Nothing here measures speed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JcqExecutorsTest {
    /** How long a test waits for one thing (a pool to terminate, a worker to park). */
    private static final long PATIENCE_MILLIS = 20_000;
    /** The bounded pool's capacity in the shared tests: more than any of them queues at once. */
    private static final int BOUNDED_CAPACITY = 1 << 15;

    /** The pools under test, made with a given thread factory. */
    enum Pool {
        FIXED(3, MpmcUnboundedBlockingArrayQueue.class) {
            @Override
            ExecutorService make(ThreadFactory threads) {
                return JcqExecutors.newFixedThreadPool(3, threads);
            }
        },
        SINGLE(1, MpmcUnboundedBlockingArrayQueue.class) {
            @Override
            ExecutorService make(ThreadFactory threads) {
                return JcqExecutors.newSingleThreadExecutor(threads);
            }
        },
        BOUNDED(2, MpmcBlockingArrayQueue.class) {
            @Override
            ExecutorService make(ThreadFactory threads) {
                return JcqExecutors.newFixedThreadPool(2, BOUNDED_CAPACITY, threads,
                        new ThreadPoolExecutor.AbortPolicy());
            }
        };

        final int threads;
        final Class<?> queueType;

        Pool(int threads, Class<?> queueType) {
            this.threads = threads;
            this.queueType = queueType;
        }

        abstract ExecutorService make(ThreadFactory threads);
    }

    /** Every pool a test made, shut down after it. */
    private final List<ExecutorService> made = new ArrayList<>();

    @AfterEach
    void shutDownEveryPool() throws InterruptedException {
        for (ExecutorService e : made) {
            try {
                e.shutdownNow();
            } catch (UnsupportedOperationException ignored) {
                // A queue that cannot remove yet (see the race tests); shutdown() still ends it.
                e.shutdown();
            }
            e.awaitTermination(PATIENCE_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private ExecutorService make(Pool pool, ThreadFactory threads) {
        final ExecutorService e = pool.make(threads);
        made.add(e);
        return e;
    }

    /** The {@link ThreadPoolExecutor} behind a pool this class made. */
    private static ThreadPoolExecutor tpe(ExecutorService e) {
        return e instanceof SingleThreadExecutor ? ((SingleThreadExecutor) e).pool() : (ThreadPoolExecutor) e;
    }

    /** Makes daemon platform threads, or wraps another factory, and keeps every thread it made. */
    static final class RecordingFactory implements ThreadFactory {
        private final ThreadFactory delegate;
        private final AtomicInteger count = new AtomicInteger();
        final List<Thread> threads = new CopyOnWriteArrayList<>();

        RecordingFactory(ThreadFactory delegate) {
            this.delegate = delegate;
        }

        RecordingFactory() {
            this(null);
        }

        @Override
        public Thread newThread(Runnable r) {
            final Thread t;
            if (delegate == null) {
                t = new Thread(r, "jcq-executors-test-" + count.incrementAndGet());
                t.setDaemon(true);
            } else {
                t = delegate.newThread(r);
            }
            threads.add(t);
            return t;
        }
    }

    private static void awaitTermination(ExecutorService e) throws InterruptedException {
        assertTrue(e.awaitTermination(PATIENCE_MILLIS, TimeUnit.MILLISECONDS), "not terminated: " + e);
    }

    private static void await(CountDownLatch latch, String what) throws InterruptedException {
        assertTrue(latch.await(PATIENCE_MILLIS, TimeUnit.MILLISECONDS), what);
    }

    // ---- Running tasks ------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(Pool.class)
    void everyTaskRunsExactlyOnceFromManySubmitters(Pool pool) throws InterruptedException {
        final int submitters = 4;
        final int perSubmitter = 5_000;
        final ExecutorService e = make(pool, new RecordingFactory());
        final AtomicIntegerArray runs = new AtomicIntegerArray(submitters * perSubmitter);
        final CountDownLatch start = new CountDownLatch(1);
        final List<Thread> threads = new ArrayList<>();
        final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        for (int s = 0; s < submitters; s++) {
            final int first = s * perSubmitter;
            final Thread t = new Thread(() -> {
                try {
                    start.await();
                    for (int i = first; i < first + perSubmitter; i++) {
                        final int id = i;
                        e.execute(() -> runs.incrementAndGet(id));
                    }
                } catch (Throwable x) {
                    failures.add(x);
                }
            }, "submitter-" + s);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        start.countDown();
        for (Thread t : threads) {
            t.join(PATIENCE_MILLIS);
            assertFalse(t.isAlive(), t + " still submitting");
        }
        assertTrue(failures.isEmpty(), failures.toString());
        e.shutdown();
        awaitTermination(e);
        for (int i = 0; i < runs.length(); i++) {
            assertEquals(1, runs.get(i), "task " + i + " ran " + runs.get(i) + " times");
        }
        assertEquals(runs.length(), tpe(e).getCompletedTaskCount());
    }

    @ParameterizedTest
    @EnumSource(Pool.class)
    void submitAndInvokeAllFuturesComplete(Pool pool) throws Exception {
        final ExecutorService e = make(pool, new RecordingFactory());
        final List<Future<Integer>> submitted = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            final int value = i;
            submitted.add(e.submit(() -> value));
        }
        for (int i = 0; i < 100; i++) {
            assertEquals(i, submitted.get(i).get(PATIENCE_MILLIS, TimeUnit.MILLISECONDS));
        }
        final AtomicInteger ran = new AtomicInteger();
        assertEquals("result", e.submit(ran::incrementAndGet, "result").get(PATIENCE_MILLIS, TimeUnit.MILLISECONDS));
        assertNull(e.submit((Runnable) ran::incrementAndGet).get(PATIENCE_MILLIS, TimeUnit.MILLISECONDS));
        assertEquals(2, ran.get());

        final List<Callable<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            final int value = i;
            tasks.add(() -> value * value);
        }
        final List<Future<Integer>> all = e.invokeAll(tasks);
        assertEquals(tasks.size(), all.size());
        for (int i = 0; i < all.size(); i++) {
            assertTrue(all.get(i).isDone(), "invokeAll returned before task " + i + " was done");
            assertEquals(i * i, all.get(i).get());
        }
        final List<Future<Integer>> timed = e.invokeAll(tasks, PATIENCE_MILLIS, TimeUnit.MILLISECONDS);
        for (int i = 0; i < timed.size(); i++) {
            assertEquals(i * i, timed.get(i).get());
        }
        final int any = e.invokeAny(tasks);
        assertTrue(any >= 0 && any <= 49 * 49 && Math.sqrt(any) % 1 == 0, "invokeAny returned " + any);
    }

    @Test
    void singleThreadExecutorRunsTasksOneAtATimeInOrderAndCannotBeReconfigured() throws InterruptedException {
        final RecordingFactory threads = new RecordingFactory();
        final ExecutorService e = make(Pool.SINGLE, threads);
        assertFalse(e instanceof ThreadPoolExecutor, "a single-thread executor must not be reconfigurable: " + e);
        // Plain list: one thread runs the tasks, one after another, and termination publishes them.
        final List<Integer> order = new ArrayList<>();
        final Set<Thread> ranOn = Collections.newSetFromMap(new java.util.concurrent.ConcurrentHashMap<>());
        for (int i = 0; i < 1_000; i++) {
            final int id = i;
            e.execute(() -> {
                order.add(id);
                ranOn.add(Thread.currentThread());
            });
        }
        e.shutdown();
        awaitTermination(e);
        for (int i = 0; i < 1_000; i++) {
            assertEquals(i, order.get(i), "task order");
        }
        assertEquals(1, ranOn.size(), "threads: " + ranOn);
        assertEquals(1, threads.threads.size(), "threads made: " + threads.threads);
    }

    @Test
    void poolsAreConfiguredAsTheJdksWithOnlyTheQueueChanged() {
        final ThreadPoolExecutor jdk = (ThreadPoolExecutor) Executors.newFixedThreadPool(3);
        try {
            for (ExecutorService e : List.of(JcqExecutors.newFixedThreadPool(3),
                    JcqExecutors.newFixedThreadPool(3, new RecordingFactory()), JcqExecutors.newFixedThreadPool(3, 1000))) {
                made.add(e);
                final ThreadPoolExecutor tpe = (ThreadPoolExecutor) e;
                assertEquals(jdk.getCorePoolSize(), tpe.getCorePoolSize());
                assertEquals(jdk.getMaximumPoolSize(), tpe.getMaximumPoolSize());
                assertEquals(jdk.getKeepAliveTime(TimeUnit.NANOSECONDS), tpe.getKeepAliveTime(TimeUnit.NANOSECONDS));
                assertEquals(jdk.allowsCoreThreadTimeOut(), tpe.allowsCoreThreadTimeOut());
                assertEquals(jdk.getRejectedExecutionHandler().getClass(), tpe.getRejectedExecutionHandler().getClass());
                assertEquals(0, tpe.getPoolSize(), "workers start as tasks arrive");
            }
        } finally {
            jdk.shutdown();
        }
        assertInstanceOf(MpmcUnboundedBlockingArrayQueue.class, tpe(made.get(0)).getQueue());
        assertInstanceOf(MpmcUnboundedBlockingArrayQueue.class, tpe(made.get(1)).getQueue());
        final BlockingQueue<Runnable> bounded = tpe(made.get(2)).getQueue();
        assertInstanceOf(MpmcBlockingArrayQueue.class, bounded);
        assertEquals(1024, bounded.remainingCapacity(), "1000 rounded up to a power of two");
        final ExecutorService single = JcqExecutors.newSingleThreadExecutor();
        made.add(single);
        assertEquals(1, tpe(single).getCorePoolSize());
        assertEquals(1, tpe(single).getMaximumPoolSize());
        assertInstanceOf(MpmcUnboundedBlockingArrayQueue.class, tpe(single).getQueue());
    }

    // ---- Shutting down ------------------------------------------------------------------------

    /** Occupies every worker of {@code e} with a task that waits for {@code release}. */
    private static List<Future<?>> occupyEveryWorker(ExecutorService e, int workers, CountDownLatch release,
            AtomicInteger interrupted) throws InterruptedException {
        final CountDownLatch started = new CountDownLatch(workers);
        final List<Future<?>> blockers = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            blockers.add(e.submit(() -> {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException x) {
                    interrupted.incrementAndGet();
                }
            }));
        }
        await(started, "every worker running a blocking task");
        return blockers;
    }

    @ParameterizedTest
    @EnumSource(Pool.class)
    void shutdownRunsWhatWasQueuedAndRejectsLaterTasks(Pool pool) throws InterruptedException {
        final ExecutorService e = make(pool, new RecordingFactory());
        final CountDownLatch release = new CountDownLatch(1);
        occupyEveryWorker(e, pool.threads, release, new AtomicInteger());
        final AtomicInteger ran = new AtomicInteger();
        for (int i = 0; i < 100; i++) {
            e.execute(ran::incrementAndGet);
        }
        e.shutdown();
        assertTrue(e.isShutdown());
        assertThrows(RejectedExecutionException.class, () -> e.execute(ran::incrementAndGet));
        assertThrows(RejectedExecutionException.class, () -> e.submit(() -> 1));
        assertFalse(e.isTerminated(), "terminated while tasks were queued");
        release.countDown();
        awaitTermination(e);
        assertEquals(100, ran.get(), "queued tasks that ran after shutdown");
    }

    @ParameterizedTest
    @EnumSource(Pool.class)
    void shutdownNowReturnsTheTasksNeverStartedAndInterruptsTheRunningOnes(Pool pool) throws InterruptedException {
        final ExecutorService e = make(pool, new RecordingFactory());
        final AtomicInteger interrupted = new AtomicInteger();
        occupyEveryWorker(e, pool.threads, new CountDownLatch(1), interrupted);
        final AtomicInteger ran = new AtomicInteger();
        final List<Runnable> queued = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            final Runnable task = ran::incrementAndGet;
            queued.add(task);
            e.execute(task);
        }
        final List<Runnable> neverStarted = e.shutdownNow();
        assertEquals(queued, neverStarted, "the queued tasks, in order");
        assertThrows(RejectedExecutionException.class, () -> e.execute(ran::incrementAndGet));
        awaitTermination(e);
        assertEquals(0, ran.get(), "tasks that ran after shutdownNow");
        assertEquals(pool.threads, interrupted.get(), "running tasks interrupted");
        assertTrue(tpe(e).getQueue().isEmpty());
    }

    @Test
    void boundedPoolRejectsATaskThatFindsTheQueueFull() throws InterruptedException {
        final ExecutorService abort = JcqExecutors.newFixedThreadPool(1, 2);
        made.add(abort);
        final CountDownLatch release = new CountDownLatch(1);
        occupyEveryWorker(abort, 1, release, new AtomicInteger());
        final AtomicInteger ran = new AtomicInteger();
        abort.execute(ran::incrementAndGet);
        abort.execute(ran::incrementAndGet);
        assertThrows(RejectedExecutionException.class, () -> abort.execute(ran::incrementAndGet));

        final ExecutorService callerRuns = JcqExecutors.newFixedThreadPool(1, 2, new RecordingFactory(),
                new ThreadPoolExecutor.CallerRunsPolicy());
        made.add(callerRuns);
        occupyEveryWorker(callerRuns, 1, release, new AtomicInteger());
        callerRuns.execute(ran::incrementAndGet);
        callerRuns.execute(ran::incrementAndGet);
        final List<Thread> ranOn = new CopyOnWriteArrayList<>();
        callerRuns.execute(() -> ranOn.add(Thread.currentThread()));
        assertEquals(List.of(Thread.currentThread()), ranOn, "the full queue's task ran in the caller");
        release.countDown();
        abort.shutdown();
        callerRuns.shutdown();
        awaitTermination(abort);
        awaitTermination(callerRuns);
        assertEquals(4, ran.get());
    }

    @Test
    void singleThreadExecutorShutsDownWhenUnreachable() throws InterruptedException {
        final ThreadPoolExecutor pool = dropSingleThreadExecutorAfterOneTask();
        final Thread cleaner = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> "jcq-executors-cleaner".equals(t.getName())).findFirst().orElse(null);
        assertTrue(cleaner != null && cleaner.isDaemon(), "the cleaner thread: " + cleaner);
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MILLIS);
        while (!pool.isShutdown()) {
            assertTrue(System.nanoTime() - deadline < 0, "the dropped executor's pool is still running");
            System.gc();
            Thread.sleep(10);
        }
        assertTrue(pool.awaitTermination(PATIENCE_MILLIS, TimeUnit.MILLISECONDS));
    }

    /** Runs a task on a new single-thread executor and drops it; the pool behind it. */
    private static ThreadPoolExecutor dropSingleThreadExecutorAfterOneTask() throws InterruptedException {
        final ExecutorService e = JcqExecutors.newSingleThreadExecutor(new RecordingFactory());
        final CountDownLatch ran = new CountDownLatch(1);
        e.execute(ran::countDown);
        await(ran, "the task");
        return ((SingleThreadExecutor) e).pool();
    }

    @Test
    void singleThreadExecutorShutdownShutsItsPoolDown() throws InterruptedException {
        final ExecutorService e = make(Pool.SINGLE, new RecordingFactory());
        final ThreadPoolExecutor pool = tpe(e);
        e.execute(() -> { });
        e.shutdown();
        assertTrue(pool.isShutdown());
        awaitTermination(e);
        assertTrue(e.isTerminated() && pool.isTerminated());
    }

    // ---- Idle workers and thread kinds --------------------------------------------------------

    /** Waits until every thread is parked with {@code blocker} as its blocker; fails with their states if not. */
    private static void awaitParkedOn(List<Thread> threads, Object blocker) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MILLIS);
        while (true) {
            boolean all = true;
            final StringBuilder states = new StringBuilder();
            for (Thread t : threads) {
                final Thread.State state = t.getState();
                final Object b = LockSupport.getBlocker(t);
                states.append(t.getName()).append(' ').append(state).append(" on ").append(b).append("; ");
                all &= (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING) && b == blocker;
            }
            if (all) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                fail("idle workers not parked on the work queue within " + PATIENCE_MILLIS + " ms: " + states);
            }
            Thread.sleep(1);
        }
    }

    /** Starts every worker (each runs one task while all are running), then lets them go idle. */
    private static void startEveryWorker(ExecutorService e, int workers) throws InterruptedException {
        final CountDownLatch allRunning = new CountDownLatch(workers);
        for (int i = 0; i < workers; i++) {
            e.execute(() -> {
                allRunning.countDown();
                try {
                    allRunning.await();
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        await(allRunning, "every worker started");
    }

    @ParameterizedTest
    @EnumSource(Pool.class)
    void idleWorkersParkOnTheWorkQueueAndWakeForATask(Pool pool) throws Exception {
        final RecordingFactory threads = new RecordingFactory();
        final ExecutorService e = make(pool, threads);
        startEveryWorker(e, pool.threads);
        final BlockingQueue<Runnable> queue = tpe(e).getQueue();
        assertInstanceOf(pool.queueType, queue);
        assertEquals(pool.threads, threads.threads.size());
        awaitParkedOn(threads.threads, queue);
        assertEquals(42, e.submit(() -> 42).get(PATIENCE_MILLIS, TimeUnit.MILLISECONDS), "a task woke a worker");
        awaitParkedOn(threads.threads, queue);
    }

    /** {@code Thread.ofVirtual().factory()} and {@code Thread.isVirtual()}, or null before JDK 21. */
    private static final Supplier<ThreadFactory> VIRTUAL_FACTORY;
    private static final Method IS_VIRTUAL;

    static {
        Supplier<ThreadFactory> factory = null;
        Method isVirtual = null;
        try {
            // Java 17 test bytecode cannot name Thread.ofVirtual(): reached by reflection (JDK 21+).
            final Method ofVirtual = Thread.class.getMethod("ofVirtual");
            final Method builderFactory = Class.forName("java.lang.Thread$Builder").getMethod("factory");
            isVirtual = Thread.class.getMethod("isVirtual");
            factory = () -> {
                try {
                    return (ThreadFactory) builderFactory.invoke(ofVirtual.invoke(null));
                } catch (ReflectiveOperationException x) {
                    throw new IllegalStateException(x);
                }
            };
        } catch (ReflectiveOperationException x) {
            factory = null;
        }
        VIRTUAL_FACTORY = factory;
        IS_VIRTUAL = isVirtual;
    }

    private static boolean isVirtual(Thread t) {
        try {
            return (Boolean) IS_VIRTUAL.invoke(t);
        } catch (ReflectiveOperationException x) {
            throw new IllegalStateException(x);
        }
    }

    @ParameterizedTest
    @EnumSource(Pool.class)
    void virtualWorkersRunEveryTaskOnceAndParkOnTheWorkQueueWhenIdle(Pool pool) throws Exception {
        assumeTrue(VIRTUAL_FACTORY != null, "virtual threads need JDK 21+; this is " + Runtime.version());
        final RecordingFactory threads = new RecordingFactory(VIRTUAL_FACTORY.get());
        final ExecutorService e = make(pool, threads);
        final int tasks = 20_000;
        final AtomicIntegerArray runs = new AtomicIntegerArray(tasks);
        final AtomicInteger onPlatform = new AtomicInteger();
        final List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            final int id = i;
            futures.add(e.submit(() -> {
                runs.incrementAndGet(id);
                if (!isVirtual(Thread.currentThread())) {
                    onPlatform.incrementAndGet();
                }
            }));
        }
        for (Future<?> f : futures) {
            f.get(PATIENCE_MILLIS, TimeUnit.MILLISECONDS);
        }
        for (int i = 0; i < tasks; i++) {
            assertEquals(1, runs.get(i), "task " + i);
        }
        assertEquals(0, onPlatform.get(), "tasks run on platform threads");
        assertTrue(threads.threads.stream().allMatch(JcqExecutorsTest::isVirtual), threads.threads.toString());
        startEveryWorker(e, pool.threads);
        awaitParkedOn(threads.threads, tpe(e).getQueue());
        e.shutdown();
        awaitTermination(e);
    }

    // ---- Bad arguments ------------------------------------------------------------------------

    /** {@code call} throws {@code type} naming {@code argument}, and {@code jdk} (its JDK twin) throws {@code type} too. */
    private static void rejects(Class<? extends Throwable> type, String argument, Executable call, Executable jdk) {
        final Throwable t = assertThrows(type, call);
        assertTrue(t.getMessage() != null && t.getMessage().contains(argument), "message: " + t.getMessage());
        if (jdk != null) {
            assertThrows(type, jdk, "the JDK's twin");
        }
    }

    @Test
    void badArgumentsThrowWhatTheJdkThrowsNamingTheArgument() {
        final ThreadFactory threads = new RecordingFactory();
        for (int n : new int[] {0, -1, Integer.MIN_VALUE}) {
            rejects(IllegalArgumentException.class, "nThreads", () -> JcqExecutors.newFixedThreadPool(n),
                    () -> Executors.newFixedThreadPool(n));
            rejects(IllegalArgumentException.class, "nThreads", () -> JcqExecutors.newFixedThreadPool(n, threads),
                    () -> Executors.newFixedThreadPool(n, threads));
            rejects(IllegalArgumentException.class, "nThreads", () -> JcqExecutors.newFixedThreadPool(n, 16), null);
            rejects(IllegalArgumentException.class, "nThreads", () -> JcqExecutors.newFixedThreadPool(n, 16, threads,
                    new ThreadPoolExecutor.AbortPolicy()), null);
        }
        rejects(NullPointerException.class, "threadFactory", () -> JcqExecutors.newFixedThreadPool(1, null),
                () -> Executors.newFixedThreadPool(1, null));
        rejects(NullPointerException.class, "threadFactory", () -> JcqExecutors.newSingleThreadExecutor(null),
                () -> Executors.newSingleThreadExecutor(null));
        for (int capacity : new int[] {1, 0, -1, (1 << 30) + 1}) {
            rejects(IllegalArgumentException.class, "queueCapacity", () -> JcqExecutors.newFixedThreadPool(1, capacity),
                    null);
        }
        rejects(NullPointerException.class, "threadFactory", () -> JcqExecutors.newFixedThreadPool(1, 16, null,
                new ThreadPoolExecutor.AbortPolicy()), null);
        rejects(NullPointerException.class, "handler", () -> JcqExecutors.newFixedThreadPool(1, 16, threads, null),
                null);
    }

    // ---- Shutdown racing submitters -----------------------------------------------------------

    /** A task that knows its number, so that a task handed back by shutdownNow can be told apart. */
    private static final class Numbered implements Runnable {
        final int id;
        private final AtomicIntegerArray runs;

        Numbered(int id, AtomicIntegerArray runs) {
            this.id = id;
            this.runs = runs;
        }

        @Override
        public void run() {
            runs.incrementAndGet(id);
        }
    }

    private static final int RACE_ROUNDS = 300;
    private static final int RACE_SUBMITTERS = 3;
    private static final int RACE_TASKS_PER_SUBMITTER = 2_000;

    /**
     * Submitters {@code execute} while another thread shuts the pool down: every task either runs
     * once or is rejected ({@code execute} throws {@link RejectedExecutionException}), never both,
     * never neither, and {@code execute} throws nothing else.
     * <p>
     * The race it catches: {@link ThreadPoolExecutor#execute} queues the task, then re-checks the
     * pool's state, and if the pool shut down meanwhile it removes the task from the queue
     * ({@code workQueue.remove(task)}) to reject it. Without {@code remove(Object)} of a present
     * element the work queues made {@code execute} throw {@link UnsupportedOperationException}
     * there whenever the shutdown landed in that window with the task still queued (both pools
     * failed in each of 3 runs, JDK 17 and 25, within 300 rounds, before the MPMC blocking queues
     * removed from any position).
     */
    @ParameterizedTest
    @EnumSource(value = Pool.class, names = {"FIXED", "BOUNDED"})
    void everyTaskRunsOrIsRejectedWhenShutdownRacesSubmitters(Pool pool) throws InterruptedException {
        race(pool, false);
    }

    /**
     * The same race with {@code shutdownNow}: every task runs once, is rejected, or is among the
     * tasks {@code shutdownNow} returns, exactly one of the three, and neither {@code execute} nor
     * {@code shutdownNow} throws anything else. {@link ThreadPoolExecutor}'s {@code shutdownNow}
     * drains the queue and, if the drain leaves anything (it stops at a slot a submitter has
     * claimed but not yet written), removes the rest one by one with {@code remove(Object)}; the
     * re-check of {@code execute} removes as above. Without removal this failed too (a
     * {@code shutdownNow} that threw left the undrained tasks in the stopped pool's queue, neither
     * run nor returned).
     */
    @ParameterizedTest
    @EnumSource(value = Pool.class, names = {"FIXED", "BOUNDED"})
    void everyTaskRunsIsRejectedOrIsReturnedWhenShutdownNowRacesSubmitters(Pool pool) throws InterruptedException {
        race(pool, true);
    }

    private void race(Pool pool, boolean now) throws InterruptedException {
        final List<String> problems = new ArrayList<>();
        for (int round = 0; round < RACE_ROUNDS && problems.isEmpty(); round++) {
            final ExecutorService e = make(pool, new RecordingFactory());
            final int tasks = RACE_SUBMITTERS * RACE_TASKS_PER_SUBMITTER;
            final AtomicIntegerArray runs = new AtomicIntegerArray(tasks);
            final AtomicIntegerArray rejected = new AtomicIntegerArray(tasks);
            final AtomicIntegerArray submitted = new AtomicIntegerArray(tasks);
            final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
            final CountDownLatch start = new CountDownLatch(1);
            final List<Thread> submitters = new ArrayList<>();
            for (int s = 0; s < RACE_SUBMITTERS; s++) {
                final int first = s * RACE_TASKS_PER_SUBMITTER;
                final Thread t = new Thread(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException x) {
                        return;
                    }
                    for (int id = first; id < first + RACE_TASKS_PER_SUBMITTER; id++) {
                        submitted.set(id, 1);
                        try {
                            e.execute(new Numbered(id, runs));
                        } catch (RejectedExecutionException x) {
                            rejected.set(id, 1);
                            return; // every later task would be rejected too
                        } catch (Throwable x) {
                            failures.add("task " + id + ": execute threw " + x);
                            return;
                        }
                    }
                }, "race-submitter-" + s);
                t.setDaemon(true);
                t.start();
                submitters.add(t);
            }
            start.countDown();
            // Shut down at a different point of the submissions each round.
            for (int spins = ThreadLocalRandom.current().nextInt(20_000); spins > 0; spins--) {
                Thread.onSpinWait();
            }
            final List<Runnable> returned = new ArrayList<>();
            try {
                if (now) {
                    returned.addAll(e.shutdownNow());
                } else {
                    e.shutdown();
                }
            } catch (Throwable x) {
                failures.add((now ? "shutdownNow" : "shutdown") + " threw " + x);
                e.shutdown();
            }
            for (Thread t : submitters) {
                t.join(PATIENCE_MILLIS);
                assertFalse(t.isAlive(), t + " still submitting");
            }
            awaitTermination(e);
            final AtomicIntegerArray handedBack = new AtomicIntegerArray(tasks);
            for (Runnable r : returned) {
                handedBack.incrementAndGet(((Numbered) r).id);
            }
            for (int id = 0; id < tasks; id++) {
                final int outcomes = runs.get(id) + rejected.get(id) + handedBack.get(id);
                if (submitted.get(id) == 1 ? outcomes != 1 : outcomes != 0) {
                    failures.add("task " + id + " (submitted " + submitted.get(id) + "): ran " + runs.get(id)
                            + ", rejected " + rejected.get(id) + ", returned by shutdownNow " + handedBack.get(id));
                }
            }
            if (!failures.isEmpty()) {
                final List<String> first = new ArrayList<>(failures).subList(0, Math.min(failures.size(), 10));
                problems.add("round " + round + ": " + failures.size() + " problem(s), the first " + first);
            }
            made.remove(e);
        }
        assertTrue(problems.isEmpty(), problems.toString());
    }
}
