package org.metasched.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.metasched.model.InputFormatException;
import org.metasched.model.ParameterException;

/** Defaults and the one-line bad-input messages. */
class MemoryConfigTest {
    private static final MemoryConfig D = MemoryConfig.defaults();

    @Test
    void defaultsAreThePapersCluster() {
        assertThat(D.policy()).isSameAs(MemoryPolicy.ADAPTIVE);
        assertThat(new int[] {D.machines(), D.coresPerMachine(), D.memoryGiB()}).containsExactly(5, 2, 4);
        assertThat(D.classesGiB()).containsExactly(1, 2, 3);
        assertThat(D.threshold()).isEqualTo(0.10);
        assertThat(D.load()).isEqualTo(0.8);
        assertThat(D.workload()).isEqualTo("peak");
        assertThat(D.totalCores()).isEqualTo(10);
        assertThat(D.traceWorkload()).isFalse();
        assertThat(D.withWorkload("../shared/traces/x.swf.gz").traceWorkload()).isTrue();
        assertThat(D.withPolicy("SHARED").policy()).isSameAs(MemoryPolicy.SHARED);
    }

    @Test
    void everyWithChangesItsOwnFieldsAndKeepsTheOthers() {
        MemoryConfig all = D.withPolicy("shared")
                .withCluster(3, 4, 8)
                .withClasses(List.of(1, 4))
                .withThreshold(0.25)
                .withWorkload("stable")
                .withStream(0.5, 30, 2)
                .withRuns(3, 11);
        assertThat(all)
                .isEqualTo(new MemoryConfig(
                        MemoryPolicy.SHARED, 3, 4, 8, List.of(1, 4), 0.25, "stable", 0.5, 30, 2, 3, 11));
        assertThat(D.withThreshold(0.25))
                .isEqualTo(new MemoryConfig(
                        D.policy(),
                        D.machines(),
                        D.coresPerMachine(),
                        D.memoryGiB(),
                        D.classesGiB(),
                        0.25,
                        D.workload(),
                        D.load(),
                        D.durationSeconds(),
                        D.meanServiceSeconds(),
                        D.runs(),
                        D.seed()));
    }

    /** Each message as the command line prints it; a sweep file's wording is the same without the dashes. */
    @Test
    void badValuesGetOneLineNamingTheParameterInTheSurfacesWords() {
        assertBad(() -> D.withClasses(List.of(1, 2, 5)), "--classes: class of 5 GiB is larger than a machine's memory");
        assertBad(() -> D.withCluster(0, 2, 4), "--machines: must be at least 1, got 0");
        assertBad(() -> D.withCluster(5, -1, 4), "--cores: must be at least 1, got -1");
        assertBad(() -> D.withCluster(5, 2, 0), "--memory: must be at least 1, got 0");
        assertBad(() -> D.withThreshold(1.5), "--threshold: 1.5 is outside [0, 1]");
        assertBad(() -> D.withThreshold(-0.1), "--threshold: -0.1 is outside [0, 1]");
        assertBad(() -> D.withThreshold(Double.NaN), "--threshold: NaN is outside [0, 1]");
        assertBad(() -> D.withWorkload("bursty"), "--workload: unknown workload 'bursty'");
        assertBad(
                () -> D.withPolicy("greedy"),
                "unknown memory policy 'greedy'; known: adaptive, static, shared, shared-backfill");
        assertBad(() -> D.withClasses(List.of(2, 1)), "--classes: 2,1 is not strictly increasing");
        assertBad(() -> D.withClasses(List.of()), "--classes: no memory class given");
        assertBad(() -> D.withStream(0, 20, 1), "--load: 0, expected a fraction");
        assertBad(
                () -> D.withStream(80, 20, 1),
                "--load: 80, expected a fraction above 0 and at most 1 (0.8 = 80 % of cores busy)");
        assertBad(() -> D.withStream(1.01, 20, 1), "--load: 1.01, expected a fraction above 0 and at most 1");
        assertBad(() -> D.withStream(0.8, -1, 1), "--duration: -1, expected seconds");
        assertBad(() -> D.withRuns(0, 1), "--runs: must be at least 1, got 0");
        assertBad(
                () -> D.withCluster(1, 2, 4), "--machines 1 --cores 2 --memory 4: the initial pools give class 2 GiB");
        assertBad(() -> D.withStream(0.8, 20, 0), "--mean-service: 0, expected seconds > 0");
        assertBad(() -> D.withCluster(5, 2_000_000_000, 4), "--cores 2000000000 with 3 memory classes");
        assertBad(
                () -> D.withStream(0.8, 1e9, 1),
                "--load 0.8 --duration 1 000 000 000 --mean-service 1 on 5 x 2 cores: 8 000 000 000 jobs per run");
    }

    /**
     * Runs of a stream are limited as reproduce's are, before any work: 10 000 at most, each keeping its summary
     * ({@code --runs 1000000000 --duration 0.001} ran for minutes, its jobs too few for the jobs' limit).
     */
    @Test
    void runsAreLimitedBeforeAnyWork() {
        MemoryConfig shortStream = D.withStream(0.8, 0.001, 1);
        assertThat(shortStream.withRuns(MemoryConfig.MAX_RUNS, 1).runs()).isEqualTo(10_000);
        assertBad(
                () -> shortStream.withRuns(MemoryConfig.MAX_RUNS + 1, 1),
                "--runs 10001: 10 001 runs; the limit is 10 000 runs;" + " give fewer --runs (the default is 1)");
        assertBad(() -> shortStream.withRuns(1_000_000_000, 1), "--runs 1000000000: 1 000 000 000 runs would need");
    }

    @Test
    void aSurfaceWritesTheNamesItsOwnWay() {
        assertThatThrownBy(() -> D.withStream(0.8, 20, -2)).isInstanceOfSatisfying(ParameterException.class, e -> {
            assertThat(e.getMessage()).isEqualTo("mean-service: -2, expected seconds > 0");
            assertThat(e.message(n -> n.toUpperCase(java.util.Locale.ROOT)))
                    .isEqualTo("MEAN-SERVICE: -2, expected seconds > 0");
        });
    }

    @Test
    void oneMachineIsFineForTheSharedPool() {
        assertThat(D.withPolicy("shared").withCluster(1, 2, 4).machines()).isEqualTo(1);
    }

    private static void assertBad(Runnable r, String commandLine) {
        assertThatThrownBy(r::run)
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining(commandLine.replace("--", ""))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("--"))
                .satisfies(e -> assertThat(
                                ParameterException.message((InputFormatException) e, ParameterException.COMMAND_LINE))
                        .contains(commandLine));
    }
}
