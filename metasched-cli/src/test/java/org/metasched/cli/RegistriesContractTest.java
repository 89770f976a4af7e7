package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.batch.BatchJob;
import org.metasched.batch.BatchScheduler;
import org.metasched.batch.CssProblem;
import org.metasched.flow.FlowPolicy;
import org.metasched.gang.GangRegistries;
import org.metasched.memory.MemoryPolicy;
import org.metasched.model.InputFormatException;
import org.metasched.pipeline.reproduce.ReproduceTarget;
import org.metasched.pipeline.reproduce.ReproduceTargets;
import org.metasched.pipeline.run.RunSection;
import org.metasched.pipeline.run.RunSections;
import org.metasched.pipeline.select.SelectParameters;
import org.metasched.pipeline.sweep.SweepCommands;
import org.metasched.registry.Registered;
import org.metasched.registry.Registration;
import org.metasched.registry.Registry;
import org.metasched.service.Service;
import org.metasched.window.WindowSearches;
import picocli.CommandLine.Command;

/**
 * One contract for every registry of names a user types: names are lower case and found whatever their case, an
 * unknown name is one line listing the known ones, and the help of the command that takes them lists every one
 * (the help reads the registry, so a new entry appears there with no list to keep: a toy entry registered while the
 * help is made shows in it).
 */
class RegistriesContractTest {
    /**
     * A registry, the command line whose help lists it (none for a file's field), the command line that gives it
     * an unknown name (none where the name is resolved in a file, by the service or by picocli), what its help shows
     * of an entry, and a toy entry of its kind (none where the kind's entries cannot be made outside their class).
     */
    record Row(
            String what,
            Registry<? extends Registered> registry,
            List<String> help,
            List<String> bad,
            Function<Registered, String> shown,
            Supplier<? extends Registered> toy) {
        Row toy(Supplier<? extends Registered> entry) {
            return new Row(what, registry, help, bad, shown, entry);
        }

        Row shown(Function<Registered, String> part) {
            return new Row(what, registry, help, bad, part, toy);
        }

        @Override
        public String toString() {
            return what;
        }
    }

    private static Row row(String what, Registry<? extends Registered> registry, List<String> help, List<String> bad) {
        return new Row(what, registry, help, bad, Registered::name, null);
    }

