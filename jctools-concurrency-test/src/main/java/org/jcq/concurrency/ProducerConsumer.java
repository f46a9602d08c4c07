package org.jcq.concurrency;

import org.jcq.queues.MessagePassingQueue;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.infra.results.IIII_Result;
import org.openjdk.jcstress.infra.results.II_Result;
import org.openjdk.jcstress.infra.results.LLL_Result;
import org.openjdk.jcstress.infra.results.LL_Result;

/**
 * Properties every queue keeps while one producer races one consumer: {@code actor1} produces,
 * {@code actor2} consumes, and the arbiter (if any) looks at what is left once both are done.
 * Each nested class is one property, with its outcomes; a queue's test of it is a generated
 * subclass that names the queue.
 */
public final class ProducerConsumer {
    private ProducerConsumer() {
    }

    /**
     * The consumer's three polls (strict or relaxed) and what the arbiter finds left. The union is
     * 1, 2, 3 in order, each once, whatever the interleaving: no loss, no duplicate, FIFO.
     */
    abstract static class Sequence extends QueueStress {
        Sequence(MessagePassingQueue<Object> q) {
            super(q);
        }

        abstract void offer(Object e);

        abstract Object poll();

        public void actor1(LL_Result r) {
            offer(1);
            offer(2);
            offer(3);
        }

        public void actor2(LL_Result r) {
            final Object a = poll();
            final Object b = poll();
            final Object c = poll();
            r.r1 = new String(new char[] {seen(a), seen(b), seen(c)});
        }

        public void arbiter(LL_Result r) {
            r.r2 = rest();
        }
    }

    /** {@code offer} and {@code poll}: all of 1, 2, 3 exactly once, in order. */
    @Description("offer 1, 2, 3 races poll x3; then the rest is polled: each element once, in order")
    @Outcome(id = {"---, 123", "1--, 23", "-1-, 23", "--1, 23", "12-, 3", "1-2, 3", "-12, 3", "123, _"},
            expect = Expect.ACCEPTABLE, desc = "every element once, in order; polls that found the queue empty return null")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost, duplicated or reordered")
    public abstract static class OfferPoll extends Sequence {
        /** @param q the queue under test */
        protected OfferPoll(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final void offer(Object e) {
            mustOffer(e);
        }

        @Override
        final Object poll() {
            return q.poll();
        }
    }

    /**
     * {@code relaxedOffer} (retried until it takes, as a caller would) and {@code relaxedPoll}: a
     * relaxed poll may miss an element, but none is ever lost, duplicated or reordered.
     */
    @Description("relaxedOffer 1, 2, 3 races relaxedPoll x3; then the rest is polled: each element once, in order")
    @Outcome(id = {"---, 123", "1--, 23", "-1-, 23", "--1, 23", "12-, 3", "1-2, 3", "-12, 3", "123, _"},
            expect = Expect.ACCEPTABLE, desc = "every element once, in order; a relaxed poll may return null")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost, duplicated or reordered")
    public abstract static class RelaxedOfferPoll extends Sequence {
        /** @param q the queue under test */
        protected RelaxedOfferPoll(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final void offer(Object e) {
            while (!q.relaxedOffer(e)) {
                Thread.onSpinWait();
            }
        }

        @Override
        final Object poll() {
            return q.relaxedPoll();
        }
    }

    /** The element as the producer saw it. */
    public static final class Holder {
        /** Written by the producer before the offer. */
        int x;
        /** Written by the producer before the offer. */
        int y;
    }

    /** Plain writes to an element before {@code offer} are visible to whoever polls it. */
    @Description("offer of an element with two plain fields races poll: a polled element shows both fields")
    @Outcome(id = "-1, -1", expect = Expect.ACCEPTABLE, desc = "poll found the queue empty")
    @Outcome(id = "1, 2", expect = Expect.ACCEPTABLE, desc = "polled the element, fields visible")
    @Outcome(expect = Expect.FORBIDDEN, desc = "polled an element whose fields are not visible")
    public abstract static class Publication extends QueueStress {
        /** @param q the queue under test */
        protected Publication(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** @param r unused */
        public void actor1(II_Result r) {
            final Holder h = new Holder();
            h.x = 1;
            h.y = 2;
            q.offer(h);
        }

        /** @param r the fields seen, or -1, -1 */
        public void actor2(II_Result r) {
            final Holder h = (Holder) q.poll();
            r.r1 = h == null ? -1 : h.x;
            r.r2 = h == null ? -1 : h.y;
        }
    }

