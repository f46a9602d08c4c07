package org.jcq.benchmarks.support;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts a benchmark's helper thread (or makes an executor's workers, {@link #factory}) as a
 * platform thread or, on JDK 21 and later, as a virtual thread, so one benchmark can compare how a
 * queue hands work to either kind.
 * <p>
 * The module compiles with {@code --release 17}, where {@code Thread.ofVirtual()} does not exist,
 * so the virtual kind is reached by reflection, once, when this class loads; on an older JDK
 * {@link #start} rejects it with a message that says so instead of failing deep in a benchmark.
 * Reflection costs only at thread start, never on a measured path.
 */
public final class ThreadKind {
    /** A platform (OS) thread. */
    public static final String PLATFORM = "platform";
    /** A virtual thread (JDK 21+). */
    public static final String VIRTUAL = "virtual";
    /** The accepted kinds. */
    public static final List<String> KINDS = List.of(PLATFORM, VIRTUAL);
    /** {@code Thread.Builder.unstarted(Runnable)}, or null before JDK 21. */
    private static final Method UNSTARTED = findUnstarted();
    /** {@code Thread.ofVirtual()}, or null before JDK 21. */
    private static final Method OF_VIRTUAL = findOfVirtual();

    private ThreadKind() {
    }

    private static Method findOfVirtual() {
        try {
            return Thread.class.getMethod("ofVirtual");
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static Method findUnstarted() {
        try {
            // Looked up on the public interface: the builder's own class is not accessible.
            return Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            return null;
        }
    }

    /** @return whether this JDK can start virtual threads */
    public static boolean virtualAvailable() {
        return OF_VIRTUAL != null && UNSTARTED != null;
    }

    /**
     * @param kind one of {@link #KINDS}
     * @return {@code kind}
     * @throws IllegalArgumentException if {@code kind} is unknown, or virtual on a JDK before 21
     */
    public static String check(String kind) {
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("Unknown threadKind: '" + kind + "'; known: " + KINDS);
        }
        if (VIRTUAL.equals(kind) && !virtualAvailable()) {
            throw new IllegalArgumentException("threadKind=" + VIRTUAL + " needs JDK 21 or later; this is "
                    + Runtime.version());
        }
        return kind;
    }

    /**
     * Starts {@code task} on a new thread of {@code kind}. A platform thread is a daemon, so a
     * thread a failing run leaves behind cannot keep the JVM alive (virtual threads always are).
     *
     * @param kind one of {@link #KINDS}
     * @param name the thread's name
     * @param task what it runs
     * @return the started thread
     * @throws IllegalArgumentException as {@link #check(String)}
     */
    public static Thread start(String kind, String name, Runnable task) {
        final Thread t = PLATFORM.equals(check(kind)) ? platform(task) : virtual(task);
        t.setName(name);
        t.start();
        return t;
    }

    /**
     * A factory of unstarted threads of {@code kind}, named {@code namePrefix} and a number from 1
     * (an executor's workers); platform threads are daemons, as {@link #start}'s are.
     *
     * @param kind one of {@link #KINDS}
     * @param namePrefix the threads' name, before their number
     * @return the factory
     * @throws IllegalArgumentException as {@link #check(String)}
     */
    public static ThreadFactory factory(String kind, String namePrefix) {
        final boolean platform = PLATFORM.equals(check(kind));
        final AtomicInteger made = new AtomicInteger();
        return task -> {
            final Thread t = platform ? platform(task) : virtual(task);
            t.setName(namePrefix + made.incrementAndGet());
            return t;
        };
    }

    private static Thread platform(Runnable task) {
        final Thread t = new Thread(task);
        t.setDaemon(true);
        return t;
    }

    private static Thread virtual(Runnable task) {
        try {
            return (Thread) UNSTARTED.invoke(OF_VIRTUAL.invoke(null), task);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot start a virtual thread on " + Runtime.version(), e);
        }
    }
}
