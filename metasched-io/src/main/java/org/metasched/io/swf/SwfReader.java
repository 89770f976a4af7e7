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
import java.util.function.Consumer;
import org.metasched.io.IoErrors;

/**
 * Reads Standard Workload Format traces (Feitelson et al., Parallel Workloads Archive), plain or gzipped
 * (detected by the gzip magic bytes, whatever the file is called). {@link SwfTokenizer} turns the bytes into
 * records; this class applies the rules ({@link SwfRule}) that make them jobs.
 *
 * <p>Header comments {@code ; MaxProcs: N} and {@code ; MaxNodes: N} give the machine size (MaxProcs first); one
 * of them given again with another value fails with {@code FILE:LINE: header 'MaxProcs': bad value ...}, naming the
 * earlier line.
 * Every record must have exactly 18 numeric fields; anything else fails with {@code FILE:LINE: field N (name):
 * ...}. Questionable records are classified by {@link SwfRule} and counted, never dropped silently. Fields used:
 * 1 job number, 2 submit time, 4 run time, 5 allocated processors, 8 requested processors, 9 requested time;
 * these must be whole numbers (a fraction there is an error, not rounded). The other fields may have fractions
 * (average CPU time often does) and are only checked to be numbers. Bad bytes in messages are shown escaped. A UTF-8
 * byte order mark at the very start of the text is skipped. A file that is not a regular file (a pipe, {@code
 * /dev/stdin}) is read once from start to end, never measured or read at a position ({@link Sequential}).
 */
public final class SwfReader {

    /**
     * The largest machine the reader accepts (from a header or the options): a larger header is an error, not an
     * allocation of per-processor state.
     */
    public static final int MAX_PROCESSORS = 10_000_000;

    /**
     * The latest submit time and the longest run and requested time the reader accepts: 2^53 s. The simulations' clocks
     * are doubles, which hold every whole second only up to there (a trace in epoch microseconds, about 1.8e15 in 2026,
     * is far below it; one in epoch nanoseconds or units of 100 ns is not, and gave waits of -1 s).
     */
    public static final long MAX_SECONDS = 1L << 53;

    private final SwfOptions options;

    public SwfReader(SwfOptions options) {
        this.options = options;
    }

    /**
     * Reads {@code file}; errors name it as given. If {@link SwfPrefetch} has been tokenising this very file in the
     * background, its records are taken instead of reading again (with the same errors, in the same order).
     */
    public SwfTrace read(Path file) {
        checkName(file);
        SwfPrefetch.Pending ahead = SwfPrefetch.claim(file);
        if (ahead == null) {
            return trace(new SwfRecords(file.toString(), tokenizeFile(file)));
        }
        return classifyAsRead(file.toString(), ahead);
    }

    /**
     * The trace of a file being read ahead, its rules applied to the records as they are found (the read ahead's
     * threads inflate and tokenise meanwhile), so that little is left to do once the last record is read. The result,
     * and every error and its order, are those of {@link #trace} on the whole file ({@link LiveTrace}).
     */
    private SwfTrace classifyAsRead(String name, SwfPrefetch.Pending ahead) {
        return LiveTrace.whole(this, name, ahead);
    }

    /**
     * Reads {@code file} for a simulation that may start before the read ends: when {@link SwfPrefetch} has been
     * reading this very file, the trace's jobs come as they are found ({@link LiveTrace#workload()}); otherwise
     * (or when the file gives no job to start with) it is read whole first. Errors found before the first job are
     * thrown here, as {@link #read} throws them; later ones by the workload, when the simulation reaches them.
     */
    public LiveTrace readLive(Path file) {
        checkName(file);
        SwfPrefetch.Pending ahead = SwfPrefetch.claim(file);
        if (ahead == null) {
            return LiveTrace.of(trace(new SwfRecords(file.toString(), tokenizeFile(file))));
        }
        return LiveTrace.start(this, file.toString(), ahead);
    }

    SwfOptions options() {
        return options;
    }

