package org.metasched.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client command {@code jobs} (with {@code show}, {@code cancel} and {@code finished}) over a running {@code
 * metasched serve}; the shared parts are in {@link ClientCommands}.
 */
@Command(
        name = "jobs",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "List the jobs of a running 'metasched serve' (a user sees its own, the operator all), or with a"
                    + " subcommand show, cancel or finish one."
        },
        subcommands = {JobsCommand.Show.class, JobsCommand.Cancel.class, JobsCommand.Finished.class},
        footer = {"", "Example: metasched jobs --as user --state reserved,running"})
final class JobsCommand extends ClientCommand {
    @Option(
            names = "--state",
            paramLabel = "STATES",
            order = HelpLayout.INPUTS,
            description = "Only these states, comma-separated: queued, reserved, running, done, failed, cancelled.")
    String state;

    @Option(
            names = "--why",
            order = HelpLayout.INPUTS + 1,
            description = "Also say why each waiting job waits: the last cycle's reason (GET /v1/jobs/{id}/why).")
    boolean why;

    @Override
    public Integer call() {
        ServiceClient client = connection.open();
        String q = state == null ? "" : "?state=" + ClientCommands.path(state);
        JsonNode jobs = client.all("/v1/jobs" + q, "jobs", "id");
        if (!why) {
            return ClientCommands.print(spec, connection, jobs, (o, j) -> ClientTables.jobs(o, j.get("jobs")));
        }
        ObjectNode all = ClientCommands.NODES.objectNode();
        all.set("jobs", jobs.get("jobs"));
        ArrayNode reasons = all.putArray("why");
        for (JsonNode j : jobs.get("jobs")) {
            if (j.get("state").asString().equals("queued")) {
                reasons.add(client.call(
                                "GET",
                                "/v1/jobs/" + ClientCommands.path(j.get("id").asString()) + "/why",
                                null)
                        .json());
            }
        }
        return ClientCommands.print(spec, connection, all, (o, j) -> {
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
    static final class Show extends ClientCommand {
        @Parameters(paramLabel = "JOB", description = "The job's id (j1, j2, ...).")
        String id;

        @Override
        public Integer call() {
            return get("/v1/jobs/" + ClientCommands.path(id), ClientTables::job);
        }
    }

    @Command(
            name = "cancel",
            mixinStandardHelpOptions = true,
            description = "Cancel a job: its reservation's slots become free again.")
    static final class Cancel extends ClientCommand {
        @Parameters(paramLabel = "JOB", description = "The job's id.")
        String id;

        @Override
        public Integer call() {
            return send("DELETE", "/v1/jobs/" + ClientCommands.path(id), null, ClientTables::job);
        }
    }

    @Command(
            name = "finished",
            mixinStandardHelpOptions = true,
            description = "Report that a running job ended: the rest of its window is free again (with"
                    + " backfilling on, later reservations move earlier).")
    static final class Finished extends ClientCommand {
        @Parameters(paramLabel = "JOB", description = "The job's id.")
        String id;

        @Option(
                names = "--runtime",
                order = HelpLayout.INPUTS + 10, // the request's inputs, after any positional one
                paramLabel = "R",
                converter = Options.RealNumber.class,
                description = "How long it really ran (default: until now).")
        Double runtime;

        @Override
        public Integer call() {
            String body = runtime == null ? "{}" : "{\"runtime\":" + runtime + "}";
            return send("POST", "/v1/jobs/" + ClientCommands.path(id) + "/finished", body, ClientTables::job);
        }
    }
}
