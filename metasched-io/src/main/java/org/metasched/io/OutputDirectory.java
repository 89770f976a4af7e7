package org.metasched.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.metasched.model.InputFormatException;

/**
 * The one way metasched writes an output directory: all or nothing, never over anything it did not write, and
 * never over a change a user made to what it wrote.
 *
 * <p>{@link #write} lets the caller fill a fresh hidden sibling directory ({@code .NAME.tmp-PID-N}, created with
 * the process's umask like any other directory), adds the manifest {@value #MANIFEST} that lists what was
 * written with each file's SHA-256, and only then puts it in place of {@code NAME} by renaming. If anything fails,
 * the hidden directory is removed and {@code NAME} is left as it was.
 *
 * <p>An existing {@code NAME} is replaced only when it is empty or when metasched wrote it as it is now: it holds a
 * manifest and nothing but the regular files listed there, each with the content hash listed. A directory without
 * a manifest is never replaced, whatever its files are called; a file that is not listed (a user's, added later)
 * makes the directory foreign again, also with {@code force}. A listed file whose content changed since (or a
 * manifest of an earlier version, without hashes) is refused, naming the file, unless the command was given
 * {@code --force} ({@link #check(Path, boolean)}). Anything else (a file where a directory is expected, a
 * sub-directory, a symbolic link inside) is refused before any work with an {@link InputFormatException}, and so
 * is a directory that cannot be written (a directory without any write permission bit counts as read-only also
 * for root); its one-line message names the path and the way out. Only files that were checked to be metasched's
 * are ever deleted.
 *
 * <p><b>Interrupted at any moment</b> (Ctrl-C, SIGTERM), the process leaves the previous directory or the new one,
 * complete, and no hidden directory beside it: a shutdown hook deletes the temporary directories of writes under
 * way, and waits for a replacement (two renames and the deletion of the old copy) that has begun to finish.
 */
public final class OutputDirectory {
    /** The manifest file in every directory metasched writes. */
    public static final String MANIFEST = ".metasched-output";

    private static final String MANIFEST_HEADER = "# written by metasched; the next run that writes here replaces this"
            + " directory as a whole unless a file below was changed (docs/outputs.md). SHA-256 and name of each file:";

    /** The header of the manifests written before they held content hashes. */
    private static final String NAMES_ONLY_HEADER =
            "# written by metasched; the next run that writes here replaces this directory as a whole."
                    + " Files listed below:";

    /** Held while a directory is being replaced, and by the shutdown hook. */
    private static final Object SWAP = new Object();

    /** Temporary directories of the writes under way. */
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

    /** Targets whose changed files the user allowed to be replaced ({@code --force}). */
    private static final Set<Path> FORCED = ConcurrentHashMap.newKeySet();

