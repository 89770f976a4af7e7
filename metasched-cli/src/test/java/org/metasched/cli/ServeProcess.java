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
        List<String> args = new ArrayList<>(
                List.of("--port", "0", "--bind", "127.0.0.1", "--config", config.toString(), "--db", db));
        args.addAll(List.of(options));
        return launch(dir, args.toArray(String[]::new));
    }

    /** {@code metasched serve ARGS} in {@code dir} (no options: a newcomer's first start, there). */
    static ServeProcess launch(Path dir, String... args) throws IOException, InterruptedException {
        Path log = Files.createTempFile(dir, "serve", ".log");
        List<String> cmd = new ArrayList<>(List.of("java", "-jar", JarRunner.JAR.toString(), "serve"));
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
