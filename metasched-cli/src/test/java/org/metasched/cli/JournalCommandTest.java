package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metasched.service.Journal;
import org.metasched.service.JournalReplay;
import org.metasched.service.JournalReport;
import org.metasched.service.Service;
import org.metasched.service.ServiceConfig;
import org.metasched.service.TestDatabases;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 26 part 3, the plan journal: a random drive of a real service over HTTP (owners publish and change nodes,
 * users submit jobs with random budgets, some too poor or too large, cancel and end jobs early, the manual clock
 * moves), then, with the service stopped, {@code metasched journal replay} with the stored settings reproduces every
 * cycle (objective and every job's window), {@code journal export}'s files re-run with {@code metasched batch} to the
 * stored plan, and a what-if replay writes its report. The database is never written.
 */
class JournalCommandTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String OWNER = "owner-token-0123456789";
    private static final String USER = "user-token-0123456789";
    private static final String OPERATOR = "operator-token-0123456789";

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();
    private String base;

    /** A drive's database and the plan JSON of every cycle as the API returned it. */
    record Drive(String url, List<JsonNode> plans) {
        Path db() {
            return Path.of(url);
        }
    }

    /**
     * bsf with css-jobs 0 backfills every job: its exported files have neither subBatches nor quantum, which metasched
     * batch refuses beside cssJobs 0, and still plan as the cycle did.
     */
    @ParameterizedTest(name = "{0}, sub-batches {1}, quantum {2}, css-jobs {3}, {4} cycles")
    @CsvSource({
        "css, 1, data, half, 50, 11",
        "bsf, 2, 0.5, half, 15, 12",
        "bsf, 2, 0.5, 0, 12, 15",
        "slicer, 3, data, half, 12, 13",
        "backfill, 1, data, half, 12, 14"
    })
    void replayWithTheStoredSettingsReproducesEveryCycle(
            String scheme, int subBatches, String quantum, String cssJobs, int cycles, long seed) throws Exception {
        Drive d = drive(
                scheme,
                subBatches,
                quantum,
                cssJobs,
                cycles,
                seed,
                dir.resolve("service-" + seed + ".db").toString());
        String hash = sha256(d.db());

        CliRunner.Result r = CliRunner.run("journal", "replay", "--db", d.db().toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("same plan (objective and every job's window): " + cycles + " of " + cycles);

        List<Journal.Cycle> stored;
        try (Journal j = Journal.open(d.db().toString(), Map.of())) {
            stored = j.cycles(null, null);
        }
        assertThat(stored).hasSize(cycles);
        JournalReplay.Result replay = JournalReplay.run(stored, JournalReplay.WhatIf.NONE);
        int windows = 0;
        for (int i = 0; i < cycles; i++) {
            JournalReplay.Row row = replay.rows().get(i);
            JsonNode plan = d.plans().get(i);
            assertThat(row.identical()).as("cycle %d", row.n()).isTrue();
            assertThat(row.n()).isEqualTo(plan.get("cycle").asLong());
            JsonNode objective = plan.get("objective");
            if (objective.isNull()) {
                assertThat(row.replanned().objective()).as("cycle %d", row.n()).isNaN();
            } else {
                assertThat(row.replanned().objective()).as("cycle %d", row.n()).isEqualTo(objective.asDouble());
            }
            assertThat(row.difference() == 0 || Double.isNaN(row.stored().objective()))
                    .isTrue();
            // the jobs the service reserved are among the windows the re-planned plan gives
            Set<String> given = new HashSet<>();
            for (JsonNode j : plan.get("jobs")) {
                if (!j.get("chosen").isNull()) {
                    given.add(j.get("id").asString());
                }
            }
            assertThat(row.replanned().windows()).isEqualTo(given.size());
            for (JsonNode id : plan.get("reserved")) {
                assertThat(given).contains(id.asString());
            }
            windows += row.replanned().windows();
        }
        assertThat(windows).as("windows over all cycles").isGreaterThan(cycles);

        // every exported file re-runs with metasched batch to the stored plan
        Path out = dir.resolve("journal");
        CliRunner.Result e = CliRunner.run("journal", "export", "--db", d.db().toString(), "-o", out.toString());
        assertThat(e.exitCode()).as(e.err()).isZero();
        List<String> index = Files.readAllLines(out.resolve("cycles.csv"));
        assertThat(index).hasSize(cycles + 1);
        assertThat(index.get(0)).isEqualTo(String.join(",", Journal.INDEX_COLUMNS.names()));
        for (JsonNode plan : d.plans()) {
            long n = plan.get("cycle").asLong();
            Path file = out.resolve(Journal.fileName(n));
            if (plan.get("jobs").isEmpty()) { // every job left out or dropped: an index row, no file
                assertThat(file).doesNotExist();
                continue;
            }
            JsonNode fields = JSON.readTree(file.toFile());
            if (cssJobs.equals("0")) {
                assertThat(fields.get("cssJobs").asInt()).isZero();
                assertThat(fields.has("subBatches") || fields.has("quantum"))
                        .as("cycle %d: %s", n, fields)
                        .isFalse();
            } else if (!quantum.equals("data")) {
                assertThat(fields.get("quantum").asDouble()).isEqualTo(Double.parseDouble(quantum));
            }
            CliRunner.Result b = CliRunner.run("batch", "-i", file.toString(), "--format", "json");
            assertThat(b.exitCode()).as(b.err()).isZero();
            JsonNode again = JSON.readTree(b.out());
            for (String f : List.of("scheme", "problem", "feasible", "limit", "objective", "jobs")) {
                assertThat(again.get(f)).as("cycle %d, field %s", n, f).isEqualTo(plan.get(f));
            }
        }
        assertThat(sha256(d.db())).as("the database is only read").isEqualTo(hash);
        for (String sqliteFile : List.of("-wal", "-shm")) {
            assertThat(d.db().resolveSibling(d.db().getFileName() + sqliteFile))
                    .as("SQLite's %s file, left by a journal command", sqliteFile)
                    .doesNotExist();
        }
    }

    @Test
    void replayAndExportReadAPostgresqlDatabase() throws Exception {
        Drive d = drive("css", 1, "data", "half", 12, 61, TestDatabases.POSTGRESQL.fresh(dir));
        assertThat(d.url()).startsWith("jdbc:postgresql:");
        CliRunner.Result r = CliRunner.run("journal", "replay", "--db", d.url());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("same plan (objective and every job's window): 12 of 12 cycles");
        Path out = dir.resolve("pg-journal");
        CliRunner.Result e = CliRunner.run("journal", "export", "--db", d.url(), "--from", "4", "-o", out.toString());
        assertThat(e.exitCode()).as(e.err()).isZero();
        assertThat(Files.readAllLines(out.resolve("cycles.csv"))).hasSize(10);
        JsonNode plan = d.plans().get(11);
        CliRunner.Result b =
                CliRunner.run("batch", "-i", out.resolve(Journal.fileName(12)).toString(), "--format", "json");
        assertThat(JSON.readTree(b.out()).get("jobs")).isEqualTo(plan.get("jobs"));
    }

    @Test
    void aWhatIfReplayPlansEachCycleAsTheBatchCommandWouldAndWritesItsReport() throws Exception {
        Drive d = drive("css", 1, "data", 10, 21);
        Path out = dir.resolve("what-if");
        CliRunner.Result r = CliRunner.run(
                "journal",
                "replay",
                "--db",
                d.db().toString(),
                "--scheme",
                "slicer",
                "--sub-batches",
                "2",
                "-o",
                out.toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("replay.csv and report.html written to");
        assertThat(out.resolve("report.html")).isRegularFile();
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("Objective per cycle (min-time): stored css and re-planned slicer");
        List<String> csv = Files.readAllLines(out.resolve("replay.csv"));
        assertThat(csv).hasSize(11);
        assertThat(csv.get(0)).isEqualTo(String.join(",", JournalReport.COLUMNS.names()));
        // each re-planned objective is what metasched batch --scheme slicer --sub-batches 2 gives on the export
        Path exported = dir.resolve("journal");
        assertThat(CliRunner.run("journal", "export", "--db", d.db().toString(), "-o", exported.toString())
                        .exitCode())
                .isZero();
        int col = JournalReport.COLUMNS.names().indexOf("replanned_objective");
        int differing = 0;
        for (int i = 1; i < csv.size(); i++) {
            String[] cells = csv.get(i).split(",", -1);
            assertThat(cells[JournalReport.COLUMNS.names().indexOf("replanned_scheme")])
                    .isEqualTo("slicer");
            long n = Long.parseLong(cells[0]);
            if (cells[2].equals("0")) { // an empty batch (every job left out or dropped): no file, nothing planned
                assertThat(exported.resolve(Journal.fileName(n))).doesNotExist();
                continue;
            }
            CliRunner.Result b = CliRunner.run(
                    "batch",
                    "-i",
                    exported.resolve(Journal.fileName(n)).toString(),
                    "--scheme",
                    "slicer",
                    "--sub-batches",
                    Integer.toString(Math.min(2, Integer.parseInt(cells[2]))),
                    "--format",
                    "json");
            assertThat(b.exitCode()).as(b.err()).isZero();
            JsonNode o = JSON.readTree(b.out()).get("objective");
            assertThat(cells[col]).as("cycle %d", n).isEqualTo(o.isNull() ? "" : JournalReport.num(o.asDouble()));
            differing += cells[JournalReport.COLUMNS.names().indexOf("identical")].equals("false") ? 1 : 0;
        }
        assertThat(differing).as("the slicer plans some cycle differently").isPositive();

        // another problem: objectives are not compared, cost and time are
        CliRunner.Result p = CliRunner.run("journal", "replay", "--db", d.db().toString(), "--problem", "min-cost");
        assertThat(p.exitCode()).as(p.err()).isZero();
        assertThat(p.out()).contains("not compared").contains("n/a");
    }

    /**
     * QA: a cycle whose every waiting job is left out of the batch (here a 2-node job after a node was withdrawn) is
     * recorded with an empty batch; replay reproduces it (any scheme plans nothing of it), export writes its row in
     * cycles.csv without a file (metasched batch refuses a file with no jobs) and says so.
     */
    @Test
    void cyclesWhoseEveryJobWasLeftOutReplayAsTheSameAndExportWithoutAFile() throws Exception {
        Path db = dir.resolve("left-out.db");
        Path config = dir.resolve("left-out.yaml");
        Files.writeString(
                config,
                "clock: manual\nmax-cycles: 3\ntokens:\n"
                        + "  - {name: o, role: owner, nodes: [\"*\"], token: " + OWNER + "}\n"
                        + "  - {name: u, role: user, token: " + USER + "}\n"
                        + "  - {name: op, role: operator, token: " + OPERATOR + "}\n");
        Service service = Service.start(ServiceConfig.load(config, Map.of(), Map.of("port", "0", "db", db.toString())));
        try {
            base = service.url();
            call("PUT", "/v1/nodes/n0", OWNER, "{\"performance\":2,\"price\":1}");
            call("PUT", "/v1/nodes/n1", OWNER, "{\"performance\":2,\"price\":1}");
            String pair = call("POST", "/v1/jobs", USER, "{\"nodes\":2,\"volume\":40,\"budget\":1000}")
                    .get("id")
                    .asString();
            call("DELETE", "/v1/nodes/n1", OWNER, null);
            JsonNode first = call("POST", "/v1/cycles", OPERATOR, "");
            assertThat(first.get("cycle").asLong()).isEqualTo(1);
            assertThat(first.get("jobs")).isEmpty();
            call("POST", "/v1/jobs", USER, "{\"nodes\":1,\"volume\":40,\"budget\":1000}");
            assertThat(call("POST", "/v1/cycles", OPERATOR, "").get("reserved")).hasSize(1);
            JsonNode third = call("POST", "/v1/cycles", OPERATOR, "");
            assertThat(third.get("jobs")).isEmpty();
            assertThat(third.get("failed").get(0).asString()).isEqualTo(pair);
        } finally {
            service.stop();
        }

        CliRunner.Result r = CliRunner.run("journal", "replay", "--db", db.toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("same plan (objective and every job's window): 3 of 3 cycles");
        Path whatIf = dir.resolve("left-out-what-if");
        CliRunner.Result w = CliRunner.run(
                "journal", "replay", "--db", db.toString(), "--scheme", "backfill", "-o", whatIf.toString());
        assertThat(w.exitCode()).as(w.err() + w.out()).isZero();
        assertThat(Files.readAllLines(whatIf.resolve("replay.csv"))).hasSize(4);

        Path out = dir.resolve("left-out-journal");
        CliRunner.Result e = CliRunner.run("journal", "export", "--db", db.toString(), "-o", out.toString());
        assertThat(e.exitCode()).as(e.err()).isZero();
        assertThat(e.out())
                .contains("3 cycles (1 to 3) written to")
                .contains("2 of them planned no job (every waiting job was left out: too-few-nodes or too-small)");
        List<String> index = Files.readAllLines(out.resolve("cycles.csv"));
        assertThat(index).hasSize(4);
        List<String> names = Journal.INDEX_COLUMNS.names();
        for (int n = 1; n <= 3; n++) {
            String[] row = index.get(n).split(",", -1);
            assertThat(row[names.indexOf("jobs")]).isEqualTo(n == 2 ? "1" : "0");
            assertThat(row[names.indexOf("file")]).isEqualTo(n == 2 ? Journal.fileName(2) : "");
            assertThat(out.resolve(Journal.fileName(n)).toFile().exists()).isEqualTo(n == 2);
        }
        CliRunner.Result b =
                CliRunner.run("batch", "-i", out.resolve(Journal.fileName(2)).toString(), "-f", "json");
        assertThat(b.exitCode()).as(b.err()).isZero();
        assertThat(JSON.readTree(b.out()).get("jobs")).hasSize(1);
    }

    @Test
    void aCycleThatDoesNotReplayToItsStoredPlanIsReportedAndExitsOne() throws Exception {
        Drive d = drive("css", 1, "data", 5, 31);
        Path copy = dir.resolve("tampered.db");
        Files.copy(d.db(), copy);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + copy);
                Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE cycles SET objective = COALESCE(objective, 0) + 1 WHERE n = 3");
        }
        CliRunner.Result r = CliRunner.run("journal", "replay", "--db", copy.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("1 of 5 cycles are not reproduced (the first: cycle 3");
    }

    @Test
    void badInputIsOneLineNamingTheValueAndExitsTwo() throws Exception {
        Drive d = drive("css", 1, "data", 3, 41);
        String db = d.db().toString();
        Path text = Files.writeString(dir.resolve("notes.txt"), "not a database\n");
        Path empty = dir.resolve("other.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + empty);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (x INTEGER)");
        }
        Path foreign = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(foreign.resolve("keep.txt"), "a user's file");
        Object[][] cases = {
            {new String[] {"replay", "--db", dir.resolve("missing.db").toString()}, "missing.db: no such file"},
            {new String[] {"replay", "--db", text.toString()}, "is not a metasched database"},
            {new String[] {"replay", "--db", empty.toString()}, "is not a metasched database"},
            {new String[] {"replay", "--db", db, "--from", "7"}, "--from 7: after the journal's last cycle, 3;"},
            {
                new String[] {
                    "export",
                    "--db",
                    db,
                    "--from",
                    "3",
                    "--to",
                    "2",
                    "-o",
                    dir.resolve("x").toString()
                },
                "--from 3 is after --to 2"
            },
            {new String[] {"replay", "--db", db, "--scheme", "fifo"}, "unknown scheme 'fifo'"},
            {new String[] {"replay", "--db", db, "--problem", "max-fun"}, "unknown problem 'max-fun'"},
            {new String[] {"replay", "--db", db, "--sub-batches", "2"}, "--sub-batches applies to the slicer and bsf"},
            {new String[] {"replay", "--db", "jdbc:mysql://h/db"}, "expected a SQLite file or a jdbc:sqlite: or"},
            {new String[] {"export", "--db", db, "-o", foreign.toString()}, "mine"},
        };
        for (Object[] c : cases) {
            String[] args = (String[]) c[0];
            String[] full = new String[args.length + 1];
            full[0] = "journal";
            System.arraycopy(args, 0, full, 1, args.length);
            CliRunner.Result r = CliRunner.run(full);
            assertThat(r.exitCode()).as(String.join(" ", full) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip()).as(String.join(" ", full)).contains((String) c[1]);
            assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.out()).isEmpty();
        }
        assertThat(foreign.resolve("keep.txt")).hasContent("a user's file");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    /**
     * QA: {@code --from 0} and a {@code --to} past the last cycle were clamped to the journal silently; a cycle that
     * does not exist is now refused, naming the value and the cycles there are, and nothing is written. The journal's
     * own bounds, and no bound at all, still give the whole journal.
     */
    @Test
    void cyclesOutsideTheJournalAreRefusedNotClamped() throws Exception {
        Drive d = drive("css", 1, "data", 3, 43);
        String db = d.db().toString();
        Path out = dir.resolve("range");
        Object[][] refused = {
            {
                new String[] {"replay", "--db", db, "--from", "0"},
                "--from 0: before the journal's first cycle, 1; expected a cycle from 1 to 3"
            },
            {
                new String[] {"replay", "--db", db, "--to", "4"},
                "--to 4: after the journal's last cycle, 3; expected a cycle from 1 to 3"
            },
            {new String[] {"replay", "--db", db, "--from", "0", "--to", "99"}, "--from 0: before the journal's first"},
            {new String[] {"replay", "--db", db, "--from", "2", "--to", "99"}, "--to 99: after the journal's last"},
            {new String[] {"replay", "--db", db, "--to", "0"}, "--to 0: before the journal's first cycle, 1;"},
            {new String[] {"export", "--db", db, "--to", "4", "-o", out.toString()}, "--to 4: after the journal's"},
            {new String[] {"replay", "--db", db, "--from", "3", "--to", "1"}, "--from 3 is after --to 1"},
        };
        for (Object[] c : refused) {
            String[] args = (String[]) c[0];
            String[] full = new String[args.length + 1];
            full[0] = "journal";
            System.arraycopy(args, 0, full, 1, args.length);
            CliRunner.Result r = CliRunner.run(full);
            assertThat(r.exitCode())
                    .as(String.join(" ", full) + ": " + r.err() + r.out())
                    .isEqualTo(2);
            assertThat(r.err().strip()).as(String.join(" ", full)).contains((String) c[1]);
            assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.out()).isEmpty();
        }
        assertThat(out).doesNotExist();
        String[][] whole = {{}, {"--from", "1"}, {"--to", "3"}, {"--from", "1", "--to", "3"}};
        for (String[] range : whole) {
            List<String> args = new ArrayList<>(List.of("journal", "replay", "--db", db));
            args.addAll(List.of(range));
            CliRunner.Result r = CliRunner.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(args + ": " + r.err()).isZero();
            assertThat(r.out()).as(args.toString()).contains("same plan (objective and every job's window): 3 of 3");
        }
        CliRunner.Result one = CliRunner.run("journal", "replay", "--db", db, "--from", "3", "--to", "3");
        assertThat(one.exitCode()).as(one.err()).isZero();
        assertThat(one.out()).contains("same plan (objective and every job's window): 1 of 1 cycles");
    }

    @Test
    void aDatabaseWithoutCyclesIsRefused() throws Exception {
        Drive d = drive("css", 1, "data", 0, 51);
        CliRunner.Result r = CliRunner.run("journal", "replay", "--db", d.db().toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("holds no cycle yet");
    }

    // ------------------------------------------------------------------------------------------ the drive

    /**
     * Runs a service on the manual clock with {@code cycles} cycles of random traffic, stops it, and returns its
     * database and the plan of every cycle as the API returned it.
     */
    private Drive drive(String scheme, int subBatches, String quantum, int cycles, long seed) throws IOException {
        return drive(
                scheme,
                subBatches,
                quantum,
                "half",
                cycles,
                seed,
                dir.resolve("service-" + seed + ".db").toString());
    }

    private Drive drive(String scheme, int subBatches, String quantum, String cssJobs, int cycles, long seed, String db)
            throws IOException {
        Path config = dir.resolve("service-" + seed + ".yaml");
        Files.writeString(
                config,
                "clock: manual\nhorizon: 400\nscheme: " + scheme + "\nsub-batches: " + subBatches + "\nquantum: "
                        + quantum + "\ncss-jobs: " + cssJobs + "\nmax-cycles: 3\nbackfilling: "
                        + (scheme.equals("backfill") ? "on" : "off")
                        + "\ntokens:\n"
                        + "  - {name: o, role: owner, nodes: [\"*\"], token: " + OWNER + "}\n"
                        + "  - {name: u, role: user, token: " + USER + "}\n"
                        + "  - {name: op, role: operator, token: " + OPERATOR + "}\n");
        ServiceConfig c = ServiceConfig.load(config, Map.of(), Map.of("port", "0", "db", db));
        Service service = Service.start(c);
        List<JsonNode> plans = new ArrayList<>();
        try {
            base = service.url();
            UniformRandomProvider rng = RandomSource.PHILOX_4X64.create(seed);
            int nodes = 0;
            for (; nodes < 6; nodes++) {
                putNode(rng, nodes, 0);
            }
            int submitted = 0;
            for (int cycle = 1; cycle <= cycles; cycle++) {
                double now = call("GET", "/v1/clock", USER, null).get("time").asDouble();
                if (rng.nextInt(4) == 0) { // an owner publishes a node or changes one's busy time
                    int id = rng.nextInt(4) == 0 ? nodes++ : rng.nextInt(nodes);
                    putNode(rng, id, now);
                }
                int jobs = 1 + rng.nextInt(5);
                for (int j = 0; j < jobs; j++) {
                    int n = 1 + rng.nextInt(rng.nextInt(10) == 0 ? 9 : 3); // now and then more nodes than there are
                    double volume = 20 + rng.nextInt(180);
                    double budget = n * volume * (0.3 + 1.2 * rng.nextDouble()); // some too poor for any window
                    String criterion =
                            List.of("start", "runtime", "finish", "cost").get(rng.nextInt(4));
                    JsonNode job = call(
                            "POST",
                            "/v1/jobs",
                            USER,
                            String.format(
                                    Locale.ROOT,
                                    "{\"nodes\":%d,\"volume\":%s,\"budget\":%s,\"criterion\":\"%s\"}",
                                    n,
                                    volume,
                                    Math.round(budget * 100) / 100.0,
                                    criterion),
                            true); // more nodes than the VO has now is refused (400)
                    submitted += job.has("id") ? 1 : 0;
                }
                if (submitted > 3 && rng.nextInt(5) == 0) { // a user cancels a job
                    call("DELETE", "/v1/jobs/j" + (1 + rng.nextInt(submitted)), USER, null, true);
                }
                JsonNode plan = call("POST", "/v1/cycles", OPERATOR, "");
                if (!plan.get("cycle").isNull()) {
                    plans.add(call("GET", "/v1/cycles/" + plan.get("cycle").asLong(), OPERATOR, null));
                } else {
                    cycle--; // nothing was waiting: no cycle
                }
                call("POST", "/v1/clock", OPERATOR, "{\"advance\":" + (10 + rng.nextInt(50)) + "}");
                for (JsonNode j :
                        call("GET", "/v1/jobs?state=running", USER, null).get("jobs")) {
                    if (rng.nextInt(3) == 0) { // it ends early
                        double t =
                                call("GET", "/v1/clock", USER, null).get("time").asDouble();
                        double ran = (t - j.get("reservation").get("start").asDouble()) / 2;
                        if (ran > 0) {
                            call(
                                    "POST",
                                    "/v1/jobs/" + j.get("id").asString() + "/finished",
                                    USER,
                                    "{\"runtime\":" + ran + "}",
                                    true);
                        }
                    }
                }
            }
        } finally {
            service.stop();
        }
        return new Drive(db, plans);
    }

    private void putNode(UniformRandomProvider rng, int id, double now) {
        double performance = 1 + rng.nextInt(5);
        double price = Math.round((1 + 5 * rng.nextDouble()) * 100) / 100.0;
        double from = now + rng.nextInt(200);
        String busy = rng.nextBoolean() ? "[]" : "[[" + from + "," + (from + 10 + rng.nextInt(60)) + "]]";
        call(
                "PUT",
                "/v1/nodes/n" + id,
                OWNER,
                "{\"performance\":" + performance + ",\"price\":" + price + ",\"busy\":" + busy + "}",
                true);
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private JsonNode call(String method, String path, String token, String body) {
        return call(method, path, token, body, false);
    }

    /** One request; with {@code refusalAllowed} a 4xx answer (a conflict the random drive ran into) is fine. */
    private JsonNode call(String method, String path, String token, String body, boolean refusalAllowed) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                    .header("Authorization", "Bearer " + token)
                    .method(
                            method,
                            body == null
                                    ? HttpRequest.BodyPublishers.noBody()
                                    : HttpRequest.BodyPublishers.ofString(body));
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            if (refusalAllowed && r.statusCode() >= 400 && r.statusCode() < 500) {
                return JSON.readTree(r.body());
            }
            assertThat(r.statusCode()).as(method + " " + path + ": " + r.body()).isBetween(200, 204);
            return r.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(r.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
