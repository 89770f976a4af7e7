package org.metasched.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Writes a set of files into one directory so that none is ever seen half-written: each is
 * written to a hidden temporary file beside its target, and only when all are complete are they
 * renamed, in the order they were written. If anything fails, {@link #close()} removes the
 * temporary files.
 */
final class AtomicOutput implements AutoCloseable {

    /** Writes the content of one file. */
    @FunctionalInterface
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private final Path dir;
    private final List<Path> temps = new ArrayList<>();
    private final List<Path> targets = new ArrayList<>();
    private boolean committed;

    AtomicOutput(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
    }

    /**
     * Writes {@code fileName}'s content to a temporary file; it appears on {@link #commit()}.
     * Returns the final path.
     */
    Path write(String fileName, Content content) throws IOException {
        // a fresh hidden name in the target directory (so the rename stays on one file system),
        // created like any other file so it gets the usual permissions, not a temp file's 0600
        Path temp = dir.resolve("." + fileName + "." + UUID.randomUUID() + ".tmp");
        temps.add(temp);
        targets.add(dir.resolve(fileName));
        try (OutputStream out = new BufferedOutputStream(
                Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), 1 << 16)) {
            content.writeTo(out);
        }
        return dir.resolve(fileName);
    }

    /** Renames every temporary file to its target, replacing an older version, in the order they were written. */
    List<Path> commit() throws IOException {
        return commit(null);
    }

    /**
     * Like {@link #commit()}, but renames {@code lastFile} (a file name given to {@link #write}) after all the
     * others, so whoever sees it can rely on the rest being in place.
     */
    List<Path> commit(String lastFile) throws IOException {
        Path last = lastFile == null ? null : dir.resolve(lastFile);
        for (int i = 0; i < temps.size(); i++) {
            if (!targets.get(i).equals(last)) {
                rename(temps.get(i), targets.get(i));
            }
        }
        int index = targets.indexOf(last);
        if (index >= 0) {
            rename(temps.get(index), last);
        }
        committed = true;
        return List.copyOf(targets);
    }

    private static void rename(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Override
    public void close() throws IOException {
        if (committed) {
            return;
        }
        IOException first = null;
        for (Path t : temps) {
            try {
                Files.deleteIfExists(t);
            } catch (IOException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
