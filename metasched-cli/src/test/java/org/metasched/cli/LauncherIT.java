package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code metasched} launcher script itself, run by bash in a scratch repository: the script, a {@code pom.xml},
 * a main and a test source, and a stub {@code mvnw} that logs each build and "builds" by copying the packaged jar.
 * It builds on first use and when a main source or a pom is newer than the jar (not for a test source), one
 * launcher at a time with either lock, says so in one line when it waits or fails, makes its class-data archive
 * silently, and hands {@code METASCHED_JAVA_OPTS} to the JVM.
 */
class LauncherIT {
    private static final Path SCRIPT =
            Path.of("..", "metasched").toAbsolutePath().normalize();
    private static final FileTime HOUR_AGO = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);

    @TempDir
    Path repo;

    @TempDir
    Path outputs;

    private Path jar;
    /** Where the launcher runs: the scratch repository, or a copy of it in another folder. */
    private Path root;

    private Path mainSource;
    private Path testSource;

    record Run(int exit, String out, String err) {}

    @BeforeEach
    void scratchRepository() throws IOException {
        Files.copy(SCRIPT, repo.resolve("metasched"));
        Path mvnw = repo.resolve("mvnw");
        Files.writeString(
                mvnw,
                String.join(
                        "\n",
                        "#!/usr/bin/env bash",
                        "here=\"$(cd \"$(dirname \"$0\")\" && pwd)\"",
                        "echo \"$*\" >> \"$here/builds.log\"",
                        "sleep \"${STUB_SLEEP:-0}\"",
                        "[ -z \"${STUB_FAIL:-}\" ] || exit 1",
                        "for a in \"$@\"; do case \"$a\" in -Dmetasched.jar.name=*) name=\"${a#*=}\";; esac; done",
                        "mkdir -p \"$here/metasched-cli/target\"",
                        "cp '" + JarRunner.JAR + "' \"$here/metasched-cli/target/$name.jar\"",
                        ""));
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(repo.resolve("pom.xml"), "<project/>\n");
        mainSource = repo.resolve("metasched-cli/src/main/java/org/metasched/cli/Main.java");
        testSource = repo.resolve("metasched-cli/src/test/java/org/metasched/cli/MainTest.java");
        for (Path p : List.of(mainSource, testSource)) {
            Files.createDirectories(p.getParent());
            Files.writeString(p, "class X {}\n");
        }
        for (Path p : List.of(repo.resolve("pom.xml"), mainSource, testSource)) {
            Files.setLastModifiedTime(p, HOUR_AGO);
        }
        jar = repo.resolve("metasched-cli/target/metasched.jar");
        root = repo;
    }

    private List<String> builds() throws IOException {
        Path log = repo.resolve("builds.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    /** A launcher started, with the files its output goes to. */
    private record Started(Process process, Path out, Path err) {}

    private Started start(Map<String, String> env, String... args) throws IOException {
        List<String> command =
                new ArrayList<>(List.of("bash", root.resolve("metasched").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile());
        for (String v : List.of("METASCHED_JAVA_OPTS", "METASCHED_NO_CDS", "METASCHED_LOCK", "METASCHED_TIMINGS")) {
            pb.environment().remove(v);
        }
        pb.environment().putAll(env);
        Path out = Files.createTempFile(outputs, "launcher", ".out");
        Path err = Files.createTempFile(outputs, "launcher", ".err");
        return new Started(
                pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start(), out, err);
    }

    private static Run finish(Started s) throws Exception {
        Process p = s.process();
        try {
            assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("the launcher ends").isTrue();
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        return new Run(
                p.exitValue(),
                Files.readString(s.out(), StandardCharsets.UTF_8),
                Files.readString(s.err(), StandardCharsets.UTF_8));
    }

    private Run run(Map<String, String> env, String... args) throws Exception {
        return finish(start(env, args));
    }

    private static String version() {
        JarRunner.Result r = JarRunner.run(Path.of("."), "--version");
        assertThat(r.exitCode()).isZero();
        return r.out();
    }

    @Test
    void buildsOnFirstUseAndWhenAMainSourceOrAPomIsNewerNeverForATest() throws Exception {
        String version = version();
        Run first = run(Map.of(), "--version");
        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.out()).isEqualTo(version);
        assertThat(first.err())
                .isEqualTo("metasched: building the jar (first use or sources changed; takes a minute)...\n");
        assertThat(builds()).hasSize(1);
        assertThat(builds().get(0)).contains("-pl metasched-cli -am package").contains("-DskipTests");
        assertThat(jar).exists();
        try (Stream<Path> s = Files.list(jar.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("metasched.jar");
        }

        Run again = run(Map.of(), "--version");
        assertThat(again).isEqualTo(new Run(0, version, ""));
        assertThat(builds()).hasSize(1);

        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Files.setLastModifiedTime(testSource, FileTime.fromMillis(System.currentTimeMillis()));
        assertThat(run(Map.of(), "--version")).isEqualTo(new Run(0, version, ""));
        assertThat(builds()).as("a test source is not in the jar").hasSize(1);

        Files.setLastModifiedTime(mainSource, FileTime.fromMillis(System.currentTimeMillis()));
        assertThat(run(Map.of(), "--version").exit()).isZero();
        assertThat(builds()).as("a main source is").hasSize(2);

        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Files.setLastModifiedTime(mainSource, HOUR_AGO);
        Files.setLastModifiedTime(repo.resolve("pom.xml"), FileTime.fromMillis(System.currentTimeMillis()));
        assertThat(run(Map.of(), "--version").exit()).isZero();
        assertThat(builds()).as("so is a pom").hasSize(3);
    }

    @Test
    void launchersStartedTogetherOnAFreshCheckoutBuildOnceWithEitherLock() throws Exception {
        String version = version();
        for (Map<String, String> lock : List.of(Map.<String, String>of(), Map.of("METASCHED_LOCK", "mkdir"))) {
            Files.deleteIfExists(jar);
            Files.deleteIfExists(repo.resolve("builds.log"));
            Map<String, String> env = new java.util.HashMap<>(lock);
            env.put("STUB_SLEEP", "2");
            Started a = start(env, "--version");
            Thread.sleep(300); // the first takes the lock; if the second came first, the roles swap, same checks
            Started b = start(env, "--version");
            Run ra = finish(a);
            Run rb = finish(b);
            assertThat(builds()).as("one build for both, lock " + lock).hasSize(1);
            assertThat(List.of(ra.exit(), rb.exit())).containsExactly(0, 0);
            assertThat(List.of(ra.out(), rb.out())).containsExactly(version, version);
            assertThat(ra.err() + rb.err())
                    .contains("metasched: another metasched is building the jar; waiting for it...");
            assertThat(repo.resolve(".metasched-build.lock.d")).doesNotExist();
        }
    }

    @Test
    void aMkdirLockLeftByADeadLauncherOnThisHostIsTakenOver() throws Exception {
        Process dead = new ProcessBuilder("true").start();
        dead.waitFor();
        String host = "localhost"; // what the launcher writes where hostname(1) is missing (minimal containers)
        try {
            Process hostname = new ProcessBuilder("hostname").start();
            host = new String(hostname.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            hostname.waitFor();
        } catch (IOException noHostnameCommand) {
            // keep localhost, as the launcher does
        }
        Path lock = Files.createDirectory(repo.resolve(".metasched-build.lock.d"));
        Files.writeString(lock.resolve("owner"), host + ":" + dead.pid() + "\n");
        Run r = run(Map.of("METASCHED_LOCK", "mkdir"), "--version");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(version());
        assertThat(builds()).hasSize(1);
        assertThat(lock).doesNotExist();
    }

    @Test
    void aFailedBuildIsOneLineAndExitOneLeavingNoPartialJar() throws Exception {
        Run r = run(Map.of("STUB_FAIL", "1"), "--version");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .isEqualTo("metasched: building the jar (first use or sources changed; takes a minute)...\n"
                        + "metasched: build failed; run './mvnw -DskipTests package' to see why\n");
        assertThat(jar).doesNotExist();
    }

    @Test
    void theClassDataArchiveIsMadeSilentlyAndUsedAndJavaOptsReplaceTheLaunchersOwn() throws Exception {
        assertThat(run(Map.of(), "--version").exit()).isZero(); // the build
        Run help = run(Map.of(), "--help");
        assertThat(help.exit()).as(help.err()).isZero();
        assertThat(help.err()).isEmpty();
        assertThat(help.out()).startsWith("Usage: metasched");
        Path archive = jar.resolveSibling("metasched-cds.jsa");
        assertThat(archive).exists();
        assertThat(jar.resolveSibling("metasched-cds.jsa.failed")).doesNotExist();
        try (Stream<Path> s = Files.list(jar.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .as("no temporary archive or lock left")
                    .containsExactlyInAnyOrder(
                            "metasched.jar",
                            "metasched-cds.jsa",
                            "metasched-cds.jsa.fixed", // this JVM maps it unrelocated (simulate's option)
                            "metasched-report-assets.zip");
        }
        FileTime made = Files.getLastModifiedTime(archive);
        assertThat(run(Map.of(), "--help")).isEqualTo(help);
        assertThat(Files.getLastModifiedTime(archive)).as("made once").isEqualTo(made);
        assertThat(run(Map.of("METASCHED_NO_CDS", "1"), "--help")).isEqualTo(help);

        Run opts = run(Map.of("METASCHED_JAVA_OPTS", "-XshowSettings:properties"), "--version");
        assertThat(opts.exit()).isZero();
        assertThat(opts.out()).isEqualTo(version());
        assertThat(opts.err()).contains("Property settings:");
    }

    /**
     * The report page's resources come from the launcher's copy beside the jar (made once, from the jar, with no
     * temporary file left): a report written through the launcher is byte for byte the one written without it
     * (METASCHED_JAVA_OPTS set: the jar's own resources), and a damaged copy is made again only when the jar is
     * newer, while the reports stay the same (its resources then come from the jar).
     */
    @Test
    void theReportsResourcesComeFromACopyBesideTheJarAndTheReportIsTheSame() throws Exception {
        assertThat(run(Map.of(), "--version").exit()).isZero(); // the build
        String[] simulate = {"simulate", "--policy", "easy", "--workload", example(), "-o", "report-out"};
        Run through = run(Map.of(), simulate);
        assertThat(through.exit()).as(through.err()).isZero();
        Path copy = jar.resolveSibling("metasched-report-assets.zip");
        assertThat(copy).isNotEmptyFile();
        byte[] withCopy = Files.readAllBytes(root.resolve("report-out/report.html"));
        Run without = run(Map.of("METASCHED_JAVA_OPTS", ""), simulate);
        assertThat(without.exit()).as(without.err()).isZero();
        assertThat(Files.readAllBytes(root.resolve("report-out/report.html")))
                .as("report.html with the copy and with the jar's resources")
                .isEqualTo(withCopy);

        Files.writeString(copy, "damaged");
        Files.setLastModifiedTime(copy, Files.getLastModifiedTime(jar)); // not newer than the jar: made again
        assertThat(run(Map.of(), simulate).exit()).isZero();
        assertThat(Files.size(copy)).as("made again").isGreaterThan(500_000);
        assertThat(Files.readAllBytes(root.resolve("report-out/report.html"))).isEqualTo(withCopy);
        Files.writeString(copy, "damaged"); // newer than the jar: kept, and the jar's resources used
        assertThat(run(Map.of(), simulate).exit()).isZero();
        assertThat(Files.readAllBytes(root.resolve("report-out/report.html"))).isEqualTo(withCopy);
        try (Stream<Path> s = Files.list(jar.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    /**
     * METASCHED_TIMINGS through the launcher: the script's own time and the JVM's start-up to main are two rows, from
     * the stamps it exports at its start and at the exec (also with METASCHED_JAVA_OPTS). The JVM's "start time" is
     * when its creation was done, and had counted the creation as the launcher's.
     */
    @Test
    void theTimingsSplitTheLaunchersOwnTimeFromTheJvmsStart() throws Exception {
        assertThat(run(Map.of(), "--version").exit()).isZero(); // the build
        for (Map<String, String> env : List.of(
                Map.of("METASCHED_TIMINGS", "1"), Map.of("METASCHED_TIMINGS", "1", "METASCHED_JAVA_OPTS", ""))) {
            Run help = run(env, "--help");
            assertThat(help.exit()).as(help.err()).isZero();
            assertThat(help.err())
                    .as(env.toString())
                    .containsPattern("(?m)^  start-up to main +\\d+\\.\\d$")
                    .containsPattern("(?m)^  launcher script +\\d+\\.\\d$")
                    .containsPattern("(?m)^  JVM start to main +\\d+\\.\\d$")
                    .containsPattern("(?m)^  main to exit +\\d+\\.\\d$");
        }
    }

    /**
     * A repository in a folder whose path has spaces (and a glob character), as a user's own folders do: every command
     * runs with the class-data archive. The launcher's JVM options were one string split by the shell, so the
     * archive's path broke in two and every command but --version failed ("Could not find or load main class").
     */
    @Test
    void aRepositoryInAFolderWithSpacesRunsWithItsArchive() throws Exception {
        Path spaced = Files.createDirectories(outputs.resolve("my projects [2026]/metasched *"));
        try (Stream<Path> s = Files.walk(repo)) {
            for (Path p : s.toList()) {
                Path to = spaced.resolve(repo.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        root = spaced;
        assertThat(run(Map.of(), "--version").exit()).isZero(); // the build
        Run help = run(Map.of(), "simulate", "--help"); // makes the archive
        assertThat(help.exit()).as(help.err()).isZero();
        assertThat(help.err()).isEmpty();
        assertThat(help.out()).startsWith("Usage: metasched simulate");
        assertThat(spaced.resolve("metasched-cli/target/metasched-cds.jsa")).exists();
        assertThat(run(Map.of(), "simulate", "--help")).as("with the archive").isEqualTo(help);
        Run simulate = run(
                Map.of(),
                "simulate",
                "--policy",
                "easy",
                "--workload",
                example(),
                "--no-report",
                "-o",
                spaced.resolve("out put").toString());
        assertThat(simulate.exit()).as(simulate.err()).isZero();
        assertThat(spaced.resolve("out put/jobs.csv")).exists();
    }

    /** The repository's small example trace. */
    private static String example() {
        return Path.of("..", "examples", "small.swf")
                .toAbsolutePath()
                .normalize()
                .toString();
    }

    /** The kernel's setting as the launcher reads it: huge pages given always or on request. */
    private static boolean hugePagesOffered() throws IOException {
        Path setting = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        String mode = Files.isReadable(setting) ? Files.readString(setting) : "";
        return mode.contains("[always]") || mode.contains("[madvise]");
    }

    private static String hugePagesFlag(Run r) {
        return flagValue(r, "UseTransparentHugePages");
    }

    /** A JVM flag's value as {@code -XX:+PrintFlagsFinal} printed it, or "missing" (a diagnostic flag not unlocked). */
    private static String flagValue(Run r, String flag) {
        return r.out()
                .lines()
                .filter(l -> l.matches("\\s*\\w+ " + flag + "\\s+=.*"))
                .map(l -> l.replaceAll(".*=\\s*(\\w+).*", "$1"))
                .findFirst()
                .orElse("missing");
    }

    @Test
    void transparentHugePagesAreAskedForSimulateWhereTheKernelGivesThemOnlyAndNeverWithAWarning() throws Exception {
        assertThat(run(Map.of(), "--version").exit()).isZero(); // the build
        // no JVM warning on standard error, whatever the kernel's setting (this run also makes the archive)
        assertThat(run(Map.of(), "simulate", "--help").err()).isEmpty();
        Map<String, String> flags = Map.of("JDK_JAVA_OPTIONS", "-XX:+PrintFlagsFinal");
        Run simulate = run(flags, "simulate", "--help");
        assertThat(simulate.exit()).as(simulate.err()).isZero();
        assertThat(hugePagesFlag(simulate)).isEqualTo(String.valueOf(hugePagesOffered()));
        // not under the default collector's larger heap, where the kernel's zeroing of whole huge pages cost run
        // 1.16 of the wall (docs/performance.md, twenty-second session)
        for (String command : List.of("serve", "run", "reproduce", "gang")) {
            Run other = run(flags, command, "--help");
            assertThat(other.exit()).as(other.err()).isZero();
            assertThat(hugePagesFlag(other)).as(command).isEqualTo("false");
        }
        // simulate maps the class-data archives where they were made to be (docs/performance.md, twenty-seventh
        // session); the JVM's default, relocation, everywhere else
        assertThat(flagValue(simulate, "ArchiveRelocationMode")).isEqualTo("0");
        for (String command : List.of("serve", "run", "gang")) {
            assertThat(flagValue(run(flags, command, "--help"), "ArchiveRelocationMode"))
                    .as(command)
                    .isNotEqualTo("0");
        }
        // the java launcher's note about JDK_JAVA_OPTIONS is the only line on standard error
        assertThat(simulate.err().lines()).allMatch(l -> l.startsWith("NOTE: Picked up JDK_JAVA_OPTIONS"));
    }
}
