package org.metasched.gang;

import java.util.Arrays;

/**
 * For queues whose heads change with time ({@link KineticHeads}): idle processors by the time before which their
 * head cannot change unless their queue does, a binary min-heap of (time, processor). A processor is pushed when a
 * pass has looked at its head; popped once that time has come, it is looked at again. An entry whose queue changed
 * since is left in place (the change marked the processor anyway; popping it marks it once more, which is
 * harmless), but a processor is pushed again only with an earlier time than the one it waits for, so the heap stays
 * about as large as the number of idle processors.
 */
final class HeadExpiries {
    private double[] time = new double[16];
    private int[] processor = new int[16];
    private int size;
    private final double[] pending; // per processor: the earliest time it waits for in the heap, +Infinity for none

    HeadExpiries(int processors) {
        pending = new double[processors];
        Arrays.fill(pending, Double.POSITIVE_INFINITY);
    }

    /** Processor {@code p}'s head cannot change before {@code until} (+Infinity: not by time). */
    void push(int p, double until) {
        if (until == Double.POSITIVE_INFINITY || until >= pending[p]) {
            return;
        }
        pending[p] = until;
        if (size == time.length) {
            time = Arrays.copyOf(time, 2 * size);
            processor = Arrays.copyOf(processor, 2 * size);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (time[parent] <= until) {
                break;
            }
            time[i] = time[parent];
            processor[i] = processor[parent];
            i = parent;
        }
        time[i] = until;
        processor[i] = p;
    }

    /** Whether some entry's time is not after {@code now}. */
    boolean due(double now) {
        return size > 0 && time[0] <= now;
    }

    /** Removes the entry of least time and returns its processor. */
    int pop() {
        int p = processor[0];
        if (time[0] == pending[p]) {
            pending[p] = Double.POSITIVE_INFINITY;
        }
        size--;
        double t = time[size];
        int q = processor[size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && time[child + 1] < time[child]) {
                child++;
            }
            if (time[child] >= t) {
                break;
            }
            time[i] = time[child];
            processor[i] = processor[child];
            i = child;
        }
        time[i] = t;
        processor[i] = q;
        return p;
    }
}
