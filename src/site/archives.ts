// An earlier benchmark version's boards as tables (`/v/<version>/`): the same board view models as today's boards,
// fed the archived boards, with every link taken out: the subjects, trials and scenarios they pointed at belong to
// that version and may be gone from the current site. Pure.
import type { Dataset } from '../bench/derive/dataset.ts';
import type { ArchiveRow } from '../bench/schema/archive.ts';
import type { Revision } from '../bench/schema/common.ts';
import { boardTable } from './boards.ts';
import type { Table } from './table.ts';

/** One archived board as shown: its revision, what it ranks, and the table. */
export interface ArchivedBoard {
  revision: Revision;
  title: string;
  table: Table;
}

const unlinked = (t: Table, prefix: string): Table => ({
  ...t,
  id: `${prefix}-${t.id}`,
  columns: t.columns.map(({ href: _h, ...c }) => c),
  cells: t.cells.map((r) => r.map(({ href: _h, ...c }) => c)),
});

/** The boards of an archive that have rows, in archive order, as link-free tables with ids of their own. */
export function archivedBoards(d: Pick<Dataset, 'scenarios' | 'method'>, a: ArchiveRow): ArchivedBoard[] {
  const view = {
    scenarios: d.scenarios,
    cells: [],
    libraries: { notAttempted: a.notAttempted, failures: [], releases: [], registered: [] },
    method: d.method,
  };
  return a.boards
    .filter((b) => b.rows.length > 0)
    .map((b) => ({
      revision: b.revision,
      title: b.kind === 'library' ? `Libraries · ${b.role ?? 'both roles'}` : `Agents · docs ${b.docs}`,
      table: unlinked(boardTable(view, b), `v${a.version.replaceAll('.', '-')}`),
    }));
}
