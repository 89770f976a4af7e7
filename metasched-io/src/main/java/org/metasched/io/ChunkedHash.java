package org.metasched.io;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The manifest's hash ({@link Xxh64}) of bytes computed on a thread of its own as they come: the writer's bytes are
 * copied into chunks of 64 KB, each full chunk goes to the hashing thread, and {@link #finish} hands over the rest and
 * waits for the hash. Either the chunks are recycled once hashed (a few in flight at most: {@link HashedOutputStream},
 * whose bytes are in the file already) or every chunk is kept for {@link #chunks} ({@link HashedBytes}, whose bytes are
 * the chunks).
 *
 * <p>Written by one thread; {@link #chunks} may be read from any thread after {@link #finish}.
 */
final class ChunkedHash {
    private static final int CHUNK = 1 << 16;
    private static final Chunk END = new Chunk(null, -1);

    /** The first {@code length} bytes of {@code bytes}. */
    record Chunk(byte[] bytes, int length) {}

    private final BlockingQueue<Chunk> full;
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(8);
    private final List<Chunk> kept;
    private final Thread hasher;
    private volatile String hex;
    private byte[] buffer = new byte[CHUNK];
    private int filled;
    private long size;

    /**
     * @param name the file's name, for the hashing thread's name
     * @param keep keep every chunk (none in flight is waited for) instead of recycling them
     */
    ChunkedHash(String name, boolean keep) {
        this.full = keep ? new LinkedBlockingQueue<>() : new ArrayBlockingQueue<>(4);
        this.kept = keep ? new ArrayList<>() : null;
        this.hasher = new Thread(this::hash, "hash-" + name);
        hasher.setDaemon(true);
        hasher.start();
    }

    void write(int b) {
        size++;
        buffer[filled++] = (byte) b;
        if (filled == CHUNK) {
            handOver();
        }
    }

    void write(byte[] b, int off, int len) {
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

    /** Number of bytes written. */
    long size() {
        return size;
    }

    /** The kept chunks, in order. */
    List<Chunk> chunks() {
        return kept;
    }

    /**
     * Ends the bytes and waits for their hash (also when this thread is interrupted, whose status is kept).
     *
     * @return the hash in lower-case hexadecimal, or null if the hashing thread failed
     */
    String finish() {
        if (filled > 0) {
            handOver();
        }
        buffer = null;
        put(END);
        Threads.joinUninterruptibly(hasher); // the hasher ends by itself once it has the last chunk
        return hex;
    }

    private void handOver() {
        Chunk c = new Chunk(buffer, filled);
        put(c);
        byte[] next = null;
        if (kept != null) {
            kept.add(c);
        } else {
            next = free.poll();
        }
        buffer = next != null ? next : new byte[CHUNK];
        filled = 0;
    }

    /**
     * Puts {@code c} for the hasher, also when this thread is interrupted; nothing once the hasher has ended (it ends
     * early only on an error of the JVM's: the manifest then hashes the file itself).
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
        Xxh64 digest = new Xxh64();
        try {
            while (true) {
                Chunk c = full.take();
                if (c.length < 0) { // END
                    break;
                }
                digest.update(c.bytes, 0, c.length);
                if (kept == null) {
                    free.offer(c.bytes);
                }
            }
        } catch (InterruptedException e) { // nobody interrupts this thread; the manifest hashes the file itself then
            return;
        }
        hex = digest.hex();
    }
}
