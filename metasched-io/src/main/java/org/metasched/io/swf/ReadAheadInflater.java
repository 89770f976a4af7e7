package org.metasched.io.swf;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import org.metasched.io.Threads;

/**
 * A gzip stream inflated on a thread of its own, a few blocks ahead of the reader: the tokenizer scans one block
 * while the next is inflated, so on two cores reading a gzipped trace takes about the longer of the two instead
 * of their sum (SDSC-BLUE: about 0.12 s inflating and as much tokenising). The bytes, their order and where the
 * stream ends are the inflating stream's; an error it throws (damaged data, a read failure) is thrown by {@link
 * #read} where the reader reaches it, after every byte before it. Three blocks circulate between the two threads,
 * so nothing is allocated per block. {@link #close} stops the inflating thread and waits for it; it does not close
 * the inflating stream (its owner does, after this).
 */
final class ReadAheadInflater extends InputStream {
    static final int BLOCK = 1 << 17;
    private static final int BLOCKS = 3;

    /** A block of inflated text, the end of the stream ({@code length < 0}) or what the inflating stream threw. */
    private record Block(byte[] bytes, int length, Throwable error) {}

    private final InputStream source;
    private final Handoff<byte[]> empty = new Handoff<>();
    private final Handoff<Block> full = new Handoff<>();
    private final Thread inflater;
    private volatile boolean closed;
    private Block current;
    private int position;
    private boolean ended;

    ReadAheadInflater(InputStream source) {
        this.source = source;
        for (int i = 0; i < BLOCKS; i++) {
            empty.add(new byte[BLOCK]);
        }
        inflater = new Thread(
                new Runnable() { // not a method reference: docs/performance.md, "No lambdas on simulate's path"
                    @Override
                    public void run() {
                        inflate();
                    }
                },
                "trace-inflate");
        inflater.setDaemon(true);
        inflater.start();
    }

    /** Whether inflating ahead can pay: only with a second processor to do it on. */
    static boolean worthIt() {
        return Runtime.getRuntime().availableProcessors() > 1;
    }

    private void inflate() {
        while (!closed) {
            byte[] b = takeUninterruptibly(empty);
            if (closed) {
                return;
            }
            int n = 0;
            try {
                while (n < b.length) {
                    int r = source.read(b, n, b.length - n);
                    if (r < 0) {
                        break;
                    }
                    n += r;
                }
            } catch (IOException | RuntimeException | Error e) {
                if (n > 0) {
                    full.add(new Block(b, n, null));
                }
                full.add(new Block(null, -1, e));
                return;
            }
            if (n > 0) {
                full.add(new Block(b, n, null));
            }
            if (n < b.length) {
                full.add(new Block(null, -1, null));
                return;
            }
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (current == null || position == current.length()) {
            if (ended) {
                return -1;
            }
            if (current != null) {
                empty.add(current.bytes());
                current = null;
            }
            Block next = takeUninterruptibly(full);
            if (next.length() < 0) {
                ended = true;
                Throwable e = next.error();
                if (e instanceof IOException io) {
                    throw io;
                }
                if (e instanceof RuntimeException re) {
                    throw re;
                }
                if (e instanceof Error err) {
                    throw err;
                }
                return -1;
            }
            current = next;
            position = 0;
        }
        int n = Math.min(len, current.length() - position);
        System.arraycopy(current.bytes(), position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    /** Stops the inflating thread (it may finish the block it is on) and waits until it has. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (current != null) {
            empty.add(current.bytes());
            current = null;
        }
        Block b;
        while ((b = full.poll()) != null) {
            if (b.bytes() != null) {
                empty.add(b.bytes());
            }
        }
        Threads.joinUninterruptibly(inflater);
    }

    private static <T> T takeUninterruptibly(Handoff<T> queue) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return queue.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * A queue between the two threads (at most four elements), on the object's monitor: a {@code
     * java.util.concurrent} blocking queue waits through {@code ForkJoinPool.managedBlock}, whose class's
     * initialisation makes method handles, about half a millisecond of a {@code simulate} run that needs none.
     */
    private static final class Handoff<T> {
        private final ArrayDeque<T> items = new ArrayDeque<>();

        synchronized void add(T item) {
            items.add(item);
            notifyAll();
        }

        synchronized T poll() {
            return items.poll();
        }

        synchronized T take() throws InterruptedException {
            while (items.isEmpty()) {
                wait();
            }
            return items.remove();
        }
    }
}
