/**
 * Named, seeded random streams. {@link org.metasched.random.RandomStreams} derives one independent stream per
 * (master seed, stream name, replication), so replication r draws the same numbers whatever the thread count
 * or the order in which replications run (ENGINEERING.md section 3). Never use {@code new Random()} or {@code
 * Math.random()} for anything that affects a decision.
 */
package org.metasched.random;
