package org.metasched.cli;

import java.util.ArrayList;
import java.util.List;
import org.metasched.model.InputFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client command {@code nodes} (with {@code publish}, {@code show} and {@code withdraw}) over a running {@code
 * metasched serve}; the shared parts are in {@link ClientCommands}.
 */
@Command(
        name = "nodes",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "List the nodes of a running 'metasched serve', or with a subcommand publish (an owner's token), show"
                    + " or withdraw one."
        },
        subcommands = {NodesCommand.Put.class, NodesCommand.Show.class, NodesCommand.Delete.class},
        footer = {"", "Example: metasched nodes put n1 --as owner --performance 4 --price 4 --busy 0-20,50-60"})
final class NodesCommand extends ClientCommand {
    @Override
    public Integer call() {
        return get("/v1/nodes", (o, j) -> ClientTables.nodes(o, j.get("nodes")));
    }

    @Command(
            name = "put",
            mixinStandardHelpOptions = true,
            description = "Publish a node or change it (its owner's token): performance, price per time unit, and"
                    + " the owner's own busy intervals.")
    static final class Put extends ClientCommand {
        @Parameters(paramLabel = "NODE", description = "The node's id.")
        String id;

        @Option(
                names = "--performance",
                order = HelpLayout.INPUTS + 10, // the request's inputs, after any positional one
                required = true,
                paramLabel = "P",
                converter = Options.RealNumber.class,
                description = "Speed: a task of volume V runs V / P here.")
        Double performance;

        @Option(
                names = "--price",
                order = HelpLayout.INPUTS + 11,
                required = true,
                paramLabel = "C",
                converter = Options.RealNumber.class,
                description = "Price per time unit of occupation.")
        Double price;

        @Option(
                names = "--busy",
                order = HelpLayout.INPUTS + 12,
                paramLabel = "A-B,...",
                description = "The owner's busy intervals, e.g. 0-20,50-60 (default: none).")
        String busy;

        @Override
        public Integer call() {
            ObjectNode b = ClientCommands.NODES.objectNode();
            b.put("performance", performance);
            b.put("price", price);
            ArrayNode list = b.putArray("busy");
            for (double[] iv : intervals(busy)) {
                list.addArray().add(iv[0]).add(iv[1]);
            }
            return send("PUT", "/v1/nodes/" + ClientCommands.path(id), b.toString(), ClientTables::node);
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
                double[] iv = out.get(out.size() - 1);
                String rounded = Options.rounded(p.substring(0, dash), iv[0]);
                rounded = rounded != null ? rounded : Options.rounded(p.substring(dash + 1), iv[1]);
                if (rounded != null) {
                    throw new InputFormatException("--busy: '" + Text.cut(p) + "': " + rounded);
                }
            }
            return out;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "One node, with the slots jobs hold on it.")
    static final class Show extends ClientCommand {
        @Parameters(paramLabel = "NODE", description = "The node's id.")
        String id;

        @Override
        public Integer call() {
            return get("/v1/nodes/" + ClientCommands.path(id), ClientTables::node);
        }
    }

    @Command(
            name = "delete",
            mixinStandardHelpOptions = true,
            description = "Withdraw a node (its owner's or the operator's token); refused while jobs hold it,"
                    + " unless --force.")
    static final class Delete extends ClientCommand {
        @Parameters(paramLabel = "NODE", description = "The node's id.")
        String id;

        @Option(
                names = "--force",
                order = HelpLayout.INPUTS + 10, // the request's inputs, after any positional one
                description = "Cancel the reservations that hold it: reserved jobs wait again," + " running ones fail.")
        boolean force;

        @Override
        public Integer call() {
            return send(
                    "DELETE", "/v1/nodes/" + ClientCommands.path(id) + (force ? "?force=true" : ""), null, (o, j) -> {
                        o.println("deleted    " + ClientTables.text(j.get("deleted")));
                        for (JsonNode c : j.get("cancelled")) {
                            o.println("  " + ClientTables.text(c.get("job")) + " is "
                                    + ClientTables.text(c.get("state")) + " now");
                        }
                    });
        }
    }
}
