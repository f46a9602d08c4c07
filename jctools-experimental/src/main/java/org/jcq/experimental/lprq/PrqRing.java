package org.jcq.experimental.lprq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jcq.internal.VarHandles;

// Field layout, one class per region (the padding rule of jctools-core's package notes: a hot
// field at least 128 bytes from the object header, which every access of a final field passes,
// and from every other hot field):
// header | cold: cells, values, mask, size, next | pad | head | pad | tail | pad

/** The read-mostly fields of a ring, next to the header. */
abstract class PrqRingCold {
    private static final VarHandle NEXT =
            VarHandles.field(MethodHandles.lookup(), PrqRingCold.class, "next", PrqRing.class);

    /** Per cell: the ticket it is ready for (low 63 bits) and the UNSAFE bit (bit 63). */
    final long[] cells;
    /** Per cell: null, an element, or the Thread of an enqueuer that reserved the cell. */
    final Object[] values;
    final int mask;
    /** The number of cells, R. */
    final long size;
    /** The ring after this one (linked form only); this ring itself once retired. */
    private PrqRing next;

    PrqRingCold(int size) {
        this.cells = new long[size];
        this.values = new Object[size];
        this.mask = size - 1;
        this.size = size;
    }

    final PrqRing lvNext() {
        return (PrqRing) NEXT.getVolatile(this);
    }

    final boolean casNext(PrqRing expect, PrqRing update) {
        return NEXT.compareAndSet(this, expect, update);
    }

    final void soNext(PrqRing value) {
        NEXT.setRelease(this, value);
    }
}

/** 128 bytes between the cold fields and the head. */
abstract class PrqRingPad0 extends PrqRingCold {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;

    PrqRingPad0(int size) {
        super(size);
    }
}

/** The dequeuers' ticket counter. */
abstract class PrqRingHead extends PrqRingPad0 {
    private static final VarHandle HEAD =
            VarHandles.field(MethodHandles.lookup(), PrqRingHead.class, "head", long.class);

    private long head;

    PrqRingHead(int size) {
        super(size);
    }

    final long lvHead() {
        return (long) HEAD.getVolatile(this);
    }

    final long xaddHead() {
        return (long) HEAD.getAndAdd(this, 1L);
    }

    /** Constructor only: the ring reaches other threads through a later volatile store or CAS. */
    final void spHead(long value) {
        head = value;
    }
}

/** 128 bytes between the head and the tail. */
abstract class PrqRingPad1 extends PrqRingHead {
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;

    PrqRingPad1(int size) {
        super(size);
    }
}

/** The enqueuers' ticket counter, its top bit the CLOSED mark. */
abstract class PrqRingTail extends PrqRingPad1 {
    private static final VarHandle TAIL =
            VarHandles.field(MethodHandles.lookup(), PrqRingTail.class, "tail", long.class);

    private long tail;

    PrqRingTail(int size) {
        super(size);
    }

    final long lvTail() {
        return (long) TAIL.getVolatile(this);
    }

    final long xaddTail() {
        return (long) TAIL.getAndAdd(this, 1L);
    }

    final boolean casTail(long expect, long update) {
        return TAIL.compareAndSet(this, expect, update);
    }

    /** Sets the CLOSED bit whatever the tail is: the forced close. */
    final void closeTail() {
        TAIL.getAndBitwiseOr(this, PrqRing.CLOSED);
    }

    /** Constructor only, as {@link PrqRingHead#spHead}. */
    final void spTail(long value) {
        tail = value;
    }
}

/** 128 bytes after the tail, so the next object on the heap does not share its line. */
abstract class PrqRingPad2 extends PrqRingTail {
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;

    PrqRingPad2(int size) {
        super(size);
    }
}

