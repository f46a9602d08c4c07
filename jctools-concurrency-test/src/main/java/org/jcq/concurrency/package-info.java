/**
 * jcstress tests of every queue's ordering invariants.
 * <p>
 * Each property is a class here, holding the racing actors and the classification of every
 * outcome as ACCEPTABLE or FORBIDDEN, with a one-line description:
 * <ul>
 * <li>{@link org.jcq.concurrency.ProducerConsumer}: one producer races one consumer (every queue):
 * no loss or duplication and FIFO with strict and relaxed methods, publication of an element's
 * fields, {@code !isEmpty()} and {@code peek() != null} imply {@code poll() != null}, no spurious
 * null from a strict poll, the empty and full edges, {@code drain}/{@code fill} with limits, a race
 * across the edge where the producer links a chunk, resizes or meets a full ring, and
 * {@code size()} within its bounds;</li>
 * <li>{@link org.jcq.concurrency.TwoProducers}: two producers race (multi-producer queues):
 * per-producer FIFO with {@code offer} and with {@code fill}, and a producer that also consumes;</li>
 * <li>{@link org.jcq.concurrency.TwoConsumers}: two consumers race (multi-consumer queues);</li>
 * <li>{@link org.jcq.concurrency.BlockingConsumer}: a blocked consumer is always woken (the
 * Dekker handshake between a parking consumer and a producer), and takes in order.</li>
 * </ul>
 * The tests are generated per queue, in {@code org.jcq.concurrency.queues}, from the table in
 * {@code src/build/GenerateStressTests.java}: each starts from a fresh queue and from one whose
 * indices were advanced so the race straddles a wrap, a chunk link or a recycled chunk. Every test
 * has two actors, so all of them run on a 2-CPU machine. {@code org.jcq.concurrency.selfcheck}
 * holds a deliberately broken queue whose tests must fail.
 */
package org.jcq.concurrency;
