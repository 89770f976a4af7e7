package org.metasched.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.metasched.service.Service;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client command for quotes over a running {@code metasched serve} (docs/service.md): {@code quote} (with {@code
 * accept} and {@code show}); {@code accounts} is {@link AccountsCommand}. Like {@link ClientCommands}, each sends one
 * request and prints the answer.
 */
final class MoneyCommands {
    private MoneyCommands() {}

    static void quote(PrintWriter o, JsonNode q) {
        o.printf(
                "quote      %s (%s; made at %s, accept before %s)%n",
                ClientTables.text(q.get("id")),
                ClientTables.text(q.get("status")),
                ClientTables.num(q.get("time")),
                ClientTables.num(q.get("expires")));
        if (q.get("reason") != null) {
            o.printf("no window  %s%n", ClientTables.text(q.get("reason")));
        }
        if (q.get("job") != null) {
            o.printf(
                    "accepted   %s window, job %s%n",
                    ClientTables.text(q.get("accepted")), ClientTables.text(q.get("job")));
        }
        if (q.get("windows").isEmpty()) {
            return;
        }
        o.println();
        WideColumns table = new WideColumns("%-10s %9s %9s %9s %9s %9s  %s%n");
        table.row("criterion", "start", "finish", "runtime", "cost", "procTime", "slots (node/owner)");
        for (JsonNode w : q.get("windows")) {
            List<String> slots = new ArrayList<>();
            for (JsonNode s : w.get("slots")) {
                slots.add(ClientTables.text(s.get("node")) + "/" + ClientTables.text(s.get("owner")));
            }
            table.row(
                    ClientTables.text(w.get("criterion")),
                    ClientTables.num(w.get("start")),
                    ClientTables.num(w.get("finish")),
                    ClientTables.num(w.get("runtime")),
                    ClientTables.num(w.get("cost")),
                    ClientTables.num(w.get("processorTime")),
                    String.join(",", slots));
        }
        table.print(o);
    }

    @Command(
            name = "quote",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "Ask a running 'metasched serve' (a user's token) for a quote: now, the best window for each"
                        + " criterion (earliest finish, cheapest, shortest runtime, least processor time, CSA)"
                        + " with its start, finish, cost and slots. A quote holds nothing; 'quote accept' reserves"
                        + " one of its windows while the quote is valid (quote-ttl, default 60)."
            },
            subcommands = {Quote.Accept.class, Quote.Show.class},
            footer = {
                "",
                "Example: metasched quote --as user --nodes 2 --volume 60 --budget 400",
                "         metasched quote accept q1 --as user --criterion cost"
            })
    static final class Quote extends ClientCommand implements Main.HelpDefaults {
        /** {@code quote accept --criterion}'s help reads the criteria from the service's registry. */
        @Override
        public Map<String, String> helpDefaults() {
            return Map.of("QUOTE-CRITERIA", criteria());
        }

        /**
         * The criteria a quote's window is accepted under, as the service resolves them ({@link
         * Service#quoteCriteria}), in its order: a quote lists its windows in that order, and without a criterion
         * the first is taken.
         */
        static String criteria() {
            List<String> names = Service.quoteCriteria().names();
            return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1)
                    + " (default: the first, " + names.get(0) + ")";
        }

        @Option(
                names = "--nodes",
                paramLabel = "N",
                order = HelpLayout.INPUTS,
                converter = Options.PositiveInt.class,
                description = "Nodes needed at the same time.")
        Integer nodes;

        @Option(
                names = "--volume",
                paramLabel = "V",
                order = HelpLayout.INPUTS + 1,
                converter = Options.RealNumber.class,
                description = "The work of each task (runs V / performance).")
        Double volume;

        @Option(
                names = "--budget",
                paramLabel = "C",
                order = HelpLayout.INPUTS + 2,
                converter = Options.RealNumber.class,
                description = "The most the whole window may cost.")
        Double budget;

        @Option(
                names = "--deadline",
                paramLabel = "T",
                order = HelpLayout.INPUTS + 3,
                converter = Options.RealNumber.class,
                description = "The latest finish (service time).")
        Double deadline;

        @Mixin
        ClientCommands.NodeFilters filters;

        @Override
        public Integer call() {
            // required here, not by picocli: 'quote accept' and 'quote show' do not take them
            for (Object[] o : new Object[][] {{"--nodes", nodes}, {"--volume", volume}, {"--budget", budget}}) {
                if (o[1] == null) { // "metasched quote: --budget: ...", as picocli's errors of the command are
                    throw new org.metasched.model.InputFormatException(o[0] + ": missing (a quote needs --nodes,"
                            + " --volume and --budget); try 'metasched quote --help'");
                }
            }
            ServiceClient client = connection.open();
            ObjectNode b = ClientCommands.request(nodes, volume, budget);
            if (deadline != null) {
                b.put("deadline", deadline);
            }
            filters.putInto(b);
            ServiceClient.Answer a = client.call("POST", "/v1/quotes", b.toString());
            return print(a, MoneyCommands::quote);
        }

        @Command(
                name = "accept",
                mixinStandardHelpOptions = true,
                description = "Reserve one window of a quote, if its slots are still free and the quote is valid;"
                        + " otherwise it prints why and the fresh quote the service made (exit 2).")
        static final class Accept extends ClientCommand {
            @Parameters(paramLabel = "QUOTE", description = "The quote's id (q1, q2, ...).")
            String id;

            @Option(
                    names = "--criterion",
                    order = HelpLayout.INPUTS + 10, // the request's inputs, after any positional one
                    paramLabel = "NAME",
                    description = "Which window: ${QUOTE-CRITERIA}.")
            String criterion;

            @Option(
                    names = "--idempotency-key",
                    order = HelpLayout.INPUTS + 11,
                    paramLabel = "KEY",
                    description = "Sent as Idempotency-Key: a retry with the same key returns the same job.")
            String key;

            @Override
            public Integer call() {
                ServiceClient client = connection.open();
                String body = criterion == null ? "{}" : "{\"criterion\":" + quoted(criterion) + "}";
                String where = "/v1/quotes/" + ClientCommands.path(id) + "/accept";
                ServiceClient.Answer a = client.send("POST", where, body, "Idempotency-Key", key);
                if (a.status() == 409 && a.json() != null && a.json().get("quote") != null) {
                    PrintWriter err = spec.commandLine().getErr();
                    err.println("metasched: " + client.refused("POST", where, a).getMessage());
                    err.flush();
                    ClientCommands.print(spec, connection, a.json().get("quote"), MoneyCommands::quote);
                    return 2;
                }
                if (a.status() >= 400) {
                    throw client.refused("POST", where, a);
                }
                return print(a, ClientTables::job);
            }
        }

        @Command(name = "show", mixinStandardHelpOptions = true, description = "A quote as made, with its status.")
        static final class Show extends ClientCommand {
            @Parameters(paramLabel = "QUOTE", description = "The quote's id.")
            String id;

            @Override
            public Integer call() {
                return get("/v1/quotes/" + ClientCommands.path(id), MoneyCommands::quote);
            }
        }
    }

    private static String quoted(String s) {
        return JsonNodeFactory.instance.stringNode(s).toString();
    }
}
