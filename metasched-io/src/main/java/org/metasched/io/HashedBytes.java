package org.metasched.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The bytes of a file made before its output directory exists, kept in memory, with their hash for the manifest
 * computed on a thread of its own as they come (as {@link HashedOutputStream} does for a file being written). {@link
 * #writeTo} later puts them into a file of an output directory under way ({@link OutputDirectory#write}) and hands the
 * hash to its manifest, which then does not read the file again. Meant for {@code jobs.csv}, formatted while the
 * schedule runs (20 MB on SDSC-BLUE).
 *
 * <p>Written by one thread; {@link #close} ends the bytes and waits for the hash; {@link #writeTo} may then be called
 * from any thread.
 */
public final class HashedBytes extends OutputStream {
    private final ChunkedHash bytes;
    private volatile String hex;
    private boolean closed;

    /** @param name the file's name, for the hashing thread's name */
    public HashedBytes(String name) {
        this.bytes = new ChunkedHash(name, true);
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (closed) {
            throw new IllegalStateException("closed");
        }
        bytes.write(b, off, len);
    }

    /** Ends the bytes and waits for their hash (also when this thread is interrupted). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        hex = bytes.finish();
    }

    /**
     * The manifest's hash ({@link Xxh64}) in lower-case hexadecimal, once {@link #close closed} (null if the hashing
     * thread failed).
     */
    public String hash() {
        return hex;
    }

    /** Number of bytes. */
    public long size() {
        return bytes.size();
    }

    /**
     * Writes the bytes to {@code file} (created or replaced) and, if it lies in an output directory under way, hands
     * their hash to its manifest.
     */
    public void writeTo(Path file) throws IOException {
        if (!closed) {
            throw new IllegalStateException("not closed");
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            for (ChunkedHash.Chunk c : bytes.chunks()) {
                out.write(c.bytes(), 0, c.length());
            }
        }
        String h = hex;
        if (h != null) {
            OutputDirectory.hashed(file, h, size(), Files.getLastModifiedTime(file));
        }
    }
}
