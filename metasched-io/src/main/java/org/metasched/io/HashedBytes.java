package org.metasched.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The bytes of a file made before its output directory exists, kept in memory, with their SHA-256 computed on a
 * thread of its own as they come (as {@link HashedOutputStream} does for a file being written). {@link #writeTo}
 * later puts them into a file of an output directory under way ({@link OutputDirectory#write}) and hands the hash to
 * its manifest, which then does not read the file again. Meant for {@code jobs.csv}, formatted while the schedule
 * runs (20 MB on SDSC-BLUE).
 *
 * <p>Written by one thread; {@link #close} ends the bytes and waits for the hash; {@link #writeTo} may then be called
 * from any thread.
 */
public final class HashedBytes extends OutputStream {
    private static final int CHUNK = 1 << 16;
    private static final byte[] END = new byte[0];

    private final List<byte[]> chunks = new ArrayList<>();
    private final LinkedBlockingQueue<byte[]> toHash = new LinkedBlockingQueue<>();
    private final Thread hasher;
    private volatile String hex;
    private byte[] buffer = new byte[CHUNK];
    private int filled;
    private long size;
    private boolean closed;

    /** @param name the file's name, for the hashing thread's name */
    public HashedBytes(String name) {
        this.hasher = new Thread(this::hash, "sha256-" + name);
        hasher.setDaemon(true);
        hasher.start();
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
        size += len;
        while (len > 0) {
            int k = Math.min(len, CHUNK - filled);
            System.arraycopy(b, off, buffer, filled, k);
            filled += k;
            off += k;
            len -= k;
            if (filled == CHUNK) {
                handOver(buffer);
                buffer = new byte[CHUNK];
                filled = 0;
            }
        }
    }

    /** Ends the bytes and waits for their hash (also when this thread is interrupted). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (filled > 0) {
            byte[] last = new byte[filled];
            System.arraycopy(buffer, 0, last, 0, filled);
            handOver(last);
        }
        buffer = null;
        toHash.add(END);
        boolean interrupted = false;
        while (true) {
            try {
                hasher.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the hasher ends by itself once it has the last chunk
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The SHA-256 in lower-case hexadecimal, once {@link #close closed} (null if the hashing thread failed). */
    public String sha256() {
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
            for (byte[] c : chunks) {
                out.write(c);
            }
        }
        String h = hex;
        if (h != null) {
            OutputDirectory.hashed(file, h, size, Files.getLastModifiedTime(file));
        }
    }

    private void handOver(byte[] chunk) {
        chunks.add(chunk);
        toHash.add(chunk);
    }

    private void hash() {
        Sha256 digest = new Sha256();
        try {
            while (true) {
                byte[] c = toHash.take();
                if (c == END) {
                    break;
                }
                digest.update(c, 0, c.length);
            }
        } catch (InterruptedException e) { // nobody interrupts this thread; the manifest hashes the file itself then
            return;
        }
        hex = digest.hex();
    }
}
