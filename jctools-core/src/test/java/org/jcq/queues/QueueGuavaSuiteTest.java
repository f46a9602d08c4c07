package org.jcq.queues;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.stream.Stream;

import com.google.common.collect.testing.QueueTestSuiteBuilder;
import com.google.common.collect.testing.TestStringQueueGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.testers.CollectionRemoveAllTester;
import com.google.common.collect.testing.testers.CollectionRemoveTester;
import com.google.common.collect.testing.testers.CollectionRetainAllTester;
import junit.framework.Test;
import junit.framework.TestCase;
import junit.framework.TestSuite;
import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Guava-testlib's {@code java.util.Queue} conformance suite for every registry queue, run as JUnit 5
 * dynamic tests (each JUnit 3 {@link TestCase} through {@link TestCase#runBare()}), so no vintage
 * engine is needed.
 * <p>
 * Features claimed, and why:
 * <ul>
 * <li>{@code SUPPORTS_ADD}: {@code add}/{@code addAll} go through {@code offer}; the generator's
 *     queues have room for every element a tester adds.</li>
 * <li>{@code SUPPORTS_REMOVE}: {@code poll}, {@code remove()}, {@code clear} work, and
 *     {@code remove(Object)}/{@code removeAll}/{@code retainAll} work when nothing matches. They
 *     remove a present element only through {@code Iterator.remove}, which the weakly consistent
 *     iterator does not support (a slot in the middle of a lock-free ring cannot be unlinked), so
 *     exactly the testers that remove a present element by value are suppressed below. Guava has
 *     no feature for "removes from the head only".</li>
 * <li>{@code KNOWN_ORDER}: iteration and {@code poll} follow insertion (FIFO) order.</li>
 * <li>{@code ALLOWS_NULL_QUERIES}: {@code contains(null)} and {@code remove(null)} answer
 *     {@code false}; null elements themselves are rejected (no {@code ALLOWS_NULL_VALUES}).</li>
 * </ul>
 * Not claimed: {@code RESTRICTS_ELEMENTS} (it means "rejects some non-null elements", which these
 * queues never do; a full bounded queue is not a restriction on elements),
 * {@code SUPPORTS_ITERATOR_REMOVE} (claimed only by the MPMC blocking queues, which remove from any
 * position, so only theirs run the {@code removeIf} and iterator-removal testers),
 * {@code GENERAL_PURPOSE} (it implies both removal features),
 * {@code FAILS_FAST_ON_CONCURRENT_MODIFICATION} (the iterator is weakly consistent),
 * {@code SERIALIZABLE}.
 */
class QueueGuavaSuiteTest {
    /** Room for the sample elements plus what any tester adds. */
    private static final int CAPACITY = 16;

    @TestFactory
    Stream<DynamicNode> guavaQueueSuites() {
        return QueueRegistry.specs().map(spec -> toDynamic(suiteFor(spec)));
    }

    private static TestSuite suiteFor(QueueSpec spec) {
        return QueueTestSuiteBuilder.using(new TestStringQueueGenerator() {
                    @Override
                    protected Queue<String> create(String[] elements) {
                        final Queue<String> q = spec.createQueue(Math.max(CAPACITY, elements.length));
                        Collections.addAll(q, elements);
                        return q;
                    }
                })
                .named(spec.name())
                .withFeatures(
                        CollectionSize.ANY,
                        CollectionFeature.SUPPORTS_ADD,
                        CollectionFeature.SUPPORTS_REMOVE,
                        CollectionFeature.KNOWN_ORDER,
                        CollectionFeature.ALLOWS_NULL_QUERIES,
                        // toString says what the queue is, not its elements (QueueText).
                        CollectionFeature.NON_STANDARD_TOSTRING)
                // The MPMC blocking queues remove from any position: by value and by iterator.
                .withFeatures(spec.removesAnywhere()
                        ? List.of(CollectionFeature.SUPPORTS_ITERATOR_REMOVE)
                        : List.of())
                .suppressing(spec.removesAnywhere() ? List.of() : removalOfPresentElementsByValue())
                .createTestSuite();
    }

    /**
     * The testers that remove a present element through {@code remove(Object)},
     * {@code removeAll} or {@code retainAll}: {@code AbstractCollection} does that with
     * {@code Iterator.remove}, which these queues do not support.
     */
    private static List<Method> removalOfPresentElementsByValue() {
        final List<Method> methods = new ArrayList<>();
        addTesters(methods, CollectionRemoveTester.class, "testRemove_present");
        addTesters(methods, CollectionRemoveAllTester.class,
                "testRemoveAll_allPresent",
                "testRemoveAll_somePresent",
                "testRemoveAll_somePresentLargeCollectionToRemove");
        addTesters(methods, CollectionRetainAllTester.class,
                "testRetainAll_emptyPreviouslyNonEmpty",
                "testRetainAll_disjointPreviouslyNonEmpty",
                "testRetainAll_subset",
                "testRetainAll_partialOverlap",
                "testRetainAll_containsDuplicatesSizeSeveral",
                "testRetainAll_nullSingletonPreviouslyNonEmpty");
        return methods;
    }

    private static void addTesters(List<Method> methods, Class<?> tester, String... names) {
        for (String name : names) {
            try {
                methods.add(tester.getMethod(name));
            } catch (NoSuchMethodException e) {
                throw new AssertionError("Guava tester method not found (testlib upgraded?): " + tester.getName()
                        + "." + name, e);
            }
        }
    }

    private static DynamicNode toDynamic(Test test) {
        if (test instanceof TestSuite suite) {
            final List<DynamicNode> children = new ArrayList<>();
            for (int i = 0; i < suite.testCount(); i++) {
                children.add(toDynamic(suite.testAt(i)));
            }
            return DynamicContainer.dynamicContainer(String.valueOf(suite.getName()), children.stream());
        }
        if (test instanceof TestCase testCase) {
            return DynamicTest.dynamicTest(testCase.getName(), testCase::runBare);
        }
        throw new AssertionError("unexpected JUnit 3 test type: " + test.getClass());
    }
}
