package org.jcq.queues.blocking;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/** The queues under test and the thread helpers the suites share. */
final class BlockingQueues {
    /** Loose upper bound for anything that should happen "soon" on a loaded machine. */
    static final long PATIENCE_MILLIS = 20_000;

    private BlockingQueues() {
    }

    /** A queue under test: how to build it and how many producers/consumers it allows. */
    static final class Spec {
        final String name;
        final IntFunction<BlockingQueue<Integer>> factory;
        final boolean multiProducer;
        final boolean multiConsumer;

        Spec(String name, IntFunction<BlockingQueue<Integer>> factory, boolean multiProducer, boolean multiConsumer) {
            this.name = name;
            this.factory = factory;
            this.multiProducer = multiProducer;
            this.multiConsumer = multiConsumer;
        }

        BlockingQueue<Integer> create(int capacity) {
            return factory.apply(capacity);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static final Spec SPSC = new Spec("SpscBlockingArrayQueue", SpscBlockingArrayQueue::new, false, false);
    static final Spec MPSC = new Spec("MpscBlockingArrayQueue", MpscBlockingArrayQueue::new, true, false);
    static final Spec MPMC = new Spec("MpmcBlockingArrayQueue", MpmcBlockingArrayQueue::new, true, true);
    /** The JDK's reference, so that a contract test that fails for it is known to be wrong. */
    static final Spec ABQ = new Spec("ArrayBlockingQueue", ArrayBlockingQueue::new, true, true);

    /** The queues of this package. */
    static Stream<Spec> ours() {
        return Stream.of(SPSC, MPSC, MPMC);
    }

    /** Ours and the JDK's reference. */
    static Stream<Spec> oursAndReference() {
        return Stream.of(SPSC, MPSC, MPMC, ABQ);
    }

    /** How threads are made: platform threads, or virtual threads where the runtime has them. */
    enum Kind {
        PLATFORM,
        VIRTUAL;

        /** A new, unstarted daemon thread of this kind. */
        Thread newThread(String name, Runnable body) {
            if (this == PLATFORM) {
                final Thread t = new Thread(body, name);
                t.setDaemon(true);
                return t;
            }
            // Java 11/17 bytecode cannot name Thread.ofVirtual(); reach it reflectively (JDK 21+).
            try {
                final Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
                final Class<?> builderType = Class.forName("java.lang.Thread$Builder");
                final Object named = builderType.getMethod("name", String.class).invoke(builder, name);
                final Method unstarted = builderType.getMethod("unstarted", Runnable.class);
                return (Thread) unstarted.invoke(named, body);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError("virtual threads unavailable; check available() first", e);
            }
        }

        /** Whether this runtime can make threads of this kind. */
        boolean available() {
            if (this == PLATFORM) {
                return true;
            }
            try {
                Thread.class.getMethod("ofVirtual");
                return true;
            } catch (NoSuchMethodException e) {
                return false;
            }
        }
    }

    /** The wait room of one of {@link #ours()}. */
    static WaitRoom roomOf(BlockingQueue<Integer> q) {
        if (q instanceof SpscBlockingArrayQueue) {
            return ((SpscBlockingArrayQueue<Integer>) q).room;
        }
        if (q instanceof MpscBlockingArrayQueue) {
            return ((MpscBlockingArrayQueue<Integer>) q).room;
        }
        return ((MpmcBlockingArrayQueue<Integer>) q).room;
    }

    /** Every kind the runtime has. */
    static List<Kind> availableKinds() {
        final List<Kind> kinds = new ArrayList<>();
        for (Kind k : Kind.values()) {
            if (k.available()) {
                kinds.add(k);
            }
        }
        return kinds;
    }

    /**
     * Waits (polling, never sleeping as a substitute for a handshake) until {@code t} is parked in
     * a wait, or has ended; fails after {@link #PATIENCE_MILLIS}.
     */
    static void awaitParked(Thread t) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MILLIS);
        while (true) {
            final Thread.State s = t.getState();
            if (s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.TERMINATED) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                fail("thread " + t.getName() + " never parked; state " + s);
            }
            Thread.sleep(1);
        }
    }

    /** Joins {@code t}, failing with its stack if it is still alive after {@link #PATIENCE_MILLIS}. */
    static void joinOrFail(Thread t) throws InterruptedException {
        t.join(PATIENCE_MILLIS);
        if (t.isAlive()) {
            final StringBuilder stack = new StringBuilder();
            for (StackTraceElement e : t.getStackTrace()) {
                stack.append("\n\tat ").append(e);
            }
            t.interrupt();
            fail("thread " + t.getName() + " still running (state " + t.getState() + "):" + stack);
        }
    }
}
