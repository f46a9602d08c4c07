package org.jcq.queues;

/**
 * A queue for passing messages between threads, shaped by how many threads may produce and
 * consume: single or multiple producers (SP/MP) and single or multiple consumers (SC/MC).
 * <p>
 * This interface mirrors JCTools' {@code org.jctools.queues.MessagePassingQueue} (4.x) method for
 * method, so code written against JCTools moves here by changing imports.
 *
 * <h2>Thread roles</h2>
 * Producer methods ({@code offer}, {@code relaxedOffer}, {@code fill}) may be called from one
 * thread at a time on a single-producer queue, and from any number of threads on a multi-producer
 * queue. Consumer methods ({@code poll}, {@code peek}, {@code relaxedPoll}, {@code relaxedPeek},
 * {@code drain}, {@code clear}) likewise follow the consumer shape. "One thread at a time" means
 * the calls must be ordered by happens-before (for example, one dedicated thread). The observer
 * methods {@code size}, {@code isEmpty} and {@code capacity} may be called from any thread.
 *
 * <h2>Strict and relaxed methods</h2>
 * The strict methods are exact: {@link #offer} fails only when the queue is full, and
 * {@link #poll} and {@link #peek} return {@code null} only when the queue is empty. Their relaxed
 * twins may fail spuriously (for instance, while another thread is half-way through an operation)
 * in exchange for never waiting; use them in loops that retry anyway.
 *
 * <h2>Memory visibility</h2>
 * Actions in a thread before it offers an element happen-before actions after another thread
 * polls, peeks or drains that same element.
 *
 * <h2>Nulls</h2>
 * {@code null} elements are rejected with {@link NullPointerException}; {@code null} is the
 * "nothing there" answer of the consuming methods.
 *
 * @param <T> the type of the elements
 */
public interface MessagePassingQueue<T> {
    /** The value {@link #capacity()} returns for a queue with no bound. */
    int UNBOUNDED_CAPACITY = -1;

    /**
     * Supplies elements to {@link #fill}. It is called only when the element it returns will be
     * added, so it never produces an element that the queue then drops.
     *
     * @param <T> the type of the elements
     */
    interface Supplier<T> {
        /**
         * Returns the next element to add.
         *
         * @return the element; never {@code null} ({@code fill} throws
         *     {@link NullPointerException} if it is)
         */
        T get();
    }

    /**
     * Receives elements from {@link #drain}. Each element is removed from the queue before it is
     * handed over, so if {@code accept} throws, that element counts as delivered and the exception
     * propagates to the caller of {@code drain}; the queue stays consistent. The elements the drain
     * has not handed over yet stay in the queue, in order; only where the drain had claimed them
     * at once and another consumer has since taken past them (so that no consumer could reach them
     * any more) does the drain hand them to this consumer before the exception propagates.
     * Some queues claim a drain's run of elements at once: while {@code accept} runs, the queue
     * (its {@code size()}, {@code isEmpty()}, {@code peek()}, a {@code poll()} made here) may
     * count the whole run as taken; each queue's class documentation says which.
     *
     * @param <T> the type of the elements
     */
    interface Consumer<T> {
        /**
         * Takes one element.
         *
         * @param e the element, never {@code null}
         */
        void accept(T e);
    }

    /** Decides what a waiting {@code drain} or {@code fill} does when it found nothing to do. */
    interface WaitStrategy {
        /**
         * Called each time a waiting loop made no progress; it may spin, yield, park or sleep.
         *
         * @param idleCounter how many times in a row the loop has been idle (0 after progress)
         * @return the new idle counter, which is passed back in on the next idle round
         */
        int idle(int idleCounter);
    }

    /** Tells a waiting {@code drain} or {@code fill} when to return. */
    interface ExitCondition {
        /**
         * Checked before every batch.
         *
         * @return {@code true} to keep going, {@code false} to return
         */
        boolean keepRunning();
    }

    /**
     * Adds an element at the tail if the queue has room. Producer threads only.
     *
     * @param e the element, not {@code null}
     * @return {@code true} if added; {@code false} only if the queue was full
     * @throws NullPointerException if {@code e} is {@code null}; the queue is unchanged
     */
    boolean offer(T e);

    /**
     * Removes and returns the head. Consumer threads only. On some queues this may wait briefly
     * for a producer that has claimed a slot but not yet written to it; see {@link #relaxedPoll()}
     * for the variant that never waits.
     *
     * @return the head, or {@code null} only if the queue was empty
     */
    T poll();

    /**
     * Returns the head without removing it. Consumer threads only. On a single-consumer queue, a
     * non-null answer means the next {@link #poll()} returns that same element.
     *
     * @return the head, or {@code null} only if the queue was empty
     */
    T peek();

    /**
     * Estimates the number of elements. Any thread may call it. With producers and consumers
     * running the answer may be stale by the time it returns, but it always lies in
     * {@code [0, capacity()]} (in {@code [0, Integer.MAX_VALUE]} for unbounded queues) and is exact
     * when the queue is quiescent.
     *
     * @return the estimated number of elements
     */
    int size();

