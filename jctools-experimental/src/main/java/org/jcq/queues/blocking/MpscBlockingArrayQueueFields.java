package org.jcq.queues.blocking;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.queues.MpscArrayQueue;

// Field layout of MpscBlockingArrayQueue: MpscArrayQueue's (which ends with a pad), then
// room, waitingConsumers, waitingProducers, removeFenceRequest | pad
// As SpscBlockingArrayQueueFields explains. The producers claim with a CAS and read the
// waiting-consumer count; only the consumer side has a fence request.

/** The waiter fields and the wait room; see the layout note above. */
abstract class MpscBlockingArrayQueueWaiters<E> extends MpscArrayQueue<E> {
    private static final VarHandle WAITING_CONSUMERS;
    private static final VarHandle WAITING_PRODUCERS;
    private static final VarHandle REMOVE_FENCE_REQUEST;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            final Class<?> c = MpscBlockingArrayQueueWaiters.class;
            WAITING_CONSUMERS = lookup.findVarHandle(c, "waitingConsumers", long.class);
            WAITING_PRODUCERS = lookup.findVarHandle(c, "waitingProducers", long.class);
            REMOVE_FENCE_REQUEST = lookup.findVarHandle(c, "removeFenceRequest", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Waiting threads and the wake-up protocol (package-private for tests). */
    final WaitRoom room = new WaitRoom(WAITING_CONSUMERS, WAITING_PRODUCERS, null, REMOVE_FENCE_REQUEST);
    /** Registrations of waiting consumers that no signal has used up (see {@link WaitRoom}); under its lock. */
    private volatile long waitingConsumers;
    /** The same for producers waiting for room. */
    private volatile long waitingProducers;
    /** See {@link WaitRoom}: raised by waiting producers, answered by the consumer. */
    private volatile long removeFenceRequest;

    MpscBlockingArrayQueueWaiters(int capacity) {
        super(capacity);
    }

    /**
     * Called after every successful add, whose CAS is the fence: P4, one volatile load, and only
     * if a consumer waits P5.
     */
    final void afterCasAdd() {
        if (waitingConsumers != 0) {
            room.signalNotEmpty(this);
        }
    }

    /** Called after every successful remove, as {@link SpscBlockingArrayQueueWaiters#afterRemove()}. */
    final void afterRemove() {
        final long request = (long) REMOVE_FENCE_REQUEST.getOpaque(this);
        if (request > 0L) {
            room.answerRemoveFenceRequest(request);
            if (waitingProducers != 0) {
                room.signalNotFull(this);
            }
        }
    }
}

/** Keeps the waiter fields off whatever object follows this one in the heap. */
abstract class MpscBlockingArrayQueueFields<E> extends MpscBlockingArrayQueueWaiters<E> {
    byte p5_000, p5_001, p5_002, p5_003, p5_004, p5_005, p5_006, p5_007, p5_008, p5_009, p5_010, p5_011, p5_012, p5_013, p5_014, p5_015;
    byte p5_016, p5_017, p5_018, p5_019, p5_020, p5_021, p5_022, p5_023, p5_024, p5_025, p5_026, p5_027, p5_028, p5_029, p5_030, p5_031;
    byte p5_032, p5_033, p5_034, p5_035, p5_036, p5_037, p5_038, p5_039, p5_040, p5_041, p5_042, p5_043, p5_044, p5_045, p5_046, p5_047;
    byte p5_048, p5_049, p5_050, p5_051, p5_052, p5_053, p5_054, p5_055, p5_056, p5_057, p5_058, p5_059, p5_060, p5_061, p5_062, p5_063;
    byte p5_064, p5_065, p5_066, p5_067, p5_068, p5_069, p5_070, p5_071, p5_072, p5_073, p5_074, p5_075, p5_076, p5_077, p5_078, p5_079;
    byte p5_080, p5_081, p5_082, p5_083, p5_084, p5_085, p5_086, p5_087, p5_088, p5_089, p5_090, p5_091, p5_092, p5_093, p5_094, p5_095;
    byte p5_096, p5_097, p5_098, p5_099, p5_100, p5_101, p5_102, p5_103, p5_104, p5_105, p5_106, p5_107, p5_108, p5_109, p5_110, p5_111;
    byte p5_112, p5_113, p5_114, p5_115, p5_116, p5_117, p5_118, p5_119, p5_120, p5_121, p5_122, p5_123, p5_124, p5_125, p5_126, p5_127;

    MpscBlockingArrayQueueFields(int capacity) {
        super(capacity);
    }
}
