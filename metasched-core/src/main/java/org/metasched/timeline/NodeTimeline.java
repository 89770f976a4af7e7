package org.metasched.timeline;

import java.util.ArrayList;
import java.util.List;
import org.metasched.model.Interval;
import org.metasched.model.Tolerance;

/** The busy intervals of one node, kept sorted and merged (spec 1.1). Intervals are half-open. */
public final class NodeTimeline {
    private final ArrayList<Interval> busy = new ArrayList<>();

    public NodeTimeline() {}

    public NodeTimeline(List<Interval> intervals) {
        for (Interval i : intervals) {
            add(i);
        }
    }

    /** Marks {@code interval} busy, merging it with any busy interval it overlaps or touches. */
    public void add(Interval interval) {
        if (interval.length() <= 0) {
            return;
        }
        double a = interval.start();
        double b = interval.end();
        int lo = 0;
        int hi = busy.size();
        while (lo < hi) { // first interval whose end >= a
            int mid = (lo + hi) >>> 1;
            if (busy.get(mid).end() < a) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int first = lo;
        int last = first;
        while (last < busy.size() && busy.get(last).start() <= b) {
            a = Math.min(a, busy.get(last).start());
            b = Math.max(b, busy.get(last).end());
            last++;
        }
        busy.subList(first, last).clear();
        busy.add(first, new Interval(a, b));
    }

    /** The merged busy intervals in time order. */
    public List<Interval> busy() {
        return List.copyOf(busy);
    }

    /**
     * The maximal idle intervals inside the horizon {@code [h0, h1]}, in time order (spec 1.2). Gaps no longer
     * than the tolerance are not emitted. The times are compared as offsets from {@code h0} (exact for times within
     * a factor two of it), so that the tolerance is that of the horizon's span, not of the clock's origin: at epoch
     * microseconds the magnitude's tolerance would swallow gaps of 17 units.
     */
    public List<Interval> idle(double h0, double h1) {
        List<Interval> out = new ArrayList<>();
        double cur = h0;
        for (Interval iv : busy) {
            if (iv.end() <= cur) {
                continue;
            }
            if (Tolerance.gt(iv.start() - h0, cur - h0)) {
                out.add(new Interval(cur, Math.min(iv.start(), h1)));
            }
            cur = Math.max(cur, iv.end());
            if (cur >= h1) {
                break;
            }
        }
        if (Tolerance.gt(h1 - h0, cur - h0)) {
            out.add(new Interval(cur, h1));
        }
        out.removeIf(i -> Tolerance.le(i.end() - h0, i.start() - h0));
        return out;
    }

    /** True if {@code [start, end)} overlaps no busy interval (beyond the tolerance). */
    public boolean isFree(double start, double end) {
        for (Interval iv : busy) {
            if (Tolerance.lt(iv.start(), end) && Tolerance.gt(iv.end(), start)) {
                return false;
            }
        }
        return true;
    }
}
