package org.jcq.benchmarks.latency;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Message latency through one queue at a fixed offered rate, as a serving system sees it: one
 * sender thread offers messages on a schedule, one consumer thread polls them. Not a JMH
 * benchmark: JMH measures the cost of an operation, this measures how long messages take when
 * they arrive at a given rate, which a throughput score cannot show.
 *
 * <h2>The three times</h2>
 * Message n has an intended send time T0 + n / rate. The sender stamps the actual send time just
 * before the offer that succeeds; the consumer, once done with the message (after the optional
 * simulated work), stamps the receive time. Recorded per message, in nanoseconds:
 * <ul>
 * <li>{@code response} = receive - intended: what a client offering load at that rate waits;</li>
 * <li>{@code service} = receive - actual send: the queue's hand-over plus the work;</li>
 * <li>{@code wait} = actual send - intended: how late the sender was, because the queue was full,
 * the window exhausted, or the sender itself late (a preempted thread, a park that overslept).</li>
 * </ul>
 *
 * <h2>Why response time from the schedule is honest</h2>
 * A load generator that waits for each send to go through before sending the next (a full queue,
 * a closed loop) coordinates with the system it measures: while the system stalls, it stops
 * offering, so the stall is recorded once, as one long sample, instead of as the many requests
 * that would have waited behind it ("coordinated omission"). Service time is that biased view.
 * Measuring from the intended time charges every message for the whole delay it would have seen,
 * because a late sender does not skip messages, it sends its backlog back to back, each message
 * keeping its own intended time. The self-tests show both views on stalls of known shape.
 *
 * <h2>Modes</h2>
 * {@code fixed} (default): schedule at {@code rate}, record all three, headline response time.
 * {@code throttle}: the same run, service time headlined, for comparison with tools that report
 * that. {@code allout}: no schedule, send as fast as the queue and window allow, record service
 * time only; its achieved rate is the hand-over throughput under this harness.
 *
 * <h2>Spin or park</h2>
 * With {@code scheduling=spin} (default) the sender busy-waits for each intended time: accurate to
 * well under a microsecond, but it keeps a core busy for the whole run, so it needs a core of its
 * own besides the consumer's (which always spins: otherwise it would measure thread wake-ups, not
 * the queue). With {@code scheduling=park} the sender parks for the remaining time; the OS wakes
 * it some tens of microseconds late (Linux's default timer slack is 50 us), which shows as wait
 * time and is included in response time: use it at rates of a few thousand per second or on a
 * machine without a spare core, and read the wait time beside the response time.
 *
 * <h2>The machine</h2>
 * The consumer and a spin-scheduled sender each want a core of their own for the whole run (the
 * interval logger wakes once an interval). Where the OS gives their cores to others, latencies
 * include that wait: the harness measures each spinning thread's CPU time, and the summary (and
 * {@link LatencyResult#oversubscribed()}) says so when one was on its core less than 90% of the
 * run. On a 2-core machine use {@code scheduling=park}.
 *
 * <h2>The pool and the window</h2>
 * Nothing is allocated per message: the sender reuses a pool of mutable messages and keeps at
 * most {@code window} of them in flight (sent, not yet received); see {@link Sender}. By default
 * the window is twice the capacity, so a bounded queue fills before the window binds. With
 * {@code window=1} the sender waits for each message to be received before sending the next: the
 * closed-loop load generator of the classic coordinated-omission case.
 *
 * <h2>Warm-up, the log and the summary</h2>
 * Each interval ({@code interval} seconds, default 1) of each recorded kind goes to
 * {@code <out>/<name>.hlog} as one histogram tagged {@code response}, {@code service} or
 * {@code wait}, values in nanoseconds, the warm-up's intervals included. A message counts in
 * the interval in which the consumer received it; the log has a cut just after the warm-up's end
 * (see {@link IntervalLogger}), and the warm-up is the intervals that start before T0 + warm-up.
 * The summary (printed, in {@link LatencyResult} and in {@code <out>/<name>.properties}) sums the
 * other intervals, so it equals what a reader of the log gets by skipping intervals that start
 * less than {@code warmupSeconds} after the log's start. Sending stops at T0 + warm-up + duration;
 * the consumer then drains what is in flight (up to {@code drainTimeout}) and the last, partial
 * interval is logged.
 *
 * <h2>Reading the log</h2>
 * HdrHistogram's own processor (in the shaded jar) prints the percentile distribution of a tag,
 * in microseconds here; {@code -start <warmupSeconds>} leaves the warm-up out, as the summary
 * does, and {@code -o <file>} writes {@code <file>.hgrm}, which HdrHistogram's plotter
 * (https://hdrhistogram.github.io/HdrHistogram/plotFiles.html) draws:
 * <pre>
 * java -cp jctools-benchmarks/target/benchmarks.jar org.HdrHistogram.HistogramLogProcessor \
 *     -i results/latency/SpscArrayQueue.hlog -tag response -outputValueUnitRatio 1000 -start 2
 * </pre>
 *
 * <h2>Running it</h2>
 * <pre>
 * java -cp jctools-benchmarks/target/benchmarks.jar org.jcq.benchmarks.latency.LatencyBenchmark \
 *     qType=SpscArrayQueue rate=100000 warmup=2 duration=10
 * </pre>
 * Keys: see {@link LatencyConfig#usage()}. On JDK 24 and later add
 * {@code --sun-misc-unsafe-memory-access=allow} to the {@code java} command when measuring a
 * JCTools Unsafe-edition queue: the JDK warns once JCTools touches {@code sun.misc.Unsafe}, and a
 * running JVM cannot turn that warning off for itself.
 */
public final class LatencyBenchmark {
    /** Exit status for rejected arguments. */
    static final int EXIT_USAGE = 2;
    /** T0 is this far after the set-up, so both threads are running when the schedule starts. */
    private static final long START_LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final String HLOG_SUFFIX = ".hlog";
    private static final String PROPERTIES_SUFFIX = ".properties";

    private LatencyBenchmark() {
    }

    /**
     * Runs the harness from the command line and prints the summary.
     *
     * @param args {@code key=value} settings; see {@link LatencyConfig#usage()}
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        final LatencyResult result;
        try {
            result = run(LatencyConfig.parse(args));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(LatencyConfig.usage());
            System.exit(EXIT_USAGE);
            return;
        }
        System.out.print(result.format());
    }

    /**
     * Runs one latency measurement in this JVM and writes its {@code .hlog} and
     * {@code .properties} files.
     *
     * @param config the settings
     * @return what was measured
     * @throws IllegalArgumentException if the queue rejects the capacity (before anything runs)
     * @throws IOException          if the output files cannot be written
     * @throws InterruptedException if interrupted while waiting for the run's threads
     */
    public static LatencyResult run(LatencyConfig config) throws IOException, InterruptedException {
        final Queue<Message> queue = config.createQueue();
        Files.createDirectories(config.out());
        final Path hlog = config.out().resolve(config.name() + HLOG_SUFFIX);
        final Path properties = config.out().resolve(config.name() + PROPERTIES_SUFFIX);
        final LatencyRecorders recorders = new LatencyRecorders();
        final Progress progress = new Progress();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final RunClock clock;
        final Sender sender;
        final Consumer consumer;
        final IntervalLogger logger;
        try (PrintStream log = new PrintStream(new FileOutputStream(hlog.toFile()), false,
                StandardCharsets.UTF_8)) {
            clock = RunClock.startingIn(START_LEAD_NANOS, config);
            final HistogramLogWriter writer = openLog(log, config, clock);
            sender = new Sender(queue, progress, clock, config);
            consumer = new Consumer(queue, recorders, progress, clock, config);
            logger = new IntervalLogger(recorders, config.mode().recorded(), clock,
                    config.intervalNanos(), writer);
            logger.start();
            final Thread consumerThread = start(consumer, "latency-consumer", failure);
            final Thread senderThread = start(sender, "latency-sender", failure);
            senderThread.join();
            consumerThread.join();
            logger.finishAndJoin();
            if (log.checkError()) {
                throw new IOException("Could not write " + hlog);
            }
        }
        if (failure.get() != null) {
            throw new IllegalStateException("The latency run failed", failure.get());
        }
        final LatencyResult result = result(config, clock, sender, consumer, logger, hlog, properties);
        try (OutputStream out = Files.newOutputStream(properties)) {
            result.toProperties().store(out, "JCQ latency harness: " + config.qType());
        }
        return result;
    }

    private static HistogramLogWriter openLog(PrintStream log, LatencyConfig config, RunClock clock) {
        final HistogramLogWriter writer = new HistogramLogWriter(log);
        writer.outputComment("[JCQ latency harness: qType=" + config.qType() + " mode="
                + config.mode().key() + " rate=" + config.rate() + " values in ns]");
        writer.outputLogFormatVersion();
        writer.outputStartTime(clock.startEpochMillis());
        writer.setBaseTime(clock.startEpochMillis());
        writer.outputBaseTime(clock.startEpochMillis());
        writer.outputLegend();
        return writer;
    }

    private static Thread start(Runnable r, String name, AtomicReference<Throwable> failure) {
        final Thread t = new Thread(r, name);
        t.setUncaughtExceptionHandler((thread, e) -> failure.compareAndSet(null, e));
        t.start();
        return t;
    }

    private static LatencyResult result(LatencyConfig config, RunClock clock, Sender sender,
                                        Consumer consumer, IntervalLogger logger, Path hlog,
                                        Path properties) {
        final Map<Kind, LatencyResult.KindSummary> summaries = new EnumMap<>(Kind.class);
        for (Map.Entry<Kind, Histogram> e : logger.summary().entrySet()) {
            summaries.put(e.getKey(), LatencyResult.KindSummary.of(e.getValue()));
        }
        final double achieved = sender.measuredSent() / config.durationSeconds();
        return new LatencyResult(config, achieved, sender.scheduledCount(), sender.sent(),
                sender.measuredSent(), consumer.received(), consumer.outOfOrder(),
                clock.startEpochMillis(), sender.cpuShare(), consumer.cpuShare(), summaries, hlog,
                properties);
    }
}
