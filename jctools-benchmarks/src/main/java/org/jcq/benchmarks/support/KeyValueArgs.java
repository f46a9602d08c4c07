package org.jcq.benchmarks.support;

import org.jcq.benchmarks.tools.Footprint;
import org.jcq.benchmarks.tools.IdleConsumerCpu;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code key=value} command lines of the benchmark mains ({@code Compare}, {@link Footprint},
 * {@link IdleConsumerCpu}, {@code PutHandOff}, {@code Ratio}, {@code Peers}, {@code Pack}, the
 * latency harness's configuration, the executor harness): one parser and one check per kind of
 * value, so every main rejects a malformed argument, an unknown key, an unknown queue or a bad
 * number with the same message.
 */
public final class KeyValueArgs {
    private KeyValueArgs() {
    }

    /**
     * @param args the command line
     * @param keys the keys the main accepts
     * @return the values by key, in command-line order (a repeated key keeps its last value)
     * @throws IllegalArgumentException naming the argument: not {@code key=value}, or an unknown key
     */
    public static Map<String, String> parse(String[] args, Collection<String> keys) {
        final Map<String, String> values = new LinkedHashMap<>();
        for (String arg : args) {
            final int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("Argument is not key=value: '" + arg + "'");
            }
            final String key = arg.substring(0, eq);
            if (!keys.contains(key)) {
                throw new IllegalArgumentException("Unknown key: '" + key + "' in '" + arg + "'; known: " + keys);
            }
            values.put(key, arg.substring(eq + 1));
        }
        return values;
    }

    /**
     * @param key   the key, for the message
     * @param value a comma-separated list of queue names, or null for {@code known}
     * @param known the names the main accepts
     * @return the names, in the order given
     * @throws IllegalArgumentException naming the first unknown name and the value
     */
    public static List<String> qTypes(String key, String value, List<String> known) {
        if (value == null) {
            return known;
        }
        final List<String> qTypes = List.of(value.split(",", -1));
        for (String q : qTypes) {
            if (!known.contains(q)) {
                throw new IllegalArgumentException("Unknown qType: '" + q + "' in " + key + "=" + value + "; known: "
                        + known);
            }
        }
        return qTypes;
    }

    /**
     * @return {@code value} as a positive int, or {@code defaultValue} if it is null
     * @throws IllegalArgumentException naming the key and value if it is not a positive int
     */
    public static int positiveInt(String key, String value, int defaultValue) {
        return (int) positive(key, value, defaultValue, "int", Integer.MAX_VALUE);
    }

    /**
     * @return {@code value} as a positive long, or {@code defaultValue} if it is null
     * @throws IllegalArgumentException naming the key and value if it is not a positive long
     */
    public static long positiveLong(String key, String value, long defaultValue) {
        return positive(key, value, defaultValue, "long", Long.MAX_VALUE);
    }

    /**
     * @return {@code value} as a boolean, or {@code defaultValue} if it is null
     * @throws IllegalArgumentException naming the key and value if it is neither {@code true} nor
     *                                  {@code false}
     */
    public static boolean bool(String key, String value, boolean defaultValue) {
        if (value == null) {
            return defaultValue;
        }
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(key + " must be true or false but was '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    private static long positive(String key, String value, long defaultValue, String type, long max) {
        if (value == null) {
            return defaultValue;
        }
        final String message = key + " must be a positive " + type + " but was '" + value + "'";
        final long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(message, e);
        }
        if (parsed < 1 || parsed > max) {
            throw new IllegalArgumentException(message);
        }
        return parsed;
    }
}
