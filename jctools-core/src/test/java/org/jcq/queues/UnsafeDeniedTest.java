package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * On JDK 24 and later, {@code --sun-misc-unsafe-memory-access=deny} makes every memory-access
 * method of {@code sun.misc.Unsafe} throw (JCTools' Unsafe edition then fails in its static
 * initialiser), and later JDKs make that the default. Every queue of the registry must work in a
 * JVM started that way: a child JVM with this module's classes builds each one, offers, fills,
 * polls and drains, and prints one line per queue.
 */
class UnsafeDeniedTest {
    /** The first JDK with the option. */
    private static final int FIRST_JDK_WITH_DENY = 24;

    @Test
    void everyQueueWorksWithUnsafeMemoryAccessDenied() throws IOException, InterruptedException {
        assumeTrue(Runtime.version().feature() >= FIRST_JDK_WITH_DENY, "the option exists from JDK 24 on");
        final Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        final Process child = new ProcessBuilder(List.of(java.toString(), "--sun-misc-unsafe-memory-access=deny",
                "-cp", System.getProperty("java.class.path"), Child.class.getName()))
                .redirectErrorStream(true).start();
        final String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(2, TimeUnit.MINUTES), "child JVM did not finish: " + out);
        assertEquals(0, child.exitValue(), out);
        assertEquals(QueueRegistry.QUEUES.size(), out.lines().filter(l -> l.endsWith(": ok")).count(), out);
        assertTrue(!out.contains("WARNING"), out);
    }

    /** The child JVM: one line per registry queue, "NAME: ok" if it worked. */
    static final class Child {
        private Child() {
        }

        public static void main(String[] args) {
            for (QueueRegistry.QueueSpec spec : QueueRegistry.QUEUES) {
                final MessagePassingQueue<Integer> q = spec.create(16);
                final int[] next = {2};
                final boolean ok = q.offer(1) && q.fill(() -> next[0]++, 2) == 2 && q.poll() == 1
                        && q.drain(e -> { }, 5) == 2 && q.isEmpty();
                System.out.println(spec.name() + (ok ? ": ok" : ": wrong answers"));
            }
        }
    }
}
