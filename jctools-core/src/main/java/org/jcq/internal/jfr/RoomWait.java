package org.jcq.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * A producer of a lock-free queue waited for room that a consumer had taken and not yet freed:
 * the slot's element was claimed by a consumer that had not cleared it yet. Begins at the wait's
 * first re-check. A blocking queue's put waiting for room is a {@link Park} of the producer side.
 */
@Name("org.jcq.RoomWait")
@Label("Room Wait")
@Category({"JCQ", "Stalls"})
@Description("A producer waited for a consumer between its claim of a slot and its clearing of it")
@StackTrace(true)
@Threshold("1 ms")
final class RoomWait extends jdk.jfr.Event {
    @Label("Queue Class")
    @Description("The class of the queue")
    Class<?> queueClass;

    @Label("Index")
    @Description("The producer index whose slot the producer waited for")
    long index;
}
