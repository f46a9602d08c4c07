package org.jcq.log4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.config.Configurator;
import org.jcq.queues.MpscBlockingConsumerArrayQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * JCQ's queue in a real Log4j2 configuration ({@code src/test/resources/async-jcq*.xml}, loaded
 * as a user's would be): the {@code <JcqBlockingQueue/>} element is found, every event arrives
 * once and in each thread's order, a full queue is handled as the appender's settings say, and
 * stopping the context delivers what the queue holds. Waits are bounded (a hang fails the test).
 */
class AsyncAppenderTest {
    private static final long WAIT_MS = TimeUnit.SECONDS.toMillis(30);

    private LoggerContext context;

    private LoggerContext start(String config) {
        context = Configurator.initialize(config + "-" + System.nanoTime(), getClass().getClassLoader(), config);
        assertTrue(context.isStarted(), "the configuration did not start");
        return context;
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
    }

    private static Object queueOf(AsyncAppender appender) throws ReflectiveOperationException {
        final Field queue = AsyncAppender.class.getDeclaredField("queue");
        queue.setAccessible(true);
        return queue.get(appender);
    }

    @Test
    void theElementGivesTheAppenderAJcqQueueOfItsBufferSize() throws ReflectiveOperationException {
        final LoggerContext ctx = start("async-jcq.xml");
        final AsyncAppender async = ctx.getConfiguration().getAppender("Async");
        final MpscBlockingConsumerArrayQueue<?> q = assertInstanceOf(MpscBlockingConsumerArrayQueue.class, queueOf(async));
        assertEquals(64, q.capacity());
        assertEquals(64, async.getQueueCapacity());
        assertEquals("JcqBlockingQueue", String.valueOf(JcqBlockingQueueFactory.createFactory()));
    }

    @Test
    void theFactoryRoundsUpAndRejectsWhatArrayBlockingQueueRejects() {
        final JcqBlockingQueueFactory<String> factory = JcqBlockingQueueFactory.createFactory();
        assertEquals(128, ((MpscBlockingConsumerArrayQueue<String>) factory.create(100)).capacity());
        assertThrows(IllegalArgumentException.class, () -> factory.create(0));
        assertThrows(IllegalArgumentException.class, () -> factory.create(-1));
    }

    /** Many loggers through a small buffer (so they wait for room often): all arrive, in order per thread. */
    @Test
    void manyLoggingThreadsLoseNothingAndKeepEachThreadsOrder() throws InterruptedException {
        final LoggerContext ctx = start("async-jcq.xml");
        final Logger logger = ctx.getLogger("test");
        final int threads = 8;
        final int each = 5_000;
        final List<Thread> loggers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int id = t;
            loggers.add(new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    logger.info("{} {}", id, i);
                }
            }, "logger-" + t));
        }
        loggers.forEach(Thread::start);
        for (Thread t : loggers) {
            t.join(WAIT_MS);
            assertFalse(t.isAlive(), t.getName() + " is stuck");
        }
        ctx.stop();
        final List<String> got = RecorderAppender.named("Blocking-Recorder").messages();
        assertEquals(threads * each, got.size());
        final int[] next = new int[threads];
        for (String m : got) {
            final String[] parts = m.split(" ");
            final int id = Integer.parseInt(parts[0]);
            assertEquals(next[id]++, Integer.parseInt(parts[1]), "thread " + id + " out of order");
        }
    }

    /**
     * blocking="true" (the default) with Log4j2's default queue-full policy: a logger that finds
     * the queue full waits (in put) until the appender thread makes room, then goes on; nothing
     * is dropped and the order holds.
     */
    @Test
    void aFullQueueMakesTheLoggerWaitUntilTheAppenderMakesRoom() throws InterruptedException {
        final LoggerContext ctx = start("async-jcq.xml");
        final RecorderAppender recorder = RecorderAppender.named("Blocking-Recorder");
        recorder.hold();
        final Logger logger = ctx.getLogger("test");
        final int events = 200;
        final Thread t = new Thread(() -> {
            for (int i = 0; i < events; i++) {
                logger.info("{}", i);
            }
        }, "logger");
        t.start();
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MS);
        while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING) {
            assertTrue(t.isAlive(), "the logger never waited: it dropped events or never filled the queue");
            assertTrue(System.nanoTime() < deadline, "the logger never waited");
            Thread.sleep(1);
        }
        assertTrue(recorder.messages().isEmpty());
        recorder.open();
        t.join(WAIT_MS);
        assertFalse(t.isAlive(), "the logger was not woken after the appender made room");
        ctx.stop();
        final List<String> got = recorder.messages();
        assertEquals(events, got.size());
        for (int i = 0; i < events; i++) {
            assertEquals(String.valueOf(i), got.get(i));
        }
    }

    /** blocking="false": the events that find the queue full go to the errorRef appender, each once. */
    @Test
    void withoutBlockingAFullQueueSendsEventsToTheErrorAppender() throws InterruptedException {
        final LoggerContext ctx = start("async-jcq-nonblocking.xml");
        final RecorderAppender recorder = RecorderAppender.named("NonBlocking-Recorder");
        final RecorderAppender overflow = RecorderAppender.named("NonBlocking-Overflow");
        recorder.hold();
        final Logger logger = ctx.getLogger("test");
        final int events = 100;
        for (int i = 0; i < events; i++) {
            logger.info("{}", i);
        }
        // The queue holds 16 and the appender thread holds at most one: the rest overflowed.
        assertTrue(overflow.messages().size() >= events - 17, "overflow " + overflow.messages().size());
        recorder.open();
        ctx.stop();
        final Set<String> all = new HashSet<>(recorder.messages());
        all.addAll(overflow.messages());
        assertEquals(events, recorder.messages().size() + overflow.messages().size(), "an event twice");
        assertEquals(events, all.size(), "an event lost");
        int last = -1;
        for (String m : recorder.messages()) {
            assertTrue(Integer.parseInt(m) > last, "out of order");
            last = Integer.parseInt(m);
        }
    }

    /** Stopping the context hands every queued event to the appender before it returns. */
    @Test
    void stopDeliversEverythingQueued() throws InterruptedException {
        final LoggerContext ctx = start("async-jcq.xml");
        final RecorderAppender recorder = RecorderAppender.named("Blocking-Recorder");
        recorder.hold();
        final Logger logger = ctx.getLogger("test");
        for (int i = 0; i < 50; i++) {
            logger.info("{}", i);
        }
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread stopper = new Thread(() -> {
            try {
                ctx.stop();
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "stopper");
        stopper.start();
        Thread.sleep(50);
        recorder.open();
        stopper.join(WAIT_MS);
        assertFalse(stopper.isAlive(), "stop did not return");
        assertNull(failure.get());
        assertEquals(50, recorder.messages().size());
    }
}
