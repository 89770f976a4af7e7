package org.metasched.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** How the client commands print the service's answers as tables. */
final class ClientTables {
    private ClientTables() {}

    static String num(JsonNode n) {
        return n == null || n.isNull() ? "-" : Numbers.shown(n.asDouble());
    }

    static String text(JsonNode n) {
        return n == null || n.isNull() ? "-" : n.asString();
    }

    /** One job, a line per field and one per reserved slot. */
    static void job(PrintWriter o, JsonNode j) {
        o.printf("job           %s%n", text(j.get("id")));
        o.printf("state         %s%s%n", text(j.get("state")), reason(j));
        o.printf("user          %s%n", text(j.get("user")));
        o.printf(
                "request       %s %s, volume %s, budget %s, criterion %s%s%s%s%n",
                num(j.get("nodes")),
                j.get("nodes").asDouble() == 1 ? "node" : "nodes",
                num(j.get("volume")),
                num(j.get("budget")),
                text(j.get("criterion")),
                j.get("deadline").isNull() ? "" : ", deadline " + num(j.get("deadline")),
                limit(j.get("minPerformance"), ", min performance ", 0),
                limit(j.get("maxPrice"), ", max price ", Double.POSITIVE_INFINITY));
        o.printf("submitted     %s, waited %s cycles%n", num(j.get("submitted")), num(j.get("cyclesWaited")));
        JsonNode r = j.get("reservation");
        if (r != null && !r.isNull()) {
            o.printf(
                    "reservation   start %s, finish %s, cost %s, processor time %s (cycle %s)%n",
                    num(r.get("start")),
                    num(r.get("finish")),
                    num(r.get("cost")),
                    num(r.get("processorTime")),
                    num(j.get("cycle")));
            JsonNode paid = r.get("paid");
            if (paid != null && !paid.isNull()) { // ended: what the ledger took, less than cost after an early end
                o.printf("paid          %s%n", num(paid));
            }
            WideColumns slots = new WideColumns("  slot        %-10s %9s %9s%n");
            for (JsonNode s : r.get("slots")) {
                slots.row(text(s.get("node")), num(s.get("start")), num(s.get("end")));
            }
            slots.print(o);
        }
        if (!j.get("ended").isNull()) {
            o.printf("ended         %s (ran %s)%n", num(j.get("ended")), num(j.get("realRuntime")));
        }
    }

    /**
     * {@code label} and the request's limit {@code n} when it has one (not null nor {@code none}): the job's table
     * left the nodes' limits out, so a job submitted with --min-performance or --max-price looked like one without.
     */
    private static String limit(JsonNode n, String label, double none) {
        return n == null || n.isNull() || n.asDouble() == none ? "" : label + num(n);
    }

    private static String reason(JsonNode j) {
        JsonNode r = j.get("reason");
        return r == null || r.isNull() ? "" : " (" + r.asString() + ")";
    }

    static void jobs(PrintWriter o, JsonNode list) {
        WideColumns table = new WideColumns("%-8s %-9s %-8s %5s %8s %8s %-8s %9s %9s %9s %9s  %s%n");
        table.row(
                "job", "state", "user", "nodes", "volume", "budget", "crit", "start", "finish", "cost", "paid",
                "slots");
        for (JsonNode j : list) {
            JsonNode r = j.get("reservation");
            boolean has = r != null && !r.isNull();
            List<String> nodes = new ArrayList<>();
            if (has) {
                for (JsonNode s : r.get("slots")) {
                    nodes.add(text(s.get("node")));
                }
            }
            table.row(
                    text(j.get("id")),
                    text(j.get("state")),
                    text(j.get("user")),
                    num(j.get("nodes")),
                    num(j.get("volume")),
                    num(j.get("budget")),
                    text(j.get("criterion")),
                    has ? num(r.get("start")) : "-",
                    has ? num(r.get("finish")) : "-",
                    has ? num(r.get("cost")) : "-",
                    has && r.has("paid") && !r.get("paid").isNull() ? num(r.get("paid")) : "-",
                    has ? String.join(",", nodes) : "-");
        }
        table.print(o);
    }

    static void nodes(PrintWriter o, JsonNode list) {
        WideColumns table = new WideColumns("%-10s %-10s %11s %8s  %s%n");
        table.row("node", "owner", "performance", "price", "busy");
        for (JsonNode n : list) {
            table.row(
                    text(n.get("id")),
                    text(n.get("owner")),
                    num(n.get("performance")),
                    num(n.get("price")),
                    intervals(n.get("busy")));
        }
        table.print(o);
    }

