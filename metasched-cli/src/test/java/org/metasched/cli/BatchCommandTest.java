package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class BatchCommandTest {
    @TempDir
    Path dir;

    static final JsonMapper JSON = JsonMapper.builder().build();

    static Path example() {
        Path p = GangCommandTest.small().getParent().resolve("batch-small.json");
        assertThat(p).exists();
        return p;
    }

    /** Spec oracles T10 (ALT-1) and CSS-2 through the command on examples/batch-small.json. */
    @Test
    void theSpecsWorkedExample() {
        CliRunner.Result r = CliRunner.run("batch", "-i", example().toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode out = JSON.readTree(r.out());
        assertThat(out.get("scheme").asString()).isEqualTo("css");
        assertThat(out.get("problem").asString()).isEqualTo("min-time");
        assertThat(out.get("feasible").asBoolean()).isTrue();
        assertThat(out.get("limit").asDouble()).isEqualTo(247);
        assertThat(out.get("objective").asDouble()).isEqualTo(52);
        JsonNode ja = out.get("jobs").get(0);
        assertThat(ja.get("id").asString()).isEqualTo("JA");
        assertThat(ja.get("alternatives")).hasSize(2);
        assertThat(ja.get("alternatives").get(0).get("cost").asDouble()).isEqualTo(135);
        assertThat(ja.get("alternatives").get(1).get("cost").asDouble()).isEqualTo(118);
        assertThat(ja.get("chosen").asInt()).isEqualTo(1);
        JsonNode jb = out.get("jobs").get(1);
        assertThat(jb.get("alternatives")).hasSize(1);
        assertThat(jb.get("alternatives").get(0).get("cost").asDouble()).isEqualTo(120);
        assertThat(jb.get("chosen").asInt()).isZero();
    }

    record Domain(String json, int horizon, double[] perf, double[] price, List<double[]>[] busy) {}

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Domain random(SplittableRandom r) {
        int m = 3 + r.nextInt(4);
        int horizon = 60 + r.nextInt(60);
        double[] perf = new double[m];
        double[] price = new double[m];
        List<double[]>[] busy = new List[m];
        StringBuilder s = new StringBuilder("{\"horizon\": " + horizon + ", \"nodes\": [");
        for (int i = 0; i < m; i++) {
            perf[i] = 1 + r.nextInt(5);
            price[i] = 1 + r.nextInt(4);
            busy[i] = new ArrayList<>();
            StringBuilder b = new StringBuilder();
            int at = r.nextInt(20);
            while (at < horizon && r.nextInt(3) > 0) {
                int len = 1 + r.nextInt(15);
                busy[i].add(new double[] {at, Math.min(horizon, at + len)});
                b.append(b.length() == 0 ? "" : ", ").append("[" + at + ", " + Math.min(horizon, at + len) + "]");
                at += len + 5 + r.nextInt(20);
            }
            s.append(i == 0 ? "" : ", ")
                    .append(String.format(
                            Locale.ROOT,
                            "{\"id\": \"n%d\", \"performance\": %s, \"price\": %s, \"busy\": [%s]}",
                            i,
                            perf[i],
                            price[i],
                            b));
        }
        s.append("], \"jobs\": [");
        int k = 2 + r.nextInt(3);
        for (int j = 0; j < k; j++) {
            s.append(j == 0 ? "" : ", ")
                    .append(String.format(
                            Locale.ROOT,
                            "{\"id\": \"J%d\", \"nodes\": %d, \"volume\": %d, \"budget\": %d}",
                            j,
                            1 + r.nextInt(2),
                            5 + r.nextInt(20),
                            40 + r.nextInt(200)));
        }
        return new Domain(s.append("]}").toString(), horizon, perf, price, busy);
    }

    /**
     * On random domains, for each problem: every alternative is a valid window of the domain (distinct free nodes,
     * within budget), all alternatives are pairwise slot-disjoint, and the objective is the exhaustive optimum over
     * the printed alternatives under the D9 limit.
     */
    @ParameterizedTest
    @ValueSource(strings = {"min-time", "max-cost", "min-cost", "max-time"})
    void randomBatchesAgainstExhaustiveSearch(String problem) throws IOException {
        SplittableRandom r = new SplittableRandom(problem.hashCode());
        int feasible = 0;
        for (int run = 0; run < 40; run++) {
            Domain d = random(r);
            Path file = Files.writeString(dir.resolve("b" + run + ".json"), d.json());
            CliRunner.Result res = CliRunner.run("batch", "-i", file.toString(), "--problem", problem);
            assertThat(res.exitCode()).as(res.err()).isZero();
            JsonNode out = JSON.readTree(res.out());
            List<double[]> used = new ArrayList<>(); // node, start, end
            List<double[]> eff = new ArrayList<>();
            List<double[]> exp = new ArrayList<>();
            boolean allHave = true;
            for (JsonNode job : out.get("jobs")) {
                JsonNode alts = job.get("alternatives");
                allHave &= !alts.isEmpty();
                double[] t = new double[alts.size()];
                double[] c = new double[alts.size()];
                for (int a = 0; a < alts.size(); a++) {
                    JsonNode w = alts.get(a);
                    double cost = 0;
                    double cpu = 0;
                    List<Integer> nodes = new ArrayList<>();
                    for (JsonNode s : w.get("slots")) {
                        int node = Integer.parseInt(s.get("node").asString().substring(1));
                        double st = s.get("start").asDouble();
                        double en = s.get("end").asDouble();
                        assertThat(nodes).doesNotContain(node);
                        nodes.add(node);
                        assertThat(st).isGreaterThanOrEqualTo(0);
                        assertThat(en).isLessThanOrEqualTo(d.horizon() + 1e-9);
                        for (double[] b : d.busy()[node]) {
                            assertThat(en <= b[0] + 1e-9 || st >= b[1] - 1e-9)
                                    .as("slot %s [%s, %s] overlaps busy %s", node, st, en, b[0])
                                    .isTrue();
                        }
                        for (double[] u : used) {
                            assertThat(u[0] != node || en <= u[1] + 1e-9 || st >= u[2] - 1e-9)
                                    .as("alternatives share node %s", node)
                                    .isTrue();
                        }
                        used.add(new double[] {node, st, en});
                        cost += d.price()[node] * (en - st);
                        cpu += en - st;
                    }
                    assertThat(w.get("cost").asDouble()).isCloseTo(cost, org.assertj.core.data.Offset.offset(1e-6));
                    t[a] = cpu;
                    c[a] = w.get("cost").asDouble();
                }
                eff.add(t);
                exp.add(c);
            }
            boolean timeEff = problem.equals("min-time") || problem.equals("max-time");
            boolean timeExp = !problem.equals("min-time");
            List<double[]> f = timeEff ? eff : exp;
            List<double[]> g = timeExp ? eff : exp;
            if (!allHave) {
                assertThat(out.get("feasible").asBoolean()).isFalse();
                continue;
            }
            double limit = 0;
            for (double[] x : g) {
                double mean = 0;
                for (double v : x) {
                    mean += v;
                }
                limit += Math.ceil(mean / x.length - 1e-9);
            }
            assertThat(out.get("limit").asDouble()).isEqualTo(limit);
            boolean max = problem.startsWith("max");
            // the optimum with the spec's whole units (ceil) and with the real expenses: the command may improve on
            // the first only up to the second, and says exact when it reaches it
            double bestWhole = Double.NaN;
            double bestReal = Double.NaN;
            int[] idx = new int[f.size()];
            while (true) {
                double fv = 0;
                double gv = 0;
                double real = 0;
                for (int i = 0; i < idx.length; i++) {
                    fv += f.get(i)[idx[i]];
                    gv += Math.ceil(g.get(i)[idx[i]] - 1e-9);
                    real += g.get(i)[idx[i]];
                }
                if (gv <= limit && (Double.isNaN(bestWhole) || (max ? fv > bestWhole : fv < bestWhole))) {
                    bestWhole = fv;
                }
                if (real <= limit + 1e-9 && (Double.isNaN(bestReal) || (max ? fv > bestReal : fv < bestReal))) {
                    bestReal = fv;
                }
                int i = idx.length - 1;
                while (i >= 0 && ++idx[i] == f.get(i).length) {
                    idx[i] = 0;
                    i--;
                }
                if (i < 0) {
                    break;
                }
            }
            boolean exact = out.get("exact").asBoolean();
            double want = exact ? bestReal : bestWhole;
            assertThat(out.get("feasible").asBoolean()).isEqualTo(!Double.isNaN(want));
            if (!Double.isNaN(want)) {
                feasible++;
                assertThat(out.get("objective").asDouble()).isCloseTo(want, org.assertj.core.data.Offset.offset(1e-6));
            }
        }
        assertThat(feasible).isGreaterThan(10);
    }

    /**
     * Every scheme's plan on an origin of epoch microseconds (every time + 1.7e15) and prices with cents is the plan
     * at origin 0, shifted: the same alternatives, choices, costs and objective, each time plus 1.7e15 exactly.
     */
    @ParameterizedTest
    @ValueSource(strings = {"css", "slicer", "bsf", "backfill"})
    void thePlanOnAnEpochMicrosecondOriginIsThePlanShifted(String scheme) throws IOException {
        double shift = 1.7e15;
        String text = Files.readString(example());
        String cents = text.replace("\"price\": 2.0", "\"price\": 2.37").replace("\"price\": 3.6", "\"price\": 3.61");
        JsonNode base = JSON.readTree(cents);
        tools.jackson.databind.node.ObjectNode shifted = (tools.jackson.databind.node.ObjectNode) base.deepCopy();
        shifted.putArray("horizon").add(shift).add(shift + base.get("horizon").asDouble());
        for (JsonNode n : shifted.get("nodes")) {
            for (JsonNode b : n.get("busy")) {
                tools.jackson.databind.node.ArrayNode iv = (tools.jackson.databind.node.ArrayNode) b;
                iv.set(0, iv.get(0).asDouble() + shift);
                iv.set(1, iv.get(1).asDouble() + shift);
            }
        }
        Path a = dir.resolve("origin0.json");
        Path b = dir.resolve("epoch.json");
        Files.writeString(a, cents);
        Files.writeString(b, JSON.writeValueAsString(shifted));
        CliRunner.Result ra = CliRunner.run("batch", "-i", a.toString(), "--scheme", scheme);
        CliRunner.Result rb = CliRunner.run("batch", "-i", b.toString(), "--scheme", scheme);
        assertThat(ra.exitCode()).as(ra.err()).isZero();
        assertThat(rb.exitCode()).as(rb.err()).isZero();
        JsonNode pa = JSON.readTree(ra.out());
        JsonNode pb = JSON.readTree(rb.out());
        assertThat(pb.get("objective").asDouble()).isEqualTo(pa.get("objective").asDouble());
        assertThat(pb.get("jobs").size()).isEqualTo(pa.get("jobs").size());
        for (int j = 0; j < pa.get("jobs").size(); j++) {
            JsonNode ja = pa.get("jobs").get(j);
            JsonNode jb = pb.get("jobs").get(j);
            assertThat(jb.get("chosen")).isEqualTo(ja.get("chosen"));
            assertThat(jb.get("alternatives").size())
                    .isEqualTo(ja.get("alternatives").size());
            for (int k = 0; k < ja.get("alternatives").size(); k++) {
                JsonNode wa = ja.get("alternatives").get(k);
                JsonNode wb = jb.get("alternatives").get(k);
                assertThat(wb.get("start").asDouble()).isEqualTo(wa.get("start").asDouble() + shift);
                assertThat(wb.get("cost").asDouble()).isEqualTo(wa.get("cost").asDouble());
                for (int i = 0; i < wa.get("slots").size(); i++) {
                    JsonNode sa = wa.get("slots").get(i);
                    JsonNode sb = wb.get("slots").get(i);
                    assertThat(sb.get("node")).isEqualTo(sa.get("node"));
                    assertThat(sb.get("end").asDouble()).isEqualTo(sa.get("end").asDouble() + shift);
                }
            }
        }
    }

    /**
     * Prices and budgets with two decimals (issue 22): the default quantum is the data's (exact), and at coarser
     * quanta the output says whether the choice is proven exact; whenever it says so, the objective equals
     * exhaustive search over the printed alternatives with the real expenses, compared in whole cents.
     */
    @Test
    void centPricesAtSeveralQuantaSayWhetherExact() throws IOException {
        SplittableRandom r = new SplittableRandom(22);
        int exactAtCoarse = 0;
        for (int run = 0; run < 12; run++) {
            String json = centDomain(r);
            Path file = Files.writeString(dir.resolve("cents" + run + ".json"), json);
            for (String q : new String[] {null, "0.01", "0.1", "1", "2.5"}) {
                CliRunner.Result res = q == null
                        ? CliRunner.run("batch", "-i", file.toString())
                        : CliRunner.run("batch", "-i", file.toString(), "--quantum", q);
                assertThat(res.exitCode()).as(res.err()).isZero();
                JsonNode out = JSON.readTree(res.out());
                if (out.get("limit").isNull()) {
                    continue;
                }
                boolean exact = out.get("exact").asBoolean();
                if (q == null || q.equals("0.01")) {
                    assertThat(exact).as("quantum %s: %s", q, json).isTrue();
                } else if (exact) {
                    exactAtCoarse++;
                }
                if (!exact) {
                    continue;
                }
                List<double[]> t = new ArrayList<>();
                List<double[]> c = new ArrayList<>();
                for (JsonNode job : out.get("jobs")) {
                    t.add(job.get("alternatives").findValues("processorTime").stream()
                            .mapToDouble(JsonNode::asDouble)
                            .toArray());
                    c.add(job.get("alternatives").findValues("cost").stream()
                            .mapToDouble(JsonNode::asDouble)
                            .toArray());
                }
                // min-time: least processor time with the cost within the limit, in whole cents (costs are prices in
                // cents times whole lengths)
                long cap = Math.round(out.get("limit").asDouble() * 100);
                double best = Double.NaN;
                int[] idx = new int[t.size()];
                while (true) {
                    double tv = 0;
                    long cv = 0;
                    for (int i = 0; i < idx.length; i++) {
                        tv += t.get(i)[idx[i]];
                        cv += Math.round(c.get(i)[idx[i]] * 100);
                    }
                    if (cv <= cap && (Double.isNaN(best) || tv < best - 1e-9)) {
                        best = tv;
                    }
                    int i = idx.length - 1;
                    while (i >= 0 && ++idx[i] == t.get(i).length) {
                        idx[i] = 0;
                        i--;
                    }
                    if (i < 0) {
                        break;
                    }
                }
                assertThat(out.get("feasible").asBoolean()).as("quantum %s", q).isEqualTo(!Double.isNaN(best));
                if (!Double.isNaN(best)) {
                    assertThat(out.get("objective").asDouble())
                            .as("quantum %s: %s", q, json)
                            .isCloseTo(best, org.assertj.core.data.Offset.offset(1e-6));
                }
            }
        }
        assertThat(exactAtCoarse).isPositive();
    }

    /** Nodes of performance 1, 2, 4 or 5 priced in cents, jobs of volume 20 to 80 (whole lengths), cent budgets. */
    private static String centDomain(SplittableRandom r) {
        StringBuilder s = new StringBuilder("{\"horizon\": 100, \"nodes\": [");
        int m = 3 + r.nextInt(4);
        for (int i = 0; i < m; i++) {
            int at = r.nextInt(30);
            s.append(i == 0 ? "" : ", ")
                    .append(String.format(
                            Locale.ROOT,
                            "{\"id\": \"n%d\", \"performance\": %d, \"price\": %.2f, \"busy\": [[%d, %d]]}",
                            i,
                            new int[] {1, 2, 4, 5}[r.nextInt(4)],
                            r.nextInt(100, 500) / 100.0,
                            at,
                            at + 1 + r.nextInt(20)));
        }
        s.append("], \"jobs\": [");
        for (int j = 0, k = 2 + r.nextInt(3); j < k; j++) {
            int n = 1 + r.nextInt(2);
            int v = 20 * (1 + r.nextInt(4));
            s.append(j == 0 ? "" : ", ")
                    .append(String.format(
                            Locale.ROOT,
                            "{\"id\": \"J%d\", \"nodes\": %d, \"volume\": %d, \"budget\": %.2f}",
                            j,
                            n,
                            v,
                            n * v * r.nextInt(100, 500) / 100.0));
        }
        return s.append("]}").toString();
    }

    /**
     * A quantum whose table would not fit is refused at once, naming the file, the option or the file's field that
     * gave it (the message began 'quantum 1E-30:', naming neither), the memory and the least quantum that fits.
     */
    @Test
    void aTinyQuantumIsRefusedWithTheMemoryItWouldNeed() throws IOException {
        CliRunner.Result r = CliRunner.run("batch", "-i", example().toString(), "--quantum", "1e-30");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .startsWith("metasched: " + example() + ": --quantum 1E-30: the CSS table would have ")
                .contains("bytes of memory")
                .contains("give a quantum of at least");
        Path file = Files.writeString(
                dir.resolve("fine.json"), Files.readString(example()).replaceFirst("\\{", "{\"quantum\": 1e-9,"));
        CliRunner.Result f = CliRunner.run("batch", "-i", file.toString(), "--scheme", "slicer");
        assertThat(f.exitCode()).as(f.err()).isEqualTo(2);
        assertThat(f.err().strip())
                .doesNotContain("\n")
                .startsWith("metasched: " + file + ": the file's quantum 1E-9: the CSS table would have ")
                .contains("give a quantum of at least");
    }

    /**
     * Prices and budgets a million and a million million times larger (issue 21: the CSS table was sized from
     * limit / quantum unchecked, and x 1e12 threw NegativeArraySizeException, exit 1). Scaled prices keep a
     * quantum of the data (1e12, 1.234567e12), but 1234.5 added to each price makes it far finer than a limit near
     * 2.5e14, so the table's quantum grows with the limit instead; either way the same alternatives are chosen with the
     * same objective, proven exact, and the costs scale (plus 1234.5 per processor-second).
     */
    @ParameterizedTest
    @CsvSource({"1e6, 0", "1e12, 0", "1.234567e12, 0", "1e12, 1234.5"})
    void hugePricesAndBudgetsChooseAsTheExampleDoes(double factor, double plus) throws IOException {
        JsonNode base = JSON.readTree(Files.readString(example()));
        tools.jackson.databind.node.ObjectNode scaled = (tools.jackson.databind.node.ObjectNode) base.deepCopy();
        for (JsonNode n : scaled.get("nodes")) {
            ((tools.jackson.databind.node.ObjectNode) n)
                    .put("price", n.get("price").asDouble() * factor + plus);
        }
        for (JsonNode j : scaled.get("jobs")) {
            ((tools.jackson.databind.node.ObjectNode) j)
                    .put("budget", j.get("budget").asDouble() * factor);
        }
        Path file = Files.writeString(dir.resolve("scaled.json"), scaled.toString());
        CliRunner.Result a = CliRunner.run("batch", "-i", example().toString());
        CliRunner.Result b = CliRunner.run("batch", "-i", file.toString());
        assertThat(b.exitCode()).as(b.err()).isZero();
        JsonNode pa = JSON.readTree(a.out());
        JsonNode pb = JSON.readTree(b.out());
        assertThat(pb.get("feasible").asBoolean()).isTrue();
        assertThat(pb.get("exact").asBoolean()).isTrue();
        assertThat(pb.get("objective").asDouble()).isEqualTo(pa.get("objective").asDouble());
        for (int i = 0; i < pa.get("jobs").size(); i++) {
            JsonNode ja = pa.get("jobs").get(i);
            JsonNode jb = pb.get("jobs").get(i);
            assertThat(jb.get("chosen").asInt()).isEqualTo(ja.get("chosen").asInt());
            JsonNode chosen = ja.get("alternatives").get(ja.get("chosen").asInt());
            assertThat(jb.get("alternatives")
                            .get(jb.get("chosen").asInt())
                            .get("cost")
                            .asDouble())
                    .isCloseTo(
                            chosen.get("cost").asDouble() * factor,
                            org.assertj.core.data.Offset.offset(factor * 1e-9 + plus * 200));
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}], \"jobs\":"
                        + " [{\"nodes\": 2, \"volume\": 5}]}|asks for 2 nodes",
                "{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}], \"jobs\":"
                        + " [{\"nodes\": 1, \"volume\": 5, \"budget\": -3}]}|budget",
                "{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}], \"jobs\":"
                        + " [{\"nodes\": 1,"
                        + " \"volume\": 5, \"criterion\": \"speed\"}]}|unknown criterion 'speed'",
                "{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}], \"problem\":"
                        + " \"fast\","
                        + " \"jobs\": [{\"nodes\": 1, \"volume\": 5}]}|unknown problem 'fast'"
            })
    void badInputIsOneLineAndExit2(String caseText) throws IOException {
        String[] parts = caseText.split("\\|", -1);
        Path file = Files.writeString(dir.resolve("bad.json"), parts[0]);
        CliRunner.Result r = CliRunner.run("batch", "-i", file.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").contains(parts[1]);
    }

    /**
     * A select file (its top level has {@code job}, no {@code jobs}) given to batch: the unknown-field line as for
     * any other file, and then what the file looks like and which command plans it.
     */
    @Test
    void aSelectFileSaysItLooksLikeOne() throws IOException {
        Path examples = example().getParent();
        for (String name : List.of("select-small.json", "select-small.yaml", "select-availability.json")) {
            Path file = examples.resolve(name);
            CliRunner.Result r = CliRunner.run("batch", "-i", file.toString());
            assertThat(r.exitCode()).as(name).isEqualTo(2);
            assertThat(r.err())
                    .as(name)
                    .isEqualTo("metasched: " + file + ": the top level has an unknown field 'job', expected one of"
                            + " cssJobs, geometry, horizon, jobs, nodes, problem, quantum, scheme, subBatches, time"
                            + " (a select file? 'metasched select -i FILE' plans one job)\n");
            assertThat(r.out()).as(name).isEmpty();
        }
        // a batch file with a stray job field is a batch file with a typo: no hint
        String both = Files.readString(example()).replaceFirst("\\{", "{\"job\": {\"nodes\": 1},");
        Path typo = Files.writeString(dir.resolve("both.json"), both);
        CliRunner.Result r = CliRunner.run("batch", "-i", typo.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("metasched: " + typo + ": the top level has an unknown field 'job', expected one of"
                        + " cssJobs, geometry, horizon, jobs, nodes, problem, quantum, scheme, subBatches, time\n");
    }

    /**
     * Backfilling has no combination DP, so --quantum with it would be ignored: refused like --sub-batches with css.
     * A file's own quantum beside scheme backfill is kept as before ('journal export' writes the service's quantum
     * into every cycle's file, whatever its scheme).
     */
    @Test
    void aQuantumOptionWithBackfillIsRefusedAndAFilesQuantumIsKept() throws IOException {
        CliRunner.Result r =
                CliRunner.run("batch", "-i", example().toString(), "--scheme", "backfill", "--quantum", "0.5");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .isEqualTo(
                        "metasched batch: --quantum is the combination DP's quantum (css, slicer, bsf); scheme backfill"
                                + " has none (leave it out)\n");
        Path file = Files.writeString(
                dir.resolve("backfill.json"),
                Files.readString(example()).replaceFirst("\\{", "{\"scheme\": \"backfill\", \"quantum\": 0.5,"));
        CliRunner.Result kept = CliRunner.run("batch", "-i", file.toString(), "-f", "table");
        assertThat(kept.exitCode()).as(kept.err()).isZero();
        assertThat(kept.out()).startsWith("scheme     backfill\n");
        for (String scheme : new String[] {"css", "slicer", "bsf"}) {
            CliRunner.Result dp =
                    CliRunner.run("batch", "-i", example().toString(), "--scheme", scheme, "--quantum", "0.5");
            assertThat(dp.exitCode()).as(scheme + dp.err()).isZero();
        }
    }

    /**
     * A setting the file gives that its scheme does not take, or out of range, is named as the file's field, after
     * the file, not as an option the user never gave ("--sub-batches ... (leave it out)" for a file's subBatches).
     */
    @Test
    void aFilesSettingIsNamedAsTheFilesFieldAndAnOptionAsTheOption() throws IOException {
        String[][] cases = {
            {"\"scheme\": \"css\", \"subBatches\": 2", "the file's subBatches applies to the slicer and bsf"},
            {"\"scheme\": \"slicer\", \"cssJobs\": 1", "the file's cssJobs applies to bsf"},
            {"\"scheme\": \"slicer\", \"subBatches\": 5", "the file's subBatches: 5, expected 1 to the batch size 2"},
            {"\"scheme\": \"bsf\", \"cssJobs\": 3", "the file's cssJobs: 3 is beyond the batch of 2 jobs"}
        };
        for (String[] c : cases) {
            Path file = Files.writeString(
                    dir.resolve("settings.json"), Files.readString(example()).replaceFirst("\\{", "{" + c[0] + ","));
            CliRunner.Result r = CliRunner.run("batch", "-i", file.toString());
            assertThat(r.exitCode()).as(c[0]).isEqualTo(2);
            assertThat(r.err())
                    .as(c[0])
                    .startsWith("metasched: " + file + ": " + c[1])
                    .hasLineCount(1);
        }
        CliRunner.Result option =
                CliRunner.run("batch", "-i", example().toString(), "--scheme", "css", "--sub-batches", "2");
        assertThat(option.err()).startsWith("metasched batch: --sub-batches applies to the slicer and bsf; scheme css");
    }

    /**
     * bsf with --css-jobs 0 backfills every job: --sub-batches and --quantum, which only the CSS share uses, are
     * refused instead of ignored (the plan was the same with and without them); with one CSS job they are taken.
     */
    @Test
    void slicerOptionsWithNoCssShareAreRefused() throws IOException {
        String input = example().toString();
        for (String option : new String[] {"--sub-batches", "--quantum"}) {
            String value = option.equals("--quantum") ? "0.5" : "2";
            CliRunner.Result r =
                    CliRunner.run("batch", "-i", input, "--scheme", "bsf", "--css-jobs", "0", option, value);
            assertThat(r.exitCode()).as(option).isEqualTo(2);
            assertThat(r.out()).as(option).isEmpty();
            assertThat(r.err())
                    .isEqualTo("metasched batch: " + option
                            + " applies to bsf's CSS share; with --css-jobs 0 there is none"
                            + " and every job is backfilled (leave it out, or give --css-jobs 1 or more)\n");
            CliRunner.Result one =
                    CliRunner.run("batch", "-i", input, "--scheme", "bsf", "--css-jobs", "1", option, value);
            assertThat(one.exitCode()).as(option + one.err()).isZero();
        }
        Path file = Files.writeString(
                dir.resolve("bsf0.json"),
                Files.readString(example()).replaceFirst("\\{", "{\"scheme\": \"bsf\", \"cssJobs\": 0,"));
        CliRunner.Result fromFile = CliRunner.run("batch", "-i", file.toString(), "--sub-batches", "2");
        assertThat(fromFile.exitCode()).isEqualTo(2);
        assertThat(fromFile.err()).contains("--sub-batches applies to bsf's CSS share; with the file's cssJobs 0");
        assertThat(CliRunner.run("batch", "-i", file.toString()).exitCode()).isZero();
    }

    /**
     * A file's own subBatches or quantum beside its own bsf with cssJobs 0 is refused as the options are, in one line
     * naming the file and the field: it was accepted without effect. With one CSS job it is taken. Where --css-jobs 0
     * or --scheme bsf makes the combination, a what-if, the file's field is its setting for its own plan: unused, as
     * with --scheme backfill, and the plan is that of the file without it.
     */
    @Test
    void aFilesSlicerFieldsWithNoCssShareAreRefused() throws IOException {
        for (String field : new String[] {"\"subBatches\": 2", "\"quantum\": 0.5", "\"quantum\": \"data\""}) {
            String name = field.substring(1, field.indexOf('"', 1));
            Path file = Files.writeString(
                    dir.resolve("bsf0.json"),
                    Files.readString(example())
                            .replaceFirst("\\{", "{\"scheme\": \"bsf\", \"cssJobs\": 0, " + field + ","));
            CliRunner.Result r = CliRunner.run("batch", "-i", file.toString());
            assertThat(r.exitCode()).as(field).isEqualTo(2);
            assertThat(r.out()).as(field).isEmpty();
            assertThat(r.err())
                    .isEqualTo("metasched: " + file + ": the file's " + name + " applies to bsf's CSS share; with the"
                            + " file's cssJobs 0 there is none and every job is backfilled (leave the field out, or"
                            + " give cssJobs 1 or more)\n");
            CliRunner.Result option = CliRunner.run("batch", "-i", file.toString(), "--css-jobs", "1");
            assertThat(option.exitCode()).as(field + option.err()).isZero();

            Path two = Files.writeString(
                    dir.resolve("bsf2.json"),
                    Files.readString(example())
                            .replaceFirst("\\{", "{\"scheme\": \"bsf\", \"cssJobs\": 2, " + field + ","));
            assertThat(CliRunner.run("batch", "-i", two.toString()).exitCode()).isZero();
            // a what-if from the command line: the file's field is its setting for its own plan, unused by this
            // one, as with --scheme backfill (and a sweep cell of cssJobs 0 over the same file runs)
            CliRunner.Result none = CliRunner.run("batch", "-i", two.toString(), "--css-jobs", "0");
            assertThat(none.exitCode()).as(field + none.err()).isZero();
            Path plain = Files.writeString(
                    dir.resolve("bsf2-plain.json"),
                    Files.readString(example()).replaceFirst("\\{", "{\"scheme\": \"bsf\", \"cssJobs\": 2,"));
            CliRunner.Result same = CliRunner.run("batch", "-i", plain.toString(), "--css-jobs", "0");
            assertThat(none.out().replace(two.toString(), "FILE"))
                    .as(field)
                    .isEqualTo(same.out().replace(plain.toString(), "FILE"));
            Path css = Files.writeString(
                    dir.resolve("css.json"),
                    Files.readString(example()).replaceFirst("\\{", "{\"cssJobs\": 0, " + field + ","));
            CliRunner.Result bsf = CliRunner.run("batch", "-i", css.toString(), "--scheme", "bsf");
            assertThat(bsf.exitCode()).as(field + bsf.err()).isZero();
            CliRunner.Result scheme = CliRunner.run("batch", "-i", file.toString(), "--scheme", "bsf");
            assertThat(scheme.exitCode()).as(field + scheme.err()).isEqualTo(2);
        }
    }

    @Test
    void cssJobsBeyondTheBatchIsAnError() {
        CliRunner.Result r = CliRunner.run("batch", "-i", example().toString(), "--scheme", "bsf", "--css-jobs", "3");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--css-jobs: 3 is beyond the batch of 2 jobs");
    }
}
