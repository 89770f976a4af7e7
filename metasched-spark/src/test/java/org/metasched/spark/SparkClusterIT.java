package org.metasched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Spark standalone cluster (a Master and one Worker on 127.0.0.1, from Spark's own jars: {@link
 * LocalSparkCluster}) runs a sweep whose paths are relative to the driver's directory, which is not the executors':
 * once through spark-submit (Spark's SparkSubmit from the jars, as the spark-submit script runs it) and once through
 * {@code metasched sweep --engine spark --master spark://...}, both concurrently with the local engine. Both give
 * the local engine's cells.csv (wall time aside) and summary.csv byte for byte, with no failed cell, and both appear
 * as applications on the Master. Afterwards no process of the cluster is left.
 */
class SparkClusterIT {

    @TempDir
    static Path dir;

    static LocalSparkCluster cluster;

    static final Path ROOT =
            Path.of(System.getProperty("metasched.root", "..")).toAbsolutePath().normalize();
    static final Path CLI_JAR = ROOT.resolve("metasched-cli/target/metasched.jar");
    static final Path SPARK_JAR = LocalSparkCluster.MODULE_TARGET.resolve("metasched-spark.jar");

    @org.junit.jupiter.api.BeforeEach
    void sparkRunsOnThisJava() {
        SparkJava.assumeSupported();
    }

    @BeforeAll
    static void startCluster() throws IOException, InterruptedException {
        if (!SparkJava.supported()) {
            return; // no cluster: each test is skipped, with the reason, by sparkRunsOnThisJava
        }
        assertThat(CLI_JAR)
                .as("the command line's jar, built before this module")
                .exists();
        assertThat(SPARK_JAR).exists();
        cluster = LocalSparkCluster.start(dir);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
            assertThat(cluster.leftovers()).as("processes left running").isEmpty();
        }
    }

    record Run(int code, String out, String err) {}

    /** Runs {@code cmd} in {@code cwd} with the cluster's environment, output to files in {@code dir}. */
    static CompletableFuture<Run> start(String name, Path cwd, List<String> cmd) throws IOException {
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(cwd.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().putAll(cluster.environment());
        Process p = pb.start();
        return CompletableFuture.supplyAsync(() -> {
            try {
                if (!p.waitFor(150, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    throw new AssertionError(name + " did not end within 150 s: " + cmd);
                }
                return new Run(
                        p.exitValue(),
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void sparkSubmitAndTheCommandLineOnTheClusterGiveTheLocalEnginesFiles() throws Exception {
        // the driver's directory: a sweep file whose traces are relative to it, one of them outside it, and two of
        // them of the same file name; the executors run in the Worker's directory, where none of them is
        Path driver = Files.createDirectories(dir.resolve("driver"));
        Path traces = Files.createDirectories(driver.resolve("traces"));
        List<String> lines = Files.readAllLines(ROOT.resolve("examples/small.swf"));
        Files.write(traces.resolve("small.swf"), lines);
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.write(elsewhere.resolve("small.swf"), lines.subList(0, lines.size() - 10));
        Files.writeString(
                driver.resolve("sweep.yaml"),
                "command: simulate\ngrid:\n  workload: [traces/small.swf, ../elsewhere/small.swf]\n"
                        + "  policy: [fcfs, easy, conservative]\n  scale: [0.8, 1.0]\nreplications: 2\n");
        List<String> submit = cluster.javaCommand(
                "1g", // a driver needs 450 MB at least
                "org.apache.spark.deploy.SparkSubmit",
                "--class",
                "org.metasched.spark.SparkSweep",
                "--master",
                cluster.masterUrl(),
                "--conf",
                "spark.executor.memory=512m",
                "--conf",
                "spark.cores.max=1",
                "--conf",
                "spark.executor.extraJavaOptions=-XX:TieredStopAtLevel=1",
                SPARK_JAR.toString(),
                "--spec",
                "sweep.yaml",
                "-o",
                "submitted",
                "--no-progress");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // the command line's jar with the options ./metasched gives sweep (the Spark engine's JVM gets them too)
        List<String> launcher =
                List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC", "-XX:-UseAdaptiveSizePolicy", "-jar");
        List<String> cli = new ArrayList<>(launcher);
        cli.addAll(List.of(
                CLI_JAR.toString(),
                "sweep",
                "--spec",
                "sweep.yaml",
                "--engine",
                "spark",
                "--master",
                cluster.masterUrl(),
                "-o",
                "cli",
                "--no-progress"));
        List<String> local = new ArrayList<>(launcher);
        local.addAll(List.of(CLI_JAR.toString(), "sweep", "--spec", "sweep.yaml", "-o", "local", "--no-progress"));
        CompletableFuture<Run> a = start("submit", driver, submit);
        CompletableFuture<Run> b = start("cli", driver, cli);
        CompletableFuture<Run> c = start("local", driver, local);
        Run submitted = a.get();
        Run viaCli = b.get();
        Run locally = c.get();
        assertThat(locally.code()).as(locally.err()).isZero();
        for (Run r : List.of(submitted, viaCli)) {
            assertThat(r.code()).as(r.out() + r.err()).isZero();
            assertThat(r.out())
                    .contains("sweep sweep.yaml: command simulate, 12 cells x 2 replications: 24 runs, 0 failed")
                    .contains("ran on Spark: master " + cluster.masterUrl() + ", application app-");
        }
        List<String> cells = SparkSweepTest.withoutWallTime(driver.resolve("local/cells.csv"));
        assertThat(cells).hasSize(1 + 24);
        String summary = Files.readString(driver.resolve("local/summary.csv"));
        for (String out : List.of("submitted", "cli")) {
            assertThat(SparkSweepTest.withoutWallTime(driver.resolve(out + "/cells.csv")))
                    .as(out)
                    .isEqualTo(cells);
            assertThat(Files.readString(driver.resolve(out + "/summary.csv")))
                    .as(out)
                    .isEqualTo(summary);
        }
        // both ran as applications of this Master
        String apps = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + cluster.masterWebUiPort() + "/json/"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        for (Run r : List.of(submitted, viaCli)) {
            Matcher m = Pattern.compile("application (app-[0-9-]+)").matcher(r.out());
            assertThat(m.find()).isTrue();
            assertThat(apps).contains("\"id\" : \"" + m.group(1) + "\"");
        }
        assertThat(Pattern.compile("\"name\" : \"metasched sweep sweep.yaml\"")
                        .matcher(apps)
                        .results()
                        .count())
                .isEqualTo(2);
    }
}
