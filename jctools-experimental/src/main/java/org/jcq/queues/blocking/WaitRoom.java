package org.jcq.queues.blocking;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import org.jcq.internal.Waits;
import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MessagePassingQueue.Consumer;
import org.jcq.queues.MessagePassingQueue.Supplier;

/*
 * The one implementation of the wake-up protocol that the blocking queues of this package share.
 * Each queue holds one WaitRoom in a final field, and holds itself the fields that its fast path
 * reads: the waiter counts and the fence requests (see SpscBlockingArrayQueueFields), which the
 * room reaches through the VarHandles it is given. After every successful add the queue calls its
 * own afterAdd() (a single producer: it loads the add fence request and, only if one is raised,
 * calls answerAddFenceRequest() here, then reads the count) or afterCasAdd() (it reads the count);
 * after every successful remove afterRemove() or afterCasRemove() likewise; and it calls
 * awaitElement()/awaitRoom() when its own fast path (take/put and the timed forms try poll/offer
 * first) found nothing to do.
 *
 * The protocol, its steps, the no-lost-wake-up argument and the invariants are in
 * package-info.java, which is what users read; the call sites below name the steps.
 * In short: a waiter registers (counts itself) under the lock (and, facing a single publisher
 * that does not CAS, raises a fence request), fences, re-checks, and only then awaits (which
 * releases the lock); when it wakes it uses up a grant or its registration, and registers again
 * if it must wait again. A signal turns one registration into a grant, so the publisher stops
 * signalling once the waiter has been signalled. Before it takes the lock at all, a thread that
 * would wait yields and tries again (C0): once, and, on a platform thread, for a while longer if
 * a thread of the other side holds a grant (was signalled, is not back yet), since that thread is
 * about to act; a virtual thread never loops on yields (its waits must park), and parks once if
 * its time-out has passed, since the caller then returns without parking. A CAS publisher reads
 * the count after its CAS. A single publisher reads the fence request; only while one is raised
 * does it fence, acknowledge and read the count. Until its request is acknowledged a
 * waiter awaits with a time-out and re-checks, because an add made before the publisher saw the
 * request may not be visible to it yet.
 *
 * Nothing here is read on the fast path, so the room needs no padding.
 */

/**
 * Waiting consumers and producers of one blocking queue, and the one implementation of the
 * wake-up protocol that {@link SpscBlockingArrayQueue}, {@link MpscBlockingArrayQueue} and
 * {@link MpmcBlockingArrayQueue} share (see the comment at the top of this file).
 */
