package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The battery of broken inputs of issue 7: every case must end with exit code 2, exactly one line on standard error
 * that says what is wrong, nothing on standard output, and the working directory exactly as it was (nothing written,
 * nothing deleted). {@link BadInputTest} runs every case in-process; this test runs every tenth against the packaged
 * jar as a user runs it (the launcher's error handling, the JVM's exit code).
 */
class BadInputIT {
    @TempDir
    Path dir;

    /**
     * One broken invocation.
     *
     * @param files files to create in the working directory first (a name ending in '/' is a directory)
     * @param expected a fragment the error line must contain
     */
    record Case(String name, Map<String, byte[]> files, List<String> args, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final String RECORD = "1 0 -1 100 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
    static final String PROBLEM = "{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}],"
            + " \"job\": {\"nodes\": 1, \"volume\": 5}}";

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] gzip(byte[] b) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (OutputStream z = new GZIPOutputStream(out)) {
                z.write(b);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static byte[] binary(int n, int seed) {
        byte[] b = new byte[n];
        long x = seed;
        for (int i = 0; i < n; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            b[i] = (byte) (x >>> 56);
        }
        return b;
    }

    static final class Cases {
        final List<Case> all = new ArrayList<>();

        Cases add(String name, String expected, Map<String, byte[]> files, String... args) {
            all.add(new Case(name, files, List.of(args), expected));
            return this;
        }

        Cases add(String name, String expected, String... args) {
            return add(name, expected, Map.of(), args);
        }

        /** simulate on a trace with {@code content}. */
        Cases swf(String name, String expected, byte[] content, String... extra) {
            List<String> a = new ArrayList<>(List.of("simulate", "--workload", "t.swf", "--policy", "easy"));
            a.addAll(List.of(extra));
            return add(name, expected, Map.of("t.swf", content), a.toArray(new String[0]));
        }

        /** select on a problem file named {@code file} with {@code content}. */
        Cases problem(String name, String expected, String file, byte[] content, String... extra) {
            List<String> a = new ArrayList<>(List.of("select", "--input", file));
            a.addAll(List.of(extra));
            return add(name, expected, Map.of(file, content), a.toArray(new String[0]));
        }
    }

    static Stream<Case> cases() {
        Cases c = new Cases();
        byte[] trace = text("; MaxProcs: 4\n" + RECORD);
        Map<String, byte[]> withTrace = Map.of("t.swf", trace);
        Map<String, byte[]> withProblem = Map.of("p.json", text(PROBLEM));
        // the command line
        c.add("unknown command", "unknown command 'bogus'", "bogus");
        c.add("help for an unknown command", "unknown command 'bogus'", "help", "bogus");
        c.add("misspelt command", "did you mean 'simulate'", "simulat");
        c.add("unknown option before missing ones", "unknown option '-x'", "simulate", "-x", "D");
        c.add("missing required options", "missing required options", "simulate", "-o", "D");
        c.add(
                "unknown option",
                "unknown option '--fast'",
                withTrace,
                "simulate",
                "--workload",
                "t.swf",
                "--policy",
                "easy",
                "--fast");
        c.add(
                "unknown policy",
                "unknown policy 'sjf'",
                withTrace,
                "simulate",
                "--workload",
                "t.swf",
                "--policy",
                "sjf");
        for (String v : new String[] {"0", "-1", "abc", "1e3", "2.5", "99999999999"}) {
            c.add(
                    "--processors " + v,
                    "--processors",
                    withTrace,
                    "simulate",
                    "--workload",
                    "t.swf",
                    "--policy",
                    "easy",
                    "--processors",
                    v);
        }
        c.add(
                "--processors beyond the limit",
                "at most 10000000",
                withTrace,
                "simulate",
                "--workload",
                "t.swf",
                "--policy",
                "easy",
                "--processors",
                "2000000000");
        c.add(
                "--jobs 0",
                "--jobs: must be at least 1, got 0",
                withTrace,
                "simulate",
                "--workload",
                "t.swf",
                "--policy",
                "easy",
                "--jobs",
                "0");
        c.add(
                "--jobs text",
                "'many' is not a whole number",
                withTrace,
                "simulate",
                "--workload",
                "t.swf",
                "--policy",
                "easy",
                "--jobs",
                "many");
        c.add(
                "--size unknown",
                "unknown size field 'biggest'",
                withTrace,
                "simulate",
                "--workload",
                "t.swf",
                "--policy",
                "easy",
                "--size",
                "biggest");
        c.add(
                "--png with --no-report",
                "--no-report",
                withTrace,
                "simulate",
                "--workload",
                "t.swf",
                "--policy",
                "easy",
                "--png",
                "--no-report");
        c.add("option value missing", "--policy", withTrace, "simulate", "--workload", "t.swf", "--policy");
        c.add(
                "select: criterion without csa",
                "--criterion chooses among csa's alternatives",
                withProblem,
                "select",
                "-i",
                "p.json",
                "-s",
                "min-cost",
                "--criterion",
                "finish");
        c.add(
                "select: unknown strategy",
                "unknown strategy 'min-fnish'",
                withProblem,
                "select",
                "-i",
                "p.json",
                "-s",
                "min-fnish");
        c.add("select: unknown format", "unknown format 'xml'", withProblem, "select", "-i", "p.json", "-f", "xml");
        c.add(
                "select: unknown criterion",
                "unknown criterion 'soonest'",
                withProblem,
                "select",
                "-i",
                "p.json",
                "-s",
                "csa",
                "--criterion",
                "soonest");
        c.add("select: no input", "missing required option", "select");
        c.add("select: text seed", "'x' is not a whole number", withProblem, "select", "-i", "p.json", "--seed", "x");
        c.add("run: --runs 0", "--runs: must be at least 1, got 0", "run", "--runs", "0");
        c.add("run: --runs negative", "--runs: must be at least 1, got -5", "run", "--runs", "-5");
        c.add("run: --threads 0", "--threads: must be at least 1", "run", "--threads", "0");
        c.add("run: --seed fraction", "'1.5' is not a whole number", "run", "--seed", "1.5");
        c.add("run: extra argument", "unexpected argument 'now'", "run", "now");
        c.add("reproduce: no target", "missing required parameter", "reproduce");
        c.add("reproduce: unknown target", "unknown target 'p000-table9'", "reproduce", "p000-table9");
        c.add(
                "reproduce: bad performance",
                "--performance: unknown value 'complex'",
                "reproduce",
                "p000-table2",
                "--performance",
                "complex");
        c.add("reproduce: --runs text", "--runs", "reproduce", "p000-table2", "--runs", "lots");
        // traces
        c.add("trace missing", "nope.swf: no such file", "simulate", "--workload", "nope.swf", "--policy", "easy");
        c.add(
                "trace is a directory",
                "is a directory",
                Map.of("d.swf/", new byte[0]),
                "simulate",
                "--workload",
                "d.swf",
                "--policy",
                "easy");
        c.swf("empty trace", "empty file", new byte[0]);
        c.swf("only comments", "no job records", text("; MaxProcs: 4\n; nothing else\n"));
        c.swf("no machine size", "no '; MaxProcs:' or '; MaxNodes:' header", text(RECORD));
        c.swf("MaxProcs not a number", "header 'MaxProcs': bad value 'abc'", text("; MaxProcs: abc\n" + RECORD));
        c.swf("MaxProcs zero", "header 'MaxProcs': bad value '0'", text("; MaxProcs: 0\n" + RECORD));
        c.swf("MaxProcs huge", "bad value '99999999999'", text("; MaxProcs: 99999999999\n" + RECORD));
        c.swf(
                "letter in a field",
                "field 4 (run time): bad value '1x0'",
                text("; MaxProcs: 4\n1 0 -1 1x0 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"));
        c.swf(
                "17 fields",
                "field 18 (think time): missing",
                text("; MaxProcs: 4\n1 0 -1 100 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1\n"));
        c.swf(
                "19 fields",
                "field 19: bad value '7'",
                text("; MaxProcs: 4\n1 0 -1 100 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1 7\n"));
        c.swf(
                "fractional run time",
                "bad value '50.5', expected a whole number",
                text("; MaxProcs: 4\n1 0 -1 50.5 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"));
        c.swf(
                "exponent notation",
                "no exponent notation",
                text("; MaxProcs: 4\n1 1e30 -1 50 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"));
        c.swf(
                "19-digit number",
                "at most 18 digits",
                text("; MaxProcs: 4\n1 1234567890123456789 -1 50 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"));
        c.swf(
                "a time past 2^53 s (epoch nanoseconds of 1996)",
                "field 2 (submit time): bad value '830000000000000000', expected at most 9007199254740992 s",
                text("; MaxProcs: 4\n1 830000000000000000 -1 50 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"));
        c.swf(
                "a submit time plus a run time past 2^53 s",
                "t.swf:2: fields 2 and 4 (submit time + run time): 9007199254740000 + 1001 = 9007199254741001 s,"
                        + " expected at most 9007199254740992 s",
                text("; MaxProcs: 1\n1 9007199254740000 -1 1001 1 -1 -1 1 1001 -1 1 -1 -1 -1 -1 -1 -1 -1\n"));
        c.swf(
                "a wait that takes an end past 2^53 s",
                "t.swf: job 2: submitted at 9007199254740000 s, started at 9007199254740600 s (after a wait of 600"
                        + " s), it would end at 9007199254740600 + 601 = 9007199254741201 s, expected at most"
                        + " 9007199254740992 s",
                text("; MaxProcs: 1\n1 9007199254740000 -1 600 1 -1 -1 1 600 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                        + "2 9007199254740000 -1 601 1 -1 -1 1 601 -1 1 -1 -1 -1 -1 -1 -1 -1\n"));
        c.swf("binary garbage", "field 1 (job number): bad value '", binary(4000, 7));
        c.swf(
                "a PNG named .swf",
                "bad value '\\x89PNG",
                join(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n'}, binary(300, 3)));
        c.swf("damaged gzip", "the gzip data is damaged", java.util.Arrays.copyOf(gzip(trace), 20));
        c.swf("gzip of garbage", "bad value '", gzip(binary(3000, 11)));
        byte[] gz = gzip(trace);
        c.swf(
                "garbage after the gzip stream",
                "data after the end of the gzip stream, at byte offset " + gz.length + " (0x6a 0x75)",
                join(gz, text("junk\n")));
        c.swf("UTF-16 text", "bad value '", ("; MaxProcs: 4\n" + RECORD).getBytes(StandardCharsets.UTF_16));
        c.swf(
                "every record skipped",
                "no job to simulate",
                text("; MaxProcs: 4\n1 0 -1 -1 2 -1 -1 2 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"));
        c.swf(
                "every record too large",
                "a larger machine",
                text("; MaxProcs: 4\n1 0 -1 100 8 -1 -1 8 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n"));
        // memory (issue 12)
        c.add("memory: class above a machine", "larger than a machine's memory", "memory", "--classes", "1,8");
        c.add("memory: zero machines", "--machines", "memory", "--machines", "0");
        c.add("memory: negative memory", "--memory", "memory", "--memory", "-4");
        c.add("memory: zero cores", "--cores", "memory", "--cores", "0");
        c.add("memory: threshold above 1", "outside [0, 1]", "memory", "--threshold", "1.5");
        c.add("memory: unknown workload", "unknown workload 'bursty'", "memory", "--workload", "bursty");
        c.add("memory: unknown policy", "--policy: unknown memory policy 'lifo'", "memory", "--policy", "lifo");
        c.add("memory: ignored threshold", "ignores it", "memory", "--policy", "static", "--threshold", "0.2");
        c.add("memory: trace missing", "nope.swf: no such file", "memory", "--workload", "nope.swf");
        // gang (issue 11)
        c.add("gang: empty clusters", "--clusters", "gang", "--workload", "nope.swf", "--clusters", "");
        c.add("gang: zero cluster", "at least 1", "gang", "--workload", "nope.swf", "--clusters", "128,0");
        c.add("gang: negative cluster", "at least 1", "gang", "--workload", "nope.swf", "--clusters", "-5");
        c.add(
                "gang: unknown policy",
                "--policy: unknown policy 'fifo'",
                "gang",
                "--workload",
                "nope.swf",
                "--policy",
                "fifo");
        c.add(
                "gang: unknown dispatcher",
                "--dispatch: unknown dispatcher 'rr'",
                "gang",
                "--workload",
                "nope.swf",
                "--dispatch",
                "rr");
        c.add("gang: trace missing", "nope.swf: no such file", "gang", "--workload", "nope.swf");
        c.add(
                "gang: every job too large",
                "every job is larger than every cluster",
                Map.of("wide.swf", text("; MaxProcs: 8\n1 0 -1 100 8 -1 -1 8 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n")),
                "gang",
                "--workload",
                "wide.swf",
                "--clusters",
                "4,4");
        // problem files
        c.add("problem missing", "nope.json: no such file", "select", "--input", "nope.json");
        c.add(
                "problem is a directory",
                "is a directory",
                Map.of("d.json/", new byte[0]),
                "select",
                "--input",
                "d.json");
        c.problem("empty JSON", "the file is empty", "p.json", new byte[0]);
        c.problem("empty YAML", "the file is empty", "p.yaml", new byte[0]);
        c.problem("malformed JSON", "malformed JSON", "p.json", text("{\"horizon\": 60,, \"nodes\": []}"));
        c.problem(
                "NaN in JSON",
                "'NaN' is not a number in JSON",
                "p.json",
                text("{\"horizon\": NaN, \"nodes\": [], \"job\": {}}"));
        c.problem(
                "Infinity in JSON",
                "is not a number in JSON",
                "p.json",
                text("{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": Infinity, \"price\": 1}],"
                        + " \"job\": {\"nodes\": 1, \"volume\": 5}}"));
        c.problem("binary YAML", "binary data", "p.yaml", binary(2000, 5));
        c.problem("binary JSON", "not UTF-8 text", "p.json", join(text("{\"horizon\": "), new byte[] {
            (byte) 0xff, (byte) 0xfe, (byte) 0x80
        }));
        c.problem(
                "empty nodes in YAML",
                "nodes has no value, expected a list of nodes",
                "p.yaml",
                text("horizon: 60\nnodes:\njob:\n  nodes: 1\n  volume: 5\n"));
        c.problem("no nodes", "nodes is empty", "p.json", text("{\"horizon\": 60, \"nodes\": [], \"job\": {}}"));
        c.problem(
                "no job",
                "job is missing",
                "p.json",
                text("{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}]}"));
        c.problem(
                "huge whole number",
                "job.nodes is too large",
                "p.json",
                text(PROBLEM.replace("\"nodes\": 1,", "\"nodes\": 1e30,")));
        c.problem(
                "fraction for a whole number",
                "job.nodes must be a whole number, got 1.5",
                "p.json",
                text(PROBLEM.replace("\"nodes\": 1,", "\"nodes\": 1.5,")));
        c.problem(
                "negative volume",
                "job.volume must be > 0, got -5",
                "p.json",
                text(PROBLEM.replace("\"volume\": 5", "\"volume\": -5")));
        c.problem(
                "unknown field",
                "job has an unknown field 'volme'",
                "p.json",
                text(PROBLEM.replace("\"volume\": 5", "\"volme\": 5")));
        c.problem(
                "text for a number",
                "nodes[0].performance must be a number, got 'fast'",
                "p.json",
                text(PROBLEM.replace("\"performance\": 2", "\"performance\": \"fast\"")));
        c.problem(
                "horizon backwards",
                "end 5.0 must be after start 10.0",
                "p.json",
                text(PROBLEM.replace("\"horizon\": 60", "\"horizon\": [10, 5]")));
        c.problem(
                "busy interval backwards",
                "busy[0] end 10.0 is before start 20.0",
                "p.json",
                text(PROBLEM.replace("\"price\": 1}", "\"price\": 1, \"busy\": [[20, 10]]}")));
        c.problem(
                "duplicate node ids",
                "repeats the id 'a'",
                "p.json",
                text(PROBLEM.replace(
                        "\"price\": 1}]", "\"price\": 1}, {\"id\": \"a\", \"performance\": 3, \"price\": 1}]")));
        c.problem(
                "more nodes than the domain",
                "asks for 2 nodes but the domain has only 1",
                "p.json",
                text(PROBLEM.replace("\"nodes\": 1,", "\"nodes\": 2,")));
        c.problem(
                "unknown geometry",
                "geometry must be common or rough, got 'square'",
                "p.json",
                text(PROBLEM.replace("{\"horizon\"", "{\"geometry\": \"square\", \"horizon\"")));
        c.problem("a list instead of an object", "must be an object", "p.json", text("[1, 2, 3]"));
        c.problem(
                "YAML .nan",
                "must be a finite number",
                "p.yaml",
                text("horizon: 60\nnodes:\n  - {id: a, performance: .nan, price: 1}\njob: {nodes: 1, volume: 5}\n"));
        c.problem(
                "csa on a task of 10^-13 of the horizon",
                "job.volume 1.0E-12 is a task of 5.00e-13 on node 'a'",
                "p.json",
                text(PROBLEM.replace("\"volume\": 5", "\"volume\": 1e-12")),
                "-s",
                "csa");
        c.add(
                "batch: a task of 10^-13 of the horizon",
                "jobs[0].volume 1.0E-12 is a task of",
                Map.of(
                        "b.json",
                        text(PROBLEM.replace("\"job\": {", "\"jobs\": [{")
                                .replace("\"volume\": 5}", "\"volume\": 1e-12}]"))),
                "batch",
                "-i",
                "b.json");
        c.problem(
                "negative price",
                "nodes[0].price must be >= 0, got -1",
                "p.json",
                text(PROBLEM.replace("\"price\": 1", "\"price\": -1")));
        c.problem("YAML with a tab indent", "malformed YAML", "p.yaml", text("horizon: 60\nnodes:\n\t- id: a\n"));
        // serve and the client commands (nothing listens on port 1)
        Map<String, byte[]> service =
                Map.of("s.yaml", text("tokens:\n  - {name: op, role: operator, token: op-token-0123456789}\n"));
        c.add(
                "serve: unknown clock",
                "--clock: 'sundial', expected wall or manual",
                service,
                "serve",
                "--config",
                "s.yaml",
                "--clock",
                "sundial");
        c.add(
                "serve: port too large",
                "--port: 70000, expected 0 to 65535",
                service,
                "serve",
                "--config",
                "s.yaml",
                "--port",
                "70000");
        c.add("serve: missing configuration", "missing.yaml: no such file", "serve", "--config", "missing.yaml");
        c.add(
                "serve: unknown scheme in the file",
                "unknown scheme 'fifo'",
                Map.of("s.yaml", text("scheme: fifo\n")),
                "serve",
                "--config",
                "s.yaml");
        c.add(
                "serve: token without a role",
                "role",
                Map.of("s.yaml", text("tokens:\n  - {name: a, token: abc}\n")),
                "serve",
                "--config",
                "s.yaml");
        c.add(
                "submit: no service there",
                "connection refused",
                "submit",
                "--url",
                "http://127.0.0.1:1",
                "--token",
                "t",
                "--nodes",
                "1",
                "--volume",
                "5",
                "--budget",
                "9");
        c.add(
                "submit: zero nodes",
                "must be at least 1",
                "submit",
                "--url",
                "http://127.0.0.1:1",
                "--nodes",
                "0",
                "--volume",
                "5",
                "--budget",
                "9");
        c.add("jobs: not an http URL", "--url: 'ftp://x' is not an http:// URL", "jobs", "--url", "ftp://x");
        c.add(
                "jobs: unknown format",
                "--format: unknown format 'xml'",
                "jobs",
                "--url",
                "http://127.0.0.1:1",
                "--format",
                "xml");
        c.add(
                "nodes put: bad busy interval",
                "--busy: '5to9' is not an interval",
                "nodes",
                "put",
                "n1",
                "--performance",
                "1",
                "--price",
                "1",
                "--busy",
                "5to9",
                "--url",
                "http://127.0.0.1:1");
        c.add(
                "cycle: unknown name for --as",
                "has no token named 'nobody'",
                service,
                "cycle",
                "--as",
                "nobody",
                "--config",
                "s.yaml",
                "--url",
                "http://127.0.0.1:1");
        return c.all.stream();
    }

    private static byte[] join(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Every tenth case: each kind of input still meets the packaged jar. */
    static Stream<Case> jarCases() {
        List<Case> all = cases().toList();
        List<Case> some = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 10) {
            some.add(all.get(i));
        }
        return some.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jarCases")
    void isExitCode2OneLineAndWritesNothing(Case c) throws IOException {
        for (Map.Entry<String, byte[]> f : c.files().entrySet()) {
            if (f.getKey().endsWith("/")) {
                Files.createDirectories(dir.resolve(f.getKey()));
            } else {
                Files.write(dir.resolve(f.getKey()), f.getValue());
            }
        }
        Map<String, Long> before = snapshot(dir);
        JarRunner.Result r = JarRunner.run(dir, c.args().toArray(new String[0]));
        assertThat(r.exitCode()).as(c.name() + ": " + r.err()).isEqualTo(2);
        assertThat(r.out()).as(c.name()).isEmpty();
        assertThat(r.err()).as(c.name()).hasLineCount(1).startsWith("metasched").contains(c.expected());
        assertThat(r.err())
                .as(c.name() + ": printable, no stack trace")
                .doesNotContain("\tat ")
                .doesNotContain("Exception")
                .doesNotContainPattern("[\\x00-\\x08\\x0b-\\x1f\\x7f]");
        assertThat(r.err().length()).as(c.name()).isLessThan(400);
        assertThat(snapshot(dir)).as(c.name() + ": nothing written or deleted").isEqualTo(before);
    }

    /** Every path under {@code root} with its size (-1 for directories). */
    static Map<String, Long> snapshot(Path root) throws IOException {
        Map<String, Long> m = new LinkedHashMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted().toList()) {
                m.put(root.relativize(p).toString(), Files.isDirectory(p) ? -1 : Files.size(p));
            }
        }
        return m;
    }
}
