package org.metasched.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.metasched.model.InputFormatException;

/**
 * The content hashes a manifest ({@link OutputManifest}) lists, told apart by their length: XXH64, which metasched
 * writes, and SHA-256, which the manifests of earlier versions hold (from issue 22 until the manifest took XXH64,
 * 2026-11-28); such a directory is still checked, and replaced, without {@code --force}.
 */
enum ManifestHash {
    /** {@link Xxh64}: 16 hexadecimal digits, the form {@code xxhsum} prints. */
    XXH64(16),
    /** {@link Sha256}: 64 hexadecimal digits, the form {@code sha256sum} prints. */
    SHA256(64);

    /** Hexadecimal digits of a hash. */
    final int digits;

    ManifestHash(int digits) {
        this.digits = digits;
    }

    /** The hash a manifest lists as {@code hex} (SHA-256 for 64 digits, else XXH64). */
    static ManifestHash of(String hex) {
        return hex.length() == SHA256.digits ? SHA256 : XXH64;
    }

    /** The hash of the file's content in lower-case hexadecimal. */
    String of(Path file) {
        Xxh64 xxh = this == XXH64 ? new Xxh64() : null;
        Sha256 sha = xxh == null ? new Sha256() : null;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            for (int r; (r = in.read(buffer)) > 0; ) {
                if (xxh != null) {
                    xxh.update(buffer, 0, r);
                } else {
                    sha.update(buffer, 0, r);
                }
            }
        } catch (IOException e) {
            throw new InputFormatException("cannot read " + file + ": " + IoErrors.reason(e), e);
        }
        return xxh != null ? xxh.hex() : sha.hex();
    }
}
