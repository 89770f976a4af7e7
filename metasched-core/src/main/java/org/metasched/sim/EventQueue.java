package org.metasched.sim;

import java.util.Arrays;

/**
 * The pending events of one simulation: a binary min-heap on parallel arrays, ordered by {@code (time, priority,
 * sequence)}. Priority and sequence are packed into one {@code long} key (16 bits of priority above 48 bits of
 * sequence), so a comparison reads two primitive arrays and no event object.
 */
@SuppressWarnings("ExtendsObject") // not redundant: it erases E to Object (see Model)
final class EventQueue<E extends Object & Event> {
    private static final int SEQUENCE_BITS = 48;
    static final long MAX_SEQUENCE = (1L << SEQUENCE_BITS) - 1;

    private double[] time = new double[64];
    private long[] key = new long[64];
    private Object[] event = new Object[64];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Time of the next event; only when not empty. */
    double peekTime() {
        return time[0];
    }

    void add(double t, int priority, long sequence, E e) {
        if (size == time.length) {
            int c = size * 2;
            time = Arrays.copyOf(time, c);
            key = Arrays.copyOf(key, c);
            event = Arrays.copyOf(event, c);
        }
        long k = ((long) priority << SEQUENCE_BITS) | sequence;
        int h = size++;
        while (h > 0) {
            int parent = (h - 1) >>> 1;
            double pt = time[parent];
            if (pt < t || (pt == t && key[parent] < k)) {
                break;
            }
            time[h] = pt;
            key[h] = key[parent];
            event[h] = event[parent];
            h = parent;
        }
        time[h] = t;
        key[h] = k;
        event[h] = e;
    }

    /** Removes and returns the next event; only when not empty. */
    @SuppressWarnings("unchecked")
    E poll() {
        E first = (E) event[0];
        int last = --size;
        double t = time[last];
        long k = key[last];
        Object e = event[last];
        event[last] = null;
        if (last > 0) {
            place(0, t, k, e); // sifts down only: the root has no parent
        }
        return first;
    }

    /** Removes the event with sequence number {@code sequence} if it is pending; O(size). */
    boolean remove(long sequence) {
        int at = -1;
        for (int i = 0; i < size; i++) {
            if ((key[i] & MAX_SEQUENCE) == sequence) {
                at = i;
                break;
            }
        }
        if (at < 0) {
            return false;
        }
        int last = --size;
        if (at != last) {
            double t = time[last];
            long k = key[last];
            Object e = event[last];
            event[last] = null;
            place(at, t, k, e);
        } else {
            event[last] = null;
        }
        return true;
    }

    /** Puts {@code (t, k, e)} into hole {@code h}, sifting it up or down. */
    private void place(int h, double t, long k, Object e) {
        while (h > 0) {
            int parent = (h - 1) >>> 1;
            double pt = time[parent];
            if (pt < t || (pt == t && key[parent] < k)) {
                break;
            }
            time[h] = pt;
            key[h] = key[parent];
            event[h] = event[parent];
            h = parent;
        }
        while (true) {
            int c = 2 * h + 1;
            if (c >= size) {
                break;
            }
            double ct = time[c];
            if (c + 1 < size) { // the smaller child, compared here: a method of its own was too large for C1 to inline
                double rt = time[c + 1];
                if (rt < ct || (rt == ct && key[c + 1] < key[c])) {
                    ct = rt;
                    c++;
                }
            }
            if (t < ct || (t == ct && k < key[c])) {
                break;
            }
            time[h] = ct;
            key[h] = key[c];
            event[h] = event[c];
            h = c;
        }
        time[h] = t;
        key[h] = k;
        event[h] = e;
    }
}
