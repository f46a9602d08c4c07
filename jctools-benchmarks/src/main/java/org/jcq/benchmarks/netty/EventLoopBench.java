package org.jcq.benchmarks.netty;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.jcq.netty.JcqDefaultEventLoopGroup;
import org.jcq.netty.JcqIoEventLoopGroup;
import org.jcq.queues.MpscUnboundedXaddArrayQueue;
import org.jctools.queues.varhandle.MpscUnboundedVarHandleArrayQueue;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.MultithreadEventLoopGroup;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.RejectedExecutionHandlers;
import io.netty.util.internal.PlatformDependent;

/**
 * Netty 4.2 event loops with JCQ's task queues against Netty's own: one group per JVM (run it once
 * per group and round, alternating: {@code netty-loops.sh}).
 * <p>
 * {@code submit}: {@code THREADS} threads each hand {@code TASKS / THREADS} tasks to one loop with
 * {@code execute}, as fast as they can; tasks per second from the start signal until the loop has
 * run them all (the task is one shared {@code Runnable} that counts, so the figure is the queue's
 * and Netty's hand-off, nothing else). A warm-up pass of the same size comes first.
 * <p>
 * {@code echo}: one client and one echo server over loopback on a group of two loops (NIO); the
 * benchmark thread writes 4 bytes with {@code writeAndFlush} (from outside the loop: a task to the
 * client's loop) and waits for them to come back; the mean and the 99th percentile of the round
 * trip, after a warm-up of the same count.
 * <p>
 * Groups: {@code jcq} ({@link JcqIoEventLoopGroup}, NIO), {@code netty}
 * ({@link MultiThreadIoEventLoopGroup}, NIO: Netty's shaded JCTools queues, the Unsafe edition
 * when Netty may use {@code sun.misc.Unsafe}), {@code jcq-xadd} (JCQ's
 * {@code MpscUnboundedXaddArrayQueue(1024)} in the same loops as the next two), {@code jctools-vh} and {@code jctools-unsafe}
 * (JCTools' VarHandle and Unsafe editions of {@code MpscUnboundedArrayQueue(1024)} in the same
 * loops, NIO: the Unsafe-free peer, and the limit unshaded), {@code jcq-default}
 * ({@link JcqDefaultEventLoopGroup}) and {@code netty-default} (a group of Netty's
 * {@link DefaultEventLoop}s, as Netty's deprecated {@code DefaultEventLoopGroup} makes: their
 * queue is a {@code LinkedBlockingQueue}); the last two for {@code submit} only.
 * <p>
 * usage: {@code java -cp benchmarks.jar org.jcq.benchmarks.netty.EventLoopBench submit GROUP THREADS
 * [TASKS]} prints {@code netty-event-loop mode=submit qType=GROUP threads=N tasksPerSecond=R unsafe=B};
 * {@code ... echo GROUP [ROUND_TRIPS]} prints
 * {@code netty-event-loop mode=echo qType=GROUP meanUs=M p99Us=P unsafe=B}: the result line
 * {@code org.jcq.benchmarks.tools.Pack} and {@code Ratio} read.
 */
public final class EventLoopBench {
    /** The first word of the result line. */
    public static final String LINE_PREFIX = "netty-event-loop";

    private EventLoopBench() {
    }

    public static void main(String[] args) throws Exception {
        final String mode = args[0];
        final String group = args[1];
        if ("submit".equals(mode)) {
            final int threads = Integer.parseInt(args[2]);
            final int tasks = args.length > 3 ? Integer.parseInt(args[3]) : 4_000_000;
            final double rate = submit(group, threads, tasks);
            System.out.printf(Locale.ROOT, "%s mode=submit qType=%s threads=%d tasksPerSecond=%.0f unsafe=%b%n", LINE_PREFIX,
                    group, threads, rate, PlatformDependent.hasUnsafe());
        } else if ("echo".equals(mode)) {
            final int trips = args.length > 2 ? Integer.parseInt(args[2]) : 50_000;
            final double[] rtt = echo(group, trips);
            System.out.printf(Locale.ROOT, "%s mode=echo qType=%s meanUs=%.2f p99Us=%.2f unsafe=%b%n", LINE_PREFIX, group,
                    rtt[0], rtt[1], PlatformDependent.hasUnsafe());
        } else {
            throw new IllegalArgumentException("mode: " + mode + " (expected: submit or echo)");
        }
    }

    static EventLoopGroup group(String name, int loops) {
        switch (name) {
            case "jcq":
                return new JcqIoEventLoopGroup(loops, NioIoHandler.newFactory());
            case "netty":
                return new MultiThreadIoEventLoopGroup(loops, NioIoHandler.newFactory());
            case "jcq-xadd":
                // JCQ's fetch-and-add MPSC queue in the same loops (the builder's throughput pick).
                return new QueueLoopGroup(loops, () -> new MpscUnboundedXaddArrayQueue<>(1024));
            case "jctools-vh":
                // JCTools' VarHandle edition (the Unsafe-free peer) in the loops JCQ's group makes.
                return new QueueLoopGroup(loops, () -> new MpscUnboundedVarHandleArrayQueue<>(1024));
            case "jctools-unsafe":
                // JCTools' Unsafe edition, unshaded: Netty's own choice on JDK 17, as a check.
                return new QueueLoopGroup(loops, () -> new org.jctools.queues.MpscUnboundedArrayQueue<>(1024));
            case "jcq-default":
                return new JcqDefaultEventLoopGroup(loops);
            case "netty-default":
                // What Netty's DefaultEventLoopGroup (deprecated in 4.2) makes: DefaultEventLoops.
                return new MultithreadEventLoopGroup(loops, (Executor) null) {
                    @Override
                    protected EventLoop newChild(Executor executor, Object... childArgs) {
                        return new DefaultEventLoop(this, executor);
                    }
                };
            default:
                throw new IllegalArgumentException("group: " + name
                        + " (expected: jcq, netty, jcq-xadd, jctools-vh, jctools-unsafe, jcq-default, netty-default)");
        }
    }

