/*
 * Page script of the metasched report: reads the JSON data block (#report-data) and draws every
 * chart container (data-chart="i") and Gantt container (data-gantt="i") with ECharts.
 * All caller text that goes into HTML (tooltips) passes through esc().
 */
(function () {
  'use strict';

  function showError(message) {
    var box = document.createElement('pre');
    box.className = 'error';
    box.textContent = 'Report script error: ' + message;
    document.body.insertBefore(box, document.body.firstChild);
  }
  window.addEventListener('error', function (e) { showError(e.message); });

  if (typeof echarts === 'undefined') {
    showError('the inlined ECharts library did not load');
    return;
  }

  var data = JSON.parse(document.getElementById('report-data').textContent);
  var instances = [];

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  // whole numbers in full (a submit time of 1700000000316932 s is not 1.700e+15, which every job would share)
  function fmt(v) {
    if (typeof v !== 'number' || !isFinite(v)) { return String(v); }
    var a = Math.abs(v);
    if (a !== 0 && (a >= 1e21 || a < 1e-3)) { return v.toExponential(3); }
    if (Number.isInteger(v)) { return String(v); }
    return String(+v.toFixed(a >= 1000 ? 1 : 3));
  }

  // A time axis far from 0 for its span (a trace at epoch times, 1.7e15 s = 19,675,925,926 days, over 50 days) is
  // labelled from an origin: the data's first value rounded down to a power of ten no larger than the span, named
  // once in the axis title ("from 19,675,925,920"), so the labels stay short and distinct. Null for an axis near 0.
  function axisOrigin(lo, hi) {
    var span = hi - lo;
    if (!(span > 0) || !(Math.abs(lo) >= 1e4) || Math.abs(lo) <= 100 * span) { return null; }
    var e = Math.floor(Math.log10(span)), unit = Math.pow(10, e);
    var o = Math.floor(lo / unit) * unit;
    return { value: o, text: e < 0 ? o.toFixed(-e) : Math.round(o).toLocaleString('en-US') };
  }

  // ---------------------------------------------------------------- line, scatter, bar charts
  var PALETTE = ['#2f6db5', '#d9622b', '#3a9a4b', '#8e44ad', '#c0392b', '#16a2a8', '#b7950b', '#6c7a89', '#e67e9f', '#2c3e50'];
  var measure = document.createElement('canvas').getContext('2d');

  function textWidth(s) {
    measure.font = '12px sans-serif';
    return measure.measureText(String(s)).width;
  }

  // Error bars of a series with intervals (issue 22: a mean over replications with its 95 % interval): a custom
  // series of the same name and colour, so the legend shows and hides both together. Over categories the bars of
  // series i of n stand where ECharts puts that series' bar (barGap 30 %, barCategoryGap 20 %, barMaxWidth 48).
  function errorBars(s, i, n, category) {
    var d = [];
    s.data.forEach(function (p, k) {
      if (p[1] !== null && s.low[k] !== null && s.high[k] !== null) { d.push([p[0], s.low[k], s.high[k]]); }
    });
    return {
      type: 'custom', name: s.name, data: d, z: 3, silent: true, tooltip: { show: false },
      itemStyle: { color: PALETTE[i % PALETTE.length] },
      encode: { x: 0, y: [1, 2] },
      renderItem: function (params, api) {
        var lo = api.coord([api.value(0), api.value(1)]), hi = api.coord([api.value(0), api.value(2)]);
        var x = lo[0], w = 5;
        if (category) {
          var band = api.size([1, 0])[0] * 0.8;
          var bar = Math.min(48, band / (n + (n - 1) * 0.3));
          var group = bar * (n + (n - 1) * 0.3);
          x += -group / 2 + i * bar * 1.3 + bar / 2;
          w = Math.min(6, bar / 3);
        }
        var style = { stroke: api.visual('color'), lineWidth: 1.4, fill: null };
        return { type: 'group', children: [
          { type: 'line', shape: { x1: x, y1: lo[1], x2: x, y2: hi[1] }, style: style },
          { type: 'line', shape: { x1: x - w, y1: lo[1], x2: x + w, y2: lo[1] }, style: style },
          { type: 'line', shape: { x1: x - w, y1: hi[1], x2: x + w, y2: hi[1] }, style: style }
        ] };
      }
    };
  }

  // axis labels: large whole numbers with thousands separators (10,000,000 reads, 10000000 does not)
  function axisFmt(v) {
    return typeof v === 'number' && Number.isInteger(v) && Math.abs(v) >= 1e4 && Math.abs(v) < 1e15
      ? v.toLocaleString('en-US') : fmt(v);
  }

  function chartOption(c, el) {
    var category = c.kind === 'BAR';
    var panel = el.hasAttribute('data-figure');
    // a histogram's bars stand at bin centres: the tooltip names the bin's edges
    var binWidth = c.kind === 'HISTOGRAM' && c.series[0].data.length > 1
      ? c.series[0].data[1][0] - c.series[0].data[0][0] : 0;
    // every category keeps its label: labels that do not fit side by side are turned, never hidden
    var band = (el.clientWidth - 80) / Math.max(1, c.categories.length);
    var widest = 0;
    if (category) { c.categories.forEach(function (n) { widest = Math.max(widest, textWidth(n)); }); }
    var rotated = category && widest > band - 8;
    // a turned label reaches left and down by its width: room for the first one on the left, for the widest below
    var cos = Math.cos(40 * Math.PI / 180), sin = Math.sin(40 * Math.PI / 180);
    var leftRoom = rotated ? Math.max(24, textWidth(c.categories[0]) * cos - band / 2 + 16) : 24;
    var bottomRoom = rotated ? Math.ceil(widest * sin + 40) : 40;
    var bars = category || c.kind === 'HISTOGRAM';
    var points = 0;
    var intervals = [];
    // lines that overlap stay apart: each series of a line chart has its own marker and dash (issue 22)
    var marks = ['circle', 'rect', 'triangle', 'diamond', 'emptyCircle', 'emptyRect'];
    var dashes = ['solid', 'dashed', 'dotted'];
    var series = c.series.map(function (s, i) {
      points += s.data.length;
      var o = { name: s.name, data: s.data, emphasis: { focus: 'series' } };
      if (c.kind === 'SCATTER') {
        o.type = 'scatter';
        o.symbolSize = s.data.length > 2000 ? 3 : 6;
        o.large = s.data.length > 2000;
      } else if (bars) {
        o.type = 'bar';
        o.barMaxWidth = 48;
        o.barGap = '30%';
        o.barCategoryGap = '20%';
        if (c.kind === 'HISTOGRAM') { o.barGap = '0%'; o.barCategoryGap = '6%'; }
      } else {
        o.type = 'line';
        o.showSymbol = s.data.length <= 50;
        o.symbolSize = 5;
        if (c.series.length > 1) {
          o.symbol = marks[i % marks.length];
          o.symbolSize = 7;
          o.lineStyle = { type: dashes[i % dashes.length] };
        }
        o.connectNulls = false;
        if (c.kind === 'STEP') { o.step = 'end'; }
        if (s.data.length > 2000) { o.sampling = 'lttb'; }
      }
      if (s.low) { intervals.push(errorBars(s, i, c.series.length, category)); }
      return o;
    });
    // the x axis' origin (axisOrigin): labels and the zoom slider count from it, tooltips give the value itself too
    var lo = Infinity, hi = -Infinity;
    if (!category && !c.logX) {
      c.series.forEach(function (s) {
        s.data.forEach(function (p) { if (p[0] < lo) { lo = p[0]; } if (p[0] > hi) { hi = p[0]; } });
      });
    }
    var origin = isFinite(lo) ? axisOrigin(lo, hi) : null;
    var o0 = origin ? origin.value : 0;
    var xName = origin ? c.xTitle + ' from ' + origin.text : c.xTitle;
    // room on the right for half the last x label, which is centred on the axis' end (21,000,000,000 would be cut)
    var right = isFinite(hi) ? Math.max(36, Math.ceil(textWidth(axisFmt(hi - o0)) / 2) + 12) : 36;
    function xFmt(v) { return origin ? fmt(v - o0) + ' (' + fmt(v) + ')' : fmt(v); }
    function interval(p) {
      var s = c.series[p.seriesIndex];
      if (!s || !s.low || s.low[p.dataIndex] === null || s.low[p.dataIndex] === undefined) { return ''; }
      return ' (' + fmt(s.low[p.dataIndex]) + ' to ' + fmt(s.high[p.dataIndex]) + ')';
    }
    var option = {
      animation: points < 5000,
      color: PALETTE,
      // the legend keeps clear of the toolbox on the right
      legend: { type: 'scroll', top: 4, left: 8, right: panel ? 72 : 130 },
      tooltip: c.kind === 'SCATTER'
        ? { trigger: 'item', formatter: function (p) {
            return esc(p.seriesName) + '<br>' + esc(xName) + ': ' + xFmt(p.value[0]) + '<br>' + esc(c.yTitle) + ': ' + fmt(p.value[1]);
          } }
        : { trigger: 'axis', confine: true, formatter: function (ps) {
            ps = ps.filter(function (p) { return p.seriesType !== 'custom'; });
            if (ps.length === 0) { return ''; }
            var x = ps[0].value[0];
            var lines = [esc(xName || 'x') + ': ' + (category ? esc(c.categories[x])
              : binWidth > 0 ? xFmt(x - binWidth / 2) + ' to ' + xFmt(x + binWidth / 2) : xFmt(x))];
            ps.forEach(function (p) {
              lines.push(p.marker + esc(p.seriesName) + ': <b>' + fmt(p.value[1]) + '</b>' + interval(p));
            });
            return lines.join('<br>');
          } },
      toolbox: { right: 12, top: 0, feature: panel ? { restore: {}, saveAsImage: { name: c.id } }
        : { dataZoom: { yAxisIndex: 'none' }, restore: {}, saveAsImage: { name: c.id } } },
      grid: { left: leftRoom, right: right, top: 56, bottom: category ? bottomRoom : panel ? 36 : 64, containLabel: true },
      xAxis: category
        ? { type: 'category', data: c.categories, name: c.xTitle, nameLocation: 'middle', nameGap: bottomRoom - 10,
            axisLabel: { interval: 0, hideOverlap: false, rotate: rotated ? 40 : 0 } }
        : { type: c.logX ? 'log' : 'value', name: xName, nameLocation: 'middle', nameGap: 28,
            scale: c.kind !== 'HISTOGRAM' && !c.logX,
            axisLabel: { formatter: origin ? function (v) { return axisFmt(v - o0); } : axisFmt, hideOverlap: true } },
      yAxis: { type: c.logY ? 'log' : 'value', name: c.yTitle, nameLocation: 'end', nameGap: 12,
               // a name longer than the chart is wide is cut with an ellipsis rather than run off its edge
               nameTextStyle: { align: 'left', width: Math.max(60, el.clientWidth - leftRoom - 110), overflow: 'truncate' },
               axisLabel: { formatter: axisFmt } },
      series: series.concat(intervals)
    };
    if (!category) {
      option.dataZoom = [
        { type: 'inside', xAxisIndex: 0, filterMode: 'none', zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false }
      ];
      if (!panel) { // a panel's few points need no slider
        option.dataZoom.push({ type: 'slider', xAxisIndex: 0, filterMode: 'none', height: 16, bottom: 6,
          labelFormatter: function (v) { return fmt(v - o0); } });
      }
    }
    return option;
  }

  function renderChart(el, c) {
    var chart = echarts.init(el, null, { renderer: 'canvas' });
    chart.setOption(chartOption(c, el));
    var figure = el.getAttribute('data-figure');
    if (figure) {
      // the panels of one figure share their legend: hiding a series in one hides it in all
      chart.group = 'figure-' + figure;
      echarts.connect(chart.group);
    }
    instances.push(chart);
  }

  // ---------------------------------------------------------------- Gantt chart (report-gantt.js)
  function renderGantt(el, g, finder) {
    window.metaschedRenderGantt(el, g, finder, esc, fmt, axisOrigin);
  }

  var chartEls = document.querySelectorAll('[data-chart]');
  for (var i = 0; i < chartEls.length; i++) {
    renderChart(chartEls[i], data.charts[+chartEls[i].getAttribute('data-chart')]);
  }
  var ganttEls = document.querySelectorAll('[data-gantt]');
  for (var k = 0; k < ganttEls.length; k++) {
    var index = ganttEls[k].getAttribute('data-gantt');
    renderGantt(ganttEls[k], data.gantts[+index], document.querySelector('[data-find="' + index + '"]'));
  }
  window.addEventListener('resize', function () {
    instances.forEach(function (c) { c.resize(); });
  });
}());
