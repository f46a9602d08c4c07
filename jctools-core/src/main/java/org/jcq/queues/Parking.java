package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.ObjLongConsumer;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

import org.jcq.internal.Args;
import org.jcq.internal.Flight;
import org.jcq.internal.VarHandles;
import org.jcq.internal.Waits;

/**
 * The wait protocol of every blocking queue: consumers that wait for an element ("takers") and
 * producers that wait for room ("putters") park, and the other side's operations wake them, one
 * per element added or slot freed. The queues keep their lock-free algorithm unchanged; this class
 * adds the waits around it, written once.
 *
 * <h2>State</h2>
 * Each blocking queue has two fields, reached through its {@link Access} (a stateless constant of
 * its class): {@code waiting}, the number of takers (low 32 bits) and putters (high 32 bits) that
 * are registered and not yet signalled, in the queue object itself so that the check after every
 * operation is one load; and {@code lists}, a {@link Lists} made by the first thread that waits:
 * a lock (a CAS on an int, held for a few pointer updates, never while parked or calling out),
 * the two lists of {@link Waiter}s in arrival order, and two counts of signals not yet delivered.
 * A waiter is allocated by its thread before it changes anything, so an allocation that fails
 * ({@link OutOfMemoryError}) leaves every structure as it was; registering, signalling and
 * leaving allocate nothing. A thread is in at most one list at a time (it waits for one thing),
 * and it is out of every list when its wait returns or throws: nothing a waiter leaves behind
 * outlives its wait.
 *
 * <h2>The protocol</h2>
 * A taker (putters mirror it, with room for elements and the putters' count):
 * <ol>
 * <li>(W0) looks for an element a while without registering (see {@link #SPIN_NANOS}; a virtual
 *     thread only briefly, {@link #VIRTUAL_LOOKS}): a stream of elements a few microseconds
 *     apart then costs nobody a park or an unpark;</li>
 * <li>(W1) registers: under the lock, appends its waiter and stores the incremented
 *     {@code waiting} (volatile);</li>
 * <li>(W2) re-checks: a volatile load of the producers' index ({@link Access#lvAnyClaimed}) and,
 *     if something is claimed, a {@code relaxedPoll}; then, while nothing is taken, again for a
 *     short settling while ({@link #SETTLE_SPINS}; a virtual taker stops when the volatile load
 *     shows nothing claimed, see {@link #recheck});</li>
 * <li>(W3) parks; on waking it looks at its waiter: signalled (out of the list) means it polls
 *     once and registers again if that fails; still listed means a spurious or timed wake-up, and
 *     it goes back to W2;</li>
 * <li>(W4) however it stops (with an element, on its deadline, interrupted, or by an exception),
 *     it leaves: unlinks its waiter if still listed, and, if it had been signalled and elements
 *     remain, passes the signal on to the next taker (so no signal dies with a thread that did
 *     not use it).</li>
 * </ol>
 * A producer, after every element it makes visible ({@code offer}, each element of a
 * {@code fill}), (S1) loads {@code waiting} (volatile) and, only if takers are registered, (S2)
 * adds one to the lists' pending signals (an atomic add) and delivers: takes the lock if it is
 * free and, under it, takes the first listed taker out of the list (marking it signalled and
 * storing the decremented {@code waiting}), then unparks it after unlocking. A signaller never
 * waits for the lock: if another thread holds it, the signal stays pending, and every thread that
 * releases the lock delivers pending signals before it goes on. Consumers signal putters in the
 * same way after every slot they free ({@code poll}, each element of a {@code drain}, a
 * {@code fill}'s withdrawn claim, a skipped slot).
 *
 * <h2>Why no wake-up is lost</h2>
 * Take a taker T that parks, and an element e that T's re-check (W2) did not find.
 * <ul>
 * <li><b>Producers that claim with an atomic update</b> (a CAS or fetch-and-add of the producer
 *     index: every multi-producer queue). T's W1 store, its W2 load of the index, the producer's
 *     claim of e and its S1 load are all volatile, so they lie in one total order consistent with
 *     each thread's program order (JLS 17.4.4). If W2 missed the claim, W1 &lt; W2 &lt; claim
 *     &lt; S1, so S1 sees T counted (or a lower count only because a signaller took T, or another
 *     taker, out of the list, which delivers a wake-up each); the producer signals. If W2 saw the
 *     claim but {@code relaxedPoll} not yet the element, the producer is between its claim and
 *     its store: either its S1 comes after W1 in that order and it signals, or S1 came first, and
 *     then its store of e came before S1 in its program order and is already on its way to
 *     memory: the settling re-checks see it (below).</li>
 * <li><b>A single producer</b> (SPSC), whose index store is a release store, not an atomic
 *     update: its S1 may be satisfied before its own index store is visible to T, while T's W2
 *     misses that store (the store-buffering outcome, which x86 shows). Then S1 came before T's
 *     W1 reached memory, and the producer's store, earlier in its program order, had already
 *     been executed: hardware makes an executed store visible to every thread within the time
 *     it takes to drain a store buffer, well under a microsecond, which the settling re-checks
 *     (several microseconds of spins) outlast. The Java memory model itself promises only that
 *     such a store becomes visible eventually; the park's timeout ({@link #SAFETY_NET_NANOS})
 *     is the safety net for a machine that took longer, and no test here has seen it used. So
 *     the cost of closing the race is paid by the side that goes idle, once per wait, and a
 *     single producer pays one volatile load per element, not a fence.</li>
 * </ul>
 * Putters are symmetric, with the consumers' index and freed slots: multi-consumer queues free
 * with a CAS of the consumer index (the first case), single-consumer queues with a release store
 * (the second).
 * <p>
 * A signal takes a listed waiter out and unparks it; the count it decrements is stored under the
 * lock, so {@code waiting} is always the length of the lists as of the last unlock. A signal
 * that finds the list empty is dropped: the waiters it was meant for were signalled by earlier
 * elements, or have left, and a waiter that leaves with an unused signal passes it on (W4). An
 * unpark that comes before the park leaves a permit, so the park returns at once; every park is in
 * a loop that re-checks, so spurious and stale wake-ups are harmless. A pending signal is never
 * stranded: a signaller adds it (atomically) before it tries the lock; if the try fails, the
 * holder's release (a volatile store) comes after that add in the total order, and the holder
 * reads the pending count (volatile) after its release, so it delivers it.
 *
 * <h2>Invariants</h2>
 * <ol>
 * <li>Under the lock, the takers' (putters') count in {@code waiting} equals the length of the
 *     takers' (putters') list; both change only under the lock.</li>
 * <li>A waiter is listed only while its thread is in W1 to W4 of one wait; it is in one list at a
 *     time; its state is LISTED exactly while it is listed.</li>
 * <li>Every thread that releases the lock then delivers the pending signals it can.</li>
 * </ol>
 * <b>Not</b> invariant: {@code waiting} may count a waiter that is running (between W1 and W3, or
 * woken by a timeout); a signal then unparks a running thread, whose next park returns at once.
 * A signal may be delivered to another waiter than the one whose count the signaller saw; only
 * that some listed waiter is woken per signal matters.
 *
 * <h2>Threads</h2>
 * No monitor and no {@code java.util.concurrent} lock is used, so a virtual thread that waits
 * unmounts from its carrier, and none pins it. The waits never back off by yielding on a virtual
 * thread (see {@link Waits}): W0 spins there, briefly (a spinning virtual thread holds its
 * carrier), and the lock spins and then parks briefly.
 *
 * <h2>Flight Recorder</h2>
 * A wait that parks is one {@code org.jcq.Park} event (see {@link Flight}), begun just before its
 * first park and ended as it leaves (W4), after the lists are put right; W0 and the re-checks are
 * not timed. Without a recording that wants it, a wait pays a call that returns null before its
 * first park and a null test as it ends.
 *
 * <h2>Interrupts and deadlines</h2>
 * An element (or room) at hand is taken without looking at the interrupt status, as
 * {@link java.util.concurrent.LinkedTransferQueue} and JCTools do; a call that finds none and is
 * interrupted, before or while it waits, throws {@link InterruptedException} and clears the status,
 * even with a zero or negative time-out (as every {@code java.util.concurrent} queue does). A
 * time-out is measured with {@link System#nanoTime()}; any value is safe.
 */
