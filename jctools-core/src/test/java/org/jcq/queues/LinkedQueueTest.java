package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.jcq.queues.LinkedQueueNode.ElementNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * White-box tests of the linked-node queues, through their package-private node accessors: what
 * the opening notes of {@link SpscLinkedQueue}, {@link MpscLinkedQueue} and {@code BaseLinkedQueue}
 * claim about consumed nodes, bubbles and walkers.
 */
class LinkedQueueTest {
    /** A queue kind under test. */
    private record Kind(String name, Supplier<BaseLinkedQueue<Integer>> factory) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A consuming operation, and how many of the 6 queued elements it takes. */
    private record Take(String name, Consumer<BaseLinkedQueue<Integer>> op, int taken) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final List<Kind> KINDS = List.of(
            new Kind("SpscLinkedQueue", SpscLinkedQueue::new),
            new Kind("MpscLinkedQueue", MpscLinkedQueue::new),
            new Kind("SpscLinkedUnpaddedQueue", SpscLinkedUnpaddedQueue::new),
            new Kind("MpscLinkedUnpaddedQueue", MpscLinkedUnpaddedQueue::new));

    /** The multi-producer kinds: the bubble between a producer's swap and its link. */
    private static final List<Kind> MPSC_KINDS = List.of(
            new Kind("MpscLinkedQueue", MpscLinkedQueue::new),
            new Kind("MpscLinkedUnpaddedQueue", MpscLinkedUnpaddedQueue::new));

    private static final List<Take> TAKES = List.of(
            new Take("poll", q -> q.poll(), 1),
            new Take("relaxedPoll", q -> q.relaxedPoll(), 1),
            new Take("poll x3", q -> {
                q.poll();
                q.poll();
                q.poll();
            }, 3),
            new Take("drain(c, 2)", q -> q.drain(e -> { }, 2), 2),
            new Take("drain(c)", q -> q.drain(e -> { }), 6),
            new Take("clear", q -> q.clear(), 6));

    static Stream<Kind> kinds() {
        return KINDS.stream();
    }

    static Stream<Arguments> mpscKindsAndPeek() {
        return MPSC_KINDS.stream().flatMap(k -> Stream.of(false, true).map(peek -> Arguments.of(k, peek)));
    }

    static Stream<Arguments> kindsAndTakes() {
        return KINDS.stream().flatMap(k -> TAKES.stream().map(t -> Arguments.of(k, t)));
    }

