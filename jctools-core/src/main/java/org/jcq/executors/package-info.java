/**
 * Thread pools with JCQ's blocking queues as their work queues, made in one line:
 * {@link org.jcq.executors.JcqExecutors}, the counterpart of {@link java.util.concurrent.Executors}
 * for its fixed-size and single-thread pools.
 * <p>
 * The pools are the JDK's {@link java.util.concurrent.ThreadPoolExecutor}, unchanged: its worker
 * life cycle, shutdown, rejection and the {@link java.util.concurrent.ExecutorService} contract
 * are the JDK's; this package chooses the work queue (an unbounded
 * {@link org.jcq.queues.MpmcUnboundedBlockingArrayQueue}, or a bounded
 * {@link org.jcq.queues.MpmcBlockingArrayQueue}) and configures the pool as
 * {@link java.util.concurrent.Executors} does. Where the queue departs from
 * {@link java.util.concurrent.LinkedBlockingQueue}, the pool does too; the class note of
 * {@link org.jcq.executors.JcqExecutors} lists how (idle workers' thread state, and the removal of
 * a queued task, which the queues do not support yet).
 * <p>
 * The package starts no thread of its own but one: the first single-thread executor starts a
 * daemon thread, {@code jcq-executors-cleaner}, that shuts down the single-thread executors that
 * become unreachable without having been shut down.
 * <p>
 * Java 11 bytecode: virtual threads are not named here; a caller on JDK 21 or later gets virtual
 * workers by passing {@code Thread.ofVirtual().factory()} as the thread factory.
 */
package org.jcq.executors;
