package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22, "input read exactly", from the command line: an empty file name is a missing file, a key or a job number
 * given twice is refused with its line, and no message shows the libraries' words.
 */
class InputReadExactlyTest {
    @TempDir
    Path dir;

    private static void oneLine(CliRunner.Result r, String... parts) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").contains(parts);
        for (String library :
                List.of("FAIL_ON_TRAILING_TOKENS", "StreamReadConstraints", "CSVRecord", "(null)", "`", "Exception")) {
            assertThat(r.err()).doesNotContain(library);
        }
    }

    @Test
    void anEmptyFileNameIsAMissingFile() {
        String out = dir.resolve("out").toString();
        for (List<String> args : List.of(
                List.of("simulate", "--workload", "", "--policy", "fcfs", "-o", out),
                List.of("gang", "--workload", "", "-o", out),
                List.of("select", "-i", ""),
                List.of("batch", "-i", ""),
                List.of("sweep", "--spec", "", "-o", out))) {
            CliRunner.Result r = CliRunner.run(args.toArray(new String[0]));
            oneLine(r, "'': no such file");
        }
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void trailingJsonIsToldAtItsLineAndColumn() throws IOException {
        String problem = Files.readString(Path.of("..", "examples", "select-small.json"));
        Path f = Files.writeString(dir.resolve("p.json"), problem.strip() + "\n{}\n");
        int line = (int) problem.strip().lines().count() + 1;
        oneLine(CliRunner.run("select", "-i", f.toString()), f + ":" + line + ":1: malformed JSON: more text after");
    }

    @Test
    void aKeyGivenTwiceInASweepFileIsRefused() throws IOException {
        Path spec = Files.writeString(
                dir.resolve("s.yaml"),
                "command: simulate\noptions: {workload: x.swf}\ngrid:\n  policy: [fcfs]\n  policy: [easy]\n");
        oneLine(
                CliRunner.run(
                        "sweep",
                        "--spec",
                        spec.toString(),
                        "-o",
                        dir.resolve("o").toString()),
                spec + ":",
                "key 'policy' is given twice");
    }

    @Test
    void aJobNumberGivenTwiceIsRefusedWithItsLines() throws IOException {
        List<String> lines = Files.readAllLines(GangCommandTest.small());
        String first = lines.stream()
                .filter(l -> !l.startsWith(";") && !l.isBlank())
                .findFirst()
                .orElseThrow();
        lines.add(first.replaceFirst("^(\\s*)\\d+", "$1" + first.strip().split("\\s+", -1)[0]));
        Path swf = dir.resolve("d.swf");
        Files.write(swf, lines);
        CliRunner.Result r = CliRunner.run(
                "simulate",
                "--workload",
                swf.toString(),
                "--policy",
                "fcfs",
                "-o",
                dir.resolve("o").toString());
        oneLine(r, swf + ":" + lines.size() + ": field 1 (job number): job ", " is given twice (first on line ");
    }

    /** A shard's cells.csv with a bad number or a broken quote is told as FILE:LINE, without commons-csv's words. */
    @Test
    void aDamagedShardIsToldAtItsLine() throws IOException {
        Path spec = Files.writeString(
                dir.resolve("s.yaml"),
                "command: simulate\noptions: {workload: "
                        + GangCommandTest.small().toAbsolutePath() + "}\ngrid:\n  policy: [fcfs, easy]\n");
        for (int i = 1; i <= 2; i++) {
            CliRunner.Result r = CliRunner.run(
                    "sweep",
                    "--spec",
                    spec.toString(),
                    "--shard",
                    i + "/2",
                    "--no-progress",
                    "-o",
                    dir.resolve("s" + i).toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
        }
        Path cells = dir.resolve("s1/cells.csv");
        List<String> rows = Files.readAllLines(cells);
        if (rows.size() < 2) {
            cells = dir.resolve("s2/cells.csv");
            rows = Files.readAllLines(cells);
        }
        List<String> header = List.of(rows.get(0).split(","));
        String[] row = rows.get(1).split(",", -1);
        row[header.indexOf("wallSeconds")] = "fast";
        Files.writeString(cells, rows.get(0) + "\n" + String.join(",", row) + "\n");
        CliRunner.Result bad = CliRunner.run(
                "sweep-merge",
                dir.resolve("s1").toString(),
                dir.resolve("s2").toString(),
                "-o",
                dir.resolve("m").toString());
        oneLine(bad, cells + ":2: wallSeconds 'fast', expected a number");
        Files.writeString(cells, rows.get(0) + "\n\"a\"b," + rows.get(1) + "\n");
        bad = CliRunner.run(
                "sweep-merge",
                dir.resolve("s1").toString(),
                dir.resolve("s2").toString(),
                "-o",
                dir.resolve("m").toString());
        oneLine(bad, cells + ":2: ");
        assertThat(bad.err()).doesNotContain("IOException").doesNotContain("CSV" + "Record");
    }
}