    /** {@code !isEmpty()} implies the consumer's next {@code poll() != null}. */
    @Description("offer 1 races isEmpty then poll: a queue seen not empty yields an element")
    @Outcome(id = {"empty, -", "empty, 1"}, expect = Expect.ACCEPTABLE, desc = "seen empty; poll may find the element since")
    @Outcome(id = "not empty, 1", expect = Expect.ACCEPTABLE, desc = "seen not empty, poll took the element")
    @Outcome(expect = Expect.FORBIDDEN, desc = "seen not empty, yet poll returned null or another element")
    public abstract static class NotEmptyThenPoll extends QueueStress {
        /** @param q the queue under test */
        protected NotEmptyThenPoll(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** @param r unused */
        public void actor1(LL_Result r) {
            q.offer(1);
        }

        /** @param r what isEmpty said, and what poll returned */
        public void actor2(LL_Result r) {
            final boolean empty = q.isEmpty();
            r.r1 = empty ? "empty" : "not empty";
            r.r2 = String.valueOf(seen(q.poll()));
        }
    }

    /** A single consumer's {@code peek() != null} implies its {@code poll()} returns that element. */
    @Description("offer 1, 2 races peek then poll: poll returns the element peek saw, and peek sees the head")
    @Outcome(id = {"-, -", "-, 1"}, expect = Expect.ACCEPTABLE, desc = "peek found the queue empty")
    @Outcome(id = "1, 1", expect = Expect.ACCEPTABLE, desc = "poll returned the element peek saw")
    @Outcome(expect = Expect.FORBIDDEN, desc = "poll disagreed with peek, or peek skipped the head")
    public abstract static class PeekThenPoll extends QueueStress {
        /** @param q the queue under test */
        protected PeekThenPoll(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** @param r unused */
        public void actor1(LL_Result r) {
            q.offer(1);
            q.offer(2);
        }

        /** @param r what peek and poll returned */
        public void actor2(LL_Result r) {
            r.r1 = String.valueOf(seen(q.peek()));
            r.r2 = String.valueOf(seen(q.poll()));
        }
    }

    /**
     * An {@code offer} that has returned is seen by a later poll: the producer raises a volatile
     * flag after its offer; a consumer that sees the flag must not get null.
     */
    abstract static class AfterOffer extends QueueStress {
        private volatile boolean offered;

        AfterOffer(MessagePassingQueue<Object> q) {
            super(q);
        }

        abstract Object poll();

        /** @param r unused */
        public void actor1(LL_Result r) {
            q.offer(1);
            offered = true;
        }

        /** @param r whether the offer had returned, and what poll returned */
        public void actor2(LL_Result r) {
            r.r1 = offered ? "after offer" : "before";
            r.r2 = String.valueOf(seen(poll()));
        }
    }

    /** Strict {@code poll} returns null only if the queue is empty. */
    @Description("offer 1 then a volatile flag races flag then poll: once the offer has returned, poll finds it")
    @Outcome(id = {"before, -", "before, 1", "after offer, 1"}, expect = Expect.ACCEPTABLE, desc = "poll returned null only before the offer completed")
    @Outcome(expect = Expect.FORBIDDEN, desc = "poll returned null after the offer had returned")
    public abstract static class NoSpuriousNull extends AfterOffer {
        /** @param q the queue under test */
        protected NoSpuriousNull(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final Object poll() {
            return q.poll();
        }
    }

    /** The same race with {@code relaxedPoll}, which is allowed to miss: that outcome is interesting, not forbidden. */
    @Description("offer 1 then a volatile flag races flag then relaxedPoll: a relaxed poll may miss the element")
    @Outcome(id = {"before, -", "before, 1", "after offer, 1"}, expect = Expect.ACCEPTABLE, desc = "as strict poll")
    @Outcome(id = "after offer, -", expect = Expect.ACCEPTABLE_INTERESTING, desc = "relaxedPoll missed a completed offer (allowed)")
    @Outcome(expect = Expect.FORBIDDEN, desc = "relaxedPoll returned an element never offered")
    public abstract static class RelaxedMayMiss extends AfterOffer {
        /** @param q the queue under test */
        protected RelaxedMayMiss(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final Object poll() {
            return q.relaxedPoll();
        }
    }

