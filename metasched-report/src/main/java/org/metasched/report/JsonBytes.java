package org.metasched.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A JSON writer straight to UTF-8 bytes, for the report's data block ({@link ReportJson}): the bytes jackson-core's
 * generator wrote there before (no whitespace, {@link Double#toString} for fractional numbers, the script-safe
 * escapes below), without loading Jackson in a {@code simulate} run and without a {@code char} buffer, a string
 * per number or a check per token. {@code ReportJsonTest} compares it with jackson-core on random strings and
 * numbers.
 *
 * <p>Strings: {@code "} and {@code \} and the control characters escaped as JSON requires ({@code \b \t \n \f \r}
 * by name, the others as {@code \\u00XX}); {@code <}, {@code >} and {@code &} as {@code \\u003C}, {@code \\u003E},
 * {@code \\u0026} (so that the block cannot end its script element); U+2028 and U+2029 as {@code \\u2028} and {@code
 * \\u2029} (JavaScript line ends); a lone surrogate as {@code \\uXXXX}; everything else as UTF-8. Hex digits upper
 * case, as Jackson writes them.
 *
 * <p>Commas are placed by the writer: a value after a value at the same level gets one. Bytes are handed to the
 * stream in chunks; {@link #flush()} hands the rest over (the stream is neither flushed nor closed).
 */
final class JsonBytes {
    private static final int CHUNK = 1 << 15;
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    /** Per ASCII character: 0 as is, 'u' as a six-character escape, else the letter after the backslash. */
    private static final byte[] ESCAPES = new byte[128];

    static {
        for (int c = 0; c < 0x20; c++) {
            ESCAPES[c] = 'u';
        }
        ESCAPES['\b'] = 'b';
        ESCAPES['\t'] = 't';
        ESCAPES['\n'] = 'n';
        ESCAPES['\f'] = 'f';
        ESCAPES['\r'] = 'r';
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        ESCAPES['<'] = 'u';
        ESCAPES['>'] = 'u';
        ESCAPES['&'] = 'u';
    }

    private static final int CACHE_BITS = 14;

    private final long[] cachedBits = new long[1 << CACHE_BITS];
    private final String[] cachedText = new String[1 << CACHE_BITS];
    private final OutputStream out;
    private byte[] buf = new byte[CHUNK + 64];
    private int size;
    /** Per open level: whether it holds an element already (a comma goes before the next one). */
    private boolean[] filled = new boolean[16];

    private int depth;
    private boolean afterName;

    JsonBytes(OutputStream out) {
        this.out = out;
    }

    JsonBytes startObject() {
        beforeValue();
        open('{');
        return this;
    }

    JsonBytes endObject() {
        return close('}');
    }

    JsonBytes startArray() {
        beforeValue();
        open('[');
        return this;
    }

    JsonBytes endArray() {
        return close(']');
    }

    /** A property name; its value comes next. */
    JsonBytes name(String name) {
        if (filled[depth]) {
            put((byte) ',');
        }
        filled[depth] = true;
        quoted(name);
        put((byte) ':');
        afterName = true;
        return this;
    }

    JsonBytes string(String s) {
        beforeValue();
        quoted(s);
        return this;
    }

    JsonBytes number(long v) {
        beforeValue();
        digits(v);
        return this;
    }

    /** A number as jackson-core writes a {@code double}: {@link Double#toString} (NaN and the infinities quoted). */
    JsonBytes number(double v) {
        beforeValue();
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            quoted(Double.toString(v));
            return this;
        }
        String text = decimal(v);
        int n = text.length(); // at most 24 characters
        room(n);
        ascii(text, n);
        return this;
    }

    /**
     * Copies the ASCII string {@code s} of length {@code n} (room made) into the buffer: {@link String#getBytes(int,
     * int, byte[], int)} is an array copy for such a string, where a loop over its characters costs a call per
     * character in a JVM without C2. Deprecated for strings beyond ISO 8859-1, which this is never given.
     */
    @SuppressWarnings("deprecation")
    private void ascii(String s, int n) {
        s.getBytes(0, n, buf, size);
        size += n;
    }

    /**
     * {@link Double#toString} of a finite value as ASCII bytes, from a small cache of recent values: a report writes
     * many values more than once (the time axis of two charts, the start and end of every bar of a job, the same
     * utilization), and {@code Double.toString} is the costliest step of the data block in a JVM without C2 (its
     * {@code FloatingDecimal} and a string per value). Entries are kept by the value's bits, so a hit is the same
     * text by construction.
     */
    private String decimal(double v) {
        long bits = Double.doubleToRawLongBits(v);
        int slot = (int) (((bits ^ (bits >>> 29)) * 0x9E3779B97F4A7C15L) >>> (64 - CACHE_BITS));
        String text = cachedText[slot];
        if (text != null && cachedBits[slot] == bits) {
            return text;
        }
        text = Double.toString(v);
        cachedBits[slot] = bits;
        cachedText[slot] = text;
        return text;
    }

    JsonBytes bool(boolean v) {
        beforeValue();
        ascii(v ? "true" : "false");
        return this;
    }

    JsonBytes nul() {
        beforeValue();
        ascii("null");
        return this;
    }

    /** Hands what is buffered to the stream. */
    void flush() {
        try {
            out.write(buf, 0, size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        size = 0;
    }

    private void beforeValue() {
        if (afterName) {
            afterName = false;
        } else {
            if (filled[depth]) {
                put((byte) ',');
            }
            filled[depth] = true;
        }
    }

    private void open(char c) {
        put((byte) c);
        if (++depth == filled.length) {
            filled = Arrays.copyOf(filled, depth * 2);
        }
        filled[depth] = false;
    }

    private JsonBytes close(char c) {
        depth--;
        put((byte) c);
        return this;
    }

    private void put(byte b) {
        if (size >= CHUNK) {
            flush();
        }
        buf[size++] = b;
    }

    /** Makes room for {@code n} more bytes ({@code n} at most 64: the slack past {@link #CHUNK}). */
    private void room(int n) {
        if (size + n > buf.length) {
            flush();
        }
    }

    private void ascii(String s) {
        int n = s.length(); // short: "true", "null", Long.MIN_VALUE ...
        room(n);
        ascii(s, n);
    }

    private void digits(long v) {
        room(20);
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                ascii(Long.toString(v));
                return;
            }
            buf[size++] = '-';
            v = -v;
        }
        int len = 1;
        for (long p = 10; len < 19 && v >= p; p *= 10) {
            len++;
        }
        int at = size + len;
        size = at;
        do {
            buf[--at] = (byte) ('0' + (int) (v % 10));
            v /= 10;
        } while (v != 0);
    }

    private void quoted(String s) {
        put((byte) '"');
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            room(12);
            if (c < 0x80) {
                byte e = ESCAPES[c];
                if (e == 0) {
                    buf[size++] = (byte) c;
                } else if (e == 'u') {
                    hexEscape(c);
                } else {
                    buf[size++] = '\\';
                    buf[size++] = e;
                }
            } else if (c < 0x800) {
                buf[size++] = (byte) (0xc0 | (c >> 6));
                buf[size++] = (byte) (0x80 | (c & 0x3f));
            } else if (c == 0x2028 || c == 0x2029) {
                buf[size++] = '\\';
                buf[size++] = 'u';
                buf[size++] = '2';
                buf[size++] = '0';
                buf[size++] = '2';
                buf[size++] = (byte) (c == 0x2028 ? '8' : '9');
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                buf[size++] = (byte) (0xf0 | (cp >> 18));
                buf[size++] = (byte) (0x80 | ((cp >> 12) & 0x3f));
                buf[size++] = (byte) (0x80 | ((cp >> 6) & 0x3f));
                buf[size++] = (byte) (0x80 | (cp & 0x3f));
            } else if (Character.isSurrogate(c)) {
                hexEscape(c);
            } else {
                buf[size++] = (byte) (0xe0 | (c >> 12));
                buf[size++] = (byte) (0x80 | ((c >> 6) & 0x3f));
                buf[size++] = (byte) (0x80 | (c & 0x3f));
            }
        }
        put((byte) '"');
    }

    private void hexEscape(char c) {
        buf[size++] = '\\';
        buf[size++] = 'u';
        buf[size++] = HEX[(c >> 12) & 0xf];
        buf[size++] = HEX[(c >> 8) & 0xf];
        buf[size++] = HEX[(c >> 4) & 0xf];
        buf[size++] = HEX[c & 0xf];
    }
}
