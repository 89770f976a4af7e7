package org.metasched.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A file of an output directory under way ({@link OutputDirectory#write}) whose SHA-256 is computed on a thread of
 * its own while the bytes are written, for the manifest, which then does not read the file again. Meant for large
 * files: {@code jobs.csv} of SDSC-BLUE is 20 MB, whose hash took 0.15 s after the writing in a JVM without C2 (the
 * JDK's SHA-256 intrinsic is C2's); now the hash runs beside the formatting, on the core the writer leaves idle.
 * Outside an output directory under way it is a plain file stream (the hash is computed and dropped).
 *
 * <p>The bytes go to the file first, then, in chunks of 64 KB, to the hashing thread (a few chunks in flight at
 * most). The hash is handed over at {@link #close} with the file's size and modification time; the manifest takes
 * it only if the file still has both.
 */
public final class HashedOutputStream extends OutputStream {
    private static final int CHUNK = 1 << 16;

    private record Chunk(byte[] bytes, int length) {}

    private final Path file;
    private final OutputStream out;
    private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(4);
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(8);
    private final Thread hasher;
    private volatile String hex;
    private byte[] buffer = new byte[CHUNK];
    private int filled;
    private long size;
    private boolean closed;

    private HashedOutputStream(Path file, OutputStream out) {
        this.file = file;
        this.out = out;
        this.hasher = new Thread(this::hash, "sha256-" + file.getFileName());
        hasher.setDaemon(true);
        hasher.start();
    }

    /** Creates (or truncates) {@code file}, as {@link Files#newOutputStream} does. */
    public static HashedOutputStream open(Path file) throws IOException {
        return new HashedOutputStream(file, Files.newOutputStream(file));
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        size++;
        buffer[filled++] = (byte) b;
        if (filled == CHUNK) {
            handOver();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        size += len;
        while (len > 0) {
            int k = Math.min(len, CHUNK - filled);
            System.arraycopy(b, off, buffer, filled, k);
            filled += k;
            off += k;
            len -= k;
            if (filled == CHUNK) {
                handOver();
            }
        }
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
        try {
            out.close();
        } finally {
            if (filled > 0) {
                handOver();
            }
            put(new Chunk(null, -1));
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
        String h = hex;
        if (h != null) {
            OutputDirectory.hashed(file, h, size, Files.getLastModifiedTime(file));
        }
    }

    private void handOver() {
        put(new Chunk(buffer, filled));
        byte[] next = free.poll();
        buffer = next != null ? next : new byte[CHUNK];
        filled = 0;
    }

    /**
     * Puts {@code c} for the hasher, also when this thread is interrupted; nothing once the hasher has ended (it
     * ends early only on an error of the JVM's: the manifest then hashes the file itself).
     */
    private void put(Chunk c) {
        boolean interrupted = false;
        while (hasher.isAlive()) {
            try {
                if (full.offer(c, 100, TimeUnit.MILLISECONDS)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void hash() {
        Sha256 digest = new Sha256();
        try {
            while (true) {
                Chunk c = full.take();
                if (c.length < 0) {
                    break;
                }
                digest.update(c.bytes, 0, c.length);
                free.offer(c.bytes);
            }
        } catch (InterruptedException e) { // nobody interrupts this thread; the manifest hashes the file itself then
            return;
        }
        hex = digest.hex();
    }
}