    /**
     * Removes all elements by polling until the queue is empty. Consumer threads only. Elements
     * offered concurrently may or may not be removed.
     */
    void clear();

    /**
     * Tells if the queue is empty. Any thread may call it. When a consumer sees {@code false},
     * its next {@link #poll()} returns an element (on a single-consumer queue).
     *
     * @return {@code true} if no element was in the queue at the moment of the call
     */
    boolean isEmpty();

    /**
     * Returns the bound on the number of elements.
     *
     * @return the capacity, or {@link #UNBOUNDED_CAPACITY} if the queue has no bound
     */
    int capacity();

    /**
     * Like {@link #offer}, but may return {@code false} while the queue is not quite full (for
     * instance, while the consumer is about to free a slot). It never waits. Producer threads only.
     *
     * @param e the element, not {@code null}
     * @return {@code true} if added
     * @throws NullPointerException if {@code e} is {@code null}; the queue is unchanged
     */
    boolean relaxedOffer(T e);

    /**
     * Like {@link #poll()}, but may return {@code null} while an element is being added (a
     * producer has claimed a slot but has not yet written it). It never waits. Consumer threads
     * only.
     *
     * @return the head, or {@code null}
     */
    T relaxedPoll();

    /**
     * Like {@link #peek()}, but may return {@code null} while an element is being added. It never
     * waits. Consumer threads only.
     *
     * @return the head, or {@code null}
     */
    T relaxedPeek();

    /**
     * Removes up to {@code limit} elements and hands each to {@code c}, in queue order. It stops at
     * the first empty slot, as a loop of {@link #relaxedPoll()} calls would, and never waits. It is
     * a batch, not one atomic operation: other threads' operations interleave with its elements.
     * Consumer threads only.
     *
     * @param c receives the elements
     * @param limit the most elements to remove, {@code >= 0}
     * @return the number of elements removed
     * @throws IllegalArgumentException if {@code c} is {@code null} or {@code limit} is negative
     */
    int drain(Consumer<T> c, int limit);

    /**
     * Adds up to {@code limit} elements taken from {@code s}, stopping early when the queue is
     * full. The supplier is called only when there is room for its element, so no element it
     * returns is dropped. It is a batch, not one atomic operation; the supplier may read this
     * queue but must not offer to it. Producer threads only.
     *
     * @param s supplies the elements
     * @param limit the most elements to add, {@code >= 0}
     * @return the number of elements added
     * @throws IllegalArgumentException if {@code s} is {@code null} or {@code limit} is negative
     * @throws NullPointerException if {@code s} returns {@code null}: the elements it supplied
     *     before the {@code null} stay in the queue and nothing is added for the {@code null}
     */
    int fill(Supplier<T> s, int limit);

    /**
     * Removes the elements that are available now and hands them to {@code c}: on a bounded queue
     * at most {@link #capacity()} of them, so the call returns even when producers keep up.
     * Consumer threads only.
     *
     * @param c receives the elements
     * @return the number of elements removed
     * @throws IllegalArgumentException if {@code c} is {@code null}
     */
    int drain(Consumer<T> c);

    /**
     * Adds elements from {@code s} until the queue is full, or, on a queue with no bound, a batch
     * of elements. Producer threads only.
     *
     * @param s supplies the elements
     * @return the number of elements added
     * @throws IllegalArgumentException if {@code s} is {@code null}
     * @throws NullPointerException as for {@link #fill(Supplier, int)}
     */
    int fill(Supplier<T> s);

    /**
     * Keeps removing elements and handing them to {@code c} while {@code exit} says to keep
     * running. When it finds nothing it calls {@code wait.idle(n)}, with {@code n} counting idle
     * rounds since the last element and reset to 0 on progress. The exit condition is checked
     * before each batch, so the call returns soon after it turns false. Consumer threads only.
     *
     * @param c receives the elements
     * @param wait what to do when the queue is empty
     * @param exit when to return
     * @throws IllegalArgumentException if any argument is {@code null}
     */
    void drain(Consumer<T> c, WaitStrategy wait, ExitCondition exit);

    /**
     * Keeps adding elements from {@code s} while {@code exit} says to keep running, calling
     * {@code wait.idle(n)} when the queue is full (with {@code n} as for
     * {@link #drain(Consumer, WaitStrategy, ExitCondition)}). Producer threads only.
     *
     * @param s supplies the elements
     * @param wait what to do when the queue is full
     * @param exit when to return
     * @throws IllegalArgumentException if {@code wait} or {@code exit} is {@code null}, or
     *     {@code s} is {@code null} and {@code exit} lets the call run (as in JCTools, a null
     *     supplier is found when the first batch is filled)
     * @throws NullPointerException if {@code s} returns {@code null} (elements supplied before it
     *     stay in the queue)
     */
    void fill(Supplier<T> s, WaitStrategy wait, ExitCondition exit);
}
