package org.metasched.io.swf;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.metasched.io.IoErrors;
import org.metasched.io.Text;
import org.metasched.model.GrowableArrays;
import org.metasched.model.Workload;

/**
 * Reads Standard Workload Format traces (Feitelson et al., Parallel Workloads Archive), plain or gzipped
 * (detected by the gzip magic bytes, whatever the file is called). A hand-written tokenizer over the raw bytes:
 * no regular expressions, no splitting, no boxing per line.
 *
 * <p>Header comments {@code ; MaxProcs: N} and {@code ; MaxNodes: N} give the machine size (MaxProcs first).
 * Every record must have exactly 18 numeric fields; anything else fails with {@code FILE:LINE: field N (name):
 * ...}. Questionable records are classified by {@link SwfRule} and counted, never dropped silently. Fields used:
 * 1 job number, 2 submit time, 4 run time, 5 allocated processors, 8 requested processors, 9 requested time;
 * these must be whole numbers (a fraction there is an error, not rounded). The other fields may have fractions
 * (average CPU time often does) and are only checked to be numbers. Bad bytes in messages are shown escaped.
 */
public final class SwfReader {
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
    private static final boolean[] USED = {
        false, true, true, false, true, true, false, false, true, true, false, false, false, false, false, false, false,
        false, false
    };

    /**
     * The largest machine the reader accepts (from a header or the options): a larger header is an error, not an
     * allocation of per-processor state.
     */
    public static final int MAX_PROCESSORS = 10_000_000;

    private final SwfOptions options;

    public SwfReader(SwfOptions options) {
        this.options = options;
    }