final class Parking {
    /** What {@code waiting} adds for one registered taker. */
    static final long TAKER = 1L;
    /** What {@code waiting} adds for one registered putter. */
    static final long PUTTER = 1L << 32;

    /**
     * W0 for takers on a platform thread: how long a taker that finds the queue empty looks again,
     * yielding between looks, before it registers. An element that comes meanwhile costs its
     * producer no signal and the taker no park.
     */
    static final long SPIN_NANOS = 20_000L;
    /**
     * W0 for takers on a virtual thread: how many times it looks again, spinning, before it
     * registers (a microsecond or two). No longer: a virtual thread that spins holds its carrier,
     * one of a few, from the other virtual threads; in {@code ExecutorBench} (2 vCPUs, JDK 25, 2
     * virtual workers, 4 submitters, 8 rounds) a 20 us spin left the pool at 10-15 M tasks/s in
     * half the rounds, below {@code ArrayBlockingQueue}, and this one (with the early park of
     * {@code recheck}) at 16-64 M.
     */
    static final int VIRTUAL_LOOKS = 32;
    /**
     * W0 for putters: a few tries, each after a spin of a quarter of the capacity in
     * {@link Thread#onSpinWait()}s, at most {@link #ROOM_PAUSE_MAX} (a few microseconds), then (a
     * platform thread only) tries between yields for up to {@link #ROOM_YIELD_NANOS}: on a 2-core
     * machine a park and the unpark that ends it cost tens of microseconds each, while a consumer
     * frees a slot every few nanoseconds. The spin before each try lets the consumers free a run of
     * slots that the putter then fills as a run: a putter that tried after every spin took turns
     * with the consumer on the same cache lines, slot by slot, which cost the MPMC ring most (its
     * consumers claim with a CAS): in {@code BlockingThroughput} (capacity 1024, 8 rounds) this
     * moved 2.6 times as many elements 1P1C on JDK 17, 2.1 times on virtual threads and 3.1 times
     * 2P2C, more in every round, and the SPSC and MPSC queues' hand-offs no fewer.
     */
    private static final int ROOM_TRIES = 4;
    /** The same on a virtual thread, whose spin holds its carrier; then it registers. */
    private static final int ROOM_TRIES_VIRTUAL = 1;
    /** The longest spin before a putter's try, in {@link Thread#onSpinWait()}s. */
    static final int ROOM_PAUSE_MAX = 256;
    static final long ROOM_YIELD_NANOS = 500_000L;
    /** W2: how many times a registered waiter re-checks, spinning, before it parks. */
    static final int SETTLE_SPINS = 256;
    /**
     * The longest park: a parked thread that no signal reaches looks again after this long (1 s).
     * It is not how a wake-up is delivered (see the class note); it bounds the damage of a machine
     * whose stores take longer to become visible than the settling re-checks last, or of an
     * {@code unpark} that failed. The system property {@value #SAFETY_NET_PROPERTY} sets it in
     * milliseconds, and 0 (or less) removes it: the tests run so, so that a wake-up that depended
     * on it would hang them instead of passing a second late.
     */
    static final long SAFETY_NET_NANOS = safetyNetNanos();
    /** The system property that sets {@link #SAFETY_NET_NANOS}, in milliseconds. */
    static final String SAFETY_NET_PROPERTY = "jcq.parking.safetyNetMillis";
    private static final long DEFAULT_SAFETY_NET_MILLIS = 1_000L;

