package org.metasched.gang;

import org.metasched.model.GrowableArrays;

/** Every task moved by a migration, in order: task, source and target processors, time, kind. */
final class MigrationLog {
    private int[] task = new int[16];
    private int[] from = new int[16];
    private int[] to = new int[16];
    private double[] time = new double[16];
    private boolean[] external = new boolean[16];
    private int size;

    void add(int t, int fromProcessor, int toProcessor, double timeSeconds, boolean isExternal) {
        task = GrowableArrays.ensure(task, size + 1);
        from = GrowableArrays.ensure(from, size + 1);
        to = GrowableArrays.ensure(to, size + 1);
        time = GrowableArrays.ensure(time, size + 1);
        external = GrowableArrays.ensure(external, size + 1);
        task[size] = t;
        from[size] = fromProcessor;
        to[size] = toProcessor;
        time[size] = timeSeconds;
        external[size] = isExternal;
        size++;
    }

    int size() {
        return size;
    }

    int task(int i) {
        return task[i];
    }

    int from(int i) {
        return from[i];
    }

    int to(int i) {
        return to[i];
    }

    double time(int i) {
        return time[i];
    }

    boolean external(int i) {
        return external[i];
    }
}
