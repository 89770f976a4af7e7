package org.metasched.window.aep;

import java.util.Arrays;
import org.metasched.model.Tolerance;
import org.metasched.timeline.SlotList;

/**
 * The COMMON-geometry step of the AEP scan (decision D5): a window's runtime {@code V / min p} depends on the
 * chosen set, so the step enumerates the candidate minimum performance p* over W's distinct performances,
 * ascending; for each, the candidates are the W slots at least that fast and long enough for {@code V / p*}, each
 * occupied for {@code V / p*}. The scan selects among them and re-values the chosen set with its true runtime;
 * the best over all p* is kept.
 */
final class AepCommonGeometry {
    private final SlotList sl;
    private final double volume;
    private final int n;
    private final AepCandidates candidates;
    private final double tol;

    AepCommonGeometry(SlotList sl, double volume, int n, AepCandidates candidates, double tol) {
        this.tol = tol;
        this.sl = sl;
        this.volume = volume;
        this.n = n;
        this.candidates = candidates;
    }

    /** Evaluates every p* of W ({@code window[0..w)}) at start ws; true when one replaced the scan's incumbent. */
    boolean evaluate(AepScan scan, double ws, int[] window, int w) {
        double[] perfs = new double[w];
        for (int k = 0; k < w; k++) {
            perfs[k] = sl.performance(window[k]);
        }
        Arrays.sort(perfs);
        AepCandidates c = candidates;
        boolean replaced = false;
        double previous = Double.NaN;
        for (double pStar : perfs) {
            if (pStar == previous) {
                continue; // performances are inputs, not computed: equal ones are one p*
            }
            previous = pStar;
            double tStar = volume / pStar;
            int count = 0;
            for (int k = 0; k < w; k++) {
                int s = window[k];
                if (sl.performance(s) >= pStar && Tolerance.ge(sl.end(s), ws + tStar, tol)) {
                    c.slot[count] = s;
                    c.length[count] = tStar;
                    c.cost[count] = sl.price(s) * tStar;
                    count++;
                }
            }
            c.count = count;
            if (count >= n && scan.consider(ws)) {
                replaced = true;
            }
        }
        return replaced;
    }
}
