package org.jcq.concurrency.lincheck;

import java.util.List;
import java.util.function.Supplier;
import org.jcq.experimental.lprq.MpmcLprqQueue;
import org.jcq.experimental.lprq.MpmcPrqArrayQueue;
import org.jcq.queues.Bound;
import org.jcq.queues.MessagePassingQueue;
import org.jcq.queues.MpmcArrayQueue;
import org.jcq.queues.MpmcBlockingArrayQueue;
import org.jcq.queues.MpmcBlockingUnpaddedArrayQueue;
import org.jcq.queues.MpmcUnboundedBlockingArrayQueue;
import org.jcq.queues.MpmcUnboundedBlockingUnpaddedArrayQueue;
import org.jcq.queues.MpmcUnboundedXaddArrayQueue;
import org.jcq.queues.MpmcUnboundedXaddUnpaddedArrayQueue;
import org.jcq.queues.MpmcUnpaddedArrayQueue;
import org.jcq.queues.MpscArrayQueue;
import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.jcq.queues.MpscBlockingConsumerUnpaddedArrayQueue;
import org.jcq.queues.MpscChunkedArrayQueue;
import org.jcq.queues.MpscCompoundQueue;
import org.jcq.queues.MpscCompoundUnpaddedQueue;
import org.jcq.queues.MpscGrowableArrayQueue;
import org.jcq.queues.MpscLinkedQueue;
import org.jcq.queues.MpscLinkedUnpaddedQueue;
import org.jcq.queues.MpscUnboundedArrayQueue;
import org.jcq.queues.MpscUnboundedBlockingConsumerArrayQueue;
import org.jcq.queues.MpscUnboundedBlockingConsumerUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedUnpaddedArrayQueue;
import org.jcq.queues.MpscUnboundedXaddArrayQueue;
import org.jcq.queues.MpscUnboundedXaddUnpaddedArrayQueue;
import org.jcq.queues.MpscUnpaddedArrayQueue;
import org.jcq.queues.SpmcArrayQueue;
import org.jcq.queues.SpscArrayQueue;
import org.jcq.queues.SpscBlockingArrayQueue;
import org.jcq.queues.SpscBlockingUnpaddedArrayQueue;
import org.jcq.queues.SpscLinkedQueue;
import org.jcq.queues.SpscLinkedUnpaddedQueue;
import org.jcq.queues.SpscUnboundedArrayQueue;
import org.jcq.queues.SpscUnboundedUnpaddedArrayQueue;
import org.jcq.queues.SpmcUnpaddedArrayQueue;
import org.jcq.queues.SpscUnpaddedArrayQueue;
import org.jetbrains.lincheck.datastructures.Options;

/**
 * A queue under test: how to build it, and which {@link QueueOperations} subclass expresses its
 * producer/consumer roles. Lincheck instantiates its test and specification classes itself, with
 * no arguments, so {@link #check} publishes the subject in a static field for the duration of one
 * Lincheck run (JUnit runs these tests one at a time).
 * <p>
 * Capacities and chunk sizes are as small as each queue allows, so that full-queue refusals,
 * ring wraps, chunk links and resizes all happen within a scenario of a few operations.
 *
 * @param name a display name
 * @param operations the test class with the queue's thread roles
 * @param factory builds an empty queue
 */
