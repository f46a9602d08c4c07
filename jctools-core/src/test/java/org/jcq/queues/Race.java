package org.jcq.queues;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Runs a few threads against each other under time limits, for the concurrent tests.
 * <p>
 * A race fails when a thread throws, when it runs past its hard limit, or, if it watches a
 * progress counter ({@link #watching}), when the counter stands still for the stall limit. A lost
 * element leaves consumers waiting, so it shows as a stall within seconds, while a race that is
 * merely slow (a busy machine with fewer cores than the race has threads) keeps going up to the
 * hard limit.
 * <p>
 * Every thread's spin loop calls {@link #idle()}, which yields and unwinds the thread once the
 * race is over, so no test thread outlives its test. {@link #run()} rethrows the first failure
 * with the others attached as suppressed, and says how far the race got.
 */
final class Race {
    private static final Duration STALL_LIMIT = Duration.ofSeconds(10);
    private static final Duration HARD_LIMIT = Duration.ofSeconds(60);
    /** How long {@link #run()} waits for threads to unwind after the race was called off. */
    private static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final int SPINS_BEFORE_YIELD = 50;

    /** A thread's body. */
    interface Task {
        void run() throws Exception;
    }

    /** Thrown by {@link #idle()} in the threads that did not fail, to unwind them quietly. */
    private static final class Aborted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Aborted() {
            super(null, null, false, false);
        }
    }

    private final List<Thread> threads = new ArrayList<>();
    private final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    private final CountDownLatch start = new CountDownLatch(1);
    private LongSupplier progress;
    private Supplier<String> description = () -> "";
    private Duration stallLimit = STALL_LIMIT;
    private volatile long deadline;
    private volatile long lastProgressAt;
    private volatile long lastProgress;
    /** Why the race was called off by a limit; null while it runs or if a thread failed. */
    private volatile String overdue;
    private volatile boolean aborted;

    /**
     * Watches {@code progress} (a counter that grows while the race makes progress, such as the
     * number of elements consumed) for stalls, and uses {@code description} in failure messages.
     */
    Race watching(LongSupplier progress, Supplier<String> description) {
        this.progress = progress;
        this.description = description;
        return this;
    }

    /** Replaces the default stall limit of {@link #watching}'s counter (10 s) with {@code limit}. */
    Race stallLimit(Duration limit) {
        this.stallLimit = limit;
        return this;
    }

    /** Adds a thread; it starts with the others when {@link #run()} is called. */
    Race thread(String name, Task task) {
        final Thread t = new Thread(() -> body(task), name);
        t.setDaemon(true);
        threads.add(t);
        return this;
    }

    private void body(Task task) {
        try {
            start.await();
            task.run();
        } catch (Aborted quiet) {
            // another thread failed, or a limit was reached; run() reports it
        } catch (Throwable t) {
            failures.add(t);
            aborted = true;
        }
    }

    /**
     * For spin loops: waits a little, and unwinds the calling thread once the race is over. It
     * spins briefly before it yields: the thread it waits for may be running on another core, and
     * on a busy machine a yield can hand the core to another process for a whole time slice.
     */
    void idle() {
        for (int i = 0; i < SPINS_BEFORE_YIELD; i++) {
            Thread.onSpinWait();
        }
        Thread.yield();
        checkRunning();
    }

    /** Unwinds the calling thread once the race is over, without yielding. */
    void checkRunning() {
        if (aborted || pastLimit()) {
            throw new Aborted();
        }
    }

    /** Checks the limits; once one is reached, calls the race off and returns true. */
    private boolean pastLimit() {
        final long now = System.nanoTime();
        if (now - deadline >= 0) {
            return callOff("ran past its hard limit of " + HARD_LIMIT);
        }
        if (progress != null) {
            final long value = progress.getAsLong();
            if (value != lastProgress) {
                // Time before value: a thread that sees the new value also sees its time.
                lastProgressAt = now;
                lastProgress = value;
            } else if (now - lastProgressAt >= stallLimit.toNanos()) {
                return callOff("made no progress for " + stallLimit + " (lost elements?)");
            }
        }
        return false;
    }

    private boolean callOff(String why) {
        if (overdue == null) {
            overdue = why;
        }
        aborted = true;
        return true;
    }

    /** Starts every thread, waits for all of them, and fails on any error or reached limit. */
    void run() {
        final long started = System.nanoTime();
        deadline = started + HARD_LIMIT.toNanos();
        lastProgressAt = started;
        lastProgress = progress == null ? 0 : progress.getAsLong();
        threads.forEach(Thread::start);
        start.countDown();
        long calledOffAt = 0;
        for (Thread t : threads) {
            while (t.isAlive()) {
                join(t, 50);
                if (calledOffAt == 0 && (aborted || pastLimit())) {
                    calledOffAt = System.nanoTime();
                }
                if (calledOffAt != 0 && System.nanoTime() - calledOffAt > GRACE_NANOS) {
                    break;
                }
            }
        }
        final List<String> stuck = new ArrayList<>();
        for (Thread t : threads) {
            if (t.isAlive()) {
                stuck.add(t.getName() + " " + List.of(t.getStackTrace()));
            }
        }
        final String progressReport = describe();
        final Throwable first = failures.poll();
        if (first != null) {
            failures.forEach(first::addSuppressed);
            throw new AssertionError(first.getMessage() + progressReport, first);
        }
        if (overdue != null || !stuck.isEmpty()) {
            throw new AssertionError("race " + (overdue == null ? "did not finish" : overdue) + progressReport
                    + (stuck.isEmpty() ? "" : "; threads stuck: " + stuck));
        }
    }

    private void join(Thread t, long millis) {
        try {
            t.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            aborted = true;
            throw new AssertionError("interrupted while waiting for " + t.getName(), e);
        }
    }

    private String describe() {
        final String text = description.get();
        return text.isEmpty() ? "" : " (" + text + ")";
    }
}
