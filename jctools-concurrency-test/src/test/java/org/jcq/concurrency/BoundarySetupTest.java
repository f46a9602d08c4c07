package org.jcq.concurrency;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jcstress.infra.results.LLL_Result;
import org.openjdk.jcstress.infra.results.LL_Result;

/**
 * The jcstress setups really put the race on the edge they claim to: run sequentially, the racing
 * producer's offers of {@code Fresh_NearFull} link a new chunk into (or resize) every linked-array
 * and XADD queue, and those of {@code Boundary_OfferPoll} do so for the multi-producer ones, whose
 * producers link at the end of every chunk whether or not it has emptied. A table change that
 * moved the race off the edge fails here instead of silently testing the easy case.
 */
class BoundarySetupTest {
    static Stream<String> queuesWith(String... families) throws URISyntaxException {
        final File dir = new File(BoundarySetupTest.class.getResource("/org/jcq/concurrency/queues").toURI());
        final List<String> names = new ArrayList<>();
        for (String file : dir.list()) {
            if (file.endsWith("Stress.class") && Arrays.stream(families).anyMatch(file::contains)) {
                names.add(file.substring(0, file.length() - ".class".length()));
            }
        }
        assertFalse(names.isEmpty(), "no generated tests found for " + Arrays.toString(families));
        return names.stream().sorted();
    }

    static Stream<String> linkedArrayAndXadd() throws URISyntaxException {
        return queuesWith("Chunked", "Unbounded", "Growable");
    }

    static Stream<String> multiProducerLinkedArrayAndXadd() throws URISyntaxException {
        return linkedArrayAndXadd().filter(name -> name.startsWith("Mp"));
    }

    @ParameterizedTest
    @MethodSource("multiProducerLinkedArrayAndXadd")
    void boundaryOffersLinkAnotherChunk(String queue) throws Exception {
        final ProducerConsumer.OfferPoll test = (ProducerConsumer.OfferPoll) create(queue, "Boundary_OfferPoll");
        assertProducerMoves(test, () -> test.actor1(new LL_Result()), queue + ": the Boundary race's offers stayed in one chunk");
    }

    @ParameterizedTest
    @MethodSource("linkedArrayAndXadd")
    void nearFullOffersLinkOrResize(String queue) throws Exception {
        final ProducerConsumer.NearFull test = (ProducerConsumer.NearFull) create(queue, "Fresh_NearFull");
        assertProducerMoves(test, () -> test.actor1(new LLL_Result()), queue + ": the NearFull race's offers neither linked nor resized");
    }

    /** Runs the racing producer's part alone and checks that the queue now points at another chunk. */
    private static void assertProducerMoves(QueueStress test, Runnable producer, String message) throws IllegalAccessException {
        final Map<String, Object> before = references(test.q);
        producer.run();
        final Map<String, Object> after = references(test.q);
        assertTrue(after.entrySet().stream().anyMatch(e -> before.get(e.getKey()) != e.getValue()),
                message + " (fields " + before.keySet() + ")");
    }

    private static QueueStress create(String queue, String test) throws ReflectiveOperationException {
        return (QueueStress) Class.forName("org.jcq.concurrency.queues." + queue + "$" + test)
                .getDeclaredConstructor().newInstance();
    }

    /** What the queue's mutable reference fields point at (its current chunks), by field name. */
    private static Map<String, Object> references(Object q) throws IllegalAccessException {
        final Map<String, Object> refs = new HashMap<>();
        for (Class<?> c = q.getClass(); c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                final int mods = f.getModifiers();
                if (Modifier.isStatic(mods) || Modifier.isFinal(mods) || f.getType().isPrimitive()) {
                    continue;
                }
                f.setAccessible(true);
                final Object v = f.get(q);
                refs.put(c.getSimpleName() + "." + f.getName(), v);
            }
        }
        return refs;
    }
}