    static Stream<Row> registries() {
        return Stream.of(
                row("simulate --policy", FlowPolicy.registry(), List.of("simulate", "--help"), List.of())
                        .toy(() -> FlowPolicy.of(
                                "toy-entry",
                                "queue",
                                "a toy policy",
                                FlowPolicy.registry().byName("fcfs")::create)),
                row("select --strategy", WindowSearches.registry(), List.of("select", "--help"), List.of())
                        .toy(() -> new Registration<>(
                                "toy-entry", "aep", "a toy search", o -> WindowSearches.create("min-cost"))),
                row(
                        "select --strategy (availability)",
                        AvailabilityStrategy.REGISTRY,
                        List.of("select", "--help"),
                        List.of()),
                row("memory --policy", MemoryPolicy.REGISTRY, List.of("memory", "--help"), bad("memory", "--policy")),
                row("gang --policy", GangRegistries.POLICIES, List.of("gang", "--help"), List.of())
                        .toy(() -> new Registration<>("toy-entry", "queue", "a toy policy", x -> null)),
                row("gang --dispatch", GangRegistries.DISPATCHERS, List.of("gang", "--help"), List.of())
                        .toy(() -> new Registration<>("toy-entry", "local", "a toy dispatcher", x -> null)),
                row("gang --start-rule", GangRegistries.START_RULES, List.of("gang", "--help"), List.of())
                        .toy(() -> new Registration<>("toy-entry", "start-rule", "a toy rule", x -> null)),
                row("sweep --engine", SweepCommand.ENGINES, List.of("sweep", "--help"), List.of())
                        .toy(() -> new Registration<>(
                                "toy-entry", "sweep-engine", "a toy engine", x -> SweepCommand.Engine.LOCAL)),
                row("sweep file command", SweepCommands.registry(), List.of(), List.of()),
                row(
                        "batch --scheme",
                        BatchScheduler.Scheme.REGISTRY,
                        List.of("batch", "--help"),
                        bad("batch", "--scheme")),
                row("batch --problem", CssProblem.REGISTRY, List.of("batch", "--help"), bad("batch", "--problem")),
                row("batch --time", CssProblem.Time.REGISTRY, List.of("batch", "--help"), bad("batch", "--time")),
                row("batch file job criterion", BatchJob.Criterion.REGISTRY, List.of(), List.of()),
                row(
                        "journal replay --scheme",
                        BatchScheduler.Scheme.REGISTRY,
                        List.of("journal", "replay", "--help"),
                        bad("journal", "replay", "--scheme")),
                row(
                        "journal replay --problem",
                        CssProblem.REGISTRY,
                        List.of("journal", "replay", "--help"),
                        bad("journal", "replay", "--problem")),
                row("reproduce TARGET", ReproduceTargets.REGISTRY, List.of("reproduce", "--help"), bad("reproduce"))
                        .toy(ToyTarget::new),
                // the service resolves a quote's criterion (a 400 in its own words); the help reads its registry
                row(
                                "quote accept --criterion",
                                Service.quoteCriteria(),
                                List.of("quote", "accept", "--help"),
                                List.of())
                        .toy(() -> new Registration<>("toy-entry", "quote-criterion", "a toy criterion", x -> null)),
                // nobody types a section's name: run's help lists every section by its title
                row("run sections", RunSections.REGISTRY, List.of("run", "--help"), List.of())
                        .shown(Registered::description)
                        .toy(ToySection::new),
                // picocli dispatches and words an unknown command (MainTest)
                row("COMMAND", Main.Commands.REGISTRY, List.of("--help"), List.of())
                        .toy(() -> new Registration<Object, Void>(
                                "toy-entry", "command", "A toy command.", x -> new ToyCommand())));
    }

