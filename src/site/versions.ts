// The benchmark's version history as a table (methodology page and its CSV/JSON download).
import type { Dataset } from '../bench/derive/dataset.ts';
import type { Display, Table, Value } from './table.ts';

export function versionsTable(d: Pick<Dataset, 'versions'>): Table {
  const rows = d.versions.rows;
  return {
    id: 'versions',
    caption: 'Benchmark versions (newest first)',
    columns: [
      { key: 'version', label: 'Version' },
      { key: 'date', label: 'Date' },
      {
        key: 'kind',
        label: 'Kind',
        title: 'major: scenarios changed (new trials); minor: judges changed (re-judged); patch: site only',
      },
      { key: 'summary', label: 'What changed', wide: true },
      { key: 'changed', label: 'Scenarios changed', wide: true },
    ],
    rows: rows.map((r): Value[] => [r.version, r.date, r.kind, r.summary, r.changed.join(' ')]),
    cells: rows.map((r): Display[] => [
      { text: r.version },
      { text: r.date },
      { text: r.kind },
      { text: r.summary },
      { text: r.kind === 'major' ? (r.changed.length ? r.changed.join(', ') : 'none') : '—' },
    ]),
    notes: [
      'Each major version lists the content hash of every scenario; a trial counts on the boards only for the version its scenario hash belongs to.',
    ],
  };
}
