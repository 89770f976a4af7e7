/**
 * Allocation under uncertainty (paper P003; spec section 4, decisions D17 and D18): nodes are not simply busy or
 * free, each has a probability of being available over an interval, and a job wants the window most likely to
 * really be there within its budget.
 *
 * <p>Start from {@link org.metasched.availability.AvailabilityWindowSearch}: a static selection at each start time
 * a time scan visits. The pieces:
 *
 * <ul>
 *   <li>the model (spec 4.1): {@link org.metasched.availability.AvailabilityNode} (global occupancy, {@link
 *       org.metasched.availability.LocalJob}s with normal allocation and lognormal release, busy intervals) in an
 *       {@link org.metasched.availability.AvailabilityDomain}; {@link org.metasched.availability.AvailabilityTable}
 *       holds the availabilities of one request per start time;
 *   <li>the load generator (spec 4.2): {@link org.metasched.availability.LoadGenerator};
 *   <li>static selection (spec 4.3-4.4): {@link org.metasched.availability.StaticSelection}, implemented by {@link
 *       org.metasched.availability.KnapsackSelection} (the multiplicative knapsack) and {@link
 *       org.metasched.availability.GreedySelection} (MaxP, MinC, MaxP/C, GreedyJnt);
 *   <li>the time scan (spec 4.5): {@link org.metasched.availability.TimeScan} (full, bounded full, starting
 *       points placed by {@link org.metasched.availability.StartPointPlacement});
 *   <li>the five strategies by the names they are to be registered under: {@link
 *       org.metasched.availability.AvailabilityStrategy}, with {@link org.metasched.availability.AvailabilityOptions}.
 * </ul>
 */
package org.metasched.availability;
