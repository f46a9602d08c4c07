package org.jcq.benchmarks.latency;

import java.util.Queue;
import java.util.concurrent.TimeUnit;

/**
 * The served side's thread: polls (spinning while the queue is empty, so what is measured is the
 * queue's hand-over, not a thread's wake-up), performs the optional simulated work, then takes
 * the receive timestamp and records the message's times. "Received" means done with: the work is
 * inside the service and response times.
 * <p>
 * Two ways to stall in a known way, for the self-tests: {@code workNanos} busy-spins that long
 * from the moment the message was taken; a global pause stops the consumer between messages for
 * {@code pauseMillis} at the start of every {@code pauseEveryMillis} period after T0 (the first
 * at T0 + pauseEveryMillis), as a stop-the-world collection would. Both busy-wait rather than
 * park, so they end on time: a parked thread may wake late on a busy machine, which would blur
 * the known shape the self-tests check.
 * <p>
 * After the sender stops, the consumer drains what it sent, giving up at the end of sending plus
 * the drain timeout; messages it did not receive count as lost.
 */
final class Consumer implements Runnable {
    private static final long NANOS_PER_MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    private final Queue<Message> queue;
    private final LatencyRecorders recorders;
    private final Progress progress;
    private final boolean scheduled;
    private final long workNanos;
    private final boolean pauses;
    private final long pauseEveryNanos;
    private final long pauseNanos;
    private final long drainDeadline;

    private long nextPause;
    private long received;
    private long outOfOrder;
    private double cpuShare = Double.NaN;

    Consumer(Queue<Message> queue, LatencyRecorders recorders, Progress progress, RunClock clock,
             LatencyConfig config) {
        this.queue = queue;
        this.recorders = recorders;
        this.progress = progress;
        this.scheduled = config.scheduled();
        this.workNanos = config.workNanos();
        this.pauses = config.pauseEveryMillis() > 0 && config.pauseMillis() > 0;
        this.pauseEveryNanos = config.pauseEveryMillis() * NANOS_PER_MILLI;
        this.pauseNanos = config.pauseMillis() * NANOS_PER_MILLI;
        this.nextPause = clock.startNanos() + pauseEveryNanos;
        this.drainDeadline = clock.sendEndNanos() + config.drainTimeoutNanos();
    }

    @Override
    public void run() {
        cpuShare = CpuShare.whileRunning(this::consumeAll);
    }

    private void consumeAll() {
        for (;;) {
            if (pauses) {
                pauseIfDue();
            }
            final Message m = queue.poll();
            if (m != null) {
                receive(m);
            } else if (drained()) {
                return;
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private void receive(Message m) {
        final long receivedNanos = workNanos == 0 ? System.nanoTime() : workFor(workNanos);
        final long intended = m.intendedNanos;
        final long sent = m.sentNanos;
        if (m.sequence != received) {
            outOfOrder++;
        }
        // Done with m's fields: the sender may now reuse its slot.
        progress.received(++received);
        if (scheduled) {
            recorders.record(intended, sent, receivedNanos);
        } else {
            recorders.recordService(sent, receivedNanos);
        }
    }

    /** Busy-spins until {@code nanos} have passed since now. @return the time it ended */
    private static long workFor(long nanos) {
        return spinUntil(System.nanoTime() + nanos);
    }

    /** @return the first time read at or after {@code deadline} */
    private static long spinUntil(long deadline) {
        long now;
        while ((now = System.nanoTime()) < deadline) {
            Thread.onSpinWait();
        }
        return now;
    }

    private boolean drained() {
        final long total = progress.sentTotal();
        return total != Progress.SENDING && (received >= total || System.nanoTime() >= drainDeadline);
    }

    private void pauseIfDue() {
        final long now = System.nanoTime();
        if (now < nextPause) {
            return;
        }
        spinUntil(nextPause + pauseNanos);
        while (nextPause <= now) {
            nextPause += pauseEveryNanos;
        }
    }

    /** @return messages received (read after the consumer thread ended) */
    long received() {
        return received;
    }

    /** @return the share of the run the consumer was on a core (see {@link CpuShare}) */
    double cpuShare() {
        return cpuShare;
    }

    /** @return messages received out of their sending order: 0 for a FIFO queue */
    long outOfOrder() {
        return outOfOrder;
    }
}
