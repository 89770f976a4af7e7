package org.metasched.pipeline.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metasched.availability.AvailabilityDomain;
import org.metasched.availability.AvailabilityOptions;
import org.metasched.availability.AvailabilityRequest;
import org.metasched.availability.AvailabilityStrategy;
import org.metasched.availability.AvailabilityTable;
import org.metasched.availability.AvailabilityWindow;
import org.metasched.availability.AvailabilityWindowSearch;
import org.metasched.availability.LoadGenerator;
import org.metasched.availability.StaticSelection;
import org.metasched.random.RandomStreams;
import org.metasched.report.Report;
import org.metasched.report.Series;

/**
 * {@code run}'s P003 section: one generated domain of the paper (64 nodes with global load 0.05 and job load 0.5, a
 * job of 6 nodes for T = 200 within the median-price budget, start times 0 to 800), the availability of the best
 * window at every start time (the shape of the paper's Figure 1) for the knapsack and GreedyJnt, and the windows
 * their full scans choose.
 */
final class AvailabilityRunSection implements RunSection {
    static final List<AvailabilityStrategy> STRATEGIES =
            List.of(AvailabilityStrategy.KNAPSACK, AvailabilityStrategy.GREEDY_JNT);

    @Override
    public String name() {
        return "availability";
    }

    @Override
    public String title() {
        return "Allocation under uncertainty (paper P003): the knapsack against GreedyJnt over time";
    }

    @Override
    public Part run(long seed) {
        LoadGenerator g = LoadGenerator.paper(0.5).withWarmUp(4000);
        AvailabilityDomain domain = g.generate(new RandomStreams(seed), 0);
        double budget = LoadGenerator.medianPriceBudget(domain, 6, 200);
        AvailabilityRequest request = new AvailabilityRequest(6, 200, budget, 0);
        AvailabilityTable table = AvailabilityTable.of(domain, request).computeAll();
        double[] t = new double[table.startTimes()];
        for (int k = 0; k < t.length; k++) {
            t[k] = table.firstStart() + k;
        }
        List<double[]> curves = new ArrayList<>();
        List<AvailabilityWindow> windows = new ArrayList<>();
        for (AvailabilityStrategy s : STRATEGIES) {
            StaticSelection selection = s.selection(AvailabilityOptions.DEFAULTS);
            double[] curve = new double[t.length];
            int[] chosen = new int[request.nodes()];
            for (int k = 0; k < t.length; k++) {
                double v = selection.select(
                        table.at(k), table.costs(), table.candidates(), request.nodes(), budget, chosen);
                curve[k] = v > 0 ? v : 0;
            }
            curves.add(curve);
            windows.add(new AvailabilityWindowSearch(s, AvailabilityOptions.DEFAULTS).find(table, request));
        }
        return new AvailabilityPart(t, curves, windows, budget);
    }

    record AvailabilityPart(double[] t, List<double[]> curves, List<AvailabilityWindow> windows, double budget)
            implements Part {
        @Override
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            String header = String.format(
                    Locale.ROOT, "%-22s %6s %13s %9s %12s", "strategy", "start", "availability", "cost", "evaluations");
            out.add(header);
            out.add("-".repeat(header.length()));
            for (int i = 0; i < windows.size(); i++) {
                AvailabilityWindow w = windows.get(i);
                out.add(String.format(
                        Locale.ROOT,
                        "%-22s %6s %13.4f %9.1f %12d",
                        STRATEGIES.get(i).name(),
                        w.found() ? String.format(Locale.ROOT, "%.0f", w.start()) : "-",
                        w.availability(),
                        w.cost(),
                        w.evaluations()));
            }
            out.add(String.format(
                    Locale.ROOT,
                    "(64 generated nodes, job load 0.5; 6 nodes for 200 time units, budget %.1f, start times 0-800;"
                            + " metasched select takes your own domain)",
                    budget));
            return out;
        }

        @Override
        public void addTo(Report report) {
            List<Series> series = new ArrayList<>();
            for (int i = 0; i < curves.size(); i++) {
                series.add(Series.of(STRATEGIES.get(i).name(), t, curves.get(i)));
            }
            report.lineChart(
                    "run-availability",
                    "P003: availability of the best window starting at t (6 nodes, T = 200, within the budget)",
                    "start time t",
                    "availability",
                    series);
        }
    }
}
