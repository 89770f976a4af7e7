/*
 * The live view of metasched serve: GET /v1/view draws the page; GET /v1/events (server-sent events, read with
 * fetch so that the token travels in the Authorization header, never in a URL) says when it changed. The token is
 * entered once and kept in this tab's session storage.
 */
'use strict';
(function () {
  const KEY = 'metasched.token';
  const ROW_PX = 22; // height of a node's row when the chart shows every node
  const MAX_ROWS = 30; // more nodes than this: the chart shows this many and scrolls
  const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7',
    '#9c755f', '#3b6ba5', '#d4a017', '#2f9e7a', '#c0504d', '#8064a2', '#4bacc6', '#f79646', '#6b8e23',
    '#b8860b', '#5f9ea0', '#cd5c5c'];
  const KIND = { busy: 0, reserved: 1, running: 2, anon: 3 };

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
  let zoomed = false; // the chart's window was set once; later updates keep the user's zoom
  let byRow = []; // the chart's items of each node's row
  let drawnRows = null; // [first, last]: the rows whose items the chart holds (many nodes: those in sight and around)
  let nowBase = null; // {time, at}: the clock at the last view and when it was read (the wall clock moves on)
  const $ = (id) => document.getElementById(id);

  function fmt(x) {
    if (x === null || x === undefined || Number.isNaN(x)) return '-';
    if (Math.abs(x) >= 1e6) return x.toExponential(3);
    return (Math.round(x * 100) / 100).toString();
  }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
  }
  function colour(job) {
    let h = 0;
    for (let i = 0; i < job.length; i++) h = (h * 31 + job.charCodeAt(i)) | 0;
    const m = /(\d+)$/.exec(job); // j1, j2, ...: neighbours get different colours
    return PALETTE[(m ? parseInt(m[1], 10) : Math.abs(h)) % PALETTE.length];
  }
  function headers(extra) {
    return Object.assign({ Authorization: 'Bearer ' + token }, extra || {});
  }

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
    nowBase = { time: v.clock.time, at: performance.now() };
    $('who').textContent = v.you.name + ' (' + v.you.role + ')';
    showClock();
    const t1 = performance.now();
    renderGantt(v);
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

  function now() {
    if (!nowBase) return 0;
    if (ms.view.clock.mode === 'wall') return nowBase.time + (performance.now() - nowBase.at) / 1000;
    return nowBase.time;
  }

  function showClock() {
    const v = ms.view;
    $('clock').textContent = (v.clock.mode === 'manual' ? 'manual clock ' : 'clock ') + 't = ' + fmt(now());
  }

  function rows(v) {
    const index = new Map();
    v.nodes.forEach((n, i) => index.set(n.id, i));
    return index;
  }

  /** The chart's items: [row, start, end, kind, reservation index (-1 for busy time)]. */
  function items(v, index) {
    const out = [];
    v.nodes.forEach((n, i) => {
      for (const b of n.busy) out.push([i, b[0], b[1], KIND.busy, -1]);
    });
    v.reservations.forEach((r, k) => {
      const kind = r.job === null ? KIND.anon : (r.state === 'running' ? KIND.running : KIND.reserved);
      for (const s of r.slots) {
        const row = index.get(s[0]);
        if (row !== undefined) out.push([row, s[1], s[2], kind, k]);
      }
    });
    return out;
  }

  function extent(v) {
    const t = v.clock.time;
    let hi = t + Math.min(v.horizon, 60), lo = t - Math.min(v.horizon, 60) * 0.1;
    for (const r of v.reservations) { hi = Math.max(hi, r.finish); lo = Math.min(lo, r.start); }
    return { lo, hi, view: [t - (hi - t) * 0.12, hi + (hi - t) * 0.04] };
  }

  function renderItem(params, api) {
    const v = ms.view;
    const row = api.value(0);
    const a = api.coord([api.value(1), row]);
    const b = api.coord([api.value(2), row]);
    const kind = api.value(3);
    const h = api.size([0, 1])[1] * (kind === KIND.busy ? 0.5 : 0.72);
    const cs = params.coordSys;
    const rect = echarts.graphic.clipRectByRect(
      { x: a[0], y: a[1] - h / 2, width: Math.max(b[0] - a[0], 1), height: h },
      { x: cs.x, y: cs.y, width: cs.width, height: cs.height });
    if (!rect) return null;
    if (kind === KIND.busy) {
      return { type: 'rect', shape: rect, style: { fill: '#c3c8cf' } };
    }
    const r = v.reservations[api.value(4)];
    if (kind === KIND.anon) {
      return { type: 'rect', shape: rect, style: { fill: '#8d99a8', stroke: '#fff', lineWidth: 0.5 } };
    }
    const fill = colour(r.job);
    const el = {
      type: 'rect', shape: rect,
      style: kind === KIND.running ? { fill, stroke: '#111', lineWidth: 2 } : { fill, stroke: '#fff', lineWidth: 0.5 },
    };
    if (rect.width > 26 && rect.height > 9) {
      el.textContent = { style: { text: r.job, fill: '#fff', fontSize: Math.min(11, rect.height - 2), overflow: 'truncate', width: rect.width - 4 } };
      el.textConfig = { position: 'inside' };
    }
    return el;
  }

  function tooltip(p) {
    const v = ms.view;
    if (p.seriesId === 'now') return 'now: t = ' + fmt(now());
    const d = p.value;
    const node = v.nodes[d[0]];
    const when = fmt(d[1]) + ' to ' + fmt(d[2]);
    if (d[3] === KIND.busy) return esc(node.id) + ': owner ' + esc(node.owner) + ' busy<br>' + when;
    const r = v.reservations[d[4]];
    if (r.job === null) return esc(node.id) + ': reserved by another user<br>' + when;
    return '<b>' + esc(r.job) + '</b> (' + esc(r.user) + ', ' + esc(r.state) + ') on ' + esc(node.id) + '<br>slot ' + when
      + '<br>window ' + fmt(r.start) + ' to ' + fmt(r.finish) + ', cost ' + fmt(r.cost) + ' of ' + fmt(r.budget)
      + '<br>criterion ' + esc(r.criterion) + ', cycle ' + r.cycle;
  }

  function nowSeries() {
    return {
      id: 'now', type: 'custom', silent: true, z: 10, clip: true,
      data: [[now(), 0]], encode: { x: 0, y: 1 },
      renderItem: (params, api) => {
        const x = api.coord([api.value(0), 0])[0];
        const cs = params.coordSys;
        if (x < cs.x || x > cs.x + cs.width) return null;
        return {
          type: 'group', children: [
            { type: 'line', shape: { x1: x, y1: cs.y, x2: x, y2: cs.y + cs.height }, style: { stroke: '#d62f2f', lineWidth: 2 } },
            { type: 'text', x: x, y: cs.y - 14, style: { text: 'now', fill: '#d62f2f', fontSize: 11, align: 'center' } },
          ],
        };
      },
    };
  }

  /** The rows in sight: the nodes' scroll bar's window (the chart holds only the drawn rows' items: cheap to copy). */
  function rowsInSight() {
    const dz = ms.chart ? (ms.chart.getOption().dataZoom || []).find((z) => z.id === 'yin') : null;
    return dz && dz.startValue !== undefined ? [dz.startValue, dz.endValue] : [0, MAX_ROWS - 1];
  }

  /** The rows whose items the chart gets: all of few nodes; of many, those in sight and as many again around. */
  function rowWindow(v, sight) {
    const n = v.nodes.length;
    if (n <= MAX_ROWS) return [0, n - 1];
    const pad = Math.max(MAX_ROWS, sight[1] - sight[0] + 1);
    return [Math.max(0, Math.floor(sight[0]) - pad), Math.min(n - 1, Math.ceil(sight[1]) + pad)];
  }

  function itemsOf(w) {
    const out = [];
    for (let r = w[0]; r <= w[1]; r++) for (const it of byRow[r] || []) out.push(it);
    return out;
  }

  /** The nodes' scroll bar moved: when rows without items come into sight, give the chart those around them. */
  function onScrollRows() {
    if (!ms.view || ms.view.nodes.length <= MAX_ROWS) return;
    const sight = rowsInSight();
    if (drawnRows && sight[0] >= drawnRows[0] && sight[1] <= drawnRows[1]) return;
    drawnRows = rowWindow(ms.view, sight);
    ms.chart.setOption({ series: [{ id: 'bars', data: itemsOf(drawnRows) }] });
  }

  function renderGantt(v) {
    const el = $('gantt');
    const narrow = window.innerWidth < 600;
    const shown = Math.min(v.nodes.length, MAX_ROWS);
    const height = Math.max(220, Math.min(shown * ROW_PX + 90, window.innerHeight * 0.72));
    if (Math.abs(el.clientHeight - height) > 1) {
      el.style.height = height + 'px';
      if (ms.chart) ms.chart.resize();
    }
    if (!ms.chart) {
      ms.chart = echarts.init(el, null, { renderer: 'canvas' });
      window.addEventListener('resize', () => ms.chart.resize());
      ms.chart.on('datazoom', () => { zoomed = true; onScrollRows(); });
    }
    const index = rows(v);
    ms.items = items(v, index);
    byRow = v.nodes.map(() => []);
    for (const it of ms.items) byRow[it[0]].push(it);
    const e = extent(v);
    const scroll = v.nodes.length > MAX_ROWS;
    const option = {
      animation: false,
      tooltip: { trigger: 'item', confine: true, formatter: tooltip },
      grid: { left: narrow ? 52 : 72, right: scroll ? 34 : 14, top: 18, bottom: narrow ? 58 : 62 },
      xAxis: { type: 'value', min: Math.floor(e.lo), max: Math.ceil(e.hi), scale: true, axisLabel: { formatter: (x) => fmt(x), hideOverlap: true }, splitLine: { lineStyle: { color: '#eef0f3' } } },
      yAxis: {
        type: 'category', inverse: true, data: v.nodes.map((n) => n.id),
        axisLabel: { interval: 0, fontSize: 11, width: narrow ? 46 : 66, overflow: 'truncate' },
        axisTick: { show: false }, splitLine: { show: true, lineStyle: { color: '#f0f2f5' } },
      },
      series: [{
        id: 'bars', type: 'custom', renderItem, encode: { x: [1, 2], y: 0 },
        data: [], progressive: 0, clip: true,
      }, nowSeries()],
    };
    const zooms = [
      { id: 'xin', type: 'inside', xAxisIndex: 0, filterMode: 'weakFilter', zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false, moveOnMouseMove: true, rangeMode: ['value', 'value'] },
      { id: 'xsl', type: 'slider', xAxisIndex: 0, filterMode: 'weakFilter', height: 18, bottom: 8, labelFormatter: (x) => fmt(x), rangeMode: ['value', 'value'] },
      { id: 'yin', type: 'inside', yAxisIndex: 0, filterMode: 'weakFilter', zoomOnMouseWheel: false, moveOnMouseWheel: true, moveOnMouseMove: false, rangeMode: ['value', 'value'] },
    ];
    if (scroll) zooms.push({ id: 'ysl', type: 'slider', yAxisIndex: 0, filterMode: 'weakFilter', width: 14, right: 6, top: 18, bottom: 62, showDetail: false, zoomLock: true, brushSelect: false, rangeMode: ['value', 'value'] });
    if (!zoomed) {
      zooms[0].startValue = zooms[1].startValue = e.view[0];
      zooms[0].endValue = zooms[1].endValue = e.view[1];
      zooms[2].startValue = 0;
      zooms[2].endValue = shown - 1;
      if (scroll) { zooms[3].startValue = 0; zooms[3].endValue = shown - 1; }
    }
    option.dataZoom = zooms;
    drawnRows = rowWindow(v, zoomed ? rowsInSight() : [0, shown - 1]);
    option.series[0].data = itemsOf(drawnRows);
    ms.chart.setOption(option, { replaceMerge: ['series', 'dataZoom'] });
    el.dataset.rows = String(v.nodes.length);
    $('node-count').textContent = v.nodes.length + (v.nodes.length === 1 ? ' node' : ' nodes') + ', '
      + v.reservations.length + (v.reservations.length === 1 ? ' reservation' : ' reservations');
  }

  function zoomBy(f) {
    const c = ms.chart;
    if (!c) return;
    const dz = c.getOption().dataZoom[0];
    const lo = dz.startValue, hi = dz.endValue;
    let mid = (lo + hi) / 2, half = (hi - lo) / 2 * f;
    if (f === 0) { const e = extent(ms.view); mid = (e.view[0] + e.view[1]) / 2; half = (e.view[1] - e.view[0]) / 2; }
    zoomed = true;
    c.dispatchAction({ type: 'dataZoom', dataZoomIndex: 0, startValue: mid - half, endValue: mid + half });
  }
  $('zoom-in').addEventListener('click', () => zoomBy(0.5));
  $('zoom-out').addEventListener('click', () => zoomBy(2));
  $('zoom-now').addEventListener('click', () => zoomBy(0));

  function renderQueue(v) {
    const body = $('queue').tBodies[0];
    const html = [];
    for (const j of v.queue) {
      html.push('<tr data-job="' + esc(j.id) + '"><td>' + esc(j.id) + '</td><td>' + esc(j.user) + '</td><td class="num">'
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
          + fmt(a.processorTime) + '</td><td class="slots">' + a.slots.map((s) => esc(s.node) + ' ' + fmt(s.start) + '–' + fmt(s.end)).join(', ')
          + '</td></tr>');
      });
      out.push('</tbody></table>');
    }
    body.innerHTML = out.join('');
  }

  // under the wall clock the now-line and the clock move on their own
  setInterval(() => {
    if (!ms.view || ms.view.clock.mode !== 'wall') return;
    showClock();
    if (ms.chart) ms.chart.setOption({ series: [{ id: 'now', data: [[now(), 0]] }] });
  }, 2000);

  if (token) start(); else showLogin('');
})();
