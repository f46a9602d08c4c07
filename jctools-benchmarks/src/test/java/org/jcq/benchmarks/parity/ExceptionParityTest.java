package org.jcq.benchmarks.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.jcq.benchmarks.support.BenchmarkQueues;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad-argument call of every public method of each of our queues throws the exception type
 * its JCTools 4.0.7 twin throws (or, where the twin accepts the argument, nothing), and leaves our
 * queue as it was; our message names the argument.
 * <p>
 * The calls are found by reflection, so a method added later is covered without a line here: each
 * public method that takes arguments and has a twin of the same name and parameter types is called
 * once per reference parameter with {@code null} there (the rest valid), and once per {@code int}
 * parameter with {@code -1} there, on an empty queue and on one holding two elements. A parameter
 * type the test cannot supply a valid value for fails the test, rather than leaving the method out.
 */
class ExceptionParityTest {
    /** The elements a non-empty queue starts with. */
    private static final List<Integer> HELD = List.of(10, 11);
    private static final int CAPACITY = 16;

    static Stream<String> ours() {
        return BenchmarkQueues.ours().stream();
    }

    /**
     * One call: the method, the index of the bad argument and the bad value, and how many times an
     * exit condition given to it says to keep running (0 or 1).
     */
    private record BadCall(Method ours, Method twin, int index, Object bad, int runs) {
        @Override
        public String toString() {
            return ours.getName() + Arrays.toString(ours.getParameterTypes()).replace("class ", "")
                    + (index < 0 ? " with valid arguments" : " with argument " + index + " = " + bad)
                    + (takesExit(ours) ? ", exit after " + runs + " run(s)" : "");
        }

