package org.jcq.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code key=value} command lines of this package's mains ({@link Footprint},
 * {@link IdleConsumerCpu}): one parser, so every main rejects a malformed argument and an unknown
 * key with the same message.
 */
final class KeyValueArgs {
    private KeyValueArgs() {
    }

    /**
     * @param args the command line
     * @param keys the keys the main accepts
     * @return the values by key, in command-line order (a repeated key keeps its last value)
     * @throws IllegalArgumentException naming the argument: not {@code key=value}, or an unknown key
     */
    static Map<String, String> parse(String[] args, Set<String> keys) {
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
}
