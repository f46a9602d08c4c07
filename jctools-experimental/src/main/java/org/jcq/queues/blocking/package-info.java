/**
 * Bounded array queues that are also {@link java.util.concurrent.BlockingQueue}s:
 * {@link org.jcq.queues.blocking.SpscBlockingArrayQueue},
 * {@link org.jcq.queues.blocking.MpscBlockingArrayQueue} and
 * {@link org.jcq.queues.blocking.MpmcBlockingArrayQueue}. Experimental: they move to core once
 * they meet their targets (the README's "What we measured" says where they stand).
 * <p>
 * Each extends the core lock-free queue of its shape ({@link org.jcq.queues.SpscArrayQueue},
 * {@link org.jcq.queues.MpscArrayQueue}, {@link org.jcq.queues.MpmcArrayQueue}), so its
 * {@code offer} and {@code poll} are the core queue's, followed by the wake-up protocol below.
 * All three share one implementation of the protocol (a small padded object per queue, held in a
 * final field, holding the waiter counts, a {@link java.util.concurrent.locks.ReentrantLock} and
 * two {@link java.util.concurrent.locks.Condition}s, {@code notEmpty} and {@code notFull}).
 *
 * <h2>The wake-up protocol</h2>
 * A consumer that must wait: (C1) takes the lock; (C2) increments the waiting-consumer count
 * (a volatile store, only under the lock) and issues a full fence; (C3) polls again, and stops
 * waiting if it got an element; (C4) otherwise awaits {@code notEmpty}, which releases the lock
 * while it is parked and re-takes it before returning; then back to C3. When it stops waiting it
 * decrements the count, still under the lock.
 * <p>
 * A producer, after every successful add: (P1) the element is published (by the core queue);
 * (P2) a full fence; (P3) a volatile load of the waiting-consumer count; only if it is non-zero,
 * (P4) takes the lock, signals {@code notEmpty} once and releases the lock.
 * <p>
 * No lost wake-up: the two fences (C2, P2) are totally ordered. If C2's comes first, P3 sees the
 * count non-zero (it drops only once the consumer stopped waiting) and P4 signals; since the
 * consumer holds the lock from C1 until C4's await releases it, the signal reaches it while it
 * awaits (and wakes it) or after it stopped waiting (and needs no wake-up). If P2's comes first,
 * C3 reads after it, so it sees the element, or sees that another consumer took it. Release and
 * acquire alone would not do: each side's load could then miss the other side's store (the
 * store-buffering case), and the consumer would park beside an element.
 * <p>
 * Producers waiting for room and consumers after every successful remove run the mirror image
 * with the waiting-producer count and {@code notFull}.
 * <p>
 * <h2>Sides that claim with a CAS</h2>
 * MPSC and MPMC producers, and MPMC consumers, claim their index with a CAS before they publish;
 * a volatile-mode CAS is a full fence, so on those sides P2 is that CAS, and the fast path is only
 * P3. This is sound because every re-check (C3) that finds no element reads the index the CAS
 * wrote: the queues' {@code poll} reads the slot, and when it is empty reads the producer index,
 * and waits for the slot (never reports empty) while the index shows a claim; {@code offer} does
 * the same with the consumer index when the slot is not free. So the pair is: the waiter's
 * increment, its fence, its load of the index, against the CAS of that index and the load of the
 * count. Both fences are totally ordered: if the CAS comes first, C3 sees the claim and waits for
 * its element (which the producer publishes before it could ever take the lock); otherwise P3 sees
 * the count, as before.
 * <p>
 * The sides that publish with release stores only (SPSC producer and consumer, MPSC consumer)
 * keep P2. No cheaper handshake exists for them under the Java memory model: the publishing side
 * stores, then must learn whether someone waits, while the waiter stores its count, then must
 * learn whether something was published. If either side's store-then-load is not ordered by a
 * full fence or an atomic read-modify-write, both loads may return the old value (the
 * store-buffering outcome, which x86 shows in practice), the waiter parks beside the element, and
 * if the publisher never calls again nobody wakes it. A flag in the slot or index does not help
 * unless the publisher writes it with a read-modify-write, which costs the same as the fence.
 * <p>
 * The price on the fast path, when nobody waits, is therefore: one volatile load of a count that
 * is written only by waiting threads (a cache line that stays shared) on CAS sides; that load and
 * one full fence on the others.
 * <p>
 * No thundering herd: every add signals one waiter, never all; a waiter that leaves (with an
 * element, on time-out or on interrupt) while elements remain and other consumers wait signals
 * one of them, so a {@code fill} that added several elements wakes as many waiters, one after the
 * other; a woken waiter that finds the queue empty again waits again.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>The waiting-consumer (waiting-producer) count is the number of threads between their
 *     increment (C2) and their decrement, and changes only under the lock.</li>
 * <li>A thread that is counted holds the lock, except while it awaits the condition.</li>
 * <li>A counted thread awaits only after a re-check (C3) made after its own fence, under the
 *     lock it has held since that fence.</li>
 * <li>Every successful add is followed, in the adding thread, by P2 and P3 (and P4 if P3 saw a
 *     waiter), where on CAS sides P2 is the claim's CAS; every successful remove by their mirror
 *     images.</li>
 * <li>On CAS sides, a re-check that finds the slot empty reads the index the CAS writes, and
 *     reports nothing to take (or no room) only if that index shows no claim.</li>
 * </ol>
 * <b>Not</b> invariant: a count may be non-zero while nobody is parked (a waiter between C2 and
 * C4, or woken and not yet gone); an add then signals nobody, or wakes a waiter that finds the
 * queue empty again and waits again: a cost, never a lost element. A remove may signal twice
 * (MPSC's {@code poll} re-enters itself in its cold path); a second signal is a spurious wake-up
 * and is harmless for the same reason.
 *
 * <h2>Orderings</h2>
 * Elements and indices: as in the core queue. The handshake's pairs: C2's fence with P2's (the
 * two full fences, or the fence and the claim's CAS, whose order decides which side sees the
 * other); C2's volatile store with P3's volatile load; P1's publication, or on CAS sides the
 * claim, with C3's loads (the core queue's acquire loads); for producers
 * waiting for room, the consumer's release of the slot with the producer's re-check. Signal and
 * await are ordered by the lock.
 *
 * <h2>Guaranteed and not</h2>
 * <ul>
 * <li>Every method that adds signals a waiting consumer, every method that removes signals a
 *     waiting producer: {@code offer}, {@code relaxedOffer}, {@code add}, {@code fill} (both),
 *     {@code put}, the timed {@code offer} (and MPSC's {@code offerIfBelowThreshold} and
 *     {@code failFastOffer}); {@code poll}, {@code relaxedPoll}, {@code remove()},
 *     {@code drain} (all), {@code drainTo} (both), {@code clear}, {@code take}, the timed
 *     {@code poll}.</li>
 * <li>Waiting parks through {@link java.util.concurrent.locks.LockSupport} (by way of the
 *     conditions); no monitor is ever used, so waiting virtual threads do not pin carriers.</li>
 * <li>Interrupts and time-outs as in {@link java.util.concurrent.ArrayBlockingQueue}: a thread
 *     interrupted before or while it waits gets {@link InterruptedException} with its interrupt
 *     status cleared, and one interrupted before it calls a blocking method gets it even when it
 *     would not have waited; a time-out returns {@code false}/{@code null}, never before the
 *     time-out has passed; a time-out {@code <= 0} never waits.</li>
 * <li>Not FIFO among waiters: a thread that arrives later may take an element before one that
 *     has been waiting (the fast path does not queue behind waiters).</li>
 * <li>Not guaranteed: fairness; {@code remove(Object)} of a present element (unsupported, as in
 *     core); exact {@code size()} and {@code remainingCapacity()} while other threads run.</li>
 * </ul>
 */
package org.jcq.queues.blocking;