/**
 * One PRQ ring (Romanov and Koval, "The State-of-the-Art LCRQ Concurrent Queue Algorithm Does NOT
 * Require CAS2", PPoPP 2023): {@code R} cells, a head and a tail ticket counter. Both queues of
 * this package run on it: {@link MpmcPrqArrayQueue} is one ring that refuses when full,
 * {@link MpmcLprqQueue} a list of rings, each closed for good when full.
 *
 * <h2>Tickets and cells</h2>
 * Every operation takes a ticket with one fetch-and-add: an enqueuer {@code t} from the tail, a
 * dequeuer {@code h} from the head; ticket {@code x} maps to cell {@code x & mask}, in lap
 * {@code x / R}. Nothing retries a claim: a ticket that cannot be used is given up, and the
 * thread takes the next one. A cell holds a value word and an index word: the ticket the cell is
 * ready for (an enqueuer may use it for any ticket at or past it) and an UNSAFE bit.
 * <ul>
 * <li>Enqueuer {@code t} may use its cell if the value is empty, the index at most {@code t},
 * and the cell safe or the head not past {@code t}. It reserves the cell (CAS of the value from
 * null to its own {@link Thread}), sets the index to {@code t + R} (CAS: the ticket whose
 * dequeuer takes the element, and safe), and swaps its Thread for the element (CAS). If any CAS
 * fails, the ticket is given up; a failed index CAS gives the reservation back.</li>
 * <li>Dequeuer {@code h} takes an element whose index is {@code h + R}, clearing the value. It
 * gives its ticket up where no element for {@code h} can come: a cell holding an element of
 * another lap (it marks the cell UNSAFE, so that no enqueuer of a later lap fills it until the
 * head has passed that lap, and the old element's dequeuer still finds it); a cell whose index is
 * already past {@code h + R}; or an empty cell whose enqueuer has not arrived while the tail says
 * none will (tail at most {@code h}), the ring is closed, the cell is unsafe, or after
 * {@link #PATIENCE} looks. Then it cancels a reservation (CAS of the enqueuer's Thread to null, so
 * the enqueuer's last CAS fails and it takes another ticket) and moves the index to
 * {@code h + R}, so enqueuer {@code h} cannot use the cell. After giving a ticket up, it returns
 * empty if the tail is at most {@code h + 1}, first raising the tail to the head if the head
 * passed it (failed dequeues move the head).</li>
 * </ul>
 * A Thread is the reservation mark, rather than a shared marker, so that an enqueuer's last CAS
 * can only replace its own reservation: one cancelled and then made again by another enqueuer
 * holds another Thread. A virtual thread is its own Thread, so the marks stay unique on virtual
 * threads. Elements that are themselves Threads are boxed by the queues ({@code ThreadElement}).
 *
 * <h2>Why the orderings are enough</h2>
 * The argument of the paper is for sequentially consistent atomics, and every access of a shared
 * word here is one: volatile loads, volatile CAS and fetch-and-add, but for the dequeuer's clear
 * of a taken value, a release store (the next writer of that cell is an enqueuer whose reserving
 * CAS reads it, so it only needs the dequeuer's read of the element ordered before it). On x86 a
 * volatile load is a plain load; every CAS and fetch-and-add is a full fence anyway.
 *
 * <h2>Closing</h2>
 * An enqueuer that finds its ticket at least {@code R} past the head (the ring is full, or
 * dequeuers are far behind) gives up its ticket; in the linked form it then closes the ring: a
 * CAS of the tail from {@code t + 1} to {@code t} with the CLOSED bit (its own given-up ticket left
 * out, so that a drained ring counts no element), or after {@link #CLOSE_TRIES} failed CASes an
 * atomic OR of the bit. A closed ring takes no element again; every later fetch-and-add of its
 * tail only returns CLOSED. An enqueuer of the linked form that has given up {@link #STARVING}
 * tickets closes the ring too (forced), so that it adds to a new ring: the paper's guard against
 * an enqueuer starved by dequeuers that keep giving its tickets up.
 *
 * <h2>Where this differs from the reference code we read</h2>
 * <ul>
 * <li>A dequeuer (and peek) takes an element only if the cell's index reads the same before and
 * after the value. Read once each, index then value, a dequeuer that had cancelled enqueuer
 * {@code h}'s reservation after that enqueuer set the index to {@code h + R} could pair that index
 * with the element enqueuer {@code h + R} stored since, and take it at ticket {@code h}, ahead of
 * elements offered before it (PrqQueueRaceTest found it: one producer, one consumer, a ring of
 * 2). Value then index fails the other way: a dequeuer could pair the element of an earlier lap,
 * about to be taken by its own dequeuer, with the index its successor set since, and take it a
 * second time (Lincheck's model checker found it on {@code MpmcLprqQueue(2)} in its long
 * configuration). A give-up reads the value after the index.</li>
 * <li>A dequeuer (or peek) passes its ticket at once where enqueuer {@code h} can no longer add:
 * the index past {@code h + R}, or at {@code h + R} with no reservation read after it; it never
 * moves an index back.</li>
 * <li>A poll of a ring that looks empty (head at or past tail) takes no ticket. Otherwise polls of
 * an empty ring keep moving the head past the tail, and an enqueuer whose cell is UNSAFE (usable
 * only while the head is not past its ticket) could be starved by a consumer polling in a loop;
 * the linked form would close the ring, but the bounded ring cannot. It also makes a poll of an
 * empty queue two loads, as in the core queues.</li>
 * <li>A closing enqueuer sets the tail to its own ticket (CLOSED), not one past it, so a drained
 * closed ring counts no element in {@link #size()}.</li>
 * <li>The bounded ring checks for room before it takes a ticket, and a bounded fill reserves its
 * cell before it asks the supplier for the element.</li>
 * <li>{@link #peek()}, which the paper does not have.</li>
 * </ul>
 */