    /** Reads {@code file}; errors name it as given. */
    public SwfTrace read(Path file) {
        String name = file.toString();
        if (Files.isDirectory(file)) {
            throw new SwfFormatException(name + ": is a directory, expected an SWF trace file");
        }
        byte[] bytes;
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            raw.mark(2);
            int b0 = raw.read();
            int b1 = raw.read();
            raw.reset();
            if (b0 == 0x1f && b1 == 0x8b) {
                try (InputStream gz = new GZIPInputStream(raw, 1 << 16)) {
                    bytes = gz.readAllBytes();
                } catch (java.util.zip.ZipException | java.io.EOFException e) {
                    throw new SwfFormatException(
                            name + ": the gzip data is damaged (" + e.getMessage() + "); expected a gzipped SWF trace",
                            e);
                }
            } else {
                bytes = raw.readAllBytes();
            }
        } catch (NoSuchFileException e) {
            throw new SwfFormatException(name + ": no such file");
        } catch (IOException e) {
            throw new SwfFormatException(name + ": cannot read: " + IoErrors.reason(e), e);
        }
        return parse(name, bytes);
    }

    /** Parses SWF text already in memory; {@code name} is used in messages. */
    public SwfTrace parse(String name, byte[] bytes) {
        if (bytes.length == 0) {
            throw new SwfFormatException(name + ": empty file, expected SWF job records");
        }
        Raw raw = new Raw();
        long[] fields = new long[FIELDS + 1];
        int maxProcs = 0;
        int maxNodes = 0;
        int line = 0;
        int pos = 0;
        int n = bytes.length;
        while (pos < n) {
            line++;
            int eol = pos;
            while (eol < n && bytes[eol] != '\n') {
                eol++;
            }
            int end = eol;
            if (end > pos && bytes[end - 1] == '\r') {
                end--;
            }
            int p = skipBlanks(bytes, pos, end);
            if (p < end) {
                if (bytes[p] == ';') {
                    long v = headerValue(name, line, bytes, p + 1, end, "MaxProcs");
                    if (v > 0) {
                        maxProcs = (int) v;
                    }
                    v = headerValue(name, line, bytes, p + 1, end, "MaxNodes");
                    if (v > 0) {
                        maxNodes = (int) v;
                    }
                } else {
                    parseRecord(name, line, bytes, p, end, fields);
                    raw.add(fields);
                }
            }
            pos = eol + 1;
        }
        if (raw.size == 0) {
            throw new SwfFormatException(
                    name + ": no job records (only comments or blank lines), expected SWF" + " records of 18 fields");
        }
        int header = maxProcs > 0 ? maxProcs : maxNodes;
        int machine = options.machineProcessors() > 0 ? options.machineProcessors() : header;
        if (machine <= 0) {
            throw new SwfFormatException(name + ": no '; MaxProcs:' or '; MaxNodes:' header line, so the machine"
                    + " size is unknown; give it with --processors");
        }
        return classify(name, raw, machine, header);
    }

    private SwfTrace classify(String name, Raw raw, int machine, int header) {
        RuleCounts counts = new RuleCounts();
        Workload.Builder b = Workload.builder(machine);
        boolean preferAllocated = options.size() == SwfOptions.SizeField.ALLOCATED;
        boolean kill = options.overrun() == SwfOptions.Overrun.KILL;
        long maxSubmit = Long.MIN_VALUE;
        long examined = 0;
        long adjusted = 0;
        for (int i = 0; i < raw.size; i++) {
            if (options.maxJobs() > 0 && b.size() >= options.maxJobs()) {
                break;
            }
            examined++;
            long submit = raw.submit[i];
            long run = raw.run[i];
            long first = preferAllocated ? raw.alloc[i] : raw.req[i];
            long second = preferAllocated ? raw.req[i] : raw.alloc[i];
            if (submit < 0) {
                counts.add(SwfRule.SUBMIT_UNKNOWN);
                continue;
            }
            if (run <= 0) {
                counts.add(SwfRule.RUNTIME_NOT_POSITIVE);
                continue;
            }
            long size = first > 0 ? first : second;
            if (size <= 0) {
                counts.add(SwfRule.NO_SIZE);
                continue;
            }
            if (size > machine) {
                counts.add(SwfRule.LARGER_THAN_MACHINE);
                continue;
            }
            boolean changed = false;
            if (first <= 0) {
                counts.add(SwfRule.SIZE_FROM_FALLBACK);
                changed = true;
            }
            long estimate = raw.reqTime[i];
            boolean killed = false;
            if (estimate <= 0) {
                counts.add(SwfRule.ESTIMATE_MISSING);
                changed = true;
                estimate = run;
            } else if (estimate < run) {
                counts.add(SwfRule.ESTIMATE_SHORT);
                changed = true;
                if (kill) {
                    run = estimate;
                    killed = true;
                } else {
                    estimate = run;
                }
            }
            if (submit < maxSubmit) {
                counts.add(SwfRule.SUBMIT_OUT_OF_ORDER);
                changed = true;
            } else {
                maxSubmit = submit;
            }
            if (changed) {
                adjusted++;
            }
            b.add(raw.id[i], submit, run, estimate, (int) size, killed);
        }
        return new SwfTrace(name, b.build(), examined, counts.toMap(), header, adjusted);
    }

    /** Records per rule: plain counters indexed by the rule's position, read out as a map in rule order. */
    @SuppressWarnings("EnumOrdinal") // a dense array of counters, private to this class, never persisted
    private static final class RuleCounts {
        private final long[] counts = new long[SwfRule.values().length];

        void add(SwfRule rule) {
            counts[rule.ordinal()]++;
        }

        Map<SwfRule, Long> toMap() {
            Map<SwfRule, Long> m = new EnumMap<>(SwfRule.class);
            for (SwfRule r : SwfRule.values()) {
                m.put(r, counts[r.ordinal()]);
            }
            return m;
        }
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
     *     #MAX_PROCESSORS}]
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
        while (q < valueEnd && b[q] >= '0' && b[q] <= '9' && v <= MAX_PROCESSORS) {
            v = v * 10 + (b[q] - '0');
            q++;
        }
        if (q == p || q < valueEnd || v < 1 || v > MAX_PROCESSORS) {
            throw new SwfFormatException(name + ":" + line + ": header '" + key + "': bad value '"
                    + Text.shown(b, p, valueEnd) + "', expected a whole number of processors from 1 to "
                    + MAX_PROCESSORS);
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
                    + Text.shown(b, start, p) + "', expected the end of the record after " + FIELDS + " fields");
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
            boolean exponent = p < end && (b[p] == 'e' || b[p] == 'E') && digits > 0;
            throw bad(
                    name,
                    line,
                    field,
                    b,
                    start,
                    end,
                    exponent ? "a plain decimal number (SWF has no exponent notation)" : "a number");
        }
        if (fraction && USED[field]) {
            throw bad(
                    name,
                    line,
                    field,
                    b,
                    start,
                    end,
                    "a whole number (SWF " + (field == 5 || field == 8 ? "processor counts" : "times and job numbers")
                            + " are whole; metasched does not round them)");
        }
        return negative ? -v : v;
    }

    private static SwfFormatException bad(
            String name, int line, int field, byte[] b, int start, int end, String expected) {
        return new SwfFormatException(name + ":" + line + ": field " + field + " (" + FIELD_NAMES[field]
                + "): bad value '" + Text.shown(b, start, end) + "', expected " + expected);
    }

    /** The fields the reader uses, for every record in file order. */
    private static final class Raw {
        long[] id = new long[1024];
        long[] submit = new long[1024];
        long[] run = new long[1024];
        long[] alloc = new long[1024];
        long[] req = new long[1024];
        long[] reqTime = new long[1024];
        int size;

        void add(long[] f) {
            if (size == id.length) {
                id = GrowableArrays.ensure(id, size + 1);
                submit = GrowableArrays.ensure(submit, size + 1);
                run = GrowableArrays.ensure(run, size + 1);
                alloc = GrowableArrays.ensure(alloc, size + 1);
                req = GrowableArrays.ensure(req, size + 1);
                reqTime = GrowableArrays.ensure(reqTime, size + 1);
            }
            id[size] = f[1];
            submit[size] = f[2];
            run[size] = f[4];
            alloc[size] = f[5];
            req[size] = f[8];
            reqTime[size] = f[9];
            size++;
        }
    }
}
