package org.metasched.service;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.metasched.io.IoErrors;
import org.metasched.io.TreeReader;
import org.metasched.model.InputFormatException;
import org.metasched.service.ServiceConfig.Role;
import org.metasched.service.ServiceConfig.Token;

/** The tokens of the configuration file: read and checked, and a first configuration file written with new ones. */
final class ServiceTokens {
    /** The shortest token accepted: a short one is guessed quickly by anyone who can reach the port. */
    static final int MIN_TOKEN_LENGTH = 16;

    private ServiceTokens() {}

    static List<Token> parse(TreeReader list) {
        List<Token> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Set<String> secrets = new HashSet<>();
        for (TreeReader t : list.elements()) {
            t.onlyFields("name", "role", "nodes", "token", "account");
            String name = t.string("name", null);
            if (name == null || name.isBlank()) {
                throw t.error("has no name, expected the owner's, user's or operator's name");
            }
            if (!names.add(name)) {
                throw t.child("name").error("repeats the name '" + name + "', names must be unique");
            }
            String roleText = t.string("role", null);
            Role role = null;
            for (Role r : Role.values()) {
                if (r.shortName().equalsIgnoreCase(roleText == null ? "" : roleText)) {
                    role = r;
                }
            }
            if (role == null) {
                throw t.child("role", "owner, user or operator")
                        .error("is '" + roleText + "', expected owner, user or operator");
            }
            String secret = t.string("token", null);
            if (secret == null || secret.isBlank() || !secret.strip().equals(secret) || secret.contains(" ")) {
                throw new InputFormatException(t.file() + ": " + t.path() + ".token is missing or has blanks"
                        + ", expected the bearer token (a word without spaces)");
            }
            if (secret.length() < MIN_TOKEN_LENGTH) {
                throw new InputFormatException(t.file() + ": " + t.path() + ".token is " + secret.length()
                        + " characters, expected at least " + MIN_TOKEN_LENGTH
                        + " (a long random word: the tokens written on first start have 32)");
            }
            if (!secrets.add(secret)) {
                throw new InputFormatException(
                        t.file() + ": " + t.path() + ".token is the token of another entry; tokens must be unique");
            }
            List<String> nodes = new ArrayList<>();
            if (t.has("nodes")) {
                if (role != Role.OWNER) {
                    throw t.child("nodes").error("applies to owners only");
                }
                for (TreeReader n : t.child("nodes").elements()) {
                    nodes.add(n.asScalarText());
                }
            } else if (role == Role.OWNER) {
                throw t.child("nodes", "the owner's node ids (or prefixes ending in *)")
                        .error("is missing");
            }
            String account = t.string("account", name).strip();
            if (account.isEmpty() || account.startsWith("@") || account.length() > 200) {
                throw t.child("account")
                        .error("is '" + account
                                + "', expected an account name (1-200 characters, not starting with @)");
            }
            out.add(new Token(name, role, List.copyOf(nodes), secret, account));
        }
        return List.copyOf(out);
    }

    /**
     * Writes a configuration file with a new random token for an operator, an owner of every node and a user,
     * unless {@code file} exists; returns whether it wrote one. Written whole or not at all (a temporary file renamed).
     */
    static boolean writeDefault(Path file) {
        if (Files.exists(file)) {
            return false;
        }
        SecureRandom random = new SecureRandom();
        StringBuilder s = new StringBuilder();
        s.append("# metasched serve: written on first start with new random tokens; edit freely (docs/service.md).\n");
        s.append("# Every setting may be overridden by a METASCHED_* environment variable"
                + " (METASCHED_CYCLE_PERIOD=60)\n");
        s.append("# or by the command's options (--port, --bind, --db, --clock).\n");
        s.append("cycle-period: 0      # service seconds between automatic cycles; 0: only on POST /v1/cycles\n");
        s.append("horizon: 600         # how far ahead of a cycle its slots reach\n");
        s.append("scheme: css          # css, slicer, bsf or backfill (metasched batch --scheme)\n");
        s.append("problem: min-time    # the VO's problem (metasched batch --problem)\n");
        s.append("max-cycles: 5        # a job without a window after this many cycles fails\n");
        s.append("tokens:\n");
        for (String[] t :
                new String[][] {{"operator", "operator", null}, {"owner", "owner", "\"*\""}, {"user", "user", null}}) {
            byte[] b = new byte[16];
            random.nextBytes(b);
            s.append("  - name: ").append(t[0]).append('\n');
            s.append("    role: ").append(t[1]).append('\n');
            if (t[2] != null) {
                s.append("    nodes: [").append(t[2]).append("]   # node ids or prefixes ending in *\n");
            }
            s.append("    token: ").append(HexFormat.of().formatHex(b)).append('\n');
        }
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, ".service", ".yaml.tmp");
            try {
                Files.writeString(tmp, s.toString(), StandardCharsets.UTF_8);
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new InputFormatException(file + ": cannot write the configuration file: " + IoErrors.reason(e), e);
        }
        return true;
    }
}
