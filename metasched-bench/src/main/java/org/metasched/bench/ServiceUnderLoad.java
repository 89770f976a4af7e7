package org.metasched.bench;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.metasched.service.Service;
import org.metasched.service.ServiceConfig;

/**
 * The service {@link ServiceLoad} measures: started on 127.0.0.1 and a free port with a new SQLite file or a new
 * database of an embedded PostgreSQL, in a JVM of its own ({@link #fork}, running {@code ServiceLoad serve}; the
 * default, so that the service's CPU is measured apart from the client's) or in the load generator's JVM ({@link
 * #startHere}). Its log (one line per request) goes to a file in its folder.
 */
final class ServiceUnderLoad {
    static final String OWNER = "load-owner-0123456789";
    static final String USER = "load-user-0123456789";
    static final String OPERATOR = "load-operator-0123456789";
    private static final String READY = "service-ready ";

    private ServiceUnderLoad() {}

    /** The service being measured: its URL, its folder, its CPU so far and how to stop it. */
    interface ServerUnderTest {
        String url();

        Path dir();

        /** The CPU time of the service's JVM so far, or -1 when it shares this JVM. */
        long serviceCpuNanos();

        /** The CPU time of the database's own processes (PostgreSQL's) so far, 0 for SQLite. */
        long databaseCpuNanos();

        void stop() throws Exception;
    }

    /** A running service and its database, in this JVM. */
    private record Started(Service service, EmbeddedPostgres pg, Path dir) {
        void stop() throws IOException {
            service.stop();
            if (pg != null) {
                pg.close();
            }
        }
    }

    private static Started start(Map<String, String> o) throws Exception {
        Path dir = Files.createTempDirectory("metasched-load");
        // the service logs one line per request, the embedded PostgreSQL its start: to a file here, so the terminal
        // shows the figures (set before anything logs, which is when Logback reads it)
        System.setProperty("logback.configurationFile", writeLogConfig(dir).toString());
        EmbeddedPostgres pg = null;
        String db;
        if (o.get("db").equals("postgresql")) {
            pg = EmbeddedPostgres.builder()
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setDataDirectory(dir.resolve("pg")) // its postmaster.pid names the server's process
                    .setCleanDataDirectory(true)
                    .start();
            try (Connection c = pg.getPostgresDatabase().getConnection();
                    Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE load");
            }
            db = pg.getJdbcUrl("postgres", "load");
        } else {
            db = dir.resolve("load.db").toString();
        }
        Path config = dir.resolve("service.yaml");
        Files.writeString(
                config,
                "clock: wall\nhorizon: 600\n"
                        + (o.get("sqlite-sync").isEmpty() ? "" : "sqlite-sync: " + o.get("sqlite-sync") + "\n")
                        + "tokens:\n"
                        + "  - {name: owner, role: owner, nodes: [\"*\"], token: " + OWNER + "}\n"
                        + "  - {name: user, role: user, token: " + USER + "}\n"
                        + "  - {name: operator, role: operator, token: " + OPERATOR + "}\n");
        Service service = Service.start(ServiceConfig.load(config, Map.of(), Map.of("port", "0", "db", db)));
        return new Started(service, pg, dir);
    }

    static ServerUnderTest startHere(Map<String, String> o) throws Exception {
        Started s = start(o);
        return new ServerUnderTest() {
            @Override
            public String url() {
                return s.service().url();
            }

            @Override
            public Path dir() {
                return s.dir();
            }

            @Override
            public long serviceCpuNanos() {
                return -1;
            }

            @Override
            public long databaseCpuNanos() {
                return s.pg() == null ? 0 : postgresCpuNanos(s.dir());
            }

            @Override
            public void stop() throws Exception {
                s.stop();
            }
        };
    }

    /** The {@code serve} mode: starts the service, prints its URL, stops when its standard input ends. */
    static void serve(Map<String, String> o) throws Exception {
        Started s = start(o);
        try {
            System.out.println(READY + s.service().url() + " " + s.dir());
            System.out.flush();
            while (System.in.read() >= 0) {
                // the parent closes our input when it is done (or dies)
            }
        } finally {
            s.stop();
        }
    }

    /** Starts the service in a JVM of its own ({@code serve} mode) and waits for its URL. */
    static ServerUnderTest fork(Map<String, String> o) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        java.util.Scanner words = new java.util.Scanner(o.get("server-jvm")); // split at white space
        while (words.hasNext()) {
            cmd.add(words.next());
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ServiceLoad.class.getName(), "serve"));
        for (String k : List.of("db", "sqlite-sync")) {
            if (!o.get(k).isEmpty()) {
                cmd.addAll(List.of("--" + k, o.get(k)));
            }
        }
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        Thread reaper = new Thread(p::destroyForcibly);
        Runtime.getRuntime().addShutdownHook(reaper);
        java.io.BufferedReader out =
                new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.startsWith(READY)) {
            System.out.println("service: " + line);
        }
        if (line == null) {
            throw new IllegalStateException("the service's JVM ended before it was ready (exit " + p.waitFor() + ")");
        }
        String rest = line.substring(READY.length());
        String[] parts = {rest.substring(0, rest.indexOf(' ')), rest.substring(rest.indexOf(' ') + 1)};
        return new ServerUnderTest() {
            @Override
            public String url() {
                return parts[0];
            }

            @Override
            public Path dir() {
                return Path.of(parts[1]);
            }

            @Override
            public long serviceCpuNanos() {
                return cpuNanos(p.toHandle());
            }

            @Override
            public long databaseCpuNanos() {
                return postgresCpuNanos(dir());
            }

            @Override
            public void stop() throws Exception {
                p.getOutputStream().close();
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
                Runtime.getRuntime().removeShutdownHook(reaper);
            }
        };
    }

    private static long cpuNanos(ProcessHandle h) {
        return h.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    /**
     * The CPU time so far of the embedded PostgreSQL in {@code dir} (its server process, named by {@code
     * postmaster.pid}, and the server's children: the backends of the service's connections, which live as long as
     * they do); 0 for SQLite. pg_ctl starts the server, so it is not a child of the service's JVM.
     */
    private static long postgresCpuNanos(Path dir) {
        Path pid = dir.resolve("pg").resolve("postmaster.pid");
        if (!Files.exists(pid)) {
            return 0;
        }
        try {
            long server = Long.parseLong(Files.readAllLines(pid).get(0).strip());
            return ProcessHandle.of(server)
                    .map(h -> {
                        long sum = cpuNanos(h);
                        for (ProcessHandle d : (Iterable<ProcessHandle>) h.descendants()::iterator) {
                            sum += cpuNanos(d);
                        }
                        return sum;
                    })
                    .orElse(0L);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static Path writeLogConfig(Path dir) throws IOException {
        Path f = dir.resolve("logback.xml");
        Files.writeString(
                f,
                "<configuration><statusListener class=\"ch.qos.logback.core.status.NopStatusListener\"/>"
                        + "<appender name=\"F\" class=\"ch.qos.logback.core.FileAppender\"><file>"
                        + dir.resolve("service.log")
                        + "</file><encoder><pattern>%d %-5level %logger{0}: %msg%n</pattern></encoder></appender>"
                        + "<logger name=\"org.eclipse.jetty\" level=\"WARN\"/><root level=\"INFO\"><appender-ref"
                        + " ref=\"F\"/></root></configuration>");
        return f;
    }
}
