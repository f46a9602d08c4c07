package org.jcq.queues;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jcq.queues.QueueRegistry.QueueSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;
import org.openjdk.jol.vm.VM;

/**
 * Proves the padding statements of {@code package-info} on the running VM's real field layout
 * (JOL reads the offsets the VM chose), for every registry queue class.
 * <p>
 * Every instance field of a queue's hierarchy must be hot (written by producers or consumers),
 * cold (read-only after construction) or a pad ({@code p<region>_<nnn>}, {@code byte}); a new
 * field that is none of these fails the test until it is classified here, so the rules cannot be
 * sidestepped by accident. A region is the class declaring a hot field.
 */
class LayoutTest {
    /** x86 fetches cache lines in adjacent pairs: the distance that avoids false sharing. */
    private static final int FALSE_SHARING_DISTANCE = 128;

    // waiting: the blocking queues' count of waiting threads (see Parking), written by waiters and
    // the signals that wake them, read after every offer and every poll; lists, beside it in its
    // region: written once by the first thread that waits; removers and removed, the MPMC blocking
    // queues' counts of removals in progress and of removed slots not yet passed, beside them:
    // written by remove(Object) and by consumers that pass a removed slot, read after every claim.
    // producerBuffer/producerMask and consumerBuffer/consumerMask: the linked-array queues' current
    // chunks, replaced when a chunk is linked or left. lastAbandoned, skipsPending: the XADD queues'
    // record of indices abandoned after a failed chunk allocation, taken off by consumers.
    private static final Set<String> HOT = Set.of("producerIndex", "producerLimit", "consumerIndex", "producerIndexCache",
            "waiting", "lists", "removers", "removed", "consumerLane", "producerNode", "consumerNode", "producerChunk", "producerChunkIndex", "consumerChunk",
            "poolTop", "lastAbandoned", "skipsPending", "producerQueueLimit", "producerBuffer", "producerMask",
            "consumerBuffer", "consumerMask");
    // maxQueueCapacity, chunkAllocator: a linked-array queue's bound and chunk allocator (the
    // allocator is replaced only by tests, before the queue is shared).
    private static final Set<String> COLD = Set.of("buffer", "mask", "bound", "sequences",
            "chunkMask", "chunkShift", "maxPooledChunks", "sequenced", "capacity", "maxQueueCapacity", "chunkAllocator",
            "lanes", "laneMask");
    private static final Pattern PAD = Pattern.compile("p(\\d+)_(\\d{3})");

    private record Placed(Field field, long offset, long size) {
        long end() {
            return offset + size;
        }

        /** Bytes between the two fields; negative if they overlap. */
        long gapTo(Placed other) {
            return Math.max(other.offset - end(), offset - other.end());
        }

