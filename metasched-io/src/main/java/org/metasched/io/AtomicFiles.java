package org.metasched.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes files so that a reader never sees a half-written one: into a temporary sibling, then renamed. */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** Something that writes a file's content. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    /** Writes {@code target} through a temporary file in the same directory, renamed when complete. */
    public static void write(Path target, Content content) {
        Path dir = target.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
            try {
                try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                    content.writeTo(w);
                }
                move(tmp, target);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    public static void writeString(Path target, String text) {
        write(target, w -> w.write(text));
    }

    /** Writes the files of a directory. */
    @FunctionalInterface
    public interface DirectoryContent {
        void writeInto(Path dir) throws IOException;
    }

    /**
     * Writes a whole output directory: {@code content} fills a temporary sibling directory, which replaces
     * {@code target} only when it is complete. On failure the temporary directory is removed and {@code target}
     * is left as it was.
     */
    public static void writeDirectory(Path target, DirectoryContent content) {
        Path abs = target.toAbsolutePath();
        try {
            Files.createDirectories(abs.getParent());
            Path tmp = Files.createTempDirectory(abs.getParent(), "." + abs.getFileName() + ".tmp");
            try {
                content.writeInto(tmp);
                if (Files.exists(abs)) {
                    deleteTree(abs);
                }
                move(tmp, abs);
            } finally {
                if (Files.exists(tmp)) {
                    deleteTree(tmp);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }

    /** Renames {@code from} to {@code to}, replacing it, atomically where the file system allows. */
    public static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
