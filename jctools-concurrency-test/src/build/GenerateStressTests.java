import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Writes the jcstress tests of every queue: one source file per queue, with one nested test per
 * (setup, property). The actor logic and the outcome classification live in the hand-written
 * property classes of {@code org.jcq.concurrency} ({@code ProducerConsumer}, {@code TwoProducers},
 * {@code TwoConsumers}, {@code BlockingConsumer}, {@code BlockingBothSides}); jcstress wants each test's actors declared in
 * the test class itself, so a generated test only names its queue and re-declares the actors.
 * <p>
 * Adding a queue is one line in {@link #QUEUES}. Maven runs this (single-file source launch) in
 * {@code generate-sources}: {@code java GenerateStressTests.java <output folder>}.
 */
public final class GenerateStressTests {
    enum Shape {
        SINGLE,
        MULTI
    }

    /** Which threads of a queue can wait. */
    enum Blocking {
        /** None: a plain queue. */
        NONE,
        /** The consumer ({@code take}, timed {@code poll}): the queue is a {@code BlockingQueue}. */
        CONSUMER,
        /**
         * Consumers and producers ({@code put}, timed {@code offer}): a bounded blocking queue, a core
         * queue plus the wait protocol ({@code Parking}). Only the wake-up properties run on it:
         * its ring is the core queue's, unchanged but for the protocol's checks, and is tested there.
         */
        BOTH
    }

    /**
     * One queue under test.
     *
     * @param name the queue's class name, which names the generated file
     * @param pkg the sub-package of {@code org.jcq.concurrency} to generate into
     * @param factory a Java expression building the queue (small, so the races cross its edges)
     * @param producers how many threads may produce at once
     * @param consumers how many threads may consume at once
     * @param capacity the bound, or 0 if unbounded
     * @param advance how far to move both indices for the Boundary setup, so the races straddle a
     *        ring wrap, a chunk link (JUMP) of an MPSC linked-array queue, a recycled XADD chunk or
     *        consumed nodes
     * @param nearFull how many elements NearFull and SizeInRange start with, so the racing offers
     *        resize a growable queue, link a chunk, or meet a full ring
     * @param blocking which threads can wait
     */
    record Queue(String name, String pkg, String factory, Shape producers, Shape consumers, int capacity,
            int advance, int nearFull, Blocking blocking) {
        boolean bounded() {
            return capacity > 0;
        }

        /** Whether the ring properties run on this queue (see {@link Blocking#BOTH}). */
        boolean ring() {
            return blocking != Blocking.BOTH;
        }

        /**
         * Whether elements leave in the order they came (per producer): not the compound queues,
         * where elements that spill from a full lane into another may leave first. The properties
         * that fill a queue from the setup's thread and then race with another producer (NearFull,
         * FullEdge, DrainThrows) skip them.
         */
        boolean fifo() {
            return !name.contains("Compound");
        }

        /**
         * Whether {@code drain} is a loop of relaxed polls that may come back empty while another
         * consumer is half-way through a poll: the XADD queues, and the unbounded MPMC blocking
         * queues built on them.
         */
        boolean drainMayStopEarly() {
            return name.contains("Xadd") || name.startsWith("MpmcUnboundedBlocking");
        }
    }

    private static Queue q(String name, String factory, Shape producers, Shape consumers, int capacity, int advance,
            int nearFull) {
        return new Queue(name, "queues", factory, producers, consumers, capacity, advance, nearFull, Blocking.NONE);
    }

    /**
     * A bounded blocking queue of capacity 4 (below the 6 elements of {@code PutTakeInOrder});
     * Boundary advances 3, so its races straddle the ring's wrap.
     */
    private static Queue blockingBoth(String name, String pkg, Shape producers, Shape consumers) {
        return new Queue(name, pkg, "new " + name + "<>(4)", producers, consumers, 4, 3, 3, Blocking.BOTH);
    }

    private static final Shape S = Shape.SINGLE;
    private static final Shape M = Shape.MULTI;

    /** Every queue in jctools-core (and experimental ones once they exist), one line each. */
    static final List<Queue> QUEUES = List.of(
            q("SpscArrayQueue", "new SpscArrayQueue<>(4)", S, S, 4, 3, 3),
            q("MpscArrayQueue", "new MpscArrayQueue<>(4)", M, S, 4, 3, 3),
            q("SpmcArrayQueue", "new SpmcArrayQueue<>(4)", S, M, 4, 3, 3),
            q("MpmcArrayQueue", "new MpmcArrayQueue<>(4)", M, M, 4, 3, 3),
            // The compact editions: the same algorithms, their own field holders (accessors).
            q("SpscUnpaddedArrayQueue", "new SpscUnpaddedArrayQueue<>(4)", S, S, 4, 3, 3),
            q("MpscUnpaddedArrayQueue", "new MpscUnpaddedArrayQueue<>(4)", M, S, 4, 3, 3),
            q("SpmcUnpaddedArrayQueue", "new SpmcUnpaddedArrayQueue<>(4)", S, M, 4, 3, 3),
            q("MpmcUnpaddedArrayQueue", "new MpmcUnpaddedArrayQueue<>(4)", M, M, 4, 3, 3),
            // SPSC linked-array: chunks of 8 (the smallest). The producer links only when its chunk
            // is full (an emptied chunk is reused in place), so NearFull, one element short of
            // that, races the JUMP; Boundary races a wrap inside the chunk.
            q("SpscChunkedArrayQueue", "new SpscChunkedArrayQueue<>(8, 16)", S, S, 16, 6, 7),
            q("SpscUnboundedArrayQueue", "new SpscUnboundedArrayQueue<>(16)", S, S, 0, 14, 15),
            q("SpscGrowableArrayQueue", "new SpscGrowableArrayQueue<>(8, 16)", S, S, 16, 6, 7),
            q("SpscChunkedUnpaddedArrayQueue", "new SpscChunkedUnpaddedArrayQueue<>(8, 16)", S, S, 16, 6, 7),
            q("SpscUnboundedUnpaddedArrayQueue", "new SpscUnboundedUnpaddedArrayQueue<>(16)", S, S, 0, 14, 15),
            q("SpscGrowableUnpaddedArrayQueue", "new SpscGrowableUnpaddedArrayQueue<>(8, 16)", S, S, 16, 6, 7),
            // MPSC linked-array: chunks of 2, so every race links at least one; NearFull of the
            // growable one resizes.
            q("MpscChunkedArrayQueue", "new MpscChunkedArrayQueue<>(2, 8)", M, S, 8, 1, 2),
            q("MpscUnboundedArrayQueue", "new MpscUnboundedArrayQueue<>(2)", M, S, 0, 1, 2),
            q("MpscGrowableArrayQueue", "new MpscGrowableArrayQueue<>(2, 8)", M, S, 8, 1, 3),
            q("MpscChunkedUnpaddedArrayQueue", "new MpscChunkedUnpaddedArrayQueue<>(2, 8)", M, S, 8, 1, 2),
            q("MpscUnboundedUnpaddedArrayQueue", "new MpscUnboundedUnpaddedArrayQueue<>(2)", M, S, 0, 1, 2),
            q("MpscGrowableUnpaddedArrayQueue", "new MpscGrowableUnpaddedArrayQueue<>(2, 8)", M, S, 8, 1, 3),
            // Compound: two lanes of 32, so no race fills a lane (Boundary's advance is offered
            // and polled by the setup's thread, in its lane); the properties that prefill skip them.
            q("MpscCompoundQueue", "new MpscCompoundQueue<>(64, 2)", M, S, 64, 3, 3),
            q("MpscCompoundUnpaddedQueue", "new MpscCompoundUnpaddedQueue<>(64, 2)", M, S, 64, 3, 3),
            // Linked nodes: Boundary starts after consumed (self-linked) nodes.
            q("SpscLinkedQueue", "new SpscLinkedQueue<>()", S, S, 0, 3, 2),
            q("MpscLinkedQueue", "new MpscLinkedQueue<>()", M, S, 0, 3, 2),
            q("SpscLinkedUnpaddedQueue", "new SpscLinkedUnpaddedQueue<>()", S, S, 0, 3, 2),
            q("MpscLinkedUnpaddedQueue", "new MpscLinkedUnpaddedQueue<>()", M, S, 0, 3, 2),
            // XADD: chunks of 2 and a pool of 1, so Boundary starts on a recycled chunk.
            q("MpscUnboundedXaddArrayQueue", "new MpscUnboundedXaddArrayQueue<>(2, 1)", M, S, 0, 5, 2),
            q("MpmcUnboundedXaddArrayQueue", "new MpmcUnboundedXaddArrayQueue<>(2, 1)", M, M, 0, 5, 2),
            q("MpscUnboundedXaddUnpaddedArrayQueue", "new MpscUnboundedXaddUnpaddedArrayQueue<>(2, 1)", M, S, 0, 5, 2),
            q("MpmcUnboundedXaddUnpaddedArrayQueue", "new MpmcUnboundedXaddUnpaddedArrayQueue<>(2, 1)", M, M, 0, 5, 2),
            // The blocking queues. Bounded: both sides wait (the wake-up properties). Unbounded: the
            // consumers wait (the ring properties too); chunks of 2, so every race links or
            // appends a chunk, also while a consumer parks.
            blockingBoth("SpscBlockingArrayQueue", "queues", S, S),
            blockingBoth("MpscBlockingConsumerArrayQueue", "queues", M, S),
            blockingBoth("MpmcBlockingArrayQueue", "queues", M, M),
            blockingBoth("SpscBlockingUnpaddedArrayQueue", "queues", S, S),
            blockingBoth("MpscBlockingConsumerUnpaddedArrayQueue", "queues", M, S),
            blockingBoth("MpmcBlockingUnpaddedArrayQueue", "queues", M, M),
            new Queue("MpscUnboundedBlockingConsumerArrayQueue", "queues", "new MpscUnboundedBlockingConsumerArrayQueue<>(2)",
                    M, S, 0, 1, 2, Blocking.CONSUMER),
            new Queue("MpscUnboundedBlockingConsumerUnpaddedArrayQueue", "queues",
                    "new MpscUnboundedBlockingConsumerUnpaddedArrayQueue<>(2)", M, S, 0, 1, 2, Blocking.CONSUMER),
            new Queue("MpmcUnboundedBlockingArrayQueue", "queues", "new MpmcUnboundedBlockingArrayQueue<>(2, 1)",
                    M, M, 0, 5, 2, Blocking.CONSUMER),
            new Queue("MpmcUnboundedBlockingUnpaddedArrayQueue", "queues",
                    "new MpmcUnboundedBlockingUnpaddedArrayQueue<>(2, 1)", M, M, 0, 5, 2, Blocking.CONSUMER),
            // jctools-experimental: LPRQ, a ring of 4 (Boundary's races straddle its wrap) and
            // linked rings of 2 (every race closes a ring or links one).
            new Queue("MpmcPrqArrayQueue", "experimental", "new MpmcPrqArrayQueue<>(4)", M, M, 4, 3, 3, Blocking.NONE),
            new Queue("MpmcLprqQueue", "experimental", "new MpmcLprqQueue<>(2)", M, M, 0, 5, 2, Blocking.NONE),
            // The harness self-checks: a queue that publishes its index before its element, and a
            // blocking queue whose waiters park before they check. Their tests must FAIL; they
            // are kept apart from the smoke and full runs (see docs/concurrency-tests.md).
            new Queue("IndexFirstQueue", "selfcheck", "new IndexFirstQueue<>(4)", S, S, 4, 3, 3, Blocking.NONE),
            blockingBoth("ParkFirstBlockingQueue", "selfcheck", S, S));

    /**
     * One property: which class holds it, the actors jcstress must see, and which queues it fits.
     *
     * @param base the property class (under {@code org.jcq.concurrency})
     * @param result the jcstress result type the actors share, or null (termination tests)
     * @param actors the actor methods
     * @param arbiter whether it has an arbiter
     * @param fits which queues it applies to
     * @param extraArgument a constructor argument after the queue, or ""
     * @param outcomes the outcome annotations, for properties whose outcomes depend on the queue
     */
    record Property(String base, String result, List<String> actors, boolean arbiter, Predicate<Queue> fits,
            Function<Queue, String> extraArgument, Function<Queue, List<String>> outcomes) {
        String simpleName() {
            return base.substring(base.lastIndexOf('.') + 1);
        }

        boolean termination() {
            return result == null;
        }
    }

    private static final List<String> PC = List.of("actor1", "actor2");
    private static final Predicate<Queue> ALL = Queue::ring;
    private static final Predicate<Queue> BLOCKING_CONSUMER = q -> q.blocking() == Blocking.CONSUMER;
    private static final Predicate<Queue> BLOCKING_BOTH = q -> q.blocking() == Blocking.BOTH;
    /** The queues that remove from any position: the MPMC blocking ones. */
    private static final Predicate<Queue> REMOVABLE = q -> q.blocking() != Blocking.NONE && q.producers() == M
            && q.consumers() == M;
    private static final Function<Queue, String> NONE = q -> "";
    private static final Function<Queue, List<String>> SHARED = q -> List.of();

    private static Property shared(String base, String result, boolean arbiter, Predicate<Queue> fits) {
        return new Property(base, result, PC, arbiter, fits, NONE, SHARED);
    }

    private static Property wakes(String base, Predicate<Queue> fits) {
        return new Property(base, null, List.of("actor1"), false, fits, NONE, SHARED);
    }

    static final List<Property> PROPERTIES = List.of(
            shared("ProducerConsumer.OfferPoll", "LL_Result", true, ALL),
            shared("ProducerConsumer.RelaxedOfferPoll", "LL_Result", true, ALL),
            shared("ProducerConsumer.Publication", "II_Result", false, ALL),
            shared("ProducerConsumer.NotEmptyThenPoll", "LL_Result", false, ALL),
            shared("ProducerConsumer.PeekThenPoll", "LL_Result", false, ALL),
            shared("ProducerConsumer.NoSpuriousNull", "LL_Result", false, ALL),
            shared("ProducerConsumer.RelaxedMayMiss", "LL_Result", false, ALL),
            shared("ProducerConsumer.EmptyEdge", "LL_Result", true, ALL),
            shared("ProducerConsumer.FullEdge", "LLL_Result", true, q -> q.ring() && q.bounded() && q.fifo()),
            shared("ProducerConsumer.DrainFill", "LLL_Result", true, ALL),
            shared("ProducerConsumer.DrainThrows", "LL_Result", true, ALL.and(Queue::fifo)),
            new Property("ProducerConsumer.NearFull", "LLL_Result", PC, true, ALL.and(Queue::fifo), q -> ", " + q.nearFull(),
                    GenerateStressTests::nearFullOutcomes),
            new Property("ProducerConsumer.SizeInRange", "IIII_Result", PC, false, ALL, q -> ", " + q.nearFull(),
                    GenerateStressTests::sizeOutcomes),
            shared("TwoProducers.Offers", "L_Result", true, q -> q.ring() && q.producers() == M),
            shared("TwoProducers.FillAndOffers", "L_Result", true, q -> q.ring() && q.producers() == M),
            shared("TwoProducers.ProducerConsumes", "LL_Result", true, q -> q.ring() && q.producers() == M),
            shared("TwoConsumers.Polls", "LLL_Result", true, q -> q.ring() && q.consumers() == M),
            shared("TwoConsumers.Drains", "L_Result", true, q -> q.ring() && q.consumers() == M),
            new Property("TwoConsumers.DrainThrowsWhileOtherPolls", "LL_Result", PC, true,
                    q -> q.ring() && q.consumers() == M, NONE, GenerateStressTests::drainThrowsOutcomes),
            shared("BlockingConsumer.TakeInOrder", "L_Result", false, BLOCKING_CONSUMER),
            wakes("BlockingConsumer.TakeWokenByOffer", BLOCKING_CONSUMER),
            wakes("BlockingConsumer.TakeWokenByFill", BLOCKING_CONSUMER),
            wakes("BlockingConsumer.TimedPollWokenByRelaxedOffer", BLOCKING_CONSUMER),
            // Both sides wait: each way of adding wakes a consumer, each way of removing a producer.
            wakes("BlockingBothSides.TakeWokenByOffer", BLOCKING_BOTH),
            wakes("BlockingBothSides.TakeWokenByPut", BLOCKING_BOTH),
            wakes("BlockingBothSides.TakeWokenByFill", BLOCKING_BOTH),
            wakes("BlockingBothSides.TakeWokenByRelaxedOffer", BLOCKING_BOTH),
            wakes("BlockingBothSides.TimedPollWokenByOffer", BLOCKING_BOTH),
            wakes("BlockingBothSides.PutWokenByPoll", BLOCKING_BOTH),
            wakes("BlockingBothSides.PutWokenByTake", BLOCKING_BOTH),
            wakes("BlockingBothSides.PutWokenByDrain", BLOCKING_BOTH),
            wakes("BlockingBothSides.PutWokenByRelaxedPoll", BLOCKING_BOTH),
            wakes("BlockingBothSides.TimedOfferWokenByPoll", BLOCKING_BOTH),
            shared("BlockingBothSides.PutTakeInOrder", "LL_Result", true, BLOCKING_BOTH),
            // Removal from any position, racing a consumer or a producer.
            shared("Removal.RemoveRacesPoll", "LLL_Result", true, REMOVABLE),
            shared("Removal.RemoveMiddleRacesPolls", "LLL_Result", true, REMOVABLE),
            shared("Removal.RemoveRacesOffer", "LL_Result", true, REMOVABLE));

    /**
     * NearFull: how many offers may be taken (both if there is room; else at least as many as fit
     * before the consumer's polls), and what the consumer's last two polls may see given that.
     */
    static List<String> nearFullOutcomes(Queue q) {
        final int n = q.nearFull();
        final int room = q.bounded() ? q.capacity() - n : Integer.MAX_VALUE;
        final List<List<String>> lastTwo = List.of(List.of("--"), List.of("--", "1-", "-1"),
                List.of("--", "1-", "-1", "12"));
        final List<String> ids = new ArrayList<>();
        for (int accepted = Math.min(2, room); accepted <= 2; accepted++) {
            for (String last : lastTwo.get(accepted)) {
                ids.add(accepted + ", 1.." + n + " then " + last + ", in order");
            }
        }
        final String why = room >= 2 ? "both offers taken (there is room)"
                : "an offer refused only while " + q.capacity() + " were queued";
        return List.of(outcome(ids, "ACCEPTABLE", "1.." + n + " polled in order, then what had been offered; " + why
                        + "; the rest follows in order"),
                outcome(List.of(), "FORBIDDEN",
                        "refused with room, a poll missed a queued element, or lost, duplicated, reordered"));
    }

    /**
     * TwoConsumers.DrainThrowsWhileOtherPolls: the callback throws on its second element, so the
     * drain must throw unless it handed fewer than two. A ring's drain (which claims runs) never
     * stops while elements are queued and no producer runs, so it always gets two of the four; an
     * XADD queue's drain (and so the unbounded MPMC blocking queue's) is a loop of relaxed polls,
     * which may come back empty while the other consumer is half-way through a poll.
     */
    static List<String> drainThrowsOutcomes(Queue q) {
        final boolean relaxed = q.drainMayStopEarly();
        final List<String> ids = relaxed ? List.of("split, thrown", "split, not thrown") : List.of("split, thrown");
        return List.of(outcome(ids, "ACCEPTABLE", relaxed
                        ? "each element taken once, in order per consumer; the drain threw, or handed fewer than two"
                        : "each element taken once, in order per consumer; the drain threw"),
                outcome(List.of(), "FORBIDDEN", "lost, duplicated or reordered, or the drain stopped early"));
    }

    /** SizeInRange: every size seen within [0, bound]. */
    static List<String> sizeOutcomes(Queue q) {
        final int bound = q.bounded() ? q.capacity() : q.nearFull() + 2;
        final String range = IntStream.rangeClosed(0, bound).mapToObj(Integer::toString)
                .collect(Collectors.joining("|", "(", ")"));
        return List.of(outcome(List.of(String.join(", ", List.of(range, range, range, range))), "ACCEPTABLE",
                        "every size seen within [0, " + bound + "]"),
                outcome(List.of(), "FORBIDDEN", "a size outside [0, " + bound + "]"));
    }

    private static String outcome(List<String> ids, String expect, String desc) {
        final String id = ids.isEmpty() ? "" : ids.stream().map(i -> '"' + i + '"')
                .collect(Collectors.joining(", ", "id = {", "}, "));
        return "@Outcome(" + id + "expect = Expect." + expect + ", desc = \"" + desc + "\")";
    }

    /** Fresh: a new queue. Boundary: both indices advanced first (see {@link Queue#advance}). */
    private static final List<String> SETUPS = List.of("Fresh", "Boundary");

    public static void main(String[] args) throws IOException {
        final Path out = Path.of(args[0]);
        int tests = 0;
        for (Queue q : QUEUES) {
            final Path dir = out.resolve("org/jcq/concurrency/" + q.pkg());
            Files.createDirectories(dir);
            final StringBuilder src = new StringBuilder();
            tests += write(q, src);
            Files.writeString(dir.resolve(q.name() + "Stress.java"), src);
        }
        System.out.println("GenerateStressTests: " + tests + " jcstress tests of " + QUEUES.size() + " queues in " + out);
    }

    private static int write(Queue q, StringBuilder src) {
        src.append("// Generated by jctools-concurrency-test/src/build/GenerateStressTests.java from its table: do not edit.\n")
                .append("package org.jcq.concurrency.").append(q.pkg()).append(";\n\n")
                .append("import org.jcq.concurrency.*;\n")
                .append("import org.jcq.queues.*;\n")
                .append(q.pkg().equals("experimental") ? "import org.jcq.experimental.lprq.*;\n" : "")
                .append("import org.openjdk.jcstress.annotations.*;\n")
                .append("import org.openjdk.jcstress.infra.results.*;\n\n")
                .append("/** jcstress tests of {@code ").append(q.name()).append("}, built as {@code ")
                .append(q.factory()).append("}. */\n")
                .append("public final class ").append(q.name()).append("Stress {\n")
                .append("    private ").append(q.name()).append("Stress() {\n    }\n\n")
                .append("    static MessagePassingQueue<Object> queue(int advance) {\n")
                .append("        return QueueStress.advance(").append(q.factory()).append(", advance);\n    }\n");
        int tests = 0;
        for (String setup : SETUPS) {
            final int advance = setup.equals("Fresh") ? 0 : q.advance();
            for (Property p : PROPERTIES) {
                if (!p.fits().test(q)) {
                    continue;
                }
                tests++;
                final String name = setup + "_" + p.simpleName();
                src.append('\n');
                src.append(p.termination() ? "    @JCStressTest(Mode.Termination)\n" : "    @JCStressTest\n");
                for (String o : p.outcomes().apply(q)) {
                    src.append("    ").append(o).append('\n');
                }
                src.append("    @State\n")
                        .append("    public static class ").append(name).append(" extends ").append(p.base()).append(" {\n")
                        .append("        public ").append(name).append("() {\n")
                        .append("            super(queue(").append(advance).append(")").append(p.extraArgument().apply(q))
                        .append(");\n        }\n");
                if (p.termination()) {
                    src.append("\n        @Override\n        @Actor\n        public void actor1() {\n")
                            .append("            super.actor1();\n        }\n")
                            .append("\n        @Override\n        @Signal\n        public void signal() {\n")
                            .append("            super.signal();\n        }\n");
                } else {
                    for (String actor : p.actors()) {
                        method(src, "Actor", actor, p.result());
                    }
                    if (p.arbiter()) {
                        method(src, "Arbiter", "arbiter", p.result());
                    }
                }
                src.append("    }\n");
            }
        }
        src.append("}\n");
        return tests;
    }

    private static void method(StringBuilder src, String annotation, String name, String result) {
        src.append("\n        @Override\n        @").append(annotation).append("\n        public void ").append(name)
                .append('(').append(result).append(" r) {\n            super.").append(name).append("(r);\n        }\n");
    }
}
