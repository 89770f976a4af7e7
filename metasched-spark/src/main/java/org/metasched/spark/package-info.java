/**
 * The Apache Spark engine of {@code metasched sweep} (issues 13, 19): {@link org.metasched.spark.SparkSweep} (start
 * here; what {@code spark-submit} and {@code sweep --engine spark} run) distributes a sweep's cells as Spark tasks
 * running the local engine's cell code ({@link org.metasched.spark.SparkCells}) and writes the same files; {@link
 * org.metasched.spark.ClusterInputs} resolves the sweep file's paths on the driver and ships the files with the job.
 * docs/sweep.md.
 */
package org.metasched.spark;
