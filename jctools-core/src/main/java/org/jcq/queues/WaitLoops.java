package org.jcq.queues;

import org.jcq.internal.Args;
import org.jcq.queues.MessagePassingQueue.Consumer;
import org.jcq.queues.MessagePassingQueue.ExitCondition;
import org.jcq.queues.MessagePassingQueue.Supplier;
import org.jcq.queues.MessagePassingQueue.WaitStrategy;

/**
 * The waiting {@code drain} and {@code fill} loops, which every queue builds the same way from its
 * batch {@code drain(c, limit)} and {@code fill(s, limit)}.
 */
final class WaitLoops {
    /** How many elements a waiting drain or fill moves between two checks of its exit condition. */
    static final int BATCH = 256;

    private WaitLoops() {
    }

    /** See {@link MessagePassingQueue#drain(Consumer, WaitStrategy, ExitCondition)}. */
    static <E> void drain(MessagePassingQueue<E> q, Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        Args.notNull("c", c);
        Args.notNull("wait", wait);
        Args.notNull("exit", exit);
        int idle = 0;
        while (exit.keepRunning()) {
            idle = q.drain(c, BATCH) == 0 ? wait.idle(idle) : 0;
        }
    }

    /** See {@link MessagePassingQueue#fill(Supplier, WaitStrategy, ExitCondition)}. */
    static <E> void fill(MessagePassingQueue<E> q, Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        Args.notNull("s", s);
        Args.notNull("wait", wait);
        Args.notNull("exit", exit);
        int idle = 0;
        while (exit.keepRunning()) {
            idle = q.fill(s, BATCH) == 0 ? wait.idle(idle) : 0;
        }
    }
}
