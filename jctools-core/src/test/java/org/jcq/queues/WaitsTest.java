package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.jcq.internal.Waits;
import org.jcq.queues.RoundThreads.Kind;
import org.junit.jupiter.api.Test;

/**
 * {@link Waits} tells a virtual thread from a platform one where the runtime has virtual threads
 * (JDK 21+), from the thread itself and from another, and says "platform" before.
 */
class WaitsTest {
    @Test
    void aPlatformThreadIsNotVirtual() {
        assertFalse(Waits.onVirtualThread());
        assertFalse(Waits.isVirtual(Thread.currentThread()));
    }

    @Test
    void aVirtualThreadIsVirtualWhereTheRuntimeHasThem() throws InterruptedException {
        final boolean expected = Kind.VIRTUAL.available();
        assertEquals(Runtime.version().feature() >= 21, expected, "virtual threads on Java " + Runtime.version());
        if (!expected) {
            return;
        }
        final AtomicReference<Boolean> fromItself = new AtomicReference<>();
        final Thread t = Kind.VIRTUAL.newThread("virtual", () -> fromItself.set(Waits.onVirtualThread()));
        assertTrue(Waits.isVirtual(t), "seen from another thread, before it starts");
        t.start();
        t.join(RoundThreads.PATIENCE_MILLIS);
        assertFalse(t.isAlive(), "the virtual thread did not end");
        assertEquals(Boolean.TRUE, fromItself.get(), "seen from itself");
    }
}
