package org.metasched.spark;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Spark 4.0 and Hadoop call Subject.getSubject, which Java 23 and later refuse: their tests skip there, saying so. */
final class SparkJava {
    private SparkJava() {}

    static boolean supported() {
        return Runtime.version().feature() <= 22;
    }

    /** Per test (in a {@code @BeforeEach}), so that each test is reported skipped with the reason. */
    static void assumeSupported() {
        assumeTrue(
                supported(),
                "Spark 4.0 runs on Java 17 to 22 (Subject.getSubject is refused from Java 23); this is Java "
                        + Runtime.version().feature());
    }
}
