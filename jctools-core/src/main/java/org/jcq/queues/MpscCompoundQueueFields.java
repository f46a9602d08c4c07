package org.jcq.queues;

// Field layout of MpscCompoundQueue: header | lanes, laneMask (cold, BaseMpscCompoundQueue) | pad |
// consumerLane | pad. Producers read the lanes and the mask on every offer; the consumer writes
// consumerLane when it moves to another lane; each lane is an MpscArrayQueue, padded in itself.

/** Keeps the consumer's lane index off the cold fields every producer reads. */
abstract class MpscCompoundQueuePad1<E> extends BaseMpscCompoundQueue<E> {
    byte p1_000, p1_001, p1_002, p1_003, p1_004, p1_005, p1_006, p1_007, p1_008, p1_009, p1_010, p1_011, p1_012, p1_013, p1_014, p1_015;
    byte p1_016, p1_017, p1_018, p1_019, p1_020, p1_021, p1_022, p1_023, p1_024, p1_025, p1_026, p1_027, p1_028, p1_029, p1_030, p1_031;
    byte p1_032, p1_033, p1_034, p1_035, p1_036, p1_037, p1_038, p1_039, p1_040, p1_041, p1_042, p1_043, p1_044, p1_045, p1_046, p1_047;
    byte p1_048, p1_049, p1_050, p1_051, p1_052, p1_053, p1_054, p1_055, p1_056, p1_057, p1_058, p1_059, p1_060, p1_061, p1_062, p1_063;
    byte p1_064, p1_065, p1_066, p1_067, p1_068, p1_069, p1_070, p1_071, p1_072, p1_073, p1_074, p1_075, p1_076, p1_077, p1_078, p1_079;
    byte p1_080, p1_081, p1_082, p1_083, p1_084, p1_085, p1_086, p1_087, p1_088, p1_089, p1_090, p1_091, p1_092, p1_093, p1_094, p1_095;
    byte p1_096, p1_097, p1_098, p1_099, p1_100, p1_101, p1_102, p1_103, p1_104, p1_105, p1_106, p1_107, p1_108, p1_109, p1_110, p1_111;
    byte p1_112, p1_113, p1_114, p1_115, p1_116, p1_117, p1_118, p1_119, p1_120, p1_121, p1_122, p1_123, p1_124, p1_125, p1_126, p1_127;

    MpscCompoundQueuePad1(int capacity, int queueParallelism, Bound bound) {
        super(capacity, queueParallelism, bound, MpscArrayQueue::new);
    }
}

/** Written by the consumer alone. */
abstract class MpscCompoundQueueConsumerLane<E> extends MpscCompoundQueuePad1<E> {
    /** The lane the consumer looks at first. */
    private int consumerLane;

    MpscCompoundQueueConsumerLane(int capacity, int queueParallelism, Bound bound) {
        super(capacity, queueParallelism, bound);
    }

    @Override
    final int lpConsumerLane() {
        return consumerLane;
    }

    @Override
    final void spConsumerLane(int lane) {
        consumerLane = lane;
    }
}

/** Keeps the consumer's lane index off whatever object follows this one in the heap. */
abstract class MpscCompoundQueueFields<E> extends MpscCompoundQueueConsumerLane<E> {
    byte p2_000, p2_001, p2_002, p2_003, p2_004, p2_005, p2_006, p2_007, p2_008, p2_009, p2_010, p2_011, p2_012, p2_013, p2_014, p2_015;
    byte p2_016, p2_017, p2_018, p2_019, p2_020, p2_021, p2_022, p2_023, p2_024, p2_025, p2_026, p2_027, p2_028, p2_029, p2_030, p2_031;
    byte p2_032, p2_033, p2_034, p2_035, p2_036, p2_037, p2_038, p2_039, p2_040, p2_041, p2_042, p2_043, p2_044, p2_045, p2_046, p2_047;
    byte p2_048, p2_049, p2_050, p2_051, p2_052, p2_053, p2_054, p2_055, p2_056, p2_057, p2_058, p2_059, p2_060, p2_061, p2_062, p2_063;
    byte p2_064, p2_065, p2_066, p2_067, p2_068, p2_069, p2_070, p2_071, p2_072, p2_073, p2_074, p2_075, p2_076, p2_077, p2_078, p2_079;
    byte p2_080, p2_081, p2_082, p2_083, p2_084, p2_085, p2_086, p2_087, p2_088, p2_089, p2_090, p2_091, p2_092, p2_093, p2_094, p2_095;
    byte p2_096, p2_097, p2_098, p2_099, p2_100, p2_101, p2_102, p2_103, p2_104, p2_105, p2_106, p2_107, p2_108, p2_109, p2_110, p2_111;
    byte p2_112, p2_113, p2_114, p2_115, p2_116, p2_117, p2_118, p2_119, p2_120, p2_121, p2_122, p2_123, p2_124, p2_125, p2_126, p2_127;

    MpscCompoundQueueFields(int capacity, int queueParallelism, Bound bound) {
        super(capacity, queueParallelism, bound);
    }
}
