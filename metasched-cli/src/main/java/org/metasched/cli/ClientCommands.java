package org.metasched.cli;

import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.metasched.model.InputFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client commands over a running {@code metasched serve} (docs/service.md): {@code submit}, {@code jobs}, {@code
 * nodes}, {@code cycle} and {@code clock}. Each builds one request, sends it and prints the answer as a table or as
 * the service's JSON; they know nothing of scheduling.
 */
final class ClientCommands {
    private ClientCommands() {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Prints an answer as JSON or with {@code table}. */
    private static int print(CommandSpec spec, ServiceClient.Connection c, JsonNode json, TablePrinter table) {
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
    private interface TablePrinter {
        void print(PrintWriter out, JsonNode json);
    }

    private static String path(String id) {
        return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
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
    static final class Submit implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ServiceClient.Connection connection;

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

        @Option(
                names = "--idempotency-key",
                paramLabel = "KEY",
                order = HelpLayout.INPUTS + 8,
                description = "Sent as Idempotency-Key: a retry with the same key returns the same job.")
        String key;

        @Override
        public Integer call() {
            ServiceClient client = connection.open();
            ObjectNode b = NODES.objectNode();
            b.put("nodes", nodes);
            b.put("volume", volume);
            b.put("budget", budget);
            if (criterion != null) {
                b.put("criterion", criterion);
            }
            if (deadline != null) {
                b.put("deadline", deadline);
            }
            if (clientId != null) {
                b.put("clientId", clientId);
            }
            if (minPerformance != null) {
                b.put("minPerformance", minPerformance);
            }
            if (maxPrice != null) {
                b.put("maxPrice", maxPrice);
            }
            ServiceClient.Answer a = client.call("POST", "/v1/jobs", b.toString(), "Idempotency-Key", key);
            return print(spec, connection, a.json(), ClientTables::job);
        }
    }

    @Command(
            name = "jobs",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "List the jobs of a running 'metasched serve' (a user sees its own, the operator all), or with a"
                        + " subcommand show, cancel or finish one."
            },
            subcommands = {Jobs.Show.class, Jobs.Cancel.class, Jobs.Finished.class},
            footer = {"", "Example: metasched jobs --as user --state reserved,running"})
    static final class Jobs implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ServiceClient.Connection connection;

        @Option(
                names = "--state",
                paramLabel = "STATES",
                order = HelpLayout.INPUTS,
                description = "Only these states, comma-separated: queued, reserved, running, done, failed, cancelled.")
        String state;

        @Option(
                names = "--why",
                order = HelpLayout.INPUTS + 1,
                description = "Also say why each waiting job waits (GET /v1/jobs/{id}/why: the last cycle's reason).")
        boolean why;

        @Override
        public Integer call() {
            ServiceClient client = connection.open();
            String q = state == null ? "" : "?state=" + path(state);
            ServiceClient.Answer a = client.call("GET", "/v1/jobs" + q, null);
            if (!why) {
                return print(spec, connection, a.json(), (o, j) -> ClientTables.jobs(o, j.get("jobs")));
            }
            ObjectNode all = NODES.objectNode();
            all.set("jobs", a.json().get("jobs"));
            ArrayNode reasons = all.putArray("why");
            for (JsonNode j : a.json().get("jobs")) {
                if (j.get("state").asString().equals("queued")) {
                    reasons.add(
                            client.call("GET", "/v1/jobs/" + path(j.get("id").asString()) + "/why", null)
                                    .json());
                }
            }
            return print(spec, connection, all, (o, j) -> {
                ClientTables.jobs(o, j.get("jobs"));
                if (!j.get("why").isEmpty()) {
                    o.println();
                }
                for (JsonNode w : j.get("why")) {
                    o.printf(
                            "%s waits: %s%n",
                            w.get("job").asString(), w.get("why").get("message").asString());
                }
            });
        }

        @Command(name = "show", mixinStandardHelpOptions = true, description = "One job, with its reservation.")
        static final class Show implements Callable<Integer> {
            @Spec
            CommandSpec spec;

            @Mixin
            ServiceClient.Connection connection;

            @Parameters(paramLabel = "JOB", description = "The job's id (j1, j2, ...).")
            String id;

            @Override
            public Integer call() {
                ServiceClient.Answer a = connection.open().call("GET", "/v1/jobs/" + path(id), null);
                return print(spec, connection, a.json(), ClientTables::job);
            }
        }

        @Command(
                name = "cancel",
                mixinStandardHelpOptions = true,
                description = "Cancel a job: its reservation's slots become free again.")
        static final class Cancel implements Callable<Integer> {
            @Spec
            CommandSpec spec;

            @Mixin
            ServiceClient.Connection connection;

            @Parameters(paramLabel = "JOB", description = "The job's id.")
            String id;

            @Override
            public Integer call() {
                ServiceClient.Answer a = connection.open().call("DELETE", "/v1/jobs/" + path(id), null);
                return print(spec, connection, a.json(), ClientTables::job);
            }
        }

        @Command(
                name = "finished",
                mixinStandardHelpOptions = true,
                description = "Report that a running job ended: the rest of its window is free again (with"
                        + " backfilling on, later reservations move earlier).")
        static final class Finished implements Callable<Integer> {
            @Spec
            CommandSpec spec;

            @Mixin
            ServiceClient.Connection connection;

            @Parameters(paramLabel = "JOB", description = "The job's id.")
            String id;

            @Option(
                    names = "--runtime",
                    paramLabel = "R",
                    converter = Options.RealNumber.class,
                    description = "How long it really ran (default: until now).")
            Double runtime;

            @Override
            public Integer call() {
                String body = runtime == null ? "{}" : "{\"runtime\":" + runtime + "}";
                ServiceClient.Answer a = connection.open().call("POST", "/v1/jobs/" + path(id) + "/finished", body);
                return print(spec, connection, a.json(), ClientTables::job);
            }
        }
    }

