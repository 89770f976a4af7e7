package org.metasched.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.metasched.random.RandomStreams;

/** Spec 1.6: prices around the market price k p, budgets around the market value n V k. */
class PricingModelTest {
    private final PricingModel pricing = new PricingModel(1.0, 0.2);

    @Test
    void pricesDeviateFromTheMarketByAtMostHalfAndAverageToIt() {
        UniformRandomProvider rng = new RandomStreams(5).stream("prices");
        double sum = 0;
        int k = 20_000;
        for (int i = 0; i < k; i++) {
            double c = pricing.price(6, rng);
            assertThat(c).isBetween(3.0, 9.0);
            sum += c;
        }
        assertThat(sum / k).isBetween(5.95, 6.05);
    }

    @Test
    void budgetsLieWithinSixtyPercentOfTheMarketValue() {
        UniformRandomProvider rng = new RandomStreams(5).stream("budgets");
        double sum = 0;
        int k = 20_000;
        for (int i = 0; i < k; i++) {
            double b = pricing.budget(5, 300, rng);
            assertThat(b).isBetween(0.4 * 1500, 1.6 * 1500);
            sum += b;
        }
        assertThat(sum / k).isBetween(1485.0, 1515.0);
    }
}
