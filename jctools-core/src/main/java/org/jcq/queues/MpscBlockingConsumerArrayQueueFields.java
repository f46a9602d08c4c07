package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.VarHandles;

// Field layout of MpscBlockingConsumerArrayQueue: MpscArrayQueue's (see MpscArrayQueueFields), whose
// last pad separates its consumer index from the region added here, then
// ... consumerIndex | pad | pad | waiting, lists | pad
// The wait protocol's fields (see Parking) get a region of their own: every offer and every poll
// reads waiting, and waiters write it, so it must share a line with neither index. The lists,
// written once, share it.

/**
 * A second pad after MpscArrayQueue's last one. The VM may place a few bytes of that pad in the
 * alignment gap before the consumer index (a subclass's fields fill gaps its superclasses left),
 * so that pad alone can end 124 bytes after the index, as it did once the cold region lost a
 * field; this one keeps the wait protocol's fields 128 bytes away whatever the alignment (LayoutTest).
 */
abstract class MpscBlockingConsumerArrayQueuePad5<E> extends MpscArrayQueue<E> {
    byte p5_000, p5_001, p5_002, p5_003, p5_004, p5_005, p5_006, p5_007, p5_008, p5_009, p5_010, p5_011, p5_012, p5_013, p5_014, p5_015;
    byte p5_016, p5_017, p5_018, p5_019, p5_020, p5_021, p5_022, p5_023, p5_024, p5_025, p5_026, p5_027, p5_028, p5_029, p5_030, p5_031;
    byte p5_032, p5_033, p5_034, p5_035, p5_036, p5_037, p5_038, p5_039, p5_040, p5_041, p5_042, p5_043, p5_044, p5_045, p5_046, p5_047;
    byte p5_048, p5_049, p5_050, p5_051, p5_052, p5_053, p5_054, p5_055, p5_056, p5_057, p5_058, p5_059, p5_060, p5_061, p5_062, p5_063;
    byte p5_064, p5_065, p5_066, p5_067, p5_068, p5_069, p5_070, p5_071, p5_072, p5_073, p5_074, p5_075, p5_076, p5_077, p5_078, p5_079;
    byte p5_080, p5_081, p5_082, p5_083, p5_084, p5_085, p5_086, p5_087, p5_088, p5_089, p5_090, p5_091, p5_092, p5_093, p5_094, p5_095;
    byte p5_096, p5_097, p5_098, p5_099, p5_100, p5_101, p5_102, p5_103, p5_104, p5_105, p5_106, p5_107, p5_108, p5_109, p5_110, p5_111;
    byte p5_112, p5_113, p5_114, p5_115, p5_116, p5_117, p5_118, p5_119, p5_120, p5_121, p5_122, p5_123, p5_124, p5_125, p5_126, p5_127;

    MpscBlockingConsumerArrayQueuePad5(int capacity, Bound bound) {
        super(capacity, bound);
    }
}

/**
 * The wait protocol's fields: written by waiting threads and by the signals that wake them, read
 * after every offer and every poll.
 */
abstract class MpscBlockingConsumerArrayQueueWaiting<E> extends MpscBlockingConsumerArrayQueuePad5<E> {
    private static final VarHandle WAITING = VarHandles.field(MethodHandles.lookup(),
            MpscBlockingConsumerArrayQueueWaiting.class, "waiting", long.class);
    private static final VarHandle LISTS = VarHandles.field(MethodHandles.lookup(),
            MpscBlockingConsumerArrayQueueWaiting.class, "lists", Parking.Lists.class);

    /** Registered waiters not yet signalled: takers in the low 32 bits, putters in the high ones. */
    private long waiting;
    /** Null until a thread first waits; then the waiters' lists, for good. */
    private Parking.Lists lists;

    MpscBlockingConsumerArrayQueueWaiting(int capacity, Bound bound) {
        super(capacity, bound);
    }

    final long lvWaiting() {
        return (long) WAITING.getVolatile(this);
    }

    final void svWaiting(long value) {
        WAITING.setVolatile(this, value);
    }

    final Parking.Lists laLists() {
        return (Parking.Lists) LISTS.getAcquire(this);
    }

    final boolean casLists(Parking.Lists made) {
        return LISTS.compareAndSet(this, null, made);
    }
}

/** Keeps the wait protocol's fields off whatever object follows this one in the heap. */
abstract class MpscBlockingConsumerArrayQueueFields<E> extends MpscBlockingConsumerArrayQueueWaiting<E> {
    byte p6_000, p6_001, p6_002, p6_003, p6_004, p6_005, p6_006, p6_007, p6_008, p6_009, p6_010, p6_011, p6_012, p6_013, p6_014, p6_015;
    byte p6_016, p6_017, p6_018, p6_019, p6_020, p6_021, p6_022, p6_023, p6_024, p6_025, p6_026, p6_027, p6_028, p6_029, p6_030, p6_031;
    byte p6_032, p6_033, p6_034, p6_035, p6_036, p6_037, p6_038, p6_039, p6_040, p6_041, p6_042, p6_043, p6_044, p6_045, p6_046, p6_047;
    byte p6_048, p6_049, p6_050, p6_051, p6_052, p6_053, p6_054, p6_055, p6_056, p6_057, p6_058, p6_059, p6_060, p6_061, p6_062, p6_063;
    byte p6_064, p6_065, p6_066, p6_067, p6_068, p6_069, p6_070, p6_071, p6_072, p6_073, p6_074, p6_075, p6_076, p6_077, p6_078, p6_079;
    byte p6_080, p6_081, p6_082, p6_083, p6_084, p6_085, p6_086, p6_087, p6_088, p6_089, p6_090, p6_091, p6_092, p6_093, p6_094, p6_095;
    byte p6_096, p6_097, p6_098, p6_099, p6_100, p6_101, p6_102, p6_103, p6_104, p6_105, p6_106, p6_107, p6_108, p6_109, p6_110, p6_111;
    byte p6_112, p6_113, p6_114, p6_115, p6_116, p6_117, p6_118, p6_119, p6_120, p6_121, p6_122, p6_123, p6_124, p6_125, p6_126, p6_127;

    MpscBlockingConsumerArrayQueueFields(int capacity, Bound bound) {
        super(capacity, bound);
    }
}