    static int headerProcessors(SwfColumns raw) {
        return raw.maxProcs > 0 ? raw.maxProcs : raw.maxNodes;
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
        checkName(file);
        SwfColumns raw = SwfPrefetch.take(file);
        return new SwfRecords(file.toString(), raw != null ? raw : tokenizeFile(file));
    }

    /** The errors of a name that is no file to read, found before any reading. */
    private static void checkName(Path file) {
        String name = file.toString();
        if (name.isEmpty()) { // Path.of("") is the working directory: say what a missing file says
            throw new SwfFormatException("'': no such file (the file name is empty)");
        }
        if (Files.isDirectory(file)) {
            throw new SwfFormatException(name + ": is a directory, expected an SWF trace file");
        }
    }

    /** The records of {@code file}, plain or gzipped, as {@link #read} reads them (named as given). */
    static SwfColumns tokenizeFile(Path file) {
        return tokenizeFile(file, null);
    }

    /**
     * The same, handing {@code progress} (if not null) the records found so far as the file is read ({@link
     * SwfTokenizer#tokenize(String, InputStream, long, Consumer)}).
     */
    static SwfColumns tokenizeFile(Path file, Consumer<SwfColumns> progress) {
        String name = file.toString();
        boolean regular = isRegularFile(file);
        try (InputStream in =
                new BufferedInputStream(regular ? Files.newInputStream(file) : Sequential.open(file), 1 << 16)) {
            in.mark(2);
            int b0 = in.read();
            int b1 = in.read();
            in.reset();
            boolean gzip = b0 == 0x1f && b1 == 0x8b;
            long expected = regular ? textBytes(file, gzip) : -1; // a pipe has no length to size the columns by
            if (gzip) {
                return tokenizeGzip(name, in, expected, progress);
            }
            return SwfTokenizer.tokenize(name, in, expected, progress);
        } catch (NoSuchFileException e) {
            throw new SwfFormatException(name + ": no such file");
        } catch (IOException e) {
            throw new SwfFormatException(name + ": cannot read: " + IoErrors.reason(e), e);
        }
    }

    /**
     * Whether {@code file} is a regular file, one that may be measured and read at positions; anything else (a pipe,
     * {@code /dev/stdin}, a shell's process substitution {@code <(zcat t.swf.gz)}) is read once, from its start to its
     * end ({@link Sequential}). A missing file counts as regular: opening it says so.
     */
    static boolean isRegularFile(Path file) {
        return Files.isRegularFile(file) || !Files.exists(file);
    }

    /**
     * Tokenises the text as it is inflated (no copy of the whole text in memory). Damaged gzip data is reported as
     * such even when a bad record comes before the damage, as when the whole text was inflated first; so is data
     * after the last gzip member that starts no member ({@link GzipMembers}).
     */
    private static SwfColumns tokenizeGzip(
            String name, InputStream in, long expectedBytes, Consumer<SwfColumns> progress) throws IOException {
        GzipMembers gz;
        try {
            gz = new GzipMembers(in, 1 << 16);
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw damaged(name, e);
        }
        // inflated on a second thread a few blocks ahead of the tokenizer, where there is a second processor
        InputStream text = ReadAheadInflater.worthIt() ? new ReadAheadInflater(gz) : gz;
        try {
            return SwfTokenizer.tokenize(name, text, expectedBytes, progress);
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
                text.close(); // stops the inflating thread before the inflater is ended
            }
            gz.close();
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
        if (e instanceof GzipMembers.TrailingData t) {
            return new SwfFormatException(
                    name + ": data after the end of the gzip stream, at byte offset " + t.offset
                            + " (" + t.getMessage()
                            + "), that starts no gzip member; expected the end of the file or another"
                            + " gzip member (as gzip -c a >> b appends)",
                    e);
        }
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
        int limit = options.maxJobs() > 0 ? Math.min(options.maxJobs(), raw.size) : raw.size;
        SwfClassifier c = new SwfClassifier(options, machine, limit);
        c.add(raw, 0, raw.size);
        return c.finish(name, header);
    }
}
