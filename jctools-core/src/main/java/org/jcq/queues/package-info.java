/**
 * Concurrent queues for passing messages between threads: the {@link org.jcq.queues.MessagePassingQueue}
 * API and its implementations, chosen by producer/consumer shape.
 *
 * <h2>Queues</h2>
 * <table>
 * <caption>Bounded array queues</caption>
 * <tr><th>Class</th><th>Producers</th><th>Consumers</th><th>Progress</th></tr>
 * <tr><td>{@link org.jcq.queues.SpscArrayQueue}</td><td>1</td><td>1</td><td>wait-free</td></tr>
 * <tr><td>{@link org.jcq.queues.MpscArrayQueue}</td><td>many</td><td>1</td>
 *     <td>lock-free offer; poll may wait for a producer between claim and store</td></tr>
 * <tr><td>{@link org.jcq.queues.SpmcArrayQueue}</td><td>1</td><td>many</td>
 *     <td>lock-free poll; offer may wait for a consumer between claim and clear</td></tr>
 * <tr><td>{@link org.jcq.queues.MpmcArrayQueue}</td><td>many</td><td>many</td>
 *     <td>lock-free when no thread stalls mid-operation (Vyukov)</td></tr>
 * <tr><td>{@link org.jcq.queues.MpscBlockingConsumerArrayQueue}</td><td>many</td><td>1</td>
 *     <td>as MpscArrayQueue; the consumer may also block (take, timed poll, blocking drain) by
 *     parking</td></tr>
 * </table>
 * <table>
 * <caption>Linked-array queues (arrays allocated as they fill, linked by a JUMP marker)</caption>
 * <tr><th>Class</th><th>Producers</th><th>Consumers</th><th>Bound</th><th>Progress</th></tr>
 * <tr><td>{@link org.jcq.queues.SpscChunkedArrayQueue}</td><td>1</td><td>1</td>
 *     <td>bounded; fixed-size chunks linked as it fills</td>
 *     <td>wait-free (offer allocates when it links a chunk)</td></tr>
 * <tr><td>{@link org.jcq.queues.SpscUnboundedArrayQueue}</td><td>1</td><td>1</td>
 *     <td>unbounded; fixed-size chunks</td><td>wait-free (offer allocates when it links a chunk)</td></tr>
 * <tr><td>{@link org.jcq.queues.SpscGrowableArrayQueue}</td><td>1</td><td>1</td>
 *     <td>bounded; the array doubles until it holds the bound</td>
 *     <td>wait-free (offer allocates while growing)</td></tr>
 * <tr><td>{@link org.jcq.queues.MpscChunkedArrayQueue}</td><td>many</td><td>1</td>
 *     <td>bounded; fixed-size chunks linked as it fills</td>
 *     <td>lock-free offer, except that producers wait while one of them links the next chunk;
 *     poll may wait for a producer between claim and store</td></tr>
 * <tr><td>{@link org.jcq.queues.MpscUnboundedArrayQueue}</td><td>many</td><td>1</td>
 *     <td>unbounded; fixed-size chunks</td><td>as MpscChunkedArrayQueue</td></tr>
 * <tr><td>{@link org.jcq.queues.MpscGrowableArrayQueue}</td><td>many</td><td>1</td>
 *     <td>bounded; the array doubles until it holds the bound</td><td>as MpscChunkedArrayQueue</td></tr>
 * </table>
 * <table>
 * <caption>Unbounded linked-node and fetch-and-add queues</caption>
 * <tr><th>Class</th><th>Producers</th><th>Consumers</th><th>Progress</th></tr>
 * <tr><td>{@link org.jcq.queues.SpscLinkedQueue}</td><td>1</td><td>1</td>
 *     <td>wait-free offer and poll; size() and the iterator walk the chain (O(n), lock-free)</td></tr>
 * <tr><td>{@link org.jcq.queues.MpscLinkedQueue}</td><td>many</td><td>1</td>
 *     <td>wait-free offer (one atomic exchange); poll/peek may wait for a producer between its
 *     exchange and its link (relaxedPoll/relaxedPeek do not)</td></tr>
 * <tr><td>{@link org.jcq.queues.MpscUnboundedXaddArrayQueue}</td><td>many</td><td>1</td>
 *     <td>offer: one fetch-and-add, never returns false (if its chunk allocation throws, it throws
 *     and adds nothing); poll may wait for a producer between claim and store, or for a chunk
 *     being appended</td></tr>
 * <tr><td>{@link org.jcq.queues.MpmcUnboundedXaddArrayQueue}</td><td>many</td><td>many</td>
 *     <td>offer: one fetch-and-add; consumers claim by CAS; may wait for the consumer moving
 *     everyone to the next chunk, or for a slow consumer to clear a reused slot</td></tr>
 * </table>
 *
 * <h2>What the class notes' arguments assume</h2>
 * The notes argue in terms of the {@link java.lang.invoke.VarHandle} access modes as their
 * documentation gives them: plain, opaque (coherent: a thread that has read a value never reads
 * an older one of that variable), release/acquire (a release store and an acquire load that
 * reads it order what came before the store before what comes after the load, transitively) and
 * volatile. The Java Language Specification's memory model (JLS 17.4) formalises only plain and
 * volatile accesses; the other modes follow C/C++11's, which the VarHandle documentation adopts
 * informally, so arguments that use them rest on that documentation, not on the JLS. Arguments
 * that need a store and a later load of another variable to stay in order (the wake-up
 * handshake of {@link org.jcq.queues.MpscBlockingConsumerArrayQueue}) use volatile accesses on
 * both sides, which the JLS model covers. Nothing in this package relies on HotSpot or x86
 * behaviour for correctness: where a note names x86 (store buffers, adjacent-line prefetch), it
 * explains a cost or why a weaker mode would fail, not why the chosen one works.
 *
 * <h2>Padding: what is padded and what is not</h2>
 * False sharing is two threads writing, or one writing and one reading, different fields that
 * share a cache line. x86 prefetches lines in adjacent pairs, so every padded gap is 128 bytes.
 * Each array queue object is laid out in regions, grouped by the thread that writes them:
 * <ol>
 * <li>The object header and the cold fields (the ring, the mask, the MPMC sequence array), all
 *     read-only after construction. Every interface call checks the receiver's class in the
 *     header, so nothing that is written sits near it.</li>
 * <li>128 bytes of padding, so the first hot field is at least 128 bytes after the header.</li>
 * <li>One region per writer: the producer index (SPSC keeps its private look-ahead limit beside
 *     it; MPSC gives the shared producer limit its own region), the consumer index (SPMC gives the
 *     consumers' cached producer index its own region); 128 bytes of padding between regions.</li>
 * <li>128 bytes of padding after the last region, against whatever object follows in the heap.</li>
 * </ol>
 * Pads are {@code byte} fields, 128 to a class, named mechanically ({@code p<region>_<nnn>}), so no
 * field of a subclass can be placed into a gap between them. The SPSC, MPSC and SPMC rings start
 * with unused slots, so that the first live slot lies 128 bytes after the array's start (28
 * references and the 16-byte header): slot writes never touch the header's lines, which every
 * access reads (VarHandle bounds and type checks). MPMC pads its sequence array the same way (14
 * longs), which every thread reads first, and not its ring. <b>Not</b> padded: the rings' ends
 * (JCTools pads neither end, and the padded queues keep within its footprint), slots within a ring
 * from each other (neighbouring slots are written by the producer and the consumer in turn; that
 * is inherent to a ring), and the element objects.
 * <p>
 * The MPSC blocking-consumer queue adds one more region after the consumer index's trailing pad:
 * a second pad (the VM may put a few bytes of the first into the alignment gap before the index),
 * the parked consumer thread (written by the consumer when it blocks, read by every offer), and
 * its own 128-byte pad against the next object.
 * <p>
 * The linked-array queues follow the same rules: cold fields (the bound) by the header, then a
 * producer region (index, limits, current chunk and its mask), then a consumer region (index,
 * current chunk and its mask), 128 bytes of padding before, between and after. The linked-node
 * queues have no cold fields: header, pad, {@code producerNode}, pad, {@code consumerNode}, pad.
 * The XADD queues: cold fields ({@code chunkMask}, {@code chunkShift}, {@code maxPooledChunks}),
 * pad, {@code producerIndex} (the fetch-and-add of every offer), pad, the producer's chunk and its
 * index, pad, the consumer's index and chunk with the pool's top (consumers push it; an appender
 * pops it once per chunk), pad.
 * <p>
 * <b>Not</b> padded: chunk arrays and nodes. A queue may hold many small chunks, and short-lived
 * nodes are allocated per element; 256 bytes each would cost more in footprint and allocation
 * than the false sharing at a chunk's edges or between neighbouring nodes (JCTools does not pad
 * them either). The last slot of a linked-array chunk holds the link to the next chunk.
 * <p>
 * A JOL test ({@code LayoutTest}) asserts each of these statements for every queue class.
 *
 * <h2>Compact editions</h2>
 * Programs that hold many queues, such as one mailbox per actor, pay for padding in memory more
 * than they gain from it in time: a padded queue object is about 400 to 550 bytes before its ring.
 * The compact editions ({@link org.jcq.queues.SpscUnpaddedArrayQueue},
 * {@link org.jcq.queues.MpscUnpaddedArrayQueue} and so on: every queue has one, named with
 * {@code Unpadded} before {@code ArrayQueue} or {@code Queue}, as JCTools names its unpadded
 * editions) run the same algorithm as their padded editions: each algorithm lives once, in an
 * abstract class ({@code BaseSpscArrayQueue}, {@code BaseMpscArrayQueue},
 * {@code BaseSpmcArrayQueue}, {@code BaseMpmcArrayQueue}, {@code BaseSpscLinkedArrayQueue},
 * {@code BaseMpscLinkedArrayQueue}, {@code BaseLinkedQueue}, {@code MpUnboundedXaddArrayQueue},
 * {@code BaseMpscCompoundQueue}) that reaches its hot fields through abstract accessors named by
 * ordering, and every blocking queue's waits live once in {@code Parking}. The padded edition declares
 * those fields in the padded class chain above; the compact edition declares them inline, with no
 * pads and no unused ring slots ({@code padSlots()} is 0). Only the field holder differs. Where a
 * program loads one edition, C2 binds the accessors statically (class hierarchy analysis); where
 * it loads both, each inlined method checks its receiver's class once.
 */
package org.jcq.queues;
