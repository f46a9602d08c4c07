package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

import org.jcq.internal.Flight;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Flight Recorder events: each test starts a recording with the events at threshold 0, makes
 * one thread wait for another for {@link #HOLD_MILLIS} (a producer that sleeps in its fill's
 * supplier after claiming, a consumer that sleeps in its drain's callback, a blocking take or put
 * with nothing to take or no room, two threads on a checked queue's single side), dumps the
 * recording, reads it back and checks the events' fields: queue class, index or side, duration,
 * and the thread and method that waited.
 */
class FlightRecorderTest {
    /** How long a thread holds the other up. */
    private static final long HOLD_MILLIS = 300;
    /** The least duration such a hold's event must show: the sleep less a wide margin for a loaded machine. */
    private static final Duration AT_LEAST = Duration.ofMillis(100);

    private static final String[] EVENTS = {"org.jcq.ProducerStall", "org.jcq.RoomWait", "org.jcq.Park",
            "org.jcq.CheckedViolation"};

    @TempDir
    Path dir;
    private Recording recording;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    @BeforeEach
    void startRecording() {
        assertTrue(Flight.ON, "jdk.jfr is in the test runtime's boot layer");
        recording = new Recording();
        for (String name : EVENTS) {
            recording.enable(name).withThreshold(Duration.ZERO).withStackTrace();
        }
        recording.start();
    }

    @AfterEach
    void closeRecording() {
        recording.close();
    }

    /** Stops the recording, dumps it and reads back the events named {@code name}. */
    private List<RecordedEvent> events(String name) throws IOException {
        recording.stop();
        final Path file = dir.resolve("events.jfr");
        recording.dump(file);
        assertTrue(Files.size(file) > 0, "dumped");
        return RecordingFile.readAllEvents(file).stream().filter(e -> e.getEventType().getName().equals(name))
                .collect(Collectors.toList());
    }

    /** The single event named {@code name} whose queue class is {@code type}. */
    private RecordedEvent single(String name, Class<?> type) throws IOException {
        final List<RecordedEvent> all = events(name);
        final List<RecordedEvent> of = all.stream()
                .filter(e -> e.getClass("queueClass").getName().equals(type.getName()))
                .collect(Collectors.toList());
        assertEquals(1, of.size(), name + " events of " + type.getName() + ": " + all);
        return of.get(0);
    }

    private static void assertWaitedInThisThread(RecordedEvent e, String method) {
        assertTrue(e.getDuration().compareTo(AT_LEAST) >= 0, "duration " + e.getDuration() + " of " + e);
        assertEquals(Thread.currentThread().getName(), e.getThread().getJavaName(), "thread");
        assertTrue(e.getStackTrace().getFrames().stream().map(RecordedFrame::getMethod)
                .anyMatch(m -> m.getName().equals(method)), "no " + method + " in " + e.getStackTrace());
    }

    private Thread start(String name, Runnable body) {
        final Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private void join(Thread t) throws Throwable {
        t.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(t.isAlive(), t.getName() + " did not finish");
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(HOLD_MILLIS);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(30, TimeUnit.SECONDS), "latch");
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static IntFunction<MessagePassingQueue<Integer>> mpsc(String kind) {
        switch (kind) {
            case "ring":
                return MpscArrayQueue::new;
            case "chunked":
                return MpscChunkedArrayQueue::new;
            default:
                throw new IllegalArgumentException(kind);
        }
    }

    /**
     * A consumer polls while a producer that has claimed the head sleeps in its fill's supplier:
     * one {@code org.jcq.ProducerStall} at that index, in the consumer's thread, at least as long
     * as most of the sleep. (The fetch-and-add queues ask their fill's supplier before they claim,
     * and a linked-node queue's producer cannot be held between its swap and its link, so their
     * stalls cannot be made to order.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"ring", "chunked"})
    void consumerWaitingForAClaimedSlotIsAProducerStall(String kind) throws Throwable {
        final MessagePassingQueue<Integer> q = mpsc(kind).apply(8);
        for (int i = 0; i < 3; i++) {
            assertTrue(q.offer(i));
            assertEquals(i, q.poll());
        }
        final CountDownLatch claimed = new CountDownLatch(1);
        final Thread producer = start("slow-producer", () -> assertEquals(1, q.fill(() -> {
            claimed.countDown();
            sleep();
            return 42;
        }, 1)));
        await(claimed);
        assertEquals(42, q.poll());
        join(producer);
        final RecordedEvent e = single("org.jcq.ProducerStall", q.getClass());
        assertEquals(3L, e.getLong("index"), "index");
        assertWaitedInThisThread(e, "poll");
    }

    /**
     * A single producer offers into a slot whose element a consumer has claimed and sleeps in its
     * drain's callback before clearing: one {@code org.jcq.RoomWait} at that producer index.
     */
    @Test
    void producerWaitingForAClaimedSlotToBeClearedIsARoomWait() throws Throwable {
        final SpmcArrayQueue<Integer> q = new SpmcArrayQueue<>(4);
        for (int i = 0; i < 4; i++) {
            assertTrue(q.offer(i));
        }
        final CountDownLatch draining = new CountDownLatch(1);
        final Thread consumer = start("slow-consumer", () -> assertEquals(4, q.drain(e -> {
            if (e == 0) {
                draining.countDown();
                sleep();
            }
        }, 4)));
        await(draining);
        // Slot 0 was cleared before the callback; slot 1 still holds element 1, claimed.
        assertTrue(q.offer(4));
        assertTrue(q.offer(5));
        join(consumer);
        final RecordedEvent e = single("org.jcq.RoomWait", q.getClass());
        assertEquals(5L, e.getLong("index"), "index");
        assertWaitedInThisThread(e, "offer");
    }

    /** A take with nothing to take parks until a producer offers: one consumer park, done. */
    @Test
    void takeThatWaitsIsAConsumerPark() throws Throwable {
        final MpscBlockingConsumerArrayQueue<Integer> q = new MpscBlockingConsumerArrayQueue<>(8);
        final Thread producer = start("late-producer", () -> {
            sleep();
            assertTrue(q.offer(7));
        });
        assertEquals(7, q.take());
        join(producer);
        final RecordedEvent e = single("org.jcq.Park", q.getClass());
        assertEquals("consumer", e.getString("side"));
        assertTrue(e.getBoolean("done"), "done");
        assertWaitedInThisThread(e, "take");
    }

    /** A timed poll that times out: one consumer park, not done, about as long as the time-out. */
    @Test
    void timedPollThatTimesOutIsAConsumerParkNotDone() throws Throwable {
        final MpmcBlockingArrayQueue<Integer> q = new MpmcBlockingArrayQueue<>(8);
        assertNull(q.poll(HOLD_MILLIS, TimeUnit.MILLISECONDS));
        final RecordedEvent e = single("org.jcq.Park", q.getClass());
        assertEquals("consumer", e.getString("side"));
        assertFalse(e.getBoolean("done"), "done");
        assertWaitedInThisThread(e, "poll");
    }

    /** A put into a full queue parks until a consumer polls: one producer park, done. */
    @Test
    void putThatWaitsForRoomIsAProducerPark() throws Throwable {
        final MpmcBlockingArrayQueue<Integer> q = new MpmcBlockingArrayQueue<>(2);
        assertTrue(q.offer(1));
        assertTrue(q.offer(2));
        final Thread consumer = start("late-consumer", () -> {
            sleep();
            assertEquals(1, q.poll());
        });
        q.put(3);
        join(consumer);
        final RecordedEvent e = single("org.jcq.Park", q.getClass());
        assertEquals("producer", e.getString("side"));
        assertTrue(e.getBoolean("done"), "done");
        assertWaitedInThisThread(e, "put");
    }

    /** No park, no event: a take that finds an element, a put that finds room. */
    @Test
    void waitsThatDoNotParkRecordNothing() throws Throwable {
        final MpmcBlockingArrayQueue<Integer> q = new MpmcBlockingArrayQueue<>(2);
        q.put(1);
        assertEquals(1, q.take());
        assertEquals(List.of(), events("org.jcq.Park"));
    }

    /**
     * A second thread calls poll on a checked MPSC queue while the first is in drain's callback:
     * one {@code org.jcq.CheckedViolation} naming the queue's class, the side, both threads and
     * both methods, with the second thread's stack.
     */
    @Test
    void overlapCaughtByACheckedQueueIsACheckedViolation() throws Throwable {
        final CheckedQueue<Integer> q = CheckedQueue.wrap(new MpscArrayQueue<>(8));
        assertTrue(q.offer(1));
        final CountDownLatch inside = new CountDownLatch(1);
        final CountDownLatch caught = new CountDownLatch(1);
        final Thread first = start("first-consumer", () -> q.drain(e -> {
            inside.countDown();
            await(caught);
        }));
        await(inside);
        try {
            assertThrows(IllegalStateException.class, q::poll);
        } finally {
            caught.countDown();
        }
        join(first);
        final RecordedEvent e = single("org.jcq.CheckedViolation", MpscArrayQueue.class);
        assertEquals("consumer", e.getString("side"));
        assertEquals(Thread.currentThread().getName(), e.getString("thread"));
        assertEquals("poll", e.getString("method"));
        assertEquals("first-consumer", e.getString("insideThread"));
        assertEquals("drain", e.getString("insideMethod"));
        assertEquals(Thread.currentThread().getName(), e.getThread().getJavaName(), "thread");
    }
}
