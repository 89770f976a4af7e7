package org.metasched.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.metasched.model.InputFormatException;

/**
 * The manifest {@value OutputDirectory#MANIFEST} in every directory metasched writes: a header line, then the XXH64
 * and name of each file (the form {@code xxhsum} prints). Manifests of earlier versions hold SHA-256 ({@link
 * ManifestHash}), still checked as such, or the names alone, still read, with empty hashes.
 */
final class OutputManifest {
    private static final String MANIFEST_HEADER = "# written by metasched; the next run that writes here replaces this"
            + " directory as a whole unless a file below was changed (docs/outputs.md). XXH64 and name of each file:";

    /** The header of the manifests written while they held SHA-256 (from issue 22 until 2026-11-28). */
    private static final String SHA256_HEADER = "# written by metasched; the next run that writes here replaces this"
            + " directory as a whole unless a file below was changed (docs/outputs.md). SHA-256 and name of each file:";

    /** The header of the manifests written before they held content hashes. */
    private static final String NAMES_ONLY_HEADER =
            "# written by metasched; the next run that writes here replaces this directory as a whole."
                    + " Files listed below:";

    /** The directories whose files {@link #verifyAhead} hashes, with what their manifests list. */
    private static final Map<Path, Ahead> AHEAD_DIRS = new ConcurrentHashMap<>();

    /** The hashes {@link #verifyAhead} is computing or will compute, by file. */
    private static final Map<Path, BackgroundTask<String>> AHEAD = new ConcurrentHashMap<>();

    /** The hashes {@link #currentHash} computed in this run, by file. */
    private static final Map<Path, Verified> VERIFIED = new ConcurrentHashMap<>();

    /**
     * A file modified less than this before its hash was computed is hashed again each time: a change made within
     * the file system's timestamp granularity of the time read could keep its time and size (git's "racily clean").
     * For a file whose time is in whole seconds, as a coarse file system keeps it (FAT: 2 s, HFS+ and some NFS
     * servers: 1 s).
     */
    private static final long RACY_MILLIS = 2_000;

    /**
     * The same for a file whose time has a fraction of a second: its file system keeps fine times (ext4, XFS, Btrfs,
     * tmpfs), set from the kernel's clock, which advances at least every 10 ms.
     */
    private static final long FINE_RACY_MILLIS = 100;

    private OutputManifest() {}

    /**
     * The manifest's files with their hashes (XXH64, or SHA-256 in a manifest of an earlier version: {@link
     * ManifestHash}; empty for a manifest written before hashes were).
     */
    static Map<String, String> read(Path dir) {
        Path m = dir.resolve(OutputDirectory.MANIFEST);
        try {
            if (!Files.isRegularFile(m, LinkOption.NOFOLLOW_LINKS) || Files.size(m) > 1 << 20) {
                throw new InputFormatException(m + " is not a metasched manifest; refusing to replace " + dir);
            }
            List<String> lines = Files.readAllLines(m, StandardCharsets.UTF_8);
            String header = lines.isEmpty() ? "" : lines.get(0);
            boolean hashed = header.equals(MANIFEST_HEADER) || header.equals(SHA256_HEADER);
            int digits = (header.equals(SHA256_HEADER) ? ManifestHash.SHA256 : ManifestHash.XXH64).digits;
            if (!hashed && !header.equals(NAMES_ONLY_HEADER)) {
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
                if (gap != digits) {
                    throw new InputFormatException(m + " is not a metasched manifest; refusing to replace " + dir);
                }
                files.put(line.substring(gap + 2), line.substring(0, gap));
            }
            return files;
        } catch (IOException | UncheckedIOException e) {
            throw new InputFormatException("cannot read " + m + ": " + e.getMessage(), e);
        }
    }

    /** A file's hash computed as it was written ({@link HashedOutputStream}), valid while it has this size and time. */
    record Hashed(String hash, long size, FileTime modified) {}

