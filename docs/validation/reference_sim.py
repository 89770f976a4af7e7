#!/usr/bin/env python3
"""Independent, deliberately naive reference simulator (FCFS, EASY, conservative) used to cross-check metasched.

Reads SWF with the same default rules (size = field 5 else 8; estimate = field 9 else run time; killed at the
estimate; run time <= 0 or no size skipped; larger than the machine rejected), simulates, prints
"id start" lines. EASY recomputes the shadow time from scratch after every start; conservative rebuilds the
profile from all reservations for every placement. Slow on purpose: clarity over speed.
"""
import gzip, sys, heapq

def read(path):
    op = gzip.open if open(path, 'rb').read(2) == b'\x1f\x8b' else open
    procs = nodes = 0
    jobs = []
    with op(path, 'rt') as f:
        for line in f:
            s = line.strip()
            if not s:
                continue
            if s.startswith(';'):
                t = s[1:].strip()
                if t.startswith('MaxProcs:'): procs = int(t.split(':')[1])
                if t.startswith('MaxNodes:'): nodes = int(t.split(':')[1])
                continue
            v = [int(round(float(x))) for x in s.split()]
            jid, sub, run, alloc, req, rt = v[0], v[1], v[3], v[4], v[7], v[8]
            jobs.append((jid, sub, run, alloc, req, rt))
    P = procs or nodes
    out = []
    for (jid, sub, run, alloc, req, rt) in jobs:
        if sub < 0 or run <= 0: continue
        size = alloc if alloc > 0 else req
        if size <= 0 or size > P: continue
        est = rt if rt > 0 else run
        if est < run: run = est
        out.append([jid, sub, run, est, size])
    out.sort(key=lambda j: j[1])  # stable
    return P, out

def earliest(P, busy, now, e, p):
    """busy: list of (start, end, procs). earliest t >= now with free >= p over [t, t+e)."""
    cands = sorted({now} | {b[1] for b in busy if b[1] > now})
    for c in cands:
        ok = True
        pts = sorted({c} | {b[0] for b in busy if c < b[0] < c + e})
        for t in pts:
            used = sum(b[2] for b in busy if b[0] <= t < b[1])
            if P - used < p:
                ok = False
                break
        if ok:
            return c
    raise AssertionError("no fit")

def simulate(P, jobs, policy):
    n = len(jobs)
    start = [None] * n
    end = [None] * n
    free = P
    queue = []
    running = {}  # j -> (start, est_end, procs)
    res = {}      # conservative reservations
    ev = []       # (time, kind, j): kind 0 end, 1 arrival, 2 wake
    for j in range(n):
        heapq.heappush(ev, (jobs[j][1], 1, j))
    while ev:
        now = ev[0][0]
        ended_early = False
        arrivals = []
        while ev and ev[0][0] == now:
            _, kind, j = heapq.heappop(ev)
            if kind == 0:
                free += jobs[j][4]
                s, ee, p = running.pop(j)
                if now < ee: ended_early = True
            elif kind == 1:
                arrivals.append(j)
        if policy == 'conservative':
            if ended_early:
                for j in queue:
                    others = [(s, ee, p) for (s, ee, p) in running.values()] + \
                             [(res[k], res[k] + jobs[k][3], jobs[k][4]) for k in queue if k != j]
                    t = earliest(P, others, now, jobs[j][3], jobs[j][4])
                    assert t <= res[j]
                    res[j] = t
            for j in arrivals:
                others = list(running.values()) + [(res[k], res[k] + jobs[k][3], jobs[k][4]) for k in queue]
                res[j] = earliest(P, others, now, jobs[j][3], jobs[j][4])
                queue.append(j)
            for j in list(queue):
                if res[j] == now:
                    queue.remove(j)
                    run_job(j, now, jobs, start, end, running, ev)
                    free -= jobs[j][4]
                    assert free >= 0
            if queue:
                heapq.heappush(ev, (min(res[k] for k in queue), 2, -1))
            continue
        queue.extend(arrivals)
        if policy == 'fcfs':
            while queue and jobs[queue[0]][4] <= free:
                j = queue.pop(0); free -= jobs[j][4]
                run_job(j, now, jobs, start, end, running, ev)
            continue
        # EASY, recomputed from scratch after every start
        while True:
            while queue and jobs[queue[0]][4] <= free:
                j = queue.pop(0); free -= jobs[j][4]
                run_job(j, now, jobs, start, end, running, ev)
            if not queue: break
            h = queue[0]
            avail = free
            shadow = None
            for (s, ee, p) in sorted(running.values(), key=lambda r: r[1]):
                if shadow is not None and ee > shadow: break
                avail += p
                if shadow is None and avail >= jobs[h][4]: shadow = ee
            extra = avail - jobs[h][4]
            started = False
            for j in queue[1:]:
                p = jobs[j][4]
                if p <= free and (now + jobs[j][3] <= shadow or p <= extra):
                    queue.remove(j); free -= p
                    run_job(j, now, jobs, start, end, running, ev)
                    started = True
                    break
            if not started: break
    return start

def run_job(j, now, jobs, start, end, running, ev):
    start[j] = now
    end[j] = now + jobs[j][2]
    running[j] = (now, now + jobs[j][3], jobs[j][4])
    heapq.heappush(ev, (end[j], 0, j))

if __name__ == '__main__':
    P, jobs = read(sys.argv[1])
    if len(sys.argv) > 3: jobs = jobs[:int(sys.argv[3])]
    st = simulate(P, jobs, sys.argv[2])
    for j, s in zip(jobs, st):
        print(j[0], s)
