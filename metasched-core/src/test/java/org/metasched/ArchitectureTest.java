package org.metasched;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * ENGINEERING.md sections 1 to 3, enforced on core's main code: the third-party libraries core may use, seeded
 * randomness only, no package cycles, and layers that point one way:
 *
 * <pre>
 * model  &lt;-  random, registry, metrics, sim, timeline  &lt;-  window  &lt;-  flow | availability | gang | memory
 * </pre>
 *
 * The engine ({@code sim}) knows no model; each system package (the homogeneous and window flows in {@code flow},
 * and {@code availability}, {@code gang}, {@code memory}, {@code flow.batch} when they arrive) may use the layers
 * below it but never another system. Core never sees io, report, experiments or the CLI.
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

    @Test
    void coreNeverSeesTheModulesAboveIt() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.metasched.io..",
                        "org.metasched.report..",
                        "org.metasched.experiments..",
                        "org.metasched.cli..",
                        "org.metasched.pipeline..")
                .check(CORE);
    }

    @Test
    void noUnseededRandomness() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.util.Random")
                .orShould()
                .callMethod(Math.class, "random")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.util.concurrent.ThreadLocalRandom")
                .check(CORE);
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

    /**
     * {@code batch} (P002's batches; its execution with real runtimes may live in {@code flow.batch}) is a system of
     * its own: it may not use the other systems (which, by the layers above, may not use it either).
     */
    @Test
    void theBatchFlowUsesNoOtherSystem() {
        noClasses()
                .that()
                .resideInAnyPackage("org.metasched.batch..", "org.metasched.flow.batch..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.metasched.availability..", "org.metasched.gang..", "org.metasched.memory..")
                .allowEmptyShould(true)
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
}
