package org.metasched.availability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.metasched.model.Node;
import org.metasched.random.RandomStreams;

/** The P003 load generator (spec 4.2). */
class LoadGeneratorTest {
    private static final RandomStreams STREAMS = new RandomStreams(2021);

    @Test
    void sameSeedAndReplicationSameDomainAndNodesDoNotDependOnTheJobLoad() {
        AvailabilityDomain a = LoadGenerator.paper(0.5).generate(STREAMS, 3);
        AvailabilityDomain b = LoadGenerator.paper(0.5).generate(new RandomStreams(2021), 3);
        AvailabilityDomain other = LoadGenerator.paper(0.5).generate(STREAMS, 4);
        AvailabilityDomain lighter = LoadGenerator.paper(0.2).generate(STREAMS, 3);
        assertThat(a.nodes()).hasSize(64);
        for (int i = 0; i < 64; i++) {
            AvailabilityNode x = a.nodes().get(i);
            assertThat(b.nodes().get(i).node()).isEqualTo(x.node());
            assertThat(b.nodes().get(i).occupancy()).isEqualTo(x.occupancy());
            assertThat(b.nodes().get(i).localJobs()).isEqualTo(x.localJobs());
            assertThat(lighter.nodes().get(i).node()).isEqualTo(x.node());
            assertThat(lighter.nodes().get(i).occupancy()).isEqualTo(x.occupancy());
        }
        assertThat(other.nodes().get(0).node()).isNotEqualTo(a.nodes().get(0).node());
        assertThat(a.horizonStart()).isZero();
        assertThat(a.horizonEnd()).isEqualTo(800);
    }

    @Test
    void nodesFollowTheMarketModelAndGlobalLoadIsHalfNormal() {
        int below = 0;
        int total = 0;
        for (int r = 0; r < 50; r++) {
            for (AvailabilityNode n :
                    LoadGenerator.paper(0).generate(STREAMS, r).nodes()) {
                Node node = n.node();
                assertThat(node.performance()).isBetween(2.0, 10.0);
                assertThat(node.unitPrice()).isBetween(node.performance() * 0.5, node.performance() * 1.5);
                assertThat(n.occupancy()).isBetween(0.0, 1.0);
                assertThat(n.localJobs()).isEmpty();
                below += n.occupancy() < 0.05 ? 1 : 0;
                total++;
            }
        }
        // |N(0, 0.05^2)| < 0.05 with probability 0.6827 ("about 68 %", paper section 4.1)
        assertThat((double) below / total).isCloseTo(0.6827, within(0.03));
    }

    @Test
    void localJobsFillTheJobLoadAndChainAtMedianReleases() {
        double span = 1000;
        for (double load : new double[] {0.1, 0.5, 1.0}) {
            for (AvailabilityNode n :
                    LoadGenerator.paper(load).generate(STREAMS, 1).nodes()) {
                List<LocalJob> jobs = n.localJobs();
                assertThat(jobs).isNotEmpty();
                double sum = 0;
                double longest = 0;
                for (int j = 0; j < jobs.size(); j++) {
                    LocalJob job = jobs.get(j);
                    sum += job.length();
                    longest = Math.max(longest, job.length());
                    assertThat(job.sigmaStart()).isCloseTo(0.1 * job.length(), within(1e-12));
                    assertThat(job.sigmaRelease()).isEqualTo(0.3);
                    assertThat(job.probability()).isEqualTo(1.0);
                    assertThat(job.start()).isBetween(0.0, Double.MAX_VALUE);
                    if (j > 0) {
                        assertThat(job.start())
                                .isGreaterThanOrEqualTo(jobs.get(j - 1).medianRelease());
                    }
                }
                // drawn until the total reaches the load: without the last drawn (at most the longest) it fell short
                assertThat(sum).isGreaterThanOrEqualTo(load * span);
                assertThat(sum - longest).isLessThan(load * span);
            }
        }
    }

    @Test
    void aWarmUpMakesTheBusyFractionApproachTheJobLoad() {
        assertThat(busyFraction(LoadGenerator.paper(1.0))).isBetween(0.75, 0.87);
        assertThat(busyFraction(LoadGenerator.paper(1.0).withWarmUp(4000))).isGreaterThan(0.95);
        assertThat(busyFraction(LoadGenerator.paper(0.5).withWarmUp(4000))).isCloseTo(0.5, within(0.05));
    }

    /** Mean fraction of whole times in [0, 1000) inside some job's [start, median release). */
    private static double busyFraction(LoadGenerator g) {
        long busy = 0;
        long all = 0;
        for (int r = 0; r < 10; r++) {
            for (AvailabilityNode n : g.generate(STREAMS, r).nodes()) {
                for (int t = 0; t < 1000; t++) {
                    for (LocalJob j : n.localJobs()) {
                        if (j.start() <= t && t < j.medianRelease()) {
                            busy++;
                            break;
                        }
                    }
                    all++;
                }
            }
        }
        return (double) busy / all;
    }

    @Test
    void thePaperBudgetIsNTimesTheMedianPrice() {
        AvailabilityDomain d = new AvailabilityDomain(
                List.of(
                        AvailabilityNode.of(Node.of(0, 2, 3), 0),
                        AvailabilityNode.of(Node.of(1, 2, 1), 0),
                        AvailabilityNode.of(Node.of(2, 2, 8), 0)),
                0,
                10);
        assertThat(LoadGenerator.medianPriceBudget(d, 2, 5)).isEqualTo(2 * 5 * 3.0);
    }
}
