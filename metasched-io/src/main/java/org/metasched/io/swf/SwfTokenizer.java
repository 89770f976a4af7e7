package org.metasched.io.swf;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.Consumer;
import org.metasched.io.Text;

/**
 * The SWF tokenizer: a hand-written scanner over the raw bytes (no regular expressions, no splitting, no boxing per
 * line) that turns a trace into its header sizes and the used fields of every record, in file order. Every
 * record must have exactly 18 numeric fields; anything else fails with {@code FILE:LINE: field N (name): ...}, bad
 * bytes shown escaped. What it finds goes into {@link SwfColumns}. It applies no rule: {@link SwfReader} decides what
 * the records mean.
 */
final class SwfTokenizer {
    /** SWF field names, 1-based (index 0 unused). */
    static final String[] FIELD_NAMES = {
        "",
        "job number",
        "submit time",
        "wait time",
        "run time",
        "allocated processors",
        "average CPU time",
        "used memory",
        "requested processors",
        "requested time",
        "requested memory",
        "status",
        "user id",
        "group id",
        "executable number",
        "queue number",
        "partition number",
        "preceding job number",
        "think time"
    };

    static final int FIELDS = 18;

    /** The fields the reader uses, which must hold whole numbers: 1, 2, 4, 5, 8, 9. */
    static final boolean[] USED = {
        false, true, true, false, true, true, false, false, true, true, false, false, false, false, false, false, false,
        false, false
    };

    private SwfTokenizer() {}

    /** Bytes read from the stream at a time (a line longer than this grows the buffer). */
    static final int BUFFER = 1 << 18;

    /** The header sizes and the used fields of every record of {@code bytes}; {@code name} is used in messages. */
    static SwfColumns tokenize(String name, byte[] bytes) {
        Scanner s = new Scanner(name);
        s.lines(bytes, 0, bytes.length, true);
        return s.finish(bytes.length);
    }

    /**
     * The same, read straight from {@code in} (an inflating stream, say) through one buffer of {@link #BUFFER}
     * bytes: only whole lines are tokenised, the unfinished last one is moved to the front before the next read.
     */
    static SwfColumns tokenize(String name, InputStream in) throws IOException {
        return tokenize(name, in, -1);
    }

    /**
     * The same, knowing that the text is about {@code expectedBytes} long (0 or less: unknown): once the first
     * buffer is tokenised, the columns are sized for the whole file at that buffer's bytes per record (plus 3 %), so
     * they do not grow by doubling; a wrong guess only means they grow as before, or hold unused room.
     */
    static SwfColumns tokenize(String name, InputStream in, long expectedBytes) throws IOException {
        return tokenize(name, in, expectedBytes, null);
    }

