package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.VarHandles;

// Field layout of MpmcArrayQueue, one class per region (see package-info for the padding rules):
// header | cold: buffer, mask, sequences | pad | producerIndex | pad | consumerIndex | pad

/**
 * The cold sequence array, beside the other read-only fields. Every thread spins on the sequences,
 * so in the padded edition the array's live part starts 128 bytes after its header (which every
 * access reads for its bounds and type checks), as the padded single rings do. The element ring
 * is not padded (every slot's sequence is read before its element); that keeps the padded MPMC
 * queue's footprint within JCTools'.
 */
abstract class MpmcArrayQueueCold<E> extends ClaimingArrayQueue<E> {
    /** Unused longs before the padded sequence array's first live one: 14 longs and the header are 128 bytes. */
    static final int SEQUENCE_PAD = 14;

    private static final VarHandle SEQUENCE = MethodHandles.arrayElementVarHandle(long[].class);

    /**
     * One sequence per slot: {@code i} while the slot is free for the producer of index {@code i},
     * {@code i + 1} once that producer has published its element there.
     */
    final long[] sequences;

    MpmcArrayQueueCold(int capacity) {
        super(capacity);
        final int ring = mask + 1;
        final int pad = sequencePadSlots();
        final long[] sequences = new long[pad + ring];
        for (int i = 0; i < ring; i++) {
            sequences[pad + i] = i;
        }
        this.sequences = sequences;
    }

    @Override
    final int padSlots() {
        return 0;
    }

    /** Two slots at least: with one, a slot's "free for index i + 1" would read "published i". */
    @Override
    final int leastRing() {
        return 2;
    }

    /**
     * How many unused longs precede the live sequences: {@link #SEQUENCE_PAD} in the padded
     * edition, 0 in the compact one. A constant, so it may be called from the constructor.
     */
    int sequencePadSlots() {
        return SEQUENCE_PAD;
    }

    /** The sequence-array index of logical index {@code index}. */
    final int sequenceSlot(long index, int mask) {
        return sequencePadSlots() + ((int) index & mask);
    }

    static long laSequence(long[] sequences, int slot) {
        return (long) SEQUENCE.getAcquire(sequences, slot);
    }

    static void soSequence(long[] sequences, int slot, long value) {
        SEQUENCE.setRelease(sequences, slot, value);
    }
}

/** Keeps the producer index 128 bytes away from the header and the cold fields. */
abstract class MpmcArrayQueuePad1<E> extends BaseMpmcArrayQueue<E> {
    byte p1_000, p1_001, p1_002, p1_003, p1_004, p1_005, p1_006, p1_007, p1_008, p1_009, p1_010, p1_011, p1_012, p1_013, p1_014, p1_015;
    byte p1_016, p1_017, p1_018, p1_019, p1_020, p1_021, p1_022, p1_023, p1_024, p1_025, p1_026, p1_027, p1_028, p1_029, p1_030, p1_031;
    byte p1_032, p1_033, p1_034, p1_035, p1_036, p1_037, p1_038, p1_039, p1_040, p1_041, p1_042, p1_043, p1_044, p1_045, p1_046, p1_047;
    byte p1_048, p1_049, p1_050, p1_051, p1_052, p1_053, p1_054, p1_055, p1_056, p1_057, p1_058, p1_059, p1_060, p1_061, p1_062, p1_063;
    byte p1_064, p1_065, p1_066, p1_067, p1_068, p1_069, p1_070, p1_071, p1_072, p1_073, p1_074, p1_075, p1_076, p1_077, p1_078, p1_079;
    byte p1_080, p1_081, p1_082, p1_083, p1_084, p1_085, p1_086, p1_087, p1_088, p1_089, p1_090, p1_091, p1_092, p1_093, p1_094, p1_095;
    byte p1_096, p1_097, p1_098, p1_099, p1_100, p1_101, p1_102, p1_103, p1_104, p1_105, p1_106, p1_107, p1_108, p1_109, p1_110, p1_111;
    byte p1_112, p1_113, p1_114, p1_115, p1_116, p1_117, p1_118, p1_119, p1_120, p1_121, p1_122, p1_123, p1_124, p1_125, p1_126, p1_127;

    MpmcArrayQueuePad1(int capacity) {
        super(capacity);
    }
}

/** CASed by every producer. */
abstract class MpmcArrayQueueProducerIndex<E> extends MpmcArrayQueuePad1<E> {
    private static final VarHandle PRODUCER_INDEX =
            VarHandles.field(MethodHandles.lookup(), MpmcArrayQueueProducerIndex.class, "producerIndex", long.class);

    /** Count of slots claimed by producers. */
    private long producerIndex;

    MpmcArrayQueueProducerIndex(int capacity) {
        super(capacity);
    }

    @Override
    final long laProducerIndex() {
        return (long) PRODUCER_INDEX.getAcquire(this);
    }

    @Override
    final long lvProducerIndex() {
        return (long) PRODUCER_INDEX.getVolatile(this);
    }

