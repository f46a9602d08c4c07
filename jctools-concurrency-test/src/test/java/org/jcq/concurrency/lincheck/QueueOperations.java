package org.jcq.concurrency.lincheck;

import org.jcq.queues.MessagePassingQueue;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/**
 * The operations Lincheck runs against a queue: {@code offer}, {@code poll}, {@code peek},
 * {@code isEmpty} and the batch paths' runs of one ({@code fillOne}, and {@code drainOne} where
 * it is strict). Lincheck builds one instance of the test class per scenario with its no-argument
 * constructor, so the queue comes from {@link Subject#current()}, which the JUnit test sets before
 * it starts Lincheck. The subclasses say which operations may run in parallel: Lincheck puts all
 * operations of one {@code nonParallelGroup} into one thread, which is how a single-producer or
 * single-consumer role is expressed.
 * <p>
 * {@code isEmpty} is in no group in any subclass: {@link MessagePassingQueue#isEmpty()} may be
 * called from any thread, and its contract ("no element was in the queue at the moment of the
 * call") is a linearizable one.
 *
 * <h2>Operations not checked, and why</h2>
 * <ul>
 * <li>{@code size()}: an estimate by contract. It is exact only when the queue is quiescent and,
 *     on the MPSC/MPMC array queues, counts claimed slots that are not written yet, so it has no
 *     linearizable sequential specification to check against.</li>
 * <li>{@code relaxedOffer}, {@code relaxedPoll}, {@code relaxedPeek}: allowed to fail spuriously
 *     (a full/empty answer while another thread is half-way through an operation), so a
 *     linearizability check would report their permitted answers as violations.</li>
 * <li>{@code drain} and {@code fill} of more than one element: batch operations that are not
 *     atomic (other threads' operations interleave with their elements) and, like the relaxed
 *     operations, may stop early ({@code drain} at the first slot still being written), so they
 *     have no single linearization point to check. Their runs of one are checked:
 *     {@code fillOne} on every queue (a fill that finds room must take the element, as offer
 *     does), {@code drainOne} where a drain never stops early (the SPSC and SPMC queues: their
 *     drains take what the producer index shows, and the SPSC drain polls where it shows
 *     nothing). The jcstress tests race longer batches.</li>
 * <li>The iterator: weakly consistent by contract.</li>
 * <li>{@code clear()}: a loop of {@code poll()} calls, not atomic against concurrent offers.</li>
 * <li>{@code capacity()}: a constant.</li>
 * </ul>
 * Elements are {@code int}s from 1 to 9, so that most scenarios offer distinct elements and a
 * lost, duplicated or reordered element leaves results that no sequential order produces.
 */
@Param(name = "element", gen = IntGen.class, conf = "1:9")
public abstract class QueueOperations {
    /** The {@code nonParallelGroup} of single-producer operations. */
    static final String PRODUCER = "producer";
    /** The {@code nonParallelGroup} of single-consumer operations. */
    static final String CONSUMER = "consumer";

    /** The queue under test, built fresh for every scenario. */
    final MessagePassingQueue<Integer> queue = Subject.current().create();

    /** Multi-producer, single-consumer: consumer operations never run in parallel with each other. */
    public static final class Mpsc extends QueueOperations {
        /**
         * @param e the element
         * @return the queue's answer
         */
        @Operation
        public boolean offer(@Param(name = "element") int e) {
            return queue.offer(e);
        }

        /**
         * {@code fill(s, 1)}: the batch path with a run of one, which must answer as offer does.
         *
         * @param e the element
         * @return whether it was added
         */
        @Operation
        public boolean fillOne(@Param(name = "element") int e) {
            return queue.fill(() -> e, 1) == 1;
        }

        /** @return the queue's answer */
        @Operation(nonParallelGroup = CONSUMER)
        public Integer poll() {
            return queue.poll();
        }

        /** @return the queue's answer */
        @Operation(nonParallelGroup = CONSUMER)
        public Integer peek() {
            return queue.peek();
        }

        /** @return the queue's answer; any thread may ask */
        @Operation
        public boolean isEmpty() {
            return queue.isEmpty();
        }
    }

    /** Single-producer, multi-consumer: offer never runs in parallel with another offer. */
    public static final class Spmc extends QueueOperations {
        /**
         * @param e the element
         * @return the queue's answer
         */
        @Operation(nonParallelGroup = PRODUCER)
        public boolean offer(@Param(name = "element") int e) {
            return queue.offer(e);
        }

        /**
         * {@code fill(s, 1)}: the batch path with a run of one, which must answer as offer does.
         *
         * @param e the element
         * @return whether it was added
         */
        @Operation(nonParallelGroup = PRODUCER)
        public boolean fillOne(@Param(name = "element") int e) {
            return queue.fill(() -> e, 1) == 1;
        }

        /** @return the queue's answer */
        @Operation
        public Integer poll() {
            return queue.poll();
        }

        /**
         * {@code drain(c, 1)}: the batch path with a run of one; on this queue it never misses an
         * element that is there, so it must answer as poll does.
         *
         * @return the element handed over, or {@code null}
         */
        @Operation
        public Integer drainOne() {
            final Integer[] taken = {null};
            queue.drain(e -> taken[0] = e, 1);
            return taken[0];
        }

        /** @return the queue's answer */
        @Operation
        public Integer peek() {
            return queue.peek();
        }

        /** @return the queue's answer; any thread may ask */
        @Operation
        public boolean isEmpty() {
            return queue.isEmpty();
        }
    }