    private Parking() {
    }

    private static long safetyNetNanos() {
        long millis = DEFAULT_SAFETY_NET_MILLIS;
        try {
            final String value = System.getProperty(SAFETY_NET_PROPERTY);
            if (value != null) {
                millis = Long.parseLong(value.trim());
            }
        } catch (SecurityException | NumberFormatException e) {
            // Not allowed to read it, or not a number: the default.
        }
        return millis <= 0L ? Long.MAX_VALUE : TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /**
     * What a blocking queue gives this class: its two fields, and its volatile re-checks. Each
     * blocking queue class registers one ({@link #register}) when it is initialized; the waits find
     * it by the queue's class ({@link #access}), so no queue object holds it and no wait allocates
     * for it.
     *
     * @param <Q> the queue
     */
    static final class Access<Q> {
        private final ToLongFunction<Q> lvWaiting;
        private final ObjLongConsumer<Q> svWaiting;
        private final Function<Q, Lists> laLists;
        private final BiPredicate<Q, Lists> casLists;
        private final Predicate<Q> lvAnyClaimed;
        private final Predicate<Q> lvAnyRoom;

        private Access(ToLongFunction<Q> lvWaiting, ObjLongConsumer<Q> svWaiting, Function<Q, Lists> laLists,
                BiPredicate<Q, Lists> casLists, Predicate<Q> lvAnyClaimed, Predicate<Q> lvAnyRoom) {
            this.lvWaiting = lvWaiting;
            this.svWaiting = svWaiting;
            this.laLists = laLists;
            this.casLists = casLists;
            this.lvAnyClaimed = lvAnyClaimed;
            this.lvAnyRoom = lvAnyRoom;
        }

        /** {@code waiting}, volatile. */
        long lvWaiting(Q q) {
            return lvWaiting.applyAsLong(q);
        }

        /** Stores {@code waiting}, volatile; only under the lists' lock. */
        void svWaiting(Q q, long value) {
            svWaiting.accept(q, value);
        }

        /** The lists, or null before the first wait (acquire). */
        Lists laLists(Q q) {
            return laLists.apply(q);
        }

        /** CASes the lists from null to {@code made}. */
        boolean casLists(Q q, Lists made) {
            return casLists.test(q, made);
        }

        /**
         * W2 of a taker: whether a producer has claimed an index the consumers have not taken,
         * read with a volatile load of the index the producers write (always true where a single
         * producer publishes by its slots: the tries read them). A real load only where the
         * producers claim with an atomic update: a virtual taker that it shows nothing claimed
         * parks without settling (see {@code recheck}).
         */
        boolean lvAnyClaimed(Q q) {
            return lvAnyClaimed.test(q);
        }

        /**
         * W2 of a putter: whether the consumers have claimed or freed a slot the producers have not
         * filled, read with a volatile load of the index the consumers write (always true where a
         * single consumer frees by its slots, and where no putter ever waits).
         */
        boolean lvAnyRoom(Q q) {
            return lvAnyRoom.test(q);
        }
    }

    /** Each blocking queue class's {@link Access}, by class, as registered. */
    private static final Map<Class<?>, Access<?>> REGISTERED = new ConcurrentHashMap<>();
    /** The same for every class, a subclass of a user's included (the nearest registered class's). */
    private static final ClassValue<Access<?>> BY_CLASS = new ClassValue<>() {
        @Override
        protected Access<?> computeValue(Class<?> type) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                final Access<?> a = REGISTERED.get(c);
                if (a != null) {
                    return a;
                }
            }
            throw new IllegalStateException(type.getName() + " is not a blocking queue of this package");
        }
    };

    /**
     * Registers how the wait protocol reaches the fields of blocking queue class {@code type} (in
     * its static initializer, so before any of its instances exists).
     */
    static <Q> Access<Q> register(Class<?> type, ToLongFunction<Q> lvWaiting, ObjLongConsumer<Q> svWaiting,
            Function<Q, Lists> laLists, BiPredicate<Q, Lists> casLists, Predicate<Q> lvAnyClaimed,
            Predicate<Q> lvAnyRoom) {
        final Access<Q> a = new Access<>(lvWaiting, svWaiting, laLists, casLists, lvAnyClaimed, lvAnyRoom);
        REGISTERED.put(type, a);
        return a;
    }

    /** A re-check for {@link #register} that needs no load (see {@link Access#lvAnyClaimed}). */
    static boolean always(Object q) {
        return true;
    }

    /** The {@link Access} of {@code q}'s class. */
    @SuppressWarnings("unchecked")
    static <Q> Access<Q> access(Q q) {
        return (Access<Q>) BY_CLASS.get(q.getClass());
    }

    /** One waiting thread's place in a queue's lists; a new one for every wait. */
    static final class Waiter {
        /** Not in a list: not yet registered, signalled and seen so, or left. */
        static final int OUT = 0;
        /** In its list, waiting for a signal. */
        static final int LISTED = 1;
        /** Taken out of its list by a signal; its thread has been, or is about to be, unparked. */
        static final int SIGNALLED = 2;

        final Thread thread;
        /** Whether it waits for room (a putter) rather than for an element (a taker). */
        final boolean putter;
        /** The list links; read and written under the lock only. */
        Waiter prev;
        Waiter next;
        /**
         * Written under the lock; read by its thread after a park (volatile: a signal's state is
         * seen after the unpark). A field, not a VarHandle: a store is one bytecode, not a call.
         */
        volatile int state;
        /**
         * Set by its thread as its wait ends, before it leaves the list (a field store: no call, so
         * no {@link StackOverflowError} can keep it from being set). A waiter whose leaving failed
         * (a {@code StackOverflowError} in it) stays listed with this set; a signal that finds it
         * takes it out and goes to the next waiter instead.
         */
        volatile boolean left;

        Waiter(Thread thread, boolean putter) {
            this.thread = thread;
            this.putter = putter;
        }
    }

    /**
     * A queue's waiters: the lock, the two lists and the pending signals. Made by the first thread
     * that waits on the queue, kept for good.
     * <p>
     * What a holder changes under the lock it changes with field stores (bytecodes, no calls), and
     * the lock is released by a field store in a {@code finally}: a {@link StackOverflowError}
     * thrown in a critical section by one of its few calls (a CAS, an unpark) cannot leave the
     * lock held or a list half linked. The counts are the lists' own; the queue's {@code waiting}
     * is their copy, stored after every change ({@link #publish}), so a store that failed is put
     * right by the next.
     */
    static final class Lists {
        private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
        private static final VarHandle LOCK = VarHandles.field(LOOKUP, Lists.class, "lock", int.class);
        private static final VarHandle PENDING_TAKERS = VarHandles.field(LOOKUP, Lists.class, "pendingTakers",
                int.class);
        private static final VarHandle PENDING_PUTTERS = VarHandles.field(LOOKUP, Lists.class, "pendingPutters",
                int.class);
        /** Spins of a waiter for the lock between two back-offs. */
        private static final int LOCK_SPINS = 64;
        private static final long LOCK_PARK_NANOS = 1_000L;

        /** 0: free; 1: held. Taken by a CAS, released by a volatile store. */
        private volatile int lock;
        /** Signals for takers (putters) added and not yet delivered; atomic adds, any thread. */
        private volatile int pendingTakers;
        private volatile int pendingPutters;
        /** The lists, oldest first, and their lengths; under the lock. */
        private Waiter takersHead;
        private Waiter takersTail;
        private Waiter puttersHead;
        private Waiter puttersTail;
        private int takers;
        private int putters;
        /** How many waiters signals have taken out, for tests; under the lock. */
        private long signalled;
        /** The queue these are the lists of, and how to reach its {@code waiting}. */
        private final Object queue;
        private final Access<Object> access;

        @SuppressWarnings("unchecked")
        <Q> Lists(Q queue, Access<? super Q> access) {
            this.queue = queue;
            // Only ever applied to queue, a Q.
            this.access = (Access<Object>) access;
        }

        private boolean tryLock() {
            return lock == 0 && LOCK.compareAndSet(this, 0, 1);
        }

        /**
         * Takes the lock, for a waiter (registering or leaving): spins, then backs off (a yield on
         * a platform thread, a short park on a virtual one, whose carrier the holder may need).
         * The holder never waits or calls out while it holds it.
         */
        private void lock() {
            for (int spins = 1; !tryLock(); spins++) {
                if (spins % LOCK_SPINS != 0) {
                    Thread.onSpinWait();
                } else if (Waits.onVirtualThread()) {
                    LockSupport.parkNanos(this, LOCK_PARK_NANOS);
                } else {
                    Thread.yield();
                }
            }
        }

        /** Under the lock: stores the lists' lengths in the queue's {@code waiting} (volatile, W1/S2). */
        private void publish() {
            access.svWaiting(queue, (long) putters << 32 | takers);
        }

        /** Under the lock: appends {@code w} to its list, listed. */
        private void append(Waiter w) {
            if (w.putter) {
                w.prev = puttersTail;
                if (puttersTail == null) {
                    puttersHead = w;
                } else {
                    puttersTail.next = w;
                }
                puttersTail = w;
                putters++;
            } else {
                w.prev = takersTail;
                if (takersTail == null) {
                    takersHead = w;
                } else {
                    takersTail.next = w;
                }
                takersTail = w;
                takers++;
            }
            w.state = Waiter.LISTED;
        }

        /** Under the lock: takes listed {@code w} out of its list, leaving it {@code state}. */
        private void unlink(Waiter w, int state) {
            final Waiter prev = w.prev;
            final Waiter next = w.next;
            if (w.putter) {
                if (prev == null) {
                    puttersHead = next;
                } else {
                    prev.next = next;
                }
                if (next == null) {
                    puttersTail = prev;
                } else {
                    next.prev = prev;
                }
                putters--;
            } else {
                if (prev == null) {
                    takersHead = next;
                } else {
                    prev.next = next;
                }
                if (next == null) {
                    takersTail = prev;
                } else {
                    next.prev = prev;
                }
                takers--;
            }
            w.prev = null;
            w.next = null;
            w.state = state;
        }

        /**
         * Under the lock: uses up one pending signal, if any, taking the first waiter of its list
         * out (signalled), and returns that waiter to unpark, or null. Pending signals whose list
         * is empty are dropped (see the class note).
         */
        private Waiter takeSignalled() {
            while (true) {
                final int forTakers = pendingTakers;
                if (forTakers != 0) {
                    final Waiter w = firstWaiting(takersHead);
                    PENDING_TAKERS.getAndAdd(this, w == null ? -forTakers : -1);
                    if (w != null) {
                        unlink(w, Waiter.SIGNALLED);
                        signalled++;
                        return w;
                    }
                    continue;
                }
                final int forPutters = pendingPutters;
                if (forPutters == 0) {
                    return null;
                }
                final Waiter w = firstWaiting(puttersHead);
                PENDING_PUTTERS.getAndAdd(this, w == null ? -forPutters : -1);
                if (w != null) {
                    unlink(w, Waiter.SIGNALLED);
                    signalled++;
                    return w;
                }
            }
        }

        /**
         * Under the lock: the first waiter from {@code head} on whose thread still waits, taking
         * out on the way those whose thread has left (see {@link Waiter#left}); null if none.
         */
        private Waiter firstWaiting(Waiter head) {
            Waiter w = head;
            while (w != null && w.left) {
                final Waiter next = w.next;
                unlink(w, Waiter.OUT);
                w = next;
            }
            return w;
        }

        /**
         * Delivers pending signals: while any is pending and the lock is free, takes a signalled
         * waiter out under it and unparks it after unlocking. Returns at once if another thread
         * holds the lock: that thread delivers after it releases it.
         */
        void deliver() {
            while ((pendingTakers != 0 || pendingPutters != 0) && tryLock()) {
                Waiter w = null;
                try {
                    w = takeSignalled();
                    publish();
                } finally {
                    lock = 0;
                }
                if (w != null) {
                    LockSupport.unpark(w.thread);
                }
            }
        }

        /** W1: lists {@code w}, then delivers what signals arrived while the lock was held. */
        void register(Waiter w) {
            lock();
            try {
                append(w);
                publish();
            } finally {
                lock = 0;
            }
            deliver();
        }

        /**
         * W4: takes {@code w} out of its list if it is still there. Returns whether it had been
         * signalled (taken out by a signal) instead.
         */
        boolean leave(Waiter w) {
            if (w.state == Waiter.SIGNALLED) {
                // Taken out by a signaller, under the lock, which stored the count: nothing to
                // undo, so no lock (a woken waiter would otherwise meet the next signaller there).
                return true;
            }
            final boolean listed;
            lock();
            try {
                listed = w.state == Waiter.LISTED;
                if (listed) {
                    unlink(w, Waiter.OUT);
                }
                // Also when w was not listed: puts right a count whose store once failed.
                publish();
            } finally {
                lock = 0;
            }
            deliver();
            return !listed && w.state == Waiter.SIGNALLED;
        }

        /** S2 for takers: one more pending signal, then delivery. */
        void signalTakers() {
            PENDING_TAKERS.getAndAdd(this, 1);
            deliver();
        }

        /** S2 for putters. */
        void signalPutters() {
            PENDING_PUTTERS.getAndAdd(this, 1);
            deliver();
        }

        /** How many waiters signals have taken out of the lists so far; for tests. */
        long signalledForTests() {
            lock();
            try {
                return signalled;
            } finally {
                lock = 0;
            }
        }

        /** How many waiters are listed: takers, then putters; for tests. */
        int[] listed() {
            lock();
            try {
                return new int[] {takers, putters};
            } finally {
                lock = 0;
            }
        }

        /** Takes the lock, for tests: signals that meet it stay pending until {@link #unlockForTests}. */
        void lockForTests() {
            lock();
        }

        /** Releases the lock taken by {@link #lockForTests}, delivering what is pending. */
        void unlockForTests() {
            lock = 0;
            deliver();
        }
    }

    /** The queue's lists, made by the first thread that waits (a CAS: one per queue). */
    static <Q> Lists lists(Q q, Access<? super Q> a) {
        final Lists lists = a.laLists(q);
        if (lists != null) {
            return lists;
        }
        final Lists made = new Lists(q, a);
        return a.casLists(q, made) ? made : a.laLists(q);
    }

    // ---- Consumers ----------------------------------------------------------------------------

    /** {@code take()}: the element at hand, or the wait for one. */
    static <E> E take(MessagePassingQueue<E> q) throws InterruptedException {
        final E e = q.relaxedPoll();
        return e != null ? e : awaitElement(q, access(q), false, 0L);
    }

    /**
     * {@code poll(timeout, unit)}: an element at hand is returned without reading {@code unit};
     * a zero or negative time-out never waits.
     */
    static <E> E poll(MessagePassingQueue<E> q, long timeout, TimeUnit unit) throws InterruptedException {
        final E e = q.relaxedPoll();
        if (e != null) {
            return e;
        }
        final long nanos = Args.notNull("unit", unit).toNanos(timeout);
        if (nanos <= 0L) {
            throwIfInterrupted();
            return null;
        }
        return awaitElement(q, access(q), true, nanos);
    }

    /**
     * The cold path of take and the timed poll: W0, then {@link #await}. Returns null only if
     * {@code timed} and no element could be taken by the deadline.
     */
    private static <E, Q extends MessagePassingQueue<E>> E awaitElement(Q q, Access<? super Q> a, boolean timed,
            long nanos) throws InterruptedException {
        final long start = System.nanoTime();
        final boolean virtual = Waits.onVirtualThread();
        final E spun = spinForElement(q, start, timed ? Math.min(nanos, SPIN_NANOS) : SPIN_NANOS, virtual);
        return spun != null ? spun : await(q, a, false, null, timed, start + nanos, virtual);
    }

    /**
     * W1 to W4 for a taker ({@code putter} false) or for a putter of {@code e}: registers,
     * re-checks, parks, until it has taken an element (returned), added {@code e} (returned), or
     * {@code timed} and the {@code deadline} passed (null). A virtual thread parks at least once
     * before it gives up, however short its time-out: else a loop of timed calls would never give
     * its carrier up. Throws {@link InterruptedException} (clearing the status) if interrupted
     * before it succeeds; leaves the lists as it found them, whatever it throws.
     */
    private static <E, Q extends MessagePassingQueue<E>> E await(Q q, Access<? super Q> a, boolean putter, E e,
            boolean timed, long deadline, boolean virtual) throws InterruptedException {
        // Allocated before anything changes: if this throws, nothing is registered.
        final Waiter w = new Waiter(Thread.currentThread(), putter);
        final Lists lists = lists(q, a);
        E done = null;
        boolean parked = false;
        // A Flight Recorder park event, begun before the first park; null while none is wanted.
        Object flight = null;
        try {
            while (true) {
                throwIfInterrupted();
                if (w.state != Waiter.LISTED) {
                    lists.register(w);
                }
                done = recheck(q, a, putter, e, virtual);
                if (done != null) {
                    return done;
                }
                final long wait = timed ? deadline - System.nanoTime() : Long.MAX_VALUE;
                if (wait <= 0L && (parked || !virtual)) {
                    return null;
                }
                if (!parked) {
                    flight = Flight.beginPark();
                    parked = true;
                }
                park(q, Math.max(1L, wait), virtual);
                if (w.state == Waiter.SIGNALLED) {
                    // Out of the list: one try, then register again (the loop).
                    done = attempt(q, putter, e);
                    if (done != null) {
                        return done;
                    }
                }
            }
        } finally {
            w.left = true;
            // W4. A signal it did not use (it leaves without success after one) goes to the next
            // waiter while what it waited for is there; after a success too, as the count it was
            // signalled for may cover more.
            if (lists.leave(w) || done != null) {
                passOn(q, a, lists, putter);
            }
            Flight.park(flight, q, putter, done != null);
        }
    }

    /**
     * W3's park, for up to {@code nanos} ({@code Long.MAX_VALUE}: no deadline). A platform thread
     * parks for at most the safety net, and with a timeout even when there is none, so that it
     * shows as {@code TIMED_WAITING}, as a consumer in JCTools' {@code take} does (tools and tests
     * that wait for a thread to block look for that state). A virtual thread without a deadline
     * parks untimed, without the safety net: its timed park schedules a timer task and cancels it
     * on the unpark, which in {@code ExecutorBench} (2 vCPUs, JDK 25) tripled the median hand-off
     * to an idle virtual worker and multiplied its 99.9th percentile by 15. Its wake-up rests on
     * the protocol alone (the class note), and a missed one would be repaired by the next signal.
     */
    private static void park(Object q, long nanos, boolean virtual) {
        if (virtual && nanos == Long.MAX_VALUE) {
            LockSupport.park(q);
        } else {
            LockSupport.parkNanos(q, Math.min(nanos, SAFETY_NET_NANOS));
        }
    }

    /** One try of a waiter: the element taken, or {@code e} if added; null if neither. */
    private static <E> E attempt(MessagePassingQueue<E> q, boolean putter, E e) {
        if (!putter) {
            return q.relaxedPoll();
        }
        return q.relaxedOffer(e) ? e : null;
    }

    /**
     * W2: the volatile re-check after W1 (pairs with the other side's claim or freeing, see the
     * class note), then the settling re-checks. Returns what {@link #attempt} did, or null. A
     * virtual taker stops settling as soon as a re-check's volatile load shows nothing claimed:
     * where that load is a real one, the producers claim with an atomic update (see
     * {@link Access#lvAnyClaimed}), so that load alone closes the race (the first case of the
     * class note), and settling would only hold its carrier; where it is {@link #always} (a single
     * producer), it settles in full, as the second case needs. Putters always settle in full: an
     * MPSC queue's single consumer frees with a release store, though its room re-check is a real
     * load.
     */
    private static <E, Q extends MessagePassingQueue<E>> E recheck(Q q, Access<? super Q> a, boolean putter, E e,
            boolean virtual) {
        for (int spins = 0; spins < SETTLE_SPINS; spins++) {
            if (putter ? a.lvAnyRoom(q) : a.lvAnyClaimed(q)) {
                final E done = attempt(q, putter, e);
                if (done != null) {
                    return done;
                }
            } else if (virtual && !putter) {
                return null;
            }
            Thread.onSpinWait();
        }
        return null;
    }

    /** W4's hand-on: signals the next waiter of the side if one is counted and it can proceed. */
    private static <Q> void passOn(Q q, Access<? super Q> a, Lists lists, boolean putter) {
        final long waiting = a.lvWaiting(q);
        if (putter) {
            if ((waiting >>> 32) != 0 && a.lvAnyRoom(q)) {
                lists.signalPutters();
            }
        } else if ((int) waiting != 0 && a.lvAnyClaimed(q)) {
            lists.signalTakers();
        }
    }

    /**
     * W0 of a taker: looks for an element, on a platform thread for up to {@code nanos} from
     * {@code start}, yielding between looks, on a virtual one {@link #VIRTUAL_LOOKS} times,
     * spinning; returns it, or null.
     */
    private static <E> E spinForElement(MessagePassingQueue<E> q, long start, long nanos, boolean virtual) {
        // relaxedPoll never waits: a claimed head not yet written is looked at again next time.
        if (virtual) {
            for (int looks = 0; looks < VIRTUAL_LOOKS; looks++) {
                Thread.onSpinWait();
                final E e = q.relaxedPoll();
                if (e != null) {
                    return e;
                }
            }
            return null;
        }
        do {
            Thread.yield();
            final E e = q.relaxedPoll();
            if (e != null) {
                return e;
            }
        } while (System.nanoTime() - start < nanos);
        return null;
    }

    // ---- Producers ----------------------------------------------------------------------------

    /** {@code put(e)} of a bounded queue: adds at once if there is room, else waits for it. */
    static <E> void put(MessagePassingQueue<E> q, E e) throws InterruptedException {
        if (!q.offer(e)) {
            awaitRoom(q, access(q), e, false, 0L);
        }
    }

    /**
     * {@code offer(e, timeout, unit)} of a bounded queue: an element that fits is added without
     * reading {@code unit}; a zero or negative time-out never waits.
     */
    static <E> boolean offer(MessagePassingQueue<E> q, E e, long timeout, TimeUnit unit)
            throws InterruptedException {
        if (q.offer(e)) {
            return true;
        }
        final long nanos = Args.notNull("unit", unit).toNanos(timeout);
        if (nanos <= 0L) {
            throwIfInterrupted();
            return false;
        }
        return awaitRoom(q, access(q), e, true, nanos);
    }

    /**
     * The cold path of put and the timed offer: W0, then {@link #await}. Returns false only if
     * {@code timed} and {@code e} could not be added by the deadline.
     */
    private static <E, Q extends MessagePassingQueue<E>> boolean awaitRoom(Q q, Access<? super Q> a, E e,
            boolean timed, long nanos) throws InterruptedException {
        final long start = System.nanoTime();
        final boolean virtual = Waits.onVirtualThread();
        final long yieldNanos = virtual ? 0L : timed ? Math.min(nanos, ROOM_YIELD_NANOS) : ROOM_YIELD_NANOS;
        return spinForRoom(q, e, start, virtual ? ROOM_TRIES_VIRTUAL : ROOM_TRIES, yieldNanos)
                || await(q, a, true, e, timed, start + nanos, virtual) != null;
    }

    /**
     * W0 of a putter: {@code tries} tries, each after a spin (see {@link #ROOM_TRIES}), then tries
     * between yields for up to {@code yieldNanos} from {@code start} (0 on a virtual thread);
     * whether it added {@code e}. Throws {@link InterruptedException} if interrupted meanwhile.
     */
    private static <E> boolean spinForRoom(MessagePassingQueue<E> q, E e, long start, int tries, long yieldNanos)
            throws InterruptedException {
        final int pause = Math.max(1, Math.min(ROOM_PAUSE_MAX, q.capacity() / 4));
        for (int t = 0; t < tries; t++) {
            for (int spin = 0; spin < pause; spin++) {
                Thread.onSpinWait();
            }
            if (q.offer(e)) {
                return true;
            }
        }
        while (System.nanoTime() - start < yieldNanos) {
            throwIfInterrupted();
            Thread.yield();
            if (q.offer(e)) {
                return true;
            }
        }
        return false;
    }

    // ---- Shared -------------------------------------------------------------------------------

    private static void throwIfInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    /**
     * {@code drainTo(c, maxElements)}: moves what can be taken without waiting, by
     * {@code relaxedPoll} (it stops at a head that a producer has claimed but not yet written,
     * as it stops at an empty one).
     */
    static <E> int drainTo(MessagePassingQueue<E> q, Collection<? super E> c, int maxElements) {
        Args.notNull("c", c);
        if (c == q) {
            throw new IllegalArgumentException("c (the collection) must not be this queue");
        }
        int moved = 0;
        for (E e; moved < maxElements && (e = q.relaxedPoll()) != null; moved++) {
            c.add(e);
        }
        return moved;
    }

    /**
     * {@code remainingCapacity()}: a bounded queue's capacity less its size, never negative; an
     * unbounded queue's {@link Integer#MAX_VALUE}.
     */
    static int remainingCapacity(MessagePassingQueue<?> q) {
        final int capacity = q.capacity();
        return capacity == MessagePassingQueue.UNBOUNDED_CAPACITY ? Integer.MAX_VALUE : Math.max(0, capacity - q.size());
    }
}
