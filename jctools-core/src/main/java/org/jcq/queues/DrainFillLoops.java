package org.jcq.queues;

import org.jcq.internal.Args;
import org.jcq.queues.MessagePassingQueue.Consumer;
import org.jcq.queues.MessagePassingQueue.ExitCondition;
import org.jcq.queues.MessagePassingQueue.Supplier;
import org.jcq.queues.MessagePassingQueue.WaitStrategy;

/**
 * The {@code drain} and {@code fill} loops that every queue builds the same way: the batch drain
 * from {@code relaxedPoll}, and the waiting drain and fill from the batch {@code drain(c, limit)}
 * and {@code fill(s, limit)}.
 */
final class DrainFillLoops {
    /** How many elements a waiting drain or fill moves between two checks of its exit condition. */
    static final int BATCH = 256;

    private DrainFillLoops() {
    }

    /**
     * See {@link MessagePassingQueue#drain(Consumer, int)}: one element per
     * {@link MessagePassingQueue#relaxedPoll()}, so an exception from {@code c} loses nothing but
     * the element it was handed.
     */
    static <E> int drain(MessagePassingQueue<E> q, Consumer<E> c, int limit) {
        Args.callback("c", c);
        Args.limit(limit);
        for (int i = 0; i < limit; i++) {
            final E e = q.relaxedPoll();
            if (e == null) {
                return i;
            }
            c.accept(e);
        }
        return limit;
    }

    /** See {@link MessagePassingQueue#drain(Consumer, WaitStrategy, ExitCondition)}. */
    static <E> void drain(MessagePassingQueue<E> q, Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        Args.callback("c", c);
        Args.callback("wait", wait);
        Args.callback("exit", exit);
        int idle = 0;
        while (exit.keepRunning()) {
            idle = q.drain(c, BATCH) == 0 ? wait.idle(idle) : 0;
        }
    }

    /** See {@link MessagePassingQueue#fill(Supplier, WaitStrategy, ExitCondition)}. */
    static <E> void fill(MessagePassingQueue<E> q, Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        // The supplier is checked by the first batch fill, so with an exit condition that is false
        // at once a null supplier goes unnoticed: as in JCTools, whose published behaviour this is.
        Args.callback("wait", wait);
        Args.callback("exit", exit);
        int idle = 0;
        while (exit.keepRunning()) {
            idle = q.fill(s, BATCH) == 0 ? wait.idle(idle) : 0;
        }
    }
}
