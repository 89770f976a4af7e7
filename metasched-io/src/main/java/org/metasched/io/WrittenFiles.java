package org.metasched.io;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import org.metasched.model.InputFormatException;

/**
 * Whether a file that a command reads back from a directory metasched wrote (a shard that {@code sweep-merge} merges)
 * is still the one written there: its content hash against the one the directory's manifest ({@value
 * OutputDirectory#MANIFEST}) lists. The caller words the refusal, in its own command's terms.
 */
public final class WrittenFiles {
    /** What the manifest says of a file. */
    public enum Check {
        /** Listed with a hash, and the content has that hash. */
        UNCHANGED,
        /** Listed with a hash, and the content has another one: changed since metasched wrote it. */
        CHANGED,
        /** The manifest does not list it (added after metasched wrote the directory). */
        NOT_LISTED,
        /** Listed without a hash: a manifest of an earlier version, written before manifests held hashes. */
        NO_HASH,
        /** The directory has no manifest. */
        NO_MANIFEST,
        /** The manifest is not one metasched writes (another header, a line that is not a hash and a name). */
        NOT_A_MANIFEST
    }

    private WrittenFiles() {}

    /**
     * What the manifest of {@code dir} says of its file {@code name}, the content hashed now (XXH64, or SHA-256 for a
     * manifest of an earlier version that lists SHA-256).
     *
     * @throws InputFormatException if the file cannot be read (naming it and the reason)
     */
    public static Check check(Path dir, String name) {
        if (!Files.exists(dir.resolve(OutputDirectory.MANIFEST), LinkOption.NOFOLLOW_LINKS)) {
            return Check.NO_MANIFEST;
        }
        Map<String, String> listed;
        try {
            listed = OutputManifest.read(dir);
        } catch (InputFormatException e) {
            return Check.NOT_A_MANIFEST;
        }
        String hash = listed.get(name);
        if (hash == null) {
            return Check.NOT_LISTED;
        }
        if (hash.isEmpty()) {
            return Check.NO_HASH;
        }
        return ManifestHash.of(hash).of(dir.resolve(name)).equalsIgnoreCase(hash) ? Check.UNCHANGED : Check.CHANGED;
    }
}
