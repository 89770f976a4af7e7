/**
 * The papers' experiments as named, parameterised definitions. {@link org.metasched.experiments.Replications} runs
 * independent replications on a thread pool so that replication r draws from its own random streams and the
 * result is the same whatever the thread count. {@link org.metasched.experiments.P000Experiment} regenerates
 * Tables 2 and 3 of paper P000 (spec 2.7).
 */
package org.metasched.experiments;
