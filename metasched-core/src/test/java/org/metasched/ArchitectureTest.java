package org.metasched;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * ENGINEERING.md sections 1 to 3, enforced on core's main code: the third-party libraries core may use, seeded
 * randomness only, no package cycles, and layers that point one way:
 *
 * <pre>
 * model  &lt;-  random, registry, metrics, sim, timeline  &lt;-  window  &lt;-  flow | availability | gang | memory
 * </pre>
 *
 * The engine ({@code sim}) knows no model; each system package ({@code flow}, {@code batch}, {@code availability},
 * {@code gang}, {@code memory}) may use the layers below it but never another system. Core never sees io, report,
 * experiments or the CLI (Maven's module graph forbids it).
 *
 * <p>One rule reads every module's sources, not only core's: no main source file over {@value #MAX_MAIN_FILE_LINES}
 * lines (issue 21).
 */
class ArchitectureTest {
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.metasched");

    private static final String[] CORE_PACKAGES = {
        "org.metasched.model..",
        "org.metasched.random..",
        "org.metasched.registry..",
        "org.metasched.metrics..",
        "org.metasched.sim..",
        "org.metasched.timeline..",
        "org.metasched.window..",
        "org.metasched.flow..",
        "org.metasched.batch..",
        "org.metasched.availability..",
        "org.metasched.gang..",
        "org.metasched.memory.."
    };

    @Test
    void coreDependsOnlyOnTheJdkCommonsRngAndStatisticsAndItsOwnPackages() {
        String[] allowed = new String[CORE_PACKAGES.length + 3];
        allowed[0] = "java..";
        allowed[1] = "org.apache.commons.rng..";
        allowed[2] = "org.apache.commons.statistics..";
        System.arraycopy(CORE_PACKAGES, 0, allowed, 3, CORE_PACKAGES.length);
        classes().should().onlyDependOnClassesThat().resideInAnyPackage(allowed).check(CORE);
    }

    /**
     * Every class of core lives in one of the layers above (a new package must be placed among them before it can be
     * used). Maven's module graph already keeps core from seeing io, the report, the pipeline or the CLI.
     */
    @Test
    void everyCoreClassLivesInALayer() {
        String[] packages = new String[CORE_PACKAGES.length + 1];
        packages[0] = "org.metasched";
        System.arraycopy(CORE_PACKAGES, 0, packages, 1, CORE_PACKAGES.length);
        classes().should().resideInAnyPackage(packages).check(CORE);
    }

    /** The rule of {@link #noUnseededRandomness}; it fails on a class that draws from {@code java.util.Random}. */
    private static final ArchRule SEEDED_RANDOMNESS_ONLY = noClasses()
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName("java.util.Random")
            .orShould()
            .callMethod(Math.class, "random")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName("java.util.concurrent.ThreadLocalRandom");

    @Test
    void noUnseededRandomness() {
        SEEDED_RANDOMNESS_ONLY.check(CORE);
    }

    /** The rules can fail: each refuses a class written to break it. */
    @Test
    void theRulesRefuseClassesThatBreakThem() {
        JavaClasses bad = new ClassFileImporter().importClasses(UnseededDraw.class);
        assertThatThrownBy(() -> SEEDED_RANDOMNESS_ONLY.check(bad))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("UnseededDraw");
        assertThatThrownBy(() -> classes()
                        .should()
                        .resideInAnyPackage(CORE_PACKAGES)
                        .check(new ClassFileImporter().importClasses(ArchitectureTest.class)))
                .isInstanceOf(AssertionError.class);
    }

    /** Draws from an unseeded generator: what {@link #SEEDED_RANDOMNESS_ONLY} refuses. */
    static final class UnseededDraw {
        double draw() {
            return Math.random();
        }
    }

    /** Every package on its own (sub-packages included): no two of them depend on each other, even indirectly. */
    @Test
    void packagesFormNoCycles() {
        slices().matching("org.metasched.(**)").should().beFreeOfCycles().check(CORE);
    }

    @Test
    void layersPointOneWay() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true)
                .layer("Model")
                .definedBy("org.metasched.model..")
                .layer("Random")
                .definedBy("org.metasched.random..")
                .layer("Registry")
                .definedBy("org.metasched.registry..")
                .layer("Metrics")
                .definedBy("org.metasched.metrics..")
                .layer("Sim")
                .definedBy("org.metasched.sim..")
                .layer("Timeline")
                .definedBy("org.metasched.timeline..")
                .layer("Window")
                .definedBy("org.metasched.window..")
                .layer("Flow")
                .definedBy("org.metasched.flow..")
                .layer("Batch")
                .definedBy("org.metasched.batch..")
                .layer("Availability")
                .definedBy("org.metasched.availability..")
                .layer("Gang")
                .definedBy("org.metasched.gang..")
                .layer("Memory")
                .definedBy("org.metasched.memory..")
                .whereLayer("Model")
                .mayNotAccessAnyLayer()
                .whereLayer("Random")
                .mayNotAccessAnyLayer()
                .whereLayer("Sim")
                .mayNotAccessAnyLayer()
                .whereLayer("Registry")
                .mayOnlyAccessLayers("Model")
                .whereLayer("Metrics")
                .mayOnlyAccessLayers("Model")
                .whereLayer("Timeline")
                .mayOnlyAccessLayers("Model", "Random")
                .whereLayer("Window")
                .mayOnlyAccessLayers("Model", "Random", "Registry", "Timeline")
                .whereLayer("Flow")
                .mayOnlyAccessLayers("Model", "Random", "Registry", "Metrics", "Sim", "Timeline", "Window")
                .whereLayer("Batch")
                .mayOnlyAccessLayers("Model", "Random", "Registry", "Metrics", "Sim", "Timeline", "Window")
                .whereLayer("Availability")
                .mayOnlyAccessLayers("Model", "Random", "Registry", "Metrics", "Sim", "Timeline", "Window")
                .whereLayer("Gang")
                .mayOnlyAccessLayers("Model", "Random", "Registry", "Metrics", "Sim", "Timeline", "Window")
                .whereLayer("Memory")
                .mayOnlyAccessLayers("Model", "Random", "Registry", "Metrics", "Sim", "Timeline", "Window")
                .check(CORE);
    }

    /** {@code batch} (P002's batches) is a system of its own: it may not use the other systems. */
    @Test
    void theBatchSystemUsesNoOtherSystem() {
        noClasses()
                .that()
                .resideInAPackage("org.metasched.batch..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.metasched.flow..",
                        "org.metasched.availability..",
                        "org.metasched.gang..",
                        "org.metasched.memory..")
                .check(CORE);
    }

    @Test
    void theEngineKnowsOnlyTheJdk() {
        classes()
                .that()
                .resideInAPackage("org.metasched.sim..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.metasched.sim..")
                .check(CORE);
    }

    /** The most lines a main source file of any module may have (issue 21): a longer one is split by responsibility. */
    static final int MAX_MAIN_FILE_LINES = 400;

    /**
     * Every module's main sources: the {@code .java} files under {@code MODULE/src/main/java} and the {@code .js}
     * files under {@code MODULE/src/main/resources} (the report's and the web view's scripts) of each directory of
     * {@code root}, sorted. Data and markup (the OpenAPI document, templates, style sheets) are not code and are not
     * counted.
     */
    static List<Path> mainSources(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> modules = Files.newDirectoryStream(root)) {
            for (Path module : modules) {
                Path main = module.resolve("src").resolve("main");
                addFiles(main.resolve("java"), ".java", out);
                addFiles(main.resolve("resources"), ".js", out);
            }
        }
        out.sort(null);
        return out;
    }

    private static void addFiles(Path dir, String suffix, List<Path> out) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(f -> f.getFileName().toString().endsWith(suffix)).forEach(out::add);
            }
        }
    }

    /** Each of {@code files} longer than {@code max} lines, as "path (relative to root) has N lines". */
    static List<String> longerThan(Path root, List<Path> files, int max) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path f : files) {
            long lines;
            try (Stream<String> s = Files.lines(f, StandardCharsets.UTF_8)) {
                lines = s.count();
            }
            if (lines > max) {
                out.add(root.relativize(f) + " has " + lines + " lines");
            }
        }
        return out;
    }

    @Test
    void noMainSourceFileOfAnyModuleIsOver400Lines() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent(); // the tests run in metasched-core
        List<Path> files = mainSources(root);
        // the walk sees every module (a wrong root would find nothing and pass)
        assertThat(files)
                .contains(
                        root.resolve("metasched-core/src/main/java/org/metasched/model/Node.java"),
                        root.resolve("metasched-service/src/main/java/org/metasched/service/Metascheduler.java"),
                        root.resolve("metasched-cli/src/main/java/org/metasched/cli/Main.java"),
                        root.resolve("metasched-report/src/main/resources/org/metasched/report/report.js"));
        assertThat(longerThan(root, files, MAX_MAIN_FILE_LINES))
                .as("main source files over %d lines; split each by responsibility", MAX_MAIN_FILE_LINES)
                .isEmpty();
        // the count can fail: at a lower limit it names files
        assertThat(longerThan(root, files, 100)).isNotEmpty();
    }
}
