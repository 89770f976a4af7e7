package org.metasched.gang;

/**
 * A migration decision (spec 5.5): task {@code tasks[i]} of waiting job {@code job} moves to the queue of idle
 * processor {@code targets[i]} (each target reserved for it), after which the job starts at once on the processors
 * holding its tasks. Local: only the tasks on busy processors move, inside the cluster. External: every task moves
 * to another cluster.
 *
 * @param job the job (index)
 * @param external true for a migration between clusters
 * @param tasks the tasks (global indices) that move
 * @param targets their new processors (global indices), idle and distinct
 */
public record Migration(int job, boolean external, int[] tasks, int[] targets) {
    public Migration {
        if (tasks.length != targets.length || tasks.length == 0) {
            throw new IllegalArgumentException("a migration moves at least one task to one target each, got "
                    + tasks.length + " tasks and " + targets.length + " targets");
        }
        tasks = tasks.clone();
        targets = targets.clone();
    }

    @Override
    public int[] tasks() {
        return tasks.clone();
    }

    @Override
    public int[] targets() {
        return targets.clone();
    }

    int task(int i) {
        return tasks[i];
    }

    int target(int i) {
        return targets[i];
    }

    int moves() {
        return tasks.length;
    }
}