    /** A command line that gives the unknown name {@code no-such-entry} after {@code args}. */
    private static List<String> bad(String... args) {
        List<String> out = new java.util.ArrayList<>(List.of(args));
        out.add("no-such-entry");
        return List.copyOf(out);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registries")
    void namesAreFoundWhateverTheirCase(Row row) {
        Registry<? extends Registered> registry = row.registry();
        assertThat(registry.entries()).as(row.what()).isNotEmpty();
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
    void anUnknownNameIsOneLineListingTheKnownOnes(Row row) {
        Registry<? extends Registered> registry = row.registry();
        assertThatThrownBy(() -> registry.byName("no-such-entry"))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("unknown " + registry.kind() + " 'no-such-entry'; known: "
                        + String.join(", ", registry.names()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registries")
    void theHelpListsEveryName(Row row) {
        if (row.help().isEmpty()) {
            return; // a file's field: its page in docs/ lists the names
        }
        String text = help(row);
        for (Registered e : row.registry().entries()) {
            assertThat(text).as(row.what()).contains(row.shown().apply(e));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registries")
    void aToyEntryRegisteredBeforeTheHelpIsMadeAppearsInIt(Row row) throws ReflectiveOperationException {
        if (row.toy() == null) {
            return; // no help, or the kind's entries are made only in their class (private constructors)
        }
        Registered toy = row.toy().get();
        String shown = row.shown().apply(toy);
        String before = help(row);
        assertThat(before).as(row.what()).doesNotContain(shown);
        whileRegistered(
                row.registry(), toy, () -> assertThat(help(row)).as(row.what()).contains(shown));
        assertThat(help(row)).as(row.what()).isEqualTo(before);
    }

    /** quote accept lists exactly the criteria the service accepts a quote's window under, in their order. */
    @Test
    void quoteAcceptsHelpListsExactlyTheServicesCriteria() {
        List<String> names = Service.quoteCriteria().names();
        String help = CliRunner.run("quote", "accept", "--help").out().replaceAll("\\s+", " ");
        assertThat(help)
                .contains(" --criterion=NAME Which window: "
                        + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1)
                        + " (default: the first, " + names.get(0) + "). ")
                .contains("Which window: finish, cost, runtime, proc-time or csa (default: the first, finish).");
    }

    @Test
    void aWindowSearchRegisteredAfterSelectsParametersLoadedIsTakenBySelect() throws ReflectiveOperationException {
        assertThat(SelectParameters.STRATEGY.choices()).contains("min-cost"); // the parameters are loaded
        Registered toy =
                new Registration<>("toy-search", "aep", "a toy search", o -> WindowSearches.create("min-cost"));
        String example = Path.of("..", "examples", "select-small.json").toString();
        CliRunner.Result minCost = CliRunner.run("select", "-i", example, "-s", "min-cost");
        whileRegistered(WindowSearches.registry(), toy, () -> {
            CliRunner.Result r = CliRunner.run("select", "-i", example, "-s", "Toy-Search");
            assertThat(r.err()).isEmpty();
            assertThat(r.exitCode()).isZero();
            assertThat(r.out()).isEqualTo(minCost.out().replace("\"min-cost\"", "\"toy-search\""));
        });
    }

    /** The help of {@code row}'s command, its white space runs made one space (the help wraps its lines). */
    private static String help(Row row) {
        CliRunner.Result r = CliRunner.run(row.help().toArray(new String[0]));
        assertThat(r.exitCode()).as(row.what()).isZero();
        return r.out().replaceAll("\\s+", " ");
    }

    /**
     * Registers {@code toy} in {@code registry} while {@code check} runs, then puts back the entries the registry
     * had: a registry has no removal (an entry, once registered, stays), and the other tests of this JVM list the
     * built-in entries.
     */
    @SuppressWarnings("unchecked")
    private static void whileRegistered(Registry<? extends Registered> registry, Registered toy, Runnable check)
            throws ReflectiveOperationException {
        Field entries = Registry.class.getDeclaredField("entries");
        entries.setAccessible(true);
        Object before = entries.get(registry);
        ((Registry<Registered>) registry).register(toy);
        try {
            check.run();
        } finally {
            entries.set(registry, before);
        }
    }

    private static String capitalised(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registries")
    void anUnknownNameOnTheCommandLineIsExit2WithOneLineListingTheKnownOnes(Row row) {
        if (row.bad().isEmpty()) {
            return; // resolved in a file or after other checks: the registry's own message (above)
        }
        Registry<? extends Registered> registry = row.registry();
        CliRunner.Result r = CliRunner.run(row.bad().toArray(new String[0]));
        assertThat(r.exitCode()).as(row.what()).isEqualTo(2);
        assertThat(r.out()).as(row.what()).isEmpty();
        assertThat(r.err())
                .as(row.what())
                .endsWith("\n")
                .containsOnlyOnce("\n")
                .contains("unknown " + registry.kind() + " 'no-such-entry', expected one of "
                        + String.join(", ", registry.names()));
    }

    @Command(name = "toy-entry", description = "A toy command.")
    static final class ToyCommand implements Runnable {
        @Override
        public void run() {}
    }

    static final class ToySection implements RunSection {
        @Override
        public String name() {
            return "toy-section";
        }

        @Override
        public String title() {
            return "A toy section of the registries' contract";
        }

        @Override
        public Part run(long seed) {
            throw new UnsupportedOperationException("a toy");
        }
    }

    static final class ToyTarget implements ReproduceTarget {
        @Override
        public About about() {
            return new About("toy-entry", "a toy target", 1, 0, List.of("run"));
        }

        @Override
        public long steps(Settings settings) {
            return 0;
        }

        @Override
        public Outcome run(Settings settings, IntConsumer progress) {
            throw new UnsupportedOperationException("a toy");
        }
    }
}