final class PrqRing extends PrqRingPad2 {
    /** The tail's CLOSED bit. */
    static final long CLOSED = Long.MIN_VALUE;
    /** A cell index's UNSAFE bit. */
    static final long UNSAFE = Long.MIN_VALUE;
    /** How many times a dequeuer looks at an empty cell whose enqueuer may still come. */
    static final int PATIENCE = 1 << 10;
    /** How many tickets an enqueuer of the linked form gives up before it closes the ring. */
    static final int STARVING = 1 << 8;
    /** How many CASes an enqueuer tries to close a ring with before it forces the CLOSED bit. */
    static final int CLOSE_TRIES = 10;

    /** {@link #enqueue} added the element. */
    static final int ADDED = 0;
    /** {@link #enqueue} found the bounded ring full. */
    static final int FULL = 1;
    /** {@link #enqueue} found the ring closed (or closed it). */
    static final int CLOSED_RING = 2;

    private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle VALUE = MethodHandles.arrayElementVarHandle(Object[].class);

    /** An empty ring whose tickets start at {@code start}. */
    PrqRing(int size, long start) {
        super(size);
        for (long x = start; x < start + size; x++) {
            cells[(int) x & mask] = x;
        }
        spHead(start);
        spTail(start);
    }

    /** A ring whose tickets start at {@code start}, holding {@code first} at ticket {@code start}. */
    PrqRing(int size, long start, Object first) {
        this(size, start);
        final int i = (int) start & mask;
        cells[i] = start + size;
        values[i] = first;
        spTail(start + 1);
    }

    long lvCell(int i) {
        return (long) CELL.getVolatile(cells, i);
    }

    boolean casCell(int i, long expect, long update) {
        return CELL.compareAndSet(cells, i, expect, update);
    }

    Object lvValue(int i) {
        return VALUE.getVolatile(values, i);
    }

    boolean casValue(int i, Object expect, Object update) {
        return VALUE.compareAndSet(values, i, expect, update);
    }

    void soValue(int i, Object value) {
        VALUE.setRelease(values, i, value);
    }

    static long ticket(long word) {
        return word & ~CLOSED;
    }

    /** Whether a value word holds an element: neither empty nor an enqueuer's reservation. */
    static boolean isElement(Object v) {
        return v != null && !(v instanceof Thread);
    }

    /**
     * Whether this ring has no room for another element now: the tail is a whole ring ahead of the
     * head (given-up tickets count as taken until the dequeuers pass them).
     */
    boolean looksFull() {
        return ticket(lvTail()) >= lvHead() + size;
    }

    /**
     * Adds {@code v} (an element, never a Thread). {@code bounded}: returns {@link #FULL} where the
     * linked form would close the ring.
     */
    int enqueue(Object v, boolean bounded) {
        int closeTries = 0;
        int tries = 0;
        while (true) {
            final long t = xaddTail();
            if (t < 0) {
                return CLOSED_RING;
            }
            final int i = (int) t & mask;
            final long c = lvCell(i);
            if (lvValue(i) == null && ticket(c) <= t && (c >= 0 || lvHead() <= t) && put(i, c, t, v)) {
                return ADDED;
            }
            if (t >= lvHead() + size) {
                if (bounded) {
                    return FULL;
                }
                if (close(t, ++closeTries > CLOSE_TRIES)) {
                    return CLOSED_RING;
                }
            } else if (!bounded && ++tries > STARVING) {
                // Starving (its cells keep being given up): close, and add to a new ring.
                close(t, true);
                return CLOSED_RING;
            }
        }
    }

