package org.jcq.internal.jfr;

/**
 * Where {@link org.jcq.internal.Flight} reaches the events: every method takes and returns
 * {@code java.base} types only, so that no class outside this package names a {@code jdk.jfr}
 * type. Only {@code Flight} calls it, and only once it has found the {@code jdk.jfr} module, so
 * this class, and the events, are never loaded on a runtime without it.
 * <p>
 * An event begun is returned as an {@code Object} and ended by the matching method. Whether an
 * event is enabled is asked of one instance per class made here: {@code isEnabled()} reads the
 * class's state, not the instance's, so no wait allocates unless a recording has the event on.
 */
public final class Events {
    private static final ProducerStall PRODUCER_STALL = new ProducerStall();
    private static final RoomWait ROOM_WAIT = new RoomWait();
    private static final Park PARK = new Park();
    private static final CheckedViolation CHECKED_VIOLATION = new CheckedViolation();

    private Events() {
    }

    /**
     * Begins a {@code org.jcq.ProducerStall}.
     *
     * @return the event, begun, or null if no recording has it enabled
     */
    public static Object beginProducerStall() {
        if (!PRODUCER_STALL.isEnabled()) {
            return null;
        }
        final ProducerStall e = new ProducerStall();
        e.begin();
        return e;
    }

    /**
     * Ends and commits (if over its threshold) a stall {@link #beginProducerStall} returned.
     *
     * @param stall the event
     * @param queueClass the queue's class
     * @param index the index waited at
     */
    public static void endProducerStall(Object stall, Class<?> queueClass, long index) {
        final ProducerStall e = (ProducerStall) stall;
        e.end();
        if (e.shouldCommit()) {
            e.queueClass = queueClass;
            e.index = index;
            e.commit();
        }
    }

    /**
     * Begins a {@code org.jcq.RoomWait}.
     *
     * @return the event, begun, or null if no recording has it enabled
     */
    public static Object beginRoomWait() {
        if (!ROOM_WAIT.isEnabled()) {
            return null;
        }
        final RoomWait e = new RoomWait();
        e.begin();
        return e;
    }

    /**
     * Ends and commits (if over its threshold) a wait {@link #beginRoomWait} returned.
     *
     * @param wait the event
     * @param queueClass the queue's class
     * @param index the producer index whose slot was waited for
     */
    public static void endRoomWait(Object wait, Class<?> queueClass, long index) {
        final RoomWait e = (RoomWait) wait;
        e.end();
        if (e.shouldCommit()) {
            e.queueClass = queueClass;
            e.index = index;
            e.commit();
        }
    }

    /**
     * Begins a {@code org.jcq.Park}.
     *
     * @return the event, begun, or null if no recording has it enabled
     */
    public static Object beginPark() {
        if (!PARK.isEnabled()) {
            return null;
        }
        final Park e = new Park();
        e.begin();
        return e;
    }

    /**
     * Ends and commits (if over its threshold) a park {@link #beginPark} returned.
     *
     * @param park the event
     * @param queueClass the queue's class
     * @param producer whether a producer waited (for room), not a consumer (for an element)
     * @param done whether the wait succeeded
     */
    public static void endPark(Object park, Class<?> queueClass, boolean producer, boolean done) {
        final Park e = (Park) park;
        e.end();
        if (e.shouldCommit()) {
            e.queueClass = queueClass;
            e.side = producer ? "producer" : "consumer";
            e.done = done;
            e.commit();
        }
    }

    /**
     * Commits a {@code org.jcq.CheckedViolation} if a recording has it enabled.
     *
     * @param queueClass the class of the checked queue's queue
     * @param side "producer" or "consumer"
     * @param thread the name of the thread caught entering
     * @param method the method it called
     * @param insideThread the name of the thread inside
     * @param insideMethod the method that thread was in
     */
    public static void checkedViolation(Class<?> queueClass, String side, String thread, String method,
            String insideThread, String insideMethod) {
        if (!CHECKED_VIOLATION.isEnabled()) {
            return;
        }
        final CheckedViolation e = new CheckedViolation();
        if (e.shouldCommit()) {
            e.queueClass = queueClass;
            e.side = side;
            e.thread = thread;
            e.method = method;
            e.insideThread = insideThread;
            e.insideMethod = insideMethod;
            e.commit();
        }
    }
}