    /** Poll on an empty queue racing an offer: the element is taken exactly once. */
    @Description("offer 1 races poll on an empty queue; then the rest is polled: the element is taken once")
    @Outcome(id = "-, 1", expect = Expect.ACCEPTABLE, desc = "poll came first; the element stays")
    @Outcome(id = "1, _", expect = Expect.ACCEPTABLE, desc = "poll took the element")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost or duplicated")
    public abstract static class EmptyEdge extends QueueStress {
        /** @param q the queue under test */
        protected EmptyEdge(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** @param r unused */
        public void actor1(LL_Result r) {
            q.offer(1);
        }

        /** @param r what poll returned */
        public void actor2(LL_Result r) {
            r.r1 = String.valueOf(seen(q.poll()));
        }

        /** @param r what is left */
        public void arbiter(LL_Result r) {
            r.r2 = rest();
        }
    }

    /**
     * Offer on a full bounded queue racing a poll: the offer is refused or taken, never both, and
     * the poll always gets the head (the queue is never empty).
     */
    @Description("on a full queue of 1..C, offer C+1 races poll; then the rest is polled")
    @Outcome(id = {"offered, 1, in order", "refused, 1, in order"}, expect = Expect.ACCEPTABLE,
            desc = "poll took the head; the offer was refused while full or taken after the poll")
    @Outcome(expect = Expect.FORBIDDEN, desc = "poll missed the head, or an element was lost, duplicated or reordered")
    public abstract static class FullEdge extends QueueStress {
        private final int capacity;

        /** @param q the queue under test, which is filled to its capacity */
        protected FullEdge(MessagePassingQueue<Object> q) {
            super(q);
            capacity = q.capacity();
            prefill(capacity);
        }

        /** @param r whether the offer was taken */
        public void actor1(LLL_Result r) {
            r.r1 = q.offer(capacity + 1) ? "offered" : "refused";
        }

        /** @param r what poll returned */
        public void actor2(LLL_Result r) {
            r.r2 = String.valueOf(q.poll());
        }

        /** @param r whether the rest is 2..C, and C+1 if offered */
        public void arbiter(LLL_Result r) {
            r.r3 = restIs(2, "offered".equals(r.r1) ? capacity + 1 : capacity);
        }
    }

    /**
     * {@code fill} racing {@code drain} with limits: fill adds all three (there is room), drain
     * takes at most its limit, and together with the rest they are 1, 2, 3 in order.
     */
    @Description("fill(1, 2, 3; limit 3) races drain(limit 3); then the rest is polled")
    @Outcome(id = {"3, _, 123", "3, 1, 23", "3, 12, 3", "3, 123, _"}, expect = Expect.ACCEPTABLE,
            desc = "all filled; drain took a prefix, the rest follows in order")
    @Outcome(expect = Expect.FORBIDDEN, desc = "fill fell short with room, or lost, duplicated, reordered")
    public abstract static class DrainFill extends QueueStress {
        /** @param q the queue under test */
        protected DrainFill(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** @param r how many fill added */
        public void actor1(LLL_Result r) {
            final int[] next = {1};
            r.r1 = String.valueOf(q.fill(() -> next[0]++, 3));
        }

        /** @param r what drain took */
        public void actor2(LLL_Result r) {
            final StringBuilder sb = new StringBuilder();
            q.drain(e -> sb.append(seen(e)), 3);
            r.r2 = sequence(sb);
        }

        /** @param r what is left */
        public void arbiter(LLL_Result r) {
            r.r3 = rest();
        }
    }

    /**
     * The producer offers 4 while the consumer drains (limit 4) a queue holding 1..3 with a
     * callback that throws on its second element. A drain that claimed its run puts the rest back
     * at the head (its index moves back, no other consumer having moved it); one that takes one
     * element at a time leaves it there. Either way 3 and 4 follow, in order.
     */
    @Description("on a queue of 1, 2, 3: offer(4) races drain(limit 4) whose callback throws on its 2nd element")
    @Outcome(id = "12 thrown, in order", expect = Expect.ACCEPTABLE,
            desc = "the drain handed 1, 2 and threw; the rest is 3, 4 in order")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost, duplicated, reordered, or the throwable did not reach the drain")
    public abstract static class DrainThrows extends QueueStress {
        /** @param q the queue under test, which is filled with 1..3 */
        protected DrainThrows(MessagePassingQueue<Object> q) {
            super(q);
            prefill(3);
        }

