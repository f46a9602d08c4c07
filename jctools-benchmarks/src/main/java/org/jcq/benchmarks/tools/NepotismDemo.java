package org.jcq.benchmarks.tools;

import org.jcq.benchmarks.support.LeakyLinkedQueue;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;

/**
 * Shows what nepotism costs, and that our linked-node queues avoid it: a steady backlog of
 * messages flows through a queue in a JVM with a small young generation, and the demo reports, per
 * million messages, the young collections, the bytes they promoted to the old generation, and the
 * full collections.
 * <p>
 * The backlog outlives a young collection or two, so some nodes are promoted; they die in the old
 * generation once consumed. A queue whose consumed nodes keep their {@code next} link
 * ({@link LeakyLinkedQueue}) then keeps every later node reachable from a dead old one, so young
 * collections copy and promote nodes that are long dead: promotion and full collections soar. A
 * queue that unlinks consumed nodes (ours self-link them, as JCTools' and the JDK's do) promotes only
 * the backlog that really survived.
 * <p>
 * Each queue runs in a fresh JVM ({@link #JVM_FLAGS}), so the flags apply and one queue's garbage
 * does not bill another. Run it with
 * {@code java -cp jctools-benchmarks/target/benchmarks.jar org.jcq.benchmarks.tools.NepotismDemo [messages [backlog]]}.
 * Promoted bytes are the old generation's growth over each young collection, from the JVM's GC
 * notifications ({@code com.sun.management}).
 */
public final class NepotismDemo {
    /** The flags of each measuring JVM: a 4 MiB young generation, serial collector. */
    public static final List<String> JVM_FLAGS = List.of("-Xmn4m", "-Xmx128m", "-XX:+UseSerialGC");
    /** The queues measured, by name, in report order. */
    public static final Map<String, Supplier<Queue<Object>>> QUEUES = queues();
    /** Default messages per queue. */
    public static final long DEFAULT_MESSAGES = 10_000_000;
    /**
     * Default backlog: about 280 KB of nodes and messages. Each backlog element dies long before a
     * second young collection, so with an unlinking queue little survives; the demo promotes the
     * backlog once, with a full collection before measuring.
     */
    public static final int DEFAULT_BACKLOG = 5_000;

    private static final String CHILD = "--measure";
    private static final String RESULT = "RESULT";
    private static final long NOTIFICATION_WAIT_MILLIS = 10_000;

    private NepotismDemo() {
    }

    private static Map<String, Supplier<Queue<Object>>> queues() {
        final Map<String, Supplier<Queue<Object>>> m = new LinkedHashMap<>();
        m.put("SpscLinkedQueue", org.jcq.queues.SpscLinkedQueue::new);
        m.put("MpscLinkedQueue", org.jcq.queues.MpscLinkedQueue::new);
        m.put("JCTools.MpscLinkedQueue", org.jctools.queues.MpscLinkedQueue::new);
        m.put("JDK.ConcurrentLinkedQueue", ConcurrentLinkedQueue::new);
        m.put("LeakyLinkedQueue", LeakyLinkedQueue::new);
        return m;
    }

    /**
     * What one queue's run cost the collector.
     *
     * @param queue the queue's name
     * @param messages messages that flowed through it
     * @param youngCollections young (minor) collections during the run
     * @param fullCollections full (major) collections during the run
     * @param promotedBytes the old generation's growth summed over the young collections
     */
    public record Result(String queue, long messages, long youngCollections, long fullCollections, long promotedBytes) {
        /** @return young collections per million messages */
        public double youngPerMillion() {
            return perMillion(youngCollections);
        }

        /** @return full collections per million messages */
        public double fullPerMillion() {
            return perMillion(fullCollections);
        }

        /** @return MiB promoted per million messages */
        public double promotedMiBPerMillion() {
            return perMillion(promotedBytes) / (1024.0 * 1024.0);
        }

        private double perMillion(long count) {
            return count * 1_000_000.0 / messages;
        }

        String toLine() {
            return RESULT + " " + queue + " " + messages + " " + youngCollections + " " + fullCollections + " "
                    + promotedBytes;
        }