        /** The same call with every argument valid. */
        BadCall withoutBadArgument() {
            return new BadCall(ours, twin, -1, null, runs);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ours")
    void everyBadArgumentThrowsWhatJctoolsThrowsAndLeavesTheQueueUnchanged(String qType) {
        final String twinType = BenchmarkQueues.twinOf(qType);
        final Class<?> ourClass = BenchmarkQueues.create(qType, CAPACITY).getClass();
        final Class<?> twinClass = BenchmarkQueues.create(twinType, CAPACITY).getClass();
        final List<BadCall> calls = badCalls(ourClass, twinClass);
        // drain and fill in their three forms, offer, add, addAll at least.
        assertTrue(calls.size() >= 12, "too few calls found for " + qType + ": " + calls);
        final List<String> mismatches = new ArrayList<>();
        int throwing = 0;
        int unsupportedByTwin = 0;
        for (BadCall call : calls) {
            for (boolean empty : new boolean[] {true, false}) {
                final Queue<Object> ours = BenchmarkQueues.create(qType, CAPACITY);
                final Queue<Object> twin = BenchmarkQueues.create(twinType, CAPACITY);
                if (!empty) {
                    ours.addAll(HELD);
                    twin.addAll(HELD);
                }
                final List<Object> before = new ArrayList<>(ours);
                final String where = call + (empty ? " on an empty queue" : " on a queue holding " + HELD);
                final Queue<Object> twinCheck = BenchmarkQueues.create(twinType, CAPACITY);
                if (!empty) {
                    twinCheck.addAll(HELD);
                }
                if (invoke(call.twin(), twinCheck, call.withoutBadArgument()) != null) {
                    // JCTools does not support the method at all (contains, remove or drainTo on a
                    // queue without an iterator): no argument is bad there; ours does more.
                    unsupportedByTwin++;
                    continue;
                }
                final Throwable ourThrown = invoke(call.ours(), ours, call);
                final Throwable twinThrown = invoke(call.twin(), twin, call);
                if (!typeOf(ourThrown).equals(typeOf(twinThrown))) {
                    mismatches.add(where + ": ours threw " + typeOf(ourThrown) + ", JCTools " + typeOf(twinThrown));
                    continue;
                }
                if (ourThrown != null) {
                    throwing++;
                    assertEquals(before, new ArrayList<>(ours), where + " changed the queue");
                    if (call.ours().getDeclaringClass().getName().startsWith("org.jcq.")) {
                        // The JDK's own collection methods (addAll, removeIf, ...) throw without one.
                        assertNotNull(ourThrown.getMessage(), where + ": no message");
                    }
                }
            }
        }
        assertEquals(List.of(), mismatches, qType + " throws other types than " + twinType);
        assertTrue(throwing >= 20, "only " + throwing + " bad calls threw for " + qType);
        assertTrue(unsupportedByTwin < calls.size(), "JCTools supports no method of " + twinType);
    }

    /** Each method with a twin of the same signature, once per parameter it can be given a bad value. */
    private static List<BadCall> badCalls(Class<?> ourClass, Class<?> twinClass) {
        final Map<String, Method> twins = new LinkedHashMap<>();
        for (Method m : twinClass.getMethods()) {
            if (candidate(m)) {
                twins.putIfAbsent(signature(m), m);
            }
        }
        final Map<String, Method> ours = new LinkedHashMap<>();
        for (Method m : ourClass.getMethods()) {
            if (candidate(m)) {
                ours.putIfAbsent(signature(m), m);
            }
        }
        final List<BadCall> calls = new ArrayList<>();
        for (Map.Entry<String, Method> e : ours.entrySet()) {
            final Method m = e.getValue();
            final Method twin = twins.get(e.getKey());
            if (twin == null) {
                continue;
            }
            // Public methods declared in package-private classes are called through this handle.
            m.setAccessible(true);
            twin.setAccessible(true);
            final Class<?>[] types = m.getParameterTypes();
            for (int runs = 0; runs <= (takesExit(m) ? 1 : 0); runs++) {
                for (int i = 0; i < types.length; i++) {
                    if (!types[i].isPrimitive()) {
                        calls.add(new BadCall(m, twin, i, null, runs));
                    } else if (types[i] == int.class) {
                        calls.add(new BadCall(m, twin, i, -1, runs));
                    }
                }
            }
        }
        return calls;
    }

    private static boolean candidate(Method m) {
        // Visibility bridges stay: they are how a public class exposes a package-private parent's method.
        return m.getParameterCount() > 0 && !Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != Object.class;
    }

    /** Name and parameter types, with each library's nested callback types by their simple name. */
    private static String signature(Method m) {
        final StringBuilder sb = new StringBuilder(m.getName());
        for (Class<?> t : m.getParameterTypes()) {
            sb.append(',').append(isCallback(t) ? "callback " + t.getSimpleName() : t.getName());
        }
        return sb.toString();
    }

    private static boolean takesExit(Method m) {
        return Arrays.stream(m.getParameterTypes()).anyMatch(t -> t.getSimpleName().equals("ExitCondition"));
    }

    private static boolean isCallback(Class<?> t) {
        final Class<?> outer = t.getEnclosingClass();
        return outer != null && outer.getSimpleName().equals("MessagePassingQueue");
    }

    private static Throwable invoke(Method m, Queue<Object> q, BadCall call) {
        final Object[] args = new Object[m.getParameterCount()];
        final Class<?>[] types = m.getParameterTypes();
        for (int i = 0; i < args.length; i++) {
            args[i] = i == call.index() ? call.bad() : valid(types[i], call.runs());
        }
        return assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            try {
                m.invoke(q, args);
                return null;
            } catch (InvocationTargetException e) {
                return e.getCause();
            }
        }, () -> call + " did not return on " + q.getClass().getName());
    }

    private static String typeOf(Throwable t) {
        return t == null ? "nothing" : t.getClass().getName();
    }

    /** A valid value of a parameter type; a callback that is called does nothing harmful. */
    private static Object valid(Class<?> type, int runs) {
        if (type == Object.class) {
            return 7;
        } else if (type == int.class) {
            return 1;
        } else if (type == long.class) {
            return 1L;
        } else if (type == TimeUnit.class) {
            return TimeUnit.MILLISECONDS;
        } else if (type == Collection.class) {
            return new ArrayList<>(List.of(7));
        } else if (type == Object[].class) {
            return new Object[0];
        } else if (type == IntFunction.class) {
            return (IntFunction<Object[]>) Object[]::new;
        } else if (type == Predicate.class) {
            return (Predicate<Object>) e -> false;
        } else if (type == java.util.function.Consumer.class) {
            return (java.util.function.Consumer<Object>) e -> { };
        } else if (isCallback(type)) {
            final int[] runsLeft = {runs};
            return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, a) -> {
                switch (method.getName()) {
                    case "accept": return null;              // Consumer: take the element
                    case "get": return 7;                    // Supplier: an element
                    case "idle": return (Integer) a[0] + 1;  // WaitStrategy
                    case "keepRunning": return runsLeft[0]-- > 0; // ExitCondition
                    case "hashCode": return System.identityHashCode(proxy);
                    case "equals": return proxy == a[0];
                    case "toString": return type.getSimpleName();
                    default: throw new AssertionError("unexpected callback method " + method);
                }
            });
        }
        return fail("no valid value known for a parameter of type " + type.getName());
    }
}
