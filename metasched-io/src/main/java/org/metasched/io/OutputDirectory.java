package org.metasched.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.metasched.model.InputFormatException;

/**
 * The one way metasched writes an output directory: all or nothing, and never over anything it did not write.
 *
 * <p>{@link #write} lets the caller fill a fresh hidden sibling directory ({@code .NAME.tmp-PID-N}, created with
 * the process's umask like any other directory), adds the manifest {@value #MANIFEST} that lists what was
 * written, and only then puts it in place of {@code NAME} by renaming. If anything fails, the hidden directory
 * is removed and {@code NAME} is left as it was.
 *
 * <p>An existing {@code NAME} is replaced only when it is empty or when metasched wrote it: it holds a manifest
 * and nothing but the regular files listed there (a file a user added afterwards makes it foreign again), or,
 * for directories written before manifests existed, nothing but regular files with the names metasched's
 * commands write ({@code jobs.csv}, {@code summary.json}, {@code timeseries.csv}, {@code table.csv}, {@code
 * strategies.csv}, {@code report.html}, {@code *.png}, {@code *.svg}). Anything else (a file where a directory
 * is expected, a sub-directory, a foreign file, a symbolic link inside) is refused before any work with an
 * {@link InputFormatException}, and so is a directory that cannot be written (a directory without any write
 * permission bit counts as read-only also for root); its one-line message names the path and the operating
 * system's reason. Only files that were checked to be metasched's are ever deleted.
 */
public final class OutputDirectory {
    /** The manifest file in every directory metasched writes. */
    public static final String MANIFEST = ".metasched-output";

    private static final String MANIFEST_HEADER =
            "# written by metasched; the next run that writes here replaces this directory as a whole."
                    + " Files listed below:";

    private OutputDirectory() {}

    /** Writes the files of an output directory into the (temporary) directory it is given. */
    @FunctionalInterface
    public interface Content {
        void writeInto(Path dir) throws IOException;
    }

    /**
     * Fails fast, before any work, if {@link #write} would refuse {@code target}: call it before a long run so
     * that a bad output directory is reported at once.
     *
     * @throws InputFormatException naming the path and the reason
     */
    public static void check(Path target) {
        Path t = resolve(target);
        checkAncestors(t);
        checkReplaceable(t);
        checkNotReadOnly(t);
    }

    /**
     * Writes {@code target} as a whole: {@code content} fills a fresh hidden sibling, which replaces {@code
     * target} only when complete.
     *
     * @throws InputFormatException if {@code target} may not be replaced or cannot be written (the message names
     *     the path and the reason, e.g. "Permission denied" or "No space left on device")
     */
    public static void write(Path target, Content content) {
        Path t = resolve(target);
        checkAncestors(t);
        checkReplaceable(t);
        checkNotReadOnly(t);
        Path parent = t.getParent();
        Path tmp = null;
        try {
            try {
                Files.createDirectories(parent);
            } catch (IOException e) {
                throw new InputFormatException(
                        "cannot create the output directory " + target + ": " + IoErrors.reason(e), e);
            }
            tmp = freshSibling(t, ".tmp-");
            content.writeInto(tmp);
            writeManifest(tmp);
            checkReplaceable(t); // again: something may have appeared there while the content was written
            Path old = null;
            if (Files.exists(t, LinkOption.NOFOLLOW_LINKS)) {
                old = freshSibling(t, ".old-");
                Files.delete(old);
                Files.move(t, old, StandardCopyOption.ATOMIC_MOVE);
            }
            Files.move(tmp, t, StandardCopyOption.ATOMIC_MOVE);
            tmp = null;
            if (old != null) {
                deleteChecked(old);
            }
        } catch (IOException e) {
            String why = IoErrors.reason(e);
            if (tmp != null) {
                why = why.replace(tmp.toString(), t.toString()); // name the file as the user will look for it
            }
            throw new InputFormatException("cannot write " + target + ": " + why, e);
        } finally {
            if (tmp != null) {
                deleteOwnTree(tmp);
            }
        }
    }