    static void node(PrintWriter o, JsonNode n) {
        o.printf("node          %s%n", text(n.get("id")));
        o.printf("owner         %s%n", text(n.get("owner")));
        o.printf("performance   %s%n", num(n.get("performance")));
        o.printf("price         %s%n", num(n.get("price")));
        o.printf("busy          %s%n", intervals(n.get("busy")));
        WideColumns held = new WideColumns("  reserved    %-8s %9s %9s%n");
        for (JsonNode h : n.get("reservations")) {
            held.row(text(h.get("job")), num(h.get("start")), num(h.get("end")));
        }
        held.print(o);
    }

    static String intervals(JsonNode busy) {
        List<String> out = new ArrayList<>();
        for (JsonNode iv : busy) {
            out.add(num(iv.get(0)) + "-" + num(iv.get(1)));
        }
        return out.isEmpty() ? "-" : String.join(",", out);
    }

    /** A cycle: the batch's summary as 'metasched batch -f table' prints it, and what became of each job. */
    static void cycle(PrintWriter o, JsonNode c) {
        if (c.get("cycle").isNull()) {
            o.println(text(c.get("detail")));
            return;
        }
        o.printf("cycle      %s%n", num(c.get("cycle")));
        o.printf("time       %s%n", num(c.get("time")));
        o.printf("scheme     %s%n", text(c.get("scheme")));
        o.printf("problem    %s%n", text(c.get("problem")));
        o.printf("feasible   %s%n", c.get("feasible").asBoolean() ? "yes" : "no");
        o.printf("limit      %s%n", num(c.get("limit")));
        o.printf("objective  %s%n", num(c.get("objective")));
        o.printf(
                "jobs       %d reserved, %d queued, %d failed%n%n",
                c.get("reserved").size(),
                c.get("queued").size(),
                c.get("failed").size());
        WideColumns table = new WideColumns("%-8s %4s %5s %7s %9s %9s %9s %9s  %s%n");
        table.row("job", "sub", "alts", "chosen", "start", "finish", "cost", "procTime", "outcome");
        for (JsonNode j : c.get("jobs")) {
            String id = text(j.get("id"));
            String outcome =
                    contains(c.get("reserved"), id) ? "reserved" : contains(c.get("failed"), id) ? "failed" : "queued";
            JsonNode chosen = j.get("chosen");
            if (chosen.isNull()) {
                table.row(id, num(j.get("subBatch")), j.get("alternatives").size(), "-", "-", "-", "-", "-", outcome);
                continue;
            }
            JsonNode w = j.get("alternatives").get(chosen.asInt());
            table.row(
                    id,
                    num(j.get("subBatch")),
                    j.get("alternatives").size(),
                    chosen.asInt(),
                    num(w.get("start")),
                    num(w.get("finish")),
                    num(w.get("cost")),
                    num(w.get("processorTime")),
                    outcome);
        }
        // the jobs not in the batch (more nodes than the VO has, too small a task, dropped without a window): a
        // cycle of only such jobs plans nothing, and each is told why and counts the cycle toward max-cycles
        JsonNode reasons = c.get("reasons");
        Set<String> inBatch = new HashSet<>();
        c.get("jobs").forEach(j -> inBatch.add(text(j.get("id"))));
        for (String id : reasons.propertyNames()) {
            if (!inBatch.contains(id)) {
                String outcome = contains(c.get("failed"), id) ? "failed" : "queued";
                table.row(
                        id,
                        "-",
                        "-",
                        "-",
                        "-",
                        "-",
                        "-",
                        "-",
                        outcome + ", not in the batch: " + text(reasons.get(id)));
            }
        }
        table.print(o);
    }

    private static boolean contains(JsonNode array, String id) {
        for (JsonNode n : array) {
            if (n.asString().equals(id)) {
                return true;
            }
        }
        return false;
    }

    static void cycles(PrintWriter o, JsonNode list) {
        WideColumns table = new WideColumns("%6s %9s %-9s %-9s %8s %10s %5s %8s %6s %6s %9s%n");
        table.row(
                "cycle",
                "time",
                "scheme",
                "problem",
                "feasible",
                "objective",
                "jobs",
                "reserved",
                "queued",
                "failed",
                "ms");
        for (JsonNode c : list) {
            table.row(
                    num(c.get("cycle")),
                    num(c.get("time")),
                    text(c.get("scheme")),
                    text(c.get("problem")),
                    c.get("feasible").asBoolean() ? "yes" : "no",
                    num(c.get("objective")),
                    num(c.get("jobs")),
                    num(c.get("reserved")),
                    num(c.get("queued")),
                    num(c.get("failed")),
                    num(c.get("durationMs")));
        }
        table.print(o);
    }
}
