package org.jcq.queues.blocking;

import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The padding that {@code SpscBlockingArrayQueueFields} (and its MPSC and MPMC counterparts)
 * promises: the waiter fields in the queue object (the counts and the fence requests, one of which
 * every fast-path operation reads and only waiting threads write) sit at least 128 bytes from
 * each of the core queue's indices, which its producers and consumers write on every operation,
 * and at least 128 bytes before the object's end, whatever object the heap puts next.
 */
class WaiterFieldsLayoutTest {
    /** The core queues' fields that their producers and consumers write on every operation. */
    private static final Set<String> CORE_HOT = Set.of("producerIndex", "producerLimit", "consumerIndex");
    private static final int PAD = 128;

    static Stream<Arguments> queues() {
        return Stream.of(
                Arguments.of(SpscBlockingArrayQueue.class,
                        Set.of("waitingConsumers", "waitingProducers", "addFenceRequest", "removeFenceRequest"), 3),
                Arguments.of(MpscBlockingArrayQueue.class,
                        Set.of("waitingConsumers", "waitingProducers", "removeFenceRequest"), 3),
                Arguments.of(MpmcBlockingArrayQueue.class, Set.of("waitingConsumers", "waitingProducers"), 2));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void waiterFieldsArePaddedFromIndicesAndObjectEnd(Class<?> type, Set<String> waiterFields, int coreHotFields) {
        final ClassLayout layout = ClassLayout.parseClass(type);
        int found = 0;
        int indices = 0;
        for (FieldLayout w : layout.fields()) {
            if (!waiterFields.contains(w.name())) {
                continue;
            }
            found++;
            assertTrue(layout.instanceSize() - (w.offset() + w.size()) >= PAD,
                    w.name() + " too close to the end:\n" + layout.toPrintable());
            for (FieldLayout i : layout.fields()) {
                if (CORE_HOT.contains(i.name())) {
                    indices++;
                    final long gap = Math.max(w.offset() - (i.offset() + i.size()), i.offset() - (w.offset() + w.size()));
                    assertTrue(gap >= PAD, w.name() + " too close to " + i.name() + ":\n" + layout.toPrintable());
                }
            }
        }
        assertEquals(waiterFields.size(), found, layout.toPrintable());
        assertEquals(waiterFields.size() * coreHotFields, indices, layout.toPrintable());
    }
}