    /** Netty's I/O loops (NIO) with task and tail-task queues from {@code queues}. */
    private static final class QueueLoopGroup extends MultiThreadIoEventLoopGroup {
        QueueLoopGroup(int loops, Supplier<Queue<Runnable>> queues) {
            super(loops, (Executor) null, NioIoHandler.newFactory(), queues);
        }

        @Override
        @SuppressWarnings("unchecked")
        protected IoEventLoop newChild(Executor executor, IoHandlerFactory ioHandlerFactory, Object... args) {
            final Supplier<Queue<Runnable>> queues = (Supplier<Queue<Runnable>>) args[0];
            return new Loop(this, executor, ioHandlerFactory, queues.get(), queues.get());
        }
    }

    /** Netty's loop with given queues (its constructor for that is protected). */
    private static final class Loop extends SingleThreadIoEventLoop {
        Loop(IoEventLoopGroup parent, Executor executor, IoHandlerFactory ioHandlerFactory, Queue<Runnable> taskQueue,
                Queue<Runnable> tailTaskQueue) {
            super(parent, executor, ioHandlerFactory, taskQueue, tailTaskQueue, RejectedExecutionHandlers.reject());
        }
    }

    /** Counts the tasks it runs; only the loop thread runs it. */
    private static final class Counting implements Runnable {
        private long count;
        private long target;
        private CountDownLatch done;

        @Override
        public void run() {
            if (++count == target) {
                done.countDown();
            }
        }
    }

    private static double submit(String name, int threads, int tasks) throws Exception {
        final EventLoopGroup group = group(name, 1);
        try {
            final EventLoop loop = group.next();
            final Counting counting = new Counting();
            final int perThread = tasks / threads;
            pass(loop, counting, threads, perThread); // warm-up
            final long nanos = pass(loop, counting, threads, perThread);
            return (double) threads * perThread * 1e9 / nanos;
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** One pass: the nanoseconds from the start signal until the loop ran every task. */
    private static long pass(EventLoop loop, Counting counting, int threads, int perThread) throws Exception {
        final CountDownLatch done = new CountDownLatch(1);
        // Set on the loop thread, so the task sees them (execute orders this before the tasks).
        loop.submit(() -> {
            counting.count = 0;
            counting.target = (long) threads * perThread;
            counting.done = done;
        }).sync();
        final CountDownLatch start = new CountDownLatch(1);
        final List<Thread> submitters = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < perThread; i++) {
                    loop.execute(counting);
                }
            }, "submitter-" + t);
            thread.start();
            submitters.add(thread);
        }
        final long begin = System.nanoTime();
        start.countDown();
        done.await();
        final long nanos = System.nanoTime() - begin;
        for (Thread t : submitters) {
            t.join();
        }
        return nanos;
    }

    /** Echoes what it reads. */
    private static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.writeAndFlush(msg);
        }
    }

    /** Completes the pending round trip once 4 bytes are back. */
    private static final class Client extends ChannelInboundHandlerAdapter {
        volatile CompletableFuture<Void> pending;
        private int received;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            final ByteBuf buf = (ByteBuf) msg;
            received += buf.readableBytes();
            buf.release();
            if (received >= 4) {
                received -= 4;
                pending.complete(null);
            }
        }
    }

    private static double[] echo(String name, int trips) throws Exception {
        final EventLoopGroup group = group(name, 2);
        try {
            final Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new Echo());
                        }
                    }).bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
            final Client client = new Client();
            final Channel ch = new Bootstrap().group(group).channel(NioSocketChannel.class).handler(client)
                    .connect(server.localAddress()).sync().channel();
            roundTrips(ch, client, trips); // warm-up
            final long[] rtt = roundTrips(ch, client, trips);
            ch.close().sync();
            server.close().sync();
            Arrays.sort(rtt);
            final double mean = Arrays.stream(rtt).average().orElse(0) / 1e3;
            return new double[] {mean, rtt[(int) (rtt.length * 0.99)] / 1e3};
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    private static long[] roundTrips(Channel ch, Client client, int trips) {
        final long[] rtt = new long[trips];
        for (int i = 0; i < trips; i++) {
            final CompletableFuture<Void> pending = new CompletableFuture<>();
            client.pending = pending;
            final long begin = System.nanoTime();
            ch.writeAndFlush(Unpooled.copyInt(i));
            pending.join();
            rtt[i] = System.nanoTime() - begin;
        }
        return rtt;
    }
}
