package org.jcq.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void readsEveryKindOfValueKeepingKeyOrder() {
        final Map<String, Object> m = Json.object(Json.parse(
                " {\"b\": [1, -2.5, 3e2, 0.125E-1], \"a\": {\"t\": true, \"f\": false, \"n\": null}, \"s\": \"x\"} "));
        assertEquals(List.of("b", "a", "s"), List.copyOf(m.keySet()));
        assertEquals(List.of(1.0, -2.5, 300.0, 0.0125), m.get("b"));
        final Map<String, Object> a = Json.object(m.get("a"));
        assertEquals(Boolean.TRUE, a.get("t"));
        assertEquals(Boolean.FALSE, a.get("f"));
        assertTrue(a.containsKey("n"));
        assertNull(a.get("n"));
        assertEquals("x", m.get("s"));
        assertEquals(List.of(), Json.parse("[]"));
        assertEquals(Map.of(), Json.parse("{ }"));
    }

    @Test
    void decodesEveryStringEscape() {
        assertEquals("q\" b\\ s/ \b\f\n\r\t \u00e9\u20ac",
                Json.parse("\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9\\u20AC\""));
    }

    @Test
    void readsJmhsNonFiniteScoreStrings() {
        assertTrue(Double.isNaN(Json.number(Json.parse("\"NaN\""))));
        assertEquals(Double.POSITIVE_INFINITY, Json.number("Infinity"));
        assertEquals(Double.NEGATIVE_INFINITY, Json.number("-Infinity"));
        assertEquals(1.5, Json.number(Json.parse("1.5")));
        assertThrows(IllegalArgumentException.class, () -> Json.number("1.5"));
        assertThrows(IllegalArgumentException.class, () -> Json.number(null));
    }

    /** Each is invalid JSON; a lenient reader would quietly accept some of them. */
    @ParameterizedTest
    @ValueSource(strings = {"", "[1,]", "{\"a\":1,}", "[1 2]", "{'a':1}", "{\"a\" 1}", "01", "1.", "-",
        "1e", ".5", "+1", "[1] x", "\"abc", "\"a\\x\"", "\"\\u12G4\"", "\"\\u12\"", "\"tab\there\"",
        "tru", "nul", "NaN", "{\"a\":1,\"a\":2}", "[", "{\"a\":", "// c\n1", "{1:2}"})
    void rejectsInvalidDocuments(String text) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.parse(text));
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
    }

    @Test
    void typedAccessorsNameWhatIsMissingOrWrong() {
        final Map<String, Object> m = Json.object(Json.parse("{\"a\": [1]}"));
        assertEquals(List.of(1.0), Json.array(Json.get(m, "a")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Json.get(m, "zz"))
                .getMessage().contains("zz"));
        assertThrows(IllegalArgumentException.class, () -> Json.object(Json.get(m, "a")));
        assertThrows(IllegalArgumentException.class, () -> Json.array(m));
    }
}
