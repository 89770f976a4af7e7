package org.metasched.metrics;

/**
 * How far a paper's finding holds on replicated numbers, judged with their uncertainty: with 95 % intervals that do
 * not overlap, only in the means, or not at all. A finding made of several comparisons is as good as its worst one
 * ({@link #and}).
 */
public enum Verdict {
    /** Every comparison holds with non-overlapping 95 % intervals. */
    HOLDS("holds"),
    /** Every comparison holds in the means, at least one only there (its intervals overlap). */
    HOLDS_IN_MEANS("in means"),
    /** Some comparison goes the other way in the means. */
    FAILS("fails");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** A short word for tables: {@code holds}, {@code in means}, {@code fails}. */
    public String label() {
        return label;
    }

    /** The worse of the two. */
    public Verdict and(Verdict other) {
        return compareTo(other) >= 0 ? this : other;
    }

    /**
     * {@code a < b}: holds when a's interval lies wholly below b's, in means when only the means are ordered. An
     * interval of NaN half-width (one run) never counts as separated.
     */
    public static Verdict below(MeanInterval a, MeanInterval b) {
        if (!(a.mean() < b.mean())) {
            return FAILS;
        }
        return a.mean() + a.halfWidth95() < b.mean() - b.halfWidth95() ? HOLDS : HOLDS_IN_MEANS;
    }

    /** {@code lo <= a <= hi}: holds when a's whole interval does, in means when only its mean does. */
    public static Verdict within(MeanInterval a, double lo, double hi) {
        if (!(a.mean() >= lo && a.mean() <= hi)) {
            return FAILS;
        }
        return a.mean() - a.halfWidth95() >= lo && a.mean() + a.halfWidth95() <= hi ? HOLDS : HOLDS_IN_MEANS;
    }
}
