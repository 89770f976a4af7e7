package org.metasched.io.swf;

/**
 * The tokenizer's fast path ({@link SwfTokenizer}): the common record line read in one pass over its bytes instead of
 * three (find the line's end, split the fields, parse the numbers). Anything else is left to the tokenizer's general
 * path, which reads it as always: the same values, the same errors ({@code SwfTokenizerTest} compares both with an
 * independent reading of the format).
 */
final class SwfPlainRecord {
    private SwfPlainRecord() {}

    /**
     * A record line of the plainest form, parsed in one pass over its bytes: 18 numbers ({@code -}, up to 18 digits,
     * a fraction only where the reader does not use the field), separated by blanks and ended by {@code \n} before
     * {@code to}. Returns the index of that {@code \n} with the numbers in {@code out}, or -1 for any other line
     * (a comment, a blank line, a {@code \r}, a {@code +}, a bad field, the file's unfinished last line), which
     * {@link SwfTokenizer}'s scanner then reads as before, with the same values and the same errors.
     */
    static int parse(byte[] b, int p, int to, long[] out) {
        for (int f = 1; f <= SwfTokenizer.FIELDS; f++) {
            byte c;
            while (true) {
                if (p >= to) {
                    return -1;
                }
                c = b[p];
                if (c != ' ' && c != '\t') {
                    break;
                }
                p++;
            }
            boolean negative = c == '-';
            if (negative) {
                if (++p >= to) {
                    return -1;
                }
                c = b[p];
            }
            long v = 0;
            int digits = 0;
            while (c >= '0' && c <= '9') {
                if (digits == 18) {
                    return -1;
                }
                v = v * 10 + (c - '0');
                digits++;
                if (++p >= to) {
                    return -1;
                }
                c = b[p];
            }
            if (c == '.') {
                boolean fraction = false;
                if (++p >= to) {
                    return -1;
                }
                c = b[p];
                while (c >= '0' && c <= '9') {
                    fraction |= c != '0';
                    digits++;
                    if (++p >= to) {
                        return -1;
                    }
                    c = b[p];
                }
                if (fraction && SwfTokenizer.USED[f]) {
                    return -1;
                }
            }
            if (digits == 0 || (c != ' ' && c != '\t' && (c != '\n' || f < SwfTokenizer.FIELDS))) {
                return -1;
            }
            out[f] = negative ? -v : v;
        }
        for (; p < to; p++) { // blanks, then the end of the line
            byte c = b[p];
            if (c == '\n') {
                return p;
            }
            if (c != ' ' && c != '\t') {
                return -1;
            }
        }
        return -1;
    }
}
