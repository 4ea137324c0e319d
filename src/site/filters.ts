// The board page's filters (role, docs, harness, provider): the options the form offers and the per-row values
// public/tables.js matches them against. Without JS the form stays hidden: every board is already on the page, split
// by docs side by side, so nothing is out of reach; static filtered copies would multiply pages for no new data.
import type { Board, Dataset } from '../bench/derive/dataset.ts';
import { cmp } from '../bench/problems.ts';
import type { Revision } from '../bench/schema/common.ts';
import type { Table } from './table.ts';

/** Filter values of a board's rows: the subject's harness and provider (agents; empty for other kinds). */
export function withFilterData(d: Pick<Dataset, 'subjects'>, b: Board, t: Table): Table {
  const byId = new Map(d.subjects.map((s) => [s.id, s]));
  return {
    ...t,
    // The table's own row data kept (e.g. a library that speaks another version); rows past the board's are such.
    rowData: t.rows.map((_, i) => {
      const s = byId.get(b.rows[i]?.subject ?? '');
      return { ...t.rowData?.[i], harness: s?.harness ?? '', provider: s?.provider ?? '' };
    }),
  };
}

export interface FilterOptions {
  harness: string[];
  provider: string[];
}

/** Distinct harnesses and providers of the agents on a revision's boards, sorted. */
export function filterOptions(d: Pick<Dataset, 'subjects' | 'boards'>, rev: Revision): FilterOptions {
  const ids = new Set(
    d.boards.filter((b) => b.revision === rev && b.kind === 'agent').flatMap((b) => b.rows.map((r) => r.subject)),
  );
  const agents = d.subjects.filter((s) => ids.has(s.id));
  const distinct = (xs: (string | undefined)[]) =>
    [...new Set(xs.filter((x): x is string => x !== undefined))].sort(cmp);
  return { harness: distinct(agents.map((s) => s.harness)), provider: distinct(agents.map((s) => s.provider)) };
}