        /** @param r unused: the offer must be taken (there is room) */
        public void actor1(LL_Result r) {
            mustOffer(4);
        }

        /** @param r what the drain handed over, and whether it threw */
        public void actor2(LL_Result r) {
            final StringBuilder sb = new StringBuilder();
            try {
                q.drain(e -> {
                    sb.append(seen(e));
                    if (sb.length() == 2) {
                        throw new IllegalStateException("consumer fails");
                    }
                }, 4);
                r.r1 = sequence(sb) + " not thrown";
            } catch (IllegalStateException expected) {
                r.r1 = sequence(sb) + " thrown";
            }
        }

        /** @param r whether the rest is 3, 4 */
        public void arbiter(LL_Result r) {
            r.r2 = restIs(3, 4);
        }
    }

    /**
     * On a queue holding 1..n, n chosen per queue so that the next offers link a new chunk, resize
     * a growable queue or meet a full ring: the producer offers n+1, n+2 (stopping at the first
     * refusal) while the consumer polls n+2 times, so it reaches the edge while the producer is
     * crossing it. The consumer must get 1..n (never null: they are queued), then n+1, n+2 in order
     * or null where not yet offered. Outcomes depend on n and the bound, so the generator writes them.
     */
    public abstract static class NearFull extends QueueStress {
        private final int n;
        private volatile int taken;

        /**
         * @param q the queue under test
         * @param n how many elements it holds when the race starts
         */
        protected NearFull(MessagePassingQueue<Object> q, int n) {
            super(q);
            this.n = n;
            prefill(n);
        }

        /** @param r how many of the two offers were taken */
        public void actor1(LLL_Result r) {
            final int accepted = q.offer(n + 1) ? (q.offer(n + 2) ? 2 : 1) : 0;
            r.r1 = String.valueOf(accepted);
        }

        /**
         * @param r "1..n then" and the last two polls relative to n ({@code 1} for n+1, {@code -} for
         *        null), or what broke the prefix
         */
        public void actor2(LLL_Result r) {
            final StringBuilder prefix = new StringBuilder();
            for (int i = 1; i <= n; i++) {
                final Object e = q.poll();
                if (!Integer.valueOf(i).equals(e)) {
                    prefix.append(" poll ").append(i).append(" returned ").append(e);
                }
            }
            final Object a = q.poll();
            final Object b = q.poll();
            taken = n + (a == null ? 0 : 1) + (b == null ? 0 : 1);
            final String last = new String(new char[] {relative(a), relative(b)});
            r.r2 = prefix.length() == 0 ? "1.." + n + " then " + last : "broken:" + prefix;
        }

        private char relative(Object e) {
            if (e == null) {
                return '-';
            }
            final int d = (Integer) e - n;
            return d == 1 || d == 2 ? seen(d) : '?';
        }

        /** @param r whether the rest continues the sequence in order */
        public void arbiter(LLL_Result r) {
            r.r3 = restIs(taken + 1, n + Integer.parseInt((String) r.r1));
        }
    }

    /**
     * {@code size()} stays within [0, bound] while offers and polls race on a queue holding 1..n:
     * each actor samples it after each of its two operations. The bound is the capacity, or
     * n + 2 for an unbounded queue, so the generator writes the outcomes.
     */
    public abstract static class SizeInRange extends QueueStress {
        private final int n;

        /**
         * @param q the queue under test
         * @param n how many elements it holds when the race starts
         */
        protected SizeInRange(MessagePassingQueue<Object> q, int n) {
            super(q);
            this.n = n;
            prefill(n);
        }

        /** @param r the smallest and largest size the producer saw */
        public void actor1(IIII_Result r) {
            q.offer(n + 1);
            final int a = q.size();
            q.offer(n + 2);
            final int b = q.size();
            r.r1 = Math.min(a, b);
            r.r2 = Math.max(a, b);
        }

        /** @param r the smallest and largest size the consumer saw */
        public void actor2(IIII_Result r) {
            q.poll();
            final int a = q.size();
            q.poll();
            final int b = q.size();
            r.r3 = Math.min(a, b);
            r.r4 = Math.max(a, b);
        }
    }
}
