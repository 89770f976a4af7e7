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
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.flow.FlowPolicy;
import org.metasched.gang.GangRegistries;
import org.metasched.memory.MemoryPolicy;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.ReproduceTargets;
import org.metasched.pipeline.SweepCommands;
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
                Arguments.of("simulate --policy", FlowPolicy.registry(), List.of("simulate", "--help")),
                Arguments.of("select --strategy", WindowSearches.registry(), List.of("select", "--help")),
                Arguments.of(
                        "select --strategy (availability)", AvailabilityStrategy.REGISTRY, List.of("select", "--help")),
                Arguments.of("memory --policy", MemoryPolicy.REGISTRY, List.of("memory", "--help")),
                Arguments.of("gang --policy", GangRegistries.POLICIES, List.of("gang", "--help")),
                Arguments.of("gang --dispatch", GangRegistries.DISPATCHERS, List.of("gang", "--help")),
                Arguments.of("gang --start-rule", GangRegistries.START_RULES, List.of("gang", "--help")),
                Arguments.of("sweep --engine", SweepCommand.ENGINES, List.of("sweep", "--help")),
                Arguments.of("batch --scheme", BatchScheduler.Scheme.REGISTRY, List.of("batch", "--help")),
                Arguments.of("batch --problem", CssProblem.REGISTRY, List.of("batch", "--help")),
                Arguments.of("batch --time", CssProblem.Time.REGISTRY, List.of("batch", "--help")),
                Arguments.of(
                        "journal replay --scheme",
                        BatchScheduler.Scheme.REGISTRY,
                        List.of("journal", "replay", "--help")),
                Arguments.of("journal replay --problem", CssProblem.REGISTRY, List.of("journal", "replay", "--help")),
                Arguments.of("reproduce TARGET", ReproduceTargets.REGISTRY, List.of("reproduce", "--help")),
                Arguments.of("sweep file command", SweepCommands.registry(), List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registries")
    void namesAreFoundWhateverTheirCase(String what, Registry<? extends Registered> registry, List<String> help) {
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
            String what, Registry<? extends Registered> registry, List<String> help) {
        assertThatThrownBy(() -> registry.byName("no-such-entry"))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("unknown " + registry.kind() + " 'no-such-entry'; known: "
                        + String.join(", ", registry.names()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registries")
    void theHelpListsEveryName(String what, Registry<? extends Registered> registry, List<String> help) {
        if (help.isEmpty()) {
            return; // a sweep file's field: docs/sweep.md lists the commands
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
}
