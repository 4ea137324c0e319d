// Progressive enhancement of the site's tables (an external file: the CSP has no 'unsafe-inline'). Without it the
// tables read the same, in their static order (the board order), and the filter form stays hidden.
// 1. Sorting: a button in each header cell of `table[data-sortable]`; sorts every body by the cells' raw `data-v`
//    (numbers as numbers, empty last), ties keep their static order; a third press restores it. `aria-sort` follows.
// 2. Scroll hint: `.scroll-frame` gets `more-left` / `more-right` while its table is scrolled or cut.
// 3. Filters: `[data-filters]` (role, docs, harness, provider) hides columns, board panels and rows.
// 4. The view in the query string: each filter (`?role=server`) and each sorted table (`sort=<table id>:<column
//    key>:asc|desc`, one per table) is written with history.replaceState and read back on load, so a shared link opens
//    the same view. A value the page does not offer is ignored; without JS the page is the unfiltered, unsorted view.
'use strict';

(function () {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  const query = new URLSearchParams(location.search);

  function writeQuery() {
    const url = new URL(location.href);
    // `:` needs no escaping in a query; kept readable, so a shared link says what it shows.
    url.search = query.toString().replace(/%3A/gi, ':');
    history.replaceState(history.state, '', url);
  }

  function headerRow(table) {
    const rows = table.tHead ? table.tHead.rows : [];
    return rows[rows.length - 1];
  }

  function sortRows(table, col, dir) {
    for (const body of table.tBodies) {
      const rows = [...body.rows].filter((r) => !r.classList.contains('section'));
      rows.forEach((r, i) => {
        if (!r.dataset.i) r.dataset.i = String(i);
      });
      const numeric = dir !== 0 && headerRow(table).cells[col].classList.contains('num');
      const key = (r) => {
        const v = r.cells[col] ? r.cells[col].getAttribute('data-v') : '';
        return v === null ? '' : v;
      };
      rows.sort((a, b) => {
        const ia = Number(a.dataset.i);
        const ib = Number(b.dataset.i);
        if (dir === 0) return ia - ib;
        const ka = key(a);
        const kb = key(b);
        if (ka === '' || kb === '') return ka === kb ? ia - ib : ka === '' ? 1 : -1;
        const c = numeric ? Number(ka) - Number(kb) : collator.compare(ka, kb);
        return c === 0 || Number.isNaN(c) ? ia - ib : dir * c;
      });
      for (const r of rows) body.appendChild(r);
    }
  }

  function enableSort(table) {
    const head = headerRow(table);
    if (!head) return;
    const cells = [...head.cells];
    const figure = table.closest('figure');
    const id = figure ? figure.id : '';
    const mine = (v) => v.startsWith(`${id}:`);
    const setSort = (th, next) => {
      for (const other of cells) other.removeAttribute('aria-sort');
      if (next) th.setAttribute('aria-sort', next);
      sortRows(table, cells.indexOf(th), next === null ? 0 : next === 'ascending' ? 1 : -1);
    };
    for (const th of cells) {
      const label = th.textContent.trim();
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'sort';
      const link = th.querySelector('a');
      if (link) {
        // A header that links somewhere keeps its link; the button sits beside it.
        button.textContent = '↕';
        button.classList.add('icon');
        button.setAttribute('aria-label', `Sort by ${label}`);
        th.appendChild(button);
      } else {
        while (th.firstChild) button.appendChild(th.firstChild);
        th.appendChild(button);
      }
      button.addEventListener('click', () => {
        const numeric = th.classList.contains('num');
        const first = numeric ? 'descending' : 'ascending';
        const now = th.getAttribute('aria-sort');
        const next = now === null ? first : now === first ? (first === 'ascending' ? 'descending' : 'ascending') : null;
        setSort(th, next);
        if (!id) return;
        const others = query.getAll('sort').filter((v) => !mine(v));
        query.delete('sort');
        for (const v of others) query.append('sort', v);
        if (next) query.append('sort', `${id}:${th.getAttribute('data-col')}:${next.replace('ending', '')}`);
        writeQuery();
      });
    }
    for (const v of query.getAll('sort').filter(mine)) {
      const [key, dir] = v.slice(id.length + 1).split(':');
      const th = cells.find((c) => c.getAttribute('data-col') === key);
      if (th && (dir === 'asc' || dir === 'desc')) setSort(th, `${dir}ending`);
    }
  }

  function scrollHint(frame) {
    const el = frame.querySelector('.scroll');
    if (!el) return;
    const update = () => {
      const max = el.scrollWidth - el.clientWidth;
      frame.classList.toggle('more-left', el.scrollLeft > 1);
      frame.classList.toggle('more-right', el.scrollLeft < max - 1);
    };
    el.addEventListener('scroll', update, { passive: true });
    if (typeof ResizeObserver === 'function') new ResizeObserver(update).observe(el);
    update();
  }

  function applyFilters(form) {
    const value = (name) => {
      const el = form.querySelector(`select[name="${name}"]`);
      return el ? el.value : '';
    };
    const role = value('role');
    const docs = value('docs');
    const tags = ['harness', 'provider'].map((k) => [k, value(k)]).filter(([, v]) => v !== '');
    let shown = 0;
    let total = 0;
    for (const panel of document.querySelectorAll('[data-docs]')) {
      // A library board is one role's (data-role): the role filter hides the other role's board whole.
      const of = panel.getAttribute('data-role');
      panel.hidden =
        (docs !== '' && panel.getAttribute('data-docs') !== docs) || (role !== '' && of !== null && of !== role);
    }
    for (const table of document.querySelectorAll('table[data-filterable]')) {
      const head = headerRow(table);
      const hide = [...head.cells].map((th) => {
        const key = th.getAttribute('data-col') || '';
        const of = key.split('/')[0];
        return role !== '' && (of === 'client' || of === 'server') && of !== role;
      });
      for (const th of table.querySelectorAll('tr.groups th')) {
        const g = th.getAttribute('data-group');
        th.hidden = role !== '' && (g === 'client' || g === 'server') && g !== role;
      }
      for (const row of table.rows) {
        if (row.classList.contains('groups') || row.classList.contains('section')) continue;
        [...row.cells].forEach((c, i) => {
          c.hidden = Boolean(hide[i]);
        });
      }
      const hiddenByDocs = table.closest('[data-docs]') && table.closest('[data-docs]').hidden;
      for (const body of table.tBodies)
        for (const row of body.rows) {
          if (row.classList.contains('section')) continue;
          const ok = tags.every(([k, v]) => row.getAttribute(`data-${k}`) === v);
          row.hidden = !ok;
          if (!hiddenByDocs) {
            total++;
            if (ok) shown++;
          }
        }
    }
    const out = form.querySelector('output');
    if (out) out.textContent = `${shown} of ${total} rows shown`;
  }

  function enableFilters(form) {
    form.hidden = false;
    const selects = [...form.querySelectorAll('select')];
    for (const s of selects) {
      const v = query.get(s.name);
      if ([...s.options].some((o) => o.value === v)) s.value = v;
    }
    form.addEventListener('change', () => {
      for (const s of selects) s.value ? query.set(s.name, s.value) : query.delete(s.name);
      writeQuery();
      applyFilters(form);
    });
    applyFilters(form);
  }

  for (const t of document.querySelectorAll('table[data-sortable]')) enableSort(t);
  for (const f of document.querySelectorAll('.scroll-frame')) scrollHint(f);
  for (const f of document.querySelectorAll('[data-filters]')) enableFilters(f);
})();
