package org.metasched.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.metasched.window.WindowSearches;

/** The quote criteria on the shared registry: names, their searches, and the one error for an unknown name. */
class QuoteCriteriaTest {
    @Test
    void theCriteriaInTheOrderOfAQuotesOffers() {
        assertThat(Quotes.Criterion.REGISTRY.names()).containsExactly("finish", "cost", "runtime", "proc-time", "csa");
        for (Quotes.Criterion c : Quotes.Criterion.REGISTRY.entries()) {
            assertThat(WindowSearches.isRegistered(c.search)).as(c.name()).isTrue();
        }
    }

    @Test
    void namesAreCaseInsensitiveAndBlanksAroundThemIgnored() {
        assertThat(Quotes.Criterion.parse(" Proc-Time ")).isSameAs(Quotes.Criterion.PROC_TIME);
        assertThat(Quotes.Criterion.parse("CSA")).isSameAs(Quotes.Criterion.CSA);
    }

    @Test
    void anUnknownNameIsA400ListingTheKnownOnes() {
        assertThatThrownBy(() -> Quotes.Criterion.parse("cheap"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessage("criterion: 'cheap' is not a quote's criterion, expected one of finish, cost, runtime,"
                        + " proc-time, csa");
    }
}
