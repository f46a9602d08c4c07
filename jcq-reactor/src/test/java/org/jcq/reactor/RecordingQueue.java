package org.jcq.reactor;

import java.util.Collection;
import java.util.Iterator;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A queue that hands every call to a JCQ queue and records what it sees: the name of each
 * {@link Queue} method called (every abstract method of the interface is overridden, and its default
 * methods reach the delegate only through them, mostly through the iterator), the threads that
 * polled, how many offers ran and how many ran at the same time. It can hold
 * the first offer until the test lets it go, which stands for a producer preempted inside
 * {@code offer}: what a second emitter can do meanwhile tells whether the sink serializes
 * emissions.
 */
final class RecordingQueue<T> implements Queue<T> {
    private final Queue<T> delegate;
    private final Set<String> calls = ConcurrentHashMap.newKeySet();
    private final Set<String> pollingThreads = ConcurrentHashMap.newKeySet();
    private final AtomicInteger offers = new AtomicInteger();
    private final AtomicInteger offersUnderWay = new AtomicInteger();
    private final AtomicInteger mostOffersAtOnce = new AtomicInteger();
    private final boolean holdFirstOffer;
    private final AtomicBoolean firstOfferTaken = new AtomicBoolean();
    private final CountDownLatch firstOfferEntered = new CountDownLatch(1);
    private final CountDownLatch firstOfferReleased = new CountDownLatch(1);

    private RecordingQueue(Queue<T> delegate, boolean holdFirstOffer) {
        this.delegate = delegate;
        this.holdFirstOffer = holdFirstOffer;
    }

    /** Records the calls made on {@code delegate}. */
    static <T> RecordingQueue<T> recording(Queue<T> delegate) {
        return new RecordingQueue<>(delegate, false);
    }

    /** Records the calls, and holds the first offer before it reaches {@code delegate}. */
    static <T> RecordingQueue<T> holdingFirstOffer(Queue<T> delegate) {
        return new RecordingQueue<>(delegate, true);
    }

    /** The names of the methods called so far. */
    Set<String> calls() {
        return Set.copyOf(calls);
    }

    /** The names of the threads that called {@code poll} so far. */
    Set<String> pollingThreads() {
        return Set.copyOf(pollingThreads);
    }

    /** The offers made so far (a held offer counts from the moment it enters). */
    int offers() {
        return offers.get();
    }

    /** The most offers that were under way at one moment. */
    int mostOffersAtOnce() {
        return mostOffersAtOnce.get();
    }

    /** Waits until the held first offer has entered; false if it did not within the timeout. */
    boolean awaitFirstOffer(long seconds) throws InterruptedException {
        return firstOfferEntered.await(seconds, TimeUnit.SECONDS);
    }

    /** Lets the held first offer go on to the delegate. */
    void releaseFirstOffer() {
        firstOfferReleased.countDown();
    }

    private void record(String method) {
        calls.add(method);
    }

    @Override
    public boolean offer(T e) {
        record("offer");
        offers.incrementAndGet();
        final int underWay = offersUnderWay.incrementAndGet();
        mostOffersAtOnce.accumulateAndGet(underWay, Math::max);
        try {
            if (holdFirstOffer && firstOfferTaken.compareAndSet(false, true)) {
                firstOfferEntered.countDown();
                awaitRelease();
            }
            return delegate.offer(e);
        } finally {
            offersUnderWay.decrementAndGet();
        }
    }

    private void awaitRelease() {
        try {
            if (!firstOfferReleased.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the held offer was never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while holding the first offer", e);
        }
    }

    @Override
    public T poll() {
        record("poll");
        pollingThreads.add(Thread.currentThread().getName());
        return delegate.poll();
    }

    @Override
    public boolean isEmpty() {
        record("isEmpty");
        return delegate.isEmpty();
    }

    @Override
    public int size() {
        record("size");
        return delegate.size();
    }

    @Override
    public void clear() {
        record("clear");
        delegate.clear();
    }

    @Override
    public T peek() {
        record("peek");
        return delegate.peek();
    }

    @Override
    public boolean add(T e) {
        record("add");
        return delegate.add(e);
    }

    @Override
    public T remove() {
        record("remove()");
        return delegate.remove();
    }

    @Override
    public T element() {
        record("element");
        return delegate.element();
    }

    @Override
    public boolean remove(Object o) {
        record("remove(Object)");
        return delegate.remove(o);
    }

    @Override
    public boolean contains(Object o) {
        record("contains");
        return delegate.contains(o);
    }

    @Override
    public Iterator<T> iterator() {
        record("iterator");
        return delegate.iterator();
    }

    @Override
    public Object[] toArray() {
        record("toArray");
        return delegate.toArray();
    }

    @Override
    public <A> A[] toArray(A[] a) {
        record("toArray");
        return delegate.toArray(a);
    }

    @Override
    public boolean containsAll(Collection<?> c) {
        record("containsAll");
        return delegate.containsAll(c);
    }

    @Override
    public boolean addAll(Collection<? extends T> c) {
        record("addAll");
        return delegate.addAll(c);
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        record("removeAll");
        return delegate.removeAll(c);
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        record("retainAll");
        return delegate.retainAll(c);
    }

    @Override
    public String toString() {
        record("toString");
        return delegate.toString();
    }
}
