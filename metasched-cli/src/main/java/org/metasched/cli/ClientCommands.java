package org.metasched.cli;

import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.metasched.model.InputFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client commands over a running {@code metasched serve} (docs/service.md): {@code submit}, {@code cycle} and
 * {@code clock} here, {@link JobsCommand}, {@link NodesCommand}, {@link MoneyCommands} (quotes) and {@link
 * AccountsCommand} beside, and what they share: printing an answer as a table or as the service's JSON, and ids in
 * paths. Each builds one request, sends it and prints the answer; they know nothing of scheduling.
 */
final class ClientCommands {
    private ClientCommands() {}

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Prints an answer as JSON or with {@code table}. */
    static int print(CommandSpec spec, ServiceClient.Connection c, JsonNode json, TablePrinter table) {
        PrintWriter out = spec.commandLine().getOut();
        if (c.json()) {
            out.println(ServiceClient.pretty(json));
        } else {
            table.print(out, json);
        }
        out.flush();
        return 0;
    }

    @FunctionalInterface
    interface TablePrinter {
        void print(PrintWriter out, JsonNode json);
    }

    static String path(String id) {
        return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * A job's request as {@code submit} and {@code quote} send it: its nodes, volume and budget, to which the command
     * adds its other fields in their order, {@link NodeFilters} last.
     */
    static ObjectNode request(Integer nodes, Double volume, Double budget) {
        ObjectNode b = NODES.objectNode();
        b.put("nodes", nodes);
        b.put("volume", volume);
        b.put("budget", budget);
        return b;
    }

    /**
     * The options that narrow the nodes a job's window may use, the same in {@code submit} and {@code quote}, and
     * their fields in its request. (The commands declare --nodes, --volume, --budget and --deadline themselves:
     * {@code submit} has picocli require the first three, {@code quote} checks them itself because its subcommands do
     * not take them, and the help of --deadline differs.) Their order puts them after the command's other inputs.
     */
    static final class NodeFilters {
        @Option(
                names = "--min-performance",
                paramLabel = "P",
                order = HelpLayout.INPUTS + 6,
                converter = Options.RealNumber.class,
                description = "Only nodes at least this fast.")
        Double minPerformance;

        @Option(
                names = "--max-price",
                paramLabel = "C",
                order = HelpLayout.INPUTS + 7,
                converter = Options.RealNumber.class,
                description = "Only nodes at most this price per time unit.")
        Double maxPrice;

        /** Adds the filters given to {@code request}. */
        void putInto(ObjectNode request) {
            if (minPerformance != null) {
                request.put("minPerformance", minPerformance);
            }
            if (maxPrice != null) {
                request.put("maxPrice", maxPrice);
            }
        }
    }

    @Command(
            name = "submit",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "Submit a job to a running 'metasched serve' (a user's token): n nodes at once, the volume of each"
                        + " task, the budget for the whole window; the next cycle plans it."
            },
            footer = {"", "Example: metasched submit --as user --nodes 2 --volume 60 --budget 400"})
    static final class Submit extends ClientCommand {
        @Option(
                names = "--nodes",
                required = true,
                paramLabel = "N",
                order = HelpLayout.INPUTS,
                converter = Options.PositiveInt.class,
                description = "Nodes needed at the same time.")
        Integer nodes;

        @Option(
                names = "--volume",
                required = true,
                paramLabel = "V",
                order = HelpLayout.INPUTS + 1,
                converter = Options.RealNumber.class,
                description = "The work of each task (runs V / performance).")
        Double volume;

        @Option(
                names = "--budget",
                required = true,
                paramLabel = "C",
                order = HelpLayout.INPUTS + 2,
                converter = Options.RealNumber.class,
                description = "The most the whole window may cost.")
        Double budget;

        @Option(
                names = "--criterion",
                paramLabel = "NAME",
                order = HelpLayout.INPUTS + 3,
                description = "The job's own criterion: start, runtime, finish or cost (default: cost).")
        String criterion;

        @Option(
                names = "--deadline",
                paramLabel = "T",
                order = HelpLayout.INPUTS + 4,
                converter = Options.RealNumber.class,
                description = "The latest finish (service time); the job fails when it passes while the job waits.")
        Double deadline;

        @Option(
                names = "--client-id",
                paramLabel = "TEXT",
                order = HelpLayout.INPUTS + 5,
                description = "Your own name for the job, kept with it.")
        String clientId;

