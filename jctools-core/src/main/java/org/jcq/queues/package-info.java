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
 * </table>
 *
 * <h2>Padding: what is padded and what is not</h2>
 * False sharing is two threads writing, or one writing and one reading, different fields that
 * share a cache line. x86 prefetches lines in adjacent pairs, so every padded gap is 128 bytes.
 * Each array queue object is laid out in regions, grouped by the thread that writes them:
 * <ol>
 * <li>The object header and the cold fields (the ring, the mask, the MPMC sequence array), all
 *     read-only after construction, and the set of abandoned fill claims, written at most once
 *     (when a multi-producer fill's supplier first fails). Every interface call checks the receiver's class in the
 *     header, so nothing that is written sits near it.</li>
 * <li>128 bytes of padding, so the first hot field is at least 128 bytes after the header.</li>
 * <li>One region per writer: the producer index (SPSC keeps its private look-ahead limit beside
 *     it; MPSC gives the shared producer limit its own region), the consumer index (SPMC gives the
 *     consumers' cached producer index its own region); 128 bytes of padding between regions.</li>
 * <li>128 bytes of padding after the last region, against whatever object follows in the heap.</li>
 * </ol>
 * Pads are {@code byte} fields, 128 to a class, named mechanically ({@code p<region>_<nnn>}), so no
 * field of a subclass can be placed into a gap between them. The ring arrays have 128 bytes of
 * unused slots at each end (32 references; 16 longs in MPMC's sequence array), which keeps the
 * live slots off the array header (read by every bounds check) and off neighbouring objects.
 * <b>Not</b> padded: slots within the ring from each other (neighbouring slots are written by the
 * producer and the consumer in turn; that is inherent to a ring), and the element objects.
 * A JOL test ({@code LayoutTest}) asserts each of these statements for every queue class.
 */
package org.jcq.queues;
