package org.metasched.flow;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.metasched.model.Workload;

/**
 * A deliberately naive second implementation of the three policies, sharing no code with the engine or the
 * policies (the Java twin of {@code docs/validation/reference_sim.py}): its own event loop over a sorted set of
 * instants, EASY recomputing the shadow time from scratch after every start, conservative recomputing the free
 * processors from every running job and reservation for every candidate start. Quadratic and slow; for tests.
 */
final class NaiveReference {
    private NaiveReference() {}

    /** Start times per workload index. */
    static long[] starts(Workload w, FlowPolicy policy) {
        int n = w.size();
        int procs = w.machineProcessors();
        long[] start = new long[n];
        long[] estEnd = new long[n];
        long[] end = new long[n];
        boolean[] running = new boolean[n];
        boolean[] done = new boolean[n];
        long[] res = new long[n];
        List<Integer> queue = new ArrayList<>();
        TreeSet<Long> instants = new TreeSet<>();
        for (int j = 0; j < n; j++) {
            instants.add(w.submitSeconds(j));
        }
        int nextArrival = 0;
        while (!instants.isEmpty()) {
            long now = instants.pollFirst();
            boolean early = false;
            for (int j = 0; j < n; j++) {
                if (running[j] && end[j] == now) {
                    running[j] = false;
                    done[j] = true;
                    early |= now < estEnd[j];
                }
            }
            List<Integer> arrivals = new ArrayList<>();
            while (nextArrival < n && w.submitSeconds(nextArrival) == now) {
                arrivals.add(nextArrival++);
            }
            List<Integer> started = new ArrayList<>();
            if (policy == FlowPolicy.CONSERVATIVE) {
                if (early) {
                    for (int j : queue) {
                        long t = earliest(w, procs, running, estEnd, start, queue, res, j, now);
                        if (t > res[j]) {
                            throw new AssertionError("reference moved job " + w.id(j) + " later");
                        }
                        res[j] = t;
                    }
                }
                for (int j : arrivals) {
                    res[j] = earliest(w, procs, running, estEnd, start, queue, res, j, now);
                    queue.add(j);
                }
                for (int j : new ArrayList<>(queue)) {
                    if (res[j] == now) {
                        queue.remove(Integer.valueOf(j));
                        started.add(j);
                    }
                }
                for (int j : queue) {
                    instants.add(res[j]);
                }
            } else {
                queue.addAll(arrivals);
                int free = procs;
                for (int j = 0; j < n; j++) {
                    if (running[j]) {
                        free -= w.processors(j);
                    }
                }
                boolean progress = true;
                while (progress) {
                    progress = false;
                    while (!queue.isEmpty() && w.processors(queue.get(0)) <= free) {
                        int j = queue.remove(0);
                        free -= w.processors(j);
                        startJob(w, j, now, start, estEnd, end, running, instants);
                        progress = true;
                    }
                    if (policy == FlowPolicy.FCFS || queue.isEmpty()) {
                        break;
                    }
                    int head = queue.get(0);
                    // shadow time from scratch: walk running jobs by estimated end
                    long shadow = Long.MAX_VALUE;
                    int avail = free;
                    List<Integer> run = new ArrayList<>();
                    for (int j = 0; j < n; j++) {
                        if (running[j]) {
                            run.add(j);
                        }
                    }
                    run.sort((a, b) -> Long.compare(estEnd[a], estEnd[b]));
                    for (int j : run) {
                        if (shadow != Long.MAX_VALUE && estEnd[j] > shadow) {
                            break;
                        }
                        avail += w.processors(j);
                        if (shadow == Long.MAX_VALUE && avail >= w.processors(head)) {
                            shadow = estEnd[j];
                        }
                    }
                    int extra = avail - w.processors(head);
                    for (int k = 1; k < queue.size(); k++) {
                        int j = queue.get(k);
                        int p = w.processors(j);
                        if (p <= free && (now + w.estimateSeconds(j) <= shadow || p <= extra)) {
                            queue.remove(k);
                            free -= p;
                            startJob(w, j, now, start, estEnd, end, running, instants);
                            progress = true;
                            break; // start over: recompute the reservation from scratch
                        }
                    }
                }
                continue;
            }
            for (int j : started) {
                startJob(w, j, now, start, estEnd, end, running, instants);
            }
        }
        return start;
    }

    private static void startJob(
            Workload w,
            int j,
            long now,
            long[] start,
            long[] estEnd,
            long[] end,
            boolean[] running,
            NavigableSet<Long> instants) {
        start[j] = now;
        estEnd[j] = now + w.estimateSeconds(j);
        end[j] = now + w.runtimeSeconds(j);
        running[j] = true;
        instants.add(end[j]);
    }

    /** Earliest start of {@code job} given running jobs (by estimate) and every other queued reservation. */
    private static long earliest(
            Workload w,
            int procs,
            boolean[] running,
            long[] estEnd,
            long[] start,
            List<Integer> queue,
            long[] res,
            int job,
            long now) {
        List<long[]> busy = new ArrayList<>(); // {from, to, processors}
        for (int j = 0; j < running.length; j++) {
            if (running[j]) {
                busy.add(new long[] {start[j], estEnd[j], w.processors(j)});
            }
        }
        for (int k : queue) {
            if (k != job) {
                busy.add(new long[] {res[k], res[k] + w.estimateSeconds(k), w.processors(k)});
            }
        }
        TreeSet<Long> candidates = new TreeSet<>();
        candidates.add(now);
        for (long[] b : busy) {
            if (b[1] > now) {
                candidates.add(b[1]);
            }
        }
        long e = w.estimateSeconds(job);
        int p = w.processors(job);
        for (long c : candidates) {
            TreeSet<Long> points = new TreeSet<>();
            points.add(c);
            for (long[] b : busy) {
                if (b[0] > c && b[0] < c + e) {
                    points.add(b[0]);
                }
            }
            boolean fits = true;
            for (long t : points) {
                long used = 0;
                for (long[] b : busy) {
                    if (b[0] <= t && t < b[1]) {
                        used += b[2];
                    }
                }
                if (procs - used < p) {
                    fits = false;
                    break;
                }
            }
            if (fits) {
                return c;
            }
        }
        throw new AssertionError("no fit for job " + w.id(job));
    }
}