    private static boolean shuttingDown;
    private static boolean hooked;

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
        check(target, false);
    }

    /**
     * {@link #check(Path)}, and with {@code force} the user's word that files metasched wrote there and that were
     * changed since may be replaced: the later {@link #write} of the same directory replaces them. A file
     * metasched did not write is never replaced, with {@code force} or without.
     *
     * @throws InputFormatException naming the path and the reason
     */
    public static void check(Path target, boolean force) {
        Path t = resolve(target);
        checkAncestors(t);
        checkReplaceable(t, force);
        checkNotReadOnly(t);
        if (force) {
            FORCED.add(t);
        }
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
        boolean force = FORCED.contains(t);
        checkAncestors(t);
        checkReplaceable(t, force);
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
            synchronized (SWAP) {
                if (shuttingDown) {
                    throw new InputFormatException("interrupted: " + target + " was left as it was");
                }
                hookOnce();
                tmp = freshSibling(t, ".tmp-");
                PENDING.add(tmp);
            }
            content.writeInto(tmp);
            writeManifest(tmp);
            synchronized (SWAP) {
                if (shuttingDown) {
                    throw new InputFormatException("interrupted: " + target + " was left as it was");
                }
                checkReplaceable(t, force); // again: something may have appeared there while the content was written
                Path old = null;
                if (Files.exists(t, LinkOption.NOFOLLOW_LINKS)) {
                    old = freshSibling(t, ".old-");
                    Files.delete(old);
                    Files.move(t, old, StandardCopyOption.ATOMIC_MOVE);
                }
                try {
                    Files.move(tmp, t, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException e) {
                    if (old != null) {
                        Files.move(old, t, StandardCopyOption.ATOMIC_MOVE); // the previous one back in place
                    }
                    throw e;
                }
                PENDING.remove(tmp);
                tmp = null;
                if (old != null) {
                    deleteChecked(old);
                }
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
                PENDING.remove(tmp);
            }
        }
    }

    /**
     * Installs, once, the shutdown hook that runs on Ctrl-C and SIGTERM: it waits for a replacement under way,
     * stops any later one, and deletes the temporary directories of the writes under way.
     */
    private static void hookOnce() {
        if (hooked) {
            return;
        }
        hooked = true;
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            synchronized (SWAP) {
                                shuttingDown = true;
                                for (Path tmp : PENDING) {
                                    // the writing thread may still add a file: delete until nothing is left
                                    for (int attempt = 0; attempt < 100 && Files.exists(tmp); attempt++) {
                                        deleteOwnTree(tmp);
                                    }
                                }
                                PENDING.clear();
                            }
                        },
                        "metasched-output-cleanup"));
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

    private static void checkReplaceable(Path t, boolean force) {
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
        if (!names.contains(MANIFEST)) {
            throw new InputFormatException(t + " is not empty and has no " + MANIFEST + " manifest, so metasched did"
                    + " not write it; it is never replaced: give a new or empty output directory");
        }
        Map<String, String> listed = readManifest(t);
        String changed = null;
        for (String name : new TreeSet<>(names)) {
            if (name.equals(MANIFEST)) {
                continue;
            }
            if (!listed.containsKey(name) || !Files.isRegularFile(t.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                throw new InputFormatException(t + " holds '" + name + "', which metasched did not write there;"
                        + " refusing to replace it (give a new or empty output directory, or move '" + name
                        + "' out)");
            }
            String hash = listed.get(name);
            if (changed == null && (hash.isEmpty() || !hash.equals(sha256(t.resolve(name))))) {
                changed = name;
            }
        }
        if (changed != null && !force) {
            throw new InputFormatException(
                    listed.get(changed).isEmpty()
                            ? t
                                    + " was written by an earlier metasched whose manifest has no content hashes, so a change to"
                                    + " its files cannot be told; give --force to replace it anyway, or another output"
                                    + " directory"
                            : t + ": '" + changed
                                    + "' was changed since metasched wrote it; give --force to replace the"
                                    + " directory anyway, or another output directory");
        }
    }

    /** The manifest's files with their SHA-256 (empty for a manifest written before hashes were). */
    private static Map<String, String> readManifest(Path dir) {
        Path m = dir.resolve(MANIFEST);
        try {
            if (!Files.isRegularFile(m, LinkOption.NOFOLLOW_LINKS) || Files.size(m) > 1 << 20) {
                throw new InputFormatException(m + " is not a metasched manifest; refusing to replace " + dir);
            }
            List<String> lines = Files.readAllLines(m, StandardCharsets.UTF_8);
            boolean hashed = !lines.isEmpty() && lines.get(0).equals(MANIFEST_HEADER);
            if (!hashed && (lines.isEmpty() || !lines.get(0).equals(NAMES_ONLY_HEADER))) {
                throw new InputFormatException(m + " is not a metasched manifest; refusing to replace " + dir);
            }
            Map<String, String> files = new HashMap<>();
            for (String line : lines.subList(1, lines.size())) {
                if (line.isEmpty()) {
                    continue;
                }
                if (!hashed) {
                    files.put(line, "");
                    continue;
                }
                int gap = line.indexOf("  ");
                if (gap != 64) {
                    throw new InputFormatException(m + " is not a metasched manifest; refusing to replace " + dir);
                }
                files.put(line.substring(gap + 2), line.substring(0, gap));
            }
            return files;
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new InputFormatException("cannot read " + m + ": " + e.getMessage(), e);
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
            sb.append(sha256(dir.resolve(n))).append("  ").append(n).append('\n');
        }
        Files.writeString(dir.resolve(MANIFEST), sb, StandardCharsets.UTF_8);
    }

    /** The file's SHA-256 in hexadecimal (the form {@code sha256sum} prints). */
    static String sha256(Path file) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            for (int r; (r = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, r);
            }
        } catch (IOException e) {
            throw new InputFormatException("cannot read " + file + ": " + IoErrors.reason(e), e);
        }
        return HexFormat.of().formatHex(digest.digest());
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
