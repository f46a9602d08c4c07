package org.jcq.queues.blocking;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.function.IntFunction;
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
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Guava-testlib's {@code java.util.Queue} conformance suite for the blocking queues, run as JUnit 5
 * dynamic tests, with the features and suppressions of core's {@code QueueGuavaSuiteTest} (the
 * same reasons hold: these queues are core's queues plus waiting): {@code SUPPORTS_ADD},
 * {@code SUPPORTS_REMOVE}, {@code KNOWN_ORDER}, {@code ALLOWS_NULL_QUERIES}; the testers that
 * remove a present element by value are suppressed, because the weakly consistent iterator does
 * not remove.
 */
class BlockingQueueGuavaSuiteTest {
    /** Room for the sample elements plus what any tester adds. */
    private static final int CAPACITY = 16;

    @TestFactory
    Stream<DynamicNode> guavaQueueSuites() {
        return Stream.of(
                suiteFor("SpscBlockingArrayQueue", SpscBlockingArrayQueue::new),
                suiteFor("MpscBlockingArrayQueue", MpscBlockingArrayQueue::new),
                suiteFor("MpmcBlockingArrayQueue", MpmcBlockingArrayQueue::new))
                .map(BlockingQueueGuavaSuiteTest::toDynamic);
    }

    private static TestSuite suiteFor(String name, IntFunction<Queue<String>> factory) {
        return QueueTestSuiteBuilder.using(new TestStringQueueGenerator() {
                    @Override
                    protected Queue<String> create(String[] elements) {
                        final Queue<String> q = factory.apply(Math.max(CAPACITY, elements.length));
                        Collections.addAll(q, elements);
                        return q;
                    }
                })
                .named(name)
                .withFeatures(
                        CollectionSize.ANY,
                        CollectionFeature.SUPPORTS_ADD,
                        CollectionFeature.SUPPORTS_REMOVE,
                        CollectionFeature.KNOWN_ORDER,
                        CollectionFeature.ALLOWS_NULL_QUERIES)
                .suppressing(removalOfPresentElementsByValue())
                .createTestSuite();
    }

    /** As in core's suite: removal of a present element needs {@code Iterator.remove}. */
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
