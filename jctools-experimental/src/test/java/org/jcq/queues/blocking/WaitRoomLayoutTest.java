package org.jcq.queues.blocking;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The padding that {@code WaitRoomFields} promises: the hot region (the waiter counts, which every
 * fast-path operation of a CAS side reads, and the acks) sits at least 128 bytes after the header
 * and the cold fields (lock, conditions) and at least 128 bytes before the object's end. And the
 * padding that {@code SpscBlockingArrayQueueFields} and {@code MpscBlockingArrayQueueFields}
 * promise: the fence requests in the queue object, one of which every fast-path operation of a
 * single publisher reads, sit at least 128 bytes from the core queue's indices and before the
 * object's end.
 */
class WaitRoomLayoutTest {
    private static final Set<String> HOT = Set.of("waitingConsumers", "waitingProducers", "addFenceAck",
            "removeFenceAck");
    /** The core queues' fields that their producers and consumers write on every operation. */
    private static final Set<String> CORE_HOT = Set.of("producerIndex", "producerLimit", "consumerIndex");
    private static final Set<String> COLD = Set.of("lock", "notEmpty", "notFull");
    private static final int PAD = 128;

    @Test
    void countsArePaddedFromHeaderColdFieldsAndObjectEnd() {
        final ClassLayout layout = ClassLayout.parseClass(WaitRoom.class);
        long countsStart = Long.MAX_VALUE;
        long countsEnd = 0;
        long coldEnd = layout.headerSize();
        int counts = 0;
        for (FieldLayout f : layout.fields()) {
            if (HOT.contains(f.name())) {
                counts++;
                countsStart = Math.min(countsStart, f.offset());
                countsEnd = Math.max(countsEnd, f.offset() + f.size());
            } else if (COLD.contains(f.name())) {
                coldEnd = Math.max(coldEnd, f.offset() + f.size());
            }
        }
        assertEquals(HOT.size(), counts, layout.toPrintable());
        assertTrue(countsStart - coldEnd >= PAD, "hot fields too close to header/cold fields:\n" + layout.toPrintable());
        assertTrue(layout.instanceSize() - countsEnd >= PAD, "hot fields too close to the end:\n" + layout.toPrintable());
    }

    @Test
    void spscFenceRequestsArePaddedFromIndicesAndObjectEnd() {
        assertRequestsPadded(SpscBlockingArrayQueue.class, Set.of("addFenceRequest", "removeFenceRequest"));
    }

    @Test
    void mpscFenceRequestIsPaddedFromIndicesAndObjectEnd() {
        assertRequestsPadded(MpscBlockingArrayQueue.class, Set.of("removeFenceRequest"));
    }

    private static void assertRequestsPadded(Class<?> type, Set<String> requests) {
        final ClassLayout layout = ClassLayout.parseClass(type);
        int found = 0;
        int indices = 0;
        for (FieldLayout r : layout.fields()) {
            if (!requests.contains(r.name())) {
                continue;
            }
            found++;
            assertTrue(layout.instanceSize() - (r.offset() + r.size()) >= PAD,
                    r.name() + " too close to the end:\n" + layout.toPrintable());
            for (FieldLayout i : layout.fields()) {
                if (CORE_HOT.contains(i.name())) {
                    indices++;
                    final long gap = Math.max(r.offset() - (i.offset() + i.size()), i.offset() - (r.offset() + r.size()));
                    assertTrue(gap >= PAD, r.name() + " too close to " + i.name() + ":\n" + layout.toPrintable());
                }
            }
        }
        assertEquals(requests.size(), found, layout.toPrintable());
        assertEquals(requests.size() * CORE_HOT.size(), indices, layout.toPrintable());
    }
}
