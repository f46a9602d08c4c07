package org.jcq.concurrency;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.jcq.queues.MessagePassingQueue;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.infra.results.LL_Result;

/**
 * Properties of bounded queues whose consumers wait for elements and whose producers wait for
 * room (the bounded blocking queues of {@code org.jcq.queues}): the wake-up protocol, from both sides. A waiter counts
 * itself, re-checks and parks; the other side changes the queue, then reads the count and signals
 * (a Dekker handshake). A wake-up is lost if a waiter can park after missing the change while the
 * changer misses the count: the termination tests below report that as STALE.
 * <p>
 * Consumer side ({@link Take}): {@code actor1} waits on an empty queue, in {@code take} or a timed
 * {@code poll} whose time-out (an hour) cannot run out, and the signal adds one element by one of
 * the ways of adding. Producer side ({@link Put}): the queue starts full, {@code actor1} waits in
 * {@code put} or a timed {@code offer}, and the signal removes one element by one of the ways of
 * removing.
 * <p>
 * jcstress (0.16) calls a termination test's signal only after the actor's thread has started
 * and the signalling thread has slept a millisecond, by which time a waiter has almost always
 * parked: on its own that tests only that a parked waiter is woken. So here the waiter first
 * spins until the signal has begun, and the signal then spins a random number of pauses (0 to
 * 15, fixed per state) before it changes the queue: the change lands before the waiter's first
 * check or after it parked, and sometimes between its check and its park (the window the
 * protocol closes). That window is a few instructions wide; nothing measures how often a run
 * hits it (the self-check's broken queue has a wider one, see {@code ParkFirstBlockingQueue}).
 * {@link PutTakeInOrder} then checks what the waits hand over.
 */
public final class BlockingBothSides {
    private BlockingBothSides() {
    }

    /**
     * A waiter ({@code actor1}) and a signal that lets it through. The hand-off puts the signal's
     * change around the waiter's check-then-park path: the waiter starts once the signal has
     * begun; the signal waits a random few pauses before its change.
     */
    abstract static class Handshake extends QueueStress {
        /** The signal's pauses are drawn from 0 to this, less one. */
        static final int PAUSES = 16;

        private volatile boolean signalling;
        private final int pauses = ThreadLocalRandom.current().nextInt(PAUSES);

        Handshake(MessagePassingQueue<Object> q) {
            super(q);
        }

        /** Waits in the queue; returns non-null once through. */
        abstract Object block() throws InterruptedException;

        /** Makes the change the waiter waits for. */
        abstract void change();

        /** Waits for the signal to begin, then waits in the queue until let through. */
        public void actor1() {
            while (!signalling) {
                Thread.onSpinWait();
            }
            try {
                if (block() == null) {
                    throw new IllegalStateException("let through with nothing to show for it");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // jcstress interrupts a stale actor to end the run
            }
        }

        /** Begins, spins its pauses, then makes its change. */
        public void signal() {
            signalling = true;
            for (int i = 0; i < pauses; i++) {
                Thread.onSpinWait();
            }
            change();
        }
    }

    /** Consumer side: {@code actor1} takes from an empty queue; the signal adds one element. */
    @Description("the consumer waits on an empty queue; the signal adds one element: the consumer wakes and takes it")
    @Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "the consumer took the element")
    @Outcome(id = "STALE", expect = Expect.FORBIDDEN, desc = "lost wake-up: the consumer stays parked with an element queued")
    abstract static class Take extends Handshake {
        Take(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        Object block() throws InterruptedException {
            return BlockingConsumer.blocking(q).take();
        }
    }

    /** {@code take()} woken by {@code offer}. */
    public abstract static class TakeWokenByOffer extends Take {
        /** @param q the queue under test, empty */
        protected TakeWokenByOffer(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final void change() {
            mustOffer(1);
        }
    }

    /** {@code take()} woken by {@code put} (which finds room, so does not wait itself). */
    public abstract static class TakeWokenByPut extends Take {
        /** @param q the queue under test, empty */
        protected TakeWokenByPut(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final void change() {
            try {
                BlockingConsumer.blocking(q).put(1);
            } catch (InterruptedException e) {
                throw new IllegalStateException("the signal was interrupted", e);
            }
        }
    }

    /** {@code take()} woken by {@code fill} of one element. */
    public abstract static class TakeWokenByFill extends Take {
        /** @param q the queue under test, empty */
        protected TakeWokenByFill(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final void change() {
            if (q.fill(() -> 1, 1) != 1) {
                throw new IllegalStateException("fill added nothing to an empty queue");
            }
        }
    }

