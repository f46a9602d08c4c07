package org.jcq.benchmarks.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON reader, enough for JMH's result files, so the report needs no JSON library.
 * <p>
 * Values map to Java as: object to an unmodifiable {@link Map} keeping the file's key order,
 * array to an unmodifiable {@link List}, string to {@link String}, number to {@link Double},
 * {@code true}/{@code false} to {@link Boolean}, {@code null} to {@code null}. It is strict
 * (RFC 8259): no comments, no trailing commas, no single quotes, nothing after the value, no
 * unescaped control characters in strings, no duplicate keys; any violation is an
 * {@link IllegalArgumentException} giving the offset, so a truncated result file (a fork killed
 * mid-write) is reported instead of being read as fewer samples.
 * <p>
 * JMH writes scores it cannot compute as the strings {@code "NaN"}, {@code "Infinity"} and
 * {@code "-Infinity"}; {@link #number(Object)} reads those as the doubles they name.
 */
public final class Json {
    private static final int HEX_DIGITS_IN_ESCAPE = 4;
    private static final int HEX_RADIX = 16;
    private static final char FIRST_PRINTABLE = 0x20;

    private final String text;
    private int pos;

    private Json(String text) {
        this.text = text;
    }

    /**
     * Parses one JSON document.
     *
     * @param text the whole document
     * @return its value, as described in the class comment
     * @throws IllegalArgumentException if the text is not exactly one valid JSON value
     */
    public static Object parse(String text) {
        final Json p = new Json(text);
        p.skipWhitespace();
        final Object value = p.value();
        p.skipWhitespace();
        if (p.pos != text.length()) {
            throw p.error("unexpected text after the value");
        }
        return value;
    }

    /**
     * Reads a JSON number, or one of JMH's non-finite strings.
     *
     * @param value a value from {@link #parse(String)}
     * @return the number
     * @throws IllegalArgumentException if it is neither a number nor "NaN", "Infinity" or "-Infinity"
     */
    public static double number(Object value) {
        if (value instanceof Double) {
            return (Double) value;
        }
        if ("NaN".equals(value)) {
            return Double.NaN;
        }
        if ("Infinity".equals(value)) {
            return Double.POSITIVE_INFINITY;
        }
        if ("-Infinity".equals(value)) {
            return Double.NEGATIVE_INFINITY;
        }
        throw new IllegalArgumentException("not a number: " + value);
    }

    /**
     * @param value a value from {@link #parse(String)}
     * @return it as an object
     * @throws IllegalArgumentException if it is not one
     */
    @SuppressWarnings("unchecked") // parse builds every object as a Map<String, Object>
    public static Map<String, Object> object(Object value) {
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("not a JSON object: " + describe(value));
        }
        return (Map<String, Object>) value;
    }

    /**
     * @param value a value from {@link #parse(String)}
     * @return it as an array
     * @throws IllegalArgumentException if it is not one
     */
    @SuppressWarnings("unchecked") // parse builds every array as a List<Object>
    public static List<Object> array(Object value) {
        if (!(value instanceof List)) {
            throw new IllegalArgumentException("not a JSON array: " + describe(value));
        }
        return (List<Object>) value;
    }

    /**
     * @param object a JSON object
     * @param key    a key it must have
     * @return the value under the key
     * @throws IllegalArgumentException if the key is missing
     */
    public static Object get(Map<String, Object> object, String key) {
        if (!object.containsKey(key)) {
            throw new IllegalArgumentException("missing key '" + key + "'; keys: " + object.keySet());
        }
        return object.get(key);
    }

    private static String describe(Object value) {
        return value == null ? "null" : value.getClass().getSimpleName();
    }

    private Object value() {
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        final char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                if (c == '-' || isDigit(c)) {
                    return number();
                }
                throw error("unexpected character '" + c + "'");
        }
    }

    private Map<String, Object> object() {
        expect('{');
        final Map<String, Object> m = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return Collections.unmodifiableMap(m);
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("expected a string key");
            }
            final int keyAt = pos;
            final String key = string();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            if (m.containsKey(key)) {
                pos = keyAt;
                throw error("duplicate key '" + key + "'");
            }
            m.put(key, value());
            skipWhitespace();
            if (peek() == ',') {
                pos++;
            } else {
                expect('}');
                return Collections.unmodifiableMap(m);
            }
        }
    }

    private List<Object> array() {
        expect('[');
        final List<Object> l = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return Collections.unmodifiableList(l);
        }
        while (true) {
            skipWhitespace();
            l.add(value());
            skipWhitespace();
            if (peek() == ',') {
                pos++;
            } else {
                expect(']');
                return Collections.unmodifiableList(l);
            }
        }
    }

    private String string() {
        expect('"');
        final StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            final char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < FIRST_PRINTABLE) {
                pos--;
                throw error("control character in a string");
            }
            sb.append(c == '\\' ? escape() : c);
        }
    }

    private char escape() {
        if (pos >= text.length()) {
            throw error("unterminated escape");
        }
        final char c = text.charAt(pos++);
        switch (c) {
            case '"':
            case '\\':
            case '/':
                return c;
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'u':
                return unicodeEscape();
            default:
                pos--;
                throw error("bad escape '\\" + c + "'");
        }
    }

    private char unicodeEscape() {
        if (pos + HEX_DIGITS_IN_ESCAPE > text.length()) {
            throw error("truncated \\u escape");
        }
        int code = 0;
        for (int i = 0; i < HEX_DIGITS_IN_ESCAPE; i++) {
            final int digit = Character.digit(text.charAt(pos), HEX_RADIX);
            if (digit < 0) {
                throw error("bad hex digit in a \\u escape");
            }
            code = code * HEX_RADIX + digit;
            pos++;
        }
        return (char) code;
    }

    /** The JSON number grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
    private Double number() {
        final int start = pos;
        if (peek() == '-') {
            pos++;
        }
        if (peek() == '0') {
            pos++;
        } else {
            digits();
        }
        if (peek() == '.') {
            pos++;
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            digits();
        }
        return Double.valueOf(text.substring(start, pos));
    }

    private void digits() {
        if (!isDigit(peek())) {
            throw error("expected a digit");
        }
        while (isDigit(peek())) {
            pos++;
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("expected '" + word + "'");
        }
        pos += word.length();
        return value;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** @return the current character, or NUL at the end (which no rule accepts) */
    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            final char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON: " + what + " at offset " + pos);
    }
}
