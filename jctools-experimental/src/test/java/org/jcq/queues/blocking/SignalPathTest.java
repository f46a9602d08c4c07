package org.jcq.queues.blocking;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.jcq.queues.blocking.BlockingQueues.Kind;
import org.jcq.queues.blocking.BlockingQueues.Spec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.jcq.queues.blocking.BlockingQueues.PATIENCE_MILLIS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A parked waiter is woken by the other side's signal, not by its own re-check time-out. The
 * time-outs exist for a race (an add the publisher made before it saw the waiter's fence request);
 * they would also hide a broken signal path, which would then only make wake-ups slow. So each
 * trial lets the waiter park long enough for its re-check interval to grow to several
 * milliseconds, then adds (or removes) once, and the room counts the waits that ended on a re-check
 * time-out and found what they waited for. With the signal path working that takes a time-out
 * falling within the microseconds between the add and its signal; with it broken it is every
 * trial.
 * <p>
 * Checked to fail: with {@code signalNotEmpty} and {@code signalNotFull} doing nothing, every SPSC
 * and MPSC trial on a single-publisher side is found by a re-check (and the CAS sides hang, failing
 * on the join).
 */
class SignalPathTest {
    private static final int TRIALS = 10;
    /** How long the waiter is left parked: its re-check interval reaches about 13 ms. */
    private static final long PARKED_MILLIS = 20;

    enum Side {
        /** A consumer waits in {@code take} for an element. */
        CONSUMER_WAITS,
        /** A producer waits in {@code put} for room. */
        PRODUCER_WAITS
    }

    static Stream<Arguments> cases() {
        final List<Arguments> cases = new ArrayList<>();
        BlockingQueues.ours().forEach(spec -> {
            for (Kind kind : Kind.values()) {
                for (Side side : Side.values()) {
                    cases.add(Arguments.of(spec, kind, side));
                }
            }
        });
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void aParkedWaiterIsWokenBySignalNotByItsRecheck(Spec spec, Kind kind, Side side) throws Exception {
        assumeTrue(kind.available(), "virtual threads need JDK 21+; this runtime is " + Runtime.version());
        final BlockingQueue<Integer> q = spec.create(4);
        final WaitRoom room = BlockingQueues.roomOf(q);
        final int capacity = q.remainingCapacity();
        for (int trial = 0; trial < TRIALS; trial++) {
            final AtomicReference<Object> result = new AtomicReference<>("nothing yet");
            final Thread waiter;
            if (side == Side.CONSUMER_WAITS) {
                waiter = kind.newThread("consumer", () -> result.set(call(q::take)));
            } else {
                for (int i = 0; i < capacity; i++) {
                    assertTrue(q.offer(i), "filling, element " + i);
                }
                waiter = kind.newThread("producer", () -> result.set(call(() -> {
                    q.put(-1);
                    return "put";
                })));
            }
            waiter.start();
            awaitParked(waiter);
            Thread.sleep(PARKED_MILLIS);
            if (side == Side.CONSUMER_WAITS) {
                assertTrue(q.offer(trial));
            } else {
                assertEquals(0, q.poll());
            }
            waiter.join(PATIENCE_MILLIS);
            assertFalse(waiter.isAlive(), "trial " + trial + ": the waiter was never woken");
            assertEquals(side == Side.CONSUMER_WAITS ? trial : "put", result.get(), "trial " + trial);
            q.clear();
        }
        final long found = room.recheckFinds();
        assertTrue(found <= TRIALS / 3, found + " of " + TRIALS
                + " waits ended on a re-check time-out: the signal path did not wake them");
    }

    /** Waits until {@code t} is parked (waiting, with or without a time-out). */
    private static void awaitParked(Thread t) throws InterruptedException {
        final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MILLIS);
        while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING) {
            assertTrue(System.nanoTime() < end, "the waiter never parked; state " + t.getState());
            Thread.sleep(1);
        }
    }

    private interface Call {
        Object run() throws InterruptedException;
    }

    private static Object call(Call c) {
        try {
            return c.run();
        } catch (InterruptedException e) {
            return e;
        }
    }
}
