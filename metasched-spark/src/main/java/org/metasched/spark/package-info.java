/**
 * The Apache Spark engine of {@code metasched sweep} (issue 13): {@link org.metasched.spark.SparkSweep} distributes
 * a sweep's cells as Spark tasks running the local engine's cell code and writes the same files. docs/sweep.md.
 */
package org.metasched.spark;
