package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.VarHandles;

// Field layout of MpmcBlockingArrayQueue: MpmcArrayQueue's, whose last pad separates its last hot field from the
// region added here, then
// ... | pad | pad | waiting, lists | pad
// Every offer and every poll reads waiting, so it must share a line with neither index.
// The second pad is there for the reason MpscBlockingConsumerArrayQueueFields gives: the VM may
// move a few bytes of a pad into an alignment gap before the fields it follows.

/** A second pad after MpmcArrayQueue's last one (see the note above). */
abstract class MpmcBlockingArrayQueuePad4<E> extends MpmcArrayQueue<E> {
    byte p4_000, p4_001, p4_002, p4_003, p4_004, p4_005, p4_006, p4_007, p4_008, p4_009, p4_010, p4_011, p4_012, p4_013, p4_014, p4_015;
    byte p4_016, p4_017, p4_018, p4_019, p4_020, p4_021, p4_022, p4_023, p4_024, p4_025, p4_026, p4_027, p4_028, p4_029, p4_030, p4_031;
    byte p4_032, p4_033, p4_034, p4_035, p4_036, p4_037, p4_038, p4_039, p4_040, p4_041, p4_042, p4_043, p4_044, p4_045, p4_046, p4_047;
    byte p4_048, p4_049, p4_050, p4_051, p4_052, p4_053, p4_054, p4_055, p4_056, p4_057, p4_058, p4_059, p4_060, p4_061, p4_062, p4_063;
    byte p4_064, p4_065, p4_066, p4_067, p4_068, p4_069, p4_070, p4_071, p4_072, p4_073, p4_074, p4_075, p4_076, p4_077, p4_078, p4_079;
    byte p4_080, p4_081, p4_082, p4_083, p4_084, p4_085, p4_086, p4_087, p4_088, p4_089, p4_090, p4_091, p4_092, p4_093, p4_094, p4_095;
    byte p4_096, p4_097, p4_098, p4_099, p4_100, p4_101, p4_102, p4_103, p4_104, p4_105, p4_106, p4_107, p4_108, p4_109, p4_110, p4_111;
    byte p4_112, p4_113, p4_114, p4_115, p4_116, p4_117, p4_118, p4_119, p4_120, p4_121, p4_122, p4_123, p4_124, p4_125, p4_126, p4_127;

    MpmcBlockingArrayQueuePad4(int capacity, Bound bound) {
        super(capacity, bound);
    }
}

/**
 * The wait protocol's fields (see {@code Parking}): written by waiting threads and by the signals
 * that wake them, read after every operation.
 */
abstract class MpmcBlockingArrayQueueWaiting<E> extends MpmcBlockingArrayQueuePad4<E> {
    private static final VarHandle WAITING = VarHandles.field(MethodHandles.lookup(),
            MpmcBlockingArrayQueueWaiting.class, "waiting", long.class);
    private static final VarHandle LISTS = VarHandles.field(MethodHandles.lookup(),
            MpmcBlockingArrayQueueWaiting.class, "lists", Parking.Lists.class);
    private static final VarHandle REMOVERS = VarHandles.field(MethodHandles.lookup(),
            MpmcBlockingArrayQueueWaiting.class, "removers", int.class);
    private static final VarHandle REMOVED_COUNT = VarHandles.field(MethodHandles.lookup(),
            MpmcBlockingArrayQueueWaiting.class, "removed", int.class);

    /** Registered waiters not yet signalled: takers in the low 32 bits, putters in the high ones. */
    private long waiting;
    /** Null until a thread first waits; then the waiters' lists, for good. */
    private Parking.Lists lists;
    /** How many remove(Object) calls (and bulk removals) scan the ring; read after every claim. */
    private int removers;
    /** Removed elements whose marks consumers have not passed yet: not counted by size(). */
    private int removed;

    MpmcBlockingArrayQueueWaiting(int capacity, Bound bound) {
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

    @Override
    final int lvRemovers() {
        return (int) REMOVERS.getVolatile(this);
    }

    @Override
    final void addRemovers(int delta) {
        REMOVERS.getAndAdd(this, delta);
    }

    @Override
    final boolean marksRemoved() {
        return true;
    }

    @Override
    final int lvRemoved() {
        return (int) REMOVED_COUNT.getVolatile(this);
    }

    @Override
    final void addRemoved(int delta) {
        REMOVED_COUNT.getAndAdd(this, delta);
    }
}

/** Keeps the wait protocol's fields off whatever object follows this one in the heap. */
abstract class MpmcBlockingArrayQueueFields<E> extends MpmcBlockingArrayQueueWaiting<E> {
    byte p5_000, p5_001, p5_002, p5_003, p5_004, p5_005, p5_006, p5_007, p5_008, p5_009, p5_010, p5_011, p5_012, p5_013, p5_014, p5_015;
    byte p5_016, p5_017, p5_018, p5_019, p5_020, p5_021, p5_022, p5_023, p5_024, p5_025, p5_026, p5_027, p5_028, p5_029, p5_030, p5_031;
    byte p5_032, p5_033, p5_034, p5_035, p5_036, p5_037, p5_038, p5_039, p5_040, p5_041, p5_042, p5_043, p5_044, p5_045, p5_046, p5_047;
    byte p5_048, p5_049, p5_050, p5_051, p5_052, p5_053, p5_054, p5_055, p5_056, p5_057, p5_058, p5_059, p5_060, p5_061, p5_062, p5_063;
    byte p5_064, p5_065, p5_066, p5_067, p5_068, p5_069, p5_070, p5_071, p5_072, p5_073, p5_074, p5_075, p5_076, p5_077, p5_078, p5_079;
    byte p5_080, p5_081, p5_082, p5_083, p5_084, p5_085, p5_086, p5_087, p5_088, p5_089, p5_090, p5_091, p5_092, p5_093, p5_094, p5_095;
    byte p5_096, p5_097, p5_098, p5_099, p5_100, p5_101, p5_102, p5_103, p5_104, p5_105, p5_106, p5_107, p5_108, p5_109, p5_110, p5_111;
    byte p5_112, p5_113, p5_114, p5_115, p5_116, p5_117, p5_118, p5_119, p5_120, p5_121, p5_122, p5_123, p5_124, p5_125, p5_126, p5_127;

    MpmcBlockingArrayQueueFields(int capacity, Bound bound) {
        super(capacity, bound);
    }
}
