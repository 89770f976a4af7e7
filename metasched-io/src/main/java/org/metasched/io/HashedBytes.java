package org.metasched.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes of a file made before its output directory exists, kept in memory in chunks of 64 KB, with their hash
 * for the manifest ({@link Xxh64}) computed as they come (as {@link HashedOutputStream} does for a file being
 * written). {@link #writeTo} later puts them into a file of an output directory under way ({@link
 * OutputDirectory#write}) and hands the hash to its manifest, which then does not read the file again. Meant for
 * {@code jobs.csv}, formatted while the schedule runs (20 MB on SDSC-BLUE).
 *
 * <p>Written by one thread; {@link #close} ends the bytes; {@link #writeTo} may then be called from any thread.
 */
public final class HashedBytes extends OutputStream {
    private static final int CHUNK = 1 << 16;

    private final List<byte[]> chunks = new ArrayList<>();
    private final Xxh64 hash = new Xxh64();
    private byte[] last = new byte[CHUNK];
    /** Bytes in {@link #last}. */
    private int filled;

    private long size;
    private volatile String hex;
    private boolean closed;

    public HashedBytes() {
        chunks.add(last);
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
        hash.update(b, off, len);
        size += len;
        while (len > 0) {
            if (filled == CHUNK) {
                last = new byte[CHUNK];
                chunks.add(last);
                filled = 0;
            }
            int k = Math.min(len, CHUNK - filled);
            System.arraycopy(b, off, last, filled, k);
            filled += k;
            off += k;
            len -= k;
        }
    }

    /** Ends the bytes. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        hex = hash.hex();
    }

    /** The manifest's hash ({@link Xxh64}) in lower-case hexadecimal, once {@link #close closed}. */
    public String hash() {
        return hex;
    }

    /** Number of bytes. */
    public long size() {
        return size;
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
            for (int c = 0; c < chunks.size(); c++) {
                out.write(chunks.get(c), 0, c == chunks.size() - 1 ? filled : CHUNK);
            }
        }
        OutputDirectory.hashed(file, hex, size, Files.getLastModifiedTime(file));
    }
}
