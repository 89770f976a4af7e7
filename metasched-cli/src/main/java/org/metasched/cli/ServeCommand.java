package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.metasched.service.Service;
import org.metasched.service.ServiceConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code metasched serve}: the VO's metascheduler as an HTTP service ({@link Service}, module metasched-service). Only
 * this command and the client commands load the service's libraries.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run the virtual organization's metascheduler (paper P002) as an HTTP service: owners publish priced nodes,"
                    + " users submit budgeted jobs, every cycle plans the waiting jobs as 'metasched batch' does and"
                    + " the reservations persist (SQLite by default, or PostgreSQL).",
            "Without --config it reads results/service.yaml, written with new tokens on first start; METASCHED_*"
                    + " environment variables override the file, the options override both. Stops on Ctrl-C or"
                    + " SIGTERM after the running cycle. The API and a quick start: docs/service.md."
        },
        footer = {"", "Example: metasched serve   (then, in another terminal: metasched nodes --as owner)"})
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--port",
            paramLabel = "PORT",
            order = HelpLayout.INPUTS,
            converter = Options.WholeInt.class,
            description = "TCP port, 0 for any free one (default: 8080).")
    Integer port;

    @Option(
            names = "--bind",
            paramLabel = "ADDRESS",
            order = HelpLayout.INPUTS + 1,
            description = "Address to listen on (default: 127.0.0.1, this machine only).")
    String bind;

    @Option(
            names = "--db",
            paramLabel = "FILE|URL",
            order = HelpLayout.INPUTS + 2,
            description = "A SQLite file (default: results/service.db), created on first start, or a PostgreSQL"
                    + " database at a JDBC URL, jdbc:postgresql://HOST/DB (user and password: --config or"
                    + " METASCHED_DB_USER, METASCHED_DB_PASSWORD).")
    String db;

    @Option(
            names = "--config",
            paramLabel = "FILE",
            order = HelpLayout.INPUTS + 3,
            description = "The configuration file: settings and tokens (default: results/service.yaml, written with new"
                    + " random tokens when missing).")
    Path config;

    @Option(
            names = "--clock",
            paramLabel = "MODE",
            order = HelpLayout.POLICY,
            description = "wall (seconds since the service's first start, the default) or manual (moved by POST"
                    + " /v1/clock: tests, demonstrations, replays).")
    String clock;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Path file = config;
        if (file == null) {
            file = ServiceConfig.DEFAULT_FILE;
            if (ServiceConfig.writeDefault(file)) {
                out.println("metasched serve: wrote " + file + " with new random tokens for 'operator', 'owner' (of"
                        + " every node) and 'user'; the client commands take them with --as NAME");
            }
        }
        Map<String, String> options = new LinkedHashMap<>();
        options.put("port", port == null ? null : port.toString());
        options.put("bind", bind);
        options.put("db", db);
        options.put("clock", clock);
        ServiceConfig c = ServiceConfig.load(file, System.getenv(), options);
        out.println("metasched serve: configuration from " + file + ", METASCHED_* variables and options (secrets"
                + " masked):");
        c.describe().forEach(out::println);
        out.flush();
        Service service = Service.start(c);
        Thread hook = new Thread(() -> stopWithin(service, c.gracePeriodSeconds()), "metasched-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        out.println("metasched serve: listening on " + service.url() + " (Ctrl-C or SIGTERM stops it after the running"
                + " cycle)");
        out.println(
                "metasched serve: the live view is at " + service.url() + "/ (sign in with a token of " + file + ")");
        out.flush();
        service.awaitStop();
        return 0;
    }

    /** SIGTERM: a graceful stop, and past the grace period an immediate end (the open transaction rolls back). */
    private static void stopWithin(Service service, double graceSeconds) {
        Thread t = new Thread(service::stop, "metasched-graceful-stop");
        t.setDaemon(true);
        t.start();
        try {
            t.join((long) (graceSeconds * 1000) + 500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (t.isAlive()) {
            System.err.println("metasched serve: the grace period of " + graceSeconds + " s is over; stopping now (the"
                    + " unfinished change is rolled back)");
            Runtime.getRuntime().halt(143);
        }
        System.out.println("metasched serve: stopped");
        System.out.flush();
    }
}
