package org.metasched.service;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssDynamicProgramme;
import org.metasched.batch.CssProblem;
import org.metasched.io.TreeReader;
import org.metasched.model.Geometry;
import org.metasched.model.InputFormatException;
import org.metasched.service.ServiceConfig.ClockMode;
import org.metasched.service.ServiceConfig.Token;

/**
 * The settings table of {@link ServiceConfig}: each setting's name, default and help, read from defaults, then the
 * configuration file, then {@code METASCHED_*} environment variables, then the command's options; every value checked
 * once, here, its error naming where it came from.
 */
final class ServiceSettings {
    private ServiceSettings() {}

    /** One setting: its name in the file, its environment variable and option, its default and its check. */
    private record Key(String name, String fallback, String help) {
        String env() {
            return "METASCHED_" + name.toUpperCase(Locale.ROOT).replace('-', '_');
        }
    }

    private static final List<Key> KEYS = List.of(
            new Key("bind", "127.0.0.1", "address to listen on"),
            new Key("port", "8080", "TCP port (0: any free one)"),
            new Key("db", ServiceConfig.DEFAULT_DB.toString(), "database: a SQLite file or a JDBC URL"),
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

    static final Set<String> SECRET_KEYS = Set.of("db-password");

    /** The settings' names, in the order serve lists them. */
    static List<String> names() {
        return KEYS.stream().map(Key::name).toList();
    }

    /**
     * Reads the settings.
     *
     * @param file the configuration file, or null for none
     * @param env the environment ({@code METASCHED_*} variables override the file)
     * @param options the command's options by setting name (override everything)
     */
    static ServiceConfig load(Path file, Map<String, String> env, Map<String, String> options) {
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
            for (String name : root.fieldNames()) { // with its line, as a bad value's error has
                if (!allowed.contains(name)) {
                    throw new InputFormatException(inFile(file, name) + ": not a setting, expected one of "
                            + String.join(", ", new java.util.TreeSet<>(allowed)));
                }
            }
            root.onlyFields(allowed.toArray(new String[0]));
            for (Key k : KEYS) {
                if (root.has(k.name())) {
                    values.put(k.name(), root.child(k.name()).asScalarText());
                    sources.put(k.name(), "file");
                }
            }
            tokens = root.has("tokens") ? ServiceTokens.parse(root.child("tokens")) : List.of();
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
        return build(values, sources, tokens, k -> inFile(file, k));
    }

    /**
     * Where setting {@code key} of {@code file} is, as errors name it: {@code service.yaml:3: horizon} (the line of
     * the first line that starts with the key, YAML or JSON), or {@code service.yaml: horizon} when no line does.
     */
    static String inFile(Path file, String key) {
        java.util.regex.Pattern p =
                java.util.regex.Pattern.compile("^\\s*[\"']?" + java.util.regex.Pattern.quote(key) + "[\"']?\\s*:.*");
        try {
            List<String> lines = java.nio.file.Files.readAllLines(file, java.nio.charset.StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (p.matcher(lines.get(i)).matches()) {
                    return file + ":" + (i + 1) + ": " + org.metasched.io.Text.shown(key, 60);
                }
            }
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            // read a moment ago by TreeReader; without its lines the error names the file alone
        }
        return file + ": " + org.metasched.io.Text.shown(key, 60);
    }

    private static ServiceConfig build(
            Map<String, String> v, Map<String, String> src, List<Token> tokens, Function<String, String> fileKey) {
        Function<String, String> where = k -> src.get(k).equals("file") ? fileKey.apply(k) : src.get(k);
        int port = (int) whole(v, "port", where, 0, 65535);
        String db = v.get("db");
        if (db.isBlank()) {
            throw new InputFormatException(where.apply("db") + ": is empty, expected a SQLite file or a JDBC URL");
        }
        if (!db.startsWith("jdbc:")) {
            db = "jdbc:sqlite:" + db;
        } else if (!db.startsWith("jdbc:sqlite:") && !db.startsWith("jdbc:postgresql:")) {
            throw new InputFormatException(where.apply("db") + ": '" + ServiceConfig.mask(db)
                    + "' is neither a SQLite file nor a jdbc:sqlite: or jdbc:postgresql: URL");
        }
        ClockMode clock = parse(ClockMode.class, v, "clock", where);
        double period = real(v, "cycle-period", where, 0);
        double horizon = real(v, "horizon", where, Double.MIN_NORMAL);
        if (NumberLimits.pastAsWritten(v.get("horizon"), NumberLimits.LONGEST_HORIZON)) {
            // as written: 9007199254740993 reads as 2^53
            throw new InputFormatException(
                    where.apply("horizon") + ": " + v.get("horizon").strip()
                            + ", expected at most " + Metascheduler.num(NumberLimits.LONGEST_HORIZON)
                            + " (2^53, the clock's own range: a cycle at time t reaches t + horizon)");
        }
        Geometry geometry;
        try {
            geometry = Geometry.parse(v.get("geometry"));
        } catch (IllegalArgumentException e) {
            throw new InputFormatException(
                    where.apply("geometry") + ": '" + v.get("geometry") + "', expected rough or common");
        }
        BatchScheduler.Scheme scheme = BatchScheduler.Scheme.REGISTRY.byName(v.get("scheme"), where.apply("scheme"));
        CssProblem problem = CssProblem.REGISTRY.byName(v.get("problem"), where.apply("problem"));
        CssProblem.Time time = CssProblem.Time.REGISTRY.byName(v.get("time"), where.apply("time"));
        int subBatches = (int) whole(v, "sub-batches", where, 1, 1_000_000);
        int cssJobs = v.get("css-jobs").equalsIgnoreCase("half") ? -1 : (int) whole(v, "css-jobs", where, 0, 1_000_000);
        double quantum = v.get("quantum").strip().equalsIgnoreCase("data")
                ? CssDynamicProgramme.DATA_QUANTUM // as batch: exact for cents, grown to fit the table's size cap
                : real(v, "quantum", where, Double.MIN_NORMAL);
        int maxCycles = (int) whole(v, "max-cycles", where, 1, 1_000_000);
        int batchSize = (int) whole(v, "batch-size", where, 1, 100_000);
        String bf = v.get("backfilling").toLowerCase(Locale.ROOT);
        boolean backfilling = switch (bf) {
            case "on", "true", "yes" -> true;
            case "off", "false", "no" -> false;
            case "auto" -> scheme == BatchScheduler.Scheme.BACKFILL;
            default ->
                throw new InputFormatException(
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
                real(v, "quote-ttl", where, Double.MIN_NORMAL),
                duration(v, "event-retention", where),
                tokens,
                Map.copyOf(src));
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
        String small = min == Double.MIN_NORMAL ? NumberLimits.subnormal(d, "at least") : null;
        if (small != null) {
            throw new InputFormatException(where.apply(k) + ": " + small);
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
}