        @Mixin
        NodeFilters filters;

        @Option(
                names = "--idempotency-key",
                paramLabel = "KEY",
                order = HelpLayout.INPUTS + 8,
                description = "Sent as Idempotency-Key: a retry with the same key returns the same job.")
        String key;

        @Override
        public Integer call() {
            ServiceClient client = connection.open();
            ObjectNode b = request(nodes, volume, budget);
            if (criterion != null) {
                b.put("criterion", criterion);
            }
            if (deadline != null) {
                b.put("deadline", deadline);
            }
            if (clientId != null) {
                b.put("clientId", clientId);
            }
            filters.putInto(b);
            ServiceClient.Answer a = client.call("POST", "/v1/jobs", b.toString(), "Idempotency-Key", key);
            return print(a, ClientTables::job);
        }
    }

    @Command(
            name = "cycle",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "The scheduling cycles of a running 'metasched serve' (the operator's token): list them, or run one"
                        + " now, show one (its plan as 'metasched batch' makes it) or print its input as a batch file."
            },
            subcommands = {Cycle.Run.class, Cycle.Show.class, Cycle.Input.class},
            footer = {"", "Example: metasched cycle run --as operator"})
    static final class Cycle extends ClientCommand {
        @Override
        public Integer call() {
            return ClientCommands.print(
                    spec,
                    connection,
                    connection.open().all("/v1/cycles", "cycles", "cycle"),
                    (o, j) -> ClientTables.cycles(o, j.get("cycles")));
        }

        @Command(
                name = "run",
                mixinStandardHelpOptions = true,
                description = "Run a cycle now: the waiting jobs as one batch.")
        static final class Run extends ClientCommand {
            @Override
            public Integer call() {
                return send("POST", "/v1/cycles", null, ClientTables::cycle);
            }
        }

        @Command(
                name = "show",
                mixinStandardHelpOptions = true,
                description = "One cycle: its batch's alternatives and choices, and what became of each job.")
        static final class Show extends ClientCommand {
            @Parameters(paramLabel = "N", description = "The cycle's number.")
            String n;

            @Override
            public Integer call() {
                return get("/v1/cycles/" + path(n), ClientTables::cycle);
            }
        }

        @Command(
                name = "input",
                mixinStandardHelpOptions = true,
                description = "A cycle's input as a batch file: 'metasched batch -i FILE' plans it again.")
        static final class Input extends ClientCommand {
            @Parameters(paramLabel = "N", description = "The cycle's number.")
            String n;

            @Override
            public Integer call() {
                ServiceClient.Answer a = connection.open().call("GET", "/v1/cycles/" + path(n) + "/input", null);
                PrintWriter out = spec.commandLine().getOut();
                out.println(ServiceClient.pretty(a.json()));
                out.flush();
                return 0;
            }
        }
    }

    @Command(
            name = "clock",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "The time of a running 'metasched serve'; under --clock manual the operator moves it (reservations"
                        + " start and end, cycles of the cycle period run on the way)."
            },
            footer = {"", "Example: metasched clock --as operator --advance 50"})
    static final class Clock extends ClientCommand {
        @Option(
                names = "--advance",
                order = HelpLayout.INPUTS + 10, // the request's inputs, after any positional one
                paramLabel = "DT",
                converter = Options.RealNumber.class,
                description = "Move the manual clock forward by DT.")
        Double advance;

        @Option(
                names = "--to",
                order = HelpLayout.INPUTS + 11,
                paramLabel = "T",
                converter = Options.RealNumber.class,
                description = "Move the manual clock to T.")
        Double to;

        @Override
        public Integer call() {
            if (advance != null && to != null) {
                throw new InputFormatException("--advance and --to both move the clock; give one of them");
            }
            ServiceClient client = connection.open();
            ServiceClient.Answer a = advance == null && to == null
                    ? client.call("GET", "/v1/clock", null)
                    : client.call(
                            "POST",
                            "/v1/clock",
                            advance != null ? "{\"advance\":" + advance + "}" : "{\"to\":" + to + "}");
            return print(
                    a,
                    (o, j) -> o.println("time  " + ClientTables.num(j.get("time")) + "  ("
                            + ClientTables.text(j.get("mode")) + " clock)"));
        }
    }
}
