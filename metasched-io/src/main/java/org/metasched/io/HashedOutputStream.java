package org.metasched.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file of an output directory under way ({@link OutputDirectory#write}) whose hash ({@link Xxh64}) is computed as
 * the bytes are written, for the manifest, which then does not read the file again. Meant for large files: {@code
 * jobs.csv} of SDSC-BLUE is 20 MB. Outside an output directory under way it is a plain file stream (the hash is
 * computed and dropped).
 *
 * <p>The hash is handed over at {@link #close} with the file's size and modification time; the manifest takes it
 * only if the file still has both. (While the manifest's hash was SHA-256, about 150 MB/s under C1, a thread of its
 * own hashed copies of the bytes beside the writing; XXH64 takes about a sixth of that time, less than the copies
 * and the hand-over between the threads cost: docs/performance.md.)
 */
public final class HashedOutputStream extends OutputStream {
    private final Path file;
    private final OutputStream out;
    private final Xxh64 hash = new Xxh64();
    private final byte[] one = new byte[1];
    private long size;
    private boolean closed;

    private HashedOutputStream(Path file, OutputStream out) {
        this.file = file;
        this.out = out;
    }

    /** Creates (or truncates) {@code file}, as {@link Files#newOutputStream} does. */
    public static HashedOutputStream open(Path file) throws IOException {
        return new HashedOutputStream(file, Files.newOutputStream(file));
    }

    @Override
    public void write(int b) throws IOException {
        one[0] = (byte) b;
        write(one, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        hash.update(b, off, len);
        size += len;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** Closes the file and hands its hash to the output directory's manifest. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        out.close();
        OutputDirectory.hashed(file, hash.hex(), size, Files.getLastModifiedTime(file));
    }
}
