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
