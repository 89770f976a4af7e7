/*
 * The Gantt charts of the metasched report: draws one Gantt container (data-gantt="i") from its part of the JSON
 * data block, with the search box that finds a job. Inlined in the page's script element before report.js, which
 * calls it with its own esc() (all caller text that goes into HTML passes through it), fmt() and axisOrigin().
 */
(function () {
  'use strict';

  window.metaschedRenderGantt = function (el, g, finder, esc, fmt, axisOrigin) {
    var bars = g.bars, jobs = g.jobs, colors = g.colors, rows = g.rows;
    var nJobs = jobs.length, nRows = rows.length;
    var jobBars = new Array(nJobs), jobStart = new Array(nJobs), jobEnd = new Array(nJobs);
    var tMin = Infinity, tMax = -Infinity, i, j, b;
    for (j = 0; j < nJobs; j++) { jobBars[j] = []; jobStart[j] = Infinity; jobEnd[j] = -Infinity; }
    for (i = 0; i < bars.length; i++) {
      b = bars[i]; j = b[4];
      jobBars[j].push(i);
      if (b[0] < jobStart[j]) { jobStart[j] = b[0]; }
      if (b[1] > jobEnd[j]) { jobEnd[j] = b[1]; }
      if (b[0] < tMin) { tMin = b[0]; }
      if (b[1] > tMax) { tMax = b[1]; }
    }
    if (!isFinite(tMin)) { tMin = 0; tMax = 1; }
    if (tMax <= tMin) { tMax = tMin + 1; }
    // the Gantt charts of one figure group share their time axis (issue 22): the report gives it
    if (typeof g.timeMin === 'number' && typeof g.timeMax === 'number') { tMin = g.timeMin; tMax = g.timeMax; }
    // far from 0 (epoch times), the time axis counts from an origin named in its title; the tooltips give each time
    // itself, with as many decimals as the shortest bar needs, so that no bar's start and end read the same
    var origin = axisOrigin(tMin, tMax), o0 = origin ? origin.value : 0;
    var shortest = Infinity;
    for (i = 0; i < bars.length; i++) {
      if (bars[i][1] > bars[i][0] && bars[i][1] - bars[i][0] < shortest) { shortest = bars[i][1] - bars[i][0]; }
    }
    var decimals = isFinite(shortest) ? Math.max(0, Math.min(12, Math.ceil(-Math.log10(shortest)) + 1)) : 3;
    function time(v) { return String(+v.toFixed(decimals)); }
    function axisTime(v) { return fmt(v - o0); }
    var jobByName = {};
    for (j = 0; j < nJobs; j++) { jobByName[jobs[j]] = j; }
    var longest = 1;
    for (i = 0; i < nRows; i++) { longest = Math.max(longest, String(rows[i]).length); }

    function rowsText(from, to) {
      return from === to ? esc(rows[from]) : esc(rows[from]) + ' \u2013 ' + esc(rows[to]) + ' (' + (to - from + 1) + ' rows)';
    }

    function tooltip(p) {
      var v = p.value, job = v[4], out = [];
      out.push('<b>Job ' + esc(jobs[job]) + '</b>');
      out.push('this slot: ' + rowsText(v[2], v[3]) + ', ' + time(v[0]) + ' \u2192 ' + time(v[1]) + ' (' + fmt(v[1] - v[0]) + ')');
      out.push('job: start ' + time(jobStart[job]) + ', end ' + time(jobEnd[job]) + ', duration ' + fmt(jobEnd[job] - jobStart[job]));
      var list = jobBars[job], shown = Math.min(list.length, 8), res = [];
      for (var k = 0; k < shown; k++) {
        var o = bars[list[k]];
        res.push(rowsText(o[2], o[3]) + (o[0] !== v[0] || o[1] !== v[1] ? ' [' + time(o[0]) + '\u2192' + time(o[1]) + ']' : ''));
      }
      out.push('resources (' + list.length + ' slot' + (list.length === 1 ? '' : 's') + '): ' + res.join(', ')
        + (list.length > shown ? ', \u2026 ' + (list.length - shown) + ' more' : ''));
      var f = g.fields[job];
      if (f) {
        for (var key in f) {
          if (Object.prototype.hasOwnProperty.call(f, key)) {
            out.push(esc(key) + ': ' + (typeof f[key] === 'number' ? fmt(f[key]) : esc(f[key])));
          }
        }
      }
      return out.join('<br>');
    }

    function renderItem(params, api) {
      var rf = api.value(2), rt = api.value(3);
      var p0 = api.coord([api.value(0), rf]);
      var p1 = api.coord([api.value(1), rt]);
      var band = api.size([0, 1])[1];
      var pad = band > 6 ? band * 0.12 : 0;
      var shape = echarts.graphic.clipRectByRect({
        x: p0[0], y: Math.min(p0[1], p1[1]) - band / 2 + pad,
        width: Math.max(p1[0] - p0[0], 1), height: Math.abs(p1[1] - p0[1]) + band - 2 * pad
      }, { x: params.coordSys.x, y: params.coordSys.y, width: params.coordSys.width, height: params.coordSys.height });
      if (!shape) { return null; }
      var thin = shape.width < 4 || shape.height < 4;
      return {
        type: 'rect', shape: shape, transition: [],
        style: { fill: colors[api.value(4)], stroke: thin ? null : 'rgba(0,0,0,0.35)', lineWidth: thin ? 0 : 0.6 }
      };
    }

    var labelWidth = Math.min(220, 16 + 7 * longest);
    var plotHeight = Math.max(50, el.clientHeight - 34 - 78);

    // Show every k-th row label so that labels never overlap (ECharts' own estimate lets
    // 12px labels collide when a row is only a few pixels high).
    function labelInterval(fromRow, toRow) {
      var band = plotHeight / Math.max(1, toRow - fromRow + 1);
      return Math.max(0, Math.ceil(15 / band) - 1);
    }
    var currentInterval = labelInterval(0, nRows - 1);

    function updateLabels() {
      // (getOption() would deep-copy all bars; the axis scale has the visible row range)
      var extent = chart.getModel().getComponent('yAxis', 0).axis.scale.getExtent();
      var k = labelInterval(extent[0], extent[1]);
      if (k !== currentInterval) {
        currentInterval = k;
        chart.setOption({ yAxis: { axisLabel: { interval: k } } });
      }
    }
    var chart = echarts.init(el, null, { renderer: 'canvas' });
    // labels at round times only: the first one at the axis' start only when that start is 0 (issue 22)
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'item', confine: true, formatter: tooltip, extraCssText: 'max-width: 520px; white-space: normal;' },
      toolbox: { right: 40, top: 2, feature: { restore: {}, saveAsImage: { name: g.id, pixelRatio: 2 } } },
      grid: { left: labelWidth, right: 48, top: 34, bottom: 78 },
      xAxis: { type: 'value', min: tMin, max: tMax, name: origin ? g.timeTitle + ' from ' + origin.text : g.timeTitle,
               nameLocation: 'middle', nameGap: 26, splitLine: { lineStyle: { color: '#eceff2' } },
               axisLabel: { formatter: axisTime, hideOverlap: true, showMinLabel: tMin === o0, showMaxLabel: false } },
      yAxis: { type: 'category', data: rows, inverse: true, axisTick: { show: nRows <= 60 },
               axisLabel: { width: labelWidth - 12, overflow: 'truncate', interval: labelInterval(0, nRows - 1) },
               splitLine: { show: nRows <= 60, lineStyle: { color: '#f0f2f4' } } },
      dataZoom: [
        { type: 'slider', xAxisIndex: 0, filterMode: 'weakFilter', height: 16, bottom: 10, labelFormatter: axisTime },
        { type: 'inside', xAxisIndex: 0, filterMode: 'weakFilter', zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false },
        { type: 'slider', yAxisIndex: 0, filterMode: 'weakFilter', width: 14, right: 10, showDetail: false },
        { type: 'inside', yAxisIndex: 0, filterMode: 'weakFilter', zoomOnMouseWheel: 'shift', moveOnMouseWheel: false }
      ],
      series: [{
        type: 'custom', name: g.title, renderItem: renderItem,
        dimensions: ['start', 'end', 'rowFrom', 'rowTo', 'job'],
        encode: { x: [0, 1], y: [2, 3] },
        data: bars,
        emphasis: { disabled: true }, // our own highlight (below) replaces per-bar emphasis
        // One pass, no progressive rendering: with ECharts 5.3.1 the custom series in progressive
        // mode never finished drawing ~100k bars in headless Chromium, while one pass took ~7 s.
        progressive: 0,
        animation: false
      }]
    });

    // Highlighting: a translucent veil over the plot and the focused job's bars redrawn above
    // it, drawn straight into zrender on its own canvas layer (zlevel 1), so hovering neither
    // re-renders nor repaints the (possibly 100k) bars below.
    var zr = chart.getZr(), overlay = null, focusJob = -1, pinned = false;

    function gridRect() {
      var grid = chart.getModel().getComponent('grid', 0);
      return grid.coordinateSystem.getRect();
    }

    function drawFocus() {
      if (overlay) { zr.remove(overlay); overlay = null; }
      if (focusJob < 0) { return; }
      var r = gridRect(), k, o;
      var y0 = chart.convertToPixel({ yAxisIndex: 0 }, 0);
      var band = nRows > 1 ? Math.abs(chart.convertToPixel({ yAxisIndex: 0 }, 1) - y0) : r.height;
      var pad = band > 6 ? band * 0.12 : 0;
      overlay = new echarts.graphic.Group({ silent: true });
      overlay.add(new echarts.graphic.Rect({ shape: { x: r.x, y: r.y, width: r.width, height: r.height },
        style: { fill: 'rgba(255,255,255,0.72)' }, silent: true, zlevel: 1, z: 1000 }));
      var list = jobBars[focusJob];
      for (k = 0; k < list.length; k++) {
        o = bars[list[k]];
        var xa = chart.convertToPixel({ xAxisIndex: 0 }, o[0]);
        var xb = chart.convertToPixel({ xAxisIndex: 0 }, o[1]);
        var ya = chart.convertToPixel({ yAxisIndex: 0 }, o[2]);
        var yb = chart.convertToPixel({ yAxisIndex: 0 }, o[3]);
        var shape = echarts.graphic.clipRectByRect({
          x: xa, y: Math.min(ya, yb) - band / 2 + pad, width: Math.max(xb - xa, 2), height: Math.abs(yb - ya) + band - 2 * pad
        }, r);
        if (shape) {
          overlay.add(new echarts.graphic.Rect({ shape: shape, silent: true, zlevel: 1, z: 1001,
            style: { fill: colors[focusJob], stroke: '#111', lineWidth: 1.5 } }));
        }
      }
      zr.add(overlay);
    }

    function setFocus(job) {
      if (job === focusJob) { return; }
      focusJob = job;
      drawFocus();
    }

    chart.on('mouseover', { seriesIndex: 0 }, function (p) { if (!pinned) { setFocus(p.value[4]); } });
    chart.on('mouseout', { seriesIndex: 0 }, function () { if (!pinned) { setFocus(-1); } });
    chart.on('click', { seriesIndex: 0 }, function (p) {
      var job = p.value[4];
      if (pinned && focusJob === job) { pinned = false; setFocus(-1); } else { pinned = true; setFocus(job); }
    });
    zr.on('click', function (e) { if (!e.target && pinned) { pinned = false; setFocus(-1); } });
    chart.on('datazoom', function () { setTimeout(function () { updateLabels(); drawFocus(); }, 0); });
    chart.on('restore', function () { setTimeout(drawFocus, 0); });
    // resize here (not only in the page-wide handler) so the overlay is redrawn in the same task
    // and never lags behind the bars
    window.addEventListener('resize', function () { chart.resize(); drawFocus(); });

    // "Find job": pin the job and zoom to it.
    if (finder) {
      var result = document.querySelector('[data-find-result="' + finder.getAttribute('data-find') + '"]');
      finder.addEventListener('keydown', function (e) {
        if (e.key !== 'Enter') { return; }
        var name = finder.value.trim();
        var job = Object.prototype.hasOwnProperty.call(jobByName, name) ? jobByName[name] : -1;
        if (job < 0) {
          result.textContent = name === '' ? '' : 'no job "' + name + '" in this chart'
            + (g.totalJobs > nJobs ? ' (only the first ' + nJobs + ' of ' + g.totalJobs + ' jobs are shown)' : '');
          pinned = false; setFocus(-1);
          return;
        }
        result.textContent = '';
        var lo = Infinity, hi = -Infinity, list = jobBars[job];
        for (var k = 0; k < list.length; k++) { lo = Math.min(lo, bars[list[k]][2]); hi = Math.max(hi, bars[list[k]][3]); }
        var span = Math.max(jobEnd[job] - jobStart[job], (tMax - tMin) / 200);
        chart.dispatchAction({ type: 'dataZoom', dataZoomIndex: 0,
          startValue: Math.max(tMin, jobStart[job] - span), endValue: Math.min(tMax, jobEnd[job] + span) });
        chart.dispatchAction({ type: 'dataZoom', dataZoomIndex: 2,
          startValue: Math.max(0, lo - 5), endValue: Math.min(nRows - 1, hi + 5) });
        pinned = true; focusJob = -1; setFocus(job);
        // the tooltip goes to the plot's top-left corner, clear of the zoomed-to job in the middle
        var r = gridRect();
        chart.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex: list[0], position: [r.x + 6, r.y + 6] });
      });
      // report.html#job=<id> opens with that job found, pinned and zoomed to
      var m = /^#job=(.*)$/.exec(window.location.hash);
      if (m && finder.getAttribute('data-find') === '0') {
        finder.value = decodeURIComponent(m[1]);
        el.parentNode.scrollIntoView();
        setTimeout(function () {
          finder.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
        }, 0);
      }
    }
  };
}());
