package org.jcq.internal;

import java.util.Optional;

import org.jcq.internal.jfr.Events;

/**
 * The queues' Flight Recorder events, reached without naming {@code jdk.jfr}.
 * <p>
 * Core requires {@code jdk.jfr} statically only: a runtime may lack it (a {@code jlink}ed image
 * of {@code java.base}), and a module path launch resolves it only when something asks for it
 * ({@code -XX:StartFlightRecording} does). So {@link #ON} is decided once, from whether that
 * module is in the boot layer and this class's module reads it, and every method here calls into
 * {@link Events} only when it is true. No signature or field here names a {@code jdk.jfr} type,
 * and the JVM resolves {@code Events} at its first call, not when this class is loaded or
 * verified, so this class loads and runs without {@code jdk.jfr}, and then never loads
 * {@code Events} or an event class.
 * <p>
 * Callers are wait loops, never fast paths. A stall or park is begun once a wait is already long
 * (a spin loop's first re-check, a blocking wait's first park): with the module absent that costs
 * a test of a constant, which the JIT folds away; with it present and no recording enabling the
 * event, a static call that reads the event class's state. The end methods do nothing for a null
 * event, so a wait that was never begun pays one null test as it returns.
 */
public final class Flight {
    /** Whether {@code jdk.jfr} can be reached: in the boot layer, and read by this module. */
    public static final boolean ON = jfrReadable();

    private Flight() {
    }

    private static boolean jfrReadable() {
        final Optional<Module> jfr = ModuleLayer.boot().findModule("jdk.jfr");
        // The unnamed module (core on the class path) reads every module.
        return jfr.isPresent() && Flight.class.getModule().canRead(jfr.get());
    }

    /**
     * Begins a producer stall: a consumer waits for a producer between its claim and its store.
     *
     * @return the stall to pass to {@link #producerStall}, or null if no recording wants it
     */
    public static Object beginProducerStall() {
        return ON ? Events.beginProducerStall() : null;
    }

    /**
     * Ends a stall {@link #beginProducerStall} returned, the consumer having seen the element (or
     * the producer's SKIP); nothing if {@code stall} is null.
     *
     * @param stall the stall, or null
     * @param queue the queue
     * @param index the index it waited at (-1 where the queue has none)
     */
    public static void producerStall(Object stall, Object queue, long index) {
        if (stall != null) {
            Events.endProducerStall(stall, queue.getClass(), index);
        }
    }

    /**
     * Begins a room wait: a producer waits for a consumer between its claim and its clearing of a
     * slot.
     *
     * @return the wait to pass to {@link #roomWait}, or null if no recording wants it
     */
    public static Object beginRoomWait() {
        return ON ? Events.beginRoomWait() : null;
    }

    /**
     * Ends a wait {@link #beginRoomWait} returned, the slot having been cleared; nothing if
     * {@code wait} is null.
     *
     * @param wait the wait, or null
     * @param queue the queue
     * @param index the producer index whose slot it waited for
     */
    public static void roomWait(Object wait, Object queue, long index) {
        if (wait != null) {
            Events.endRoomWait(wait, queue.getClass(), index);
        }
    }

    /**
     * Begins a park of a blocking queue's wait, just before its first park.
     *
     * @return the park to pass to {@link #park}, or null if no recording wants it
     */
    public static Object beginPark() {
        return ON ? Events.beginPark() : null;
    }

    /**
     * Ends a park {@link #beginPark} returned, as the wait ends; nothing if {@code park} is null.
     * Never throws: it runs after the wait has taken or added its element, and a failure to
     * record (the commit is JFR's; an {@link OutOfMemoryError} or a {@link StackOverflowError}
     * there) must not make the caller believe the element was not moved. Such an event is dropped.
     *
     * @param park the park, or null
     * @param queue the queue
     * @param producer whether a producer waited for room (else a consumer for an element)
     * @param done whether the wait took or added an element
     */
    public static void park(Object park, Object queue, boolean producer, boolean done) {
        if (park != null) {
            try {
                Events.endPark(park, queue.getClass(), producer, done);
            } catch (Throwable dropped) {
                // The event is lost, the element is not (see above).
            }
        }
    }

    /**
     * Records that a checked queue caught a second thread on a single side, if a recording wants
     * it.
     *
     * @param queue the checked queue's queue
     * @param side "producer" or "consumer"
     * @param thread the thread caught entering
     * @param method the method it called
     * @param inside the thread that was inside
     * @param insideMethod the method that thread was in
     */
    public static void checkedViolation(Object queue, String side, Thread thread, String method, Thread inside,
            String insideMethod) {
        if (ON) {
            Events.checkedViolation(queue.getClass(), side, thread.getName(), method, inside.getName(),
                    insideMethod);
        }
    }
}