    @Override
    final boolean casProducerIndex(long expect, long update) {
        return PRODUCER_INDEX.compareAndSet(this, expect, update);
    }
}

/** Separates the producers' index from the consumers'. */
abstract class MpmcArrayQueuePad2<E> extends MpmcArrayQueueProducerIndex<E> {
    byte p2_000, p2_001, p2_002, p2_003, p2_004, p2_005, p2_006, p2_007, p2_008, p2_009, p2_010, p2_011, p2_012, p2_013, p2_014, p2_015;
    byte p2_016, p2_017, p2_018, p2_019, p2_020, p2_021, p2_022, p2_023, p2_024, p2_025, p2_026, p2_027, p2_028, p2_029, p2_030, p2_031;
    byte p2_032, p2_033, p2_034, p2_035, p2_036, p2_037, p2_038, p2_039, p2_040, p2_041, p2_042, p2_043, p2_044, p2_045, p2_046, p2_047;
    byte p2_048, p2_049, p2_050, p2_051, p2_052, p2_053, p2_054, p2_055, p2_056, p2_057, p2_058, p2_059, p2_060, p2_061, p2_062, p2_063;
    byte p2_064, p2_065, p2_066, p2_067, p2_068, p2_069, p2_070, p2_071, p2_072, p2_073, p2_074, p2_075, p2_076, p2_077, p2_078, p2_079;
    byte p2_080, p2_081, p2_082, p2_083, p2_084, p2_085, p2_086, p2_087, p2_088, p2_089, p2_090, p2_091, p2_092, p2_093, p2_094, p2_095;
    byte p2_096, p2_097, p2_098, p2_099, p2_100, p2_101, p2_102, p2_103, p2_104, p2_105, p2_106, p2_107, p2_108, p2_109, p2_110, p2_111;
    byte p2_112, p2_113, p2_114, p2_115, p2_116, p2_117, p2_118, p2_119, p2_120, p2_121, p2_122, p2_123, p2_124, p2_125, p2_126, p2_127;

    MpmcArrayQueuePad2(int capacity) {
        super(capacity);
    }
}

/** CASed by every consumer. */
abstract class MpmcArrayQueueConsumerIndex<E> extends MpmcArrayQueuePad2<E> {
    private static final VarHandle CONSUMER_INDEX =
            VarHandles.field(MethodHandles.lookup(), MpmcArrayQueueConsumerIndex.class, "consumerIndex", long.class);

    /** Count of slots claimed by consumers. */
    private long consumerIndex;

    MpmcArrayQueueConsumerIndex(int capacity) {
        super(capacity);
    }

    @Override
    final long laConsumerIndex() {
        return (long) CONSUMER_INDEX.getAcquire(this);
    }

    @Override
    final long lvConsumerIndex() {
        return (long) CONSUMER_INDEX.getVolatile(this);
    }

    @Override
    final boolean casConsumerIndex(long expect, long update) {
        return CONSUMER_INDEX.compareAndSet(this, expect, update);
    }
}

/** Keeps the consumer index off whatever object follows this one in the heap. */
abstract class MpmcArrayQueueFields<E> extends MpmcArrayQueueConsumerIndex<E> {
    byte p3_000, p3_001, p3_002, p3_003, p3_004, p3_005, p3_006, p3_007, p3_008, p3_009, p3_010, p3_011, p3_012, p3_013, p3_014, p3_015;
    byte p3_016, p3_017, p3_018, p3_019, p3_020, p3_021, p3_022, p3_023, p3_024, p3_025, p3_026, p3_027, p3_028, p3_029, p3_030, p3_031;
    byte p3_032, p3_033, p3_034, p3_035, p3_036, p3_037, p3_038, p3_039, p3_040, p3_041, p3_042, p3_043, p3_044, p3_045, p3_046, p3_047;
    byte p3_048, p3_049, p3_050, p3_051, p3_052, p3_053, p3_054, p3_055, p3_056, p3_057, p3_058, p3_059, p3_060, p3_061, p3_062, p3_063;
    byte p3_064, p3_065, p3_066, p3_067, p3_068, p3_069, p3_070, p3_071, p3_072, p3_073, p3_074, p3_075, p3_076, p3_077, p3_078, p3_079;
    byte p3_080, p3_081, p3_082, p3_083, p3_084, p3_085, p3_086, p3_087, p3_088, p3_089, p3_090, p3_091, p3_092, p3_093, p3_094, p3_095;
    byte p3_096, p3_097, p3_098, p3_099, p3_100, p3_101, p3_102, p3_103, p3_104, p3_105, p3_106, p3_107, p3_108, p3_109, p3_110, p3_111;
    byte p3_112, p3_113, p3_114, p3_115, p3_116, p3_117, p3_118, p3_119, p3_120, p3_121, p3_122, p3_123, p3_124, p3_125, p3_126, p3_127;

    MpmcArrayQueueFields(int capacity) {
        super(capacity);
    }
}