record Subject(String name, Class<? extends QueueOperations> operations,
               Supplier<MessagePassingQueue<Integer>> factory) {
    private static volatile Subject current;

    /**
     * @return every queue of jctools-core whose {@code offer}, {@code poll}, {@code peek} and
     *     {@code isEmpty} the Lincheck suite checks
     */
    static List<Subject> registry() {
        return List.of(
            new Subject("MpscArrayQueue(2)", QueueOperations.Mpsc.class, () -> new MpscArrayQueue<>(2)),
            new Subject("SpmcArrayQueue(2)", QueueOperations.Spmc.class, () -> new SpmcArrayQueue<>(2)),
            new Subject("MpmcArrayQueue(2)", QueueOperations.Mpmc.class, () -> new MpmcArrayQueue<>(2)),
            new Subject("MpscLinkedQueue", QueueOperations.Mpsc.class, MpscLinkedQueue::new),
            new Subject("MpscChunkedArrayQueue(2, 4)", QueueOperations.Mpsc.class,
                () -> new MpscChunkedArrayQueue<>(2, 4)),
            new Subject("MpscUnboundedArrayQueue(2)", QueueOperations.Mpsc.class,
                () -> new MpscUnboundedArrayQueue<>(2)),
            new Subject("MpscGrowableArrayQueue(2, 4)", QueueOperations.Mpsc.class,
                () -> new MpscGrowableArrayQueue<>(2, 4)),
            new Subject("MpscUnboundedXaddArrayQueue(1, 1)", QueueOperations.Mpsc.class,
                () -> new MpscUnboundedXaddArrayQueue<>(1, 1)),
            new Subject("MpmcUnboundedXaddArrayQueue(1, 1)", QueueOperations.Mpmc.class,
                () -> new MpmcUnboundedXaddArrayQueue<>(1, 1)),
            new Subject("MpscBlockingConsumerArrayQueue(2)", QueueOperations.Mpsc.class,
                () -> new MpscBlockingConsumerArrayQueue<>(2)),
            new Subject("MpscUnboundedBlockingConsumerArrayQueue(2)", QueueOperations.Mpsc.class,
                () -> new MpscUnboundedBlockingConsumerArrayQueue<>(2)),
            new Subject("SpscArrayQueue(2)", QueueOperations.Spsc.class, () -> new SpscArrayQueue<>(2)),
            new Subject("SpscUnboundedArrayQueue(1)", QueueOperations.Spsc.class,
                () -> new SpscUnboundedArrayQueue<>(1)),
            new Subject("SpscLinkedQueue", QueueOperations.Spsc.class, SpscLinkedQueue::new),
            // The compact editions: the same algorithms through their own field holders.
            new Subject("SpscUnpaddedArrayQueue(2)", QueueOperations.Spsc.class, () -> new SpscUnpaddedArrayQueue<>(2)),
            new Subject("MpscUnpaddedArrayQueue(2)", QueueOperations.Mpsc.class, () -> new MpscUnpaddedArrayQueue<>(2)),
            new Subject("SpmcUnpaddedArrayQueue(2)", QueueOperations.Spmc.class, () -> new SpmcUnpaddedArrayQueue<>(2)),
            new Subject("MpmcUnpaddedArrayQueue(2)", QueueOperations.Mpmc.class, () -> new MpmcUnpaddedArrayQueue<>(2)),
            new Subject("MpscUnboundedUnpaddedArrayQueue(2)", QueueOperations.Mpsc.class,
                () -> new MpscUnboundedUnpaddedArrayQueue<>(2)),
            // Compound: one lane is an MPSC ring, FIFO, full at its bound; with two lanes a
            // producer's thread picks its lane, so only counts are checked, and the bound is
            // never reached (a full lane spills, and the queue refuses only when every lane is).
            new Subject("MpscCompoundQueue(2, 1)", QueueOperations.Mpsc.class, () -> new MpscCompoundQueue<>(2, 1)),
            new Subject("MpscCompoundQueue(64, 2)", QueueOperations.MpscUnordered.class,
                () -> new MpscCompoundQueue<>(64, 2)),
            new Subject("MpscCompoundUnpaddedQueue(64, 2)", QueueOperations.MpscUnordered.class,
                () -> new MpscCompoundUnpaddedQueue<>(64, 2)),
            new Subject("MpscBlockingConsumerUnpaddedArrayQueue(2)", QueueOperations.Mpsc.class,
                () -> new MpscBlockingConsumerUnpaddedArrayQueue<>(2)),
            new Subject("MpscUnboundedBlockingConsumerUnpaddedArrayQueue(2)", QueueOperations.Mpsc.class,
                () -> new MpscUnboundedBlockingConsumerUnpaddedArrayQueue<>(2)),
            new Subject("SpscUnboundedUnpaddedArrayQueue(1)", QueueOperations.Spsc.class,
                () -> new SpscUnboundedUnpaddedArrayQueue<>(1)),
            new Subject("SpscLinkedUnpaddedQueue", QueueOperations.Spsc.class, SpscLinkedUnpaddedQueue::new),
            new Subject("MpscLinkedUnpaddedQueue", QueueOperations.Mpsc.class, MpscLinkedUnpaddedQueue::new),
            new Subject("MpscUnboundedXaddUnpaddedArrayQueue(1, 1)", QueueOperations.Mpsc.class,
                () -> new MpscUnboundedXaddUnpaddedArrayQueue<>(1, 1)),
            new Subject("MpmcUnboundedXaddUnpaddedArrayQueue(1, 1)", QueueOperations.Mpmc.class,
                () -> new MpmcUnboundedXaddUnpaddedArrayQueue<>(1, 1)),
            // The blocking queues of the other shapes: their rings with the wait protocol's checks.
            new Subject("SpscBlockingArrayQueue(1)", QueueOperations.Spsc.class, () -> new SpscBlockingArrayQueue<>(1)),
            new Subject("MpmcBlockingArrayQueue(2)", QueueOperations.Mpmc.class, () -> new MpmcBlockingArrayQueue<>(2)),
            new Subject("MpmcUnboundedBlockingArrayQueue(1, 1)", QueueOperations.Mpmc.class,
                () -> new MpmcUnboundedBlockingArrayQueue<>(1, 1)),
            new Subject("SpscBlockingUnpaddedArrayQueue(1)", QueueOperations.Spsc.class,
                () -> new SpscBlockingUnpaddedArrayQueue<>(1)),
            new Subject("MpmcBlockingUnpaddedArrayQueue(2)", QueueOperations.Mpmc.class,
                () -> new MpmcBlockingUnpaddedArrayQueue<>(2)),
            new Subject("MpmcUnboundedBlockingUnpaddedArrayQueue(1, 1)", QueueOperations.Mpmc.class,
                () -> new MpmcUnboundedBlockingUnpaddedArrayQueue<>(1, 1)),
            // Their removal from any position, racing offers, polls and peeks.
            // Capacity 16, beyond what a scenario offers: a removed element's slot counts against
            // the bound until a consumer passes it, which the sequential specification does not
            // model (docs/blocking-queues.md).
            new Subject("MpmcBlockingArrayQueue(16) removing", QueueOperations.MpmcRemoving.class,
                () -> new MpmcBlockingArrayQueue<>(16)),
            new Subject("MpmcUnboundedBlockingArrayQueue(1, 1) removing", QueueOperations.MpmcRemoving.class,
                () -> new MpmcUnboundedBlockingArrayQueue<>(1, 1)),
            new Subject("MpmcBlockingUnpaddedArrayQueue(16) removing", QueueOperations.MpmcRemoving.class,
                () -> new MpmcBlockingUnpaddedArrayQueue<>(16)),
            new Subject("MpmcUnboundedBlockingUnpaddedArrayQueue(2, 0) removing", QueueOperations.MpmcRemoving.class,
                () -> new MpmcUnboundedBlockingUnpaddedArrayQueue<>(2, 0)),
            // Exact bounds (Bound.EXACT) below their rings' sizes: a producer must find the element a
            // bound back taken, not only its own slot free, so the sequential specification's
            // refusal at capacity() is what they are checked against.
            new Subject("SpscArrayQueue(1, EXACT)", QueueOperations.Spsc.class,
                () -> new SpscArrayQueue<>(1, Bound.EXACT)),
            new Subject("MpscArrayQueue(1, EXACT)", QueueOperations.Mpsc.class,
                () -> new MpscArrayQueue<>(1, Bound.EXACT)),
            new Subject("SpmcArrayQueue(1, EXACT)", QueueOperations.Spmc.class,
                () -> new SpmcArrayQueue<>(1, Bound.EXACT)),
            new Subject("MpmcArrayQueue(3, EXACT)", QueueOperations.Mpmc.class,
                () -> new MpmcArrayQueue<>(3, Bound.EXACT)),
            new Subject("MpscGrowableArrayQueue(2, 5, EXACT)", QueueOperations.Mpsc.class,
                () -> new MpscGrowableArrayQueue<>(2, 5, Bound.EXACT)),
            new Subject("MpscCompoundQueue(3, 1, EXACT)", QueueOperations.Mpsc.class,
                () -> new MpscCompoundQueue<>(3, 1, Bound.EXACT)),
            new Subject("MpmcBlockingArrayQueue(1, EXACT)", QueueOperations.Mpmc.class,
                () -> new MpmcBlockingArrayQueue<>(1, Bound.EXACT)),
            // jctools-experimental's LPRQ: rings of 2 linked (given-up tickets, UNSAFE cells, closes
            // and new rings within a scenario). The bounded ring's bound counts given-up tickets,
            // so a ring of 2 refuses offers a bounded FIFO would take (a departure its notes
            // state): it is checked below its bound, for order and emptiness.
            new Subject("MpmcPrqArrayQueue(64)", QueueOperations.Mpmc.class, () -> new MpmcPrqArrayQueue<>(64)),
            new Subject("MpmcLprqQueue(2)", QueueOperations.Mpmc.class, () -> new MpmcLprqQueue<>(2)));
    }

    /**
     * @param other the test class with other operations or roles
     * @return this queue, checked through {@code other}
     */
    Subject with(Class<? extends QueueOperations> other) {
        return new Subject(name, other, factory);
    }

    /** @return the subject of the Lincheck run in progress */
    static Subject current() {
        final Subject subject = current;
        if (subject == null) {
            throw new IllegalStateException("no Lincheck run in progress");
        }
        return subject;
    }

    /**
     * @return whether the queue's consumers wait for a slow producer a bounded number of times and
     *     then go on (the PRQ queues of jctools-experimental), a loop the model checker must let run
     */
    boolean patientLoops() {
        return name.contains("Prq") || name.contains("Lprq");
    }

    /** @return a new, empty queue */
    MessagePassingQueue<Integer> create() {
        return factory.get();
    }

    /**
     * Runs Lincheck on this queue against {@link QueueSpec}.
     *
     * @param options the mode and its configuration
     * @throws org.jetbrains.lincheck.LincheckAssertionError if Lincheck finds a violation
     */
    void check(Options<?, ?> options) {
        current = this;
        try {
            final Class<?> spec = operations == QueueOperations.MpscUnordered.class ? CountSpec.class : QueueSpec.class;
            options.sequentialSpecification(spec).check(operations);
        } finally {
            current = null;
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
