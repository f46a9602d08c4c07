package org.jcq.queues;

import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * What a test's chunk allocator throws in place of allocating: the failures a queue must survive
 * on its allocation path, each of a different kind (an {@link Error} the VM throws there, another
 * one that is no {@link OutOfMemoryError}, and an unchecked exception), so a queue that restores
 * its state for one kind only fails the others.
 */
enum InjectedFailure {
    OUT_OF_MEMORY {
        @Override
        Throwable create() {
            return new OutOfMemoryError("injected");
        }
    },
    STACK_OVERFLOW {
        @Override
        Throwable create() {
            return new StackOverflowError("injected");
        }
    },
    RUNTIME_EXCEPTION {
        @Override
        Throwable create() {
            return new IllegalStateException("injected");
        }
    };

    /** A new throwable of this kind. */
    abstract Throwable create();

    /** The class of what {@link #create()} returns, for {@code assertThrows}. */
    Class<? extends Throwable> type() {
        return create().getClass();
    }

    /**
     * An allocator of {@code Object[]} chunks that throws this failure while {@code failing} says
     * so, and allocates otherwise.
     */
    IntFunction<Object[]> allocator(BooleanSupplier failing) {
        return length -> {
            if (failing.getAsBoolean()) {
                throw sneaky(create());
            }
            return new Object[length];
        };
    }

    /** Throws any throwable from a lambda that declares none (the failures here are unchecked). */
    private static RuntimeException sneaky(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        throw (Error) t;
    }
}
