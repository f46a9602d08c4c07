package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.AbstractQueue;
import java.util.Collection;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;

import org.jcq.internal.Flight;

/**
 * A view of a queue that catches overlapping use of a side the queue allows one thread on at a
 * time: two threads in the consumer methods of a single-consumer queue at once (the event loop at
 * 100% CPU in {@code poll}, after a second thread took from its MPSC queue), or in the producer
 * methods of a single-producer queue (elements silently overwritten). The second thread gets an
 * {@link IllegalStateException} that names the queue, the side and both threads, before it touches
 * the queue; the first thread's call goes on as if alone. So the queue is left as consistent as it
 * would be had the second thread never called.
 * <p>
 * Opt in by wrapping: {@code CheckedQueue.wrap(queue)}, {@code CheckedBlockingQueue.wrap(queue)}
 * for the blocking queues, or {@code Queues.builder()...checked()}. The queues themselves carry no
 * check, so an unchecked queue pays nothing; a checked one pays a CAS and a release store per call
 * on each single side (none on the sides any number of threads may use).
 * <p>
 * What counts as overlap: a thread entering a side while another thread is inside a method of
 * that side. A side handed from thread to thread (the actor's mailbox consumed by whichever pool
 * thread runs the actor, an event loop replaced) is never flagged, however often, as long as each
 * call ends before the next thread's begins (the hand-over orders them, as the queue itself
 * requires). A callback of the side's own thread (a {@code drain} consumer that polls the same
 * queue) is not overlap either. A check cannot catch overlap that never happens at once: two
 * threads that take turns without ever being inside the side together are not told apart from a
 * hand-over, but then the queue also sees them one at a time.
 * <p>
 * The producer methods: {@code offer}, {@code relaxedOffer}, {@code add}, {@code addAll} and the
 * {@code fill}s (and the blocking {@code put} and timed {@code offer}); the consumer methods:
 * {@code poll}, {@code relaxedPoll}, {@code peek}, {@code relaxedPeek}, {@code remove()},
 * {@code element}, {@code clear}, the {@code drain}s, the removals by value (and the blocking
 * {@code take}, timed {@code poll}, {@code drainTo} and timed {@code drain}). {@code size},
 * {@code isEmpty}, {@code capacity}, the iterator and {@code toString} are for any thread.
 * <p>
 * Which sides are single: {@link #wrap(MessagePassingQueue)} reads them off the queue's class name
 * (JCTools' convention, which JCQ keeps: {@code Spsc}, {@code Mpsc}, {@code Spmc} or {@code Mpmc}
 * first, from the class or its nearest superclass so named);
 * {@link #wrap(MessagePassingQueue, boolean, boolean)} takes them.
 *
 * @param <E> the type of the elements
 */
public class CheckedQueue<E> extends AbstractQueue<E> implements MessagePassingQueue<E> {
    private static final VarHandle PRODUCER;
    private static final VarHandle CONSUMER;

