package org.metasched.gang;

/**
 * One task moved by a migration, for audits: from which queue to which, and when. Processors are 0-based within
 * their cluster.
 *
 * @param job job number from the trace
 * @param task task number within the job, 0-based
 * @param timeSeconds when it moved (the job starts at that instant)
 * @param kind local or external
 * @param fromCluster the cluster it left
 * @param fromProcessor the processor whose queue it left
 * @param toCluster the cluster it joined
 * @param toProcessor the idle processor it moved to
 */
public record TaskMigration(
        long job,
        int task,
        double timeSeconds,
        MigrationKind kind,
        int fromCluster,
        int fromProcessor,
        int toCluster,
        int toProcessor) {}
