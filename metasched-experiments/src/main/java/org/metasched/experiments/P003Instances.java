package org.metasched.experiments;

import org.metasched.availability.AvailabilityDomain;
import org.metasched.availability.AvailabilityRequest;
import org.metasched.availability.AvailabilityTable;
import org.metasched.availability.LoadGenerator;
import org.metasched.random.RandomStreams;

/**
 * The scheduling problem of paper P003 section 4 (spec 4.6): 64 nodes, a job of 6 nodes for T = 200 on the horizon
 * [0, 800] (801 start times), global load 0.05, the budget {@code n T median(price)} (spec 1.6 FLAG). Replication r
 * of every job load draws the same nodes (common random numbers, see {@link LoadGenerator}).
 */
final class P003Instances {
    static final int NODES = 64;
    static final int WINDOW_NODES = 6;
    static final double RUNTIME = 200;
    static final double HORIZON_END = 800;
    static final double GLOBAL_LOAD = 0.05;

    private P003Instances() {}

    /** One generated problem: the domain, the request and its availability table (every row computed). */
    record Instance(AvailabilityDomain domain, AvailabilityRequest request, AvailabilityTable table) {}

    static Instance generate(long seed, double jobLoad, double warmUp, int run) {
        LoadGenerator g = new LoadGenerator(NODES, GLOBAL_LOAD, jobLoad, 0, HORIZON_END, RUNTIME, warmUp);
        AvailabilityDomain domain = g.generate(new RandomStreams(seed), run);
        double budget = LoadGenerator.medianPriceBudget(domain, WINDOW_NODES, RUNTIME);
        AvailabilityRequest request = new AvailabilityRequest(WINDOW_NODES, RUNTIME, budget, 0);
        return new Instance(
                domain, request, AvailabilityTable.of(domain, request).computeAll());
    }
}
