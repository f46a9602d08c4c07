package org.jcq.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * A thread of a blocking queue's wait parked: a consumer waiting for an element ({@code take},
 * a timed {@code poll}) or a producer waiting for room ({@code put}, a timed {@code offer}). It
 * begins just before the wait's first park and ends when the wait ends, however it ends, so one
 * wait is one event whatever the number of parks in it.
 */
@Name("org.jcq.Park")
@Label("Queue Park")
@Category({"JCQ", "Waits"})
@Description("A consumer waiting for an element, or a producer waiting for room, parked in a blocking queue")
@StackTrace(true)
@Threshold("20 ms")
final class Park extends jdk.jfr.Event {
    @Label("Queue Class")
    @Description("The class of the queue")
    Class<?> queueClass;

    @Label("Side")
    @Description("\"consumer\" (waited for an element) or \"producer\" (waited for room)")
    String side;

    @Label("Done")
    @Description("Whether the wait took an element or added one (false: it timed out or was interrupted)")
    boolean done;
}
