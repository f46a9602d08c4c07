package org.jcq.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jcq.internal.Args;
import org.jcq.internal.VarHandles;

/**
 * What the multi-producer array queues share: producers claim an index before they write its
 * slot, so a {@code fill} can ask its supplier only once it holds a slot, and must give the slot
 * back when the supplier fails.
 * <p>
 * Giving back: if no producer has claimed past the abandoned index {@code p}, a CAS of the
 * producer index from {@code p + 1} back to {@code p} withdraws the claim and the queue is
 * exactly as before. Otherwise {@code p} becomes a hole, recorded in {@link #holes}; consumers
 * that find a claimed slot empty (their slow path) check it and step over the index. A consumer
 * waiting on a withdrawn claim sees the producer index back at its own and reports empty.
 * <p>
 * This class adds one field to the cold region, written at most once (see {@code package-info}).
 *
 * @param <E> the type of the elements
 */
abstract class ClaimingArrayQueue<E> extends CircularArrayQueue<E> {
    private static final VarHandle HOLES =
            VarHandles.field(MethodHandles.lookup(), ClaimingArrayQueue.class, "holes", Set.class);

    /**
     * Indices a {@code fill} claimed but could not write; created on the first such failure, so
     * it costs nothing otherwise, and read only on consumers' slow paths.
     */
    private volatile Set<Long> holes;

    ClaimingArrayQueue(int capacity) {
        super(capacity);
    }

    /** Claims the next producer index, or returns -1 if the queue is full. */
    abstract long claim(int mask);

    /** Writes the element of claimed index {@code p}, making it visible to consumers. */
    abstract void publish(long p, int mask, E e);

    abstract boolean casProducerIndex(long expect, long update);

    /**
     * {@inheritDoc}
     * <p>
     * Claims a slot before asking the supplier, so it never takes an element it has no room for
     * and never waits. If the supplier then returns null or throws, the claim is withdrawn, or, if
     * other producers have claimed later slots meanwhile, marked for consumers to skip.
     */
    @Override
    public int fill(Supplier<E> s, int limit) {
        Args.notNull("s", s);
        Args.limit(limit);
        final int mask = this.mask;
        for (int i = 0; i < limit; i++) {
            final long p = claim(mask);
            if (p < 0) {
                return i;
            }
            final E e;
            try {
                e = s.get();
            } catch (RuntimeException | Error t) {
                abandon(p);
                throw t;
            }
            if (e == null) {
                abandon(p);
                throw Args.nullSupplied(i);
            }
            publish(p, mask, e);
        }
        return limit;
    }

    /** Cold path of fill: gives back index {@code p}, claimed but never to be written. */
    private void abandon(long p) {
        if (!casProducerIndex(p + 1, p)) {
            addHole(p);
        }
    }

    private void addHole(long index) {
        if (lvHoles() == null) {
            HOLES.compareAndSet(this, null, ConcurrentHashMap.newKeySet());
        }
        lvHoles().add(index);
    }

    /** True if {@code index} is a hole not yet skipped. Consumers' slow paths only. */
    final boolean isHole(long index) {
        final Set<Long> holes = lvHoles();
        return holes != null && holes.contains(index);
    }

    /** Forgets a hole once a consumer has moved past it. */
    final void removeHole(long index) {
        lvHoles().remove(index);
    }

    private Set<Long> lvHoles() {
        return holes;
    }
}
