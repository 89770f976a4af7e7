package org.metasched.service;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssDynamicProgramme;
import org.metasched.batch.CssProblem;
import org.metasched.model.Geometry;
import org.metasched.model.InputFormatException;

/**
 * The service's settings: defaults, then the configuration file (YAML or JSON), then {@code METASCHED_*} environment
 * variables, then the command's options; every value checked once, by {@link ServiceSettings}. {@link #describe()}
 * prints them with the secrets masked. The tokens (who may do what) come from the file only ({@link ServiceTokens}).
 *
 * @param db a JDBC URL ({@code jdbc:sqlite:FILE} or {@code jdbc:postgresql://...})
 * @param cyclePeriod service time between automatic cycles; 0: cycles only on {@code POST /v1/cycles}
 * @param horizon how far ahead of a cycle's time its slots reach
 * @param subBatches the slicer's and BSF's sub-batches (at most the batch size)
 * @param cssJobs BSF's n_CSS (at most the batch size), or -1 for half the batch rounded up
 * @param maxCycles a job still without a window after this many cycles fails
 * @param batchSize the most waiting jobs one cycle plans (the oldest first)
 * @param backfilling whether later reservations move earlier when a job ends early or is cancelled
 * @param dropUnplaceable whether a job without any window waits and the others are planned without it (on), or makes
 *     the cycle infeasible as in P002 (off: under css the whole batch waits)
 * @param gracePeriodSeconds how long SIGTERM waits for a running cycle and open requests
 * @param sqliteSync SQLite's synchronous mode: normal (durable when the process dies) or full (also when the
 *     machine loses power)
 * @param quoteTtl how long after it was made a quote may be accepted (service time)
 * @param eventRetention how long (service time) events are kept for clients that resume the event stream
 */
