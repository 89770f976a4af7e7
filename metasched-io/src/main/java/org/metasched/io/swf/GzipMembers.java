package org.metasched.io.swf;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * The text of a gzip file (RFC 1952), member after member, as {@link java.util.zip.GZIPInputStream} inflates it, with
 * one difference: after the last member comes the end of the file or another member ({@code gzip -c a >> b}), nothing
 * else but zero bytes (padding, which {@code gzip -d} also accepts). {@code GZIPInputStream} ends the text silently at
 * bytes after a member that do not start a member (appended garbage, a second file written over the end of a shorter
 * one); here they are a {@link TrailingData} error naming their offset. The header's optional fields and its CRC-16,
 * and each member's CRC-32 and length, are checked as {@code GZIPInputStream} checks them, with its messages. The same
 * work per byte as {@code GZIPInputStream} (one inflate and one CRC-32 update per read); the only addition is looking
 * at the two bytes after each member's trailer, which {@code GZIPInputStream} also does. A pipe is read to its end:
 * after a member, reading waits for the next byte or the end of the data.
 */
final class GzipMembers extends InputStream {
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    /** Bytes after the end of a gzip member that do not start another one. */
    static final class TrailingData extends ZipException {
        private static final long serialVersionUID = 1L;

        /** The offset in the file of the first byte that is not gzip data; the message is its first two bytes. */
        final long offset;

        TrailingData(long offset, int b0, int b1) {
            super(hex(b0) + (b1 < 0 ? "" : " " + hex(b1)));
            this.offset = offset;
        }

        private static String hex(int b) {
            return String.format(java.util.Locale.ROOT, "0x%02x", b);
        }
    }

    private final InputStream in;
    private final byte[] buf;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private final CRC32 headerCrc = new CRC32();
    private long base; // the file offset of buf[0]
    private int pos; // buf[pos, lim) is read from the file and not yet given to the inflater or a header
    private int lim;
    private boolean ended;

    /**
     * Reads the first member's header.
     *
     * @throws ZipException when the data does not start with a gzip header ("Not in GZIP format")
     * @throws EOFException when the data ends in the header
     */
    GzipMembers(InputStream in, int bufferSize) throws IOException {
        this.in = in;
        this.buf = new byte[bufferSize];
        if (!header(true)) {
            throw new EOFException();
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (!ended) {
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                String m = e.getMessage();
                throw new ZipException(m != null ? m : "Invalid ZLIB data format");
            }
            if (n > 0) {
                crc.update(b, off, n);
                return n;
            }
            if (inflater.finished()) {
                pos = lim - inflater.getRemaining();
                trailer();
                ended = !header(false);
            } else if (inflater.needsDictionary()) {
                throw new ZipException("a gzip member asks for a preset dictionary");
            } else if (inflater.needsInput()) {
                if (pos == lim && !fill()) {
                    throw new EOFException("Unexpected end of ZLIB input stream");
                }
                inflater.setInput(buf, pos, lim - pos);
                pos = lim;
            }
        }
        return -1;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    /** Ends the inflater and closes the file's stream. */
    @Override
    public void close() throws IOException {
        inflater.end();
        in.close();
    }

    /**
     * Reads a member's header (RFC 1952, 2.3.1) and readies the inflater for its data. Returns false at the end of
     * the data where a member could start, unless {@code first}.
     */
    private boolean header(boolean first) throws IOException {
        long start = base + pos;
        int b0 = next();
        if (b0 < 0 && !first) {
            return false;
        }
        if (b0 == 0 && !first) { // zero bytes after a member (a tape's or a block device's padding): gzip -d takes
            while (b0 == 0) { // them as the end without a word, and so does this, if nothing else follows them
                start = base + pos;
                b0 = next();
            }
            if (b0 < 0) {
                return false;
            }
        }
        int b1 = next();
        if (b0 != 0x1f || b1 != 0x8b) {
            if (first) {
                throw new ZipException("Not in GZIP format");
            }
            throw new TrailingData(start, b0, b1);
        }
        headerCrc.reset();
        headerCrc.update(0x1f);
        headerCrc.update(0x8b);
        if (headerByte() != 8) {
            throw new ZipException("Unsupported compression method");
        }
        int flags = headerByte();
        for (int i = 0; i < 6; i++) { // modification time, extra flags, operating system
            headerByte();
        }
        if ((flags & FEXTRA) != 0) {
            int length = headerByte() | headerByte() << 8;
            for (int i = 0; i < length; i++) {
                headerByte();
            }
        }
        if ((flags & FNAME) != 0) {
            while (headerByte() != 0) {
                // the file name, up to its zero byte
            }
        }
        if ((flags & FCOMMENT) != 0) {
            while (headerByte() != 0) {
                // the comment, up to its zero byte
            }
        }
        if ((flags & FHCRC) != 0) {
            int expected = (int) headerCrc.getValue() & 0xffff;
            if ((required() | required() << 8) != expected) {
                throw new ZipException("Corrupt GZIP header");
            }
        }
        inflater.reset();
        crc.reset();
        return true;
    }

    /** Reads a member's trailer (CRC-32 and length of its text, modulo 2^32) and checks it. */
    private void trailer() throws IOException {
        long sum = required() | required() << 8 | required() << 16 | (long) required() << 24;
        long size = required() | required() << 8 | required() << 16 | (long) required() << 24;
        if (sum != crc.getValue() || size != (inflater.getBytesWritten() & 0xffff_ffffL)) {
            throw new ZipException("Corrupt GZIP trailer");
        }
    }

    private int headerByte() throws IOException {
        int b = required();
        headerCrc.update(b);
        return b;
    }

    private int required() throws IOException {
        int b = next();
        if (b < 0) {
            throw new EOFException();
        }
        return b;
    }

    /** The next byte of the file, or -1 at its end. */
    private int next() throws IOException {
        if (pos == lim && !fill()) {
            return -1;
        }
        return buf[pos++] & 0xff;
    }

    /** Reads more of the file into the (used up) buffer; false at the end of the file. */
    private boolean fill() throws IOException {
        base += lim;
        pos = 0;
        lim = 0;
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            return false;
        }
        lim = n;
        return true;
    }
}