    /**
     * The same, handing {@code progress} (if not null) a {@link SwfColumns#view view} of the records found so far
     * after every buffer that added some, on this thread: a reader on another thread can apply its rules to them
     * while the rest is read ({@link SwfPrefetch}). The records handed on are final; an error found later is still
     * thrown here, and what the views showed is then not a trace.
     */
    static SwfColumns tokenize(String name, InputStream in, long expectedBytes, Consumer<SwfColumns> progress)
            throws IOException {
        Scanner s = new Scanner(name);
        boolean estimated = expectedBytes <= 0;
        byte[] buf = new byte[BUFFER];
        int len = 0;
        long total = 0;
        while (true) {
            if (len == buf.length) { // one line longer than the buffer
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            int n = in.read(buf, len, buf.length - len);
            if (n < 0) {
                s.base = total - len;
                s.lines(buf, 0, len, true);
                return s.finish(total);
            }
            total += n;
            int end = len + n;
            if (!hasNewline(buf, len, end)) { // the unfinished line goes on: read on without scanning it again
                len = end;
                continue;
            }
            s.base = total - end;
            int done = s.lines(buf, 0, end, false);
            if (!estimated && s.raw.size >= 256) {
                estimated = true;
                // the records' bytes so far and in all, the header before the first one left out (a header of
                // megabytes would otherwise make the records look several times fewer than they are)
                long scanned = total - (end - done) - s.firstRecordAt;
                double records =
                        (double) s.raw.size * Math.max(0, expectedBytes - s.firstRecordAt) / scanned * 1.03 + 16;
                if (records < Integer.MAX_VALUE - 16) {
                    s.raw.reserve((int) records);
                }
            }
            if (progress != null && s.raw.size > 0) {
                progress.accept(s.raw.view());
            }
            len = end - done;
            System.arraycopy(buf, done, buf, 0, len);
        }
    }

    private static boolean hasNewline(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') {
                return true;
            }
        }
        return false;
    }

    /** The line-by-line state of one file: the line number and what has been found so far. */
    private static final class Scanner {
        private final String name;
        private final SwfColumns raw = new SwfColumns();
        private final long[] fields = new long[FIELDS + 1];
        private int line;
        /** Where in the file the bytes handed to {@link #lines} begin (for {@link #firstRecordAt}). */
        long base;
        /** Where the first record begins: what comes before it (the header) is not records to count on. */
        long firstRecordAt;
        /** The lines of the last {@code MaxProcs} and {@code MaxNodes} header lines, 0 before any. */
        private int maxProcsLine;

        private int maxNodesLine;

        Scanner(String name) {
            this.name = name;
        }

        /**
         * Tokenises the whole lines of {@code bytes[from, to)}, and the unfinished last one too if {@code atEnd};
         * returns where the first line not tokenised starts.
         */
        int lines(byte[] bytes, int from, int to, boolean atEnd) {
            int pos = from;
            if (base + from == 0 && to - from >= 3 && isBom(bytes, from)) {
                pos += 3; // a UTF-8 byte order mark at the very start of the text (an editor's): not part of line 1
            }
            int lastNewline = to - 1; // the fast path reads up to a line's end: up to the last one here
            while (lastNewline >= pos && bytes[lastNewline] != '\n') {
                lastNewline--;
            }
            while (pos < to) {
                int nl = pos < lastNewline ? SwfPlainRecord.parse(bytes, pos, lastNewline + 1, fields) : -1;
                if (nl >= 0) { // the common line, in one pass
                    line++;
                    SwfColumns.checkTimes(name, line, fields);
                    if (raw.size == 0) {
                        firstRecordAt = base + pos;
                    }
                    raw.add(fields, line);
                    pos = nl + 1;
                    continue;
                }
                int eol = pos;
                while (eol < to && bytes[eol] != '\n') {
                    eol++;
                }
                if (eol == to && !atEnd) {
                    return pos;
                }
                line++;
                int end = eol;
                if (end > pos && bytes[end - 1] == '\r') {
                    end--;
                }
                int p = skipBlanks(bytes, pos, end);
                if (p < end) {
                    if (bytes[p] == ';') {
                        long v = headerValue(name, line, bytes, p + 1, end, "MaxProcs");
                        if (v > 0) {
                            requireSame("MaxProcs", raw.maxProcs, maxProcsLine, v);
                            raw.maxProcs = (int) v;
                            maxProcsLine = line;
                        }
                        v = headerValue(name, line, bytes, p + 1, end, "MaxNodes");
                        if (v > 0) {
                            requireSame("MaxNodes", raw.maxNodes, maxNodesLine, v);
                            raw.maxNodes = (int) v;
                            maxNodesLine = line;
                        }
                    } else {
                        parseRecord(name, line, bytes, p, end, fields);
                        SwfColumns.checkTimes(name, line, fields);
                        if (raw.size == 0) {
                            firstRecordAt = base + pos;
                        }
                        raw.add(fields, line);
                    }
                }
                pos = eol + 1;
            }
            return to;
        }

        /**
         * Fails when the header line {@code key} on this line gives {@code value} and an earlier one, on line {@code
         * earlierLine}, gave another: the machine size would depend on which line is taken. The same value again is
         * accepted.
         */
        private void requireSame(String key, int earlier, int earlierLine, long value) {
            if (earlierLine > 0 && earlier != value) {
                throw new SwfFormatException(name + ":" + line + ": header '" + key + "': bad value '" + value
                        + "', expected " + earlier + " as on line " + earlierLine
                        + " (a header line given twice must repeat its value)");
            }
        }

        SwfColumns finish(long bytes) {
            if (bytes == 0) {
                throw new SwfFormatException(name + ": empty file, expected SWF job records");
            }
            if (raw.size == 0) {
                throw new SwfFormatException(name + ": no job records (only comments or blank lines), expected SWF"
                        + " records of 18 fields");
            }
            raw.requireUniqueIds(name);
            return raw;
        }
    }

    /** Whether {@code b[p, p + 3)} is the UTF-8 byte order mark, EF BB BF (U+FEFF). */
    private static boolean isBom(byte[] b, int p) {
        return b[p] == (byte) 0xEF && b[p + 1] == (byte) 0xBB && b[p + 2] == (byte) 0xBF;
    }

    private static int skipBlanks(byte[] b, int p, int end) {
        while (p < end && (b[p] == ' ' || b[p] == '\t')) {
            p++;
        }
        return p;
    }

    /**
     * The machine size after {@code key:} in a comment line, or -1 if this comment is not that header.
     *
     * @throws SwfFormatException if it is that header but its value is not a whole number in [1, {@link
     *     SwfReader#MAX_PROCESSORS}]
     */
    private static long headerValue(String name, int line, byte[] b, int p, int end, String key) {
        p = skipBlanks(b, p, end);
        int k = key.length();
        if (end - p < k) {
            return -1;
        }
        for (int i = 0; i < k; i++) {
            if (b[p + i] != key.charAt(i)) {
                return -1;
            }
        }
        p = skipBlanks(b, p + k, end);
        if (p >= end || b[p] != ':') {
            return -1;
        }
        p = skipBlanks(b, p + 1, end);
        int valueEnd = end;
        while (valueEnd > p && (b[valueEnd - 1] == ' ' || b[valueEnd - 1] == '\t')) {
            valueEnd--;
        }
        long v = 0;
        int q = p;
        while (q < valueEnd && b[q] >= '0' && b[q] <= '9' && v <= SwfReader.MAX_PROCESSORS) {
            v = v * 10 + (b[q] - '0');
            q++;
        }
        if (q == p || q < valueEnd || v < 1 || v > SwfReader.MAX_PROCESSORS) {
            throw new SwfFormatException(name + ":" + line + ": header '" + key + "': bad value '"
                    + Text.shown(b, p, valueEnd) + "', expected a whole number of processors from 1 to "
                    + SwfReader.MAX_PROCESSORS + SwfFormatException.carriageReturn(b, p, valueEnd));
        }
        return v;
    }

    private static void parseRecord(String name, int line, byte[] b, int p, int end, long[] out) {
        for (int f = 1; f <= FIELDS; f++) {
            p = skipBlanks(b, p, end);
            if (p >= end) {
                throw new SwfFormatException(name + ":" + line + ": field " + f + " (" + FIELD_NAMES[f]
                        + "): missing; the record has " + (f - 1) + " fields, expected " + FIELDS);
            }
            int start = p;
            while (p < end && b[p] != ' ' && b[p] != '\t') {
                p++;
            }
            out[f] = number(name, line, f, b, start, p);
        }
        p = skipBlanks(b, p, end);
        if (p < end) {
            int start = p;
            while (p < end && b[p] != ' ' && b[p] != '\t') {
                p++;
            }
            throw new SwfFormatException(name + ":" + line + ": field " + (FIELDS + 1) + ": bad value '"
                    + Text.shown(b, start, p) + "', expected the end of the record after " + FIELDS + " fields"
                    + SwfFormatException.carriageReturn(b, start, p));
        }
    }

    /**
     * An optionally signed decimal number. The fields the reader uses (job number, submit time, run time, both
     * processor counts, requested time) must be whole numbers; a fraction there is an error, never silently
     * rounded. The other fields may have one (average CPU time often does) and are not used.
     */
    private static long number(String name, int line, int field, byte[] b, int start, int end) {
        int p = start;
        boolean negative = false;
        if (b[p] == '-' || b[p] == '+') {
            negative = b[p] == '-';
            p++;
        }
        long v = 0;
        int digits = 0;
        while (p < end && b[p] >= '0' && b[p] <= '9') {
            if (digits == 18) {
                throw bad(name, line, field, b, start, end, "a number of at most 18 digits");
            }
            v = v * 10 + (b[p] - '0');
            p++;
            digits++;
        }
        boolean fraction = false;
        if (p < end && b[p] == '.') {
            p++;
            while (p < end && b[p] >= '0' && b[p] <= '9') {
                fraction |= b[p] != '0';
                p++;
                digits++;
            }
        }
        if (p != end || digits == 0) {
            throw notANumber(name, line, field, b, start, end, p, digits);
        }
        if (fraction && USED[field]) {
            throw fractionInUsedField(name, line, field, b, start, end);
        }
        return negative ? -v : v;
    }

    // The error paths live outside number(), which runs once per field of every record: kept small, the JIT
    // inlines it into parseRecord (measured: reading KTH-SP2 took 14 % longer with them inline).
    private static SwfFormatException notANumber(
            String name, int line, int field, byte[] b, int start, int end, int p, int digits) {
        boolean exponent = p < end && (b[p] == 'e' || b[p] == 'E') && digits > 0;
        return bad(
                name,
                line,
                field,
                b,
                start,
                end,
                exponent ? "a plain decimal number (SWF has no exponent notation)" : "a number");
    }

    private static SwfFormatException fractionInUsedField(
            String name, int line, int field, byte[] b, int start, int end) {
        return bad(
                name,
                line,
                field,
                b,
                start,
                end,
                "a whole number (SWF " + (field == 5 || field == 8 ? "processor counts" : "times and job numbers")
                        + " are whole; metasched does not round them)");
    }

    private static SwfFormatException bad(
            String name, int line, int field, byte[] b, int start, int end, String expected) {
        return new SwfFormatException(name + ":" + line + ": field " + field + " (" + FIELD_NAMES[field]
                + "): bad value '" + Text.shown(b, start, end) + "', expected " + expected
                + SwfFormatException.carriageReturn(b, start, end));
    }
}
