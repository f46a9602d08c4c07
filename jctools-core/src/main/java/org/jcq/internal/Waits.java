package org.jcq.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * What the queues' waits need to know about the thread that waits.
 * <p>
 * A virtual thread must not back off by yielding: {@link Thread#yield()} on a virtual thread
 * hands its carrier to another runnable virtual thread, and while a few of them loop on it the
 * scheduler can keep handing the carriers round among them, so that a virtual thread whose park
 * ended (the very consumer or producer they wait for, or any other) is not run again for seconds
 * (measured on JDK 25 with 2 carriers). So the waits ask {@link #isVirtual(Thread)} once per wait,
 * on their cold path, and on a virtual thread they park instead, which gives the carrier back.
 * <p>
 * This module compiles to Java 11 bytecode, where {@code Thread.isVirtual()} (JDK 21) cannot be
 * named: it is looked up once, as a method handle, and where it is absent no thread is virtual.
 */
public final class Waits {
    /** {@code Thread.isVirtual()}, or null before JDK 21 (no virtual threads). */
    private static final MethodHandle IS_VIRTUAL = findIsVirtual();

    private Waits() {
    }

    private static MethodHandle findIsVirtual() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual",
                    MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    /**
     * Whether {@code t} is a virtual thread; always false before JDK 21.
     *
     * @param t a thread, usually the caller's own
     * @return {@code t.isVirtual()} where the runtime has it, false otherwise
     */
    public static boolean isVirtual(Thread t) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(t);
        } catch (Throwable e) {
            // Thread.isVirtual() declares no checked exception: whatever it throws passes unchanged.
            throw Waits.<RuntimeException>rethrow(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T rethrow(Throwable t) throws T {
        throw (T) t;
    }

    /**
     * Whether the calling thread is a virtual thread; always false before JDK 21.
     *
     * @return {@code Thread.currentThread().isVirtual()} where the runtime has it
     */
    public static boolean onVirtualThread() {
        return isVirtual(Thread.currentThread());
    }
}