public record ServiceConfig(
        String bind,
        int port,
        String db,
        String dbUser,
        String dbPassword,
        ClockMode clock,
        double cyclePeriod,
        double horizon,
        Geometry geometry,
        BatchScheduler.Scheme scheme,
        CssProblem problem,
        CssProblem.Time time,
        int subBatches,
        int cssJobs,
        double quantum,
        int maxCycles,
        int batchSize,
        boolean backfilling,
        boolean dropUnplaceable,
        double gracePeriodSeconds,
        String sqliteSync,
        double quoteTtl,
        double eventRetention,
        List<Token> tokens,
        Map<String, String> sources) {

    /** The largest request body accepted (413 above). */
    public static final int MAX_BODY_BYTES = 1 << 20;

    /**
     * The largest request line and headers accepted (431 above): Jetty's default, set here so that the documented
     * limit does not move with a Jetty upgrade.
     */
    public static final int MAX_HEADER_BYTES = 8 << 10;

    /** The configuration file used when {@code --config} is not given; written with new tokens on first start. */
    public static final Path DEFAULT_FILE = Path.of("results", "service.yaml");

    /** The database used when {@code --db} is not given. */
    public static final Path DEFAULT_DB = Path.of("results", "service.db");

    /** How the service's clock runs. */
    public enum ClockMode {
        /** Seconds since the service's epoch (its first start). */
        WALL,
        /** Moved only by {@code POST /v1/clock}. */
        MANUAL
    }

    /** What a token may do. */
    public enum Role {
        /** Publishes and withdraws its own nodes. */
        OWNER,
        /** Submits, sees and cancels its own jobs. */
        USER,
        /** Runs cycles, moves the clock, sees everything. */
        OPERATOR;

        String shortName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A bearer token of the configuration file.
     *
     * @param name who holds it (the owner or user name the service records; never the secret)
     * @param nodes an owner's nodes: ids, or prefixes ending in {@code *}
     * @param account the account it spends from (a user) or earns into (an owner); its name unless the file says
     *     otherwise, and several tokens may share one
     */
    public record Token(String name, Role role, List<String> nodes, String secret, String account) {
        /** Whether this owner may publish or withdraw node {@code id}. */
        public boolean owns(String id) {
            if (role != Role.OWNER) {
                return false;
            }
            for (String p : nodes) {
                if (p.endsWith("*") ? id.startsWith(p.substring(0, p.length() - 1)) : id.equals(p)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return name + " (" + role.shortName() + ")"; // never the secret
        }
    }

    /**
     * Reads the settings ({@link ServiceSettings}).
     *
     * @param file the configuration file, or null for none
     * @param env the environment ({@code METASCHED_*} variables override the file)
     * @param options the command's options by setting name (override everything)
     */
    public static ServiceConfig load(Path file, Map<String, String> env, Map<String, String> options) {
        return ServiceSettings.load(file, env, options);
    }

    /** The settings, one per line, with the database password and every token masked. */
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        Map<String, String> shown = new LinkedHashMap<>();
        shown.put("bind", bind);
        shown.put("port", Integer.toString(port));
        shown.put("db", mask(db));
        shown.put("db-user", dbUser.isEmpty() ? "(none)" : dbUser);
        shown.put("db-password", dbPassword.isEmpty() ? "(none)" : "****");
        shown.put("clock", clock.name().toLowerCase(Locale.ROOT));
        shown.put(
                "cycle-period",
                cyclePeriod == 0 ? "0 (cycles on POST /v1/cycles only)" : number(cyclePeriod) + " (and on POST)");
        shown.put("horizon", number(horizon));
        shown.put("geometry", geometry.name().toLowerCase(Locale.ROOT));
        shown.put("scheme", scheme.name());
        shown.put("problem", problem.name());
        shown.put("time", time.name());
        shown.put("sub-batches", Integer.toString(subBatches));
        shown.put("css-jobs", cssJobs < 0 ? "half" : Integer.toString(cssJobs));
        shown.put("quantum", quantum == CssDynamicProgramme.DATA_QUANTUM ? "data" : number(quantum));
        shown.put("max-cycles", Integer.toString(maxCycles));
        shown.put("batch-size", Integer.toString(batchSize));
        shown.put("backfilling", backfilling ? "on" : "off");
        shown.put("drop-unplaceable", dropUnplaceable ? "on" : "off");
        shown.put("grace-period", number(gracePeriodSeconds) + " s");
        shown.put("sqlite-sync", sqliteSync);
        shown.put("quote-ttl", number(quoteTtl));
        shown.put("event-retention", number(eventRetention));
        for (Map.Entry<String, String> e : shown.entrySet()) {
            String src = sources.getOrDefault(e.getKey(), "default");
            out.add(String.format(
                    Locale.ROOT,
                    "  %-16s %s%s",
                    e.getKey(),
                    e.getValue(),
                    src.equals("default") ? "" : "   [" + src + "]"));
        }
        List<String> t = new ArrayList<>();
        for (Token k : tokens) {
            t.add(k.name() + " (" + k.role().shortName() + (k.role() == Role.OWNER ? " of " + k.nodes() : "")
                    + ", token ****)");
        }
        out.add(String.format(Locale.ROOT, "  %-16s %s", "tokens", t.isEmpty() ? "(none: every call gets 401)" : t));
        for (String s : ServiceSettings.SECRET_KEYS) {
            if (!shown.containsKey(s)) {
                throw new IllegalStateException("secret " + s + " not masked");
            }
        }
        return out;
    }

    /** A JDBC URL with any password in it masked. */
    static String mask(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1****").replaceAll("//([^/@:]+):([^/@]*)@", "//$1:****@");
    }

    private static String number(double d) {
        return Metascheduler.num(d); // 1e308, never 1.0E308
    }

    /**
     * Writes a configuration file with a new random token for an operator, an owner of every node and a user,
     * unless {@code file} exists; returns whether it wrote one ({@link ServiceTokens#writeDefault}).
     */
    public static boolean writeDefault(Path file) {
        return ServiceTokens.writeDefault(file);
    }

    /** The token whose secret is {@code presented}, compared in constant time; null for none. */
    public Token token(String presented) {
        byte[] p = presented.getBytes(StandardCharsets.UTF_8);
        Token found = null;
        for (Token t : tokens) {
            if (java.security.MessageDigest.isEqual(t.secret().getBytes(StandardCharsets.UTF_8), p)) {
                found = t;
            }
        }
        return found;
    }

    /** The account of the owner or user {@code name}: its token's, else the name itself. */
    public String accountOf(String name) {
        for (Token t : tokens) {
            if (t.name().equals(name)) {
                return t.account();
            }
        }
        return name;
    }

    /** Whether some token spends from or earns into {@code account}. */
    public boolean hasAccount(String account) {
        return tokens.stream()
                .anyMatch(t -> t.role() != Role.OPERATOR && t.account().equals(account));
    }

    /** The token of {@code name} in {@code file} (for the client commands' {@code --as NAME}). */
    public static String secretOf(Path file, String name) {
        ServiceConfig c = load(file, Map.of(), Map.of());
        for (Token t : c.tokens()) {
            if (t.name().equals(name)) {
                return t.secret();
            }
        }
        List<String> names = new ArrayList<>();
        c.tokens().forEach(t -> names.add(t.name()));
        throw new InputFormatException(
                "--as " + name + ": " + file + " has no token named '" + name + "'; it has " + names);
    }

    @Override
    public String toString() {
        return String.join("\n", describe()); // never the secrets
    }
}
