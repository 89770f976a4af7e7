package org.metasched.io.swf;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.metasched.io.IoErrors;
import org.metasched.model.Workload;

/**
 * Reads Standard Workload Format traces (Feitelson et al., Parallel Workloads Archive), plain or gzipped
 * (detected by the gzip magic bytes, whatever the file is called). {@link SwfTokenizer} turns the bytes into
 * records; this class applies the rules ({@link SwfRule}) that make them jobs.
 *
 * <p>Header comments {@code ; MaxProcs: N} and {@code ; MaxNodes: N} give the machine size (MaxProcs first).
 * Every record must have exactly 18 numeric fields; anything else fails with {@code FILE:LINE: field N (name):
 * ...}. Questionable records are classified by {@link SwfRule} and counted, never dropped silently. Fields used:
 * 1 job number, 2 submit time, 4 run time, 5 allocated processors, 8 requested processors, 9 requested time;
 * these must be whole numbers (a fraction there is an error, not rounded). The other fields may have fractions
 * (average CPU time often does) and are only checked to be numbers. Bad bytes in messages are shown escaped.
 */
public final class SwfReader {

    /**
     * The largest machine the reader accepts (from a header or the options): a larger header is an error, not an
     * allocation of per-processor state.
     */
    public static final int MAX_PROCESSORS = 10_000_000;

    private final SwfOptions options;

    public SwfReader(SwfOptions options) {
        this.options = options;
    }

    /**
     * Reads {@code file}; errors name it as given. If {@link SwfPrefetch} has been tokenising this very file in the
     * background, its records are taken instead of reading again (with the same errors, in the same order).
     */
    public SwfTrace read(Path file) {
        return trace(load(file));
    }

    /**
     * Reads and tokenizes {@code file} without applying any rule: one read that {@link #trace} turns into jobs under
     * any options (a sweep reads a trace once for all its machine sizes). Errors name the file as given, as {@link
     * #read} does.
     */
    public static SwfRecords records(Path file) {
        SwfRecords r = load(file);
        return new SwfRecords(r.source(), r.raw().trimmed());
    }

    private static SwfRecords load(Path file) {
        String name = file.toString();
        if (name.isEmpty()) { // Path.of("") is the working directory: say what a missing file says
            throw new SwfFormatException("'': no such file (the file name is empty)");
        }
        if (Files.isDirectory(file)) {
            throw new SwfFormatException(name + ": is a directory, expected an SWF trace file");
        }
        SwfColumns raw = SwfPrefetch.take(file);
        return new SwfRecords(name, raw != null ? raw : tokenizeFile(file));
    }