        static Result parse(String line) {
            final String[] f = line.split(" ");
            return new Result(f[1], Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4]),
                    Long.parseLong(f[5]));
        }
    }

    /**
     * Runs the demo: each queue in its own JVM, then a table.
     *
     * @param args optional: messages per queue, backlog
     * @throws IOException if a measuring JVM cannot be started
     * @throws InterruptedException if interrupted while waiting for one
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length > 0 && CHILD.equals(args[0])) {
            final Result r = measure(args[1], Long.parseLong(args[2]), Integer.parseInt(args[3]));
            System.out.println(r.toLine());
            return;
        }
        final long messages = args.length > 0 ? Long.parseLong(args[0]) : DEFAULT_MESSAGES;
        final int backlog = args.length > 1 ? Integer.parseInt(args[1]) : DEFAULT_BACKLOG;
        System.out.printf(Locale.ROOT, "%d messages per queue, backlog %d, JVM flags %s%n", messages, backlog,
                JVM_FLAGS);
        System.out.printf(Locale.ROOT, "%-26s %14s %16s %14s%n", "queue", "young GCs/M", "promoted MiB/M",
                "full GCs/M");
        for (String queue : QUEUES.keySet()) {
            final Result r = fork(queue, messages, backlog);
            System.out.printf(Locale.ROOT, "%-26s %14.1f %16.2f %14.2f%n", r.queue(), r.youngPerMillion(),
                    r.promotedMiBPerMillion(), r.fullPerMillion());
        }
    }

    /**
     * Measures one queue in a fresh JVM started with {@link #JVM_FLAGS} and this JVM's class path.
     *
     * @param queue one of {@link #QUEUES}
     * @param messages messages to pass through it
     * @param backlog elements kept in it
     * @return what the run cost the collector
     * @throws IOException if the JVM cannot be started or reports no result
     * @throws InterruptedException if interrupted while waiting for it
     */
    public static Result fork(String queue, long messages, int backlog) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        command.addAll(JVM_FLAGS);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(NepotismDemo.class.getName());
        command.add(CHILD);
        command.add(queue);
        command.add(Long.toString(messages));
        command.add(Integer.toString(backlog));
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final List<String> output = new ArrayList<>();
        Result result = null;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                output.add(line);
                if (line.startsWith(RESULT + " ")) {
                    result = Result.parse(line);
                }
            }
        }
        final int exit = p.waitFor();
        if (exit != 0 || result == null) {
            throw new IOException("measuring JVM for " + queue + " exited with " + exit + ": " + output);
        }
        return result;
    }

    /**
     * Measures one queue in this JVM: fills it with {@code backlog} messages, then offers one new
     * message and polls one, {@code messages} times. Meaningful only in a JVM with a small young
     * generation (see {@link #fork}).
     *
     * @param queue one of {@link #QUEUES}
     * @param messages messages to pass through it
     * @param backlog elements kept in it
     * @return what the run cost the collector
     */
    public static Result measure(String queue, long messages, int backlog) {
        final Supplier<Queue<Object>> factory = QUEUES.get(queue);
        if (factory == null) {
            throw new IllegalArgumentException("queue must be one of " + QUEUES.keySet() + " but was " + queue);
        }
        final Queue<Object> q = factory.get();
        for (int i = 0; i < backlog; i++) {
            q.offer(new long[2]);
        }
        // Warm up, then start from a collected heap in which the backlog has been promoted.
        long checksum = flow(q, messages / 10);
        System.gc();
        final GcCounter counter = new GcCounter();
        checksum += flow(q, messages);
        final Result r = counter.stop(queue, messages);
        if (checksum == 42) {
            System.out.println("(checksum)");
        }
        return r;
    }

    /** Offers a new message and polls the head, {@code messages} times; returns a checksum. */
    private static long flow(Queue<Object> q, long messages) {
        long sum = 0;
        for (long i = 0; i < messages; i++) {
            final long[] m = new long[2];
            m[0] = i;
            q.offer(m);
            sum += ((long[]) q.poll())[0];
        }
        return sum;
    }

    /** Counts collections and promoted bytes from the GC notifications, from its creation on. */
    private static final class GcCounter implements NotificationListener {
        private final String oldPool = oldPoolName();
        private final AtomicLong young = new AtomicLong();
        private final AtomicLong full = new AtomicLong();
        private final AtomicLong promoted = new AtomicLong();
        private final List<NotificationEmitter> emitters = new ArrayList<>();
        private final long collectionsAtStart = totalCollections();

        GcCounter() {
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (gc instanceof NotificationEmitter) {
                    final NotificationEmitter emitter = (NotificationEmitter) gc;
                    emitter.addNotificationListener(this, null, null);
                    emitters.add(emitter);
                }
            }
        }

        @Override
        public void handleNotification(Notification n, Object handback) {
            if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                return;
            }
            final GarbageCollectionNotificationInfo info =
                    GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
            if (info.getGcAction().contains("minor")) {
                final MemoryUsage before = info.getGcInfo().getMemoryUsageBeforeGc().get(oldPool);
                final MemoryUsage after = info.getGcInfo().getMemoryUsageAfterGc().get(oldPool);
                if (before != null && after != null && after.getUsed() > before.getUsed()) {
                    promoted.addAndGet(after.getUsed() - before.getUsed());
                }
                young.incrementAndGet();
            } else {
                full.incrementAndGet();
            }
        }

        /** Waits until every collection since the start has been notified, then reports. */
        Result stop(String queue, long messages) {
            final long expected = totalCollections() - collectionsAtStart;
            final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(NOTIFICATION_WAIT_MILLIS);
            while (young.get() + full.get() < expected && System.nanoTime() < deadline) {
                // Notifications arrive on a JMX thread, after the collection.
                Thread.onSpinWait();
            }
            for (NotificationEmitter emitter : emitters) {
                try {
                    emitter.removeNotificationListener(this);
                } catch (javax.management.ListenerNotFoundException e) {
                    throw new IllegalStateException(e);
                }
            }
            if (young.get() + full.get() < expected) {
                throw new IllegalStateException("only " + (young.get() + full.get()) + " of " + expected
                        + " collections were notified");
            }
            return new Result(queue, messages, young.get(), full.get(), promoted.get());
        }

        private static long totalCollections() {
            long total = 0;
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                total += Math.max(0, gc.getCollectionCount());
            }
            return total;
        }

        private static String oldPoolName() {
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                final String name = pool.getName();
                if (pool.getType() == MemoryType.HEAP && (name.contains("Old") || name.contains("Tenured"))) {
                    return name;
                }
            }
            throw new IllegalStateException("no old-generation memory pool among "
                    + ManagementFactory.getMemoryPoolMXBeans().stream().map(MemoryPoolMXBean::getName).toList());
        }
    }
}
