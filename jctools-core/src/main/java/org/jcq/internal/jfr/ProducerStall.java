package org.jcq.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * A consumer waited for a producer between the producer's claim of an index and its store of the
 * element there. The event begins at the wait's first re-check of the claim (64 spins in), so its
 * duration is short of the whole wait by those spins.
 */
@Name("org.jcq.ProducerStall")
@Label("Producer Stall")
@Category({"JCQ", "Stalls"})
@Description("A consumer waited for a producer between its claim of an index and its store of the element")
@StackTrace(true)
@Threshold("1 ms")
final class ProducerStall extends jdk.jfr.Event {
    @Label("Queue Class")
    @Description("The class of the queue")
    Class<?> queueClass;

    @Label("Index")
    @Description("The index the consumer waited at (-1 in a linked-node queue, which has none)")
    long index;
}
