package org.metasched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metasched.pipeline.Outputs;
import org.metasched.pipeline.SweepRun;
import org.metasched.pipeline.SweepSpec;

/** Spark in local mode gives the local engine's cells.csv (wall time aside) and summary.csv, byte for byte. */
class SparkSweepTest {
    @TempDir
    Path dir;

    static List<String> withoutWallTime(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        int wall = List.of(lines.get(0).split(",", -1)).indexOf("wallSeconds");
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            List<String> cells = new ArrayList<>(List.of(l.split(",", -1)));
            cells.remove(wall);
            out.add(String.join(",", cells));
        }
        return out;
    }

    @Test
    void sparkLocalModeWritesTheLocalEnginesFiles() throws IOException {
        Path small = Path.of(System.getProperty("maven.multiModuleProjectDirectory", ".."), "examples", "small.swf");
        if (!Files.exists(small)) {
            small = Path.of("../examples/small.swf");
        }
        Path spec = Files.writeString(
                dir.resolve("s.yaml"),
                "command: simulate\noptions: {workload: "
                        + small.toAbsolutePath()
                        + "}\ngrid:\n  policy: [fcfs, easy, conservative]\n  scale: [0.8, 1.0]\n"
                        + "cells:\n  - {policy: easy, workload: nowhere.swf}\nreplications: 2\n");
        SweepSpec s = SweepSpec.read(spec);
        List<SweepRun.Result> local = SweepRun.run(s, SweepRun.Shard.ALL, 2, x -> {});
        SweepRun.write(dir.resolve("local"), s, SweepRun.Shard.ALL, local, Outputs.NO_REPORT);
        List<SweepRun.Result> spark = SparkSweep.run(s, "local[2]");
        SweepRun.write(dir.resolve("spark"), s, SweepRun.Shard.ALL, spark, Outputs.NO_REPORT);
        List<String> cells = withoutWallTime(dir.resolve("local/cells.csv"));
        assertThat(cells).hasSize(1 + 7 * 2);
        assertThat(withoutWallTime(dir.resolve("spark/cells.csv"))).isEqualTo(cells);
        assertThat(Files.readString(dir.resolve("spark/summary.csv")))
                .isEqualTo(Files.readString(dir.resolve("local/summary.csv")));
        assertThat(spark.stream().filter(SweepRun.Result::failed).count()).isEqualTo(2); // the missing trace, twice
    }
}
