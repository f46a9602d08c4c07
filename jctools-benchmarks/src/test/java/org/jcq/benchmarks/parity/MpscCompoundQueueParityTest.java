package org.jcq.benchmarks.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpscCompoundQueue;
import org.jcq.queues.MpscCompoundUnpaddedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * Our compound queues against JCTools 4.0.7's {@code MpscCompoundQueue} (Unsafe edition; it has no
 * other): the same {@code capacity()} for every (capacity, parallelism) JCTools accepts and a
 * rejection wherever it rejects (but parallelism 0, which JCTools takes and then fails on every
 * call, and we reject), the same answers, step by step, to a long random sequence of operations
 * from one thread (both pick a thread's lane from its id, so the lanes line up), and an empty
 * queue no larger than JCTools'.
 */
class MpscCompoundQueueParityTest {
    private static final int[] CAPACITIES = {Integer.MIN_VALUE, -1, 0, 1, 2, 3, 4, 7, 8, 64, 1000, (1 << 30) + 1};
    private static final int[] PARALLELISMS = {Integer.MIN_VALUE, -1, 1, 2, 3, 4, 5, 8, 16, 1 << 20};

    /** One of ours, by constructor. */
    private record Ours(String name, BiFunction<Integer, Integer, MessagePassingQueue<Integer>> make) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Ours> ours() {
        return Stream.of(new Ours("MpscCompoundQueue", MpscCompoundQueue::new),
                new Ours("MpscCompoundUnpaddedQueue", MpscCompoundUnpaddedQueue::new));
    }

    static Stream<Arguments> oursAndShapes() {
        return ours().flatMap(o -> Stream.of(new int[] {2, 2}, new int[] {16, 2}, new int[] {16, 4}, new int[] {64, 8},
                new int[] {8, 1}).map(shape -> Arguments.of(o, shape[0], shape[1])));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ours")
    void capacityAndRejectionsMatchJctools(Ours ours) {
        for (int capacity : CAPACITIES) {
            for (int parallelism : PARALLELISMS) {
                final String at = "(" + capacity + ", " + parallelism + ")";
                Object twin;
                try {
                    twin = new org.jctools.queues.MpscCompoundQueue<Integer>(capacity, parallelism);
                } catch (IllegalArgumentException | NegativeArraySizeException e) {
                    // JCTools takes Integer.MIN_VALUE lanes for a power of two and fails to make
                    // an array of them; ours rejects it as it rejects every negative count.
                    twin = e;
                }
                if (twin instanceof RuntimeException) {
                    final IllegalArgumentException ours1 = assertThrows(IllegalArgumentException.class,
                            () -> ours.make().apply(capacity, parallelism), at);
                    assertTrue(ours1.getMessage().contains("capacity") || ours1.getMessage().contains("queueParallelism"),
                            at + ": " + ours1.getMessage());
                } else {
                    assertEquals(((org.jctools.queues.MpscCompoundQueue<?>) twin).capacity(),
                            ours.make().apply(capacity, parallelism).capacity(), at);
                }
            }
        }
        // JCTools takes 0 lanes, and every call then fails; ours rejects it, naming it.
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ours.make().apply(16, 0));
        assertTrue(e.getMessage().contains("queueParallelism"), e.getMessage());
    }

    @Test
    void nullElementsAndBadCallbacksAreRejectedAsJctoolsDoes() {
        final org.jctools.queues.MpscCompoundQueue<Integer> twin = new org.jctools.queues.MpscCompoundQueue<>(16, 2);
        final MpscCompoundQueue<Integer> q = new MpscCompoundQueue<>(16, 2);
        assertThrows(NullPointerException.class, () -> twin.offer(null));
        assertThrows(NullPointerException.class, () -> q.offer(null));
        assertThrows(NullPointerException.class, () -> q.relaxedOffer(null));
        assertThrows(IllegalArgumentException.class, () -> twin.fill(null, 1));
        assertThrows(IllegalArgumentException.class, () -> q.fill(null, 1));
        assertThrows(IllegalArgumentException.class, () -> twin.fill(() -> 1, -1));
        assertThrows(IllegalArgumentException.class, () -> q.fill(() -> 1, -1));
        assertThrows(IllegalArgumentException.class, () -> q.drain(null, 1));
        assertThrows(IllegalArgumentException.class, () -> q.drain(e -> { }, -1));
        assertTrue(q.isEmpty());
    }

    /**
     * 20 000 random operations from one thread on ours and on JCTools': every answer the same
     * (offers and their failures, polls, peeks, sizes, what each drain hands over), through full
     * lanes, spills into other lanes and the consumer's moves between them. Fill is left out: a
     * lane's fill may add fewer than there is room for, at other points than JCTools' lane does.
     */
    @ParameterizedTest(name = "{0}({1}, {2})")
    @MethodSource("oursAndShapes")
    void answersMatchJctoolsStepByStep(Ours ours, int capacity, int parallelism) {
        final MessagePassingQueue<Integer> q = ours.make().apply(capacity, parallelism);
        final org.jctools.queues.MpscCompoundQueue<Integer> twin = new org.jctools.queues.MpscCompoundQueue<>(capacity,
                parallelism);
        assertEquals(twin.capacity(), q.capacity());
        final Random random = new Random(capacity * 31L + parallelism);
        int next = 0;
        for (int step = 0; step < 20_000; step++) {
            final String at = "step " + step;
            int op = random.nextInt(12);
            if (op >= 10) {
                op = (step / 100) % 2 == 0 ? 0 : 2; // phases of filling and of emptying
            }
            switch (op) {
                case 0 -> assertEquals(twin.offer(next), q.offer(next++), at + " offer");
                case 1 -> assertEquals(twin.relaxedOffer(next), q.relaxedOffer(next++), at + " relaxedOffer");
                case 2 -> assertEquals(twin.poll(), q.poll(), at + " poll");
                case 3 -> assertEquals(twin.relaxedPoll(), q.relaxedPoll(), at + " relaxedPoll");
                case 4 -> assertEquals(twin.peek(), q.peek(), at + " peek");
                case 5 -> assertEquals(twin.relaxedPeek(), q.relaxedPeek(), at + " relaxedPeek");
                case 6 -> {
                    final int limit = random.nextInt(capacity + 2);
                    final List<Integer> theirs = new ArrayList<>();
                    final List<Integer> mine = new ArrayList<>();
                    assertEquals(twin.drain(theirs::add, limit), q.drain(mine::add, limit), at + " drain " + limit);
                    assertEquals(theirs, mine, at + " drained");
                }
                case 7 -> {
                    // Fill, on both, through offers: a lane's own fill may stop early where
                    // JCTools' stops elsewhere (each adds at most its limit), so fill itself is
                    // checked apart (answersMatch... keeps the lanes alike).
                    final int limit = random.nextInt(4);
                    for (int i = 0; i < limit; i++) {
                        assertEquals(twin.offer(next), q.offer(next++), at + " offer " + i + " of a burst");
                    }
                }
                case 8 -> assertEquals(twin.size(), q.size(), at + " size");
                default -> assertEquals(twin.isEmpty(), q.isEmpty(), at + " isEmpty");
            }
        }
    }

    @ParameterizedTest(name = "{0}({1}, {2})")
    @MethodSource("oursAndShapes")
    void anEmptyQueueIsNoLargerThanJctools(Ours ours, int capacity, int parallelism) {
        final long twin = GraphLayout.parseInstance(new org.jctools.queues.MpscCompoundQueue<Integer>(capacity, parallelism))
                .totalSize();
        final long mine = GraphLayout.parseInstance(ours.make().apply(capacity, parallelism)).totalSize();
        assertTrue(mine <= twin, ours + ": " + mine + " > " + twin + " bytes");
    }
}
