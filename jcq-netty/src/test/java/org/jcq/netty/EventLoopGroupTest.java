package org.jcq.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.jcq.queues.MpscUnboundedBlockingConsumerArrayQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.RejectedExecutionHandler;

/**
 * The two groups with real Netty: loopback echo through NIO channels, tasks from many threads in
 * each thread's order, graceful shutdown with tasks pending (each runs once or is rejected, none
 * lost), a bounded loop's rejections, and a {@link JcqDefaultEventLoopGroup} loop that waits in
 * {@code takeTask()} parked on JCQ's queue. Every test has a deadline: a lost wake-up fails it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EventLoopGroupTest {
    /** A group under test, by name. */
    private record Group(String name, Supplier<EventLoopGroup> make) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Group> groups() {
        return Stream.of(new Group("JcqIoEventLoopGroup(NIO)", () -> new JcqIoEventLoopGroup(1, NioIoHandler.newFactory())),
                new Group("JcqDefaultEventLoopGroup", () -> new JcqDefaultEventLoopGroup(1)));
    }

    private static void shutdown(EventLoopGroup group) throws InterruptedException {
        assertTrue(group.shutdownGracefully(0, 5, TimeUnit.SECONDS).await(30, TimeUnit.SECONDS), "group did not terminate");
    }

    /** Keeps {@code loop} busy in a task until the returned latch is counted down. */
    private static CountDownLatch hold(EventLoop loop) throws InterruptedException {
        final CountDownLatch hold = new CountDownLatch(1);
        final CountDownLatch held = new CountDownLatch(1);
        loop.execute(() -> {
            held.countDown();
            try {
                hold.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertTrue(held.await(10, TimeUnit.SECONDS), "the loop never ran the holding task");
        return hold;
    }

    /** Echoes every byte it reads. */
    private static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.write(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }
    }

    /** Collects what comes back until {@code expected} bytes have. */
    private static final class Collect extends ChannelInboundHandlerAdapter {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final int expected;
        final CompletableFuture<byte[]> done = new CompletableFuture<>();

        Collect(int expected) {
            this.expected = expected;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            final ByteBuf buf = (ByteBuf) msg;
            try {
                final byte[] chunk = new byte[buf.readableBytes()];
                buf.readBytes(chunk);
                bytes.writeBytes(chunk);
            } finally {
                buf.release();
            }
            if (bytes.size() >= expected) {
                done.complete(bytes.toByteArray());
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            done.completeExceptionally(cause);
        }
    }

    /**
     * Four clients each send 2000 ints (flushed in bursts) to an echo server over loopback, all on
     * one group of two JCQ loops; each gets back exactly its own bytes, in order.
     */
    @Test
    void echoOverLoopbackThroughNioChannels() throws Exception {
        final EventLoopGroup group = new JcqIoEventLoopGroup(2, NioIoHandler.newFactory());
        try {
            final Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new Echo());
                        }
                    }).bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
            final int ints = 2000;
            final List<Collect> collectors = new ArrayList<>();
            final List<Channel> clients = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                final Collect collect = new Collect(4 * ints);
                collectors.add(collect);
                clients.add(new Bootstrap().group(group).channel(NioSocketChannel.class).handler(collect)
                        .connect(server.localAddress()).sync().channel());
            }
            for (int i = 0; i < ints; i++) {
                for (int c = 0; c < clients.size(); c++) {
                    final Channel ch = clients.get(c);
                    ch.write(Unpooled.copyInt(c * 1_000_000 + i));
                    if (i % 100 == 99) {
                        ch.flush();
                    }
                }
            }
            clients.forEach(Channel::flush);
            for (int c = 0; c < clients.size(); c++) {
                final ByteBuffer expected = ByteBuffer.allocate(4 * ints);
                for (int i = 0; i < ints; i++) {
                    expected.putInt(c * 1_000_000 + i);
                }
                assertArrayEquals(expected.array(), collectors.get(c).done.get(30, TimeUnit.SECONDS), "client " + c);
                clients.get(c).close().sync();
            }
            server.close().sync();
        } finally {
            shutdown(group);
        }
    }

    /**
     * Four threads each submit 20 000 tasks to one loop; the loop runs every task once and each
     * thread's tasks in the order it submitted them.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("groups")
    void tasksFromManyThreadsRunOnceInEachThreadsOrder(Group kind) throws Exception {
        final EventLoopGroup group = kind.make().get();
        try {
            final EventLoop loop = group.next();
            final int threads = 4;
            final int perThread = 20_000;
            final int[] next = new int[threads]; // touched by the loop thread only
            final AtomicInteger outOfOrder = new AtomicInteger();
            final CountDownLatch ran = new CountDownLatch(threads * perThread);
            final List<Thread> submitters = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final int id = t;
                submitters.add(new Thread(() -> {
                    for (int i = 0; i < perThread; i++) {
                        final int seq = i;
                        loop.execute(() -> {
                            if (next[id] != seq) {
                                outOfOrder.incrementAndGet();
                            }
                            next[id] = seq + 1;
                            ran.countDown();
                        });
                    }
                }, "submitter-" + t));
            }
            submitters.forEach(Thread::start);
            for (Thread t : submitters) {
                t.join();
            }
            assertTrue(ran.await(30, TimeUnit.SECONDS), "tasks still pending: " + ran.getCount());
            assertEquals(0, outOfOrder.get());
            final int[] seen = loop.submit(() -> next.clone()).get(10, TimeUnit.SECONDS);
            for (int t = 0; t < threads; t++) {
                assertEquals(perThread, seen[t], "tasks of submitter " + t);
            }
        } finally {
            shutdown(group);
        }
    }

    static Stream<Arguments> groupsAndRounds() {
        return groups().flatMap(g -> Stream.of(1, 2, 3).map(round -> Arguments.of(g, round)));
    }

    /**
     * Two threads submit 5000 tasks each while the loop is held by a task, and the group is shut
     * down gracefully before the loop is released: every one of those tasks runs exactly once
     * (Netty runs what is queued before it terminates). Two more threads keep submitting while it
     * shuts down: each of theirs runs at most once, and never if it was rejected. (A task that
     * Netty accepts just as an I/O loop terminates can be left in its queue, which Netty logs: with
     * Netty's own JCTools queues too, as they cannot remove a task. A default loop runs or rejects
     * each: {@link DefaultLoopShutdownTest}.)
     */
    @ParameterizedTest(name = "{0}, round {1}")
    @MethodSource("groupsAndRounds")
    void gracefulShutdownRunsEveryQueuedTaskOnceAndNoneTwice(Group kind, int round) throws Exception {
        final EventLoopGroup group = kind.make().get();
        final EventLoop loop = group.next();
        final CountDownLatch hold = hold(loop);
        final int perThread = 5_000;
        final AtomicIntegerArray runs = new AtomicIntegerArray(4 * perThread);
        final AtomicIntegerArray rejected = new AtomicIntegerArray(4 * perThread);
        final List<Thread> before = submitters(loop, 0, perThread, runs, rejected);
        for (Thread t : before) {
            t.join();
        }
        final List<Thread> during = submitters(loop, 2, perThread, runs, rejected);
        // Round 1 shuts down at once, later rounds a little later.
        Thread.sleep(round - 1L);
        final io.netty.util.concurrent.Future<?> terminated = group.shutdownGracefully(0, 5, TimeUnit.SECONDS);
        hold.countDown();
        for (Thread t : during) {
            t.join();
        }
        assertTrue(terminated.await(30, TimeUnit.SECONDS), "group did not terminate");
        for (int task = 0; task < 2 * perThread; task++) {
            assertEquals(1, runs.get(task), "queued task " + task + " runs");
            assertEquals(0, rejected.get(task), "queued task " + task + " rejections");
        }
        for (int task = 2 * perThread; task < 4 * perThread; task++) {
            assertTrue(runs.get(task) + rejected.get(task) <= 1, "task " + task + " ran " + runs.get(task)
                    + " times and was rejected " + rejected.get(task) + " times");
        }
    }

    /** Started threads {@code first, first + 1} that submit {@code perThread} counting tasks each. */
    private static List<Thread> submitters(EventLoop loop, int first, int perThread, AtomicIntegerArray runs,
            AtomicIntegerArray rejected) {
        final List<Thread> threads = new ArrayList<>();
        for (int t = first; t < first + 2; t++) {
            final int base = t * perThread;
            final Thread thread = new Thread(() -> {
                for (int i = 0; i < perThread; i++) {
                    final int task = base + i;
                    try {
                        loop.execute(() -> runs.incrementAndGet(task));
                    } catch (RejectedExecutionException e) {
                        rejected.incrementAndGet(task);
                    }
                }
            });
            thread.start();
            threads.add(thread);
        }
        return threads;
    }

    /**
     * A loop bounded at 16 pending tasks, held by a task: 16 more are accepted, the 17th goes to
     * the rejection handler (Netty's own queue would take at least 2048); released, the loop runs
     * the 16 once each.
     */
    @Test
    void aBoundedLoopHandsTheTaskThatDoesNotFitToItsRejectionHandler() throws Exception {
        final AtomicInteger rejectedCount = new AtomicInteger();
        final RejectedExecutionHandler countRejections = (task, executor) -> rejectedCount.incrementAndGet();
        final EventLoopGroup group = new JcqIoEventLoopGroup(1, (java.util.concurrent.Executor) null,
                NioIoHandler.newFactory(), 16, countRejections);
        try {
            final EventLoop loop = group.next();
            final CountDownLatch hold = hold(loop);
            final AtomicInteger ran = new AtomicInteger();
            for (int i = 0; i < 16; i++) {
                loop.execute(ran::incrementAndGet);
            }
            assertEquals(0, rejectedCount.get());
            loop.execute(ran::incrementAndGet);
            assertEquals(1, rejectedCount.get());
            hold.countDown();
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (ran.get() < 16) {
                assertTrue(System.nanoTime() < deadline, "ran " + ran.get() + " of the 16 accepted tasks");
                Thread.sleep(1);
            }
            assertEquals(16, (int) loop.submit(ran::get).get(10, TimeUnit.SECONDS));
            assertEquals(1, rejectedCount.get());
        } finally {
            shutdown(group);
        }
    }

    @Test
    void badArgumentsAreRejectedNamingThem() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new JcqIoEventLoopGroup(1, (java.util.concurrent.Executor) null, NioIoHandler.newFactory(), 0,
                        (task, executor) -> { }));
        assertTrue(e.getMessage().contains("maxPendingTasks"), e.getMessage());
        final NullPointerException npe = assertThrows(NullPointerException.class,
                () -> new JcqIoEventLoopGroup(1, (java.util.concurrent.Executor) null, NioIoHandler.newFactory(), 16, null));
        assertTrue(npe.getMessage().contains("rejectedHandler"), npe.getMessage());
    }

    /**
     * An idle {@link JcqDefaultEventLoopGroup} loop waits in {@code takeTask()} parked on JCQ's
     * unbounded blocking queue (the blocker its park names), wakes for an executed task and for a
     * scheduled one.
     */
    @Test
    void anIdleDefaultLoopParksOnJcqsQueueAndWakesForTasks() throws Exception {
        final EventLoopGroup group = new JcqDefaultEventLoopGroup(1);
        try {
            final EventLoop loop = group.next();
            final Thread thread = loop.submit(Thread::currentThread).get(10, TimeUnit.SECONDS);
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!(LockSupport.getBlocker(thread) instanceof MpscUnboundedBlockingConsumerArrayQueue)) {
                assertTrue(System.nanoTime() < deadline, "the idle loop never parked on JCQ's queue: blocker "
                        + LockSupport.getBlocker(thread) + ", state " + thread.getState());
                Thread.sleep(1);
            }
            assertEquals(42, (int) loop.submit(() -> 42).get(10, TimeUnit.SECONDS));
            final long start = System.nanoTime();
            assertEquals(7, (int) loop.schedule(() -> 7, 20, TimeUnit.MILLISECONDS).get(10, TimeUnit.SECONDS));
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(20), "scheduled task ran early");
        } finally {
            shutdown(group);
        }
    }

    /**
     * Eight default loops on virtual threads (JDK 21+; skipped before), more than there are
     * carriers: each idle loop parks in {@code takeTask()} and gives its carrier back, so every
     * loop runs the task it is then given. A loop that held its carrier while it waited would
     * leave the last ones without one.
     */
    @Test
    void defaultLoopsOnVirtualThreadsGiveTheirCarriersBackWhileIdle() throws Exception {
        final java.util.concurrent.ExecutorService virtual;
        try {
            virtual = (java.util.concurrent.ExecutorService) java.util.concurrent.Executors.class
                    .getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (NoSuchMethodException e) {
            org.junit.jupiter.api.Assumptions.assumeTrue(false, "no virtual threads on Java " + Runtime.version().feature());
            return;
        }
        final int loops = 8;
        final EventLoopGroup group = new JcqDefaultEventLoopGroup(loops, virtual);
        try {
            final List<EventLoop> all = new ArrayList<>();
            for (int i = 0; i < loops; i++) {
                all.add(group.next());
            }
            final List<Thread> threads = new ArrayList<>();
            for (EventLoop loop : all) {
                threads.add(loop.submit(Thread::currentThread).get(10, TimeUnit.SECONDS));
            }
            for (Thread t : threads) {
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (!(LockSupport.getBlocker(t) instanceof MpscUnboundedBlockingConsumerArrayQueue)) {
                    assertTrue(System.nanoTime() < deadline, "loop thread " + t + " never parked on JCQ's queue");
                    Thread.sleep(1);
                }
            }
            final List<io.netty.util.concurrent.Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < loops; i++) {
                final int id = i;
                answers.add(all.get(i).submit(() -> id));
            }
            for (int i = 0; i < loops; i++) {
                assertEquals(i, (int) answers.get(i).get(10, TimeUnit.SECONDS));
            }
        } finally {
            shutdown(group);
            virtual.shutdown();
        }
    }
}
