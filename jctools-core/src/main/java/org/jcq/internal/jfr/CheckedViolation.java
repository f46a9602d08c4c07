package org.jcq.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A checked queue ({@code CheckedQueue}, {@code CheckedBlockingQueue}) caught a second thread on
 * a single side while another was inside; committed as its {@code IllegalStateException} is
 * made, with the second thread's stack. An instant event, no threshold.
 */
@Name("org.jcq.CheckedViolation")
@Label("Checked Queue Violation")
@Category({"JCQ", "Checked"})
@Description("A second thread entered a single producer or consumer side of a checked queue")
@StackTrace(true)
final class CheckedViolation extends jdk.jfr.Event {
    @Label("Queue Class")
    @Description("The class of the checked queue's queue")
    Class<?> queueClass;

    @Label("Side")
    @Description("\"producer\" or \"consumer\"")
    String side;

    @Label("Thread")
    @Description("The name of the thread that was caught entering")
    String thread;

    @Label("Method")
    @Description("The method it called")
    String method;

    @Label("Thread Inside")
    @Description("The name of the thread that was inside the side")
    String insideThread;

    @Label("Method Inside")
    @Description("The method that thread was in")
    String insideMethod;
}
