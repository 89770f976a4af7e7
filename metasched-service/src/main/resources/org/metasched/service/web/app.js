/*
 * The live view of metasched serve: GET /v1/view draws the page; GET /v1/events (server-sent events, read with
 * fetch so that the token travels in the Authorization header, never in a URL) says when it changed. The token is
 * entered once and kept in this tab's session storage.
 */
'use strict';
(function () {
  const KEY = 'metasched.token';

  // what the tests and the performance measurement read
  const ms = window.metasched = {
    view: null, chart: null, renders: 0, ready: false, items: [],
    // firstPaint: ms from the navigation to the first drawn frame; updates: ms from a change's event to the redrawn
    // frame; view: ms to fetch and parse /v1/view; draw: ms to build and draw the chart; frame: the last drawn
    // frame's wall time (ms since 1970), to compare with when a change was made
    timings: { firstPaint: null, updates: [], view: [], draw: [], frame: null },
  };

  let token = sessionStorage.getItem(KEY);
  let stream = null; // the AbortController of the event stream
  let lastId = null; // the id of the last event received: sent as Last-Event-ID when the stream reconnects
  let loading = false, pending = false, changedAt = null;
  const $ = (id) => document.getElementById(id);

  /**
   * A number as the page shows it: at most 2 decimals, every digit of the whole part (times are often epoch seconds,
   * 1700000400: an exponent would show 1.700e+9 for every one of them); one that is not 0 but would round to 0 shows
   * its first 4 significant digits (a price of 0.0001 as 0.0001, never 0), as the command line's tables do.
   */
  function fmt(x) {
    if (x === null || x === undefined || Number.isNaN(x)) return '-';
    const a = Math.abs(x);
    if (a >= 1e15) return x.toExponential(3);
    const r = Math.round(x * 100) / 100;
    if (r !== 0 || x === 0) return r.toString();
    const s = x.toFixed(Math.min(100, Math.ceil(-Math.log10(a)) + 3)).replace(/0+$/, '');
    return /[1-9]/.test(s) ? s : x.toPrecision(4);
  }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
  }
  function headers(extra) {
    return Object.assign({ Authorization: 'Bearer ' + token }, extra || {});
  }
  const gantt = window.metaschedGantt(ms, $, fmt, esc); // the nodes' chart: gantt.js

  // ------------------------------------------------------------------------------------------- sign in / out

  function showLogin(message) {
    $('board').hidden = true;
    $('login').hidden = false;
    $('signout').hidden = true;
    $('who').textContent = '';
    $('clock').textContent = '';
    $('login-error').textContent = message || '';
    setLive(false, 'offline');
    $('token').focus();
  }

  function signOut(message) {
    sessionStorage.removeItem(KEY);
    token = null;
    full = true;
    ms.view = null;
    lastId = null;
    if (stream) stream.abort();
    stream = null;
    showLogin(message);
  }

  $('login-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const t = $('token').value.trim();
    $('token').value = '';
    if (!t) return;
    token = t;
    sessionStorage.setItem(KEY, t);
    start();
  });
  $('signout').addEventListener('click', () => signOut(''));

  function start() {
    $('login').hidden = true;
    $('board').hidden = false;
    $('signout').hidden = false;
    load().then((ok) => { if (ok) listen(); });
  }

  // ------------------------------------------------------------------------------------------------ data

  let full = true; // the next load asks for the whole view (first load, new service instance), else for what changed

  /** What changed, merged into the view the page holds: reservations by key, gone ones removed, nodes when sent. */
  function merge(old, d) {
    const byKey = new Map(old.reservations.map((r) => [r.key, r]));
    for (const k of d.gone) byKey.delete(k);
    for (const r of d.reservations) byKey.set(r.key, r);
    d.reservations = Array.from(byKey.values());
    if (!d.nodes) d.nodes = old.nodes;
    delete d.gone;
    delete d.since;
    return d;
  }

  async function load() {
    if (loading) { pending = true; return true; }
    loading = true;
    try {
      const t0 = performance.now();
      const since = !full && ms.view ? ms.view.last : null;
      const r = await fetch('/v1/view' + (since === null ? '' : '?since=' + since), { headers: headers(), cache: 'no-store' });
      if (r.status === 401) { signOut('The service does not know this token.'); return false; }
      if (!r.ok) {
        let detail = r.statusText;
        try { detail = (await r.json()).detail || detail; } catch (ignored) { /* not JSON */ }
        setLive(false, 'error: ' + detail);
        return false;
      }
      let v = await r.json();
      ms.timings.view.push(performance.now() - t0);
      if (v.since !== undefined) {
        if (!ms.view || v.since !== ms.view.last || v.instance !== ms.view.instance) { full = true; pending = true; return true; }
        v = merge(ms.view, v);
      }
      full = false;
      render(v);
      return true;
    } catch (err) {
      setLive(false, 'service unreachable');
      return false;
    } finally {
      loading = false;
      if (pending && token) { pending = false; load(); }
    }
  }

  function setLive(on, text) {
    const el = $('live');
    el.className = 'live ' + (on ? 'on' : 'off');
    el.textContent = text;
  }

  /**
   * Reads the event stream: 'hello' once, then 'change' per committed change; reconnects when it ends, from the last
   * event received (Last-Event-ID: the service sends what was missed, or 'reset' when it cannot).
   */
  async function listen() {
    if (stream || !token) return;
    const ctl = new AbortController();
    stream = ctl;
    try {
      const h = { Accept: 'text/event-stream' };
      if (lastId !== null) h['Last-Event-ID'] = lastId;
      const r = await fetch('/v1/events', { headers: headers(h), signal: ctl.signal, cache: 'no-store' });
      if (r.status === 401) { signOut('The service does not know this token.'); return; }
      if (!r.ok || !r.body) throw new Error('events: ' + r.status);
      setLive(true, 'live');
      const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let name = 'message';
          const data = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) name = line.slice(6).trim();
            else if (line.startsWith('id:')) lastId = line.slice(3).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length) onEvent(name, data.join('\n'));
        }
      }
    } catch (err) {
      if (ctl.signal.aborted) return;
    } finally {
      if (stream === ctl) stream = null;
    }
    if (token && !ctl.signal.aborted) {
      setLive(false, 'reconnecting');
      setTimeout(listen, 1000);
    }
  }

  function onEvent(name, data) {
    const d = JSON.parse(data);
    if (name === 'reset' || (ms.view && d.instance !== ms.view.instance)) {
      full = true; // events were missed, or the service restarted: the whole view again
      load();
      return;
    }
    if (name === 'hello') {
      if (!ms.view) full = true;
      if (!ms.view || d.last !== ms.view.last) load();
      return;
    }
    if (name === 'change') {
      if (ms.view && d.seq <= ms.view.last) return; // already in the view
      if (changedAt === null) changedAt = performance.now();
      load();
    }
  }

  // ---------------------------------------------------------------------------------------------- render

  function render(v) {
    ms.view = v;
    gantt.setClock(v);
    $('who').textContent = v.you.name + ' (' + v.you.role + ')';
    showClock();
    const t1 = performance.now();
    gantt.render(v);
    ms.timings.draw.push(performance.now() - t1);
    renderQueue(v);
    renderCycles(v);
    const t = changedAt;
    changedAt = null;
    requestAnimationFrame(() => {
      const now = performance.now();
      ms.renders++;
      ms.timings.frame = performance.timeOrigin + now;
      if (ms.timings.firstPaint === null) ms.timings.firstPaint = now;
      else if (t !== null) ms.timings.updates.push(now - t);
      ms.ready = true;
    });
  }


  function showClock() {
    const v = ms.view;
    $('clock').textContent = (v.clock.mode === 'manual' ? 'manual clock ' : 'clock ') + 't = ' + fmt(gantt.now());
  }

  $('zoom-in').addEventListener('click', () => gantt.zoomBy(0.5));
  $('zoom-out').addEventListener('click', () => gantt.zoomBy(2));
  $('zoom-now').addEventListener('click', () => gantt.zoomBy(0));

  function renderQueue(v) {
    const body = $('queue').tBodies[0];
    const html = [];
    for (const j of v.queue) {
      html.push('<tr data-job="' + esc(j.id) + '"><td>' + esc(j.id) + '</td><td class="who" title="' + esc(j.user) + '">' + esc(j.user) + '</td><td class="num">'
        + j.nodes + '</td><td class="num">' + fmt(j.volume) + '</td><td class="num">' + fmt(j.budget) + '</td><td>'
        + esc(j.criterion) + '</td><td class="num">' + j.cyclesWaited + ' of ' + v.maxCycles + '</td><td class="num">'
        + fmt(j.deadline) + '</td><td class="reason">' + esc(j.reason || (j.cyclesWaited ? '' : 'waits for the next cycle'))
        + '</td></tr>');
    }
    if (!html.length) html.push('<tr><td colspan="9" class="empty">no job is waiting</td></tr>');
    body.innerHTML = html.join('');
    $('queue-count').textContent = String(v.queue.length + v.queueOthers);
    $('queue-others').textContent = v.queueOthers
      ? v.queueOthers + (v.queueOthers === 1 ? ' waiting job' : ' waiting jobs') + ' of other users (not shown)' : '';
  }

  const opened = new Set(); // cycles whose details are open: kept open across updates
  function renderCycles(v) {
    const box = $('cycles');
    if (!v.cycles.length) { box.innerHTML = '<p class="empty">no cycle yet</p>'; return; }
    const operator = v.you.role === 'operator';
    box.innerHTML = v.cycles.map((c) => '<details class="cycle" data-cycle="' + c.cycle + '"' + (opened.has(c.cycle) ? ' open' : '') + '>'
      + '<summary><span class="n">cycle ' + c.cycle + '</span><span class="k">t = ' + fmt(c.time) + '</span><span>'
      + esc(c.scheme) + ' / ' + esc(c.problem) + '</span><span>objective ' + fmt(c.objective) + '</span><span>'
      + '<span class="ok">' + c.reserved + ' reserved</span>, ' + c.queued + ' left, <span class="' + (c.failed ? 'bad' : '') + '">'
      + c.failed + ' failed</span></span><span class="k">' + fmt(c.durationMs) + ' ms</span></summary>'
      + '<div class="cycle-body">' + (operator ? 'loading…' : 'Its alternatives are shown to the operator.') + '</div></details>').join('');
    for (const d of box.querySelectorAll('details.cycle')) {
      const n = parseInt(d.dataset.cycle, 10);
      d.addEventListener('toggle', () => {
        if (d.open) { opened.add(n); if (operator) cycleDetail(d, n); } else opened.delete(n);
      });
      if (d.open && operator) cycleDetail(d, n);
    }
  }

  const plans = new Map(); // a cycle's plan never changes
  async function cycleDetail(d, n) {
    const body = d.querySelector('.cycle-body');
    let p = plans.get(n);
    if (!p) {
      const r = await fetch('/v1/cycles/' + n, { headers: headers(), cache: 'no-store' });
      if (!r.ok) { body.textContent = 'cannot load cycle ' + n + ' (' + r.status + ')'; return; }
      p = await r.json();
      plans.set(n, p);
    }
    const out = ['<p class="k">limit ' + fmt(p.limit) + ', ' + (p.feasible ? 'feasible' : 'infeasible') + ', '
      + p.jobs.length + ' jobs, planned in ' + fmt(p.planMs) + ' ms' + (p.dropped && p.dropped.length ? ', dropped ' + esc(p.dropped.join(' ')) : '') + '</p>'];
    for (const j of p.jobs) {
      const why = p.reasons && p.reasons[j.id] ? ' <span class="k">' + esc(p.reasons[j.id]) + '</span>' : '';
      out.push('<div class="alt-job">' + esc(j.id) + ' <span class="k">' + j.alternatives.length + ' alternatives'
        + (j.chosen === null || j.chosen === undefined || j.chosen < 0 ? ', none chosen' : ', chosen #' + j.chosen) + '</span>' + why + '</div>');
      if (!j.alternatives.length) continue;
      out.push('<table class="alts"><thead><tr><th>#</th><th class="num">start</th><th class="num">finish</th><th class="num">cost</th>'
        + '<th class="num">proc. time</th><th>slots</th></tr></thead><tbody>');
      j.alternatives.forEach((a, i) => {
        out.push('<tr' + (i === j.chosen ? ' class="chosen"' : '') + '><td>' + i + (i === j.chosen ? ' ✓' : '') + '</td><td class="num">'
          + fmt(a.start) + '</td><td class="num">' + fmt(a.finish) + '</td><td class="num">' + fmt(a.cost) + '</td><td class="num">'
          + fmt(a.processorTime) + '</td><td class="slots">' + a.slots.map((s) => '<span>' + esc(s.node) + ' ' + fmt(s.start) + '–' + fmt(s.end) + '</span>').join(', ')
          + '</td></tr>');
      });
      out.push('</tbody></table>');
    }
    // the jobs left out of the batch (more nodes than the VO has, too small a task, dropped without a window): a
    // cycle of only such jobs plans nothing but still tells each its why and counts toward its max-cycles
    const inBatch = new Set(p.jobs.map((j) => j.id));
    for (const id of Object.keys(p.reasons || {})) {
      if (!inBatch.has(id)) {
        out.push('<div class="alt-job">' + esc(id) + ' <span class="k">not in the batch</span> <span class="k">'
          + esc(p.reasons[id]) + '</span></div>');
      }
    }
    body.innerHTML = out.join('');
  }

  // under the wall clock the now-line and the clock move on their own
  setInterval(() => {
    if (!ms.view || ms.view.clock.mode !== 'wall') return;
    showClock();
    if (ms.chart) ms.chart.setOption({ series: [{ id: 'now', data: [[gantt.now(), 0]] }] });
  }, 2000);

  if (token) start(); else showLogin('');
})();
