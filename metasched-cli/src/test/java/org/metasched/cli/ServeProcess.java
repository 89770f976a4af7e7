package org.metasched.cli;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code java -jar metasched.jar serve} in a JVM of its own on 127.0.0.1 and a free port, for the end-to-end tests
 * that kill it ({@code kill -9}: {@link #kill}) or stop it ({@code SIGTERM}: {@link #terminate}); {@link #close}
 * always kills what is left, so no process outlives a test.
 */
final class ServeProcess implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");

    final Process process;
    final Path log;
    final String url;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private ServeProcess(Process process, Path log, String url) {
        this.process = process;
        this.log = log;
        this.url = url;
    }

    static ServeProcess start(Path dir, Path config, String db) throws IOException, InterruptedException {
        return start(dir, config, db, new String[0]);
    }

    /** With more options of {@code serve} ({@code --clock manual}, say). */
    static ServeProcess start(Path dir, Path config, String db, String... options)
            throws IOException, InterruptedException {
        return start(C1, dir, config, db, options);
    }

    /** With these JVM options ({@link #C1} or none: the JVM's default compilers). */
    static ServeProcess start(List<String> jvmOptions, Path dir, Path config, String db, String... options)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(
                List.of("--port", "0", "--bind", "127.0.0.1", "--config", config.toString(), "--db", db));
        args.addAll(List.of(options));
        List<String> jvm = new ArrayList<>(jvmOptions);
        jvm.addAll(archiveOptions());
        return launch(jvm, dir, args.toArray(String[]::new));
    }

    /**
     * The JIT's first tier only, as the launcher runs its short commands: the services of the tests answer some
     * hundreds of requests and plan small cycles, over before C2 pays back its compile time (it took a core of the
     * two at each start). {@link WebViewPerformanceIT}, which plans 2,000 jobs and times the service, keeps both.
     */
    static final List<String> C1 = List.of("-XX:TieredStopAtLevel=1");

    /** {@code metasched serve ARGS} in {@code dir} (no options: a newcomer's first start, there). */
    static ServeProcess launch(Path dir, String... args) throws IOException, InterruptedException {
        List<String> jvm = new ArrayList<>(C1);
        jvm.addAll(archiveOptions());
        return launch(jvm, dir, args);
    }

    /** {@code java OPTIONS -jar metasched.jar serve ARGS} in {@code dir}. */
    private static ServeProcess launch(List<String> jvmOptions, Path dir, String... args)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile(dir, "serve", ".log");
        List<String> cmd = new ArrayList<>(List.of("java"));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-jar", JarRunner.JAR.toString(), "serve"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (m.find()) {
                return new ServeProcess(p, log, m.group(1));
            }
            if (!p.isAlive()) {
                throw new AssertionError("metasched serve ended: " + Files.readString(log, StandardCharsets.UTF_8));
            }
            Thread.sleep(50);
        }
        p.destroyForcibly().waitFor();
        throw new AssertionError("metasched serve did not start in 120 s: " + Files.readString(log));
    }

    /**
     * The class-data archive of the service's classes ({@code target/serve-cds.jsa}, JDK 17 dynamic AppCDS), made
     * once for the jar and used by every service the tests start: a start loads some 6,000 classes (Javalin, Jetty,
     * Flyway, the JDBC drivers, Jackson), which took 3-6 s of the test's time at each of the ~30 starts of the
     * end-to-end classes; mapped from the archive they are parsed and verified once. Where it comes from changes
     * nothing the tests check (the service's output, answers and exit codes are the same; the archive is only read).
     * Made by a service that publishes a node, plans a job and serves the page, then is stopped with SIGTERM (the
     * JVM writes the archive as it exits), into a temporary file renamed when complete; one test JVM makes it while
     * the others wait on a file lock. Without an archive (it could not be made) the services start without one.
     */
    private static List<String> archiveOptions;

    static final Path ARCHIVE = Path.of("target", "serve-cds.jsa").toAbsolutePath();

    private static final List<String> CDS_QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");

    static synchronized List<String> archiveOptions() throws IOException, InterruptedException {
        if (archiveOptions == null) {
            try (java.nio.channels.FileChannel lock = java.nio.channels.FileChannel.open(
                    ARCHIVE.resolveSibling("serve-cds.lock"),
                    java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.WRITE)) {
                java.nio.channels.FileLock held = lock.lock(); // released as the channel closes
                if (!current()) {
                    train();
                }
                held.release();
            }
            List<String> options = new ArrayList<>();
            if (current()) {
                options.add("-XX:SharedArchiveFile=" + ARCHIVE);
                options.addAll(CDS_QUIET);
            }
            archiveOptions = List.copyOf(options);
        }
        return archiveOptions;
    }

    /** Whether the archive is there and newer than the jar. */
    private static boolean current() throws IOException {
        return Files.isRegularFile(ARCHIVE)
                && Files.getLastModifiedTime(ARCHIVE).compareTo(Files.getLastModifiedTime(JarRunner.JAR)) > 0;
    }

    private static void train() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("metasched-serve-cds");
        Path tmp = ARCHIVE.resolveSibling("serve-cds." + ProcessHandle.current().pid() + ".tmp");
        try {
            Path config = dir.resolve("service.yaml");
            Files.writeString(
                    config,
                    "clock: manual\nhorizon: 600\ntokens:\n"
                            + "  - {name: o, role: owner, nodes: [\"*\"], token: owner-cds-0123456789}\n"
                            + "  - {name: u, role: user, token: user-cds-0123456789}\n"
                            + "  - {name: op, role: operator, token: operator-cds-0123456789}\n");
            List<String> options = new ArrayList<>(List.of("-XX:ArchiveClassesAtExit=" + tmp));
            options.addAll(CDS_QUIET);
            try (ServeProcess s = launch(
                    options,
                    dir,
                    "--port",
                    "0",
                    "--bind",
                    "127.0.0.1",
                    "--config",
                    config.toString(),
                    "--db",
                    dir.resolve("t.db").toString())) {
                s.call("PUT", "/v1/nodes/n1", "owner-cds-0123456789", "{\"performance\":2,\"price\":1}");
                s.call("POST", "/v1/jobs", "user-cds-0123456789", "{\"nodes\":1,\"volume\":10,\"budget\":100}");
                s.call("POST", "/v1/cycles", "operator-cds-0123456789", null);
                s.call("GET", "/v1/jobs", "operator-cds-0123456789", null);
                s.call("GET", "/v1/view", "operator-cds-0123456789", null);
                s.call("GET", "/", "operator-cds-0123456789", null);
                if (s.terminate(60) != -1 && Files.size(tmp) > 0) {
                    Files.move(
                            tmp,
                            ARCHIVE,
                            java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException | AssertionError e) {
            // no archive: the services start without one
        } finally {
            Files.deleteIfExists(tmp);
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(f -> f.toFile().delete());
            }
        }
    }

    /** An answer: status and JSON (null when the body is not JSON). */
    record Answer(int status, JsonNode json, String body) {}

    Answer call(String method, String path, String token, String body, String... headers) throws IOException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url + path))
                .timeout(Duration.ofMinutes(2))
                .header("Authorization", "Bearer " + token)
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode json = null;
            try {
                json = JSON.readTree(r.body());
            } catch (RuntimeException e) {
                // not JSON
            }
            return new Answer(r.statusCode(), json, r.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** kill -9: no shutdown hook, no chance to finish anything. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM; returns the exit code, or -1 when it did not end within {@code seconds}. */
    int terminate(double seconds) throws InterruptedException {
        process.destroy();
        return process.waitFor((long) (seconds * 1000), TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
    }

    String output() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
