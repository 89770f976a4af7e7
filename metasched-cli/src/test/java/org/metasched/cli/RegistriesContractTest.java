package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.flow.FlowPolicy;
import org.metasched.gang.GangRegistries;
import org.metasched.memory.MemoryPolicy;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.reproduce.ReproduceTargets;
import org.metasched.pipeline.sweep.SweepCommands;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;
import org.metasched.window.WindowSearches;

/**
 * One contract for every registry of names a user types: names are lower case and found whatever their case, an
 * unknown name is one line listing the known ones, and the help of the command that takes them lists every one
 * (the help reads the registry, so a new entry appears there with no list to keep).
 */
class RegistriesContractTest {
    static Stream<Arguments> registries() {
        return Stream.of(
                Arguments.of("simulate --policy", FlowPolicy.registry(), List.of("simulate", "--help"), List.of()),
                Arguments.of("select --strategy", WindowSearches.registry(), List.of("select", "--help"), List.of()),
                Arguments.of(
                        "select --strategy (availability)",
                        AvailabilityStrategy.REGISTRY,
                        List.of("select", "--help"),
                        List.of()),
                Arguments.of(
                        "memory --policy",
                        MemoryPolicy.REGISTRY,
                        List.of("memory", "--help"),
                        bad("memory", "--policy")),
                Arguments.of("gang --policy", GangRegistries.POLICIES, List.of("gang", "--help"), List.of()),
                Arguments.of("gang --dispatch", GangRegistries.DISPATCHERS, List.of("gang", "--help"), List.of()),
                Arguments.of("gang --start-rule", GangRegistries.START_RULES, List.of("gang", "--help"), List.of()),
                Arguments.of("sweep --engine", SweepCommand.ENGINES, List.of("sweep", "--help"), List.of()),
                Arguments.of("sweep file command", SweepCommands.registry(), List.of(), List.of()),
                Arguments.of(
                        "batch --scheme",
                        BatchScheduler.Scheme.REGISTRY,
                        List.of("batch", "--help"),
                        bad("batch", "--scheme")),
                Arguments.of(
                        "batch --problem", CssProblem.REGISTRY, List.of("batch", "--help"), bad("batch", "--problem")),
                Arguments.of(
                        "batch --time", CssProblem.Time.REGISTRY, List.of("batch", "--help"), bad("batch", "--time")),
                Arguments.of("batch file job criterion", BatchJob.Criterion.REGISTRY, List.of(), List.of()),
                Arguments.of(
                        "journal replay --scheme",
                        BatchScheduler.Scheme.REGISTRY,
                        List.of("journal", "replay", "--help"),
                        bad("journal", "replay", "--scheme")),
                Arguments.of(
                        "journal replay --problem",
                        CssProblem.REGISTRY,
                        List.of("journal", "replay", "--help"),
                        bad("journal", "replay", "--problem")),
                Arguments.of(
                        "reproduce TARGET",
                        ReproduceTargets.REGISTRY,
                        List.of("reproduce", "--help"),
                        bad("reproduce")));
    }

    /** A command line that gives the unknown name {@code no-such-entry} after {@code args}. */
    private static List<String> bad(String... args) {
        List<String> out = new java.util.ArrayList<>(List.of(args));
        out.add("no-such-entry");
        return List.copyOf(out);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registries")
    void namesAreFoundWhateverTheirCase(
            String what, Registry<? extends Registered> registry, List<String> help, List<String> bad) {
        assertThat(registry.entries()).as(what).isNotEmpty();
        for (Registered e : registry.entries()) {
            assertThat(e.name()).isEqualTo(e.name().toLowerCase(Locale.ROOT));
            assertThat(registry.byName(e.name().toUpperCase(Locale.ROOT))).isSameAs(e);
            assertThat(registry.find(" " + capitalised(e.name()))).isEmpty();
            assertThat(registry.byName(capitalised(e.name()))).isSameAs(e);
            assertThat(e.description()).as(e.name()).isNotBlank().doesNotContain("\n");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registries")
    void anUnknownNameIsOneLineListingTheKnownOnes(
            String what, Registry<? extends Registered> registry, List<String> help, List<String> bad) {
        assertThatThrownBy(() -> registry.byName("no-such-entry"))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("unknown " + registry.kind() + " 'no-such-entry'; known: "
                        + String.join(", ", registry.names()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registries")
    void theHelpListsEveryName(
            String what, Registry<? extends Registered> registry, List<String> help, List<String> bad) {
        if (help.isEmpty()) {
            return; // a file's field: its page in docs/ lists the names
        }
        CliRunner.Result r = CliRunner.run(help.toArray(new String[0]));
        assertThat(r.exitCode()).isZero();
        String text = r.out().replaceAll("\\s+", " ");
        for (String name : registry.names()) {
            assertThat(text).as(what).contains(name);
        }
    }

    private static String capitalised(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registries")
    void anUnknownNameOnTheCommandLineIsExit2WithOneLineListingTheKnownOnes(
            String what, Registry<? extends Registered> registry, List<String> help, List<String> bad) {
        if (bad.isEmpty()) {
            return; // resolved in a file or after other checks: the registry's own message (above)
        }
        CliRunner.Result r = CliRunner.run(bad.toArray(new String[0]));
        assertThat(r.exitCode()).as(what).isEqualTo(2);
        assertThat(r.out()).as(what).isEmpty();
        assertThat(r.err())
                .as(what)
                .endsWith("\n")
                .containsOnlyOnce("\n")
                .contains("unknown " + registry.kind() + " 'no-such-entry', expected one of "
                        + String.join(", ", registry.names()));
    }
}
