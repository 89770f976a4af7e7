package org.metasched.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file of an output directory under way ({@link OutputDirectory#write}) whose hash ({@link Xxh64}) is computed on
 * a thread of its own while the bytes are written, for the manifest, which then does not read the file again. Meant
 * for large files: {@code jobs.csv} of SDSC-BLUE is 20 MB, whose SHA-256, the manifest's hash until 2026-11-28, took
 * 0.15 s after the writing in a JVM without C2; the hash runs beside the formatting, on the core the writer leaves
 * idle.
 * Outside an output directory under way it is a plain file stream (the hash is computed and dropped).
 *
 * <p>The bytes go to the file first, then, in chunks of 64 KB, to the hashing thread (a few chunks in flight at
 * most). The hash is handed over at {@link #close} with the file's size and modification time; the manifest takes
 * it only if the file still has both.
 */
public final class HashedOutputStream extends OutputStream {
    private final Path file;
    private final OutputStream out;
    private final ChunkedHash hash;
    private boolean closed;

    private HashedOutputStream(Path file, OutputStream out) {
        this.file = file;
        this.out = out;
        this.hash = new ChunkedHash(file.getFileName().toString(), false);
    }

    /** Creates (or truncates) {@code file}, as {@link Files#newOutputStream} does. */
    public static HashedOutputStream open(Path file) throws IOException {
        return new HashedOutputStream(file, Files.newOutputStream(file));
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        hash.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        hash.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** Closes the file, waits for its hash and hands it to the output directory's manifest. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        String h;
        try {
            out.close();
        } finally {
            h = hash.finish();
        }
        if (h != null) {
            OutputDirectory.hashed(file, h, hash.size(), Files.getLastModifiedTime(file));
        }
    }
}
