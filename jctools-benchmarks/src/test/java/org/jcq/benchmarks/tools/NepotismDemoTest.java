package org.jcq.benchmarks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jcq.benchmarks.jmh.NepotismBenchmark;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;

/**
 * Runs {@link NepotismDemo}'s measurement briefly, each queue in its own small-young-generation
 * JVM: every queue reports numbers, and the leaky queue promotes far more than ours. The margin is
 * wide (in a run of the demo, about 23 MiB per million messages against under 0.1), so a factor of
 * 10 does not depend on timing or machine load: the run is one thread, and what is promoted
 * depends on allocation and reachability only.
 */
class NepotismDemoTest {
    private static final long MESSAGES = 1_000_000;
    private static final int LEAKY_FACTOR = 10;

    @Test
    void everyQueueReportsAndTheLeakyOnePromotesFarMoreThanOurs() throws IOException, InterruptedException {
        final Map<String, NepotismDemo.Result> results = new LinkedHashMap<>();
        for (String queue : NepotismDemo.QUEUES.keySet()) {
            final NepotismDemo.Result r = NepotismDemo.fork(queue, MESSAGES, NepotismDemo.DEFAULT_BACKLOG);
            assertEquals(queue, r.queue());
            assertEquals(MESSAGES, r.messages());
            assertTrue(r.youngCollections() > 0, queue + " ran without a young collection: " + r);
            assertTrue(r.promotedBytes() >= 0 && r.fullCollections() >= 0, queue + ": " + r);
            results.put(queue, r);
        }
        final long leaky = results.get("LeakyLinkedQueue").promotedBytes();
        for (String ours : new String[] {"SpscLinkedQueue", "MpscLinkedQueue"}) {
            final long promoted = results.get(ours).promotedBytes();
            assertTrue(leaky > LEAKY_FACTOR * Math.max(promoted, 1), "leaky queue promoted " + leaky + " bytes, " + ours
                    + " " + promoted + ": " + results);
        }
    }

    @Test
    void benchmarkRunsTheDemosQueuesWithTheDemosFlags() throws NoSuchFieldException {
        final Param qType = NepotismBenchmark.class.getField("qType").getAnnotation(Param.class);
        assertEquals(List.copyOf(NepotismDemo.QUEUES.keySet()), List.of(qType.value()));
        final Param backlog = NepotismBenchmark.class.getField("backlog").getAnnotation(Param.class);
        assertEquals(List.of(String.valueOf(NepotismDemo.DEFAULT_BACKLOG)), List.of(backlog.value()));
        assertEquals(NepotismDemo.JVM_FLAGS, List.of(NepotismBenchmark.class.getAnnotation(Fork.class).jvmArgsAppend()));
    }

    @Test
    void unknownQueueIsRejectedNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NepotismDemo.measure("NoSuchQueue", 1, 1));
        assertTrue(e.getMessage().contains("NoSuchQueue"), e.getMessage());
    }
}
