import { overlaps } from './uncertainty.ts';

/** What ordering needs of a board row. */
export interface RankableRow {
  /** Display name; last tie-breaker. */
  name: string;
  /** Overall score, `null` when the row has no completed cell. */
  score: number | null;
  /** Whether the row has a score for every scenario of the board (incomplete rows rank after complete ones). */
  complete: boolean;
  /** MAY tally; breaks ties in score. */
  mayTally: number;
}

/**
 * Board order: complete rows first, then score (desc, no score last), then MAY tally (desc), then name (asc).
 * Complete-first keeps a subject that ran only the easy scenarios from topping the board.
 */
export function compareRows(a: RankableRow, b: RankableRow): number {
  if (a.complete !== b.complete) return a.complete ? -1 : 1;
  const sa = a.score ?? -1;
  const sb = b.score ?? -1;
  if (sa !== sb) return sb - sa;
  if (a.mayTally !== b.mayTally) return b.mayTally - a.mayTally;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export function orderBoard<T extends RankableRow>(rows: readonly T[]): T[] {
  return [...rows].sort(compareRows);
}

/** What rank bands need of a row in board order. */
export interface BandableRow {
  complete: boolean;
  /** Overall interval; `null` when the row has no score. */
  interval: { lo: number; hi: number } | null;
}

/**
 * Rank bands over rows already in board order: a band starts at the first row not yet in one and takes every
 * following row, while they last, whose interval overlaps the starting row's and whose completeness is the same. A
 * row without an interval is a band of its own. Positions are 1-based.
 */
export function rankBands(rows: readonly BandableRow[]): { first: number; last: number }[] {
  const out: { first: number; last: number }[] = [];
  let i = 0;
  while (i < rows.length) {
    const head = rows[i]!;
    let j = i + 1;
    if (head.interval)
      while (j < rows.length) {
        const r = rows[j]!;
        if (r.complete !== head.complete || !r.interval) break;
        if (!overlaps(r.interval, head.interval)) break;
        j++;
      }
    for (let n = i; n < j; n++) out.push({ first: i + 1, last: j });
    i = j;
  }
  return out;
}
