package org.metasched.io.results;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.metasched.model.GrowableArrays;

/**
 * A growable ASCII byte buffer with allocation-free number formatting, for writing large CSV files quickly
 * (no {@code String.format}, no charset encoder per field).
 */
final class AsciiBuffer {
    private byte[] bytes;
    private int size;
    private final byte[] digits = new byte[20];
    /** "00", "01" .. "99", for two digits at a time. */
    private static final byte[] PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    AsciiBuffer(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    private void ensure(int more) {
        bytes = GrowableArrays.ensure(bytes, size + more);
    }

    AsciiBuffer append(char c) {
        ensure(1);
        bytes[size++] = (byte) c;
        return this;
    }

    AsciiBuffer append(String s) {
        ensure(s.length());
        for (int i = 0; i < s.length(); i++) {
            bytes[size++] = (byte) s.charAt(i);
        }
        return this;
    }

    /** {@code s} in UTF-8 (ASCII byte by byte, anything else through the encoder, as a UTF-8 writer would). */
    AsciiBuffer appendUtf8(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
                ensure(utf8.length);
                System.arraycopy(utf8, 0, bytes, size, utf8.length);
                size += utf8.length;
                return this;
            }
        }
        return append(s);
    }

    AsciiBuffer append(long v) {
        ensure(20);
        if (v == Long.MIN_VALUE) {
            return append(Long.toString(v));
        }
        if (v < 0) {
            bytes[size++] = '-';
            v = -v;
        }
        if (v <= Integer.MAX_VALUE) { // nearly every number written: int division is much cheaper than long
            appendDigits((int) v);
            return this;
        }
        int n = 0;
        do {
            digits[n++] = (byte) ('0' + (v % 10));
            v /= 10;
        } while (v != 0);
        while (n > 0) {
            bytes[size++] = digits[--n];
        }
        return this;
    }

    /**
     * The digits of {@code v >= 0}, two at a time from the right. The divisions by 100 are a multiplication and a
     * shift: C1, the only compiler {@code simulate} runs with, compiles {@code v / 10} to a division instruction
     * (C2 would do this itself), and this is the hottest method of {@code jobs.csv}'s formatting.
     */
    private void appendDigits(int v) {
        int end = size + digitCount(v);
        int pos = end;
        while (v >= 100) {
            int q = (int) ((v * 1374389535L) >>> 37); // v / 100, exact for every non-negative int
            int r = 2 * (v - q * 100);
            bytes[--pos] = PAIRS[r + 1];
            bytes[--pos] = PAIRS[r];
            v = q;
        }
        if (v >= 10) {
            bytes[--pos] = PAIRS[2 * v + 1];
            bytes[--pos] = PAIRS[2 * v];
        } else {
            bytes[--pos] = (byte) ('0' + v);
        }
        size = end;
    }

    private static int digitCount(int v) {
        int n = 1;
        for (int limit = 10; n < 10 && v >= limit; limit *= 10) {
            n++;
        }
        return n;
    }

    /**
     * {@code v} rounded to 6 decimals, trailing zeros dropped but at least one decimal kept ({@code 2.4}, {@code
     * 1.0}, {@code 0.333333}). Values too large for that are written with {@link Double#toString}.
     */
    AsciiBuffer appendFixed6(double v) {
        if (!Double.isFinite(v) || Math.abs(v) >= 1e12) {
            return append(Double.toString(v));
        }
        long scaled = Math.round(Math.abs(v) * 1_000_000.0);
        if (v < 0 && scaled != 0) {
            append('-');
        }
        int frac;
        if (scaled <= Integer.MAX_VALUE) { // nearly every value written (slowdowns): no division instruction
            int s = (int) scaled;
            int whole = (int) ((s * 1125899907L) >>> 50); // s / 1_000_000, exact for every s below 7.1e9
            ensure(10);
            appendDigits(whole);
            frac = s - whole * 1_000_000;
        } else {
            long whole = scaled / 1_000_000;
            append(whole);
            frac = (int) (scaled - whole * 1_000_000);
        }
        // the six decimals two at a time (as appendDigits), then the trailing zeros dropped but one
        int high = (int) ((frac * 109951163L) >>> 40); // frac / 10_000, exact below 4.9e8
        int low = frac - high * 10_000;
        int mid = (int) ((low * 1374389535L) >>> 37); // low / 100
        low -= mid * 100;
        ensure(7);
        byte[] b = bytes;
        int at = size;
        b[at] = '.';
        b[at + 1] = PAIRS[2 * high];
        b[at + 2] = PAIRS[2 * high + 1];
        b[at + 3] = PAIRS[2 * mid];
        b[at + 4] = PAIRS[2 * mid + 1];
        b[at + 5] = PAIRS[2 * low];
        b[at + 6] = PAIRS[2 * low + 1];
        int keep = 6;
        while (keep > 1 && b[at + keep] == '0') {
            keep--;
        }
        size = at + 1 + keep;
        return this;
    }

    int size() {
        return size;
    }

    /** Hands the bytes to {@code out} and empties the buffer (the stream is left open). */
    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, size);
        size = 0;
    }

    void writeTo(Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(bytes, 0, size);
        }
    }

    @Override
    public String toString() {
        return new String(bytes, 0, size, StandardCharsets.US_ASCII);
    }
}