    /** The three CASes of an enqueuer with ticket {@code t} on cell {@code i}, index word {@code c}. */
    private boolean put(int i, long c, long t, Object v) {
        final Thread mark = Thread.currentThread();
        if (!casValue(i, null, mark)) {
            return false;
        }
        if (!casCell(i, c, t + size)) {
            // Give the reservation back, unless a dequeuer already cancelled it.
            casValue(i, mark, null);
            return false;
        }
        return casValue(i, mark, v);
    }

    /** {@link #enqueueFrom}: the supplier returned null; nothing was added. */
    static final int NULL_SUPPLIED = 3;

    /**
     * A bounded fill's step: reserves a cell as {@link #enqueue} does, and only then asks
     * {@code s} for the element, so an element supplied always has room. If the supplier throws
     * or returns null, the reservation is given back ({@code finally}) and the ticket given up.
     * A supplier that fails leaves its ticket given up: consumers pass it without waiting, and
     * until one has, it counts in {@link #size()} and against the bound. If a dequeuer cancelled
     * the reservation while the supplier ran (a supplier slower than its patience), the element
     * is added as an offer would add it, waiting for room if other producers took it meanwhile.
     * Returns {@link #ADDED}, {@link #FULL} (nothing supplied) or {@link #NULL_SUPPLIED}.
     */
    int enqueueFrom(org.jcq.queues.MessagePassingQueue.Supplier<?> s) {
        while (true) {
            if (looksFull()) {
                return FULL;
            }
            final long t = xaddTail();
            final int i = (int) t & mask;
            final long c = lvCell(i);
            if (lvValue(i) == null && ticket(c) <= t && (c >= 0 || lvHead() <= t)) {
                final Thread mark = Thread.currentThread();
                if (casValue(i, null, mark)) {
                    if (casCell(i, c, t + size)) {
                        return supply(i, mark, s);
                    }
                    casValue(i, mark, null);
                }
            }
            if (t >= lvHead() + size) {
                return FULL;
            }
        }
    }

    private int supply(int i, Thread mark, org.jcq.queues.MessagePassingQueue.Supplier<?> s) {
        Object v = null;
        try {
            v = PrqQueue.box(s.get());
        } finally {
            if (v == null) {
                // Thrown, or null: cell i is left empty at index t + R, which its dequeuer passes.
                casValue(i, mark, null);
            }
        }
        if (v == null) {
            return NULL_SUPPLIED;
        }
        if (!casValue(i, mark, v)) {
            while (enqueue(v, true) != ADDED) {
                Thread.onSpinWait();
            }
        }
        return ADDED;
    }

    /** Closes the ring after ticket {@code t} was given up; true if it is closed. */
    private boolean close(long t, boolean force) {
        if (force) {
            closeTail();
            return true;
        }
        return casTail(t + 1, t | CLOSED);
    }

    /** Takes the element at the head, or returns null if the ring had none. */
    Object dequeue() {
        // Empty: no ticket taken. Head at or past the tail when the tail was read means every
        // ticket below it has its dequeuer. Without this check, polls of an empty ring would move
        // the head past the tail again and again, and an enqueuer whose cell is UNSAFE (usable
        // only while the head is not past its ticket) could starve.
        if (lvHead() >= ticket(lvTail())) {
            return null;
        }
        while (true) {
            final long h = xaddHead();
            final Object e = take(h);
            if (e != null) {
                return e;
            }
            if (ticket(lvTail()) <= h + 1) {
                fixTail();
                return null;
            }
        }
    }

