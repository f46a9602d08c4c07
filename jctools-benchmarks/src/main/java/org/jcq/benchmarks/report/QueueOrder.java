package org.jcq.benchmarks.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.jcq.benchmarks.support.BenchmarkQueues;

/**
 * The order tables and charts list queues in: each of ours followed by its JCTools twins (Unsafe,
 * then the VarHandle and Atomic editions), so a pair reads side by side; then the other anchors in
 * {@link BenchmarkQueues}'s order; then names the factory does not know (results of another build),
 * alphabetically.
 */
final class QueueOrder {
    private QueueOrder() {
    }

    /**
     * @param present the queues that have results
     * @return them, in the order described in the class comment
     */
    static List<String> sort(Collection<String> present) {
        final Set<String> order = new LinkedHashSet<>();
        for (String ours : BenchmarkQueues.ours()) {
            order.add(ours);
            order.add(BenchmarkQueues.twinOf(ours));
            order.addAll(BenchmarkQueues.peersOf(ours));
        }
        order.addAll(BenchmarkQueues.names());
        final List<String> out = new ArrayList<>();
        for (String q : order) {
            if (present.contains(q)) {
                out.add(q);
            }
        }
        final Set<String> unknown = new TreeSet<>(present);
        unknown.removeAll(order);
        out.addAll(unknown);
        return out;
    }

    /**
     * @param qType a queue name
     * @return its JCTools (Unsafe edition) twin, or null where it is not one of ours
     */
    static String twin(String qType) {
        return BenchmarkQueues.isOurs(qType) ? BenchmarkQueues.twinOf(qType) : null;
    }

    /**
     * @param qType a queue name
     * @return its twin in JCTools' VarHandle edition, or null where it is not one of ours or has none
     */
    static String vhTwin(String qType) {
        return BenchmarkQueues.isOurs(qType) ? BenchmarkQueues.vhTwinOf(qType) : null;
    }
}
