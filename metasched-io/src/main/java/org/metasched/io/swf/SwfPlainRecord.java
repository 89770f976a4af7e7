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
     * a fraction only where the reader does not use the field), separated by blanks and ended by {@code \n}. Returns
     * the index of that {@code \n} with the numbers in {@code out}, or -1 for any other line (a comment, a blank
     * line, a {@code \r}, a {@code +}, a bad field), which {@link SwfTokenizer}'s scanner then reads as before, with
     * the same values and the same errors.
     *
     * <p>{@code b[to - 1]} must be a {@code \n} at or after {@code p}: every scan below stops at a line's end, so none
     * needs a test of the position against {@code to} (under C1 one compare and branch per byte of the trace less).
     */
    static int parse(byte[] b, int p, int to, long[] out) {
        for (int f = 1; f <= SwfTokenizer.FIELDS; f++) {
            byte c = b[p];
            while (c == ' ' || c == '\t') {
                c = b[++p];
            }
            boolean negative = c == '-';
            if (negative) {
                c = b[++p]; // a '-' is not the line's end, so p + 1 < to
            }
            long v = 0;
            int first = p;
            while (c >= '0' && c <= '9') { // stops at the line's end at the latest
                v = v * 10 + (c - '0');
                c = b[++p];
            }
            int digits = p - first;
            if (digits > 18) { // v may have overflowed: the general path reads the line
                return -1;
            }
            if (c == '.') {
                boolean fraction = false;
                c = b[++p];
                int decimals = p;
                while (c >= '0' && c <= '9') {
                    fraction |= c != '0';
                    c = b[++p];
                }
                digits += p - decimals;
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
