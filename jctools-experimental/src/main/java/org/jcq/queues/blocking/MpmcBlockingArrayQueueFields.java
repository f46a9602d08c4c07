package org.jcq.queues.blocking;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.queues.MpmcArrayQueue;

// Field layout of MpmcBlockingArrayQueue: MpmcArrayQueue's (which ends with a pad), then
// room, waitingConsumers, waitingProducers | pad
// As SpscBlockingArrayQueueFields explains. Both sides claim with a CAS and read the other
// side's waiter count; neither has a fence request.

/** The waiter counts and the wait room; see the layout note above. */
abstract class MpmcBlockingArrayQueueWaiters<E> extends MpmcArrayQueue<E> {
    private static final VarHandle WAITING_CONSUMERS;
    private static final VarHandle WAITING_PRODUCERS;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            final Class<?> c = MpmcBlockingArrayQueueWaiters.class;
            WAITING_CONSUMERS = lookup.findVarHandle(c, "waitingConsumers", long.class);
            WAITING_PRODUCERS = lookup.findVarHandle(c, "waitingProducers", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Waiting threads and the wake-up protocol (package-private for tests). */
    final WaitRoom room = new WaitRoom(WAITING_CONSUMERS, WAITING_PRODUCERS, null, null);
    /** Registrations of waiting consumers that no signal has used up (see {@link WaitRoom}); under its lock. */
    private volatile long waitingConsumers;
    /** The same for producers waiting for room. */
    private volatile long waitingProducers;

    MpmcBlockingArrayQueueWaiters(int capacity) {
        super(capacity);
    }

    /** Called after every successful add, as {@link MpscBlockingArrayQueueWaiters#afterCasAdd()}. */
    final void afterCasAdd() {
        if (waitingConsumers != 0) {
            room.signalNotEmpty(this);
        }
    }

    /** Called after every successful remove, whose CAS is the fence: the mirror image. */
    final void afterCasRemove() {
        if (waitingProducers != 0) {
            room.signalNotFull(this);
        }
    }
}

/** Keeps the waiter counts off whatever object follows this one in the heap. */
abstract class MpmcBlockingArrayQueueFields<E> extends MpmcBlockingArrayQueueWaiters<E> {
    byte p4_000, p4_001, p4_002, p4_003, p4_004, p4_005, p4_006, p4_007, p4_008, p4_009, p4_010, p4_011, p4_012, p4_013, p4_014, p4_015;
    byte p4_016, p4_017, p4_018, p4_019, p4_020, p4_021, p4_022, p4_023, p4_024, p4_025, p4_026, p4_027, p4_028, p4_029, p4_030, p4_031;
    byte p4_032, p4_033, p4_034, p4_035, p4_036, p4_037, p4_038, p4_039, p4_040, p4_041, p4_042, p4_043, p4_044, p4_045, p4_046, p4_047;
    byte p4_048, p4_049, p4_050, p4_051, p4_052, p4_053, p4_054, p4_055, p4_056, p4_057, p4_058, p4_059, p4_060, p4_061, p4_062, p4_063;
    byte p4_064, p4_065, p4_066, p4_067, p4_068, p4_069, p4_070, p4_071, p4_072, p4_073, p4_074, p4_075, p4_076, p4_077, p4_078, p4_079;
    byte p4_080, p4_081, p4_082, p4_083, p4_084, p4_085, p4_086, p4_087, p4_088, p4_089, p4_090, p4_091, p4_092, p4_093, p4_094, p4_095;
    byte p4_096, p4_097, p4_098, p4_099, p4_100, p4_101, p4_102, p4_103, p4_104, p4_105, p4_106, p4_107, p4_108, p4_109, p4_110, p4_111;
    byte p4_112, p4_113, p4_114, p4_115, p4_116, p4_117, p4_118, p4_119, p4_120, p4_121, p4_122, p4_123, p4_124, p4_125, p4_126, p4_127;

    MpmcBlockingArrayQueueFields(int capacity) {
        super(capacity);
    }
}
