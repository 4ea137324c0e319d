// Progressive enhancement for trial replay pages: a search box over the exchanges and transcript turns on this page.
// Non-matching steps are hidden, matching text is highlighted (CSS Custom Highlight API where the browser has it), and
// a status line counts the matches. Without JS the box stays hidden and the page is unchanged. An external file
// because the CSP allows no inline script; it searches the page's own DOM, so no second copy of the trace is fetched.
(function () {
  'use strict';
  var box = document.getElementById('rp-search');
  var input = document.getElementById('rp-q');
  var status = document.getElementById('rp-q-status');
  if (!box || !input || !status) return;
  box.hidden = false;
  var MAX_RANGES = 2000;
  var highlights = typeof CSS !== 'undefined' && CSS.highlights && typeof Highlight === 'function';
  var kindOf = function (el) {
    return el.classList.contains('rp-turn') ? 'turn' : 'exchange';
  };
  var steps = function () {
    // Exchanges in full and transcript turns; the one-line index of later pages is searched as it is shown.
    return Array.prototype.slice.call(document.querySelectorAll('[data-step]'));
  };
  var mark = function (els, q) {
    if (!highlights) return;
    CSS.highlights.delete('rp-search');
    if (!q) return;
    var ranges = [];
    for (var i = 0; i < els.length && ranges.length < MAX_RANGES; i++) {
      var walk = document.createTreeWalker(els[i], NodeFilter.SHOW_TEXT);
      for (var n = walk.nextNode(); n && ranges.length < MAX_RANGES; n = walk.nextNode()) {
        var text = n.nodeValue.toLowerCase();
        for (var at = text.indexOf(q); at !== -1 && ranges.length < MAX_RANGES; at = text.indexOf(q, at + q.length)) {
          var r = new Range();
          r.setStart(n, at);
          r.setEnd(n, at + q.length);
          ranges.push(r);
        }
      }
    }
    CSS.highlights.set('rp-search', new Highlight(...ranges));
  };
  var run = function () {
    var q = input.value.trim().toLowerCase();
    var all = steps();
    var hits = [];
    var count = { exchange: [0, 0], turn: [0, 0] };
    all.forEach(function (el) {
      var hit = !q || el.textContent.toLowerCase().indexOf(q) !== -1;
      if (hit) el.removeAttribute('data-miss');
      else el.setAttribute('data-miss', '');
      var c = count[kindOf(el)];
      c[1]++;
      if (hit) (c[0]++, hits.push(el));
    });
    mark(q ? hits : [], q);
    if (!q) return void (status.textContent = '');
    var parts = [];
    if (count.exchange[1]) parts.push(count.exchange[0] + ' of ' + count.exchange[1] + ' exchanges');
    if (count.turn[1]) parts.push(count.turn[0] + ' of ' + count.turn[1] + ' transcript turns');
    status.textContent = (parts.join(', ') || 'nothing') + ' match';
  };
  var timer = 0;
  input.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(run, 120);
  });
  input.addEventListener('keydown', function (e) {
    if (e.key === 'Escape') ((input.value = ''), run());
  });
})();
