package org.jcq.benchmarks.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The boolean option of the mains' key=value lines: true, false or absent, nothing else. */
class KeyValueArgsTest {
    @Test
    void booleansAreTrueFalseOrTheDefault() {
        assertTrue(KeyValueArgs.bool("summary", "true", false));
        assertEquals(false, KeyValueArgs.bool("summary", "false", true));
        assertTrue(KeyValueArgs.bool("summary", null, true));
        for (String bad : new String[] {"yes", "TRUE", "1", ""}) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> KeyValueArgs.bool("summary", bad, false));
            assertTrue(e.getMessage().contains("summary") && e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }
}
