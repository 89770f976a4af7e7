// ReportBrowserIT: every text that ECharts drew in a report's charts and Gantt charts, checked against its chart's
// box. Returns {charts, texts, problems}: problems lists each chart without a drawing and each text that reaches
// outside its chart (what a reader sees clipped at the edge), with the text and its box in chart pixels.
// The texts are zrender's drawn text spans (axis labels, axis names, legends, titles); a text inside a clip
// (a scrolled legend, a zoomed axis) counts only with its visible part.
return (function () {
  var problems = [], texts = 0;
  var els = document.querySelectorAll('[data-chart],[data-gantt]');
  function rectOf(d) {
    var r = d.getBoundingRect().clone();
    if (d.transform) { r.applyTransform(d.transform); }
    return r;
  }
  for (var i = 0; i < els.length; i++) {
    var el = els[i];
    var where = (el.closest('[id^="section-"]') || el).id || ('chart ' + i);
    var inst = echarts.getInstanceByDom(el);
    if (!inst) { problems.push(where + ': nothing drawn'); continue; }
    var w = el.clientWidth, h = el.clientHeight;
    var list = inst.getZr().storage.getDisplayList(true);
    for (var k = 0; k < list.length; k++) {
      var d = list[k];
      if (d.type !== 'tspan' || d.invisible || !d.style || d.style.opacity === 0) { continue; }
      var text = d.style.text == null ? '' : String(d.style.text);
      if (!text.trim()) { continue; }
      texts++;
      var r = rectOf(d);
      var x0 = r.x, y0 = r.y, x1 = r.x + r.width, y1 = r.y + r.height;
      var clips = d.__clipPaths || [];
      for (var c = 0; c < clips.length; c++) {
        var cr = rectOf(clips[c]);
        x0 = Math.max(x0, cr.x); y0 = Math.max(y0, cr.y);
        x1 = Math.min(x1, cr.x + cr.width); y1 = Math.min(y1, cr.y + cr.height);
      }
      if (x1 <= x0 || y1 <= y0) { continue; } // clipped away entirely: not shown
      if (x0 < -0.5 || y0 < -0.5 || x1 > w + 0.5 || y1 > h + 0.5) {
        problems.push(where + ': "' + text + '" at [' + Math.round(x0) + ', ' + Math.round(y0) + '] to ['
          + Math.round(x1) + ', ' + Math.round(y1) + '] reaches outside its chart of ' + w + ' x ' + h + ' px');
      }
    }
  }
  return { charts: els.length, texts: texts, problems: problems };
}());
