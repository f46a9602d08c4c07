package org.jcq.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.Future;

/**
 * A {@link JcqDefaultEventLoopGroup} loop shut down while threads hand it tasks: every task runs
 * once or is rejected once, never both and never neither (issue 35, defect 9). A task is rejected
 * when {@code execute}, {@code submit} or {@code schedule} throws
 * {@link RejectedExecutionException}, or when its future fails with one. The race is narrow (a
 * task passes Netty's shut-down check before the loop's last run of its tasks and lands in the
 * queue after it), so each test runs rounds until its budget is spent, at least
 * {@value #MIN_ROUNDS}, and fails if any round lost or doubled a task, saying how many did. Before
 * the fix 3 to 8 rounds in 100 lost a task (each test, 166 to 1329 rounds a run).
 * <p>
 * Each round: a group of one loop (already started), {@value #SUBMITTERS} threads waiting on a
 * latch to hand it tasks in a loop until one is rejected, and the test thread, which releases the
 * latch and at once calls {@code shutdownGracefully(0, 0)} (no quiet period) or, every other round
 * of the first test, the deprecated {@code shutdown()}. Once the group has terminated no task can
 * run any more, so each is checked then.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DefaultLoopShutdownTest {
    /** Rounds run whatever the budget. */
    private static final int MIN_ROUNDS = 100;
    /** No round starts after this much time (once {@link #MIN_ROUNDS} are done). */
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(3);
    /** Threads per round that hand tasks to the loop. */
    private static final int SUBMITTERS = 4;
    /** The most tasks a submitter hands over in a round. */
    private static final int MAX_TASKS = 20_000;
    /** How long a round waits for its threads and for the group to terminate. */
    private static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(30);

    /** How a submitter hands over its tasks. */
    private enum Mode {
        /** {@code execute}, a new task each time. */
        EXECUTE,
        /** {@code submit}: a task that ran must have completed its future. */
        SUBMIT,
        /**
         * {@code schedule} an hour ahead: such a task never runs, its future must be done
         * (cancelled by the shutdown) unless it was rejected.
         */
        SCHEDULE,
        /** {@code execute} of one task object that every such submitter of the round shares. */
        SHARED
    }

    /**
     * Each task object handed over by {@code execute}, {@code submit} or {@code schedule} while the
     * loop shuts down (gracefully, or at once every other round) runs once or is rejected once, and
     * a submitted or scheduled one's future is done once the group has terminated.
     */
    @Test
    void everyTaskGivenWhileTheLoopShutsDownRunsOnceOrIsRejectedOnce() throws Exception {
        rounds(true, Mode.EXECUTE, Mode.SUBMIT, Mode.SCHEDULE, Mode.EXECUTE);
    }

    /**
     * One task object handed over by {@code execute} from every submitter, again and again, while
     * the loop shuts down: it runs as many times as it was not rejected. (Which call a rejection
     * answers cannot be told, as the copies are one object.)
     */
    @Test
    void oneTaskObjectGivenManyTimesRunsAsOftenAsItIsNotRejected() throws Exception {
        rounds(false, Mode.SHARED, Mode.SHARED, Mode.SHARED, Mode.SHARED);
    }

    /**
     * Runs rounds of submitters of the given modes until the budget is spent, every other one with
     * {@code shutdown()} if {@code alsoAtOnce}; fails if any went wrong.
     */
    private static void rounds(boolean alsoAtOnce, Mode... modes) throws Exception {
        final long start = System.nanoTime();
        int rounds = 0;
        int failed = 0;
        String first = null;
        while (rounds < MIN_ROUNDS || System.nanoTime() - start < BUDGET_NANOS) {
            final boolean atOnce = alsoAtOnce && rounds % 2 == 1;
            final String fault = round(atOnce, modes);
            rounds++;
            if (fault != null) {
                failed++;
                if (first == null) {
                    first = "round " + rounds + (atOnce ? " (shutdown())" : "") + ": " + fault;
                }
            }
        }
        assertEquals(0, failed, failed + " of " + rounds + " rounds lost or doubled a task; first: " + first);
    }

    /** One round, shut down at once or gracefully; what went wrong with its tasks, or null. */
    @SuppressWarnings("deprecation")
    private static String round(boolean atOnce, Mode... modes) throws Exception {
        final EventLoopGroup group = new JcqDefaultEventLoopGroup(1);
        final EventLoop loop = group.next();
        loop.submit(() -> null).get(10, TimeUnit.SECONDS);
        final CountDownLatch go = new CountDownLatch(1);
        final CountDownLatch ready = new CountDownLatch(modes.length);
        final AtomicInteger sharedRuns = new AtomicInteger();
        final Runnable shared = sharedRuns::incrementAndGet;
        final List<Submitter> submitters = new ArrayList<>();
        final List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < modes.length; t++) {
            final Submitter s = new Submitter(loop, t, modes[t], shared, go, ready);
            submitters.add(s);
            final Thread thread = new Thread(s, "submitter-" + t);
            thread.start();
            threads.add(thread);
        }
        assertTrue(ready.await(DEADLINE_NANOS, TimeUnit.NANOSECONDS), "submitters did not start");
        go.countDown();
        final Future<?> terminated;
        if (atOnce) {
            group.shutdown();
            terminated = group.terminationFuture();
        } else {
            terminated = group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
        }
        final long deadline = System.nanoTime() + DEADLINE_NANOS;
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            assertFalse(t.isAlive(), t.getName() + " still running");
        }
        assertTrue(terminated.await(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS),
                "the group did not terminate");
        int sharedGiven = 0;
        int sharedRejected = 0;
        for (Submitter s : submitters) {
            if (s.mode == Mode.SHARED) {
                sharedGiven += s.given;
                sharedRejected += s.rejectedCount();
                continue;
            }
            final String fault = s.fault();
            if (fault != null) {
                return fault;
            }
        }
        if (sharedRuns.get() + sharedRejected != sharedGiven) {
            return "the shared task was given " + sharedGiven + " times, ran " + sharedRuns.get()
                    + " times and was rejected " + sharedRejected + " times";
        }
        return null;
    }

    /** Hands the loop tasks from the latch on until one is rejected, and keeps what happened to each. */
    private static final class Submitter implements Runnable {
        private final EventLoop loop;
        private final int id;
        private final Mode mode;
        private final Runnable shared;
        private final CountDownLatch go;
        private final CountDownLatch ready;
        /** How many times the loop ran each task (not for SHARED). */
        private final AtomicIntegerArray runs;
        /** Whether the call that handed over each task threw RejectedExecutionException. */
        private final boolean[] rejected = new boolean[MAX_TASKS];
        /** Each submitted or scheduled task's future, when the call returned one. */
        private final Future<?>[] futures;
        /** How many tasks were handed over (read after the thread is joined). */
        private int given;

        Submitter(EventLoop loop, int id, Mode mode, Runnable shared, CountDownLatch go, CountDownLatch ready) {
            this.loop = loop;
            this.id = id;
            this.mode = mode;
            this.shared = shared;
            this.go = go;
            this.ready = ready;
            runs = mode == Mode.SHARED ? null : new AtomicIntegerArray(MAX_TASKS);
            futures = mode == Mode.SUBMIT || mode == Mode.SCHEDULE ? new Future<?>[MAX_TASKS] : null;
        }

        @Override
        public void run() {
            try {
                ready.countDown();
                go.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (int i = 0; i < MAX_TASKS; i++) {
                given = i + 1;
                try {
                    hand(i);
                } catch (RejectedExecutionException e) {
                    rejected[i] = true;
                    break;
                }
            }
        }

        private void hand(int task) {
            switch (mode) {
                case EXECUTE:
                    loop.execute(() -> runs.incrementAndGet(task));
                    break;
                case SUBMIT:
                    futures[task] = loop.submit(() -> runs.incrementAndGet(task));
                    break;
                case SCHEDULE:
                    futures[task] = loop.schedule(() -> runs.incrementAndGet(task), 1, TimeUnit.HOURS);
                    break;
                default:
                    loop.execute(shared);
            }
        }

        int rejectedCount() {
            int n = 0;
            for (int i = 0; i < given; i++) {
                n += rejected[i] ? 1 : 0;
            }
            return n;
        }

        /** What went wrong with this submitter's tasks, or null; once the group has terminated. */
        String fault() {
            for (int i = 0; i < given; i++) {
                final int ran = runs.get(i);
                final Future<?> f = futures == null ? null : futures[i];
                final boolean failedRejected = f != null && f.cause() instanceof RejectedExecutionException;
                final int rejections = (rejected[i] ? 1 : 0) + (failedRejected ? 1 : 0);
                final String what = "submitter " + id + " (" + mode + "), task " + i + " of " + given + ": ";
                if (mode == Mode.SCHEDULE) {
                    if (ran != 0 || rejections + (f != null && f.isCancelled() ? 1 : 0) != 1) {
                        return what + "ran " + ran + " times, rejected " + rejections + " times, future "
                                + (f == null ? "none" : f.isDone() ? "done: " + f.cause() : "not done");
                    }
                } else if (ran + rejections != 1) {
                    return what + "ran " + ran + " times, rejected " + rejections + " times"
                            + (f == null ? "" : ", future done: " + f.isDone());
                } else if (ran == 1 && f != null && !f.isSuccess()) {
                    return what + "ran but its future is " + (f.isDone() ? "failed: " + f.cause() : "not done");
                }
            }
            return null;
        }
    }
}
