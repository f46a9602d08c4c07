package org.jcq.benchmarks.log4j;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.async.ArrayBlockingQueueFactory;
import org.apache.logging.log4j.core.async.BlockingQueueFactory;
import org.apache.logging.log4j.core.async.JCToolsBlockingQueueFactory;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.jcq.log4j.JcqBlockingQueueFactory;

/**
 * Log4j2's {@code AsyncAppender} with a given queue, in front of an appender that only counts:
 * events per second from 1 or more logging threads, and the appender thread's CPU time while
 * idle. One queue per JVM (run it once per queue and round, alternating: {@code log4j-async.sh}).
 * <p>
 * Each logging thread logs {@code events} parameterised messages as fast as it can; the time is
 * from the start signal until the counting appender has seen them all. A warm-up pass of the same
 * size comes first. Then the appender thread's CPU time over {@code idleMillis} of silence.
 * <p>
 * Queues: {@code jcq} ({@link JcqBlockingQueueFactory}), {@code jctools} (Log4j2's
 * {@link JCToolsBlockingQueueFactory}, wait strategy PARK, its default), {@code abq} (Log4j2's
 * default, {@link ArrayBlockingQueueFactory}). The appender is {@code blocking="true"} with
 * Log4j2's default queue-full policy (a full queue makes the logger wait in {@code put}).
 * <p>
 * usage: {@code java -cp benchmarks.jar org.jcq.benchmarks.log4j.AsyncAppenderBench QUEUE THREADS
 * [EVENTS_PER_THREAD [BUFFER [IDLE_MS]]]}; prints
 * {@code log4j-async-appender qType=QUEUE threads=N eventsPerSecond=R idleCpuMs=C} (the appender
 * thread's CPU time over the idle period), the result line {@code org.jcq.benchmarks.tools.Pack}
 * and {@code Ratio} read.
 */
public final class AsyncAppenderBench {
    /** The first word of the result line. */
    public static final String LINE_PREFIX = "log4j-async-appender";

    private AsyncAppenderBench() {
    }

    /** Counts events; only the appender thread calls it. */
    static final class Counting extends AbstractAppender {
        private volatile long count;

        Counting(String name) {
            super(name, null, null, true, Property.EMPTY_ARRAY);
        }

        @Override
        public void append(LogEvent event) {
            // One writer (the async appender's thread): a volatile increment needs no CAS.
            count = count + 1;
        }

        long count() {
            return count;
        }
    }

    static BlockingQueueFactory<LogEvent> factory(String name) {
        switch (name) {
            case "jcq":
                return JcqBlockingQueueFactory.createFactory();
            case "jctools":
                return JCToolsBlockingQueueFactory.createFactory(JCToolsBlockingQueueFactory.WaitStrategy.PARK);
            case "abq":
                return ArrayBlockingQueueFactory.createFactory();
            default:
                throw new IllegalArgumentException("queue must be jcq, jctools or abq, not " + name);
        }
    }

    // "unchecked": AsyncAppender.newBuilder() returns a raw Builder (Log4j2 2.26.1).
    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: AsyncAppenderBench jcq|jctools|abq THREADS [EVENTS_PER_THREAD [BUFFER [IDLE_MS]]]");
            System.exit(2);
        }
        final String queue = args[0];
        final int threads = Integer.parseInt(args[1]);
        final int events = args.length > 2 ? Integer.parseInt(args[2]) : 500_000;
        final int buffer = args.length > 3 ? Integer.parseInt(args[3]) : 1024;
        final long idleMillis = args.length > 4 ? Long.parseLong(args[4]) : 2000;

        final LoggerContext context = new LoggerContext("async-bench");
        final Configuration config = new DefaultConfiguration();
        final Counting counter = new Counting("Counter");
        // Not started here: context.start(config) starts every appender of the configuration (an
        // AsyncAppender started twice runs two consumer threads on its single-consumer queue).
        config.addAppender(counter);
        final AsyncAppender async = AsyncAppender.newBuilder()
                .setName("Async")
                .setAppenderRefs(new AppenderRef[] {AppenderRef.createAppenderRef("Counter", null, null)})
                .setBlocking(true)
                .setBufferSize(buffer)
                .setBlockingQueueFactory(factory(queue))
                .setConfiguration(config)
                .build();
        config.addAppender(async);
        final LoggerConfig loggerConfig = LoggerConfig.newBuilder()
                .setLoggerName("bench")
                .setLevel(Level.INFO)
                .setAdditivity(false)
                .setConfig(config)
                .build();
        loggerConfig.addAppender(async, null, null);
        config.addLogger("bench", loggerConfig);
        context.start(config);
        try {
            measure(context.getLogger("bench"), counter, queue, threads, events, idleMillis);
        } finally {
            context.stop();
        }
    }

    private static void measure(Logger logger, Counting counter, String queue, int threads, int events,
            long idleMillis) throws InterruptedException {

        run(logger, counter, threads, events);
        final long start = System.nanoTime();
        run(logger, counter, threads, events);
        final double seconds = (System.nanoTime() - start) / 1e9;
        final double rate = (double) threads * events / seconds;

        final Thread appenderThread = findThread("Log4j2-AsyncAppenderEventDispatcher");
        final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        final long cpuBefore = mx.getThreadCpuTime(appenderThread.getId());
        Thread.sleep(idleMillis);
        final long cpuAfter = mx.getThreadCpuTime(appenderThread.getId());
        System.out.printf(Locale.ROOT, "%s qType=%s threads=%d eventsPerSecond=%.0f idleCpuMs=%.1f%n", LINE_PREFIX, queue,
                threads, rate, (cpuAfter - cpuBefore) / 1e6);
    }

    /** Logs {@code events} messages from each of {@code threads} threads, and waits until all are counted. */
    private static void run(Logger logger, Counting counter, int threads, int events) throws InterruptedException {
        final long target = counter.count() + (long) threads * events;
        final CountDownLatch go = new CountDownLatch(1);
        final List<Thread> loggers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final Thread thread = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < events; i++) {
                    logger.info("event {}", i);
                }
            }, "logger-" + t);
            thread.start();
            loggers.add(thread);
        }
        go.countDown();
        for (Thread t : loggers) {
            t.join();
        }
        // Parks, not spins: on 2 cores a spinning main thread would slow the appender thread.
        while (counter.count() < target) {
            LockSupport.parkNanos(50_000);
        }
    }

    /** The one live thread whose name starts with {@code prefix}. */
    private static Thread findThread(String prefix) {
        Thread found = null;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix)) {
                if (found != null) {
                    throw new IllegalStateException("two threads named " + prefix + "...: " + found + ", " + t);
                }
                found = t;
            }
        }
        if (found == null) {
            throw new IllegalStateException("no thread named " + prefix + "...");
        }
        return found;
    }
}
