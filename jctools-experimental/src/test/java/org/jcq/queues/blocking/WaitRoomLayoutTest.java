package org.jcq.queues.blocking;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The padding that {@code WaitRoomFields} promises: the hot region (the waiter counts and fence
 * requests, one of which every fast-path operation reads, and the acks) sits at least 128 bytes
 * after the header and the cold fields (lock, conditions) and at least 128 bytes before the
 * object's end.
 */
class WaitRoomLayoutTest {
    private static final Set<String> HOT = Set.of("waitingConsumers", "waitingProducers", "addFenceRequest",
            "removeFenceRequest", "addFenceAck", "removeFenceAck");
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
}
