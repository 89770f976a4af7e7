package org.metasched.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.metasched.model.InputFormatException;

/**
 * Whether {@link OutputDirectory} may write a path, checked before any work and again before the replacement: the
 * path itself (a symbolic link stands for its directory; never the root), the directories above it (no file among
 * them, none read-only) and what is there now (empty, or written by metasched as it is now; with {@code force},
 * also with files changed since). Each refusal is an {@link InputFormatException} whose one line names the path and
 * the way out.
 */
final class OutputTargets {
    private OutputTargets() {}

    /** Every check before a write of the resolved target {@code t}. */
    static void check(Path t, boolean force) {
        check(t, force, false);
    }

    /**
     * {@link #check(Path, boolean)}; with {@code contentAhead}, the content of the files listed in the manifest is read
     * on another thread ({@link OutputManifest#verifyAhead}) instead of now, for the next check to find.
     */
    static void check(Path t, boolean force, boolean contentAhead) {
        checkNotWorkingDirectory(t);
        checkAncestors(t);
        checkReplaceable(t, force, contentAhead);
        checkNotReadOnly(t);
    }

    /**
     * The checks of {@link #check(Path, boolean)} on the way to {@code t} (not the working directory, no file and no
     * read-only directory above it), not of what is there: before a directory is made beside it ahead of the write
     * ({@link OutputDirectory#stage}), which checks the rest.
     */
    static void checkWay(Path t) {
        checkNotWorkingDirectory(t);
        checkAncestors(t);
        checkNotReadOnly(t);
    }

    /** The absolute, normalised target; a symbolic link to a directory stands for that directory. */
    static Path resolve(Path target) {
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

    /**
     * The directory the command runs in, or one holding it: even empty, replacing it would leave the user's shell
     * in a deleted directory ({@code -o .} in an empty folder did that).
     */
    private static void checkNotWorkingDirectory(Path t) {
        Path here = Path.of("").toAbsolutePath().normalize();
        Path real = here;
        try {
            real = here.toRealPath();
        } catch (IOException e) {
            // the working directory is gone or unreadable: nothing to protect here
        }
        if (here.startsWith(t) || real.startsWith(t)) {
            throw new InputFormatException(t + (here.equals(t) || real.equals(t) ? " is" : " holds")
                    + " the current directory; give an output directory below it (e.g. -o results/NAME)");
        }
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
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(dir);
            return !p.contains(PosixFilePermission.OWNER_WRITE)
                    && !p.contains(PosixFilePermission.GROUP_WRITE)
                    && !p.contains(PosixFilePermission.OTHERS_WRITE);
        } catch (UnsupportedOperationException | IOException e) {
            return !Files.isWritable(dir);
        }
    }

    static void checkReplaceable(Path t, boolean force) {
        checkReplaceable(t, force, false);
    }

    private static void checkReplaceable(Path t, boolean force, boolean contentAhead) {
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
        if (!names.contains(OutputDirectory.MANIFEST)) {
            throw new InputFormatException(
                    t + " is not empty and has no " + OutputDirectory.MANIFEST + " manifest, so metasched did"
                            + " not write it; it is never replaced: give a new or empty output directory");
        }
        // the manifest's change time before its content: a manifest written again in between only makes the
        // files look newer than it, and so read
        FileTime manifestChanged = OutputManifest.changeTime(t.resolve(OutputDirectory.MANIFEST));
        Map<String, String> listed = OutputManifest.read(t);
        TreeSet<String> files = new TreeSet<>(names);
        files.remove(OutputDirectory.MANIFEST);
        Map<String, String> toRead = new HashMap<>();
        for (String name : files) {
            if (!listed.containsKey(name) || !Files.isRegularFile(t.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                throw foreign(t, name);
            }
            if (!OutputManifest.unchangedSince(t.resolve(name), manifestChanged)) {
                toRead.put(name, listed.get(name));
            }
        }
        if (contentAhead) {
            if (!force) { // with force a changed file is replaced anyway: nothing to read
                OutputManifest.verifyAhead(t, toRead);
            }
            return;
        }
        String changed = null;
        for (String name : files) {
            String hash = listed.get(name);
            if (hash.isEmpty()
                    || (toRead.containsKey(name) && !hash.equals(OutputManifest.currentHash(t.resolve(name), hash)))) {
                changed = name;
                break;
            }
        }
        if (changed != null && !force) {
            throw new InputFormatException(
                    listed.get(changed).isEmpty()
                            ? t
                                    + " was written by an earlier metasched whose manifest has no content hashes,"
                                    + " so a change to its files cannot be told; give --force to replace it anyway,"
                                    + " or another output directory"
                            : t + ": '" + changed
                                    + "' was changed since metasched wrote it; give --force to replace the"
                                    + " directory anyway, or another output directory");
        }
    }

    private static InputFormatException foreign(Path t, String name) {
        return new InputFormatException(t + " holds '" + name + "', which metasched did not write there;"
                + " refusing to replace it (give a new or empty output directory, or move '" + name + "' out)");
    }
}
