package org.metasched.io.swf;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * A trace that is not a regular file (a pipe, {@code /dev/stdin}, a shell's process substitution), read once from its
 * start to its end: never measured, never read at a position. {@code Files.newInputStream}'s stream asks the channel
 * for its position to answer {@link #available()}, which a pipe refuses ("Illegal seek"); this one answers it by
 * waiting for the next byte, so that "is there more?" means "does the data go on?" as it does for a file. The gzip
 * stream asks that after each member: a pipe that has not yet delivered the next member must not end the trace there.
 */
final class Sequential extends InputStream {
    private static final int NONE = -2;

    private final InputStream in;
    private int peeked = NONE; // a byte read by available() and not yet handed out, or -1 at the end

    private Sequential(InputStream in) {
        this.in = in;
    }

    static InputStream open(Path file) throws IOException {
        return new Sequential(new FileInputStream(file.toFile()));
    }

    /** Waits for the next byte: 1 if there is one, 0 at the end of the data. */
    @Override
    public int available() throws IOException {
        if (peeked == NONE) {
            peeked = in.read();
        }
        return peeked >= 0 ? 1 : 0;
    }

    @Override
    public int read() throws IOException {
        if (peeked != NONE) {
            int b = peeked;
            if (b >= 0) {
                peeked = NONE;
            }
            return b;
        }
        return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (peeked == NONE) {
            return in.read(b, off, len);
        }
        if (peeked < 0) {
            return -1;
        }
        b[off] = (byte) peeked;
        peeked = NONE;
        // and what has come after it, without waiting (one byte per read would make every other read one byte)
        int ready = len > 1 ? Math.min(len - 1, in.available()) : 0;
        int n = ready > 0 ? in.read(b, off + 1, ready) : 0;
        return 1 + Math.max(n, 0);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
