package org.jcq.nojfr;

import java.util.concurrent.CountDownLatch;

import org.jcq.queues.CheckedQueue;
import org.jcq.queues.MpmcBlockingArrayQueue;
import org.jcq.queues.MpscArrayQueue;
import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.jcq.queues.SpmcArrayQueue;

/**
 * A program for {@code org.jcq.queues.JfrAbsentTest}, run in a JVM of its own: goes down every
 * wait that has a Flight Recorder event, each held for {@value #HOLD_MILLIS} ms (over every
 * event's default threshold), then prints one line saying whether {@code jdk.jfr} was there and
 * where core was loaded. It uses the API only, so that it runs with core on the module path (in a
 * package of its own: the test classes' {@code org.jcq.queues} is core's package there).
 */
public final class WaitPaths {
    static final long HOLD_MILLIS = 250;

    private WaitPaths() {
    }

    public static void main(String[] args) throws Exception {
        consumerWaitsForClaimedSlot();
        takeParks();
        putParks();
        producerWaitsForClaimedSlotToClear();
        checkedOverlap();
        final boolean jfr = ModuleLayer.boot().findModule("jdk.jfr").isPresent();
        final Module core = MpscArrayQueue.class.getModule();
        System.out.println("waits ran: jdk.jfr " + (jfr ? "present" : "absent") + ", core in "
                + (core.isNamed() ? "module " + core.getName() : "the unnamed module"));
    }

    private static void consumerWaitsForClaimedSlot() throws InterruptedException {
        final MpscArrayQueue<Integer> q = new MpscArrayQueue<>(8);
        final CountDownLatch claimed = new CountDownLatch(1);
        final Thread producer = new Thread(() -> q.fill(() -> {
            claimed.countDown();
            hold();
            return 1;
        }, 1));
        producer.start();
        claimed.await();
        check(Integer.valueOf(1).equals(q.poll()), "poll after the producer's store");
        producer.join();
    }

    private static void takeParks() throws InterruptedException {
        final MpscBlockingConsumerArrayQueue<Integer> q = new MpscBlockingConsumerArrayQueue<>(8);
        final Thread producer = new Thread(() -> {
            hold();
            q.offer(2);
        });
        producer.start();
        check(q.take() == 2, "take");
        producer.join();
    }

    private static void putParks() throws InterruptedException {
        final MpmcBlockingArrayQueue<Integer> q = new MpmcBlockingArrayQueue<>(2);
        q.put(1);
        q.put(2);
        final Thread consumer = new Thread(() -> {
            hold();
            q.poll();
        });
        consumer.start();
        q.put(3);
        consumer.join();
        check(q.size() == 2, "put after the poll");
    }

    private static void producerWaitsForClaimedSlotToClear() throws InterruptedException {
        final SpmcArrayQueue<Integer> q = new SpmcArrayQueue<>(4);
        for (int i = 0; i < 4; i++) {
            q.offer(i);
        }
        final CountDownLatch draining = new CountDownLatch(1);
        final Thread consumer = new Thread(() -> q.drain(e -> {
            if (e == 0) {
                draining.countDown();
                hold();
            }
        }, 4));
        consumer.start();
        draining.await();
        check(q.offer(4) && q.offer(5), "offers into the drained slots");
        consumer.join();
    }

    private static void checkedOverlap() throws InterruptedException {
        final CheckedQueue<Integer> q = CheckedQueue.wrap(new MpscArrayQueue<>(8));
        q.offer(1);
        final CountDownLatch inside = new CountDownLatch(1);
        final CountDownLatch caught = new CountDownLatch(1);
        final Thread first = new Thread(() -> q.drain(e -> {
            inside.countDown();
            try {
                caught.await();
            } catch (InterruptedException x) {
                throw new IllegalStateException(x);
            }
        }));
        first.start();
        inside.await();
        try {
            q.poll();
            throw new AssertionError("a second consumer was not caught");
        } catch (IllegalStateException expected) {
            // The checked queue's overlap.
        } finally {
            caught.countDown();
        }
        first.join();
    }

    private static void hold() {
        try {
            Thread.sleep(HOLD_MILLIS);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