        @Override
        public String toString() {
            return field.getDeclaringClass().getSimpleName() + "." + field.getName() + "@" + offset + "+" + size;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#all")
    void hotFieldsArePaddedFromHeaderColdFieldsEachOtherAndNextObject(QueueSpec spec) {
        assumeFalse(spec.compact(), "a compact edition: no padding, on purpose");
        final Class<?> type = spec.create(16).getClass();
        final ClassLayout layout = ClassLayout.parseClass(type);
        final List<String> problems = layoutProblems(type, layout);
        if (!problems.isEmpty()) {
            fail(type.getName() + " breaks the padding rules:\n  " + String.join("\n  ", problems) + "\n"
                    + layout.toPrintable() + "\n" + VM.current().details());
        }
    }

    /** Fields named like a queue's, with no padding at all: every rule must catch it. */
    abstract static class Unpadded {
        Object[] buffer;
        int mask;
        long producerIndex;
        long producerLimit;
        byte p1_000;
    }

    /** Another region, declared by a subclass, right next to the first one. */
    abstract static class UnpaddedWithConsumer extends Unpadded {
        long consumerIndex;
        int unclassified;
    }

    @Test
    void rulesCatchAnUnpaddedLayout() {
        final ClassLayout layout = ClassLayout.parseClass(UnpaddedWithConsumer.class);
        final String problems = String.join("\n", layoutProblems(UnpaddedWithConsumer.class, layout));
        for (String expected : new String[] {"(a) hot", "(b) hot", "(c) hot", "(d) cold", "neither hot, cold nor a pad",
                "declares pads 1"}) {
            assertTrue(problems.contains(expected), "missing " + expected + " in:\n" + problems + "\n" + layout.toPrintable());
        }
    }

    /** JOL names nested classes with '.' where {@link Class#getName()} has '$'. */
    private static String key(String className, String fieldName) {
        return className.replace('$', '.') + "#" + fieldName;
    }

    /** Every way {@code type}'s layout breaks the rules of package-info; empty if none. */
    private static List<String> layoutProblems(Class<?> type, ClassLayout layout) {
        final String printable = "\n" + layout.toPrintable();
        final Map<String, FieldLayout> byKey = new LinkedHashMap<>();
        for (FieldLayout f : layout.fields()) {
            byKey.put(key(f.hostClass(), f.name()), f);
        }

        final List<Placed> hot = new ArrayList<>();
        final List<Placed> cold = new ArrayList<>();
        final Map<Class<?>, Set<Integer>> padsByClass = new LinkedHashMap<>();
        final List<String> problems = new ArrayList<>();
        for (Class<?> k = type; k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                final FieldLayout fl = byKey.get(key(k.getName(), f.getName()));
                assertNotNull(fl, "JOL does not report " + k.getName() + "." + f.getName() + printable);
                final Placed placed = new Placed(f, fl.offset(), fl.size());
                final Matcher pad = PAD.matcher(f.getName());
                if (HOT.contains(f.getName())) {
                    hot.add(placed);
                } else if (COLD.contains(f.getName())) {
                    cold.add(placed);
                } else if (pad.matches()) {
                    if (f.getType() != byte.class) {
                        problems.add("pad " + placed + " is " + f.getType() + ", not byte");
                    }
                    padsByClass.computeIfAbsent(k, c -> new TreeSet<>()).add(Integer.parseInt(pad.group(2)));
                } else {
                    problems.add(placed + " is neither hot, cold nor a pad: classify it in LayoutTest");
                }
            }
        }
        // Linked-node queues keep nodes where the others keep indices; a compound queue keeps only
        // the consumer's lane (its lanes are array queues, each checked on its own).
        final String[] requiredHot = BaseLinkedQueue.class.isAssignableFrom(type)
                ? new String[] {"producerNode", "consumerNode"}
                : BaseMpscCompoundQueue.class.isAssignableFrom(type)
                        ? new String[] {"consumerLane"}
                        : new String[] {"producerIndex", "consumerIndex"};
        for (String required : requiredHot) {
            if (hot.stream().noneMatch(p -> p.field.getName().equals(required))) {
                problems.add("no " + required + " found: nothing to check");
            }
        }

        // Pads: byte fields, 128 to a class, numbered 000..127 with no gaps.
        final Set<Integer> fullPad = new TreeSet<>();
        for (int i = 0; i < FALSE_SHARING_DISTANCE; i++) {
            fullPad.add(i);
        }
        padsByClass.forEach((k, numbers) -> {
            if (!numbers.equals(fullPad)) {
                problems.add(k.getSimpleName() + " declares pads " + numbers.size() + " numbered " + numbers
                        + ", not 000..127");
            }
        });

        final int header = layout.headerSize();
        final long firstField = layout.fields().isEmpty() ? header : layout.fields().first().offset();
        if (firstField < header) {
            problems.add("first field at " + firstField + " inside the " + header + "-byte header");
        }
        final long instanceSize = layout.instanceSize();
        for (Placed h : hot) {
            // (a) every interface call reads the header: nothing written may share its lines.
            if (h.offset < header + FALSE_SHARING_DISTANCE) {
                problems.add("(a) hot " + h + " is within " + FALSE_SHARING_DISTANCE + " bytes of the " + header
                        + "-byte header");
            }
            // (c) against whatever object the heap places after this one.
            if (instanceSize - h.end() < FALSE_SHARING_DISTANCE) {
                problems.add("(c) hot " + h + " ends " + (instanceSize - h.end()) + " bytes before the end of the "
                        + instanceSize + "-byte instance");
            }
            // (b) regions written by different threads.
            for (Placed other : hot) {
                if (h.field.getDeclaringClass() != other.field.getDeclaringClass() && h.offset < other.offset
                        && h.gapTo(other) < FALSE_SHARING_DISTANCE) {
                    problems.add("(b) hot " + h + " and hot " + other + " of another region are " + h.gapTo(other)
                            + " bytes apart");
                }
            }
            // (d) cold fields are read on every operation; no written field may share their lines.
            for (Placed c : cold) {
                if (h.gapTo(c) < FALSE_SHARING_DISTANCE) {
                    problems.add("(d) cold " + c + " and hot " + h + " are " + h.gapTo(c) + " bytes apart");
                }
            }
        }
        return problems;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.jcq.queues.QueueRegistry#all")
    void paddedRingsStart128BytesAfterTheirHeaderAndCompactOnesAtOnce(QueueSpec spec) throws ReflectiveOperationException {
        final MessagePassingQueue<Integer> q = spec.create(16);
        assumeTrue(q instanceof CircularArrayQueue, "not an array queue");
        final CircularArrayQueue<?> ring = (CircularArrayQueue<?>) q;
        final int capacity = q.capacity();
        // The ring's size: the capacity, or, with an exact bound, the capacity rounded up.
        final int ringSize = ring.mask + 1;
        assertTrue(capacity <= ringSize && ringSize < 2 * Math.max(capacity, 2), "ring of " + ringSize + " for " + capacity);
        final int referenceSize = VM.current().arrayIndexScale("java.lang.Object");
        final int ringBase = VM.current().arrayBaseOffset("java.lang.Object");
        final int pad = ring.padSlots();
        // MPMC pads its sequence array, which every thread reads first, instead of its ring.
        final Field sequencesField = instanceField(q.getClass(), "sequences");
        final boolean mpmc = sequencesField != null;
        if (spec.compact() || mpmc) {
            assertEquals(0, pad, "unused slots before the ring's first live one");
        } else {
            assertTrue(ringBase + pad * referenceSize >= FALSE_SHARING_DISTANCE,
                    "first live slot " + (ringBase + pad * referenceSize) + " bytes after the ring's start");
        }
        assertEquals(pad + ringSize, ring.buffer.length, "buffer length: no unused slots after the live ones");

        long[] sequences = null;
        int sequencePad = 0;
        if (mpmc) {
            sequences = (long[]) sequencesField.get(q);
            sequencePad = sequences.length - ringSize;
            final int longSize = VM.current().arrayIndexScale("long");
            final int longBase = VM.current().arrayBaseOffset("long");
            if (spec.compact()) {
                assertEquals(0, sequencePad, "unused sequences");
            } else {
                assertTrue(longBase + sequencePad * longSize >= FALSE_SHARING_DISTANCE,
                        "first live sequence " + (longBase + sequencePad * longSize) + " bytes after the array's start");
            }
        }

        // Run the ring through several laps at every fill level; the pad slots must stay untouched.
        int next = 0;
        for (int level = 1; level <= capacity; level++) {
            for (int lap = 0; lap < 3; lap++) {
                for (int i = 0; i < level; i++) {
                    assertTrue(q.offer(next++));
                }
                for (int i = 0; i < level; i++) {
                    assertNotNull(q.poll());
                }
            }
            for (int i = 0; i < pad; i++) {
                assertNull(ring.buffer[i], "leading pad slot " + i);
            }
            for (int i = 0; i < sequencePad; i++) {
                assertEquals(0, sequences[i], "leading pad sequence " + i);
            }
        }
    }

    /** The instance field {@code name} declared by {@code type} or a superclass, or null. */
    private static Field instanceField(Class<?> type, String name) {
        for (Class<?> k = type; k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())) {
                    return f;
                }
            }
        }
        return null;
    }
}
