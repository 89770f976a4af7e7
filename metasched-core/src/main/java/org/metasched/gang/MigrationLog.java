package org.metasched.gang;

import java.util.Arrays;

/** Every task moved by a migration, in order: task, source and target processors, time, kind. */
final class MigrationLog {
    private int[] task = new int[16];
    private int[] from = new int[16];
    private int[] to = new int[16];
    private double[] time = new double[16];
    private boolean[] external = new boolean[16];
    private int size;

    void add(int t, int fromProcessor, int toProcessor, double timeSeconds, boolean isExternal) {
        if (size == task.length) {
            int c = 2 * size;
            task = Arrays.copyOf(task, c);
            from = Arrays.copyOf(from, c);
            to = Arrays.copyOf(to, c);
            time = Arrays.copyOf(time, c);
            external = Arrays.copyOf(external, c);
        }
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