    /** Multi-producer, multi-consumer: no restriction. */
    public static final class Mpmc extends QueueOperations {
        /**
         * @param e the element
         * @return the queue's answer
         */
        @Operation
        public boolean offer(@Param(name = "element") int e) {
            return queue.offer(e);
        }

        /**
         * {@code fill(s, 1)}: the batch path with a run of one, which must answer as offer does.
         *
         * @param e the element
         * @return whether it was added
         */
        @Operation
        public boolean fillOne(@Param(name = "element") int e) {
            return queue.fill(() -> e, 1) == 1;
        }

        /** @return the queue's answer */
        @Operation
        public Integer poll() {
            return queue.poll();
        }

        /** @return the queue's answer */
        @Operation
        public Integer peek() {
            return queue.peek();
        }

        /** @return the queue's answer; any thread may ask */
        @Operation
        public boolean isEmpty() {
            return queue.isEmpty();
        }
    }

    /**
     * Multi-producer, multi-consumer queues that remove from any position (the MPMC blocking
     * queues): {@code offer}, {@code poll}, {@code peek} and {@code remove(Object)}, any thread.
     * Without {@code isEmpty} and {@code size}: they subtract removed elements' slots from their
     * count, which a remover raises a moment after its mark, so for that moment they may still
     * count the element (never the other way: where the count says there may be nothing left, the
     * queue is walked; see the queues' notes and {@code QueueRemovalTest}).
     */
    public static final class MpmcRemoving extends QueueOperations {
        /**
         * @param e the element
         * @return the queue's answer
         */
        @Operation
        public boolean offer(@Param(name = "element") int e) {
            return queue.offer(e);
        }

        /** @return the queue's answer */
        @Operation
        public Integer poll() {
            return queue.poll();
        }

        /** @return the queue's answer */
        @Operation
        public Integer peek() {
            return queue.peek();
        }

        /**
         * @param e the element
         * @return whether an occurrence of {@code e} was removed
         */
        @Operation
        public boolean remove(@Param(name = "element") int e) {
            return ((java.util.Collection<?>) queue).remove(e);
        }
    }

    /**
     * Single-producer, single-consumer, without {@code isEmpty}: one producer thread, one consumer
     * thread. The harness self-check runs its broken queue through this class, so that what it
     * catches is the broken offer itself.
     */
    public static class SpscCore extends QueueOperations {
        /**
         * @param e the element
         * @return the queue's answer
         */
        @Operation(nonParallelGroup = PRODUCER)
        public boolean offer(@Param(name = "element") int e) {
            return queue.offer(e);
        }

        /** @return the queue's answer */
        @Operation(nonParallelGroup = CONSUMER)
        public Integer poll() {
            return queue.poll();
        }

        /** @return the queue's answer */
        @Operation(nonParallelGroup = CONSUMER)
        public Integer peek() {
            return queue.peek();
        }
    }

    /** Single-producer, single-consumer, {@code isEmpty} included (from any thread). */
    public static final class Spsc extends SpscCore {
        /** @return the queue's answer; any thread may ask */
        @Operation
        public boolean isEmpty() {
            return queue.isEmpty();
        }

        /**
         * {@code fill(s, 1)}: the batch path with a run of one, which must answer as offer does.
         *
         * @param e the element
         * @return whether it was added
         */
        @Operation(nonParallelGroup = PRODUCER)
        public boolean fillOne(@Param(name = "element") int e) {
            return queue.fill(() -> e, 1) == 1;
        }

        /**
         * {@code drain(c, 1)}: the batch path with a run of one; on this queue it never misses an
         * element that is there, so it must answer as poll does.
         *
         * @return the element handed over, or {@code null}
         */
        @Operation(nonParallelGroup = CONSUMER)
        public Integer drainOne() {
            final Integer[] taken = {null};
            queue.drain(e -> taken[0] = e, 1);
            return taken[0];
        }
    }

    /**
     * Multi-producer, single-consumer, for a queue that keeps no order between its lanes
     * ({@code MpscCompoundQueue} with several lanes): which element a poll returns depends on the
     * lanes the producers' threads map to, which no sequential specification can know, so the
     * consumer's answers are reduced to whether it got an element, and checked against
     * {@link CountSpec}: no element lost or made up, {@code poll}, {@code peek} and
     * {@code isEmpty} find an element whenever one is in the queue. Which elements, and in which
     * order per producer, the queue's own tests and jcstress check.
     */
    public static final class MpscUnordered extends QueueOperations {
        /**
         * @param e the element
         * @return the queue's answer
         */
        @Operation
        public boolean offer(@Param(name = "element") int e) {
            return queue.offer(e);
        }

        /**
         * {@code fill(s, 1)}: the batch path with a run of one, which must answer as offer does.
         *
         * @param e the element
         * @return whether it was added
         */
        @Operation
        public boolean fillOne(@Param(name = "element") int e) {
            return queue.fill(() -> e, 1) == 1;
        }

        /** @return whether the poll took an element */
        @Operation(nonParallelGroup = CONSUMER)
        public boolean pollSome() {
            return queue.poll() != null;
        }

        /** @return whether the peek saw an element */
        @Operation(nonParallelGroup = CONSUMER)
        public boolean peekSome() {
            return queue.peek() != null;
        }

        /** @return the queue's answer; any thread may ask */
        @Operation
        public boolean isEmpty() {
            return queue.isEmpty();
        }
    }
}