    /** The absolute, normalised target; a symbolic link to a directory stands for that directory. */
    private static Path resolve(Path target) {
        Path t = target.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(t)) {
            if (!Files.exists(t)) {
                throw new InputFormatException(
                        target + " is a symbolic link to a missing path; give an output directory");
            }
            try {
                t = t.toRealPath();
            } catch (IOException e) {
                throw new InputFormatException("cannot resolve " + target + ": " + IoErrors.reason(e), e);
            }
        }
        if (t.getParent() == null) {
            throw new InputFormatException(
                    target + " is the root directory; give an output directory that metasched may replace");
        }
        return t;
    }

    /** A file where a directory is expected, anywhere on the way to the target. */
    private static void checkAncestors(Path t) {
        for (Path p = t.getParent(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                if (!Files.isDirectory(p)) {
                    throw new InputFormatException("cannot write " + t + ": " + p + " is a file, not a directory");
                }
                return;
            }
        }
    }

    /**
     * A directory without any write permission bit (chmod a-w) is read-only to metasched whoever runs it: the
     * operating system stops other users, and root, who may write anyway, is stopped here, so that a directory a
     * user protected is never replaced or written into. Checked on the target (it would be replaced) and on the
     * nearest existing directory above it (the new directory is created there).
     */
    private static void checkNotReadOnly(Path t) {
        if (Files.isDirectory(t, LinkOption.NOFOLLOW_LINKS) && readOnly(t)) {
            throw new InputFormatException("cannot write " + t + ": " + t + ": Permission denied (it is read-only)");
        }
        for (Path p = t.getParent(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p)) {
                if (readOnly(p)) {
                    throw new InputFormatException(
                            "cannot write " + t + ": " + p + ": Permission denied (it is read-only)");
                }
                if (!Files.isWritable(p)) { // another user's directory, say: found before the work, not after
                    throw new InputFormatException("cannot write " + t + ": " + p + ": Permission denied");
                }
                return;
            }
        }
    }

    private static boolean readOnly(Path dir) {
        try {
            Set<java.nio.file.attribute.PosixFilePermission> p = Files.getPosixFilePermissions(dir);
            return !p.contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE)
                    && !p.contains(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE)
                    && !p.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE);
        } catch (UnsupportedOperationException | IOException e) {
            return !Files.isWritable(dir);
        }
    }

    private static void checkReplaceable(Path t) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(t, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return; // missing: nothing to replace
        }
        if (!attributes.isDirectory()) {
            throw new InputFormatException(
                    t + " exists and is not a directory; give another output directory (it is never replaced)");
        }
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(t)) {
            for (Path e : entries) {
                names.add(e.getFileName().toString());
            }
        } catch (IOException e) {
            throw new InputFormatException("cannot read the output directory " + t + ": " + IoErrors.reason(e), e);
        }
        if (names.isEmpty()) {
            return;
        }
        Set<String> listed = names.contains(MANIFEST) ? readManifest(t) : null;
        for (String name : new TreeSet<>(names)) {
            boolean ours = listed != null ? name.equals(MANIFEST) || listed.contains(name) : isLegacyResultName(name);
            if (!ours || !Files.isRegularFile(t.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                throw new InputFormatException(t + " holds '" + name + "', which metasched did not write there;"
                        + " refusing to replace it (give a new or empty output directory)");
            }
        }
    }

    /** Names the commands wrote before manifests existed. */
    static boolean isLegacyResultName(String name) {
        return switch (name) {
            case "jobs.csv", "summary.json", "timeseries.csv", "table.csv", "strategies.csv", "report.html" -> true;
            default -> (name.endsWith(".png") || name.endsWith(".svg")) && !name.startsWith(".");
        };
    }

    private static Set<String> readManifest(Path dir) {
        Path m = dir.resolve(MANIFEST);
        try {
            if (!Files.isRegularFile(m, LinkOption.NOFOLLOW_LINKS) || Files.size(m) > 1 << 20) {
                throw new InputFormatException(m + " is not a metasched manifest; refusing to replace " + dir);
            }
            List<String> lines = Files.readAllLines(m, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(MANIFEST_HEADER)) {
                throw new InputFormatException(m + " is not a metasched manifest; refusing to replace " + dir);
            }
            Set<String> names = new HashSet<>();
            for (String line : lines.subList(1, lines.size())) {
                if (!line.isEmpty()) {
                    names.add(line);
                }
            }
            return names;
        } catch (IOException e) {
            throw new InputFormatException("cannot read " + m + ": " + IoErrors.reason(e), e);
        }
    }

    private static void writeManifest(Path dir) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path e : entries) {
                if (!Files.isRegularFile(e, LinkOption.NOFOLLOW_LINKS)) {
                    throw new IllegalStateException("an output directory holds only files, got " + e);
                }
                names.add(e.getFileName().toString());
            }
        }
        StringBuilder sb = new StringBuilder(MANIFEST_HEADER).append('\n');
        for (String n : names) {
            sb.append(n).append('\n');
        }
        Files.writeString(dir.resolve(MANIFEST), sb, StandardCharsets.UTF_8);
    }

    /**
     * A new hidden directory next to {@code target}, named after it, this process and a counter. (Not {@code
     * Files.createTempDirectory}: it creates mode 0700, which hides results from the other users of a shared
     * machine, and seeding its SecureRandom costs a noticeable part of a one-second run.)
     */
    private static Path freshSibling(Path target, String infix) throws IOException {
        long pid = ProcessHandle.current().pid();
        for (int i = 0; ; i++) {
            Path p = target.resolveSibling("." + target.getFileName() + infix + pid + "-" + i);
            try {
                return Files.createDirectory(p);
            } catch (FileAlreadyExistsException e) {
                if (i > 1000) {
                    throw e;
                }
            }
        }
    }

    /** Deletes the replaced directory: it was checked to hold only metasched's regular files. */
    private static void deleteChecked(Path old) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(old)) {
            for (Path e : entries) {
                if (Files.isRegularFile(e, LinkOption.NOFOLLOW_LINKS)) {
                    Files.delete(e);
                }
            }
            Files.delete(old);
        } catch (IOException e) {
            // best effort: what is left is a hidden directory named as an old copy of the output
        }
    }

    /** Deletes a temporary directory this class created, never following a link out of it. */
    private static void deleteOwnTree(Path dir) {
        try {
            if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                    for (Path e : entries) {
                        deleteOwnTree(e);
                    }
                }
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // best effort: the temporary directory is hidden and named as such
        }
    }
}
