package org.jcq.concurrency;

import org.jcq.queues.MessagePassingQueue;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.infra.results.LL_Result;
import org.openjdk.jcstress.infra.results.L_Result;

/**
 * Properties of multi-producer queues: {@code actor1} and {@code actor2} both produce. Where one
 * of them also consumes, it is the (single) consumer.
 */
public final class TwoProducers {
    private TwoProducers() {
    }

    /**
     * Two producers' elements, drained after the race: each arrives once and each producer's
     * arrive in the order it offered them (per-producer FIFO).
     */
    @Description("producer A offers 1, 2 while producer B offers 3, 4; then everything is polled")
    @Outcome(id = {"1234", "1324", "1342", "3124", "3142", "3412"}, expect = Expect.ACCEPTABLE,
            desc = "each element once; 1 before 2 and 3 before 4")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost, duplicated, or a producer's elements reordered")
    abstract static class Interleaving extends QueueStress {
        Interleaving(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** @param r unused */
        public void actor2(L_Result r) {
            mustOffer(3);
            mustOffer(4);
        }

        /** @param r everything, in the order polled */
        public void arbiter(L_Result r) {
            r.r1 = rest();
        }
    }

    /** Two producers offer concurrently: their claims never collide. */
    public abstract static class Offers extends Interleaving {
        /** @param q the queue under test */
        protected Offers(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** @param r unused */
        public void actor1(L_Result r) {
            mustOffer(1);
            mustOffer(2);
        }
    }

    /** A batch claim by {@code fill} races a producer's offers. */
    public abstract static class FillAndOffers extends Interleaving {
        /** @param q the queue under test */
        protected FillAndOffers(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** @param r unused */
        public void actor1(L_Result r) {
            final int[] next = {1};
            if (q.fill(() -> next[0]++, 2) != 2) {
                throw new IllegalStateException("fill fell short with room to spare");
            }
        }
    }

    /**
     * Producer B is also the consumer: it offers 3, then polls three times while A offers 1, 2.
     * B's own 3 is in the queue until B takes it, so B's polls cannot return null before then;
     * overall each element is taken once and 1 before 2.
     */
    @Description("A offers 1, 2 while B offers 3 then polls x3; then the rest is polled")
    @Outcome(id = {"123, _", "132, _", "13-, 2", "312, _", "31-, 2", "3-1, 2", "3--, 12"}, expect = Expect.ACCEPTABLE,
            desc = "each element once, 1 before 2; nulls only once B has taken its own 3 and A's are not yet in")
    @Outcome(expect = Expect.FORBIDDEN, desc = "null while B's own element was queued, or lost, duplicated, reordered")
    public abstract static class ProducerConsumes extends QueueStress {
        /** @param q the queue under test */
        protected ProducerConsumes(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** @param r unused */
        public void actor1(LL_Result r) {
            mustOffer(1);
            mustOffer(2);
        }

        /** @param r what B's polls returned */
        public void actor2(LL_Result r) {
            mustOffer(3);
            final Object a = q.poll();
            final Object b = q.poll();
            final Object c = q.poll();
            r.r1 = new String(new char[] {seen(a), seen(b), seen(c)});
        }

        /** @param r what is left */
        public void arbiter(LL_Result r) {
            r.r2 = rest();
        }
    }
}
