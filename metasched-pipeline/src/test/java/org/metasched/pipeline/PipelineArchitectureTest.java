package org.metasched.pipeline;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The pipeline module's packages (ARCHITECTURE.md) point one way:
 *
 * <pre>
 * org.metasched.pipeline (shared)  &lt;-  trace | gang | memory | select | batch  &lt;-  sweep, reproduce  &lt;-  run
 * </pre>
 *
 * The shared package uses no sub-package; a system's pipeline uses only the shared package (never another system,
 * the sweep, the reproduce targets or {@code run}); the sweep's adapters and the reproduce targets use the systems
 * but not each other; {@code run} uses the systems and the reproduce targets' P000 table. No cycles.
 */
class PipelineArchitectureTest {
    private static final JavaClasses PIPELINE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.metasched.pipeline");

    private static final String[] SYSTEMS = {"Trace", "Gang", "Memory", "Select", "Batch"};

    /** The rule of {@link #layersPointOneWay}. */
    static final ArchRule LAYERS = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .withOptionalLayers(true)
            .layer("Shared")
            .definedBy("org.metasched.pipeline")
            .layer("Trace")
            .definedBy("org.metasched.pipeline.trace..")
            .layer("Gang")
            .definedBy("org.metasched.pipeline.gang..")
            .layer("Memory")
            .definedBy("org.metasched.pipeline.memory..")
            .layer("Select")
            .definedBy("org.metasched.pipeline.select..")
            .layer("Batch")
            .definedBy("org.metasched.pipeline.batch..")
            .layer("Sweep")
            .definedBy("org.metasched.pipeline.sweep..")
            .layer("Reproduce")
            .definedBy("org.metasched.pipeline.reproduce..")
            .layer("Run")
            .definedBy("org.metasched.pipeline.run..")
            .whereLayer("Shared")
            .mayNotAccessAnyLayer()
            .whereLayer("Trace")
            .mayOnlyAccessLayers("Shared")
            .whereLayer("Gang")
            .mayOnlyAccessLayers("Shared")
            .whereLayer("Memory")
            .mayOnlyAccessLayers("Shared")
            .whereLayer("Select")
            .mayOnlyAccessLayers("Shared")
            .whereLayer("Batch")
            .mayOnlyAccessLayers("Shared")
            .whereLayer("Sweep")
            .mayOnlyAccessLayers(with("Shared", SYSTEMS))
            .whereLayer("Reproduce")
            .mayOnlyAccessLayers(with("Shared", SYSTEMS))
            .whereLayer("Run")
            .mayOnlyAccessLayers(with("Shared", with("Reproduce", SYSTEMS)))
            .whereLayer("Sweep")
            .mayNotBeAccessedByAnyLayer();

    private static String[] with(String first, String... rest) {
        String[] out = new String[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }

    @Test
    void layersPointOneWay() {
        LAYERS.check(PIPELINE);
    }

    @Test
    void subPackagesFormNoCycles() {
        slices().matching("org.metasched.pipeline.(*)..")
                .should()
                .beFreeOfCycles()
                .check(PIPELINE);
    }

    /** A new package must be placed among the layers before it can be used. */
    @Test
    void everyClassLivesInALayer() {
        classes()
                .should()
                .resideInAnyPackage(
                        "org.metasched.pipeline",
                        "org.metasched.pipeline.trace",
                        "org.metasched.pipeline.gang",
                        "org.metasched.pipeline.memory",
                        "org.metasched.pipeline.select",
                        "org.metasched.pipeline.batch",
                        "org.metasched.pipeline.sweep",
                        "org.metasched.pipeline.reproduce",
                        "org.metasched.pipeline.run")
                .check(PIPELINE);
        // the import saw the module's classes (an empty import would pass every rule)
        assertThat(PIPELINE.contain("org.metasched.pipeline.sweep.SweepRun")).isTrue();
        assertThat(PIPELINE.contain("org.metasched.pipeline.gang.GangPipeline")).isTrue();
    }

    /** The layers can fail: a gang class (test code) that lists the sweep's commands breaks them. */
    @Test
    void aSystemThatUsesTheSweepBreaksTheLayers() {
        JavaClasses bad = new ClassFileImporter().importClasses(org.metasched.pipeline.gang.ReachesIntoTheSweep.class);
        assertThatThrownBy(() -> LAYERS.check(bad))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("ReachesIntoTheSweep")
                .hasMessageContaining("SweepCommands");
    }
}
