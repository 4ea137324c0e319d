// Progressive enhancement for trial replay pages (everything works without it):
// j / k move to the next / previous step (exchange or transcript turn), o opens or closes the current one,
// and following a link to #x-12 or #t-7 opens that step. An external file because the CSP allows no inline script.
(function () {
  'use strict';
  var steps = function () {
    return Array.prototype.filter.call(document.querySelectorAll('[data-step]'), function (el) {
      return el.offsetParent !== null; // skip steps hidden by the filters
    });
  };
  var current = function () {
    var id = decodeURIComponent(location.hash.slice(1));
    return id ? document.getElementById(id) : null;
  };
  // A link to #x-N on a page that does not hold exchange N (large trials are paged): go to the page that does.
  var redirectToPage = function () {
    var m = /^#x-(\d+)$/.exec(location.hash);
    if (!m || current()) return false;
    var x = Number(m[1]);
    var links = document.querySelectorAll('a[data-first][data-last]');
    for (var i = 0; i < links.length; i++) {
      var a = links[i];
      if (x >= Number(a.getAttribute('data-first')) && x <= Number(a.getAttribute('data-last'))) {
        location.replace(a.href.split('#')[0] + location.hash);
        return true;
      }
    }
    return false;
  };
  var openTarget = function () {
    if (redirectToPage()) return;
    var el = current();
    if (el && el.tagName === 'DETAILS') el.open = true;
  };
  var go = function (delta) {
    var list = steps();
    if (list.length === 0) return;
    var i = list.indexOf(current());
    var next = list[i === -1 ? (delta > 0 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, i + delta))];
    if (!next || !next.id) return;
    history.replaceState(null, '', '#' + next.id);
    if (next.tagName === 'DETAILS') next.open = true;
    next.scrollIntoView({ block: 'start' });
    var focusable = next.querySelector('summary, a');
    if (focusable) focusable.focus({ preventScroll: true });
  };
  document.addEventListener('keydown', function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    if (e.key === 'j') go(1);
    else if (e.key === 'k') go(-1);
    else if (e.key === 'o') {
      var el = current();
      if (el && el.tagName === 'DETAILS') el.open = !el.open;
    } else return;
    e.preventDefault();
  });
  window.addEventListener('hashchange', openTarget);
  openTarget();
})();
