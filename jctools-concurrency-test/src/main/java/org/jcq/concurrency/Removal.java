package org.jcq.concurrency;

import java.util.Queue;

import org.jcq.queues.MessagePassingQueue;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.infra.results.LLL_Result;
import org.openjdk.jcstress.infra.results.LL_Result;

/**
 * Properties of the queues that remove from any position ({@code remove(Object)}; the MPMC
 * blocking queues): {@code actor2} removes while {@code actor1} consumes or produces. An element
 * is taken once, by the consumer or by the remover, never both and never neither, and a removed
 * element's slot never makes a poll miss the elements behind it.
 */
public final class Removal {
    private Removal() {
    }

    /** What a remove returned, as an outcome word. */
    static String removed(boolean removed) {
        return removed ? "removed" : "absent";
    }

    /**
     * A consumer polls the head while another thread removes it: exactly one of them gets it, and
     * the poll never comes back empty (the second element is there throughout).
     */
    @Description("on a queue of 1, 2, A polls while B removes 1; then the rest is polled")
    @Outcome(id = {"1, absent, 2", "2, removed, _"}, expect = Expect.ACCEPTABLE,
            desc = "the head went to the consumer or to the remover, not both")
    @Outcome(expect = Expect.FORBIDDEN,
            desc = "both or neither took 1, a poll missed a queued element, or lost, duplicated, reordered")
    public abstract static class RemoveRacesPoll extends QueueStress {
        /** @param q the queue under test, which is filled with 1, 2 */
        protected RemoveRacesPoll(MessagePassingQueue<Object> q) {
            super(q);
            prefill(2);
        }

        /** @param r what A's poll returned */
        public void actor1(LLL_Result r) {
            r.r1 = String.valueOf(seen(q.poll()));
        }

        /** @param r whether B's remove removed 1 */
        public void actor2(LLL_Result r) {
            r.r2 = removed(((Queue<?>) q).remove(1));
        }

        /** @param r what is left */
        public void arbiter(LLL_Result r) {
            r.r3 = rest();
        }
    }

    /**
     * A consumer polls twice while another thread removes the middle element: the consumer gets
     * 1 then 2 (and the removal misses), or 1 then 3 (it stepped over the removed slot).
     */
    @Description("on a queue of 1, 2, 3, A polls x2 while B removes 2; then the rest is polled")
    @Outcome(id = {"12, absent, 3", "13, removed, _"}, expect = Expect.ACCEPTABLE,
            desc = "2 went to the consumer or to the remover; the consumer stepped over a removed slot")
    @Outcome(expect = Expect.FORBIDDEN,
            desc = "both or neither took 2, a poll missed a queued element, or lost, duplicated, reordered")
    public abstract static class RemoveMiddleRacesPolls extends QueueStress {
        /** @param q the queue under test, which is filled with 1, 2, 3 */
        protected RemoveMiddleRacesPolls(MessagePassingQueue<Object> q) {
            super(q);
            prefill(3);
        }

        /** @param r what A's polls returned */
        public void actor1(LLL_Result r) {
            final Object a = q.poll();
            final Object b = q.poll();
            r.r1 = new String(new char[] {seen(a), seen(b)});
        }

        /** @param r whether B's remove removed 2 */
        public void actor2(LLL_Result r) {
            r.r2 = removed(((Queue<?>) q).remove(2));
        }

        /** @param r what is left */
        public void arbiter(LLL_Result r) {
            r.r3 = rest();
        }
    }

    /**
     * A producer offers 2 while another thread removes 2: the removal finds it (then only 1 is
     * left) or not (both are), whether it met the slot claimed, published or not yet claimed.
     */
    @Description("on a queue of 1, A offers 2 while B removes 2; then the rest is polled")
    @Outcome(id = {"removed, 1", "absent, 12"}, expect = Expect.ACCEPTABLE,
            desc = "the removal came after the offer, or before it")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a removal that said so left 2, or one that did not took it; lost")
    public abstract static class RemoveRacesOffer extends QueueStress {
        /** @param q the queue under test, which is filled with 1 */
        protected RemoveRacesOffer(MessagePassingQueue<Object> q) {
            super(q);
            prefill(1);
        }

        /** @param r unused: the offer always has room */
        public void actor1(LL_Result r) {
            mustOffer(2);
        }

        /** @param r whether B's remove removed 2 */
        public void actor2(LL_Result r) {
            r.r1 = removed(((Queue<?>) q).remove(2));
        }

        /** @param r what is left */
        public void arbiter(LL_Result r) {
            r.r2 = rest();
        }
    }
}
