package org.metasched.window.select;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link CostQuantizer#forCosts}: the data's decimal quantum within the cap, else spec D4. */
class CostQuantizerTest {
    private static DecimalQuantum of(double... costs) {
        DecimalQuantum q = new DecimalQuantum();
        for (double c : costs) {
            q.add(c);
        }
        return q;
    }

    @Test
    void centsAreCountedExactly() {
        CostQuantizer q = CostQuantizer.forCosts(of(2.33, 4.33, 6.33), 11, 10_000);
        assertThat(q.exact()).isTrue();
        assertThat(q.quantum()).isEqualTo(0.01);
        assertThat(q.cost(2.33) + q.cost(4.33) + q.cost(4.33)).isEqualTo(1099);
        assertThat(q.cost(4.33)).isEqualTo(433); // not ceil(4.33 / 0.01) = 434
        assertThat(q.budget(11)).isEqualTo(1100);
        // the budget need not be a multiple: it rounds down
        assertThat(q.budget(10.995)).isEqualTo(1099);
    }

    @Test
    void theCapIsOnTheBudgetsUnits() {
        assertThat(CostQuantizer.forCosts(of(0.01, 0.02), 100, 10_000).exact()).isTrue();
        CostQuantizer past = CostQuantizer.forCosts(of(0.01, 0.02), 100.01, 10_000);
        assertThat(past.exact()).isFalse();
        assertThat(past.quantum()).isEqualTo(1.0); // D4: q = 1 while C <= 10^4
        assertThat(past.cost(0.01)).isEqualTo(1);
        // the greatest common quantum, not 0.01: 0.5 and 1.5 are multiples of 0.5, so a budget of 5,000 is 10^4 units
        CostQuantizer halves = CostQuantizer.forCosts(of(0.5, 1.5), 5000, 10_000);
        assertThat(halves.exact()).isTrue();
        assertThat(halves.quantum()).isEqualTo(0.5);
    }

    @Test
    void noDecimalQuantumOrOnlyZerosIsD4() {
        CostQuantizer third = CostQuantizer.forCosts(of(1.0 / 3, 0.5), 20_000, 10_000);
        assertThat(third.exact()).isFalse();
        assertThat(third.quantum()).isEqualTo(2.0); // D4: C / 10^4
        assertThat(CostQuantizer.forCosts(of(0, 0), 5, 10_000).exact()).isFalse();
        assertThat(CostQuantizer.forCosts(of(), 5, 10_000).exact()).isFalse();
    }
}
