package org.metasched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code simulate} links no lambda, method reference or other {@code invokedynamic} call site and starts none of
 * {@code java.util.concurrent}'s classes that make method handles ({@code FutureTask}, {@code ForkJoinPool}): the
 * first lambda of a JVM costs about 4 ms to link, each later one 0.1-0.2 ms, class-data archive notwithstanding, a
 * tenth of a KTH-SP2 run (docs/performance.md, "No lambdas on simulate's path"). The JVM's own trace of its linking
 * ({@code java.lang.invoke.MethodHandle.TRACE_METHOD_LINKAGE}) and its class-loading log are read for every kind of
 * run: a gzipped trace (read ahead and inflated on threads of their own) with the report, each policy without it,
 * and a run into the directory an earlier run wrote (its files checked ahead, then replaced).
 */
class SimulateLinksNoLambdaIT {
    @TempDir
    Path dir;

    @Test
    void noRunOfSimulateLinksALambda() throws Exception {
        Path trace = dir.resolve("small.swf.gz");
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(trace))) {
            gz.write(Files.readAllBytes(JarRunner.EXAMPLES.resolve("small.swf")));
        }
        List<List<String>> runs = List.of(
                List.of("--policy", "easy", "-o", "easy"),
                List.of("--policy", "easy", "-o", "easy"), // into the directory the run before wrote
                List.of("--policy", "conservative", "--no-report", "-o", "conservative"),
                List.of("--policy", "fcfs", "--no-report", "-o", "fcfs"));
        for (List<String> run : runs) {
            List<String> args = new ArrayList<>(List.of("simulate", "--workload", trace.toString()));
            args.addAll(run);
            JarRunner.Result r = JarRunner.runWith(
                    List.of("-Djava.lang.invoke.MethodHandle.TRACE_METHOD_LINKAGE=true", "-Xlog:class+load=info"),
                    dir,
                    args.toArray(new String[0]));
            assertThat(r.exitCode()).as("%s: %s", run, r.err()).isZero();
            assertThat(r.out()).as("%s wrote its directory", run).contains("wrote ");
            List<String> linked = r.out()
                    .lines()
                    .filter(l -> l.startsWith("linkCallSite") || l.startsWith("linkMethodHandleConstant"))
                    .toList();
            assertThat(linked).as("call sites linked by %s", run).isEmpty();
            assertThat(r.out())
                    .as("%s loads no class that makes method handles", run)
                    .doesNotContain("java.util.concurrent.FutureTask ")
                    .doesNotContain("java.util.concurrent.ForkJoinPool ")
                    .doesNotContain("java.lang.ProcessHandleImpl ")
                    .doesNotContain("java.util.regex.Pattern ");
        }
    }
}