    static void write(Path dir) throws IOException {
        write(dir, Map.of());
    }

    /**
     * Writes the manifest of {@code dir}, taking the hashes in {@code known} of the files that did not change since.
     */
    static void write(Path dir, Map<String, Hashed> known) throws IOException {
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
            Path f = dir.resolve(n);
            Hashed h = known.get(n);
            boolean same = h != null
                    && Files.size(f) == h.size()
                    && Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).equals(h.modified());
            sb.append(same ? h.hash() : ManifestHash.XXH64.of(f))
                    .append("  ")
                    .append(n)
                    .append('\n');
        }
        Files.writeString(dir.resolve(OutputDirectory.MANIFEST), sb, StandardCharsets.UTF_8);
    }

    /**
     * The hash of a file found in a directory about to be replaced, of the kind its manifest lists, {@code listed}
     * ({@link ManifestHash#of(String)}). A command checks its output
     * directory before its work and again before the replacement (the same file two or three times in one run, a
     * file of tens of megabytes for a large trace), so the hash is kept for the rest of the run with the file's
     * identity, size and modification time, and computed again when one of them changed since, or when the file was
     * modified shortly before it was read ({@link #RACY_MILLIS}), or changed while it was read.
     */
    static String currentHash(Path file, String listed) {
        BackgroundTask<String> ahead = AHEAD.remove(file);
        if (ahead != null) {
            ahead.run(); // nothing if the thread ahead has begun it: then wait for it
            try {
                ahead.await(); // its hash is now kept as one of this method's, if it may be
            } catch (Exception e) {
                // read again below, which says what is wrong with the file
            }
        }
        return kept(file, ManifestHash.of(listed));
    }

    /** {@link #currentHash} once nothing is read ahead: the hash kept, or computed now. */
    private static String kept(Path file, ManifestHash kind) {
        BasicFileAttributes before = attributes(file);
        Verified known = before == null ? null : VERIFIED.get(file);
        if (known != null && known.kind() == kind && known.matches(before)) {
            return known.hash();
        }
        long started = System.currentTimeMillis();
        String hash = kind.of(file);
        BasicFileAttributes after = attributes(file);
        if (before != null
                && after != null
                && new Verified(before, kind, hash).matches(after)
                && !racy(before.lastModifiedTime(), started)) {
            VERIFIED.put(file, new Verified(after, kind, hash));
        }
        return hash;
    }

    /**
     * Starts computing, on a daemon thread, {@link #currentHash} of the files {@code names} of {@code dir}, for the
     * next check of the directory to take (it waits for a file still being read): a command whose work is short
     * beside reading its earlier output (simulate's {@code jobs.csv} of a large trace) does not wait for it first.
     */
    static void verifyAhead(Path dir, Map<String, String> listed) {
        Map<Path, BackgroundTask<String>> tasks = new LinkedHashMap<>();
        Map<Path, String> hashes = new HashMap<>();
        List<BackgroundTask<String>> fresh = new ArrayList<>();
        for (String name : new TreeSet<>(listed.keySet())) {
            Path file = dir.resolve(name);
            ManifestHash kind = ManifestHash.of(listed.get(name));
            BackgroundTask<String> task = new BackgroundTask<>() { // not a lambda: see BackgroundTask
                        @Override
                        protected String compute() {
                            return kept(file, kind);
                        }
                    };
            BackgroundTask<String> earlier = AHEAD.putIfAbsent(file, task); // one still pending is reused
            if (earlier == null) {
                fresh.add(task);
            }
            tasks.put(file, earlier == null ? task : earlier);
            hashes.put(file, listed.get(name));
        }
        AHEAD_DIRS.put(dir, new Ahead(tasks, hashes)); // this manifest's, whatever an earlier check left
        if (fresh.isEmpty()) {
            return;
        }
        Thread thread = new Thread(
                new Runnable() {
                    @Override
                    public void run() {
                        for (BackgroundTask<String> t : fresh) {
                            t.run();
                        }
                    }
                },
                "output-check");
        thread.setDaemon(true);
        thread.start();
    }

    /** The files {@link #verifyAhead} was asked to hash in one directory, with the hashes the manifest lists. */
    private record Ahead(Map<Path, BackgroundTask<String>> tasks, Map<Path, String> listed) {}

    /**
     * Whether the hashing ahead of {@code dir} ({@link #verifyAhead}) has already found a file whose content is not
     * the one its manifest lists; without waiting (false while it is still reading).
     */
    static boolean changedAhead(Path dir) {
        Ahead a = AHEAD_DIRS.get(dir);
        if (a == null) {
            return false;
        }
        for (Map.Entry<Path, BackgroundTask<String>> e : a.tasks().entrySet()) {
            BackgroundTask<String> t = e.getValue();
            if (!t.isDone()) {
                continue;
            }
            try {
                if (!t.await().equals(a.listed().get(e.getKey()))) {
                    return true;
                }
            } catch (Exception ex) {
                // unreadable: the check at the write says so
            }
        }
        return false;
    }

    /** Waits until the hashing ahead of {@code dir} has read every file (for tests). */
    static void awaitAhead(Path dir) {
        Ahead a = AHEAD_DIRS.get(dir);
        if (a == null) {
            return;
        }
        for (BackgroundTask<String> t : a.tasks().values()) {
            try {
                t.await();
            } catch (Exception e) {
                // the check that follows reads the file itself and says what is wrong
            }
        }
    }

    /**
     * Whether a file modified at {@code modified} and read from {@code readMillis} on could have been changed again
     * since without a new time ({@link #RACY_MILLIS}, {@link #FINE_RACY_MILLIS}).
     */
    static boolean racy(FileTime modified, long readMillis) {
        long nanos = modified.to(java.util.concurrent.TimeUnit.NANOSECONDS);
        long window = nanos % 1_000_000_000L != 0 ? FINE_RACY_MILLIS : RACY_MILLIS;
        return modified.toMillis() >= readMillis - window;
    }

    /**
     * Whether {@code file} has not changed since the manifest of its directory was written, told without reading it:
     * its status-change time (ctime, which every change of its content, name or attributes sets to the clock's time
     * and which no program can set back) is strictly before the manifest's, {@code manifestChanged}. metasched
     * writes a directory's files before its manifest, so its own files pass unless the last one was closed in the
     * same tick of the file system's clock as the manifest (that one is read); a file changed after the manifest
     * gets a later time. False where the file system keeps no change time (or Java cannot read it), and when {@code
     * manifestChanged} is null: the content is read then. (A system clock set back between the two would defeat
     * this, as it defeats every tool that compares file times: docs/outputs.md.)
     */
    static boolean unchangedSince(Path file, FileTime manifestChanged) {
        FileTime changed = manifestChanged == null ? null : changeTime(file);
        return changed != null && changed.compareTo(manifestChanged) < 0;
    }

    /** The file's status-change time (ctime), not following a symbolic link; null when it cannot be read. */
    static FileTime changeTime(Path file) {
        try {
            return Files.getAttribute(file, "unix:ctime", LinkOption.NOFOLLOW_LINKS) instanceof FileTime t ? t : null;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null; // no such attribute view (not a Unix file system) or the file is gone: read the content
        }
    }

    /** A file's hash with what identified its content when it was computed. */
    private record Verified(Object key, long size, FileTime modified, ManifestHash kind, String hash) {
        Verified(BasicFileAttributes a, ManifestHash kind, String hash) {
            this(a.fileKey(), a.size(), a.lastModifiedTime(), kind, hash);
        }

        boolean matches(BasicFileAttributes a) {
            return a.isRegularFile()
                    && Objects.equals(key, a.fileKey())
                    && size == a.size()
                    && modified.equals(a.lastModifiedTime());
        }
    }

    private static BasicFileAttributes attributes(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return null;
        }
    }
}