    @Command(
            name = "nodes",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "List the nodes of a running 'metasched serve', or with a subcommand publish (an owner's token), show"
                        + " or withdraw one."
            },
            subcommands = {Nodes.Put.class, Nodes.Show.class, Nodes.Delete.class},
            footer = {"", "Example: metasched nodes put n1 --as owner --performance 4 --price 4 --busy 0-20,50-60"})
    static final class Nodes implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ServiceClient.Connection connection;

        @Override
        public Integer call() {
            ServiceClient.Answer a = connection.open().call("GET", "/v1/nodes", null);
            return print(spec, connection, a.json(), (o, j) -> ClientTables.nodes(o, j.get("nodes")));
        }

        @Command(
                name = "put",
                mixinStandardHelpOptions = true,
                description = "Publish a node or change it (its owner's token): performance, price per time unit, and"
                        + " the owner's own busy intervals.")
        static final class Put implements Callable<Integer> {
            @Spec
            CommandSpec spec;

            @Mixin
            ServiceClient.Connection connection;

            @Parameters(paramLabel = "NODE", description = "The node's id.")
            String id;

            @Option(
                    names = "--performance",
                    required = true,
                    paramLabel = "P",
                    converter = Options.RealNumber.class,
                    description = "Speed: a task of volume V runs V / P here.")
            Double performance;

            @Option(
                    names = "--price",
                    required = true,
                    paramLabel = "C",
                    converter = Options.RealNumber.class,
                    description = "Price per time unit of occupation.")
            Double price;

            @Option(
                    names = "--busy",
                    paramLabel = "A-B,...",
                    description = "The owner's busy intervals, e.g. 0-20,50-60 (default: none).")
            String busy;

            @Override
            public Integer call() {
                ObjectNode b = NODES.objectNode();
                b.put("performance", performance);
                b.put("price", price);
                ArrayNode list = b.putArray("busy");
                for (double[] iv : intervals(busy)) {
                    list.addArray().add(iv[0]).add(iv[1]);
                }
                ServiceClient.Answer a = connection.open().call("PUT", "/v1/nodes/" + path(id), b.toString());
                return print(spec, connection, a.json(), ClientTables::node);
            }

            static List<double[]> intervals(String text) {
                List<double[]> out = new ArrayList<>();
                if (text == null || text.isBlank()) {
                    return out;
                }
                for (String part : text.split(",", -1)) {
                    String p = part.strip();
                    int dash = p.indexOf('-', 1);
                    try {
                        if (dash < 0) {
                            throw new NumberFormatException();
                        }
                        out.add(new double[] {
                            Double.parseDouble(p.substring(0, dash)), Double.parseDouble(p.substring(dash + 1))
                        });
                    } catch (NumberFormatException e) {
                        throw new InputFormatException(
                                "--busy: '" + Text.cut(p) + "' is not an interval START-END such as 0-20");
                    }
                }
                return out;
            }
        }

        @Command(
                name = "show",
                mixinStandardHelpOptions = true,
                description = "One node, with the slots jobs hold on it.")
        static final class Show implements Callable<Integer> {
            @Spec
            CommandSpec spec;

            @Mixin
            ServiceClient.Connection connection;

            @Parameters(paramLabel = "NODE", description = "The node's id.")
            String id;

            @Override
            public Integer call() {
                ServiceClient.Answer a = connection.open().call("GET", "/v1/nodes/" + path(id), null);
                return print(spec, connection, a.json(), ClientTables::node);
            }
        }

        @Command(
                name = "delete",
                mixinStandardHelpOptions = true,
                description = "Withdraw a node (its owner's or the operator's token); refused while jobs hold it,"
                        + " unless --force.")
        static final class Delete implements Callable<Integer> {
            @Spec
            CommandSpec spec;

            @Mixin
            ServiceClient.Connection connection;

            @Parameters(paramLabel = "NODE", description = "The node's id.")
            String id;

            @Option(
                    names = "--force",
                    description =
                            "Cancel the reservations that hold it: reserved jobs wait again," + " running ones fail.")
            boolean force;

            @Override
            public Integer call() {
                ServiceClient.Answer a =
                        connection.open().call("DELETE", "/v1/nodes/" + path(id) + (force ? "?force=true" : ""), null);
                return print(spec, connection, a.json(), (o, j) -> {
                    o.println("deleted    " + ClientTables.text(j.get("deleted")));
                    for (JsonNode c : j.get("cancelled")) {
                        o.println("  " + ClientTables.text(c.get("job")) + " is " + ClientTables.text(c.get("state"))
                                + " now");
                    }
                });
            }
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
    static final class Cycle implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ServiceClient.Connection connection;

        @Override
        public Integer call() {
            ServiceClient.Answer a = connection.open().call("GET", "/v1/cycles", null);
            return print(spec, connection, a.json(), (o, j) -> ClientTables.cycles(o, j.get("cycles")));
        }

        @Command(
                name = "run",
                mixinStandardHelpOptions = true,
                description = "Run a cycle now: the waiting jobs as one batch.")
        static final class Run implements Callable<Integer> {
            @Spec
            CommandSpec spec;

            @Mixin
            ServiceClient.Connection connection;

            @Override
            public Integer call() {
                ServiceClient.Answer a = connection.open().call("POST", "/v1/cycles", null);
                return print(spec, connection, a.json(), ClientTables::cycle);
            }
        }

        @Command(
                name = "show",
                mixinStandardHelpOptions = true,
                description = "One cycle: its batch's alternatives and choices, and what became of each job.")
        static final class Show implements Callable<Integer> {
            @Spec
            CommandSpec spec;

            @Mixin
            ServiceClient.Connection connection;

            @Parameters(paramLabel = "N", description = "The cycle's number.")
            String n;

            @Override
            public Integer call() {
                ServiceClient.Answer a = connection.open().call("GET", "/v1/cycles/" + path(n), null);
                return print(spec, connection, a.json(), ClientTables::cycle);
            }
        }

        @Command(
                name = "input",
                mixinStandardHelpOptions = true,
                description = "A cycle's input as a batch file: 'metasched batch -i FILE' plans it again.")
        static final class Input implements Callable<Integer> {
            @Spec
            CommandSpec spec;

            @Mixin
            ServiceClient.Connection connection;

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
    static final class Clock implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ServiceClient.Connection connection;

        @Option(
                names = "--advance",
                paramLabel = "DT",
                converter = Options.RealNumber.class,
                description = "Move the manual clock forward by DT.")
        Double advance;

        @Option(
                names = "--to",
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
                    spec,
                    connection,
                    a.json(),
                    (o, j) -> o.println("time  " + ClientTables.num(j.get("time")) + "  ("
                            + ClientTables.text(j.get("mode")) + " clock)"));
        }
    }
}
