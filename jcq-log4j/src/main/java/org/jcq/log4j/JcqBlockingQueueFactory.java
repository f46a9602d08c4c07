package org.jcq.log4j;

import java.util.concurrent.BlockingQueue;

import org.apache.logging.log4j.core.async.BlockingQueueFactory;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;
import org.jcq.queues.MpscBlockingConsumerArrayQueue;

/**
 * Gives Log4j2's {@code AsyncAppender} JCQ's {@link MpscBlockingConsumerArrayQueue}: put the
 * {@code <JcqBlockingQueue/>} element inside {@code <Async>}, with this module on the class path.
 *
 * <pre>{@code
 * <Async name="Async" bufferSize="1024">
 *   <AppenderRef ref="File"/>
 *   <JcqBlockingQueue/>
 * </Async>
 * }</pre>
 *
 * What the appender gets, against its default {@code ArrayBlockingQueue} and Log4j2's
 * {@code JCToolsBlockingQueue}:
 * <ul>
 * <li>Logging threads add without a lock (one CAS each), as with the JCTools factory.</li>
 * <li>The appender thread takes without a lock, and when the queue is empty it keeps looking for
 * a few microseconds and then parks: an idle appender uses no CPU (the JCTools factory's wakes up
 * every 50 us or so, forever), and a logger wakes it only when it really is parked.</li>
 * <li>A logger that finds the queue full (with {@code blocking="true"}, the default, and Log4j2's
 * default queue-full policy, which then calls {@code put}) parks until the appender thread, having
 * taken an event, wakes it, oldest waiter first; with {@code blocking="false"} the event goes to
 * the {@code errorRef} appender, as with any queue.</li>
 * </ul>
 * The queue holds {@code bufferSize} events rounded up to a power of two (1024 stays 1024). One
 * consumer, the appender's own thread, takes from it, which is what the queue is for: it must not
 * be shared with other consumers.
 *
 * @param <E> the type of the elements (Log4j2's log events)
 */
// "exports": it implements Log4j2's BlockingQueueFactory, of a module this one requires statically,
// not transitively: only Log4j2, which has that module already, uses the plugin.
@SuppressWarnings("exports")
@Plugin(name = "JcqBlockingQueue", category = Node.CATEGORY, elementType = BlockingQueueFactory.ELEMENT_TYPE)
public final class JcqBlockingQueueFactory<E> implements BlockingQueueFactory<E> {
    private JcqBlockingQueueFactory() {
    }

    /**
     * Returns a factory; Log4j2 calls it for the {@code <JcqBlockingQueue/>} element (it has no
     * attributes).
     *
     * @param <E> the type of the elements
     * @return a factory of {@link MpscBlockingConsumerArrayQueue}s
     */
    @PluginFactory
    public static <E> JcqBlockingQueueFactory<E> createFactory() {
        return new JcqBlockingQueueFactory<>();
    }

    /**
     * Makes the appender's queue.
     *
     * @param capacity the appender's {@code bufferSize}, in {@code [1, 2^30]}; rounded up to a
     *     power of two
     * @return a new {@link MpscBlockingConsumerArrayQueue}
     * @throws IllegalArgumentException if {@code capacity} is out of range (as
     *     {@code ArrayBlockingQueue} throws for a capacity below 1)
     */
    @Override
    public BlockingQueue<E> create(int capacity) {
        return new MpscBlockingConsumerArrayQueue<>(capacity);
    }

    @Override
    public String toString() {
        return "JcqBlockingQueue";
    }
}