    /** {@code take()} woken by {@code relaxedOffer} (retried until it takes, as a caller would). */
    public abstract static class TakeWokenByRelaxedOffer extends Take {
        /** @param q the queue under test, empty */
        protected TakeWokenByRelaxedOffer(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final void change() {
            while (!q.relaxedOffer(1)) {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * A timed {@code poll} (an hour) woken by {@code offer}: it returns the element, never null
     * (a time-out it cannot have reached) and never anything else.
     */
    @Description("the consumer waits in a timed poll (an hour) on an empty queue; the signal offers: the poll returns the element")
    @Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "the poll returned the element")
    @Outcome(id = "STALE", expect = Expect.FORBIDDEN, desc = "lost wake-up: the consumer stays parked with an element queued")
    public abstract static class TimedPollWokenByOffer extends Handshake {
        /** @param q the queue under test, empty */
        protected TimedPollWokenByOffer(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final Object block() throws InterruptedException {
            final Object e = BlockingConsumer.blocking(q).poll(1, TimeUnit.HOURS);
            if (e != null && !e.equals(1)) {
                throw new IllegalStateException("the timed poll returned " + e + ", not the element offered");
            }
            return e;
        }

        @Override
        final void change() {
            mustOffer(1);
        }
    }

    /**
     * Producer side: the queue starts full; {@code actor1} waits to add (it returns non-null once
     * it has added) and the signal removes one element.
     */
    @Description("the producer waits on a full queue; the signal removes one element: the producer wakes and adds")
    @Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "the producer added its element")
    @Outcome(id = "STALE", expect = Expect.FORBIDDEN, desc = "lost wake-up: the producer stays parked with room in the queue")
    abstract static class Put extends Handshake {
        Put(MessagePassingQueue<Object> q) {
            super(q);
            prefill(q.capacity());
        }

        @Override
        Object block() throws InterruptedException {
            BlockingConsumer.blocking(q).put(0);
            return Boolean.TRUE;
        }

        /** Removes one element: the first of the prefill. */
        abstract Object remove();

        @Override
        final void change() {
            final Object e = remove();
            if (!Integer.valueOf(1).equals(e)) {
                throw new IllegalStateException("removed " + e + " from a full queue, not its head 1");
            }
        }
    }

    /** {@code put} on a full queue woken by {@code poll}. */
    public abstract static class PutWokenByPoll extends Put {
        /** @param q the queue under test, which is filled */
        protected PutWokenByPoll(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final Object remove() {
            return q.poll();
        }
    }

    /** {@code put} on a full queue woken by {@code take} (which finds an element, so does not wait). */
    public abstract static class PutWokenByTake extends Put {
        /** @param q the queue under test, which is filled */
        protected PutWokenByTake(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final Object remove() {
            try {
                return BlockingConsumer.blocking(q).take();
            } catch (InterruptedException e) {
                throw new IllegalStateException("the signal was interrupted", e);
            }
        }
    }

    /** {@code put} on a full queue woken by {@code drain} of one element. */
    public abstract static class PutWokenByDrain extends Put {
        /** @param q the queue under test, which is filled */
        protected PutWokenByDrain(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final Object remove() {
            final Object[] drained = new Object[1];
            q.drain(e -> drained[0] = e, 1);
            return drained[0];
        }
    }

    /** {@code put} on a full queue woken by {@code relaxedPoll} (retried until it takes). */
    public abstract static class PutWokenByRelaxedPoll extends Put {
        /** @param q the queue under test, which is filled */
        protected PutWokenByRelaxedPoll(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final Object remove() {
            Object e;
            while ((e = q.relaxedPoll()) == null) {
                Thread.onSpinWait();
            }
            return e;
        }
    }

    /** A timed {@code offer} (an hour) on a full queue woken by {@code poll}: it returns true. */
    public abstract static class TimedOfferWokenByPoll extends Put {
        /** @param q the queue under test, which is filled */
        protected TimedOfferWokenByPoll(MessagePassingQueue<Object> q) {
            super(q);
        }

        @Override
        final Object block() throws InterruptedException {
            if (!BlockingConsumer.blocking(q).offer(0, 1, TimeUnit.HOURS)) {
                throw new IllegalStateException("the timed offer gave up before its time-out");
            }
            return Boolean.TRUE;
        }

        @Override
        final Object remove() {
            return q.poll();
        }
    }

    /**
     * {@code put} 1..6 races {@code take} x6 on a queue of capacity 4 (empty at the start): the
     * consumer waits whenever it catches up, the producer whenever it is 4 ahead, and every take
     * returns the next element put: FIFO through both waits, nothing lost, duplicated or left.
     */
    @Description("put 1..6 races take x6 on a queue of 4 that starts empty; then the rest is polled")
    @Outcome(id = "123456, _", expect = Expect.ACCEPTABLE, desc = "every take returned the next put, nothing left")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost, duplicated or reordered across a wait, or interrupted")
    public abstract static class PutTakeInOrder extends QueueStress {
        /** How many elements are put and taken: more than the capacity, so the producer waits. */
        static final int ELEMENTS = 6;

        /** @param q the queue under test, empty, of capacity below {@link #ELEMENTS} */
        protected PutTakeInOrder(MessagePassingQueue<Object> q) {
            super(q);
            if (q.capacity() >= ELEMENTS) {
                throw new IllegalArgumentException("capacity " + q.capacity() + " never makes put wait");
            }
        }

        /** @param r unused */
        public void actor1(LL_Result r) {
            try {
                for (int i = 1; i <= ELEMENTS; i++) {
                    BlockingConsumer.blocking(q).put(i);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                r.r2 = "interrupted";
            }
        }

        /** @param r what the takes returned */
        public void actor2(LL_Result r) {
            final StringBuilder sb = new StringBuilder();
            try {
                for (int i = 1; i <= ELEMENTS; i++) {
                    sb.append(seen(BlockingConsumer.blocking(q).take()));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                sb.append(" interrupted");
            }
            r.r1 = sb.toString();
        }

        /** @param r what is left */
        public void arbiter(LL_Result r) {
            if (r.r2 == null) {
                r.r2 = rest();
            }
        }
    }
}
