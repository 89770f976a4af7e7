/*
 * The live view's Gantt chart of the nodes (metasched serve): reservations, owners' busy time and the now-line, drawn
 * with ECharts from the view that app.js holds in window.metasched. Loaded before app.js, which makes one with
 * window.metaschedGantt(ms, $, fmt, esc) and calls its render, zoomBy, now and setClock.
 */
'use strict';
window.metaschedGantt = function (ms, $, fmt, esc) {
  const ROW_PX = 22; // height of a node's row when the chart shows every node
  const MAX_ROWS = 30; // more nodes than this: the chart shows this many and scrolls
  const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7',
    '#9c755f', '#3b6ba5', '#d4a017', '#2f9e7a', '#c0504d', '#8064a2', '#4bacc6', '#f79646', '#6b8e23',
    '#b8860b', '#5f9ea0', '#cd5c5c'];
  const KIND = { busy: 0, reserved: 1, running: 2, anon: 3 };

  let zoomed = false; // the chart's window was set once; later updates keep the user's zoom
  let byRow = []; // the chart's items of each node's row
  let drawnRows = null; // [first, last]: the rows whose items the chart holds (many nodes: those in sight and around)
  let nowBase = null; // {time, at}: the clock at the last view and when it was read (the wall clock moves on)

  function colour(job) {
    let h = 0;
    for (let i = 0; i < job.length; i++) h = (h * 31 + job.charCodeAt(i)) | 0;
    const m = /(\d+)$/.exec(job); // j1, j2, ...: neighbours get different colours
    return PALETTE[(m ? parseInt(m[1], 10) : Math.abs(h)) % PALETTE.length];
  }

  /** The clock of view v, read now (under the wall clock the time moves on from it). */
  function setClock(v) {
    nowBase = { time: v.clock.time, at: performance.now() };
  }

  function now() {
    if (!nowBase) return 0;
    if (ms.view.clock.mode === 'wall') return nowBase.time + (performance.now() - nowBase.at) / 1000;
    return nowBase.time;
  }

  // the nodes' names: as wide as the longest needs, up to a share of the chart. Names too long for it lose what they
  // all share at their start and end (node-eu-west-1-rack-00-blade-000.hpc.example.org and its neighbours as
  // …00-blade-000…: the part that tells them apart), and then, or a single one, its middle; the full name is in a
  // bar's tooltip
  const LABEL_FONT = '11px sans-serif';
  let measure = null;
  const fitted = new Map();
  let shared = { head: 0, tail: 0 }; // the lengths of the start and end every name too long shares

  /** What every name too long for px shares at its start and end, cut at a separator (-, ., _, /, :). */
  function sharedParts(ids, px) {
    const long = ids.filter((s) => textWidth(s) > px);
    if (long.length < 2) return { head: 0, tail: 0 };
    let head = long[0].length, tail = long[0].length;
    for (const s of long) {
      let i = 0;
      while (i < head && i < s.length && s[i] === long[0][i]) i++;
      head = i;
      let j = 0;
      while (j < tail && j < s.length && s[s.length - 1 - j] === long[0][long[0].length - 1 - j]) j++;
      tail = j;
    }
    const sep = /[-._/:]/;
    while (head > 0 && !sep.test(long[0][head - 1])) head--; // keep whole words: rack-0|0 becomes rack-|00
    while (tail > 0 && !sep.test(long[0][long[0].length - tail])) tail--;
    const shortest = Math.min(...long.map((s) => s.length));
    if (head + tail >= shortest) return { head: 0, tail: 0 }; // one name is the others' start or end: keep it whole
    return { head, tail };
  }
  function textWidth(s) {
    if (!measure) { measure = document.createElement('canvas').getContext('2d'); measure.font = LABEL_FONT; }
    return measure.measureText(s).width;
  }
  function fitLabel(s, px) {
    const key = px + ' ' + s;
    let out = fitted.get(key);
    if (out !== undefined) return out;
    out = s;
    if (textWidth(s) > px) {
      const h = shared.head, t = shared.tail;
      const mid = s.slice(h, s.length - t);
      const pre = h ? '\u2026' : '', post = t ? '\u2026' : '';
      let k = mid.length;
      const cut = (n) => pre + (n === mid.length ? mid
        : mid.slice(0, Math.ceil(n / 2)) + '\u2026' + mid.slice(mid.length - Math.floor(n / 2))) + post;
      while (k > 2 && textWidth(cut(k)) > px) k--;
      out = cut(k);
    }
    if (fitted.size > 5000) fitted.clear();
    fitted.set(key, out);
    return out;
  }
  function labelWidth(v, narrow) {
    let w = 0;
    for (const n of v.nodes) w = Math.max(w, textWidth(n.id));
    const cap = narrow ? Math.min(110, window.innerWidth * 0.3) : Math.min(260, window.innerWidth * 0.22);
    return Math.max(narrow ? 44 : 64, Math.min(Math.ceil(w), cap));
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
    const labelPx = labelWidth(v, narrow);
    const sh = sharedParts(v.nodes.map((n) => n.id), labelPx);
    if (sh.head !== shared.head || sh.tail !== shared.tail) { shared = sh; fitted.clear(); }
    const option = {
      animation: false,
      tooltip: { trigger: 'item', confine: true, formatter: tooltip },
      grid: { left: labelPx + 8, right: scroll ? 34 : 14, top: 18, bottom: narrow ? 58 : 62 },
      // the window's ends are not round numbers: their labels would overlap the ticks' next to them
      xAxis: { type: 'value', min: Math.floor(e.lo), max: Math.ceil(e.hi), scale: true, splitNumber: narrow ? 3 : 5,
        axisLabel: { formatter: (x) => fmt(x), hideOverlap: true, showMinLabel: false, showMaxLabel: false }, splitLine: { lineStyle: { color: '#eef0f3' } } },
      yAxis: {
        type: 'category', inverse: true, data: v.nodes.map((n) => n.id),
        axisLabel: { interval: 0, fontSize: 11, formatter: (id) => fitLabel(id, labelPx) },
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

  return { render: renderGantt, zoomBy, now, setClock };
};
