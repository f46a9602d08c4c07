package org.jcq.concurrency;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jcq.queues.MessagePassingQueue;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.infra.results.L_Result;

/**
 * Properties of queues whose consumer blocks. A blocked consumer parks after announcing that it
 * will, and a producer that makes the queue non-empty wakes it: a Dekker handshake (each side
 * writes its own flag, then reads the other's), which loses a wake-up if either side's write and
 * read are reordered. The termination tests catch exactly that: a consumer left parked with an
 * element in the queue is STALE.
 */
public final class BlockingConsumer {
    private BlockingConsumer() {
    }

    @SuppressWarnings("unchecked")
    static BlockingQueue<Object> blocking(MessagePassingQueue<Object> q) {
        return (BlockingQueue<Object>) q;
    }

    /** A consumer blocked in {@link #block} must return once the signal has produced an element. */
    @Description("the consumer blocks on an empty queue; the signal produces one element: the consumer wakes")
    @Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "the consumer woke and took the element")
    @Outcome(id = "STALE", expect = Expect.FORBIDDEN, desc = "lost wake-up: the consumer stays parked with an element queued")
    abstract static class Wakes extends QueueStress {
        Wakes(MessagePassingQueue<Object> q) {
            super(q);
        }

        abstract Object block() throws InterruptedException;

        abstract void produce();

        /** Blocks until the signal's element arrives. */
        public void actor1() {
            try {
                if (block() == null) {
                    throw new IllegalStateException("woke without an element");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // jcstress interrupts a stale actor to end the run
            }
        }

        /** Produces one element. */
        public void signal() {
            produce();
        }
    }

    /** {@code take()}, woken by whatever the subclass produces with. */
    abstract static class Take extends Wakes {
        Take(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final Object block() throws InterruptedException {
            return blocking(q).take();
        }
    }

    /** {@code take()} woken by {@code offer}. */
    public abstract static class TakeWokenByOffer extends Take {
        /** @param q the queue under test */
        protected TakeWokenByOffer(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final void produce() {
            q.offer(1);
        }
    }

    /** {@code take()} woken by {@code fill}. */
    public abstract static class TakeWokenByFill extends Take {
        /** @param q the queue under test */
        protected TakeWokenByFill(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final void produce() {
            q.fill(() -> 1, 1);
        }
    }

    /** A timed {@code poll} (an hour: it must not time out) woken by {@code relaxedOffer}. */
    public abstract static class TimedPollWokenByRelaxedOffer extends Wakes {
        /** @param q the queue under test */
        protected TimedPollWokenByRelaxedOffer(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final Object block() throws InterruptedException {
            return blocking(q).poll(1, TimeUnit.HOURS);
        }

        @Override
        final void produce() {
            while (!q.relaxedOffer(1)) {
                Thread.onSpinWait();
            }
        }
    }

    /** {@code take()} twice racing two offers: both taken, in order, and the consumer never hangs. */
    @Description("offer 1, 2 races take x2: the consumer gets both, in order")
    @Outcome(id = "12", expect = Expect.ACCEPTABLE, desc = "both taken in order")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost, duplicated or reordered")
    public abstract static class TakeInOrder extends QueueStress {
        /** @param q the queue under test */
        protected TakeInOrder(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** @param r unused */
        public void actor1(L_Result r) {
            mustOffer(1);
            mustOffer(2);
        }

        /** @param r what the takes returned */
        public void actor2(L_Result r) {
            try {
                final Object a = blocking(q).take();
                final Object b = blocking(q).take();
                r.r1 = new String(new char[] {seen(a), seen(b)});
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                r.r1 = "interrupted";
            }
        }
    }
}
