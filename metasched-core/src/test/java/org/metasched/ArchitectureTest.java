package org.metasched;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** ENGINEERING.md section 1 and 3, enforced. */
class ArchitectureTest {
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.metasched");

    @Test
    void coreDependsOnlyOnTheJdkAndCommonsRngAndStatistics() {
        classes()
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage(
                        "java..", "org.metasched..", "org.apache.commons.rng..", "org.apache.commons.statistics..")
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

    @Test
    void theModelDependsOnNothingElseInMetasched() {
        noClasses()
                .that()
                .resideInAPackage("org.metasched.model..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.metasched.timeline..", "org.metasched.window..", "org.metasched.flow..")
                .check(CORE);
    }
}