    /** The chain from the consumer node to the tail, read through the plain accessors. */
    private static List<LinkedQueueNode<Integer>> chain(BaseLinkedQueue<Integer> q) {
        final List<LinkedQueueNode<Integer>> nodes = new ArrayList<>();
        for (LinkedQueueNode<Integer> n = q.lpConsumerNode(); n != null; n = n.lpNext()) {
            assertTrue(nodes.size() < 1_000, "chain too long or cyclic");
            nodes.add(n);
        }
        return nodes;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("kindsAndTakes")
    void consumedNodeReachesNoLiveNodeAndHoldsNoValue(Kind kind, Take take) {
        final BaseLinkedQueue<Integer> q = kind.factory().get();
        for (int i = 0; i < 6; i++) {
            assertTrue(q.offer(i));
        }
        final List<LinkedQueueNode<Integer>> before = chain(q);
        assertEquals(7, before.size(), "stub and six element nodes");

        take.op().accept(q);

        final LinkedQueueNode<Integer> consumerNode = q.lpConsumerNode();
        assertSame(before.get(take.taken()), consumerNode, "consumer node after " + take);
        final Set<LinkedQueueNode<Integer>> live = Collections.newSetFromMap(new IdentityHashMap<>());
        live.addAll(chain(q));
        assertEquals(7 - take.taken(), live.size(), "live chain after " + take);
        for (int i = 0; i < take.taken(); i++) {
            final LinkedQueueNode<Integer> consumed = before.get(i);
            // Walk the consumed node's next chain: it may only ever reach itself.
            LinkedQueueNode<Integer> n = consumed;
            for (int step = 0; step < 10 && n != null; step++) {
                assertFalse(live.contains(n), "consumed node " + i + " reaches a live node after " + take);
                n = n.lpNext();
            }
            assertSame(consumed, consumed.lpNext(), "consumed node " + i + " is self-linked after " + take);
            if (consumed instanceof ElementNode) {
                assertNull(((ElementNode<Integer>) consumed).lpValue(), "value of consumed node " + i);
            }
        }
        // The node taken last became the consumer node: its element is gone too.
        assertNull(((ElementNode<Integer>) consumerNode).lpValue(), "value of the new consumer node");
        final List<Integer> rest = new ArrayList<>();
        q.forEach(rest::add);
        assertEquals(List.of(0, 1, 2, 3, 4, 5).subList(take.taken(), 6), rest);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void emptyQueueStartsFromABareStub(Kind kind) {
        final BaseLinkedQueue<Integer> q = kind.factory().get();
        assertSame(q.lpConsumerNode(), q.lpProducerNode());
        assertFalse(q.lpConsumerNode() instanceof ElementNode, "the stub carries no value field");
        assertNull(q.lpConsumerNode().lpNext());
    }

    @ParameterizedTest(name = "{0} peek {1}")
    @MethodSource("mpscKindsAndPeek")
    void pollAndPeekWaitAcrossASwappedButUnlinkedNodeWhileRelaxedOnesReturnNull(Kind kind, boolean peek) {
        final BaseLinkedQueue<Integer> q = kind.factory().get();
        assertTrue(q.offer(1));
        // Be a producer paused between its swap and its link: the two steps of append.
        final ElementNode<Integer> node = new ElementNode<>(2);
        final LinkedQueueNode<Integer> prev = q.xchgProducerNode(node);
        // Another producer completes an offer behind the bubble.
        assertTrue(q.offer(3));

        assertEquals(1, q.poll(), "the element before the bubble");
        assertSame(prev, q.lpConsumerNode());
        assertNull(q.relaxedPoll(), "relaxedPoll may return null inside the bubble");
        assertNull(q.relaxedPeek(), "relaxedPeek may return null inside the bubble");
        assertEquals(0, q.drain(e -> { }, 5), "drain does not wait");
        assertFalse(q.isEmpty(), "two elements are in the queue");
        assertEquals(0, q.size(), "size counts up to the bubble");

        final String op = peek ? "peek" : "poll";
        final AtomicInteger calling = new AtomicInteger();
        final AtomicReference<Object> result = new AtomicReference<>("none yet");
        final Race race = new Race();
        race.thread("consumer", () -> {
            calling.set(1);
            result.set(peek ? q.peek() : q.poll());
        });
        race.thread("paused producer", () -> {
            while (calling.get() == 0) {
                race.idle();
            }
            for (int i = 0; i < 100; i++) {
                race.idle();
            }
            // Nothing is linked yet, so the consumer cannot have returned.
            assertEquals("none yet", result.get(), op + " returned inside the bubble");
            prev.soNext(node);
        });
        race.run();
        assertEquals(2, result.get(), op);
        if (peek) {
            assertEquals(2, q.poll());
        }
        assertEquals(3, q.poll());
        assertTrue(q.isEmpty());
        assertNull(q.poll());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void iteratorOnAConsumedNodeResumesFromTheConsumer(Kind kind) {
        final BaseLinkedQueue<Integer> q = kind.factory().get();
        for (int i = 0; i < 10; i++) {
            q.offer(i);
        }
        final Iterator<Integer> it = q.iterator();
        assertEquals(0, it.next());
        // The iterator has fetched element 1 ahead and stands on its node; the consumer takes
        // 0..4, self-linking that node behind it.
        for (int i = 0; i < 5; i++) {
            assertEquals(i, q.poll());
        }
        final List<Integer> rest = new ArrayList<>();
        it.forEachRemaining(rest::add);
        // 1 was in the queue during the walk, so returning it is weakly consistent; 2..4 were
        // taken before the walk reached them; from the self-linked node it resumes at 5.
        assertEquals(List.of(1, 5, 6, 7, 8, 9), rest, "resumed from the consumer, not stopped at the consumed node");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void sizeNeverGrowsAndIteratorMissesNothingWhileOnlyTheConsumerRuns(Kind kind) {
        // No producer: every element not yet consumed is present throughout. size() must be
        // non-increasing (each answer lies between the size at its start and at its end), and a walk
        // must return every element the consumer had not reached when the walk ended. A walker that
        // stopped at a consumed node instead of resuming from the consumer would break both.
        final int total = 200_000;
        final BaseLinkedQueue<Integer> q = kind.factory().get();
        for (int i = 0; i < total; i++) {
            q.offer(i);
        }
        final AtomicInteger consuming = new AtomicInteger();
        final AtomicInteger consumed = new AtomicInteger();
        final AtomicLong walks = new AtomicLong();
        final AtomicLong sizes = new AtomicLong();
        final Race race = new Race().watching(consumed::get, () -> kind + ": consumed " + consumed.get());
        race.thread("consumer", () -> {
            for (int expected = 0; expected < total; expected++) {
                // Let the observers start before the consumer runs away.
                while (expected == total / 4 && (walks.get() == 0 || sizes.get() == 0)) {
                    race.idle();
                }
                consuming.set(expected + 1);
                assertEquals(expected, q.poll());
                consumed.set(expected + 1);
            }
        });
        race.thread("sizer", () -> {
            int last = total;
            while (consumed.get() < total) {
                final int size = q.size();
                assertTrue(size <= last, "size grew from " + last + " to " + size + " with no producer");
                assertTrue(size >= 0);
                last = size;
                sizes.incrementAndGet();
                race.checkRunning();
            }
        });
        race.thread("walker", () -> {
            while (consumed.get() < total) {
                final int consumedBefore = consumed.get();
                int expected = -1;
                for (Integer e : q) {
                    assertTrue(e > expected, "iterator returned " + e + " after " + expected);
                    if (expected < 0) {
                        assertTrue(e >= consumedBefore, "returned " + e + ", consumed before the walk");
                    }
                    final int skippedFrom = expected < 0 ? consumedBefore : expected + 1;
                    // A gap is allowed only over elements the consumer had taken (or was taking).
                    assertTrue(e == skippedFrom || e <= consuming.get(), "skipped " + skippedFrom + ".." + (e - 1)
                            + ", not yet consumed");
                    expected = e;
                }
                final int takenBeforeEnd = consuming.get();
                assertTrue(expected == total - 1 || takenBeforeEnd >= total,
                        "walk stopped at " + expected + " of " + total + " elements");
                walks.incrementAndGet();
                race.idle();
            }
        });
        race.run();
        assertTrue(walks.get() > 0 && sizes.get() > 0);
        assertEquals(0, q.size());
        assertTrue(q.isEmpty());
    }
}
