// The dashboard's live charts: reads /dashboard/series.json every two seconds and draws inline
// SVG. No library and nothing from elsewhere (the page's Content-Security-Policy allows only this
// site's scripts). The data comes from Micrometer meters: cache.gets per operation (sampled once a
// second on the server, five minutes kept) and the portal's timer portal.calls{result}.
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var COLORS = ['#1f77b4', '#2ca02c', '#d62728', '#9467bd'];
  var HIT = '#2ca02c';
  var MISS = '#ff7f0e';
  var WINDOW_MS = 5 * 60 * 1000;
  var MIN_SPAN_MS = 20 * 1000;
  var DASHES = ['', '7 4', '2 3', '10 3 2 3'];
  // two operations with the same numbers draw the same line: each has its own dash and its own
  // marker shape, placed at samples of its own, so that the one drawn last never hides the other
  var SHAPES = ['circle', 'square', 'triangle', 'diamond'];
  var MARKERS_PER_LINE = 8;
  var M = { left: 52, right: 12, top: 12, bottom: 30 };

  function el(parent, name, attrs, text) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    parent.appendChild(e);
    return e;
  }

  function clear(svg) {
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
  }

  function niceMax(v) {
    if (!(v > 0)) { return 1; }
    var p = Math.pow(10, Math.floor(Math.log10(v)));
    var steps = [1, 2, 5, 10];
    for (var i = 0; i < steps.length; i++) {
      if (v <= steps[i] * p) { return steps[i] * p; }
    }
    return 10 * p;
  }

  // thousands with commas whatever the browser's locale
  function count(n) {
    return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }

  function fmt(v) {
    if (v >= 1000) { return count(v); }
    if (v >= 10) { return v.toFixed(0); }
    if (v >= 1) { return v.toFixed(1); }
    return v === 0 ? '0' : v.toFixed(2);
  }

  function frame(svg, yMax, yLabel) {
    var w = +svg.getAttribute('width');
    var h = +svg.getAttribute('height');
    var pw = w - M.left - M.right;
    var ph = h - M.top - M.bottom;
    for (var i = 0; i <= 5; i++) {
      var y = M.top + ph - ph * i / 5;
      el(svg, 'line', { x1: M.left, x2: M.left + pw, y1: y, y2: y,
        stroke: i === 0 ? '#999' : '#e3e3e3' });
      el(svg, 'text', { x: M.left - 6, y: y + 4, 'text-anchor': 'end', 'font-size': 11,
        fill: '#444' }, yLabel(yMax * i / 5));
    }
    return { w: pw, h: ph };
  }

  // the x axis spans the samples there are, from 20 seconds up to the five minutes kept
  function span(t, now) {
    return t.length ? Math.min(WINDOW_MS, Math.max(MIN_SPAN_MS, now - t[0])) : MIN_SPAN_MS;
  }

  function timeAxis(svg, f, spanMs) {
    for (var i = 0; i <= 5; i++) {
      var ago = spanMs * (5 - i) / 5 / 1000;
      var label = i === 5 ? 'now' : ago >= 60 ? '-' + fmt(ago / 60) + ' min'
        : '-' + Math.round(ago) + ' s';
      el(svg, 'text', { x: M.left + f.w * i / 5, y: M.top + f.h + 18, 'text-anchor': 'middle',
        'font-size': 11, fill: '#444' }, label);
    }
  }

  // one line per operation; null values leave a gap
  function lines(svg, t, now, series, yMax, yLabel) {
    clear(svg);
    var f = frame(svg, yMax, yLabel);
    var spanMs = span(t, now);
    timeAxis(svg, f, spanMs);
    series.forEach(function (s, n) {
      var d = '';
      var pen = false;
      for (var i = 0; i < t.length; i++) {
        var v = s.values[i];
        if (v === null || v === undefined) { pen = false; continue; }
        var x = M.left + f.w * (1 - (now - t[i]) / spanMs);
        if (x < M.left) { continue; }
        var y = M.top + f.h - f.h * Math.min(v, yMax) / yMax;
        d += (pen ? 'L' : 'M') + x.toFixed(1) + ' ' + y.toFixed(1);
        pen = true;
      }
      el(svg, 'path', { d: d || 'M0 0', 'class': 'series', 'data-operation': s.name,
        fill: 'none', stroke: COLORS[n % COLORS.length], 'stroke-width': 2,
        'stroke-dasharray': DASHES[n % DASHES.length] });
    });
    // markers: every step-th sample from the newest, each line at its own offset
    var step = Math.max(series.length, Math.round(t.length / MARKERS_PER_LINE));
    var offset = Math.max(1, Math.floor(step / series.length));
    series.forEach(function (s, n) {
      for (var i = t.length - 1 - n * offset; i >= 0; i -= step) {
        var v = s.values[i];
        if (v === null || v === undefined) { continue; }
        var x = M.left + f.w * (1 - (now - t[i]) / spanMs);
        if (x < M.left) { break; }
        var y = M.top + f.h - f.h * Math.min(v, yMax) / yMax;
        marker(svg, n, x, y, s.name);
      }
    });
  }

  function marker(svg, n, x, y, name) {
    var color = COLORS[n % COLORS.length];
    var a = { 'class': 'marker', 'data-operation': name, fill: color, stroke: '#fff',
      'stroke-width': 1 };
    var shape = SHAPES[n % SHAPES.length];
    if (shape === 'circle') {
      a.cx = x.toFixed(1); a.cy = y.toFixed(1); a.r = 4;
      return el(svg, 'circle', a);
    }
    if (shape === 'square') {
      a.x = (x - 3.5).toFixed(1); a.y = (y - 3.5).toFixed(1); a.width = 7; a.height = 7;
      return el(svg, 'rect', a);
    }
    var p = shape === 'triangle' ? [[0, -5], [4.5, 3.5], [-4.5, 3.5]]
      : [[0, -5], [5, 0], [0, 5], [-5, 0]];
    a.points = p.map(function (q) {
      return (x + q[0]).toFixed(1) + ',' + (y + q[1]).toFixed(1);
    }).join(' ');
    return el(svg, 'polygon', a);
  }

  // a small picture of a line: its colour, dash and marker, for the legend
  function swatch(n) {
    var svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('width', 30);
    svg.setAttribute('height', 12);
    svg.setAttribute('class', 'swatch');
    el(svg, 'line', { x1: 1, x2: 29, y1: 6, y2: 6, stroke: COLORS[n % COLORS.length],
      'stroke-width': 2, 'stroke-dasharray': DASHES[n % DASHES.length] });
    marker(svg, n, 15, 6, '');
    return svg;
  }

  // per series, the name of an earlier one with the same numbers (its line is under this one)
  function sameAs(series) {
    return series.map(function (s, n) {
      for (var m = 0; m < n; m++) {
        if (series[m].values.length === s.values.length && series[m].values.every(
          function (v, i) { return v === s.values[i]; })) {
          return series[m].name;
        }
      }
      return null;
    });
  }

  function legend(div, names, values, same) {
    div.textContent = '';
    names.forEach(function (name, n) {
      var span = document.createElement('span');
      span.setAttribute('data-operation', name);
      span.appendChild(swatch(n));
      span.appendChild(document.createTextNode(' ' + name + ': ' + values[n] +
        (same && same[n] ? ' (same line as ' + same[n] + ')' : '')));
      div.appendChild(span);
      div.appendChild(document.createTextNode(' '));
    });
  }

  function last(values) {
    for (var i = values.length - 1; i >= 0; i--) {
      if (values[i] !== null) { return values[i]; }
    }
    return null;
  }

  function histogram(svg, lat) {
    clear(svg);
    var buckets = lat.bucketsMs;
    var n = buckets.length + 1;
    var share = function (h) {
      return h.counts.map(function (c) { return h.count === 0 ? 0 : 100 * c / h.count; });
    };
    var hit = share(lat.hit);
    var miss = share(lat.miss);
    var yMax = niceMax(Math.max.apply(null, hit.concat(miss)));
    var f = frame(svg, yMax, function (v) { return fmt(v) + ' %'; });
    var bw = f.w / n;
    for (var i = 0; i < n; i++) {
      var x = M.left + bw * i;
      [[hit[i], HIT, 'hit'], [miss[i], MISS, 'miss']].forEach(function (b, k) {
        var hgt = f.h * b[0] / yMax;
        el(svg, 'rect', { x: (x + 2 + k * (bw - 4) / 2).toFixed(1),
          y: (M.top + f.h - hgt).toFixed(1), width: ((bw - 4) / 2).toFixed(1),
          height: hgt.toFixed(1), fill: b[1], 'class': b[2] });
      });
      var label = i < buckets.length ? '\u2264' + buckets[i] : '>' + buckets[buckets.length - 1];
      el(svg, 'text', { x: x + bw / 2, y: M.top + f.h + 14, 'text-anchor': 'middle',
        'font-size': 10, fill: '#444' }, label);
    }
    [['hits', HIT], ['misses', MISS]].forEach(function (k, i) {
      var lx = M.left + f.w - 130 + i * 65;
      el(svg, 'rect', { x: lx, y: M.top + 4, width: 10, height: 10, fill: k[1] });
      el(svg, 'text', { x: lx + 14, y: M.top + 13, 'font-size': 12, fill: '#222' }, k[0]);
    });
    el(svg, 'text', { x: M.left + f.w, y: M.top + f.h + 27, 'text-anchor': 'end',
      'font-size': 10, fill: '#444' }, 'milliseconds (share of each kind\u2019s calls)');
  }

  function draw(data) {
    var names = Object.keys(data.operations);
    var now = data.t.length ? data.t[data.t.length - 1] : Date.now();
    var calls = names.map(function (n) {
      return { name: n, values: data.operations[n].callsPerSecond };
    });
    var maxCalls = 0;
    calls.forEach(function (s) {
      s.values.forEach(function (v) { maxCalls = Math.max(maxCalls, v || 0); });
    });
    lines(document.getElementById('chart-calls'), data.t, now, calls, niceMax(maxCalls), fmt);
    legend(document.getElementById('legend-calls'), names, calls.map(function (s) {
      var v = last(s.values);
      return (v === null ? '0' : fmt(v)) + '/s';
    }), sameAs(calls));

    var ratios = names.map(function (n) {
      return { name: n, values: data.operations[n].hitRatio.map(function (v) {
        return v === null ? null : 100 * v;
      }) };
    });
    lines(document.getElementById('chart-ratio'), data.t, now, ratios, 100,
      function (v) { return fmt(v) + ' %'; });
    legend(document.getElementById('ratio-numbers'), names, names.map(function (n) {
      return (100 * data.operations[n].hitRatioTotal).toFixed(1) + ' % since start';
    }), sameAs(ratios));

    var lat = data.latency;
    histogram(document.getElementById('chart-latency'), lat);
    document.getElementById('latency-numbers').textContent =
      'hits: ' + count(lat.hit.count) + ' calls, mean ' +
      lat.hit.meanMs.toFixed(2) + ' ms \u00B7 misses: ' + count(lat.miss.count) +
      ' calls, mean ' + lat.miss.meanMs.toFixed(2) + ' ms';
    document.getElementById('charts').setAttribute('data-drawn', String(Date.now()));
  }

  function refresh() {
    fetch('/dashboard/series.json', { cache: 'no-store' })
      .then(function (r) { return r.json(); })
      .then(draw)
      .catch(function (e) {
        document.getElementById('latency-numbers').textContent = 'charts not updated: ' + e;
      });
  }

  refresh();
  setInterval(refresh, 2000);
}());
