package org.jcq.concurrency;

import org.jcq.queues.MessagePassingQueue;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.infra.results.LLL_Result;

/** Properties of multi-consumer queues: {@code actor1} and {@code actor2} both consume. */
public final class TwoConsumers {
    private TwoConsumers() {
    }

    /**
     * Two consumers poll twice each from a queue holding 1..4: no poll can find it empty (four
     * polls, four elements), each element goes to one consumer, and each consumer sees its
     * elements in queue order.
     */
    @Description("on a queue of 1, 2, 3, 4, consumers A and B poll x2 each; then the rest is polled")
    @Outcome(id = {"12, 34, _", "13, 24, _", "14, 23, _", "23, 14, _", "24, 13, _", "34, 12, _"},
            expect = Expect.ACCEPTABLE, desc = "each element to one consumer, each consumer's in order")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a poll missed a queued element, or lost, duplicated, reordered")
    public abstract static class Polls extends QueueStress {
        /** @param q the queue under test, which is filled with 1..4 */
        protected Polls(MessagePassingQueue<Object> q) {
            super(q);
            prefill(4);
        }

        private String twoPolls() {
            final Object a = q.poll();
            final Object b = q.poll();
            return new String(new char[] {seen(a), seen(b)});
        }

        /** @param r what A's polls returned */
        public void actor1(LLL_Result r) {
            r.r1 = twoPolls();
        }

        /** @param r what B's polls returned */
        public void actor2(LLL_Result r) {
            r.r2 = twoPolls();
        }

        /** @param r what is left */
        public void arbiter(LLL_Result r) {
            r.r3 = rest();
        }
    }
}
