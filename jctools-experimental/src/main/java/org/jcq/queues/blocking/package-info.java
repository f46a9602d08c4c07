/**
 * Bounded array queues that are also {@link java.util.concurrent.BlockingQueue}s:
 * {@link org.jcq.queues.blocking.SpscBlockingArrayQueue},
 * {@link org.jcq.queues.blocking.MpscBlockingArrayQueue} and
 * {@link org.jcq.queues.blocking.MpmcBlockingArrayQueue}. Experimental: they move to core once
 * they meet their targets (docs/measurements/2026-11-21-measurements.md says where they stand).
 * <p>
 * Each extends the core lock-free queue of its shape ({@link org.jcq.queues.SpscArrayQueue},
 * {@link org.jcq.queues.MpscArrayQueue}, {@link org.jcq.queues.MpmcArrayQueue}), so its
 * {@code offer} and {@code poll} are the core queue's, followed by the wake-up protocol below.
 * All three share one implementation of the protocol: a small object per queue, held in a final
 * field, with a {@link java.util.concurrent.locks.ReentrantLock}, two
 * {@link java.util.concurrent.locks.Condition}s, {@code notEmpty} and {@code notFull}, and the
 * acknowledgements (below). The fields the fast path reads, the waiter counts and the fence
 * requests, are fields of the queue object itself, padded off its indices and its end, so that the
 * check after every operation is one load from the object the caller is already using rather
 * than two dependent loads.
 *
 * <h2>The wake-up protocol</h2>
 * The problem is the one every blocking queue without a lock on its fast path has. A consumer
 * that finds the queue empty must make itself known, then look again; a producer must publish,
 * then look whether someone waits. Each side stores, then loads what the other stored; unless
 * something orders each side's store before its load (a full fence, or an atomic
 * read-modify-write such as a CAS), both loads may return the old value (the store-buffering
 * outcome, which x86 shows in practice) and the consumer parks beside the element. Fencing after
 * every add and every remove costs 10-20% of the lock-free queue's speed. So the fence is paid
 * only where it is free (a CAS the queue does anyway) or only while somebody waits.
 * <p>
 * The steps below are for consumers waiting for an element; producers waiting for room run the
 * mirror image with the waiting-producer count, the remove fence request and {@code notFull}.
 * <p>
 * A consumer that must wait: (C0) yields and polls again, without registering; once, and, on a
 * platform thread, while a producer that has been signalled has not yet come back under the lock
 * (a producer grant, below, is outstanding), again and again until it gets an element, that
 * producer is back, 50 us have passed or its own time is up. A running producer adds dozens of
 * elements in the time a yield takes, and a signalled one is about to add; parking at once would
 * make that add wake the consumer, tens of microseconds during which the producer fills the queue
 * and parks in its turn, and on few cores the two sides would take turns parking, each waking the
 * other. A virtual thread yields and polls once only: on virtual threads a loop of yields is no
 * back-off (while a few loop on {@code Thread.yield()}, the scheduler can keep handing the
 * carriers round among them, and a virtual thread whose park has ended, the signalled producer
 * among them, is not run again for as long), so it goes on to park; and if its time is up by then
 * it parks once for a nanosecond and polls again, because it will return without parking, and a
 * loop of short timed calls must still give its carrier up; (C1)
 * takes the lock; (C2) registers, that is increments the waiting-consumer count (a volatile
 * store, only under the lock); if the producer side does not claim with a CAS, raises the add
 * fence request, unless it is raised already (a volatile store of a new positive number: this
 * waiting period's); and issues a full fence; (C3) reads the
 * request's acknowledgement (acquire), then polls again with the queue's {@code relaxedPoll},
 * which never waits for a producer between its claim and its store (this runs under the lock,
 * which that producer may need, to signal, before it stores: a fill whose supplier offers to the
 * same queue does), and if it got an element (or its time is up) drops its registration
 * (decrements the count) and stops waiting; if the re-check throws, the registration is dropped
 * all the same before the exception leaves; (C4) otherwise awaits
 * {@code notEmpty}, which releases the lock while it is parked and re-takes it before returning:
 * without a time limit (other than the caller's) if the request was acknowledged or there is
 * none, and the queue is empty (no claimed head whose element is on its way); otherwise for at
 * most a re-check interval (100 us, doubling up to 1 s); (C5) back
 * under the lock, however it woke, it uses up a grant (below) if there is one, otherwise its own
 * registration; then back to C2, where the request it had is still raised. When it stops waiting
 * and the count and the grants are both zero, nobody waits any more, and it withdraws the request
 * (stores minus its number), still under the lock.
 * <p>
 * The count therefore holds the registrations that no signal has used yet. A signal (P5, and the
 * cascade below) is sent only while the count is non-zero, and turns one registration into a
 * grant: it decrements the count and increments the grants (changed only under the lock). So
 * once the one waiter is signalled, the next adds see the count zero and do not take the lock to
 * signal it again while it is being woken, which takes tens of microseconds.
 * <p>
 * A producer that claims its index with a CAS (MPSC and MPMC producers; MPMC consumers on the
 * other side), after every successful add: (P1) the CAS and the element's publication, by the
 * core queue; (P4) a volatile load of the waiting-consumer count; only if it is non-zero, (P5)
 * takes the lock and, if the count is still non-zero, turns a registration into a grant and
 * signals {@code notEmpty} once; then releases the lock.
 * <p>
 * A producer that does not (the SPSC producer; the SPSC and MPSC consumers on the other side), after
 * every successful add: (P1) the element's publication (release stores, by the core queue); (P2)
 * an opaque load of the add fence request; only if it is raised, (P3) a full fence, then, if
 * the acknowledgement is lower, a release store of the request's number into it; (P4) and (P5) as
 * above. When nobody waits the fast path is therefore one load of a field that only waiters write.
 *
 * <h2>Why no wake-up is lost</h2>
 * <b>CAS sides.</b> A volatile CAS is a full fence, and every re-check (C3) that finds no element
 * then reads the index the CAS writes ({@code isEmpty()} reads the producer index; the mirror
 * image, {@code size()}, the consumer index). So C2's fence and the CAS are totally ordered: if
 * the CAS comes first, C3 takes the element or, if the producer's store of it is not visible yet,
 * sees the claim and awaits only for a re-check interval, after which it polls again, and the
 * store is visible eventually (a late wake-up, never a lost one; and P4, if it comes after C2,
 * signals at once); otherwise P4 reads the count that C2 stored
 * or a later one. Each of those was stored under the lock while the consumer was in the
 * condition's queue or after it had left it. In the first case the count is non-zero (see the
 * accounting below) and P5 signals; since the consumer holds the lock from C2 until C4's await
 * releases it, the signal reaches it while it awaits (and wakes it). In the second case the
 * consumer was already woken (by a signal, a time-out or an interrupt), and before it waits again
 * it runs C5 and C2 under the lock, after the store that P4 read: its fence and re-check then see
 * the element, as in the first part of this argument.
 * <p>
 * <b>Accounting.</b> Every registration is used up exactly once: by C3 (the consumer's own, after
 * finding an element or its time up), by a signal (which turns it into a grant) or by C5. Let p be
 * the number of consumers in the condition's queue and a the number that have left it (signalled,
 * timed out or interrupted) but not yet run C5. Then count + grants = p + a, and grants &lt;= a: a
 * signal adds a grant either together with moving a consumer out of the queue, or when the queue
 * is empty, and then every registered consumer is among the a; C5 takes one from a and one from
 * the grants or the count. So count &gt;= p: while a consumer is parked the count is non-zero.
 * <p>
 * <b>C0</b> polls (offers) as the fast path does, holds nothing and changes nothing that the
 * argument uses, so it cannot lose a wake-up; it only delays the registration, by one yield (and,
 * on a virtual thread whose time is up, a park of a nanosecond), or by at most 50 us while a grant
 * is outstanding.
 * <p>
 * <b>Sides with a single publisher and no CAS.</b> Take any add, and a consumer whose request
 * number is r.
 * <ul>
 * <li>If the producer's P2 for that add read r: the request was stored after the count (C2), and
 *     P3's full fence orders P2 before P4 as an acquire would, so P4 sees the count non-zero and
 *     P5 signals, as on the CAS sides.</li>
 * <li>If the add comes after the producer first read r (the add that stored the
 *     acknowledgement, or a later one): P2 reads r again, because a thread that has read a value
 *     never reads an older one, and r stays raised while this consumer is registered or a grant
 *     is outstanding (it is withdrawn only when the count and the grants are both zero and no
 *     woken thread is about to register again). So the first case applies.</li>
 * <li>If the add comes before that, its publication comes before the acknowledgement's fence, so
 *     a consumer that has read the acknowledgement (C3 reads it before it polls) sees the element
 *     or that it was taken.</li>
 * <li>Until the consumer has read the acknowledgement, an add whose P2 read an older value may
 *     still be invisible to C3 (the store-buffering outcome above). That is why the consumer then
 *     awaits for a re-check interval only: it polls again when the interval ends, and the memory
 *     model makes every store visible eventually. This is the one case in which a wake-up is late
 *     rather than immediate: by at most the interval, which starts at 100 us; it needs an add
 *     racing with the consumer's C2. In a 1P1C put/take loop on a queue of 4 on 2 cores, where
 *     nearly every transfer waits, a re-check found the element in under 0.1% of transfers (some
 *     of them signals that were about to arrive).</li>
 * </ul>
 * A consumer whose producer has stopped for good wakes about once a second to re-check;
 * its first add after the pause answers the request and signals at once.
 * <p>
 * No thundering herd: an add signals at most one waiter, never all, and none while the signalled
 * one is still being woken; a waiter that leaves (with an element, on time-out or on interrupt)
 * while elements remain and other consumers are registered signals one of them, so a
 * {@code fill} that added several elements wakes as many waiters, one after the other; a woken
 * waiter that finds the queue empty again waits again.
 *
 * <h2>What the argument assumes beyond the Java memory model</h2>
 * The JLS memory model (17.4) orders volatile accesses in one total order; it says nothing about
 * {@link java.lang.invoke.VarHandle#fullFence()} or the opaque mode, which the VarHandle
 * documentation describes informally, after C/C++11. The argument above uses them as C++11
 * defines them: a full fence is a sequentially consistent fence, so C2's fence, P3's fence and
 * every CAS lie in one total order, and a store before a fence in that order is seen by a load
 * after the other fence; an opaque load followed by a full fence orders like an acquire load;
 * opaque accesses are coherent (a thread that read a value never reads an older one). HotSpot
 * implements them so (a locked instruction or {@code mfence} on x86, {@code dmb ish} on ARM, for
 * the fence and the CAS), and the jcstress tests of this package check the outcomes on the machine
 * they run on; a JVM that implemented fences more weakly than C++11 could lose a wake-up on the
 * single-publisher sides. The CAS sides' argument needs only that a CAS is a volatile read and
 * write, which the JLS model covers, plus C2's fence.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>The waiting-consumer (waiting-producer) count is the number of registrations (C2) not yet
 *     used up by C3, a signal or C5; it and the grants change only under the lock; a signal is
 *     sent only while the count is non-zero, and turns one registration into a grant.</li>
 * <li>count + grants = p + a and grants &lt;= a (see the accounting), so the count is at least
 *     the number of threads awaiting the condition.</li>
 * <li>A registered thread holds the lock, except while it awaits the condition; it awaits only
 *     after a re-check (C3) made after its own registration's fence, under the lock it has held
 *     since that fence; after every await it runs C5 before anything else.</li>
 * <li>Every successful add is followed, in the adding thread, by P4 (and P5 if P4 saw a waiter)
 *     on CAS sides, by P2 (and P3 to P5 if P2 saw a request) on the others; every successful
 *     remove by their mirror images.</li>
 * <li>A fence request is positive while its side's count or grants are non-zero (and while a
 *     woken thread, under the lock, has not yet registered again or left), and withdrawn by the
 *     last thread to leave; its number only grows from one waiting period to the next, and is
 *     stored only under the lock.</li>
 * <li>An acknowledgement holds a request number that was raised, stored by the side's single
 *     publisher after a full fence; it only grows.</li>
 * <li>A registered thread awaits without a re-check interval only if its side claims with a CAS or
 *     it read its request's acknowledgement before its last re-check, and that re-check found
 *     nothing claimed and unwritten (no room claimed and not yet freed).</li>
 * <li>On CAS sides, a re-check that finds nothing to take (or no room) reads the index the CAS
 *     writes afterwards. No re-check waits for another thread while it holds the lock.</li>
 * </ol>
 * <b>Not</b> invariant: a thread that must wait tries again (C0) before it registers: once,
 * and for at most 50 us more only while a thread of the other side has been signalled and has
 * not come back. A count may be non-zero while nobody is parked (a waiter between C2 and
 * C4, or one that timed out and has not yet run C5); an add then signals nobody, or wakes a waiter
 * that finds the queue empty again and waits again: a cost, never a lost element. A grant may be
 * used up by another woken thread than the one signalled; only the totals matter. A remove may signal twice
 * (MPSC's {@code poll} re-enters itself in its cold path); a second signal is a spurious wake-up
 * and is harmless for the same reason.
 *
 * <h2>Orderings</h2>
 * Elements and indices: as in the core queue. The handshake's pairs: C2's fence with the claim's
 * CAS (CAS sides) or with P3's fence (the others), whose order decides which side sees the
 * other; C2's volatile count store with P4's volatile load; the request's volatile store with
 * P2's opaque load and P3's fence; P3's release store of the acknowledgement with C3's acquire
 * load of it, which makes every add before P3 visible to the re-check; P1's publication with C3's loads (the
 * core queue's acquire loads). Signal and await are ordered by the lock.
 *
 * <h2>Guaranteed and not</h2>
 * <ul>
 * <li>Every method that adds signals a waiting consumer, every method that removes signals a
 *     waiting producer: {@code offer}, {@code relaxedOffer}, {@code add}, {@code fill} (both),
 *     {@code put}, the timed {@code offer} (and MPSC's {@code offerIfBelowThreshold} and
 *     {@code failFastOffer}); {@code poll}, {@code relaxedPoll}, {@code remove()},
 *     {@code drain} (all), {@code drainTo} (both), {@code clear}, {@code take}, the timed
 *     {@code poll}. A {@code fill} signals for each element when it asks its supplier for the next
 *     (and for the last when it returns or throws), so a supplier that takes its time never keeps
 *     a consumer parked beside an element already in the queue.</li>
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