    static {
        try {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER = lookup.findVarHandle(CheckedQueue.class, "producer", Thread.class);
            CONSUMER = lookup.findVarHandle(CheckedQueue.class, "consumer", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The queue checked; every call goes to it. */
    final MessagePassingQueue<E> queue;
    private final boolean singleProducer;
    private final boolean singleConsumer;
    /** The thread in a producer method now, or null: set only where producers are single. */
    @SuppressWarnings("unused")
    private volatile Thread producer;
    /** The thread in a consumer method now, or null: set only where consumers are single. */
    @SuppressWarnings("unused")
    private volatile Thread consumer;
    /**
     * The method the side's thread entered last: plain, for the message only (a racing reader may
     * see an older one, which the message allows for).
     */
    private String producerMethod;
    private String consumerMethod;

    CheckedQueue(MessagePassingQueue<E> queue, boolean singleProducer, boolean singleConsumer) {
        this.queue = Objects.requireNonNull(queue, "queue");
        this.singleProducer = singleProducer;
        this.singleConsumer = singleConsumer;
    }

    /**
     * Wraps a queue whose class name says its shape ({@code Spsc...}, {@code Mpsc...},
     * {@code Spmc...}, {@code Mpmc...}: every JCQ and JCTools queue).
     *
     * @param queue the queue to check, used through the returned view only
     * @param <E> the type of the elements
     * @return the checked view
     * @throws NullPointerException if {@code queue} is null
     * @throws IllegalArgumentException if no class of {@code queue} names its shape (then say it:
     *     {@link #wrap(MessagePassingQueue, boolean, boolean)})
     */
    public static <E> CheckedQueue<E> wrap(MessagePassingQueue<E> queue) {
        final int shape = shape(queue);
        return new CheckedQueue<>(queue, (shape & SINGLE_PRODUCER) != 0, (shape & SINGLE_CONSUMER) != 0);
    }

    /**
     * Wraps a queue whose single sides are given.
     *
     * @param queue the queue to check, used through the returned view only
     * @param singleProducer whether at most one thread may be in its producer methods at a time
     * @param singleConsumer whether at most one thread may be in its consumer methods at a time
     * @param <E> the type of the elements
     * @return the checked view
     * @throws NullPointerException if {@code queue} is null
     */
    public static <E> CheckedQueue<E> wrap(MessagePassingQueue<E> queue, boolean singleProducer,
            boolean singleConsumer) {
        return new CheckedQueue<>(queue, singleProducer, singleConsumer);
    }

    static final int SINGLE_PRODUCER = 1;
    static final int SINGLE_CONSUMER = 2;

    /** The single sides a queue's class name gives, as {@link #SINGLE_PRODUCER} and {@link #SINGLE_CONSUMER} bits. */
    static int shape(Object queue) {
        Objects.requireNonNull(queue, "queue");
        for (Class<?> k = queue.getClass(); k != null; k = k.getSuperclass()) {
            final String name = k.getSimpleName();
            if (name.startsWith("Spsc")) {
                return SINGLE_PRODUCER | SINGLE_CONSUMER;
            } else if (name.startsWith("Mpsc")) {
                return SINGLE_CONSUMER;
            } else if (name.startsWith("Spmc")) {
                return SINGLE_PRODUCER;
            } else if (name.startsWith("Mpmc")) {
                return 0;
            }
        }
        throw new IllegalArgumentException("queue: the class name of " + queue.getClass().getName()
                + " does not say how many producers and consumers it allows (Spsc, Mpsc, Spmc or Mpmc);"
                + " wrap(queue, singleProducer, singleConsumer) takes them");
    }

    /**
     * The queue this view checks, for what the view does not offer; using it directly bypasses
     * the check.
     *
     * @return the queue
     */
    public MessagePassingQueue<E> unwrap() {
        return queue;
    }

    // Entering and leaving a side. A call that finds the side free takes it with a CAS and leaves
    // it with a release store, so the next thread's CAS, ordered after this call by whatever handed
    // the side over, finds it free again. A call that finds its own thread there is a callback of
    // that thread's call: it goes on and leaves the side to the outer call.

    /** Enters the producer side; returns whether this call must leave it. */
    final boolean enterProducer(String method) {
        if (!singleProducer) {
            return false;
        }
        final Thread me = Thread.currentThread();
        final Thread other = (Thread) PRODUCER.compareAndExchange(this, (Thread) null, me);
        if (other == null) {
            producerMethod = method;
            return true;
        }
        if (other == me) {
            return false;
        }
        throw overlap("producer", method, me, other, producerMethod);
    }

    final void leaveProducer(boolean entered) {
        if (entered) {
            PRODUCER.setRelease(this, (Thread) null);
        }
    }

    /** Enters the consumer side; returns whether this call must leave it. */
    final boolean enterConsumer(String method) {
        if (!singleConsumer) {
            return false;
        }
        final Thread me = Thread.currentThread();
        final Thread other = (Thread) CONSUMER.compareAndExchange(this, (Thread) null, me);
        if (other == null) {
            consumerMethod = method;
            return true;
        }
        if (other == me) {
            return false;
        }
        throw overlap("consumer", method, me, other, consumerMethod);
    }

    final void leaveConsumer(boolean entered) {
        if (entered) {
            CONSUMER.setRelease(this, (Thread) null);
        }
    }

    private IllegalStateException overlap(String side, String method, Thread me, Thread other, String otherMethod) {
        Flight.checkedViolation(queue, side, me, method, other, otherMethod);
        return new IllegalStateException(name() + " allows one " + side + " thread at a time: " + me + " called "
                + method + " while " + other + " was in " + otherMethod
                + " (a side may move from thread to thread, but one call must end before the next begins)");
    }

    private String name() {
        return queue.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(queue));
    }

    // Producer methods.

    @Override
    public boolean offer(E e) {
        final boolean entered = enterProducer("offer");
        try {
            return queue.offer(e);
        } finally {
            leaveProducer(entered);
        }
    }

    @Override
    public boolean relaxedOffer(E e) {
        final boolean entered = enterProducer("relaxedOffer");
        try {
            return queue.relaxedOffer(e);
        } finally {
            leaveProducer(entered);
        }
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        final boolean entered = enterProducer("addAll");
        try {
            return super.addAll(c);
        } finally {
            leaveProducer(entered);
        }
    }

    @Override
    public int fill(Supplier<E> s, int limit) {
        final boolean entered = enterProducer("fill");
        try {
            return queue.fill(s, limit);
        } finally {
            leaveProducer(entered);
        }
    }

    @Override
    public int fill(Supplier<E> s) {
        final boolean entered = enterProducer("fill");
        try {
            return queue.fill(s);
        } finally {
            leaveProducer(entered);
        }
    }

    @Override
    public void fill(Supplier<E> s, WaitStrategy wait, ExitCondition exit) {
        final boolean entered = enterProducer("fill");
        try {
            queue.fill(s, wait, exit);
        } finally {
            leaveProducer(entered);
        }
    }

    // Consumer methods.

    @Override
    public E poll() {
        final boolean entered = enterConsumer("poll");
        try {
            return queue.poll();
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public E relaxedPoll() {
        final boolean entered = enterConsumer("relaxedPoll");
        try {
            return queue.relaxedPoll();
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public E peek() {
        final boolean entered = enterConsumer("peek");
        try {
            return queue.peek();
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public E relaxedPeek() {
        final boolean entered = enterConsumer("relaxedPeek");
        try {
            return queue.relaxedPeek();
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public void clear() {
        final boolean entered = enterConsumer("clear");
        try {
            queue.clear();
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public int drain(Consumer<E> c, int limit) {
        final boolean entered = enterConsumer("drain");
        try {
            return queue.drain(c, limit);
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public int drain(Consumer<E> c) {
        final boolean entered = enterConsumer("drain");
        try {
            return queue.drain(c);
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public void drain(Consumer<E> c, WaitStrategy wait, ExitCondition exit) {
        final boolean entered = enterConsumer("drain");
        try {
            queue.drain(c, wait, exit);
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public boolean remove(Object o) {
        final boolean entered = enterConsumer("remove");
        try {
            return queue instanceof Collection ? ((Collection<?>) queue).remove(o) : super.remove(o);
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        final boolean entered = enterConsumer("removeAll");
        try {
            return queue instanceof Collection ? ((Collection<?>) queue).removeAll(c) : super.removeAll(c);
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        final boolean entered = enterConsumer("retainAll");
        try {
            return queue instanceof Collection ? ((Collection<?>) queue).retainAll(c) : super.retainAll(c);
        } finally {
            leaveConsumer(entered);
        }
    }

    @Override
    public boolean removeIf(java.util.function.Predicate<? super E> filter) {
        final boolean entered = enterConsumer("removeIf");
        try {
            return queue instanceof Collection ? asCollection().removeIf(filter) : super.removeIf(filter);
        } finally {
            leaveConsumer(entered);
        }
    }

    // Methods for any thread.

    @Override
    public int size() {
        return queue.size();
    }

    @Override
    public boolean isEmpty() {
        return queue.isEmpty();
    }

    @Override
    public int capacity() {
        return queue.capacity();
    }

    @Override
    public Iterator<E> iterator() {
        if (!(queue instanceof Collection)) {
            throw new UnsupportedOperationException("the checked queue is not a java.util.Collection");
        }
        return asCollection().iterator();
    }

    /**
     * The queue's own spliterator (for this package's queues: late-binding, {@code CONCURRENT},
     * never {@code SIZED}), not {@link AbstractQueue}'s, which would report the view's size as
     * exact while other threads change it.
     *
     * @return a spliterator over the elements
     * @throws UnsupportedOperationException if the checked queue is not a {@link Collection}
     */
    @Override
    public Spliterator<E> spliterator() {
        if (!(queue instanceof Collection)) {
            throw new UnsupportedOperationException("the checked queue is not a java.util.Collection");
        }
        return asCollection().spliterator();
    }

    @Override
    public boolean contains(Object o) {
        return queue instanceof Collection ? ((Collection<?>) queue).contains(o) : super.contains(o);
    }

    @Override
    public Object[] toArray() {
        return queue instanceof Collection ? ((Collection<?>) queue).toArray() : super.toArray();
    }

    @Override
    public <T> T[] toArray(T[] a) {
        return queue instanceof Collection ? ((Collection<?>) queue).toArray(a) : super.toArray(a);
    }

    @SuppressWarnings("unchecked")
    private Collection<E> asCollection() {
        return (Collection<E>) queue;
    }

    /**
     * The queue's own description, then the threads in each single side now (a snapshot: what a
     * bug report needs), e.g. {@code Checked[org.jcq.queues.MpscArrayQueue@1b6d3586[...],
     * consumer=Thread[#1,main,5,main] in poll]}.
     */
    @Override
    public String toString() {
        final StringBuilder b = new StringBuilder("Checked[").append(queue);
        side(b, "producer", singleProducer, (Thread) PRODUCER.getAcquire(this), producerMethod);
        side(b, "consumer", singleConsumer, (Thread) CONSUMER.getAcquire(this), consumerMethod);
        return b.append(']').toString();
    }

    private static void side(StringBuilder b, String side, boolean single, Thread owner, String method) {
        b.append(", ").append(side).append('=');
        if (!single) {
            b.append("any threads");
        } else if (owner == null) {
            b.append("none now");
        } else {
            b.append(owner).append(" in ").append(method);
        }
    }
}
