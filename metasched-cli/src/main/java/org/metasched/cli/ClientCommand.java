package org.metasched.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every client command over a running {@code metasched serve} shares: the connection options ({@code --url},
 * {@code --token}, {@code --as}, {@code --format}), its picocli spec, and sending one request and printing the answer
 * as a table or as the service's JSON. A command adds its own options and says which request it sends.
 */
abstract class ClientCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServiceClient.Connection connection;

    /** Sends {@code method path} with {@code body} (null for none) and prints the answer with {@code table}. */
    final int send(String method, String path, String body, ClientCommands.TablePrinter table, String... headers) {
        return print(connection.open().call(method, path, body, headers), table);
    }

    /** {@code GET path}, printed with {@code table}. */
    final int get(String path, ClientCommands.TablePrinter table) {
        return send("GET", path, null, table);
    }

    /** Prints an answer already received. */
    final int print(ServiceClient.Answer answer, ClientCommands.TablePrinter table) {
        return ClientCommands.print(spec, connection, answer.json(), table);
    }
}
