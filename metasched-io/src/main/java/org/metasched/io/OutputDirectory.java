package org.metasched.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.metasched.model.InputFormatException;

/**
 * The one way metasched writes an output directory: all or nothing, never over anything it did not write, and
 * never over a change a user made to what it wrote.
 *
 * <p>{@link #write} lets the caller fill a fresh hidden sibling directory ({@code .NAME.tmp-PID-N}, created with the
 * process's umask like any other directory), adds the manifest {@value #MANIFEST} that lists what was written with each
 * file's content hash ({@link Xxh64}), and only then puts it in place of {@code NAME} by renaming. If anything fails,
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
 * <p>{@link OutputTargets} holds these checks, {@link OutputManifest} the manifest.
 *
 * <p><b>Interrupted at any moment</b> (Ctrl-C, SIGTERM), the process leaves the previous directory or the new one,
 * complete, and no hidden directory beside it: a shutdown hook deletes the temporary directories of writes under
 * way, and waits for a replacement (two renames and the deletion of the old copy) that has begun to finish.
 */
public final class OutputDirectory {
    /** The manifest file in every directory metasched writes. */
    public static final String MANIFEST = ".metasched-output";

    /** Held while a directory is being replaced, and by the shutdown hook. */
    private static final Object SWAP = new Object();

    /** Temporary directories of the writes under way. */
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

    /** The hashes of files computed as they were written, by temporary directory and file name. */
    private static final Map<Path, Map<String, OutputManifest.Hashed>> HASHED = new ConcurrentHashMap<>();

    /** Targets whose changed files the user allowed to be replaced ({@code --force}). */
    private static final Set<Path> FORCED = ConcurrentHashMap.newKeySet();

    /** Temporary directories made ahead of their write ({@link #stage}), by target. */
    private static final Map<Path, Staged> STAGED = new ConcurrentHashMap<>();

    private static boolean shuttingDown;
    private static boolean hooked;

