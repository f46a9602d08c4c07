package org.jcq.reactor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;

/**
 * Collects what a sink delivers when several threads emit, and checks on the way that
 * {@code onNext} never runs on two threads at once (Reactive Streams' rule, which the unicast sink
 * keeps by draining under its own counter). Requests everything on subscription.
 */
final class CollectingSubscriber<T> extends BaseSubscriber<T> {
    /** Filled by onNext, which the overlap check shows to run one call at a time. */
    private final List<T> values = new ArrayList<>();
    private final AtomicInteger inOnNext = new AtomicInteger();
    private final AtomicInteger overlaps = new AtomicInteger();
    private final CountDownLatch terminated = new CountDownLatch(1);
    private volatile Throwable error;
    private volatile boolean completed;

    @Override
    protected void hookOnSubscribe(Subscription subscription) {
        requestUnbounded();
    }

    @Override
    protected void hookOnNext(T value) {
        if (inOnNext.incrementAndGet() != 1) {
            overlaps.incrementAndGet();
        }
        values.add(value);
        inOnNext.decrementAndGet();
    }

    @Override
    protected void hookOnComplete() {
        completed = true;
        terminated.countDown();
    }

    @Override
    protected void hookOnError(Throwable throwable) {
        error = throwable;
        terminated.countDown();
    }

    /**
     * Waits for completion and returns what arrived, in order.
     *
     * @throws AssertionError if the sink did not complete in time, failed, or called onNext on two
     *     threads at once
     */
    List<T> awaitCompletion(Duration timeout) throws InterruptedException {
        if (!terminated.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("no terminal signal within " + timeout + "; " + values.size() + " values so far");
        }
        if (error != null) {
            throw new AssertionError("the sink failed", error);
        }
        if (!completed) {
            throw new AssertionError("terminated without completing");
        }
        if (overlaps.get() != 0) {
            throw new AssertionError("onNext ran on two threads at once " + overlaps.get() + " times");
        }
        // The latch orders every onNext before this read.
        return values;
    }
}
