package org.metasched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class path of the embedded local mode and of the cluster test ({@code target/spark-classpath.txt}) is Spark's
 * own: every artifact a project holding only {@code spark-core_2.13} resolves to, at the version it resolves to, and
 * nothing else, whatever this project's dependency management says. And the jar of our code shares no class with
 * it (what it shares is relocated), so neither side loads the other's version of a library.
 */
class SparkClasspathIT {

    @org.junit.jupiter.api.BeforeEach
    void sparkRunsOnThisJava() {
        SparkJava.assumeSupported();
    }

    @TempDir
    Path dir;

    static final Path ROOT =
            Path.of(System.getProperty("metasched.root", "..")).toAbsolutePath().normalize();

    /** The artifacts of a class path, as group/artifact/version paths under the local repository. */
    static Set<String> artifacts(String classpath) {
        Set<String> out = new TreeSet<>();
        for (String jar : classpath.strip().split(java.io.File.pathSeparator, -1)) {
            String p = jar.replace('\\', '/');
            int at = p.indexOf("/repository/");
            out.add(at >= 0 ? p.substring(at + "/repository/".length()) : p);
        }
        return out;
    }

    @Test
    void theClassPathIsSparksOwnResolution() throws IOException, InterruptedException {
        String sparkVersion = System.getProperty("spark.version");
        assertThat(sparkVersion).as("spark.version, passed by the build").isNotBlank();
        // a project with nothing but spark-core: what Maven resolves for it is Spark's own class path
        Files.writeString(
                dir.resolve("pom.xml"),
                "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>"
                        + "<groupId>test</groupId><artifactId>spark-alone</artifactId><version>1</version>"
                        + "<packaging>pom</packaging><dependencies><dependency>"
                        + "<groupId>org.apache.spark</groupId><artifactId>spark-core_2.13</artifactId>"
                        + "<version>" + sparkVersion + "</version></dependency></dependencies></project>\n");
        List<String> cmd = new ArrayList<>(List.of(
                ROOT.resolve("mvnw").toString(),
                "-q",
                "-B",
                "-o",
                "-f",
                dir.resolve("pom.xml").toString(),
                "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath",
                "-Dmdep.outputFile=" + dir.resolve("cp.txt")));
        String repo = System.getProperty("maven.repo.local");
        if (repo != null && !repo.isBlank()) {
            cmd.add("-Dmaven.repo.local=" + repo);
        }
        Process p = new ProcessBuilder(cmd)
                .directory(ROOT.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("mvn.log").toFile())
                .start();
        assertThat(p.waitFor(180, TimeUnit.SECONDS))
                .as("Maven within 3 minutes")
                .isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("mvn.log"))).isZero();
        Set<String> spark = artifacts(Files.readString(dir.resolve("cp.txt"), StandardCharsets.UTF_8));
        Set<String> ours = artifacts(Files.readString(LocalSparkCluster.CLASSPATH, StandardCharsets.UTF_8));
        assertThat(spark).hasSizeGreaterThan(100);
        assertThat(ours).isEqualTo(spark);
        // what the project's Jackson 3 BOM used to take away or rewrite
        assertThat(ours)
                .anyMatch(a -> a.startsWith("com/fasterxml/jackson/core/jackson-annotations/"))
                .anyMatch(a -> a.startsWith("com/fasterxml/jackson/core/jackson-databind/"))
                .anyMatch(a -> a.startsWith("org/apache/spark/spark-core_2.13/" + sparkVersion + "/"));
    }

    static Set<String> classes(Path jar) throws IOException {
        Set<String> out = new TreeSet<>();
        try (ZipFile z = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> e = z.entries();
            while (e.hasMoreElements()) {
                String n = e.nextElement().getName();
                if (n.endsWith(".class") && !n.startsWith("META-INF/") && !n.endsWith("module-info.class")) {
                    out.add(n);
                }
            }
        }
        return out;
    }

    @Test
    void ourJarSharesNoClassWithSpark() throws IOException {
        Set<String> ours = classes(LocalSparkCluster.MODULE_TARGET.resolve("metasched-spark.jar"));
        assertThat(ours).contains("org/metasched/spark/SparkSweep.class");
        List<String> shared = new ArrayList<>();
        for (String jar : Files.readString(LocalSparkCluster.CLASSPATH).strip().split(java.io.File.pathSeparator, -1)) {
            for (String c : classes(Path.of(jar))) {
                if (ours.contains(c)) {
                    shared.add(c + " (" + Path.of(jar).getFileName() + ")");
                }
            }
        }
        assertThat(shared)
                .as("classes both in metasched-spark.jar and on Spark's class path")
                .isEmpty();
    }
}
