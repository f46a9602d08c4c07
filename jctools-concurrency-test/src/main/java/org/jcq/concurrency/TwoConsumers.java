package org.jcq.concurrency;

import org.jcq.queues.MessagePassingQueue;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.infra.results.LLL_Result;
import org.openjdk.jcstress.infra.results.LL_Result;
import org.openjdk.jcstress.infra.results.L_Result;

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

    /**
     * Whether {@code a}, {@code b} and {@code rest} (digit strings, {@link #NOTHING} for none)
     * split 1..n between them, each in increasing order: "split" if so, else what is wrong.
     */
    static String split(int n, String... parts) {
        final boolean[] seen = new boolean[n + 1];
        for (String part : parts) {
            if (part.equals(QueueStress.NOTHING)) {
                continue;
            }
            int last = 0;
            for (char ch : part.toCharArray()) {
                final int e = Character.digit(ch, 36);
                if (e < 1 || e > n || seen[e]) {
                    return "lost or duplicated: " + String.join(" ", parts);
                }
                if (e < last) {
                    return "reordered: " + String.join(" ", parts);
                }
                seen[e] = true;
                last = e;
            }
        }
        for (int e = 1; e <= n; e++) {
            if (!seen[e]) {
                return "lost: " + String.join(" ", parts);
            }
        }
        return "split";
    }

    /**
     * Two consumers drain (limit 3 each) from a queue holding 1..4: the multi-consumer drains claim
     * runs of slots with one CAS, so the two claims race. Each element goes to one consumer (or
     * stays for the arbiter), and each consumer's run is in queue order.
     */
    @Description("on a queue of 1..4, consumers A and B drain (limit 3) each; then the rest is polled")
    @Outcome(id = "split", expect = Expect.ACCEPTABLE, desc = "each element taken once, each consumer's in order")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost, duplicated or reordered")
    public abstract static class Drains extends QueueStress {
        private volatile String a = NOTHING;
        private volatile String b = NOTHING;

        /** @param q the queue under test, which is filled with 1..4 */
        protected Drains(MessagePassingQueue<Object> q) {
            super(q);
            prefill(4);
        }

        private String drain() {
            final StringBuilder sb = new StringBuilder();
            q.drain(e -> sb.append(seen(e)), 3);
            return sequence(sb);
        }

        /** @param r unused: the arbiter judges */
        public void actor1(L_Result r) {
            a = drain();
        }

        /** @param r unused: the arbiter judges */
        public void actor2(L_Result r) {
            b = drain();
        }

        /** @param r whether A's, B's and the rest split 1..4 */
        public void arbiter(L_Result r) {
            r.r1 = split(4, a, b, rest());
        }
    }

    /**
     * On a queue holding 1..4, consumer A drains (limit 4) with a callback that throws after its
     * second element, while consumer B polls twice. If B claimed past A's run, A's drain cannot put
     * the rest of its run back at the head and hands it to its callback before the throwable
     * propagates; else the rest goes back and B or the arbiter gets it. Either way each element is
     * taken once, and each consumer's are in order. Outcomes depend on whether the queue's drain
     * may stop early, so the generator writes them.
     */
    @Description("on a queue of 1..4, A drains (its callback throws on its second element), B polls x2")
    public abstract static class DrainThrowsWhileOtherPolls extends QueueStress {
        private volatile String a = NOTHING;
        private volatile String b = NOTHING;
        private volatile String thrown = "not thrown";

        /** @param q the queue under test, which is filled with 1..4 */
        protected DrainThrowsWhileOtherPolls(MessagePassingQueue<Object> q) {
            super(q);
            prefill(4);
        }

        /** @param r unused: the arbiter judges */
        public void actor1(LL_Result r) {
            final StringBuilder sb = new StringBuilder();
            try {
                q.drain(e -> {
                    sb.append(seen(e));
                    if (sb.length() == 2) {
                        throw new IllegalStateException("consumer fails");
                    }
                }, 4);
            } catch (IllegalStateException expected) {
                thrown = "thrown";
            }
            a = sequence(sb);
        }

        /** @param r unused: the arbiter judges */
        public void actor2(LL_Result r) {
            final StringBuilder sb = new StringBuilder();
            sb.append(seen(q.poll()));
            sb.append(seen(q.poll()));
            b = sequence(sb.toString().replace("-", ""));
        }

        /** @param r whether A's, B's and the rest split 1..4, and whether A's drain threw */
        public void arbiter(LL_Result r) {
            r.r1 = split(4, a, b, rest());
            r.r2 = thrown;
        }
    }
}
