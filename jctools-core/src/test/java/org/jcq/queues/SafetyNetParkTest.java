package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * With the wait protocol's safety net on (the default; the build runs the other tests with it off),
 * a platform thread blocked without a deadline parks with the net's time-out ({@code
 * TIMED_WAITING}), and a virtual one parks untimed ({@code WAITING}): a timed park of a virtual
 * thread schedules a timer task per wait, which slowed the hand-off to idle virtual workers. A
 * child JVM with the default settings blocks a taker of each kind in every blocking queue (and a
 * putter in every bounded one) and prints the state each parked in; fails if a virtual thread
 * parks timed, or a platform thread untimed.
 */
class SafetyNetParkTest {
    @Test
    void onlyPlatformThreadsParkWithTheSafetyNet() throws IOException, InterruptedException {
        assumeTrue(RoundThreads.Kind.VIRTUAL.available(), "virtual threads (JDK 21+)");
        final Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        final Process child = new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                Child.class.getName())).redirectErrorStream(true).start();
        final String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(2, TimeUnit.MINUTES), "child JVM did not finish: " + out);
        assertEquals(0, child.exitValue(), out);
        final List<String> blocking = QueueRegistry.specs(QueueRegistry.QueueSpec::blocking)
                .map(QueueRegistry.QueueSpec::name).collect(Collectors.toList());
        final long bounded = QueueRegistry.specs(spec -> spec.blocking() && spec.bounded()).count();
        assertEquals(2 * (blocking.size() + bounded), out.lines().filter(l -> l.contains(" parked ")).count(), out);
        assertTrue(out.lines().filter(l -> l.contains(" platform parked ")).allMatch(l -> l.endsWith(" TIMED_WAITING")),
                out);
        assertTrue(out.lines().filter(l -> l.contains(" virtual parked ")).allMatch(l -> l.endsWith(" WAITING")
                && !l.endsWith("TIMED_WAITING")), out);
    }

    /** The child JVM: "NAME taker|putter platform|virtual parked STATE" per queue, side and kind. */
    static final class Child {
        private Child() {
        }

        public static void main(String[] args) throws InterruptedException {
            QueueRegistry.specs(QueueRegistry.QueueSpec::blocking).forEach(spec -> {
                for (RoundThreads.Kind kind : RoundThreads.Kind.values()) {
                    try {
                        report(spec, kind, false);
                        if (spec.bounded()) {
                            report(spec, kind, true);
                        }
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
        }

        private static void report(QueueRegistry.QueueSpec spec, RoundThreads.Kind kind, boolean putter)
                throws InterruptedException {
            final MessagePassingQueue<Object> q = spec.create(4);
            if (putter) {
                while (q.offer(1)) {
                    // fill it: the put below must wait
                }
            }
            @SuppressWarnings("unchecked")
            final BlockingQueue<Object> bq = (BlockingQueue<Object>) q;
            final Thread t = kind.newThread("waiter", () -> {
                try {
                    if (putter) {
                        bq.put(2);
                    } else {
                        bq.take();
                    }
                } catch (InterruptedException expected) {
                    // how the wait ends here
                }
            });
            t.start();
            Probe.awaitParked(t, q, putter ? 0 : 1, putter ? 1 : 0);
            final Thread.State state = t.getState();
            t.interrupt();
            t.join(TimeUnit.SECONDS.toMillis(20));
            System.out.println(spec.name() + (putter ? " putter " : " taker ") + kind.name().toLowerCase()
                    + " parked " + (t.isAlive() ? "STUCK" : state));
        }
    }
}
