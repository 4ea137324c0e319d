// Checkpoint grid (src/components/waffle/Waffle.astro): on hover or focus of a square or a column head, the caption
// above the grid says which subject, which checkpoint, its state, and the sentence (read from the numbered list
// under the scenario, so the sentence is written once per column). Without JS the list and the links are all there.
(() => {
  const caption = document.querySelector('.wf-caption');
  if (!caption) return;
  const show = (e) => {
    const cell = e.target.closest?.('table.wf td, table.wf thead th');
    if (!cell) return;
    const group = cell.closest('.wf-group');
    const col = cell.cellIndex;
    const item = group.querySelectorAll('.wf-key li')[col - 1];
    if (!item) return;
    const row = cell.closest('tr').querySelector('th[scope=row]');
    const state = cell.tagName === 'TD' ? cell.textContent.trim() : '';
    caption.textContent = `${row ? `${row.textContent.trim()} · ` : ''}${col}. ${item.textContent.trim().replace(/\s+/g, ' ')}${state ? ` · ${state}` : ''}`;
    caption.hidden = false;
  };
  for (const t of document.querySelectorAll('.wf-groups')) {
    t.addEventListener('mouseover', show);
    t.addEventListener('focusin', show);
  }
})();