    /** Dequeuer of ticket {@code h}: its element, or null once the ticket is given up. */
    private Object take(long h) {
        final int i = (int) h & mask;
        final long lap = h + size;
        long tail = 0;
        for (int looks = 0; ; looks++) {
            // Index, value, and, to take, the index again: the two words are not read at once,
            // so a pair read one after the other may belong to two laps. With the index unchanged
            // around the value read, the element is enqueuer h's: while the index reads h + R only
            // enqueuer h stores an element (a later lap's enqueuer moves the index on first, and
            // the index never moves back).
            final long c = lvCell(i);
            final Object v = lvValue(i);
            final long at = ticket(c);
            if (isElement(v)) {
                if (at == lap) {
                    if (lvCell(i) != c) {
                        continue;
                    }
                    // Release: the next enqueuer of this cell reserves it with a CAS that reads this.
                    soValue(i, null);
                    return v;
                }
                // Another lap's element: mark the cell (unless it is) and give the ticket up.
                if (c < 0 ? lvCell(i) == c : casCell(i, c, c | UNSAFE)) {
                    return null;
                }
            } else if (at > lap || (at == lap && v == null)) {
                // Enqueuer h can no longer add here: a later lap's enqueuer has the cell, or the
                // index is at h + R and, read after it, no reservation (a peek gave ticket h up,
                // or enqueuer h's reservation was cancelled after it moved the index, so its last
                // CAS fails). At h + R with a reservation, enqueuer h (or h + R, about to move the
                // index on) is about to store: wait below.
                return null;
            } else {
                if ((looks & 0xff) == 0) {
                    tail = lvTail();
                }
                if (c < 0 || tail < 0 || ticket(tail) <= h || looks >= PATIENCE) {
                    if (giveUp(i, c, lap)) {
                        return null;
                    }
                } else {
                    Thread.onSpinWait();
                }
            }
        }
    }

    /**
     * Gives up ticket {@code lap - R} at cell {@code i}, whose index was read as {@code c}: cancels
     * a reservation, then moves the index to {@code lap}; false if the cell changed. The value is
     * read here, after the index: a reservation made before the index was read is seen (and
     * cancelled, so its enqueuer's last CAS fails), and one made after it belongs to an enqueuer
     * whose index CAS then fails, or makes the CAS below fail.
     */
    private boolean giveUp(int i, long c, long lap) {
        final Object v = lvValue(i);
        if (v != null && (isElement(v) || !casValue(i, v, null))) {
            return false;
        }
        return casCell(i, c, (c & UNSAFE) | lap);
    }

    /** After failed dequeues moved the head past the tail of an open ring: the tail catches up. */
    private void fixTail() {
        while (true) {
            final long t = lvTail();
            final long h = lvHead();
            if (lvTail() != t) {
                continue;
            }
            if (t < 0 || h <= t || casTail(t, h)) {
                return;
            }
        }
    }

    /**
     * The element at the head without taking it, or null if the ring has none. Looks at the
     * tickets from the head on: one holding its element is the head (if the head did not move
     * meanwhile); one that can no longer get its element is passed; one whose enqueuer may still
     * come is waited for, and after {@link #PATIENCE} looks given up as its dequeuer would give it
     * up (so that no element can appear before the one this returns). An element of an earlier
     * lap is waited for: its dequeuer, which has its ticket, is about to take it.
     */
    Object peek() {
        restart:
        while (true) {
            final long h = lvHead();
            for (long x = h; ; x++) {
                if (x >= ticket(lvTail())) {
                    if (lvHead() == h) {
                        return null;
                    }
                    continue restart;
                }
                final int i = (int) x & mask;
                final long lap = x + size;
                for (int looks = 0; ; looks++) {
                    if (lvHead() != h) {
                        continue restart;
                    }
                    // Index, value, index again, as in take.
                    final long c = lvCell(i);
                    final Object v = lvValue(i);
                    final long at = ticket(c);
                    if (isElement(v)) {
                        if (at == lap) {
                            if (lvCell(i) != c) {
                                continue;
                            }
                            // Acquire (volatile): ticket x not yet taken, so v is still its element.
                            if (lvHead() == h) {
                                return v;
                            }
                            continue restart;
                        }
                        if (at > lap) {
                            break;
                        }
                    } else if (at > lap || (at == lap && v == null) || (looks >= PATIENCE && giveUp(i, c, lap))) {
                        break;
                    }
                    Thread.onSpinWait();
                }
            }
        }
    }

    /** How many tickets lie between head and tail, at most R: the elements, and given-up tickets. */
    int size() {
        while (true) {
            final long h = lvHead();
            final long t = ticket(lvTail());
            if (lvHead() == h) {
                return (int) Math.max(0, Math.min(size, t - h));
            }
        }
    }

    /** Where the tickets of the ring after this closed one start. */
    long nextStart() {
        return ticket(lvTail());
    }
}