    /** A staged temporary directory, and the missing ancestors its making created (the nearest last). */
    private record Staged(Path tmp, List<Path> createdParents) {}

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
        Path t = OutputTargets.resolve(target);
        OutputTargets.check(t, force);
        if (force) {
            FORCED.add(t);
        }
    }

    /**
     * {@link #check(Path, boolean)}, except that the content of the files metasched wrote there is read on another
     * thread while the command works: a changed one is refused by the {@link #write} of {@code target}, before
     * anything is replaced, rather than now. For a command whose work is short beside reading its earlier output
     * (simulate on a large trace: its {@code jobs.csv} has tens of megabytes).
     *
     * @throws InputFormatException naming the path and the reason
     */
    public static void checkAhead(Path target, boolean force) {
        Path t = OutputTargets.resolve(target);
        OutputTargets.check(t, force, true);
        if (force) {
            FORCED.add(t);
        }
    }

    /**
     * After {@link #checkAhead}: throws the refusal a changed file of {@code target} gets, if the content read ahead
     * has already shown one, without waiting for the rest (a long command calls it now and then, so as not to work
     * on for nothing). With {@code wait}, waits for the whole reading first and checks the directory as {@link
     * #check(Path, boolean)} does: for a command whose work failed, since the directory's refusal came first when it
     * was checked before the work.
     *
     * @throws InputFormatException naming the path and the reason
     */
    public static void checkAheadResult(Path target, boolean wait) {
        Path t = OutputTargets.resolve(target);
        boolean force = FORCED.contains(t);
        if (wait || (!force && OutputManifest.changedAhead(t))) {
            OutputTargets.check(t, force);
        }
    }

    /**
     * Makes, ahead of the {@link #write} of {@code target}, the hidden sibling it will fill, so that a large file can
     * be written there while it is being computed (and not kept in memory until the end): {@link #write} of the same
     * target then fills this directory, with that file in it, and {@link #unstage} removes it if the work failed. A
     * Ctrl-C removes it as it removes any write under way.
     *
     * @return the directory, or null if it cannot be made now or {@code target} may not be written (nothing is made
     *     then; {@link #write} reports why)
     */
    public static Path stage(Path target) {
        List<Path> created = new ArrayList<>();
        synchronized (SWAP) {
            try {
                Path t = OutputTargets.resolve(target);
                if (shuttingDown || STAGED.containsKey(t)) {
                    return null;
                }
                OutputTargets.checkWay(t); // nothing made where the write would not be allowed (a read-only folder)
                for (Path p = t.getParent();
                        p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS);
                        p = p.getParent()) {
                    created.add(0, p); // missing: made below, so removed by unstage if still empty
                }
                Files.createDirectories(t.getParent());
                hookOnce();
                Path tmp = underWay(t);
                STAGED.put(t, new Staged(tmp, List.copyOf(created)));
                return tmp;
            } catch (IOException | RuntimeException e) {
                deleteEmpty(created);
                return null;
            }
        }
    }

    /**
     * Removes the directory {@link #stage} made for {@code target}, with what was written into it and the empty
     * ancestors it created; nothing if none is staged (none was, or {@link #write} has taken it).
     */
    public static void unstage(Path target) {
        Path t;
        try {
            t = OutputTargets.resolve(target);
        } catch (InputFormatException e) {
            return; // a target that does not resolve had nothing staged
        }
        synchronized (SWAP) {
            Staged s = STAGED.remove(t);
            if (s != null) {
                HASHED.remove(s.tmp());
                deleteOwnTree(s.tmp());
                PENDING.remove(s.tmp());
                deleteEmpty(s.createdParents());
            }
        }
    }

    /**
     * Writes {@code target} as a whole: {@code content} fills a fresh hidden sibling (or the one {@link #stage} made),
     * which replaces {@code target} only when complete.
     *
     * @throws InputFormatException if {@code target} may not be replaced or cannot be written (the message names
     *     the path and the reason, e.g. "Permission denied" or "No space left on device")
     */
    public static void write(Path target, Content content) {
        Path t = OutputTargets.resolve(target);
        boolean force = FORCED.contains(t);
        OutputTargets.check(t, force);
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
                Staged staged = STAGED.remove(t);
                tmp = staged != null && Files.isDirectory(staged.tmp(), LinkOption.NOFOLLOW_LINKS)
                        ? staged.tmp()
                        : underWay(t);
            }
            content.writeInto(tmp);
            OutputManifest.write(tmp, HASHED.remove(tmp));
            synchronized (SWAP) {
                if (shuttingDown) {
                    throw new InputFormatException("interrupted: " + target + " was left as it was");
                }
                // again: something may have appeared there while the content was written
                OutputTargets.checkReplaceable(t, force);
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
                HASHED.remove(tmp);
                deleteOwnTree(tmp);
                PENDING.remove(tmp);
            }
        }
    }

    /**
     * Records the manifest's hash of {@code file}, computed as it was written ({@link HashedOutputStream}), for the
     * manifest of the directory under way that holds it; nothing if it is in none.
     */
    static void hashed(Path file, String hash, long size, FileTime modified) {
        Path dir = file.getParent();
        Map<String, OutputManifest.Hashed> m = dir == null ? null : HASHED.get(dir);
        if (m != null) {
            m.put(file.getFileName().toString(), new OutputManifest.Hashed(hash, size, modified));
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
                        new Runnable() { // not a lambda: docs/performance.md, "No lambdas on simulate's path"
                            @Override
                            public void run() {
                                cleanUpAtExit();
                            }
                        },
                        "metasched-output-cleanup"));
    }

    /** The shutdown hook's work ({@link #hookOnce}). */
    private static void cleanUpAtExit() {
        synchronized (SWAP) {
            shuttingDown = true;
            for (Path tmp : PENDING) {
                // the writing thread may still add a file: delete until nothing is left
                for (int attempt = 0; attempt < 100 && Files.exists(tmp); attempt++) {
                    deleteOwnTree(tmp);
                }
            }
            PENDING.clear();
            for (Staged s : STAGED.values()) {
                deleteEmpty(s.createdParents());
            }
            STAGED.clear();
        }
    }

    /**
     * A new hidden directory next to {@code target}, named after it, this process and a counter. (Not {@code
     * Files.createTempDirectory}: it creates mode 0700, which hides results from the other users of a shared
     * machine, and seeding its SecureRandom costs a noticeable part of a one-second run.)
     */
    private static Path freshSibling(Path target, String infix) throws IOException {
        long pid = Threads.pid();
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

    /**
     * A fresh hidden sibling of {@code t}, registered as a write under way: the shutdown hook deletes it, and the
     * hashes of the files written into it are kept for its manifest. Called holding {@link #SWAP}.
     */
    private static Path underWay(Path t) throws IOException {
        Path tmp = freshSibling(t, ".tmp-");
        PENDING.add(tmp);
        HASHED.put(tmp, new ConcurrentHashMap<>());
        return tmp;
    }

    /**
     * Deletes the directories of {@code dirs} (the nearest last) that this class created, from the last, while empty.
     */
    private static void deleteEmpty(List<Path> dirs) {
        for (int i = dirs.size() - 1; i >= 0; i--) {
            try {
                if (!Files.isDirectory(dirs.get(i), LinkOption.NOFOLLOW_LINKS)) {
                    return;
                }
                Files.delete(dirs.get(i));
            } catch (IOException e) {
                return; // not empty (something else was put there), or gone: left as it is
            }
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
