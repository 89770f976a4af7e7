package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SelectCommandTest {
    private static final Path EXAMPLE = Path.of("..", "examples", "select-small.json");
    private static final Path EXAMPLE_YAML = Path.of("..", "examples", "select-small.yaml");

    @TempDir
    Path dir;

    /**
     * --seed with a search that draws no random numbers would change nothing (it was accepted and unused): refused
     * in one line naming it; min-proc-time and random or mixed starting points take it.
     */
    @Test
    void aSeedTheStrategyWouldNotUseIsRefused() {
        String availability =
                Path.of("..", "examples", "select-availability.json").toString();
        CliRunner.Result r = CliRunner.run("select", "-i", EXAMPLE.toString(), "-s", "min-cost", "--seed", "5");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .isEqualTo("metasched select: --seed 5: strategy min-cost draws no random numbers; --seed is for"
                        + " min-proc-time and the availability strategies' --placement random or mixed (leave it"
                        + " out)\n");
        for (String[] refused : new String[][] {
            {"-i", EXAMPLE.toString(), "-s", "csa", "--seed", "1"},
            {"-i", EXAMPLE.toString(), "-s", "bf-start", "--seed", "1"},
            {"-i", availability, "-s", "availability-knapsack", "--seed", "1"},
            {"-i", availability, "-s", "greedy-jnt", "--start-points", "3", "--placement", "uniform", "--seed", "1"}
        }) {
            CliRunner.Result x = CliRunner.run(concat("select", refused));
            assertThat(x.exitCode()).as(String.join(" ", refused)).isEqualTo(2);
            assertThat(x.err()).as(String.join(" ", refused)).contains("draws no random numbers");
        }
        for (String[] taken : new String[][] {
            {"-i", EXAMPLE.toString(), "-s", "min-proc-time", "--seed", "1"},
            {"-i", availability, "-s", "greedy-jnt", "--start-points", "3", "--placement", "random", "--seed", "1"},
            {
                "-i",
                availability,
                "-s",
                "availability-knapsack",
                "--start-points",
                "3",
                "--placement",
                "mixed",
                "--seed",
                "1"
            },
            {"-i", EXAMPLE.toString(), "-s", "min-cost"}
        }) {
            CliRunner.Result x = CliRunner.run(concat("select", taken));
            assertThat(x.exitCode()).as(String.join(" ", taken) + x.err()).isZero();
        }
    }

    private static String[] concat(String first, String[] rest) {
        String[] a = new String[rest.length + 1];
        a[0] = first;
        System.arraycopy(rest, 0, a, 1, rest.length);
        return a;
    }

    @Test
    void theExampleGivesTheWorkedExamplesMinFinishWindow() {
        CliRunner.Result r = CliRunner.run("select", "--input", EXAMPLE.toString());
        assertThat(r.exitCode()).isZero();
        JsonNode j = JsonMapper.builder().build().readTree(r.out());
        assertThat(j.get("strategy").asString()).isEqualTo("min-finish");
        assertThat(j.get("found").asBoolean()).isTrue();
        assertThat(j.get("start").asDouble()).isEqualTo(12.0);
        assertThat(j.get("finish").asDouble()).isEqualTo(32.0);
        assertThat(j.get("runtime").asDouble()).isEqualTo(20.0);
        assertThat(j.get("cost").asDouble()).isEqualTo(195.0);
        assertThat(j.get("processorTime").asDouble()).isEqualTo(45.0);
        assertThat(j.get("slots")).hasSize(3);
        assertThat(j.get("slots").get(0).get("node").asString()).isEqualTo("s2");
        assertThat(j.get("slots").get(0).get("end").asDouble()).isEqualTo(27.0);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"amp, 185", "min-cost, 152", "min-runtime, 172", "min-proc-time-exact, 172"})
    void strategiesFromTheCommandLine(String strategy, double cost) {
        CliRunner.Result r = CliRunner.run("select", "-i", EXAMPLE.toString(), "-s", strategy);
        assertThat(r.exitCode()).isZero();
        assertThat(JsonMapper.builder().build().readTree(r.out()).get("cost").asDouble())
                .isEqualTo(cost);
    }

    @Test
    void yamlInputAndTableOutput() {
        CliRunner.Result r =
                CliRunner.run("select", "-i", EXAMPLE_YAML.toString(), "-s", "bf-finish", "--format", "table");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("found          yes").contains("finish         40");
    }

    @Test
    void csaCriterionPicksTheAlternative() {
        CliRunner.Result start = CliRunner.run("select", "-i", EXAMPLE.toString(), "-s", "csa", "--criterion", "start");
        assertThat(start.exitCode()).isZero();
        assertThat(JsonMapper.builder()
                        .build()
                        .readTree(start.out())
                        .get("start")
                        .asDouble())
                .isEqualTo(10.0);
    }

    /**
     * csa takes one AMP window after another until none is left: with a task of a 10^-13 of the horizon it never
     * ended. It is refused (exit 2, one line); min-finish, which takes one window, still answers. The timeout, on a
     * thread of its own (the search does not look at interrupts), makes a hang a failure.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void csaRefusesATaskTooSmallForItsHorizonAndOtherStrategiesAnswer() throws IOException {
        Path f = write("{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1},"
                + " {\"id\": \"b\", \"performance\": 2, \"price\": 1}], \"job\": {\"nodes\": 1, \"volume\": 1e-12}}");
        CliRunner.Result csa = CliRunner.run("select", "-i", f.toString(), "-s", "csa");
        assertThat(csa.exitCode()).as(csa.err()).isEqualTo(2);
        assertThat(csa.err())
                .hasLineCount(1)
                .contains(f + ": job.volume 1.0E-12 is a task of")
                .contains("give a volume of at least 0.00012");
        assertThat(CliRunner.run("select", "-i", f.toString(), "-s", "min-finish")
                        .exitCode())
                .isZero();
    }

    @Test
    void noWindowIsNotAnError() throws IOException {
        Path f = write("{\"horizon\": 10, \"nodes\": [{\"id\": \"a\", \"performance\": 1, \"price\": 1}],"
                + " \"job\": {\"nodes\": 1, \"volume\": 50}}");
        CliRunner.Result r = CliRunner.run("select", "-i", f.toString());
        assertThat(r.exitCode()).isZero();
        JsonNode j = JsonMapper.builder().build().readTree(r.out());
        assertThat(j.get("found").asBoolean()).isFalse();
        assertThat(j.get("start").isNull()).isTrue();
        assertThat(j.get("slots")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "missing field|{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}],"
                        + " \"job\": {\"nodes\": 1}}|job.volume is missing",
                "negative volume|{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}],"
                        + " \"job\": {\"nodes\": 1, \"volume\": -5}}|job.volume must be > 0, got -5",
                "busy end before start|{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1,"
                        + " \"busy\": [[20, 10]]}], \"job\": {\"nodes\": 1, \"volume\": 5}}|nodes[0].busy[0] end 10.0"
                        + " is before start 20.0",
                "malformed JSON|{\"horizon\": 60,, \"nodes\": []}|:1:16: malformed JSON",
                "typo in a field|{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}],"
                        + " \"job\": {\"nodes\": 1, \"volme\": 5}}|job has an unknown field 'volme'",
                "text for a number|{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": \"fast\", \"price\":"
                        + " 1}], \"job\": {\"nodes\": 1, \"volume\": 5}}|nodes[0].performance must be a number, got"
                        + " 'fast'",
                "bad geometry|{\"horizon\": 60, \"geometry\": \"square\", \"nodes\": [{\"id\": \"a\", \"performance\":"
                        + " 2, \"price\": 1}], \"job\": {\"nodes\": 1, \"volume\": 5}}|geometry must be common or"
                        + " rough, got 'square'",
                "too many nodes|{\"horizon\": 60, \"nodes\": [{\"id\": \"a\", \"performance\": 2, \"price\": 1}],"
                        + " \"job\": {\"nodes\": 2, \"volume\": 5}}|asks for 2 nodes but the domain has only 1",
                "empty file||the file is empty"
            })
    void badInputIsOneLineAndExitCodeTwo(String what, String content, String expected) throws IOException {
        Path f = write(content == null ? "" : content);
        CliRunner.Result r = CliRunner.run("select", "-i", f.toString());
        assertThat(r.exitCode()).as(what).isEqualTo(2);
        assertThat(r.err().strip())
                .as(what)
                .doesNotContain("\n")
                .contains(f.getFileName().toString())
                .contains(expected);
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    /**
     * An SSA criterion on a finite budget says whether it counted costs exactly, as the knapsack does; prices 0.1
     * and 0.2 fit a budget of 1 (docs/select.md). Without a budget, and for the AEP strategies, no such field.
     */
    @Test
    void ssaOnABudgetSaysExact() throws IOException {
        String nodes = "\"horizon\": 10, \"nodes\": [{\"id\": \"a\", \"performance\": 1, \"price\": 0.1},"
                + " {\"id\": \"b\", \"performance\": 1, \"price\": 0.2}]";
        Path f = write("{" + nodes + ", \"job\": {\"nodes\": 2, \"volume\": 1, \"budget\": 1}}");
        CliRunner.Result r = CliRunner.run("select", "-i", f.toString(), "-s", "cop");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = JsonMapper.builder().build().readTree(r.out());
        assertThat(j.get("found").asBoolean()).isTrue();
        assertThat(j.get("cost").asDouble()).isEqualTo(0.30000000000000004);
        assertThat(j.get("exact").asBoolean()).isTrue();
        CliRunner.Result table = CliRunner.run("select", "-i", f.toString(), "-s", "bf-finish", "-f", "table");
        assertThat(table.out()).contains("cost           0.3\n").endsWith("\n\nexact          yes\n");
        Path unbounded = write("{" + nodes + ", \"job\": {\"nodes\": 2, \"volume\": 1}}");
        assertThat(CliRunner.run("select", "-i", unbounded.toString(), "-s", "cop")
                        .out())
                .doesNotContain("exact");
        assertThat(CliRunner.run("select", "-i", f.toString(), "-s", "min-cost").out())
                .doesNotContain("exact");
        // a third of a unit has no decimal quantum: D4 rounds each slot up to 1, and says the answer may be wrong
        Path thirds = write("{\"horizon\": 10, \"nodes\": [{\"id\": \"a\", \"performance\": 3, \"price\": 1},"
                + " {\"id\": \"b\", \"performance\": 3, \"price\": 2}],"
                + " \"job\": {\"nodes\": 2, \"volume\": 1, \"budget\": 1}}");
        CliRunner.Result none = CliRunner.run("select", "-i", thirds.toString(), "-s", "bf-start", "-f", "table");
        assertThat(none.out())
                .isEqualTo(
                        "strategy       bf-start\nfound          no: no window satisfies the request\nexact          "
                                + SelectCommand.SSA_EXACT_NO + "\n");
    }

    @Test
    void unknownStrategyNamesTheKnownOnes() {
        CliRunner.Result r = CliRunner.run("select", "-i", EXAMPLE.toString(), "-s", "min-fnish");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--strategy: unknown strategy 'min-fnish'").contains("min-finish, min-proc-time");
        assertThat(r.err()).hasLineCount(1);
    }

    @Test
    void namesAreCaseInsensitiveAndPrintedInTheirCanonicalForm() {
        CliRunner.Result r = CliRunner.run("select", "-i", EXAMPLE.toString(), "-s", "MIN-COST", "-f", "TABLE");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("strategy       min-cost\n").contains("cost           152");
        CliRunner.Result csa = CliRunner.run("select", "-i", EXAMPLE.toString(), "-s", "CSA", "--criterion", "Start");
        assertThat(csa.exitCode()).as(csa.err()).isZero();
        assertThat(csa.out()).contains("\"strategy\" : \"csa\"");
    }

    @Test
    void aCriterionForAStrategyThatIgnoresItIsAnError() {
        CliRunner.Result r =
                CliRunner.run("select", "-i", EXAMPLE.toString(), "-s", "min-cost", "--criterion", "finish");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo(
                        "metasched select: --criterion chooses among csa's alternatives; strategy min-cost has none (give"
                                + " --strategy csa, or leave --criterion out)\n");
        assertThat(r.out()).isEmpty();
    }

    /**
     * An availability strategies' file given to a window search: the unknown-field line, then that the field is
     * theirs; a typo in a classic node gets no such hint.
     */
    @Test
    void anAvailabilityFileGivenToAWindowSearchSaysWhoseFieldItIs() throws IOException {
        Path availability = EXAMPLE.resolveSibling("select-availability.json");
        CliRunner.Result r = CliRunner.run("select", "-i", availability.toString(), "-s", "min-cost");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo(
                        "metasched: " + availability + ": nodes[0] has an unknown field 'occupancy', expected one of"
                                + " busy, id, performance, price (occupancy is a field of the availability strategies' input"
                                + " (availability-knapsack, availability-max-p, availability-min-c, availability-max-p-c,"
                                + " greedy-jnt; docs/select.md); choose one of them as the strategy, or leave occupancy out)\n");
        Path typo = write(Files.readString(EXAMPLE).replaceFirst("\"price\"", "\"prize\""));
        r = CliRunner.run("select", "-i", typo.toString(), "-s", "min-cost");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("has an unknown field 'prize'").doesNotContain("availability");
    }

    /**
     * A batch file (its top level has {@code jobs}, no {@code job}) given to select, whose strategy reads either the
     * classic or the availability format: the unknown-field line as for any other file, and then what the file looks
     * like and which command plans it.
     */
    @Test
    void aBatchFileSaysItLooksLikeOne() throws IOException {
        Path batch = EXAMPLE.resolveSibling("batch-small.json");
        for (String strategy : new String[] {"min-finish", "availability-max-p"}) {
            CliRunner.Result r = CliRunner.run("select", "-i", batch.toString(), "-s", strategy);
            assertThat(r.exitCode()).as(strategy).isEqualTo(2);
            assertThat(r.err())
                    .as(strategy)
                    .isEqualTo("metasched: " + batch + ": the top level has an unknown field 'jobs', expected one of"
                            + " geometry, horizon, job, nodes (a batch file? 'metasched batch -i FILE' plans a batch"
                            + " of jobs)\n");
            assertThat(r.out()).as(strategy).isEmpty();
        }
        // a select file with a stray jobs field is a select file with a typo: no hint
        String both = Files.readString(EXAMPLE).replaceFirst("\\{", "{\"jobs\": [],");
        Path typo = write(both);
        CliRunner.Result r = CliRunner.run("select", "-i", typo.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("metasched: " + typo + ": the top level has an unknown field 'jobs', expected one of"
                        + " geometry, horizon, job, nodes\n");
    }

    @Test
    void missingFileAndMissingOptionAreBadInput() {
        CliRunner.Result missing =
                CliRunner.run("select", "-i", dir.resolve("nope.json").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("nope.json: no such file");
        CliRunner.Result noInput = CliRunner.run("select");
        assertThat(noInput.exitCode()).isEqualTo(2);
        assertThat(noInput.err())
                .isEqualTo(
                        "metasched select: missing required option: '--input=FILE'; try 'metasched select --help'\n");
    }

    private Path write(String content) throws IOException {
        Path f = Files.createTempFile(dir, "problem", ".json");
        Files.writeString(f, content);
        return f;
    }
}