    /** The records of {@code file}, plain or gzipped, as {@link #read} reads them (named as given). */
    static SwfColumns tokenizeFile(Path file) {
        String name = file.toString();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            in.mark(2);
            int b0 = in.read();
            int b1 = in.read();
            in.reset();
            boolean gzip = b0 == 0x1f && b1 == 0x8b;
            long expected = textBytes(file, gzip);
            if (gzip) {
                return tokenizeGzip(name, in, expected);
            }
            return SwfTokenizer.tokenize(name, in, expected);
        } catch (NoSuchFileException e) {
            throw new SwfFormatException(name + ": no such file");
        } catch (IOException e) {
            throw new SwfFormatException(name + ": cannot read: " + IoErrors.reason(e), e);
        }
    }

    /**
     * Tokenises the text as it is inflated (no copy of the whole text in memory). Damaged gzip data is reported as
     * such even when a bad record comes before the damage, as when the whole text was inflated first.
     */
    private static SwfColumns tokenizeGzip(String name, InputStream in, long expectedBytes) throws IOException {
        GZIPInputStream gz;
        try {
            gz = new GZIPInputStream(in, 1 << 16);
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw damaged(name, e);
        }
        // inflated on a second thread a few blocks ahead of the tokenizer, where there is a second processor
        InputStream text = ReadAheadInflater.worthIt() ? new ReadAheadInflater(gz) : gz;
        try {
            return SwfTokenizer.tokenize(name, text, expectedBytes);
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw damaged(name, e);
        } catch (SwfFormatException e) {
            try {
                text.transferTo(OutputStream.nullOutputStream()); // the rest, to find damage past the bad record
            } catch (java.util.zip.ZipException | java.io.EOFException d) {
                throw damaged(name, d);
            }
            throw e;
        } finally {
            if (text != gz) {
                text.close(); // stops the inflating thread before the file is closed
            }
        }
    }

    /**
     * About how long the text of {@code file} is, to size the reader's columns: its size, or for gzip the size the
     * trailer records (modulo 2^32, and the last member's only: a guess, never trusted beyond sizing, and at most 64
     * times the file's size); -1 if not known.
     */
    private static long textBytes(Path file, boolean gzip) {
        try (FileChannel ch = FileChannel.open(file)) {
            long size = ch.size();
            if (!gzip) {
                return size;
            }
            if (size < 20) {
                return -1;
            }
            ByteBuffer trailer = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            while (trailer.hasRemaining() && ch.read(trailer, size - 4 + trailer.position()) > 0) {
                // a read may return fewer bytes
            }
            // at most 64 times the file (SWF compresses 6-8 times): a damaged or crafted trailer cannot make the
            // columns claim more than a trace of that file's size could need
            return trailer.hasRemaining() ? -1 : Math.min(Integer.toUnsignedLong(trailer.getInt(0)), 64 * size);
        } catch (IOException | RuntimeException e) {
            return -1; // only a guess: the read itself says what is wrong with the file
        }
    }

    private static SwfFormatException damaged(String name, IOException e) {
        String why = e instanceof java.io.EOFException
                ? "it ends before the gzip stream does: cut short?"
                : e.getMessage() == null || e.getMessage().isBlank() ? "not valid gzip data" : e.getMessage();
        return new SwfFormatException(
                name + ": the gzip data is damaged (" + why + "); expected a gzipped SWF trace", e);
    }

    /** Parses SWF text already in memory; {@code name} is used in messages. */
    public SwfTrace parse(String name, byte[] bytes) {
        return trace(new SwfRecords(name, SwfTokenizer.tokenize(name, bytes)));
    }

    /** The jobs these options make of the records {@code raw} of the file called {@code name}. */
    SwfTrace records(String name, SwfColumns raw) {
        return trace(new SwfRecords(name, raw));
    }

    /** The jobs these options make of {@code records}: what {@link #read} returns for their file. */
    public SwfTrace trace(SwfRecords records) {
        return classify(records.source(), records.raw(), machineProcessors(records), records.headerProcessors());
    }

    /**
     * The machine size these options give {@code records}: the options' size, else the header's.
     *
     * @throws SwfFormatException when neither gives one
     */
    public int machineProcessors(SwfRecords records) {
        int machine = options.machineProcessors() > 0 ? options.machineProcessors() : records.headerProcessors();
        if (machine <= 0) {
            throw new SwfFormatException(records.source() + ": no '; MaxProcs:' or '; MaxNodes:' header line, so the"
                    + " machine size is unknown; give it with --processors");
        }
        return machine;
    }

    private SwfTrace classify(String name, SwfColumns raw, int machine, int header) {
        RuleCounts counts = new RuleCounts();
        int limit = options.maxJobs() > 0 ? Math.min(options.maxJobs(), raw.size) : raw.size;
        Workload.Builder b = Workload.builder(machine, limit); // no growth: at most every record is kept
        boolean preferAllocated = options.size() == SwfOptions.SizeField.ALLOCATED;
        boolean kill = options.overrun() == SwfOptions.Overrun.KILL;
        long maxSubmit = Long.MIN_VALUE;
        long examined = 0;
        long adjusted = 0;
        // the memory columns of the kept jobs; their submit times, needed to order them only if out of order, are
        // the workload builder's (Builder#submitSeconds)
        long[] reqMemory = new long[Math.max(16, limit)];
        long[] usedMemory = new long[reqMemory.length];
        boolean inOrder = true;
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
                inOrder = false;
            } else {
                maxSubmit = submit;
            }
            if (changed) {
                adjusted++;
            }
            int kept = b.size();
            reqMemory[kept] = raw.reqMemory[i];
            usedMemory[kept] = raw.usedMemory[i];
            b.add(raw.id[i], submit, run, estimate, (int) size, killed);
        }
        int n = b.size();
        SwfMemory memory;
        if (inOrder) { // the kept jobs are in submit order, as the workload keeps them: no reordering, no copy
            memory = SwfMemory.inOrder(n, reqMemory, usedMemory);
        } else {
            long[] keptSubmit = new long[n];
            for (int k = 0; k < n; k++) {
                keptSubmit[k] = b.submitSeconds(k);
            }
            memory = SwfMemory.inSubmitOrder(n, keptSubmit, reqMemory, usedMemory);
        }
        return new SwfTrace(name, b.build(), examined, counts.toMap(), header, adjusted, memory);
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
}
