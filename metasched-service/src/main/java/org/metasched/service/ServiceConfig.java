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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssDynamicProgramme;
import org.metasched.batch.CssProblem;
import org.metasched.io.IoErrors;
import org.metasched.io.TreeReader;
import org.metasched.model.Geometry;
import org.metasched.model.InputFormatException;

/**
 * The service's settings: defaults, then the configuration file (YAML or JSON), then {@code METASCHED_*} environment
 * variables, then the command's options; every value checked once, here. {@link #describe()} prints them with the
 * secrets masked. The tokens (who may do what) come from the file only.
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

    /** One setting: its name in the file, its environment variable and option, its default and its check. */
    private record Key(String name, String fallback, String help) {
        String env() {
            return "METASCHED_" + name.toUpperCase(Locale.ROOT).replace('-', '_');
        }
    }

    private static final List<Key> KEYS = List.of(
            new Key("bind", "127.0.0.1", "address to listen on"),
            new Key("port", "8080", "TCP port (0: any free one)"),
            new Key("db", DEFAULT_DB.toString(), "database: a SQLite file or a JDBC URL"),
            new Key("db-user", "", "database user (PostgreSQL)"),
            new Key("db-password", "", "database password (PostgreSQL)"),
            new Key("clock", "wall", "wall or manual"),
            new Key("cycle-period", "0", "service time between automatic cycles; 0: only on POST /v1/cycles"),
            new Key("horizon", "600", "how far ahead of a cycle its slots reach"),
            new Key("geometry", "rough", "rough (P002) or common"),
            new Key("scheme", "css", "css, slicer, bsf or backfill"),
            new Key("problem", "min-time", "min-time, max-cost, min-cost or max-time"),
            new Key("time", "processor-time", "processor-time or runtime"),
            new Key("sub-batches", "1", "slicer and bsf: sub-batches"),
            new Key("css-jobs", "half", "bsf: jobs planned by the slicer (half: half the batch)"),
            new Key(
                    "quantum",
                    "data",
                    "the DP's expense quantum: data (the data's own, as metasched batch) or a number > 0"),
            new Key("max-cycles", "5", "a job without a window after this many cycles fails"),
            new Key("batch-size", "200", "the most waiting jobs one cycle plans"),
            new Key(
                    "backfilling",
                    "auto",
                    "move reservations earlier when time is freed: on, off, auto (on for" + " backfill)"),
            new Key(
                    "drop-unplaceable",
                    "on",
                    "a job without any window waits and the others are planned without"
                            + " it (on), or the whole batch waits as in P002 (off)"),
            new Key("grace-period", "10", "seconds SIGTERM waits for a running cycle and open requests"),
            new Key("sqlite-sync", "normal", "SQLite synchronous mode: normal or full"),
            new Key("quote-ttl", "60", "how long (service time) a quote may be accepted"),
            new Key(
                    "event-retention",
                    "7d",
                    "how long events are kept for clients resuming the event stream: service time, or a number"
                            + " with s, m, h or d"));

    private static final Set<String> SECRET_KEYS = Set.of("db-password");

    /**
     * Reads the settings.
     *
     * @param file the configuration file, or null for none
     * @param env the environment ({@code METASCHED_*} variables override the file)
     * @param options the command's options by setting name (override everything)
     */
    public static ServiceConfig load(Path file, Map<String, String> env, Map<String, String> options) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        for (Key k : KEYS) {
            values.put(k.name(), k.fallback());
            sources.put(k.name(), "default");
        }
        List<Token> tokens = List.of();
        if (file != null) {
            TreeReader root = TreeReader.open(file);
            List<String> allowed = new ArrayList<>();
            KEYS.forEach(k -> allowed.add(k.name()));
            allowed.add("tokens");
            root.onlyFields(allowed.toArray(new String[0]));
            for (Key k : KEYS) {
                if (root.has(k.name())) {
                    values.put(k.name(), root.child(k.name()).asScalarText());
                    sources.put(k.name(), "file");
                }
            }
            tokens = root.has("tokens") ? tokens(root.child("tokens")) : List.of();
        }
        for (Key k : KEYS) {
            String v = env.get(k.env());
            if (v != null && !v.isBlank()) {
                values.put(k.name(), v.strip());
                sources.put(k.name(), k.env());
            }
        }
        for (Map.Entry<String, String> o : options.entrySet()) {
            if (KEYS.stream().noneMatch(k -> k.name().equals(o.getKey()))) {
                throw new IllegalArgumentException("no setting " + o.getKey());
            }
            if (o.getValue() != null) {
                values.put(o.getKey(), o.getValue());
                sources.put(o.getKey(), "--" + o.getKey());
            }
        }
        return build(values, sources, tokens);
    }

    private static ServiceConfig build(Map<String, String> v, Map<String, String> src, List<Token> tokens) {
        Function<String, String> where = k -> src.get(k).equals("file") ? "configuration file: " + k : src.get(k);
        int port = (int) whole(v, "port", where, 0, 65535);
        String db = v.get("db");
        if (db.isBlank()) {
            throw new InputFormatException(where.apply("db") + ": is empty, expected a SQLite file or a JDBC URL");
        }
        if (!db.startsWith("jdbc:")) {
            db = "jdbc:sqlite:" + db;
        } else if (!db.startsWith("jdbc:sqlite:") && !db.startsWith("jdbc:postgresql:")) {
            throw new InputFormatException(where.apply("db") + ": '" + mask(db)
                    + "' is neither a SQLite file nor a jdbc:sqlite: or jdbc:postgresql: URL");
        }
        ClockMode clock = parse(ClockMode.class, v, "clock", where);
        double period = real(v, "cycle-period", where, 0);
        double horizon = real(v, "horizon", where, Double.MIN_VALUE);
        Geometry geometry;
        try {
            geometry = Geometry.parse(v.get("geometry"));
        } catch (IllegalArgumentException e) {
            throw new InputFormatException(
                    where.apply("geometry") + ": '" + v.get("geometry") + "', expected rough or common");
        }
        BatchScheduler.Scheme scheme = BatchScheduler.Scheme.parse(v.get("scheme"), where.apply("scheme"));
        CssProblem problem = CssProblem.parse(v.get("problem"), where.apply("problem"));
        CssProblem.Time time = CssProblem.Time.parse(v.get("time"), where.apply("time"));
        int subBatches = (int) whole(v, "sub-batches", where, 1, 1_000_000);
        int cssJobs = v.get("css-jobs").equalsIgnoreCase("half") ? -1 : (int) whole(v, "css-jobs", where, 0, 1_000_000);
        double quantum = v.get("quantum").strip().equalsIgnoreCase("data")
                ? CssDynamicProgramme.DATA_QUANTUM // as batch: exact for cents, grown to fit the table's size cap
                : real(v, "quantum", where, Double.MIN_VALUE);
        int maxCycles = (int) whole(v, "max-cycles", where, 1, 1_000_000);
        int batchSize = (int) whole(v, "batch-size", where, 1, 100_000);
        String bf = v.get("backfilling").toLowerCase(Locale.ROOT);
        boolean backfilling =
                switch (bf) {
                    case "on", "true", "yes" -> true;
                    case "off", "false", "no" -> false;
                    case "auto" -> scheme == BatchScheduler.Scheme.BACKFILL;
                    default -> throw new InputFormatException(
                            where.apply("backfilling") + ": '" + v.get("backfilling") + "', expected on, off or auto");
                };
        boolean drop = onOff(v, "drop-unplaceable", where);
        double grace = real(v, "grace-period", where, 0);
        String sync = v.get("sqlite-sync").toLowerCase(Locale.ROOT);
        if (!sync.equals("normal") && !sync.equals("full")) {
            throw new InputFormatException(
                    where.apply("sqlite-sync") + ": '" + v.get("sqlite-sync") + "', expected normal or full");
        }
        String bind = v.get("bind").strip();
        if (bind.isEmpty()) {
            throw new InputFormatException(where.apply("bind") + ": is empty, expected an address such as 127.0.0.1");
        }
        return new ServiceConfig(
                bind,
                port,
                db,
                v.get("db-user"),
                v.get("db-password"),
                clock,
                period,
                horizon,
                geometry,
                scheme,
                problem,
                time,
                subBatches,
                cssJobs,
                quantum,
                maxCycles,
                batchSize,
                backfilling,
                drop,
                grace,
                sync,
                real(v, "quote-ttl", where, Double.MIN_VALUE),
                duration(v, "event-retention", where),
                tokens,
                Map.copyOf(src));
    }

    private static List<Token> tokens(TreeReader list) {
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
        shown.put("scheme", scheme.shortName());
        shown.put("problem", problem.shortName());
        shown.put("time", time.shortName());
        shown.put("sub-batches", Integer.toString(subBatches));
        shown.put("css-jobs", cssJobs < 0 ? "half" : Integer.toString(cssJobs));
        shown.put("quantum", quantum == CssDynamicProgramme.DATA_QUANTUM ? "data" : number(quantum));
        shown.put("max-cycles", Integer.toString(maxCycles));
        shown.put("batch-size", Integer.toString(batchSize));
        shown.put("backfilling", backfilling ? "on" : "off");
        shown.put("drop-unplaceable", dropUnplaceable ? "on" : "off");
        shown.put("grace-period", number(gracePeriodSeconds) + " s");
        shown.put("sqlite-sync", sqliteSync);
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
        for (String s : SECRET_KEYS) {
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
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    private static boolean onOff(Map<String, String> v, String k, Function<String, String> where) {
        return switch (v.get(k).strip().toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes" -> true;
            case "off", "false", "no" -> false;
            default -> throw new InputFormatException(where.apply(k) + ": '" + v.get(k) + "', expected on or off");
        };
    }

    private static double real(Map<String, String> v, String k, Function<String, String> where, double min) {
        String s = v.get(k);
        double d;
        try {
            d = Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            throw new InputFormatException(where.apply(k) + ": '" + s + "' is not a number");
        }
        if (!Double.isFinite(d) || d < min) {
            throw new InputFormatException(
                    where.apply(k) + ": " + s + ", expected a finite number " + (min == 0 ? ">= 0" : "> 0"));
        }
        return d;
    }

    /**
     * A duration > 0 in service time units: a number, or a number followed by {@code s}, {@code m}, {@code h} or
     * {@code d} (1, 60, 3600 or 86400 units: seconds under the wall clock).
     */
    private static double duration(Map<String, String> v, String k, Function<String, String> where) {
        String s = v.get(k).strip().toLowerCase(Locale.ROOT);
        double unit = 1;
        if (!s.isEmpty()) {
            switch (s.charAt(s.length() - 1)) {
                case 's' -> unit = 1;
                case 'm' -> unit = 60;
                case 'h' -> unit = 3600;
                case 'd' -> unit = 86_400;
                default -> unit = 0;
            }
        }
        String n = unit == 0 ? s : s.substring(0, s.length() - 1).strip();
        double d;
        try {
            d = Double.parseDouble(n) * (unit == 0 ? 1 : unit);
        } catch (NumberFormatException e) {
            d = Double.NaN;
        }
        if (!Double.isFinite(d) || d <= 0 || n.isEmpty() || !Character.isDigit(n.charAt(n.length() - 1))) {
            throw new InputFormatException(where.apply(k) + ": '" + v.get(k)
                    + "', expected a duration > 0: service time units (seconds under the wall clock), or a number"
                    + " followed by s, m, h or d (7d, 12h)");
        }
        return d;
    }

    private static long whole(Map<String, String> v, String k, Function<String, String> where, long min, long max) {
        String s = v.get(k).strip();
        long d;
        try {
            d = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new InputFormatException(where.apply(k) + ": '" + s + "' is not a whole number");
        }
        if (d < min || d > max) {
            throw new InputFormatException(where.apply(k) + ": " + s + ", expected " + min + " to " + max);
        }
        return d;
    }

    private static <E extends Enum<E>> E parse(
            Class<E> type, Map<String, String> v, String k, Function<String, String> where) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(v.get(k).strip())) {
                return e;
            }
        }
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(e.name().toLowerCase(Locale.ROOT));
        }
        throw new InputFormatException(where.apply(k) + ": '" + v.get(k) + "', expected " + String.join(" or ", names));
    }

    /**
     * Writes a configuration file with a new random token for an operator, an owner of every node and a user,
     * unless {@code file} exists; returns whether it wrote one. Written whole or not at all (a temporary file renamed).
     */
    public static boolean writeDefault(Path file) {
        if (Files.exists(file)) {
            return false;
        }
        SecureRandom random = new SecureRandom();
        StringBuilder s = new StringBuilder();
        s.append("# metasched serve: written on first start with new random tokens; edit freely (docs/service.md).\n");
        s.append(
                "# Every setting may be overridden by a METASCHED_* environment variable (METASCHED_CYCLE_PERIOD=60)\n");
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
