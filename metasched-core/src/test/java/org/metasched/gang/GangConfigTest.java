package org.metasched.gang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.metasched.model.InputFormatException;
import org.metasched.model.Workload;
import org.metasched.registry.Registration;

class GangConfigTest {
    @Test
    void registriesHoldTheTenPoliciesTwoDispatchersAndTwoStartRules() {
        assertThat(GangRegistries.POLICIES.names())
                .containsExactly(
                        "afcfs",
                        "afcfs-m",
                        "ljfs",
                        "ljfs-m",
                        "lxf",
                        "lxf-m",
                        "lxf-est",
                        "lxf-est-m",
                        "lxf-printed",
                        "lxf-printed-m");
        assertThat(GangRegistries.DISPATCHERS.names()).containsExactly("olb", "jseq");
        assertThat(GangRegistries.START_RULES.names()).containsExactly("queue-heads", "adapted");
        assertThat(GangRegistries.START_RULES.byName("Queue-Heads").create(null))
                .isEqualTo(StartRule.QUEUE_HEADS);
        assertThat(GangRegistries.START_RULES.byName("ADAPTED").create(null)).isEqualTo(StartRule.ADAPTED);
        assertThat(GangRegistries.START_RULES.entries())
                .extracting(e -> e.create(null))
                .containsExactlyInAnyOrder(StartRule.values());
        assertThatThrownBy(() -> GangRegistries.START_RULES.byName("strict"))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("unknown start rule 'strict'; known: queue-heads, adapted");
        assertThat(GangRegistries.POLICIES.byName("LXF-M").create(null))
                .isEqualTo(new GangPolicy(QueuePolicies.LXF, true));
        assertThat(GangRegistries.POLICIES.byName("ljfs").create(null))
                .isEqualTo(new GangPolicy(QueuePolicies.LJFS, false));
        assertThat(GangRegistries.POLICIES.entries())
                .allSatisfy(e -> assertThat(e.description()).isNotBlank());
    }

    @Test
    void everyWithChangesItsOwnFieldsAndKeepsTheOthers() {
        GangConfig d = GangConfig.DEFAULTS;
        GangConfig all = d.withClusters(List.of(4, 8))
                .withClocks(ClockModel.HOMOGENEOUS)
                .withDispatch(GangRegistries.DISPATCHERS.byName("jseq"))
                .withPolicy(GangRegistries.POLICIES.byName("lxf-m"))
                .withTieBreak(TieBreak.FIRST)
                .withLatency(0.5, 250)
                .withSequentialFirst(true)
                .withStartRule(GangRegistries.START_RULES.byName("adapted"))
                .withSeed(7);
        assertThat(all)
                .isEqualTo(new GangConfig(
                        List.of(4, 8),
                        ClockModel.HOMOGENEOUS,
                        d.referenceClockMHz(),
                        GangRegistries.DISPATCHERS.byName("jseq"),
                        GangRegistries.POLICIES.byName("lxf-m"),
                        TieBreak.FIRST,
                        0.5,
                        250,
                        true,
                        GangRegistries.START_RULES.byName("adapted"),
                        7));
        assertThat(d.withLatency(0.5, 250))
                .isEqualTo(new GangConfig(
                        d.clusterProcessors(),
                        d.clocks(),
                        d.referenceClockMHz(),
                        d.dispatch(),
                        d.policy(),
                        d.tieBreak(),
                        0.5,
                        250,
                        d.sequentialFirst(),
                        d.startRule(),
                        d.seed()));
        assertThat(d.withSeed(7).withSeed(d.seed())).isEqualTo(d);
    }

    @Test
    void badValuesAreBadInputNamingTheField() {
        assertThatThrownBy(() -> GangConfig.DEFAULTS.withClusters(List.of()))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("clusters");
        assertThatThrownBy(() -> GangConfig.DEFAULTS.withClusters(List.of(128, 0)))
                .isInstanceOf(InputFormatException.class)
                .hasMessageContaining("got 0");
        assertThatThrownBy(() -> GangConfig.DEFAULTS.withClusters(List.of(-4)))
                .isInstanceOf(InputFormatException.class);
        assertThatThrownBy(() -> GangConfig.DEFAULTS.withPolicy(null))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("clocks, dispatcher, policy, tie-break and start rule must be given");
        assertThatThrownBy(() -> GangRegistries.POLICIES.byName("sjf"))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("unknown policy 'sjf'; known: afcfs, afcfs-m, ljfs, ljfs-m, lxf, lxf-m, lxf-est, lxf-est-m,"
                        + " lxf-printed, lxf-printed-m");
        assertThatThrownBy(() -> GangRegistries.DISPATCHERS.byName("random"))
                .isInstanceOf(InputFormatException.class)
                .hasMessage("unknown dispatcher 'random'; known: olb, jseq");
        assertThatThrownBy(() -> GangConfig.DEFAULTS.withLatency(-1, 10)).isInstanceOf(InputFormatException.class);
    }

