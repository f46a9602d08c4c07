package org.jcq.concurrency;

import org.jcq.queues.MessagePassingQueue;

/**
 * The queue a jcstress test races on, already brought to the state the race starts from.
 * <p>
 * The property classes ({@link ProducerConsumer}, {@link TwoProducers}, {@link TwoConsumers},
 * {@link BlockingConsumer}) extend this and hold the actor logic and the outcome classification;
 * the tests themselves are generated per queue (see {@code src/build/GenerateStressTests.java})
 * and only say which queue, in which state, and re-declare the actors for jcstress.
 * <p>
 * Elements are small {@link Integer}s, so a test can spell what each thread saw as a string:
 * {@link #seen} writes one character per {@code poll}: the digit polled, or {@code -} for null,
 * and {@link #NOTHING} stands for an empty sequence. Outcome ids are regular expressions, so none
 * of these characters is special in one.
 */
public abstract class QueueStress {
    /** The queue under test. */
    protected final MessagePassingQueue<Object> q;

    /**
     * @param q the queue under test, already advanced (see {@link #advance})
     */
    protected QueueStress(MessagePassingQueue<Object> q) {
        this.q = q;
    }

    /**
     * Offers and polls {@code k} elements, one at a time, so the race starts with both indices at
     * {@code k}: where {@code k} is chosen per queue, the race straddles a ring wrap, a chunk link
     * (JUMP) or a recycled chunk or node.
     *
     * @param q the queue
     * @param k how far to move both indices
     * @param <Q> the queue type
     * @return {@code q}
     */
    public static <Q extends MessagePassingQueue<Object>> Q advance(Q q, int k) {
        for (int i = 0; i < k; i++) {
            if (!q.offer(-1) || q.poll() == null) {
                throw new IllegalStateException("could not advance " + q.getClass().getSimpleName() + " to " + k);
            }
        }
        return q;
    }

    /** Offers {@code e}, which must be taken: the races that call this always leave room. */
    protected final void mustOffer(Object e) {
        if (!q.offer(e)) {
            throw new IllegalStateException(q.getClass().getSimpleName() + " refused " + e + " with room to spare");
        }
    }

    /** Offers {@code 1..n} in order; the setup fails loudly if the queue refuses one. */
    protected final void prefill(int n) {
        for (int i = 1; i <= n; i++) {
            if (!q.offer(i)) {
                throw new IllegalStateException(q.getClass().getSimpleName() + " refused prefill element " + i);
            }
        }
    }

    /** How an empty sequence is written in an outcome. */
    public static final String NOTHING = "_";

    /** The digit of a polled element (an {@link Integer} from 1 to 35), or {@code -} for null. */
    protected static char seen(Object e) {
        return e == null ? '-' : Character.forDigit((Integer) e, 36);
    }

    /** A sequence as written in an outcome: itself, or {@link #NOTHING} if it is empty. */
    protected static String sequence(CharSequence s) {
        return s.length() == 0 ? NOTHING : s.toString();
    }

    /** Polls everything left (after the race), as digits. */
    protected final String rest() {
        final StringBuilder sb = new StringBuilder();
        for (Object e; (e = q.poll()) != null; ) {
            sb.append(seen(e));
        }
        return sequence(sb);
    }

    /**
     * Whether everything left is exactly {@code from..to} in order (an empty range when
     * {@code from > to}): the words "in order", or what was found instead.
     */
    protected final String restIs(int from, int to) {
        final StringBuilder found = new StringBuilder();
        boolean ok = true;
        int expect = from;
        for (Object e; (e = q.poll()) != null; expect++) {
            found.append(e).append(' ');
            ok &= ((Integer) e) == expect;
        }
        return ok && expect == to + 1 ? "in order" : "found " + found + "expected " + from + ".." + to;
    }
}
