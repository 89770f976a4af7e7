package org.metasched.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client command {@code accounts} (with {@code show}, {@code ledger} and {@code credit}) over a running {@code
 * metasched serve}, and its tables; quotes are in {@link MoneyCommands}.
 */
@Command(
        name = "accounts",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "The accounts of a running 'metasched serve': balance (every row, holds included), held (by"
                    + " reservations), available (the rest), spent,"
                    + " earned (an owner's nodes) and credited. The operator sees every account and the sum of"
                    + " every ledger row (always 0); others their own."
        },
        subcommands = {AccountsCommand.Show.class, AccountsCommand.Ledger.class, AccountsCommand.Credit.class},
        footer = {
            "",
            "Example: metasched accounts credit user --as operator --amount 5000",
            "         metasched accounts ledger user --as user"
        })
final class AccountsCommand extends ClientCommand {
    @Override
    public Integer call() {
        return get("/v1/accounts", (o, j) -> {
            accounts(o, j.get("accounts"));
            if (j.get("total") != null) {
                o.printf("%nsum of every ledger row: %s%n", ClientTables.num(j.get("total")));
            }
        });
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "One account's figures.")
    static final class Show extends ClientCommand {
        @Parameters(paramLabel = "ACCOUNT", description = "The account (a token's account, default its name).")
        String id;

        @Override
        public Integer call() {
            return get(
                    "/v1/accounts/" + ClientCommands.path(id),
                    (o, j) -> accounts(o, JsonNodeFactory.instance.arrayNode().add(j)));
        }
    }

    @Command(
            name = "ledger",
            mixinStandardHelpOptions = true,
            description = "An account's ledger rows, oldest first: credits, holds, releases, payments, earnings.")
    static final class Ledger extends ClientCommand {
        @Parameters(paramLabel = "ACCOUNT", description = "The account.")
        String id;

        @Override
        public Integer call() {
            return ClientCommands.print(
                    spec,
                    connection,
                    connection.open().all("/v1/accounts/" + ClientCommands.path(id) + "/ledger", "rows", "seq"),
                    AccountsCommand::ledger);
        }
    }

    @Command(
            name = "credit",
            mixinStandardHelpOptions = true,
            description = "The operator credits an account. From its first credit on, an account's"
                    + " reservations must fit its balance (an account never credited is not limited).")
    static final class Credit extends ClientCommand {
        @Parameters(paramLabel = "ACCOUNT", description = "The account.")
        String id;

        @Option(
                names = "--amount",
                order = HelpLayout.INPUTS + 10, // the request's inputs, after any positional one
                required = true,
                paramLabel = "X",
                converter = Options.RealNumber.class,
                description = "How much, > 0.")
        Double amount;

        @Option(
                names = "--memo",
                paramLabel = "TEXT",
                order = HelpLayout.INPUTS + 11,
                description = "A note kept with the ledger rows.")
        String memo;

        @Override
        public Integer call() {
            ObjectNode b = JsonNodeFactory.instance.objectNode();
            b.put("amount", amount);
            if (memo != null) {
                b.put("memo", memo);
            }
            return send(
                    "POST",
                    "/v1/accounts/" + ClientCommands.path(id) + "/credit",
                    b.toString(),
                    (o, j) -> accounts(o, JsonNodeFactory.instance.arrayNode().add(j)));
        }
    }

    static void accounts(PrintWriter o, JsonNode list) {
        WideColumns table = new WideColumns("%-16s %12s %12s %12s %12s %12s %12s%n");
        table.row("account", "balance", "held", "available", "spent", "earned", "credited");
        for (JsonNode a : list) {
            table.row(
                    ClientTables.text(a.get("id")),
                    ClientTables.num(a.get("balance")),
                    ClientTables.num(a.get("held")),
                    ClientTables.num(a.get("available")),
                    ClientTables.num(a.get("spent")),
                    ClientTables.num(a.get("earned")),
                    ClientTables.num(a.get("credited")));
        }
        table.print(o);
    }

    static void ledger(PrintWriter o, JsonNode json) {
        WideColumns table = new WideColumns("%6s %6s %9s %-10s %12s %-8s %-8s  %s%n");
        table.row("seq", "entry", "time", "bucket", "amount", "kind", "job", "memo");
        for (JsonNode r : json.get("rows")) {
            table.row(
                    ClientTables.num(r.get("seq")),
                    ClientTables.num(r.get("entry")),
                    ClientTables.num(r.get("time")),
                    ClientTables.text(r.get("bucket")),
                    ClientTables.num(r.get("amount")),
                    ClientTables.text(r.get("kind")),
                    r.get("job").isNull() ? "-" : ClientTables.text(r.get("job")),
                    r.get("memo").isNull() ? "" : ClientTables.text(r.get("memo")));
        }
        table.print(o);
    }
}