    @Test
    void defaultsArePaperPlatform() {
        GangConfig d = GangConfig.DEFAULTS;
        assertThat(d.clusterProcessors()).containsExactly(128, 256);
        assertThat(d.totalProcessors()).isEqualTo(384);
        assertThat(d.largestCluster()).isEqualTo(256);
        assertThat(d.clocks()).isEqualTo(ClockModel.HETEROGENEOUS);
        assertThat(d.policy().name()).isEqualTo("afcfs");
        assertThat(d.dispatch().name()).isEqualTo("olb");
        assertThat(d.startRule().name()).as("spec D13 v2").isEqualTo("queue-heads");
    }

    @Test
    void theSimulationRunsTheConfiguredStartRule() {
        GangJobs jobs = GangJobs.builder().add(1, 0, 2, 10, 0).build();
        for (Registration<StartRule, Void> rule : GangRegistries.START_RULES.entries()) {
            assertThat(GangSimulation.of(jobs, GangConfig.DEFAULTS.withStartRule(rule), 0)
                            .startRule())
                    .as(rule.name())
                    .isEqualTo(rule.create(null));
        }
    }

    @Test
    void jobsFromAWorkloadKeepSubmitOrderAndTheLimit() {
        Workload w = Workload.builder(64)
                .add(7, 10, 100, 200, 4)
                .add(8, 5, 50, 60, 64)
                .add(9, 20, 10, 5, 1) // killed at its estimate: runs 5
                .build();
        GangJobs all = GangJobs.of(w);
        assertThat(all.size()).isEqualTo(3);
        assertThat(all.id(0)).isEqualTo(8);
        assertThat(all.processingSeconds(2)).isEqualTo(5.0);
        assertThat(all.tasks(0)).isEqualTo(64);
        assertThat(all.maxTasks()).isEqualTo(64);
        assertThat(all.totalTasks()).isEqualTo(69);
        assertThat(GangJobs.of(w, 2).size()).isEqualTo(2);
    }

    @Test
    void jobsLargerThanEveryClusterAreRejectedAndCounted() {
        GangJobs jobs = GangJobs.builder()
                .add(1, 0, 8, 10, 0)
                .add(2, 0, 4, 10, 0)
                .add(3, 1, 9, 10, 0)
                .build();
        GangResult r = GangSimulation.run(jobs, GangConfig.DEFAULTS.withClusters(List.of(4, 8)), 0);
        assertThat(r.summary().rejectedJobs()).isEqualTo(1);
        assertThat(r.summary().executedJobs()).isEqualTo(2);
        assertThat(r.jobRecords()).extracting(GangJobRecord::id).containsExactly(1L, 2L);
        assertThat(r.jobRecords().get(0).cluster()).isEqualTo(1); // only the 8-processor cluster fits it
    }

    /** One reading of the clusters' text for the command line and sweep files, each error in the reader's words. */
    @Test
    void clustersAreReadFromTheirTextAndNamedInTheSurfacesWords() {
        assertThat(GangParameters.CLUSTERS.parse(" 128, 256")).containsExactly(128, 256);
        assertThatThrownBy(() -> GangParameters.ALL.read(java.util.Map.of("clusters", "8,x")))
                .isInstanceOfSatisfying(org.metasched.model.ParameterException.class, e -> {
                    assertThat(e.getMessage()).startsWith("clusters: '8,x': 'x' is not a whole number of processors");
                    assertThat(e.message(org.metasched.model.ParameterException.COMMAND_LINE))
                            .startsWith("--clusters: '8,x': 'x'");
                });
        // digits past an int are a size too large, not "not a whole number" (found by the CLI tester)
        assertThatThrownBy(() -> GangParameters.ALL.read(java.util.Map.of("clusters", "8,99999999999")))
                .hasMessage("clusters: '8,99999999999': '99999999999' processors is more than the limit of 2 000 000"
                        + " processors in all");
        assertThatThrownBy(() -> GangConfig.DEFAULTS.withClusters(java.util.List.of(0, 4)))
                .isInstanceOfSatisfying(
                        org.metasched.model.ParameterException.class,
                        e -> assertThat(e.message(org.metasched.model.ParameterException.COMMAND_LINE))
                                .isEqualTo("--clusters: every cluster needs at least 1 processor, got 0 in [0, 4]"));
    }
}
