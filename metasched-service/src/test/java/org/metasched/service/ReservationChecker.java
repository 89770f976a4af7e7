package org.metasched.service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * An independent checker of the service's reservations, from what its API returns and nothing of its code: every
 * reservation is a real window (n slots on distinct published nodes, one common start, each slot as long as the task
 * runs there, V / performance, its cost the sum of price x length, within the budget, outside the owner's busy time),
 * the held slots are pairwise disjoint on every node, and a CSS cycle's choice is optimal among its alternatives
 * (brute force over every combination, the limit recomputed from the alternatives, spec D9).
 */
public final class ReservationChecker {
    private static final double EPS = 1e-6;

    private ReservationChecker() {}

    /** The problems found; empty when everything holds. */
    public static List<String> check(JsonNode nodes, JsonNode jobs) {
        List<String> bad = new ArrayList<>();
        Map<String, JsonNode> byId = new HashMap<>();
        for (JsonNode n : nodes) {
            byId.put(n.get("id").asString(), n);
        }
        Map<String, List<double[]>> held = new HashMap<>();
        Map<String, List<String>> heldBy = new HashMap<>();
        Set<String> ids = new HashSet<>();
        for (JsonNode j : jobs) {
            String id = j.get("id").asString();
            if (!ids.add(id)) {
                bad.add("job " + id + " listed twice");
            }
            String state = j.get("state").asString();
            JsonNode r = j.get("reservation");
            boolean holds = state.equals("reserved") || state.equals("running") || state.equals("done");
            if (!holds) {
                if (state.equals("queued") && !r.isNull()) {
                    bad.add("queued job " + id + " has a reservation");
                }
                continue;
            }
            if (r.isNull()) {
                bad.add(state + " job " + id + " has no reservation");
                continue;
            }
            int n = j.get("nodes").asInt();
            double volume = j.get("volume").asDouble();
            JsonNode slots = r.get("slots");
            if (slots.size() != n) {
                bad.add("job " + id + " asked for " + n + " nodes and holds " + slots.size());
            }
            double start = r.get("start").asDouble();
            double cost = 0;
            double runtime = 0;
            double proc = 0;
            Set<String> used = new HashSet<>();
            for (JsonNode s : slots) {
                String node = s.get("node").asString();
                if (!used.add(node)) {
                    bad.add("job " + id + " uses node " + node + " twice");
                }
                double a = s.get("start").asDouble();
                double planned = s.get("plannedEnd").asDouble();
                double end = s.get("end").asDouble();
                if (Math.abs(a - start) > EPS) {
                    bad.add("job " + id + ": slot on " + node + " starts at " + a + ", the window at " + start);
                }
                if (end > planned + EPS || end < a - EPS) {
                    bad.add("job " + id + ": slot on " + node + " ends at " + end + " outside [" + a + ", " + planned
                            + "]");
                }
                JsonNode nd = byId.get(node);
                if (nd == null) {
                    if (!state.equals("done")) {
                        bad.add(state + " job " + id + " holds node " + node + ", which is not published");
                    }
                    continue;
                }
                double len = planned - a;
                double expected = volume / nd.get("performance").asDouble();
                if (Math.abs(len - expected) > EPS * Math.max(1, expected)) {
                    bad.add("job " + id + ": slot on " + node + " is " + len + " long, the task runs " + expected);
                }
                cost += len * nd.get("price").asDouble();
                runtime = Math.max(runtime, len);
                proc += len;
                for (JsonNode b : nd.get("busy")) {
                    if (a < b.get(1).asDouble() - EPS && b.get(0).asDouble() < planned - EPS) {
                        bad.add("job " + id + ": slot [" + a + ", " + planned + ") on " + node
                                + " overlaps the owner's busy time " + b);
                    }
                }
                held.computeIfAbsent(node, k -> new ArrayList<>()).add(new double[] {a, end});
                heldBy.computeIfAbsent(node, k -> new ArrayList<>()).add(id);
            }
            double budget = j.get("budget").asDouble();
            if (Math.abs(cost - r.get("cost").asDouble()) > EPS * Math.max(1, cost)) {
                bad.add("job " + id + ": cost " + r.get("cost").asDouble() + ", its slots cost " + cost);
            }
            if (r.get("cost").asDouble() > budget + EPS * Math.max(1, budget)) {
                bad.add("job " + id + ": cost " + r.get("cost").asDouble() + " over its budget " + budget);
            }
            if (Math.abs(runtime - r.get("runtime").asDouble()) > EPS * Math.max(1, runtime)) {
                bad.add("job " + id + ": runtime " + r.get("runtime").asDouble() + ", its longest slot " + runtime);
            }
            if (Math.abs(proc - r.get("processorTime").asDouble()) > EPS * Math.max(1, proc)) {
                bad.add("job " + id + ": processor time "
                        + r.get("processorTime").asDouble() + ", its slots " + proc);
            }
        }
        for (Map.Entry<String, List<double[]>> e : held.entrySet()) {
            List<double[]> iv = e.getValue();
            for (int x = 0; x < iv.size(); x++) {
                for (int y = x + 1; y < iv.size(); y++) {
                    double[] p = iv.get(x);
                    double[] q = iv.get(y);
                    if (p[0] < q[1] - EPS && q[0] < p[1] - EPS) {
                        bad.add("node " + e.getKey() + ": jobs "
                                + heldBy.get(e.getKey()).get(x) + " ["
                                + p[0] + ", " + p[1] + ") and "
                                + heldBy.get(e.getKey()).get(y) + " [" + q[0] + ", "
                                + q[1] + ") overlap");
                    }
                }
            }
        }
        return bad;
    }

    /**
     * A CSS cycle with problem min-time (processor time) and quantum 1, checked by enumerating every combination of
     * alternatives. The limit is b* = sum over jobs of ceil(mean cost of its alternatives). The chosen combination's
     * real cost is within b*; its processor time is no more than the best combination's whose costs, counted as the
     * spec's DP counts them (ceil(cost) units), fit b*; and when the plan says {@code exact} (the DP proved its choice,
     * or replaced it by the relaxation's choice that fits the real limit), it is the least processor time of every
     * combination whose real cost fits b*. A proven choice may therefore cost more ceil units than b* while its real
     * cost fits. Empty when it holds or the cycle has too many combinations to enumerate (then {@code null}).
     */
    public static List<String> checkCssOptimal(JsonNode cycle, long maxCombinations) {
        List<String> bad = new ArrayList<>();
        JsonNode jobs = cycle.get("jobs");
        int k = jobs.size();
        long combos = 1;
        double limit = 0;
        double[][] cost = new double[k][];
        double[][] time = new double[k][];
        for (int i = 0; i < k; i++) {
            JsonNode alts = jobs.get(i).get("alternatives");
            if (alts.isEmpty()) {
                if (cycle.get("feasible").asBoolean()) {
                    bad.add("cycle " + cycle.get("cycle") + " is feasible, but job "
                            + jobs.get(i).get("id") + " has no alternative");
                }
                return bad;
            }
            combos *= alts.size();
            if (combos > maxCombinations) {
                return null;
            }
            cost[i] = new double[alts.size()];
            time[i] = new double[alts.size()];
            double sum = 0;
            for (int a = 0; a < alts.size(); a++) {
                cost[i][a] = alts.get(a).get("cost").asDouble();
                time[i][a] = alts.get(a).get("processorTime").asDouble();
                sum += cost[i][a];
            }
            limit += Math.ceil(sum / alts.size() - 1e-9);
        }
        if (Math.abs(limit - cycle.get("limit").asDouble()) > 1e-6) {
            bad.add("cycle " + cycle.get("cycle") + ": limit " + cycle.get("limit") + ", recomputed " + limit);
        }
        double bestUnits = Double.POSITIVE_INFINITY; // the spec's DP: ceil(cost) units within the limit
        double bestReal = Double.POSITIVE_INFINITY; // the real optimum: real costs within the limit
        int[] pick = new int[k];
        for (long c = 0; c < combos; c++) {
            long rest = c;
            double units = 0;
            double real = 0;
            double t = 0;
            for (int i = 0; i < k; i++) {
                pick[i] = (int) (rest % cost[i].length);
                rest /= cost[i].length;
                units += Math.ceil(cost[i][pick[i]] - 1e-9);
                real += cost[i][pick[i]];
                t += time[i][pick[i]];
            }
            if (units <= limit + 1e-9 && t < bestUnits) {
                bestUnits = t;
            }
            if (real <= limit * (1 + 1e-12) + 1e-9 && t < bestReal) {
                bestReal = t;
            }
        }
        String cycleName = "cycle " + cycle.get("cycle");
        boolean feasible = cycle.get("feasible").asBoolean();
        boolean exact = !cycle.has("exact") || cycle.get("exact").asBoolean();
        if (Double.isInfinite(bestReal)) {
            if (feasible) {
                bad.add(cycleName + " says feasible, but no combination fits the limit " + limit);
            }
            return bad;
        }
        if (!feasible) {
            if (exact || !Double.isInfinite(bestUnits)) {
                bad.add(cycleName + " says infeasible, but a combination of time " + bestReal + " fits");
            }
            return bad;
        }
        double chosenTime = 0;
        double chosenReal = 0;
        for (int i = 0; i < k; i++) {
            int ch = jobs.get(i).get("chosen").asInt();
            chosenTime += time[i][ch];
            chosenReal += cost[i][ch];
        }
        if (chosenReal > limit * (1 + 1e-12) + 1e-9) {
            bad.add(cycleName + ": the choice costs " + chosenReal + ", over the limit " + limit);
        }
        double tol = 1e-6 * Math.max(1, bestReal);
        if (exact && Math.abs(chosenTime - bestReal) > tol) {
            bad.add(cycleName + ": the plan says exact, but the choice has processor time " + chosenTime
                    + " and the optimum within the limit is " + bestReal);
        }
        if (!Double.isInfinite(bestUnits) && chosenTime > bestUnits + tol) {
            bad.add(cycleName + ": the choice has processor time " + chosenTime
                    + ", worse than the best in whole cost units, " + bestUnits);
        }
        if (Math.abs(chosenTime - cycle.get("objective").asDouble()) > tol) {
            bad.add(cycleName + ": objective " + cycle.get("objective") + ", the choice's " + chosenTime);
        }
        return bad;
    }

    /**
     * Alternatives of one (sub-)batch are pairwise slot-disjoint (spec D8; a later sub-batch searches the slots the
     * earlier ones left after their choice, so it may reuse what they did not choose).
     */
    public static List<String> checkAlternativesDisjoint(JsonNode cycle) {
        List<String> bad = new ArrayList<>();
        Map<String, List<double[]>> used = new HashMap<>();
        for (JsonNode j : cycle.get("jobs")) {
            for (JsonNode a : j.get("alternatives")) {
                for (JsonNode s : a.get("slots")) {
                    double x = s.get("start").asDouble();
                    double y = s.get("end").asDouble();
                    List<double[]> list = used.computeIfAbsent(
                            j.get("subBatch").asInt() + "/" + s.get("node").asString(), n -> new ArrayList<>());
                    for (double[] p : list) {
                        if (x < p[1] - EPS && p[0] < y - EPS) {
                            bad.add("cycle " + cycle.get("cycle") + ": alternatives overlap on " + s.get("node"));
                        }
                    }
                    list.add(new double[] {x, y});
                }
            }
        }
        return bad;
    }
}
