package org.jcq.benchmarks.latency;

import java.util.Queue;
import java.util.concurrent.locks.LockSupport;

/**
 * The load generator's thread. In a scheduled mode message n is due at T0 + n / rate, computed
 * from n each time so rounding never accumulates; the sender waits for that instant (spinning or
 * parking), then for room in the window, then offers, retrying while the queue is full. A late
 * sender never skips a message: it sends its backlog back to back, each message keeping its
 * intended time, which is what makes the response time honest. In allout mode there is no
 * schedule. Sending stops at the end of the run, whatever the backlog; the schedule's messages
 * not sent by then are counted (see {@link #scheduledCount()}).
 * <p>
 * The pool: message n uses slot n mod pool size. The sender only sends message n once fewer than
 * {@code window} messages are in flight, i.e. the consumer is done with message n - window, and
 * the pool has at least {@code window} slots, so the slot's previous message (n - pool size) is no
 * longer read by anyone when it is rewritten.
 * <p>
 * Idling (queue full, window exhausted): {@link Thread#onSpinWait()} with spin scheduling,
 * {@code LockSupport.parkNanos(1)} with park scheduling (the shortest park, some tens of
 * microseconds on Linux), so park mode leaves the core to others throughout.
 */
final class Sender implements Runnable {
    /** The shortest park: the OS rounds it up to its timer slack. */
    private static final long MIN_PARK_NANOS = 1;

    private final Queue<Message> queue;
    private final Message[] pool;
    private final int mask;
    private final Progress progress;
    private final RunClock clock;
    private final boolean scheduled;
    private final boolean spin;
    private final double periodNanos;
    private final long window;

    /** The consumer's count as last read; stale values only make the window look fuller. */
    private long receivedSeen;
    /** The first message sent at or after the warm-up's end; written by the sender thread only. */
    private long firstMeasured = -1;
    private long sent;
    private double cpuShare = Double.NaN;

    Sender(Queue<Message> queue, Progress progress, RunClock clock, LatencyConfig config) {
        this.queue = queue;
        this.progress = progress;
        this.clock = clock;
        this.scheduled = config.scheduled();
        this.spin = config.scheduling() == LatencyConfig.Scheduling.SPIN;
        this.periodNanos = config.periodNanos();
        this.window = config.window();
        final int poolSize = Integer.highestOneBit(Math.max(1, config.window() - 1)) << 1;
        this.mask = poolSize - 1;
        this.pool = new Message[poolSize];
        for (int i = 0; i < poolSize; i++) {
            pool[i] = new Message();
        }
    }

    @Override
    public void run() {
        try {
            cpuShare = CpuShare.whileRunning(this::sendAll);
        } finally {
            progress.senderDone(sent);
        }
    }

    private void sendAll() {
        final long end = clock.sendEndNanos();
        for (long n = 0; ; n++) {
            long intended = 0;
            if (scheduled) {
                intended = intendedNanos(n);
                if (intended >= end) {
                    return;
                }
                waitUntil(intended);
            }
            if (n - receivedSeen >= window && !awaitWindow(n, end)) {
                return;
            }
            final Message m = pool[(int) (n & mask)];
            m.intendedNanos = intended;
            m.sequence = n;
            if (!offer(m, end)) {
                return;
            }
            sent = n + 1;
            if (firstMeasured < 0 && m.sentNanos >= clock.warmupEndNanos()) {
                firstMeasured = n;
            }
        }
    }

    private long intendedNanos(long n) {
        return clock.startNanos() + (long) (n * periodNanos);
    }

    private void waitUntil(long deadline) {
        long now;
        while ((now = System.nanoTime()) < deadline) {
            if (spin) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(deadline - now);
            }
        }
    }

    /** @return false if the run ended while message n waited for the window */
    private boolean awaitWindow(long n, long end) {
        while (n - (receivedSeen = progress.received()) >= window) {
            if (System.nanoTime() >= end) {
                return false;
            }
            idle();
        }
        return true;
    }

    /**
     * Offers until the queue takes the message; the send time is taken just before each attempt,
     * so the one that succeeded stamps the message. Written before the offer: the queue publishes it.
     *
     * @return false if the run ended before the queue took it
     */
    private boolean offer(Message m, long end) {
        for (;;) {
            final long now = System.nanoTime();
            if (now >= end) {
                return false;
            }
            m.sentNanos = now;
            if (queue.offer(m)) {
                return true;
            }
            idle();
        }
    }

    private void idle() {
        if (spin) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(MIN_PARK_NANOS);
        }
    }

    /**
     * @return the share of its run the sender was on a core (see {@link CpuShare}); near 1 when
     *         it spins on a core of its own, low when it parks
     */
    double cpuShare() {
        return cpuShare;
    }

    /** @return messages sent in all (read after the sender thread ended) */
    long sent() {
        return sent;
    }

    /** @return messages sent at or after the warm-up's end (read after the sender thread ended) */
    long measuredSent() {
        return firstMeasured < 0 ? 0 : sent - firstMeasured;
    }

    /**
     * @return how many messages the schedule asked for before the end of sending (allout: the
     *         number sent); more than {@link #sent()} when the sender fell behind
     */
    long scheduledCount() {
        if (!scheduled) {
            return sent;
        }
        final long end = clock.sendEndNanos();
        long n = (long) ((end - clock.startNanos()) / periodNanos);
        while (n > 0 && intendedNanos(n - 1) >= end) {
            n--;
        }
        while (intendedNanos(n) < end) {
            n++;
        }
        return n;
    }
}
