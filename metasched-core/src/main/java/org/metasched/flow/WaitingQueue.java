package org.metasched.flow;

import org.metasched.model.GrowableArrays;

/**
 * Waiting jobs in queue order: by submit time, ties in file order, which is workload-index order because the
 * engine submits jobs in index order. A plain int array; removal shifts the tail.
 */
final class WaitingQueue {
    private int[] jobs = new int[64];
    private int size;

    void add(int job) {
        jobs = GrowableArrays.ensure(jobs, size + 1);
        jobs[size++] = job;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int get(int position) {
        return jobs[position];
    }

    void removeAt(int position) {
        System.arraycopy(jobs, position + 1, jobs, position, size - position - 1);
        size--;
    }
}
