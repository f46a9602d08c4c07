package org.jcq.experimental.lprq;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The ring's two ticket counters, written by every operation, each at least 128 bytes from the
 * object header (read with the final fields by every access), from each other, and from the end
 * of the object (the next object on the heap), as the VM lays them out (JOL).
 */
class PrqRingLayoutTest {
    private static final long DISTANCE = 128;

    @Test
    void headAndTailAreAlone() {
        final ClassLayout layout = ClassLayout.parseClass(PrqRing.class);
        long head = -1;
        long tail = -1;
        long lastCold = 0;
        for (FieldLayout f : layout.fields()) {
            if (f.name().equals("head")) {
                head = f.offset();
            } else if (f.name().equals("tail")) {
                tail = f.offset();
            } else if (!f.name().startsWith("p")) {
                lastCold = Math.max(lastCold, f.offset() + f.size());
            }
        }
        final String dump = layout.toPrintable();
        assertTrue(head >= layout.headerSize() + DISTANCE && head >= lastCold + DISTANCE, dump);
        assertTrue(tail >= head + DISTANCE, dump);
        assertTrue(layout.instanceSize() >= tail + DISTANCE, dump);
    }
}
