package org.metasched.io.swf;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.metasched.model.GrowableArrays;

/**
 * What {@link SwfTokenizer} finds in one SWF file: the header sizes (0 if absent) and the fields the reader uses,
 * for every record in file order, column by column in primitive arrays (64 bytes a record, no object per record).
 */
final class SwfColumns {
    int maxProcs;
    int maxNodes;
    long[] id;
    long[] submit;
    long[] run;
    long[] alloc;
    long[] req;
    long[] reqTime;
    long[] usedMemory;
    long[] reqMemory;
    /** The line of every record (1-based), for messages about one record. */
    int[] line;

    int size;

    SwfColumns() {
        this(1024);
    }

    /** Empty columns with room for {@code capacity} records. */
    private SwfColumns(int capacity) {
        id = new long[capacity];
        submit = new long[capacity];
        run = new long[capacity];
        alloc = new long[capacity];
        req = new long[capacity];
        reqTime = new long[capacity];
        usedMemory = new long[capacity];
        reqMemory = new long[capacity];
        line = new int[capacity];
    }

    /**
     * The records found so far as they stand now, for another thread to read while this one goes on: the same arrays
     * and size. The rows {@code 0 .. size-1} are final (rows are only ever added; growing copies the arrays and writes
     * the new ones only), so the view stays valid once handed over with a happens-before edge (a lock, say).
     */
    SwfColumns view() {
        SwfColumns v = new SwfColumns(0);
        v.maxProcs = maxProcs;
        v.maxNodes = maxNodes;
        v.id = id;
        v.submit = submit;
        v.run = run;
        v.alloc = alloc;
        v.req = req;
        v.reqTime = reqTime;
        v.usedMemory = usedMemory;
        v.reqMemory = reqMemory;
        v.line = line;
        v.size = size;
        return v;
    }

    /**
     * Makes room for {@code records} records at once (a reader that has estimated the file's count), so that the
     * columns do not grow by doubling, each step a copy and fresh memory to touch; nothing if they are that large.
     */
    void reserve(int records) {
        if (records <= id.length) {
            return;
        }
        id = Arrays.copyOf(id, records);
        submit = Arrays.copyOf(submit, records);
        run = Arrays.copyOf(run, records);
        alloc = Arrays.copyOf(alloc, records);
        req = Arrays.copyOf(req, records);
        reqTime = Arrays.copyOf(reqTime, records);
        usedMemory = Arrays.copyOf(usedMemory, records);
        reqMemory = Arrays.copyOf(reqMemory, records);
        line = Arrays.copyOf(line, records);
    }

    void add(long[] f, int lineNumber) {
        if (size == id.length) {
            id = GrowableArrays.ensure(id, size + 1);
            submit = GrowableArrays.ensure(submit, size + 1);
            run = GrowableArrays.ensure(run, size + 1);
            alloc = GrowableArrays.ensure(alloc, size + 1);
            req = GrowableArrays.ensure(req, size + 1);
            reqTime = GrowableArrays.ensure(reqTime, size + 1);
            usedMemory = GrowableArrays.ensure(usedMemory, size + 1);
            reqMemory = GrowableArrays.ensure(reqMemory, size + 1);
            line = GrowableArrays.ensure(line, size + 1);
        }
        id[size] = f[1];
        submit[size] = f[2];
        run[size] = f[4];
        alloc[size] = f[5];
        req[size] = f[8];
        reqTime[size] = f[9];
        usedMemory[size] = f[7]; // KiB per processor; a fraction of a KiB is dropped
        reqMemory[size] = f[10];
        line[size] = lineNumber;
        size++;
    }

    /**
     * Fails when the submit time (field 2), the run time (4) or the requested time (9) is past {@link
     * SwfReader#MAX_SECONDS}, where the simulations' clocks would no longer hold it exactly, or when the submit time
     * plus the run or the requested time is: the end and the estimated end the simulations form for a job that
     * starts on arrival (a later start makes them later still: the simulations check those as they form them).
     */
    static void checkTimes(String name, int line, long[] f) {
        if (f[2] > SwfReader.MAX_SECONDS || f[4] > SwfReader.MAX_SECONDS || f[9] > SwfReader.MAX_SECONDS) {
            int field = f[2] > SwfReader.MAX_SECONDS ? 2 : f[4] > SwfReader.MAX_SECONDS ? 4 : 9;
            throw new SwfFormatException(name + ":" + line + ": field " + field + " ("
                    + SwfTokenizer.FIELD_NAMES[field] + "): bad value '" + f[field] + "', expected at most "
                    + SwfReader.MAX_SECONDS + " s (2^53: past it the simulated clock skips seconds; give the times"
                    + " in seconds or microseconds)");
        }
        if (f[2] + Math.max(f[4], f[9]) > SwfReader.MAX_SECONDS) { // each at most 2^53: no overflow
            int field = f[4] >= f[9] ? 4 : 9;
            throw new SwfFormatException(name + ":" + line + ": fields 2 and " + field + " ("
                    + SwfTokenizer.FIELD_NAMES[2] + " + " + SwfTokenizer.FIELD_NAMES[field] + "): " + f[2] + " + "
                    + f[field] + " = " + (f[2] + f[field]) + " s, expected at most " + SwfReader.MAX_SECONDS
                    + " s (2^53: the job's end would be past it, where the simulated clock skips seconds; give the"
                    + " times in seconds or microseconds)");
        }
    }

    /**
     * Every job number once (issue 22: the last one used to win silently). Traces number their jobs in order,
     * which one pass confirms; only a file that does not is sorted to find the repeated number.
     *
     * @throws SwfFormatException naming the second line with the number and the first
     */
    void requireUniqueIds(String name) {
        boolean increasing = true;
        for (int i = 1; i < size && increasing; i++) {
            increasing = id[i] > id[i - 1];
        }
        if (increasing) {
            return;
        }
        long[] sorted = Arrays.copyOf(id, size);
        Arrays.sort(sorted);
        Set<Long> repeated = new HashSet<>();
        for (int i = 1; i < size; i++) {
            if (sorted[i] == sorted[i - 1]) {
                repeated.add(sorted[i]);
            }
        }
        if (repeated.isEmpty()) {
            return;
        }
        Map<Long, Integer> first = new HashMap<>();
        for (int i = 0; i < size; i++) {
            if (repeated.contains(id[i])) {
                Integer was = first.putIfAbsent(id[i], i);
                if (was != null) {
                    throw new SwfFormatException(
                            name + ":" + line[i] + ": field 1 (" + SwfTokenizer.FIELD_NAMES[1] + "): job "
                                    + id[i] + " is given twice (first on line " + line[was] + "); expected every job"
                                    + " number once");
                }
            }
        }
    }

    /** A copy whose arrays hold exactly {@code size} records (what a kept read should cost). */
    SwfColumns trimmed() {
        SwfColumns t = new SwfColumns(0);
        t.maxProcs = maxProcs;
        t.maxNodes = maxNodes;
        t.id = Arrays.copyOf(id, size);
        t.submit = Arrays.copyOf(submit, size);
        t.run = Arrays.copyOf(run, size);
        t.alloc = Arrays.copyOf(alloc, size);
        t.req = Arrays.copyOf(req, size);
        t.reqTime = Arrays.copyOf(reqTime, size);
        t.usedMemory = Arrays.copyOf(usedMemory, size);
        t.reqMemory = Arrays.copyOf(reqMemory, size);
        t.line = Arrays.copyOf(line, size);
        t.size = size;
        return t;
    }
}
