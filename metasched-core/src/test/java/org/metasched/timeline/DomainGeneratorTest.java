package org.metasched.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.metasched.model.Interval;
import org.metasched.model.Node;
import org.metasched.random.RandomStreams;

class DomainGeneratorTest {
    @Test
    void p002DomainsHaveTheStatedRangesAndLoad() {
        ResourceDomain d = DomainGenerator.p002(200, 600).generate(new RandomStreams(3).stream("nodes"));
        double totalBusy = 0;
        for (Node n : d.nodes()) {
            assertThat(n.performance()).isBetween(2.0, 10.0);
            assertThat(n.unitPrice() / n.performance()).isBetween(0.5 - 1e-12, 1.5 + 1e-12);
            double busy = 0;
            for (Interval iv : d.timeline(n.index()).busy()) {
                assertThat(iv.start()).isGreaterThanOrEqualTo(0);
                assertThat(iv.end()).isLessThanOrEqualTo(600 + 1e-9);
                busy += iv.length();
            }
            double load = busy / 600;
            assertThat(load).isBetween(0.1 - 1e-9, 0.5 + 1e-9);
            totalBusy += load;
        }
        // H ~ Hypergeometric(40, 20, 20) has mean 10, so the mean load is 0.1 + 0.4 * 10 / 20 = 0.3
        assertThat(totalBusy / 200).isBetween(0.28, 0.32);
    }

    @Test
    void sameStreamSameDomain() {
        ResourceDomain a = DomainGenerator.p002(20, 600).generate(new RandomStreams(9).stream("nodes", 3));
        ResourceDomain b = DomainGenerator.p002(20, 600).generate(new RandomStreams(9).stream("nodes", 3));
        assertThat(a.slots().asList()).isEqualTo(b.slots().asList());
    }

    @Test
    void p000DomainsAreIdleWithPerformanceTwoToSixteen() {
        ResourceDomain d = DomainGenerator.p000(32).generate(new RandomStreams(4).stream("nodes"));
        assertThat(d.slots().size()).isEqualTo(32);
        assertThat(d.nodes()).allSatisfy(n -> assertThat(n.performance()).isBetween(2.0, 16.0));
        assertThat(d.horizonEnd()).isEqualTo(10_000);
    }
}
