package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SweepCommandTest {
    @TempDir
    Path dir;

    Path spec(String body) throws IOException {
        Path small = GangCommandTest.small().toAbsolutePath();
        return Files.writeString(dir.resolve("s.yaml"), body.replace("SMALL", small.toString()));
    }

    static final String SWEEP = "command: simulate\noptions: {workload: SMALL}\n"
            + "grid:\n  policy: [fcfs, easy, conservative]\n  scale: [0.8, 1.0, 1.2]\n"
            + "cells:\n  - {policy: easy, processors: 12, kill: false}\n  - {policy: easy, workload: nowhere.swf}\n"
            + "replications: 2\n";

    /**
     * cells.csv without the wall-time column, the one column that may differ (the second to last: only the error
     * column, without commas here, follows it; parameter values such as "8,16" may hold commas).
     */
    static List<String> withoutWallTime(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        for (String l : Files.readAllLines(file)) {
            out.add(l.replaceFirst(",[^,]*,([^,]*)$", ",$1"));
        }
        assertThat(out.get(0)).endsWith(",error").doesNotContain("wallSeconds");
        return out;
    }

    @Test
    void oneTwoThreadsAndThreeShardsMergedGiveTheSameFiles() throws IOException {
        Path s = spec(SWEEP);
        CliRunner.Result one = CliRunner.run(
                "sweep",
                "--spec",
                s.toString(),
                "--threads",
                "1",
                "--no-progress",
                "-o",
                dir.resolve("t1").toString());
        // the cell whose trace does not exist fails: recorded with its error, the others go on, exit 3
        assertThat(one.exitCode()).as(one.err()).isEqualTo(3);
        assertThat(one.out())
                .contains("11 cells x 2 replications: 22 runs, 2 failed")
                .contains("failed: cell");
        CliRunner.Result two = CliRunner.run(
                "sweep",
                "--spec",
                s.toString(),
                "--threads",
                "2",
                "--no-progress",
                "-o",
                dir.resolve("t2").toString());
        assertThat(two.exitCode()).isEqualTo(3);
        List<String> shardDirs = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            Path d = dir.resolve("shard" + i);
            CliRunner.Result r = CliRunner.run(
                    "sweep",
                    "--spec",
                    s.toString(),
                    "--shard",
                    i + "/3",
                    "--no-progress",
                    "--no-report",
                    "-o",
                    d.toString());
            assertThat(r.exitCode()).isIn(0, 3);
            shardDirs.add(d.toString());
        }
        List<String> merge = new ArrayList<>(
                List.of("sweep-merge", "-o", dir.resolve("merged").toString()));
        merge.add(shardDirs.get(2));
        merge.add(shardDirs.get(0));
        merge.add(shardDirs.get(1));
        CliRunner.Result m = CliRunner.run(merge.toArray(new String[0]));
        // the failed cells are told as the single run tells them, with its exit code (found by the CLI tester: 0)
        assertThat(m.exitCode()).as(m.err()).isEqualTo(3);
        assertThat(m.out()).contains("merged 3 shards: 22 runs, 2 failed");
        assertThat(m.out().lines().filter(l -> l.startsWith("  failed: cell")))
                .hasSize(2)
                .containsExactlyElementsOf(one.out()
                        .lines()
                        .filter(l -> l.startsWith("  failed: cell"))
                        .toList());
        List<String> cells = withoutWallTime(dir.resolve("t1/cells.csv"));
        assertThat(cells).hasSize(1 + 22);
        assertThat(withoutWallTime(dir.resolve("t2/cells.csv"))).isEqualTo(cells);
        assertThat(withoutWallTime(dir.resolve("merged/cells.csv"))).isEqualTo(cells);
        String summary = Files.readString(dir.resolve("t1/summary.csv"));
        assertThat(Files.readString(dir.resolve("t2/summary.csv"))).isEqualTo(summary);
        assertThat(Files.readString(dir.resolve("merged/summary.csv"))).isEqualTo(summary);
        assertThat(summary.lines().count()).isEqualTo(1 + 11);
    }

    /** The memory and gang commands sweep too, with replications that differ, the same for any thread count. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "command: memory\ngrid: {policy: [adaptive, static], workload: [peak]}\nreplications: 3\n",
                "command: gang\noptions: {workload: SMALL, clusters: '8,16'}\ngrid: {policy: [afcfs, afcfs-m]}\n"
                        + "replications: 2\n"
            })
    void memoryAndGangSweepTheSameWithOneOrTwoThreads(String body) throws IOException {
        Path s = spec(body);
        for (String t : new String[] {"1", "2"}) {
            CliRunner.Result r = CliRunner.run(
                    "sweep",
                    "--spec",
                    s.toString(),
                    "--threads",
                    t,
                    "--no-progress",
                    "-o",
                    dir.resolve("t" + t).toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
        }
        List<String> cells = withoutWallTime(dir.resolve("t1/cells.csv"));
        assertThat(withoutWallTime(dir.resolve("t2/cells.csv"))).isEqualTo(cells);
        assertThat(Files.readString(dir.resolve("t2/summary.csv")))
                .isEqualTo(Files.readString(dir.resolve("t1/summary.csv")));
        // replications draw their own streams: not every replication of a cell gives the same numbers
        assertThat(cells.subList(1, cells.size()).stream()
                        .map(l -> l.substring(l.indexOf(',', 17) + 1))
                        .distinct()
                        .count())
                .isGreaterThan(cells.size() / 2);
    }

    @Test
    void mismatchedMissingOrRepeatedShardsAreRefused() throws IOException {
        Path s = spec(SWEEP);
        for (int i = 1; i <= 2; i++) {
            CliRunner.run(
                    "sweep",
                    "--spec",
                    s.toString(),
                    "--shard",
                    i + "/2",
                    "--no-progress",
                    "--no-report",
                    "-o",
                    dir.resolve("a" + i).toString());
        }
        Path other = Files.writeString(
                dir.resolve("o.yaml"), Files.readString(s).replace("replications: 2", "replications: 1"));
        CliRunner.run(
                "sweep",
                "--spec",
                other.toString(),
                "--shard",
                "2/2",
                "--no-progress",
                "--no-report",
                "-o",
                dir.resolve("b2").toString());
        String a1 = dir.resolve("a1").toString();
        String a2 = dir.resolve("a2").toString();
        String b2 = dir.resolve("b2").toString();
        String out = dir.resolve("m").toString();
        CliRunner.Result missing = CliRunner.run("sweep-merge", "-o", out, a1);
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("shard 2/2 is missing");
        CliRunner.Result twice = CliRunner.run("sweep-merge", "-o", out, a1, a1, a2);
        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(twice.err()).contains("given twice");
        CliRunner.Result mixed = CliRunner.run("sweep-merge", "-o", out, a1, b2);
        assertThat(mixed.exitCode()).isEqualTo(2);
        assertThat(mixed.err()).contains("another sweep file");
        CliRunner.Result absent = CliRunner.run(
                "sweep-merge", "-o", out, a1, dir.resolve("nothere").toString());
        assertThat(absent.exitCode()).isEqualTo(2);
        assertThat(absent.err()).contains("nothere: no such directory");
        assertThat(dir.resolve("m")).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "command: bogus\ngrid: {policy: [easy]}\n|unknown command 'bogus'",
                "command: simulate\noptions: {workload: SMALL}\ngrid: {polcy: [easy]}\n"
                        + "|grid.polcy is not a parameter of simulate,",
                "command: simulate\noptions: {workload: SMALL}\ngrid: {policy: []}\n|empty list",
                "command: simulate\noptions: {workload: SMALL}\ngrid: {}\n|is empty",
                "command: simulate\noptions: {workload: SMALL}\ngrid: {policy: [easy, fcfs]}\nreplications: 99999999\n"
                        + "|the limit is 1,000,000 runs",
                "command: simulate\noptions: {workload: SMALL}\ngrid: {policy: [easy]}\nreplications: 1000001\n"
                        + "|replications 1 cell x 1,000,001 replications = 1,000,001 runs; the limit is 1,000,000 runs",
                "command: simulate\noptions: {workload: SMALL}\ngrid: {policy: [easy], jobs: [ten]}\n|a whole number",
                "command: simulate\noptions: {workload: SMALL}\ngrid: {policy: [lifo]}\n"
                        + "|grid.policy[0]: unknown policy 'lifo', expected one of fcfs, easy, conservative",
                // simulate's sweep-only scale and its kill, read by the same schema as the command's options
                "command: simulate\noptions: {workload: SMALL, policy: easy}\ngrid: {scale: [0]}\n"
                        + "|grid.scale[0]: 0, expected a number above 0",
                "command: simulate\noptions: {workload: SMALL, policy: easy}\ngrid: {kill: [maybe]}\n"
                        + "|grid.kill[0]: 'maybe' is not true or false",
                "command: simulate\noptions: {workload: SMALL, policy: easy}\ngrid: {processors: [4], scale: [0.5]}\n"
                        + "|gives both processors and scale",
                "command: simulate\ngrid: {policy: [easy]}\n|has no workload",
                // a memory cell's bad value is named as the file names it, not as the command line's option
                "command: memory\noptions: {policy: adaptive}\ngrid: {cores: [0]}\n"
                        + "|grid.cores[0]: must be at least 1, got 0",
                "command: memory\noptions: {policy: adaptive}\ngrid: {meanService: [-1]}\n"
                        + "|grid.meanService[0]: -1, expected seconds > 0",
                "command: gang\noptions: {workload: SMALL}\ngrid: {clusters: ['0,4']}\n"
                        + "|grid.clusters[0]: every cluster",
                "command: memory\noptions: {policy: adaptive}\ngrid: {classes: ['1,x']}\n|grid.classes[0]: '1,x' is not"
            })
    void aBadSweepFileIsOneLineAndExit2BeforeAnyCellRuns(String caseText) throws IOException {
        String[] parts = caseText.split("\\|", -1);
        Path s = spec(parts[0]);
        Path out = dir.resolve("never");
        CliRunner.Result r = CliRunner.run("sweep", "--spec", s.toString(), "--no-progress", "-o", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").contains(parts[1]);
        assertThat(out).doesNotExist();
    }

    /** A sweep some of whose cells fail ends with exit code 3, and its help lists that code after 0, 1 and 2. */
    @Test
    void theHelpListsTheExitCodeOfASweepWithAFailedCell() throws IOException {
        Path s = spec("command: simulate\noptions: {workload: SMALL, policy: easy}\n"
                + "cells:\n  - {jobs: 5}\n  - {workload: nowhere.swf}\n");
        CliRunner.Result r = CliRunner.run(
                "sweep",
                "--spec",
                s.toString(),
                "--no-progress",
                "--no-report",
                "-o",
                dir.resolve("out").toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(SweepCommand.SOME_CELLS_FAILED);
        String help = Main.commandLine().getSubcommands().get("sweep").getUsageMessage();
        assertThat(help.substring(help.indexOf("\nExit codes:\n"), help.indexOf("\nExample:")))
                .contains("\n  2   Bad input")
                .contains("\n  3   Some cells failed");
    }

    /**
     * A sweep file given to select or batch, or a select or batch file given to sweep, is named as what it looks like
     * at the end of the unknown-field line, as select and batch already name each other's files.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "select -i ../examples/sweep-small.yaml|unknown field 'command'|(a sweep file? 'metasched sweep --spec"
                        + " FILE' runs it)",
                "batch -i ../examples/sweep-batch.yaml|unknown field 'command'|(a sweep file? 'metasched sweep --spec"
                        + " FILE' runs it)",
                "sweep --spec ../examples/select-small.json|unknown field 'horizon'|(a select file? 'metasched select"
                        + " -i FILE' plans one job)",
                "sweep --spec ../examples/batch-small.json|unknown field 'horizon'|(a batch file? 'metasched batch -i"
                        + " FILE' plans a batch of jobs)"
            })
    void aFileOfAnotherCommandIsNamedAsOne(String caseText) {
        String[] parts = caseText.split("\\|", -1);
        List<String> args = new ArrayList<>(List.of(parts[0].split(" ", -1)));
        args.addAll(List.of("-o", dir.resolve("never").toString()));
        if (args.get(0).equals("select") || args.get(0).equals("batch")) {
            args = args.subList(0, 3); // they write no directory
        }
        CliRunner.Result r = CliRunner.run(args.toArray(new String[0]));
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(parts[1]).endsWith(parts[2] + "\n").hasLineCount(1);
        assertThat(dir.resolve("never")).doesNotExist();
    }

    @Test
    void theOutputDirectoryIsGuarded() throws IOException {
        Path area = Files.createDirectories(dir.resolve("area"));
        OutputGuard.check(
                area,
                "sweep",
                "--spec",
                spec("command: simulate\noptions: {workload: SMALL}\n" + "grid: {policy: [easy, fcfs]}\n")
                        .toString(),
                "--no-progress");
    }

    /** Shard i of 2 of SWEEP (no report) into {@code dir/name}. */
    Path shard(Path spec, int i, String name) {
        Path d = dir.resolve(name);
        CliRunner.Result r = CliRunner.run(
                "sweep",
                "--spec",
                spec.toString(),
                "--shard",
                i + "/2",
                "--no-progress",
                "--no-report",
                "-o",
                d.toString());
        assertThat(r.exitCode()).as(r.err()).isIn(0, 3);
        return d;
    }

    static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (var files = Files.list(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }

    @Test
    void aShardThatIsNotWhatItsSweepJsonNamesIsRefused() throws IOException {
        Path s = spec(SWEEP);
        Path a1 = shard(s, 1, "a1");
        Path a2 = shard(s, 2, "a2");
        List<String> rows = Files.readAllLines(a1.resolve("cells.csv"));
        assertThat(rows.size()).isGreaterThan(5);
        String out = dir.resolve("m").toString();
        // two rows fewer (copied while still being written): exit 2, the shard and the missing cells named
        Path cut = copy(a1, dir.resolve("cut"));
        Files.write(cut.resolve("cells.csv"), rows.subList(0, rows.size() - 2));
        CliRunner.Result r = CliRunner.run("sweep-merge", "-o", out, cut.toString(), a2.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        String lastId = rows.get(rows.size() - 1).substring(0, 16);
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .contains(cut + ": shard 1/2 is incomplete: cells.csv has " + (rows.size() - 3) + " of the "
                        + (rows.size() - 1) + " runs")
                .contains(lastId + "/1");
        // the last line cut in the middle
        String text = Files.readString(a1.resolve("cells.csv"));
        Files.writeString(cut.resolve("cells.csv"), text.substring(0, text.length() - 7));
        r = CliRunner.run("sweep-merge", "-o", out, cut.toString(), a2.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains(cut.resolve("cells.csv") + ": the last line has no line break");
        // a row given twice, a row of another shard's cell
        List<String> twice = new ArrayList<>(rows);
        twice.add(rows.get(1));
        Files.write(cut.resolve("cells.csv"), twice);
        r = CliRunner.run("sweep-merge", "-o", out, cut.toString(), a2.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("replication " + rows.get(1).split(",", -1)[1] + " twice");
        List<String> foreign = new ArrayList<>(rows);
        foreign.add(Files.readAllLines(a2.resolve("cells.csv")).get(1));
        Files.write(cut.resolve("cells.csv"), foreign);
        r = CliRunner.run("sweep-merge", "-o", out, cut.toString(), a2.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("which its sweep.json does not name");
        assertThat(dir.resolve("m")).doesNotExist();
    }

    /** One cell, one replication, one run: each in the singular. */
    @Test
    void countsOfOneAreSingular() throws IOException {
        Path s = spec("command: simulate\noptions: {workload: SMALL}\ngrid: {policy: [easy]}\n");
        CliRunner.Result r = CliRunner.run(
                "sweep",
                "--spec",
                s.toString(),
                "--no-progress",
                "--no-report",
                "-o",
                dir.resolve("o").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("sweep s.yaml: command simulate, 1 cell x 1 replication: 1 run, 0 failed\n");
    }

    /** YAML's core schema reads True and TRUE as booleans: accepted, and the same cell as true. */
    @Test
    void aBooleanInAnyCaseIsOneCell() throws IOException {
        Path s = spec("command: simulate\noptions: {workload: SMALL, policy: easy}\n"
                + "grid: {kill: [true, \"true\", True, TRUE, False, FALSE]}\n");
        Path out = dir.resolve("out");
        CliRunner.Result r =
                CliRunner.run("sweep", "--spec", s.toString(), "--no-progress", "--no-report", "-o", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> rows = Files.readAllLines(out.resolve("cells.csv"));
        assertThat(rows).hasSize(3);
        assertThat(rows.subList(1, 3))
                .anyMatch(l -> l.contains(",easy,true,"))
                .anyMatch(l -> l.contains(",easy,false,"));
    }

    /** A shard's cells.csv or sweep.json edited after the run, or a shard whose files cannot be checked. */
    @Test
    void aShardFileChangedSinceTheShardWroteItIsRefused() throws IOException {
        Path s = spec(SWEEP);
        Path a1 = shard(s, 1, "a1");
        Path a2 = shard(s, 2, "a2");
        String out = dir.resolve("m").toString();
        // one metric of one row changed: every check of the rows passes, the hash does not
        Path edited = copy(a2, dir.resolve("edited"));
        // (the utilization column by its name: the first "0.x" of a row may be the scale, a parameter, which the
        // cell id check finds first; which rows shard 2 holds depends on the cell ids, which hold the temporary path)
        List<String> rows = new ArrayList<>(Files.readAllLines(a2.resolve("cells.csv")));
        // (and a row that has one: the failing cell's row has no metrics)
        int utilization = List.of(rows.get(0).split(",", -1)).indexOf("utilization");
        int at = 1;
        while (rows.get(at).split(",", -1)[utilization].isEmpty()) {
            at++;
        }
        String[] fields = rows.get(at).split(",", -1);
        assertThat(fields[utilization]).isNotEqualTo("0.99");
        fields[utilization] = "0.99";
        rows.set(at, String.join(",", fields));
        Files.write(edited.resolve("cells.csv"), rows);
        CliRunner.Result r = CliRunner.run("sweep-merge", "-o", out, a1.toString(), edited.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo("metasched: " + edited + ": shard 2/2: cells.csv changed since the shard wrote it (its hash"
                        + " in .metasched-output differs); re-run the shard");
        // sweep.json changed (a cell list reordered by hand, say)
        Path json = copy(a2, dir.resolve("json"));
        Files.writeString(json.resolve("sweep.json"), Files.readString(a2.resolve("sweep.json")) + "\n");
        r = CliRunner.run("sweep-merge", "-o", out, a1.toString(), json.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip())
                .isEqualTo("metasched: " + json + ": shard 2/2: sweep.json changed since the shard"
                        + " wrote it (its hash in .metasched-output differs); re-run the shard");
        // no manifest (copied without hidden files), a manifest of a version before hashes
        Path bare = copy(a2, dir.resolve("bare"));
        Files.delete(bare.resolve(".metasched-output"));
        r = CliRunner.run("sweep-merge", "-o", out, a1.toString(), bare.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .contains(bare + ": shard 2/2: no .metasched-output", "cells.csv and sweep.json cannot be checked");
        Path old = copy(a2, dir.resolve("old"));
        Files.writeString(
                old.resolve(".metasched-output"),
                "# written by metasched; the next run that writes here replaces this directory as a whole."
                        + " Files listed below:\ncells.csv\nsummary.csv\nsweep.json\n");
        r = CliRunner.run("sweep-merge", "-o", out, a1.toString(), old.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .contains(old + ": shard 2/2: its .metasched-output lists no"
                        + " hashes (written by a metasched from before 2026-11-25), so its cells.csv and sweep.json cannot be"
                        + " checked; re-run the shard");
        assertThat(dir.resolve("m")).doesNotExist();
        // the untouched shards still merge
        r = CliRunner.run("sweep-merge", "-o", out, a1.toString(), a2.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(3); // merged; SWEEP's cell of a missing trace failed
        assertThat(r.err()).isEmpty();
    }

    @Test
    void sweepMergeNeverWritesOverOneOfItsInputs() throws IOException {
        Path s = spec(SWEEP);
        Path a1 = shard(s, 1, "runs/a1");
        Path a2 = shard(s, 2, "runs/a2");
        byte[] before = Files.readAllBytes(a1.resolve("cells.csv"));
        for (Path o : List.of(a1, dir.resolve("runs"), a2.resolve("merged"), dir.resolve("runs/./a1"))) {
            CliRunner.Result r = CliRunner.run("sweep-merge", a1.toString(), a2.toString(), "-o", o.toString());
            assertThat(r.exitCode()).as(o + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n").containsAnyOf("give another -o", "refusing to replace");
        }
        assertThat(Files.readAllBytes(a1.resolve("cells.csv"))).isEqualTo(before);
        assertThat(a2.resolve("merged")).doesNotExist();
        CliRunner.Result ok = CliRunner.run(
                "sweep-merge",
                a1.toString(),
                a2.toString(),
                "-o",
                dir.resolve("merged").toString());
        assertThat(ok.exitCode()).as(ok.err()).isEqualTo(3); // merged; SWEEP's cell of a missing trace failed
        assertThat(ok.err()).isEmpty();
        assertThat(dir.resolve("merged/cells.csv")).exists();
    }

    /** More shards than cells: the empty shards are valid and merge as nothing. */
    @Test
    void emptyShardsMergeAsNothing() throws IOException {
        Path s = spec("command: simulate\noptions: {workload: SMALL}\ngrid: {policy: [fcfs, easy, conservative]}\n");
        List<String> merge = new ArrayList<>(
                List.of("sweep-merge", "-o", dir.resolve("merged").toString()));
        int empty = 0;
        for (int i = 1; i <= 8; i++) {
            Path d = dir.resolve("e" + i);
            CliRunner.Result r = CliRunner.run(
                    "sweep",
                    "--spec",
                    s.toString(),
                    "--shard",
                    i + "/8",
                    "--no-progress",
                    "--no-report",
                    "-o",
                    d.toString());
            assertThat(r.exitCode()).as(r.err()).isZero();
            empty += Files.readAllLines(d.resolve("cells.csv")).size() == 1 ? 1 : 0;
            merge.add(d.toString());
        }
        assertThat(empty).isGreaterThanOrEqualTo(5);
        CliRunner.Result m = CliRunner.run(merge.toArray(new String[0]));
        assertThat(m.exitCode()).as(m.err()).isZero();
        CliRunner.Result all = CliRunner.run(
                "sweep",
                "--spec",
                s.toString(),
                "--no-progress",
                "--no-report",
                "-o",
                dir.resolve("all").toString());
        assertThat(all.exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("merged/summary.csv")))
                .isEqualTo(Files.readString(dir.resolve("all/summary.csv")));
        assertThat(withoutWallTime(dir.resolve("merged/cells.csv")))
                .isEqualTo(withoutWallTime(dir.resolve("all/cells.csv")));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "--engine bogus|--engine: unknown engine 'bogus'; known: local, spark",
                "--master local[2]|--master is for --engine spark",
                "--engine LOCAL --shared-paths|--shared-paths is for --engine spark",
                "--engine spark --shard 1/2|Spark distributes the whole sweep itself",
                "--engine Spark --master local[2] --threads 2|with --master give them in the URL",
                "--threads 100000|--threads: must be at most 1024 (threads of this process), got 100000",
                "--threads 0|--threads: must be at least 1, got 0"
            })
    void engineOptionsThatDoNotFitAreRefused(String caseText) throws IOException {
        String[] parts = caseText.split("\\|", -1);
        Path out = dir.resolve("never");
        List<String> args = new ArrayList<>(List.of(
                "sweep",
                "--spec",
                spec("command: simulate\noptions: {workload: SMALL}\ngrid: {policy: [easy]}\n")
                        .toString(),
                "--no-progress",
                "-o",
                out.toString()));
        args.addAll(List.of(parts[0].split(" ")));
        CliRunner.Result r = CliRunner.run(args.toArray(new String[0]));
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").contains(parts[1]);
        assertThat(out).doesNotExist();
    }
}
