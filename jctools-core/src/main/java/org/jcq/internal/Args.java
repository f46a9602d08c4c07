package org.jcq.internal;

/** Argument checks shared by the queues; each message names the argument and its value. */
public final class Args {
    /** The largest power of two an {@code int} holds, and so the largest array queue capacity. */
    public static final int MAX_POW2 = 1 << 30;

    private Args() {
    }

    /**
     * Checks a requested capacity and rounds it up to a power of two.
     *
     * @param name the argument's name, for the message
     * @param requested the requested capacity
     * @param min the smallest allowed request
     * @return the smallest power of two {@code >= requested} (1 for a request of 0)
     * @throws IllegalArgumentException if {@code requested} is below {@code min} or above 2^30
     */
    public static int pow2Capacity(String name, int requested, int min) {
        if (requested < min || requested > MAX_POW2) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + MAX_POW2 + "] but was " + requested);
        }
        return requested <= 1 ? 1 : Integer.highestOneBit(requested - 1) << 1;
    }

    /**
     * Checks a requested capacity and returns the queue's bound: the request rounded up to a power
     * of two ({@link #pow2Capacity}), or, if {@code exact}, the request itself, which must then be
     * at least 1 as well as at least {@code min}.
     *
     * @param name the argument's name, for the message
     * @param requested the requested capacity
     * @param min the smallest allowed request
     * @param exact whether the bound is the request itself
     * @return the bound
     * @throws IllegalArgumentException if {@code requested} is out of range
     */
    public static int capacity(String name, int requested, int min, boolean exact) {
        return exact ? inRange(name, requested, Math.max(1, min), MAX_POW2) : pow2Capacity(name, requested, min);
    }

    /**
     * Checks an argument lies in a closed range.
     *
     * @param name the argument's name, for the message
     * @param value the value
     * @param min the smallest allowed value
     * @param max the largest allowed value
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value} is below {@code min} or above {@code max}
     */
    public static int inRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "] but was " + value);
        }
        return value;
    }

    /**
     * Checks a requested chunk size and rounds it up to a power of two that must stay below a
     * bound (itself a power of two).
     *
     * @param name the argument's name, for the message
     * @param requested the requested size
     * @param min the smallest allowed request
     * @param boundName the bound's name, for the message
     * @param bound the bound, a power of two
     * @return the smallest power of two {@code >= requested}
     * @throws IllegalArgumentException if {@code requested} is below {@code min}, above 2^30, or
     *     rounds up to {@code bound} or more
     */
    public static int pow2Below(String name, int requested, int min, String boundName, int bound) {
        final int pow2 = pow2Capacity(name, requested, min);
        if (pow2 >= bound) {
            throw new IllegalArgumentException(name + " must round up to a power of two below " + boundName + " ("
                    + bound + ") but was " + requested);
        }
        return pow2;
    }

    /**
     * Checks a {@code drain}/{@code fill} limit.
     *
     * @param limit the limit
     * @return {@code limit}
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    public static int limit(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0 but was " + limit);
        }
        return limit;
    }

    /**
     * Checks an argument is not null.
     *
     * @param <T> its type
     * @param name the argument's name, for the message
     * @param value the value
     * @return {@code value}
     * @throws NullPointerException if {@code value} is {@code null}
     */
    public static <T> T notNull(String name, T value) {
        if (value == null) {
            throw new NullPointerException(name + " must not be null");
        }
        return value;
    }

    /**
     * Checks a {@code drain}/{@code fill} callback (consumer, supplier, wait strategy or exit
     * condition) is not null. As JCTools does, a null callback is an illegal argument rather than a
     * {@link NullPointerException}, which stays the answer to a null element.
     *
     * @param <T> its type
     * @param name the argument's name, for the message
     * @param value the value
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value} is {@code null}
     */
    public static <T> T callback(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    /**
     * The exception for a null element offered to a queue.
     *
     * @return a {@link NullPointerException} naming the argument
     */
    public static NullPointerException nullElement() {
        return new NullPointerException("e (the element) must not be null");
    }

    /**
     * The exception for a fill whose supplier returned null.
     *
     * @param added how many elements this fill added before the null; they stay in the queue
     * @return a {@link NullPointerException} saying so
     */
    public static NullPointerException nullSupplied(int added) {
        return new NullPointerException("s (the supplier) returned null after " + added
                + " element(s) of this fill were added; they stay in the queue");
    }
}
