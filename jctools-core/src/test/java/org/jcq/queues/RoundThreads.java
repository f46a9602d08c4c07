package org.jcq.queues;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The threads of one round of a concurrent test, platform or virtual, and the one way such a
 * round ends: every wait for its threads has a time limit, and a round that fails (a thread threw,
 * or a wait ran past its limit) stops its own threads before it reports, with the stack of every
 * thread, so that it cannot starve the rounds and tests after it.
 * <p>
 * Unlike {@link Race}, whose spinning threads call back into it, the threads here run a queue's
 * own waits ({@code put}, {@code take}, timed {@code offer}/{@code poll}), so a round is stopped
 * by interrupting them (every wait answers that) and by {@link #stopping()}, which loops that
 * do not wait interruptibly (an {@code offer} retried with a park) check.
 */
final class RoundThreads implements AutoCloseable {
    /** How long a round may wait for its threads before it calls them stuck (a loaded machine included). */
    static final long PATIENCE_MILLIS = 20_000;
    /** How long a stopped round waits for its threads to unwind. */
    private static final long STOP_MILLIS = 2_000;

    /** The kind of thread a round runs on. */
    enum Kind {
        PLATFORM,
        VIRTUAL;

        /** Whether this runtime can make threads of this kind (virtual: JDK 21+). */
        boolean available() {
            return this == PLATFORM || OF_VIRTUAL != null;
        }

        /** A new, unstarted thread of this kind; a platform thread is a daemon. */
        Thread newThread(String name, Runnable body) {
            if (this == PLATFORM) {
                final Thread t = new Thread(body, name);
                t.setDaemon(true);
                return t;
            }
            if (OF_VIRTUAL == null) {
                throw new IllegalStateException("no virtual threads on Java " + Runtime.version().feature());
            }
            // Java 17 bytecode cannot name Thread.ofVirtual(): reached by reflection (JDK 21+).
            try {
                final Object builder = BUILDER_NAME.invoke(OF_VIRTUAL.invoke(null), name);
                return (Thread) BUILDER_UNSTARTED.invoke(builder, body);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot make a virtual thread", e);
            }
        }
    }

    /** {@code Thread.ofVirtual()} and the builder's {@code name} and {@code unstarted}; null before JDK 21. */
    private static final Method OF_VIRTUAL;
    private static final Method BUILDER_NAME;
    private static final Method BUILDER_UNSTARTED;

    static {
        Method ofVirtual = null;
        Method name = null;
        Method unstarted = null;
        try {
            ofVirtual = Thread.class.getMethod("ofVirtual");
            final Class<?> builder = Class.forName("java.lang.Thread$Builder");
            name = builder.getMethod("name", String.class);
            unstarted = builder.getMethod("unstarted", Runnable.class);
        } catch (ReflectiveOperationException e) {
            ofVirtual = null;
        }
        OF_VIRTUAL = ofVirtual;
        BUILDER_NAME = name;
        BUILDER_UNSTARTED = unstarted;
    }

    /** A thread's body; what it throws fails the round. */
    interface Body {
        void run() throws Exception;
    }

    private final String name;
    private final Kind kind;
    private final List<Thread> threads = new ArrayList<>();
    private final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    private volatile boolean stopping;

    /** @param name names the round in failure messages */
    RoundThreads(String name, Kind kind) {
        this.name = name;
        this.kind = kind;
    }

    /** Adds a thread of the round's kind, started by {@link #start()}. */
    Thread thread(String threadName, Body body) {
        final Thread t = kind.newThread(threadName, () -> {
            try {
                body.run();
            } catch (InterruptedException e) {
                if (!stopping) {
                    failures.add(e);
                }
            } catch (Throwable e) {
                failures.add(e);
            }
        });
        threads.add(t);
        return t;
    }

    void start() {
        threads.forEach(Thread::start);
    }

    /** Whether the round is being stopped: loops that do not wait interruptibly check it. */
    boolean stopping() {
        return stopping;
    }

    /**
     * Joins {@code some} of the round's threads within {@link #PATIENCE_MILLIS} in all, then checks
     * that no thread failed. On a time-out or a failure it stops the round and throws, with
     * {@code state} (what the test knows, such as how far the consumer got) and every thread's stack.
     */
    void join(List<Thread> some, Supplier<String> state) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MILLIS);
        for (Thread t : some) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (t.isAlive()) {
                fail(t.getName() + " still running after " + PATIENCE_MILLIS + " ms (a lost wake-up, or starved)",
                        state);
            }
        }
        if (!failures.isEmpty()) {
            fail("a thread failed", state);
        }
    }

    /** Joins every thread of the round, as {@link #join(List, Supplier)}. */
    void joinAll(Supplier<String> state) throws InterruptedException {
        join(threads, state);
    }

    /** Stops the round and throws {@code why}, with {@code state}, the failures and every stack. */
    void fail(String why, Supplier<String> state) {
        final String before = state.get();
        final String dump = dump();
        stop();
        final AssertionError e = new AssertionError(name + ": " + why + "; " + before + "\n" + dump);
        failures.forEach(e::addSuppressed);
        throw e;
    }

    /** Stops the round: asks its loops to stop, interrupts every thread and waits for them a little. */
    private void stop() {
        stopping = true;
        threads.forEach(Thread::interrupt);
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_MILLIS);
        for (Thread t : threads) {
            try {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Stops whatever is still running: a round that passed has nothing left. */
    @Override
    public void close() {
        stop();
    }

    /**
     * The stacks of the round's threads (virtual ones included, which
     * {@link Thread#getAllStackTraces()} leaves out), then of every platform thread.
     */
    String dump() {
        final StringBuilder sb = new StringBuilder("threads of the round:");
        for (Thread t : threads) {
            appendStack(sb, t, t.getStackTrace());
        }
        sb.append("\nall platform threads:");
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            appendStack(sb, e.getKey(), e.getValue());
        }
        return sb.toString();
    }

    private static void appendStack(StringBuilder sb, Thread t, StackTraceElement[] stack) {
        sb.append("\n\"").append(t.getName()).append("\" ").append(t.getState());
        for (StackTraceElement s : stack) {
            sb.append("\n\tat ").append(s);
        }
    }
}