final class WaitRoom {
    /** A waiter whose fence request is not answered yet first re-checks after this long... */
    static final long FIRST_RECHECK_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    /** ...then after twice as long each time, up to this. */
    static final long MAX_RECHECK_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * C0: the longest a platform thread that would wait goes on yielding and trying again instead,
     * while a thread of the other side has been signalled and has not come back yet: longer than
     * that thread usually takes to wake up, short enough to bound the CPU it costs when it does not.
     */
    static final long PEER_WAKING_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    private static final VarHandle ADD_FENCE_ACK;
    private static final VarHandle REMOVE_FENCE_ACK;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            ADD_FENCE_ACK = lookup.findVarHandle(WaitRoom.class, "addFenceAck", long.class);
            REMOVE_FENCE_ACK = lookup.findVarHandle(WaitRoom.class, "removeFenceAck", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Guards the counts' changes and the two conditions. */
    private final ReentrantLock lock = new ReentrantLock();
    /** Consumers waiting for an element wait here. */
    private final Condition notEmpty = lock.newCondition();
    /** Producers waiting for room wait here. */
    private final Condition notFull = lock.newCondition();
    /**
     * The owning queue's waiting-consumer count, a {@code volatile long} field of the queue object:
     * the waiting consumers' registrations that are not used up yet (C2 adds one; C3, C5 or a
     * signal uses one up), changed only under the lock.
     */
    private final VarHandle waitingConsumers;
    /** The mirror image: the queue's waiting-producer count. */
    private final VarHandle waitingProducers;
    /**
     * The owning queue's add fence request, a {@code volatile long} field of the queue object, or
     * null if the queue's adds claim their index with a CAS (MPSC and MPMC producers), which needs
     * no request. While consumers wait it holds the number of this waiting period, {@code > 0},
     * asking the producer to fence after every add; otherwise minus the last period's number (0 at
     * first), so every period gets a new, larger number. Stored only under the lock.
     */
    private final VarHandle addFenceRequest;
    /** The mirror image: the queue's remove fence request, or null if removes CAS (MPMC). */
    private final VarHandle removeFenceRequest;
    /** The last add fence request the producer answered, written after its fence. */
    private volatile long addFenceAck;
    /** The last remove fence request the consumer answered, written after its fence. */
    private volatile long removeFenceAck;
    /**
     * Waits that ended on a re-check's time-out, before the request was answered, and then found
     * what they waited for: the cases the time-outs exist for. Under the lock; for tests.
     */
    private long recheckFinds;
    /**
     * Signals made to waiting consumers whose receivers have not yet come back under the lock
     * (C5): each was a registration in the queue's count before. Changed only under the lock;
     * volatile because C0 of a producer reads it without the lock.
     */
    private volatile long consumerGrants;
    /** The mirror image, for waiting producers. */
    private volatile long producerGrants;

    WaitRoom(VarHandle waitingConsumers, VarHandle waitingProducers, VarHandle addFenceRequest,
            VarHandle removeFenceRequest) {
        this.waitingConsumers = waitingConsumers;
        this.waitingProducers = waitingProducers;
        this.addFenceRequest = addFenceRequest;
        this.removeFenceRequest = removeFenceRequest;
    }

    /*
     * After every successful add, a producer that does not claim with a CAS (the SPSC producer)
     * runs P2 in its queue's afterAdd(): an opaque load of the add fence request from the queue
     * object. Opaque is enough: with P3's fence it pairs with the waiter's raising of the request
     * (after its count, C2) as an acquire would, and it costs the fast path no more than a plain
     * load. Only a raised request (> 0) leads here, and then back to the queue for P4 and P5.
     */

    /** P3, the cold path of the queue's afterAdd: a consumer waits, or did until just now. */
    void answerAddFenceRequest(long request) {
        // Orders this add, and every earlier one, before the ack and the queue's count load (P4).
        VarHandle.fullFence();
        if ((long) ADD_FENCE_ACK.getAcquire(this) < request) {
            // Only by the single producer, after the fence.
            ADD_FENCE_ACK.setRelease(this, request);
        }
    }

    /** P3 of the queue's afterRemove: the mirror image of {@link #answerAddFenceRequest}. */
    void answerRemoveFenceRequest(long request) {
        VarHandle.fullFence();
        if ((long) REMOVE_FENCE_ACK.getAcquire(this) < request) {
            REMOVE_FENCE_ACK.setRelease(this, request);
        }
    }

    /**
     * P2 to P5 for an add made on behalf of {@code q} outside its own fast path (by
     * {@link SignalEach}): what the queue's afterAdd() does if it has an add fence request (a
     * single producer), else what its afterCasAdd() does, through the room's handles.
     */
    void afterAdd(Object q) {
        if (addFenceRequest != null) {
            final long request = (long) addFenceRequest.getOpaque(q);
            if (request <= 0L) {
                return;
            }
            answerAddFenceRequest(request);
        }
        if ((long) waitingConsumers.getVolatile(q) != 0L) {
            signalNotEmpty(q);
        }
    }

    /**
     * The supplier that a blocking queue's {@code fill} hands to the core queue's: before it asks
     * {@code s} for each element after the first, it runs P2 to P5 for the element before, which the
     * core fill has published by then. So a consumer waiting beside a fill whose supplier takes its
     * time is woken for each element, not at the end of the batch; while nobody waits, each signal
     * is one load. Returns null for a null {@code s}, so that the core fill rejects it as usual.
     */
    <E> Supplier<E> signalEach(Object q, Supplier<E> s) {
        return s == null ? null : new SignalEach<>(this, q, s);
    }

    /** See {@link #signalEach}. One per fill call, used by the filling thread only. */
    private static final class SignalEach<E> implements Supplier<E> {
        private final WaitRoom room;
        private final Object q;
        private final Supplier<E> s;
        private boolean asked;

        SignalEach(WaitRoom room, Object q, Supplier<E> s) {
            this.room = room;
            this.q = q;
            this.s = s;
        }

        @Override
        public E get() {
            if (asked) {
                room.afterAdd(q);
            }
            asked = true;
            return s.get();
        }
    }

    /**
     * The mirror image of {@link #afterAdd}: P2 to P5 for a remove made on behalf of {@code q}
     * by the core queue's drain (see {@link #signalEachTaken}).
     */
    void afterRemove(Object q) {
        if (removeFenceRequest != null) {
            final long request = (long) removeFenceRequest.getOpaque(q);
            if (request <= 0L) {
                return;
            }
            answerRemoveFenceRequest(request);
        }
        if ((long) waitingProducers.getVolatile(q) != 0L) {
            signalNotFull(q);
        }
    }

    /**
     * The mirror image of {@link #signalEach}, for a blocking queue's {@code drain}: the core
     * queue's drain takes runs of slots and clears (frees) each slot before it hands over its
     * element, without calling the queue's own {@code poll}. So before this consumer passes on each
     * element after the first, it runs P2 to P5 for the slot before, which is free by then (an MPMC
     * drain's CAS on the consumer index precedes the whole run, and is the fence); the queue's
     * drain signals once more at the end. A producer waiting beside a drain whose callback takes
     * its time is woken as each slot frees. Returns null for a null {@code c}, so that the core
     * drain rejects it as usual.
     */
    <E> Consumer<E> signalEachTaken(Object q, Consumer<E> c) {
        return c == null ? null : new SignalEachTaken<>(this, q, c);
    }

    /** See {@link #signalEachTaken}. One per drain call, used by the draining thread only. */
    private static final class SignalEachTaken<E> implements Consumer<E> {
        private final WaitRoom room;
        private final Object q;
        private final Consumer<E> c;
        private boolean handed;

        SignalEachTaken(WaitRoom room, Object q, Consumer<E> c) {
            this.room = room;
            this.q = q;
            this.c = c;
        }

        @Override
        public void accept(E e) {
            if (handed) {
                room.afterRemove(q);
            }
            handed = true;
            c.accept(e);
        }
    }

    /**
     * P5: a publisher whose P4 saw a registered consumer wakes one, and moves its registration to
     * the grants, so that the next adds (P4 reads the count again) do not take the lock to signal
     * the same waiter again while it is being woken.
     */
    void signalNotEmpty(Object q) {
        final ReentrantLock lock = this.lock;
        lock.lock();
        try {
            handOffToConsumer(q);
        } finally {
            lock.unlock();
        }
    }

    /** P5's mirror image: a remover that saw a registered producer wakes one. */
    void signalNotFull(Object q) {
        final ReentrantLock lock = this.lock;
        lock.lock();
        try {
            handOffToProducer(q);
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: if a consumer is registered, signals one and turns a registration into a grant. */
    private void handOffToConsumer(Object q) {
        final long registered = (long) waitingConsumers.getVolatile(q);
        if (registered > 0L) {
            waitingConsumers.setVolatile(q, registered - 1);
            consumerGrants++;
            notEmpty.signal();
        }
    }

    /** Under the lock: the mirror image of {@link #handOffToConsumer}. */
    private void handOffToProducer(Object q) {
        final long registered = (long) waitingProducers.getVolatile(q);
        if (registered > 0L) {
            waitingProducers.setVolatile(q, registered - 1);
            producerGrants++;
            notFull.signal();
        }
    }

    /**
     * Under the lock, C5: a consumer that awaited ({@code woken}) uses up a grant if there is one
     * (it may have been made for another woken consumer; only the totals matter), otherwise, like
     * one that did not await (C3), its own registration.
     */
    private void useUpConsumer(Object q, boolean woken) {
        if (woken && consumerGrants > 0L) {
            consumerGrants--;
        } else {
            waitingConsumers.setVolatile(q, (long) waitingConsumers.getVolatile(q) - 1);
        }
    }

    /** Under the lock: the mirror image of {@link #useUpConsumer}. */
    private void useUpProducer(Object q, boolean woken) {
        if (woken && producerGrants > 0L) {
            producerGrants--;
        } else {
            waitingProducers.setVolatile(q, (long) waitingProducers.getVolatile(q) - 1);
        }
    }

    /**
     * {@code put}: the queue's own {@code offer} first (its fast path signals a waiting consumer),
     * then {@link #awaitRoom}. Checks in {@link java.util.concurrent.ArrayBlockingQueue}'s order:
     * a null element, then an interrupted caller (which throws even if there is room, as
     * ArrayBlockingQueue's {@code lockInterruptibly} does).
     */
    <E> void put(MessagePassingQueue<E> q, E e) throws InterruptedException {
        checkElement(e);
        checkInterrupt();
        if (!q.offer(e)) {
            awaitRoom(q, e, false, 0L);
        }
    }

    /** The timed {@code offer}: as {@link #put}, waiting at most the time-out (never if {@code <= 0}). */
    <E> boolean offer(MessagePassingQueue<E> q, E e, long timeout, TimeUnit unit) throws InterruptedException {
        checkElement(e);
        final long nanos = unit.toNanos(timeout);
        checkInterrupt();
        return q.offer(e) || (nanos > 0L && awaitRoom(q, e, true, nanos));
    }

    /**
     * {@code take}: an interrupted caller throws; then the queue's own {@code relaxedPoll}, then the
     * wait. Relaxed, here and before waiting: {@code poll} would wait for a producer between its
     * claim and its store (a fill's slow supplier can hold a batch so) without looking at the
     * interrupt status or the deadline; the wait re-checks such a head on a timer instead.
     */
    <E> E take(MessagePassingQueue<E> q) throws InterruptedException {
        checkInterrupt();
        final E e = q.relaxedPoll();
        return e != null ? e : awaitElement(q, false, 0L);
    }

    /** The timed {@code poll}: as {@link #take}, waiting at most the time-out (never if {@code <= 0}). */
    <E> E poll(MessagePassingQueue<E> q, long timeout, TimeUnit unit) throws InterruptedException {
        final long nanos = unit.toNanos(timeout);
        checkInterrupt();
        final E e = q.relaxedPoll();
        return e != null || nanos <= 0L ? e : awaitElement(q, true, nanos);
    }

    private static void checkElement(Object e) {
        if (e == null) {
            throw new NullPointerException("e (the element) must not be null");
        }
    }

    private static void checkInterrupt() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    /**
     * The cold path of {@code take} ({@code timed == false}) and {@code poll(timeout)}: waits for
     * an element, at most {@code nanos} if timed.
     *
     * @return the element, or null if timed and the time ran out
     */
    <E> E awaitElement(MessagePassingQueue<E> q, boolean timed, long nanos) throws InterruptedException {
        final Deadline deadline = new Deadline(timed, nanos);
        final E spun = pollBeforeWaiting(q, deadline);
        if (spun != null) {
            return spun;
        }
        final ReentrantLock lock = this.lock;
        lock.lockInterruptibly();
        try {
            while (true) {
                // C2: register (only under the lock, so no CAS); raise the request if the producer
                // needs one; fence, which orders both before C3's loads (store-load).
                waitingConsumers.setVolatile(q, (long) waitingConsumers.getVolatile(q) + 1);
                final long request = raise(addFenceRequest, q);
                VarHandle.fullFence();
                // C3. The ack is read first: an answered request makes every add the producer
                // made before its answer visible to the poll below.
                final boolean answered =
                        addFenceRequest == null || (long) ADD_FENCE_ACK.getAcquire(this) >= request;
                final E e = recheckElement(q);
                if (e != null || deadline.expired()) {
                    // Still registered: only a signal, under this lock, turns a registration into a grant.
                    useUpConsumer(q, false);
                    recheckFinds += e != null && deadline.recheckTimedOut ? 1 : 0;
                    return e;
                }
                // C4: releases the lock while parked; re-takes it before it returns or throws. A
                // head claimed but not yet written (the queue is not empty) may have a producer
                // that read the count before C2, so it is re-checked on a timer, as an unanswered
                // request is.
                try {
                    deadline.await(notEmpty, answered && q.isEmpty());
                } finally {
                    useUpConsumer(q, true);
                }
            }
        } finally {
            try {
                // Cascade: a consumer leaving (with an element, on time-out or on interrupt, and
                // maybe with a grant made for another) wakes the next while elements remain.
                if (!q.isEmpty()) {
                    handOffToConsumer(q);
                }
                // Nobody waits any more: withdraw the request. Not earlier (in C5), so that a
                // woken consumer that must wait again keeps the request it had answered.
                if (consumerGrants == 0L && (long) waitingConsumers.getVolatile(q) == 0L) {
                    withdraw(addFenceRequest, q);
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * The cold path of {@code put} ({@code timed == false}) and {@code offer(e, timeout)}: waits
     * for room, at most {@code nanos} if timed.
     *
     * @return true if {@code e} was added; false if timed and the time ran out
     */
    <E> boolean awaitRoom(MessagePassingQueue<E> q, E e, boolean timed, long nanos) throws InterruptedException {
        final Deadline deadline = new Deadline(timed, nanos);
        if (offerBeforeWaiting(q, e, deadline)) {
            return true;
        }
        final ReentrantLock lock = this.lock;
        lock.lockInterruptibly();
        try {
            while (true) {
                // The mirror image of awaitElement.
                waitingProducers.setVolatile(q, (long) waitingProducers.getVolatile(q) + 1);
                final long request = raise(removeFenceRequest, q);
                VarHandle.fullFence();
                final boolean answered =
                        removeFenceRequest == null || (long) REMOVE_FENCE_ACK.getAcquire(this) >= request;
                final boolean added = recheckRoom(q, e);
                if (added || deadline.expired()) {
                    useUpProducer(q, false);
                    recheckFinds += added && deadline.recheckTimedOut ? 1 : 0;
                    return added;
                }
                // A tail slot claimed by a consumer but not yet freed: as in awaitElement.
                try {
                    deadline.await(notFull, answered && q.size() >= q.capacity());
                } finally {
                    useUpProducer(q, true);
                }
            }
        } finally {
            try {
                // Cascade: pass the wake-up on while room remains.
                if (q.size() < q.capacity()) {
                    handOffToProducer(q);
                }
                if (producerGrants == 0L && (long) waitingProducers.getVolatile(q) == 0L) {
                    withdraw(removeFenceRequest, q);
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * C3 of a consumer, under the lock and registered: the queue's own {@code relaxedPoll}, so
     * taking an element signals a waiting producer, and so it never waits for a producer between
     * its claim and its store (while that producer's supplier runs, say, or while it offers to this
     * queue and must take this lock to signal). If it throws, the registration is used up before
     * the exception leaves, so no count is left behind for a waiter that is gone.
     */
    private <E> E recheckElement(MessagePassingQueue<E> q) {
        boolean rechecked = false;
        try {
            final E e = q.relaxedPoll();
            rechecked = true;
            return e;
        } finally {
            if (!rechecked) {
                useUpConsumer(q, false);
            }
        }
    }

    /** C3 of a producer: the mirror image of {@link #recheckElement}, with {@code relaxedOffer}. */
    private <E> boolean recheckRoom(MessagePassingQueue<E> q, E e) {
        boolean rechecked = false;
        try {
            final boolean added = q.relaxedOffer(e);
            rechecked = true;
            return added;
        } finally {
            if (!rechecked) {
                useUpProducer(q, false);
            }
        }
    }

    /**
     * C0 of a consumer, before it takes the lock: yield, then poll again, once. The yield lets a
     * producer that shares this core or carrier thread run, and on its own core a producer adds
     * dozens of elements in the time a yield takes (a system call); parking instead would cost a signal
     * and a wake-up of tens of microseconds, during which the producer fills the queue and parks
     * in its turn, so that the two sides take turns parking. Then, on a platform thread, while a
     * producer that was signalled has not come back under the lock (a producer grant is
     * outstanding), that producer is about to add: parking now would only make its next add wake
     * this consumer again; so go on yielding and polling until it is back, for at most
     * {@link #PEER_WAKING_NANOS} and the caller's time-out (an interrupt is seen when the caller
     * then takes the lock). The polls are the queue's own relaxed ones (see {@link #take}), without
     * a registration, so this is the fast path repeated and changes nothing in the protocol.
     * <p>
     * A virtual thread yields and polls once, and never loops: on virtual threads a loop of yields
     * is no back-off (the scheduler can keep handing the carriers round among the yielding threads,
     * so that a virtual thread whose park has ended, such as the signalled producer this loop would
     * wait for, is not run again until they stop), so it goes on to wait, which parks. And if the
     * caller's time has run out, it parks once for a nanosecond and polls again: the caller then
     * returns without waiting, and a loop of short timed calls would otherwise never give its
     * carrier up.
     *
     * @return an element, or null if none came (and the caller goes on to wait)
     */
    <E> E pollBeforeWaiting(MessagePassingQueue<E> q, Deadline deadline) {
        if (Waits.onVirtualThread()) {
            Thread.yield();
            final E e = q.relaxedPoll();
            if (e != null || !deadline.expired()) {
                return e;
            }
            LockSupport.parkNanos(this, 1L);
            return q.relaxedPoll();
        }
        final long end = deadline.spinEnd();
        do {
            Thread.yield();
            final E e = q.relaxedPoll();
            if (e != null) {
                return e;
            }
        } while (producerGrants != 0L && end - System.nanoTime() > 0L);
        return null;
    }

    /**
     * C0 of a producer: the mirror image of {@link #pollBeforeWaiting}, once, then, on a platform
     * thread, while a signalled consumer is about to remove; on a virtual thread once, and once more
     * after a park of a nanosecond if the caller's time has run out.
     *
     * @return whether {@code e} was added
     */
    <E> boolean offerBeforeWaiting(MessagePassingQueue<E> q, E e, Deadline deadline) {
        if (Waits.onVirtualThread()) {
            Thread.yield();
            if (q.offer(e)) {
                return true;
            }
            if (!deadline.expired()) {
                return false;
            }
            LockSupport.parkNanos(this, 1L);
            return q.offer(e);
        }
        final long end = deadline.spinEnd();
        do {
            Thread.yield();
            if (q.offer(e)) {
                return true;
            }
        } while (consumerGrants != 0L && end - System.nanoTime() > 0L);
        return false;
    }

    /** For tests: the lock, to hold a signalled thread back from C5. */
    ReentrantLock lockForTests() {
        return lock;
    }

    /** For tests: the registrations of waiting consumers, then of waiting producers, of {@code q}. */
    long[] registrations(Object q) {
        lock.lock();
        try {
            return new long[] {(long) waitingConsumers.getVolatile(q), (long) waitingProducers.getVolatile(q)};
        } finally {
            lock.unlock();
        }
    }

    /** For tests: the grants outstanding to consumers, then to producers. */
    long[] grants() {
        lock.lock();
        try {
            return new long[] {consumerGrants, producerGrants};
        } finally {
            lock.unlock();
        }
    }

    /**
     * Under the lock: the current waiting period's fence request in {@code q}'s field
     * {@code request}, raising one if none is; 0 if {@code request} is null (that side CASes).
     */
    private static long raise(VarHandle request, Object q) {
        if (request == null) {
            return 0L;
        }
        long current = (long) request.getOpaque(q);
        if (current <= 0L) {
            current = 1L - current;
            request.setVolatile(q, current);
        }
        return current;
    }

    /** Under the lock, when nobody waits any more: withdraws the waiting period's request, if raised. */
    private static void withdraw(VarHandle request, Object q) {
        if (request != null) {
            final long current = (long) request.getOpaque(q);
            if (current > 0L) {
                request.setVolatile(q, -current);
            }
        }
    }


    /** For tests: see {@link #recheckFinds}. */
    long recheckFinds() {
        lock.lock();
        try {
            return recheckFinds;
        } finally {
            lock.unlock();
        }
    }

    /**
     * One waiter's deadline (if timed) and re-check interval (while its request is unanswered).
     * Allocated only on the cold path, once per wait.
     */
    static final class Deadline {
        private final boolean timed;
        private final long end;
        private long recheck = FIRST_RECHECK_NANOS;
        /** Whether the last await ended because a re-check interval ran out. */
        boolean recheckTimedOut;

        Deadline(boolean timed, long nanos) {
            this.timed = timed;
            this.end = timed ? System.nanoTime() + nanos : 0L;
        }

        /** When C0 must stop: {@link #PEER_WAKING_NANOS} from now, or the caller's deadline if earlier. */
        long spinEnd() {
            final long spinEnd = System.nanoTime() + PEER_WAKING_NANOS;
            return timed && end - spinEnd < 0L ? end : spinEnd;
        }

        /** Whether the caller's time-out has passed (never, if untimed). */
        boolean expired() {
            return timed && end - System.nanoTime() <= 0L;
        }

        /**
         * Awaits {@code condition} (the caller holds its lock) until signalled, until the caller's
         * time-out or, if {@code answered} is false, until the next re-check is due.
         */
        void await(Condition condition, boolean answered) throws InterruptedException {
            final long wait = timed ? end - System.nanoTime() : Long.MAX_VALUE;
            recheckTimedOut = false;
            if (answered) {
                if (timed) {
                    condition.awaitNanos(wait);
                } else {
                    condition.await();
                }
            } else if (wait <= recheck) {
                condition.awaitNanos(wait);
            } else {
                recheckTimedOut = condition.awaitNanos(recheck) <= 0L;
                recheck = Math.min(2 * recheck, MAX_RECHECK_NANOS);
            }
        }
    }

    /**
     * {@code drainTo}, as {@link java.util.concurrent.ArrayBlockingQueue} checks its arguments:
     * null collection NPE, the queue itself IAE, a limit {@code <= 0} drains nothing.
     */
    static <E> int drainTo(MessagePassingQueue<E> q, Collection<? super E> c, int maxElements) {
        if (c == null) {
            throw new NullPointerException("c");
        }
        if (c == q) {
            throw new IllegalArgumentException("cannot drain a queue into itself");
        }
        int n = 0;
        E e;
        // poll() is the queue's own, so each removal signals a waiting producer.
        while (n < maxElements && (e = q.poll()) != null) {
            c.add(e);
            n++;
        }
        return n;
    }

    /** {@code remainingCapacity}: capacity less the size estimate, never negative. */
    static int remainingCapacity(MessagePassingQueue<?> q) {
        return Math.max(0, q.capacity() - q.size());
    }
}
