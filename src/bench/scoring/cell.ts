import type { Cell } from '../schema/score.ts';

/** One trial as a cell sees it. `score` is present only for completed trials. */
export interface CellTrial {
  status: 'completed' | 'infra-error' | 'contaminated';
  score?: number;
  mayPassed?: number;
}

/** A cell: one subject × scenario × docs axis, aggregated over its k trials (the schema is the data set's contract). */
export type { Cell } from '../schema/score.ts';

/** Aggregate a cell's trials: infra-errors excluded; no completed trial → no score. */
export function aggregateCell(trials: readonly CellTrial[]): Cell {
  const done = trials.filter((t) => t.status === 'completed' && typeof t.score === 'number');
  const infraErrors = trials.filter((t) => t.status === 'infra-error').length;
  const contaminated = trials.filter((t) => t.status === 'contaminated').length;
  if (done.length === 0) return { mean: null, k: 0, infraErrors, contaminated, mayTally: 0, min: null, max: null };
  const scores = done.map((t) => t.score as number);
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const mayTally = done.reduce((a, t) => a + (t.mayPassed ?? 0), 0) / done.length;
  return {
    mean,
    k: done.length,
    infraErrors,
    contaminated,
    mayTally,
    min: Math.min(...scores),
    max: Math.max(...scores),
  };
}

/** Mean of the present cell means; `null` when there are none. `complete` tells whether every expected cell had one. */
export function meanOfCells(cells: readonly (Cell | undefined)[]): {
  mean: number | null;
  present: number;
  expected: number;
  complete: boolean;
} {
  const present = cells.filter((c): c is Cell => c !== undefined && c.mean !== null);
  const mean = present.length === 0 ? null : present.reduce((a, c) => a + (c.mean as number), 0) / present.length;
  return { mean, present: present.length, expected: cells.length, complete: present.length === cells.length };
}
