import type { Aggregate } from '../schema/board.ts';
import type { Cell } from '../schema/score.ts';
import { meanOf } from './summary.ts';
import { clusterInterval, meanInterval, passHatK } from './uncertainty.ts';

/** One trial as a cell sees it. `score` is present only for completed trials. */
export interface CellTrial {
  status: 'completed' | 'infra-error' | 'contaminated';
  score?: number;
  mayPassed?: number;
}

/** A cell: one subject × scenario × docs axis, aggregated over its k trials (the schema is the data set's contract). */
export type { Cell } from '../schema/score.ts';

/** A trial passes when it scores 1: no failed MUST and every applicable SHOULD passed (pass@1 and pass^k count these). */
export const trialPassed = (score: number): boolean => score === 1;

/** Completed trials' scores, in trial order. */
export const completedScores = (trials: readonly CellTrial[]): number[] =>
  trials.filter((t) => t.status === 'completed' && typeof t.score === 'number').map((t) => t.score as number);

/**
 * Aggregate a cell's trials: infra-errors excluded; no completed trial → no score. `key` seeds the bootstrap of its
 * interval (derive passes the cell's identity, so the interval never depends on the rest of the data set).
 */
export function aggregateCell(trials: readonly CellTrial[], key = ''): Cell {
  const done = trials.filter((t) => t.status === 'completed' && typeof t.score === 'number');
  const infraErrors = trials.filter((t) => t.status === 'infra-error').length;
  const contaminated = trials.filter((t) => t.status === 'contaminated').length;
  if (done.length === 0)
    return {
      mean: null,
      k: 0,
      infraErrors,
      contaminated,
      mayTally: 0,
      min: null,
      max: null,
      interval: null,
      passed: 0,
      passAt1: null,
      passHatK: null,
    };
  const scores = completedScores(done);
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const mayTally = done.reduce((a, t) => a + (t.mayPassed ?? 0), 0) / done.length;
  const passed = scores.filter(trialPassed).length;
  return {
    mean,
    k: done.length,
    infraErrors,
    contaminated,
    mayTally,
    min: Math.min(...scores),
    max: Math.max(...scores),
    interval: meanInterval(scores, key),
    passed,
    passAt1: passed / done.length,
    passHatK: passHatK(done.length, passed),
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

/** A cell with its completed trials' scores (what the cluster bootstrap resamples). */
export interface ScoredCell {
  cell: Cell;
  scores: readonly number[];
}

/**
 * A subject's score over a set of scenarios: the mean of its present cell means, a cluster-bootstrap interval of it
 * (scenarios, then trials within each; `key` seeds it), and pass@1 / pass^k averaged over the present cells the same
 * way (pass^k `null` unless every present cell ran at least k trials).
 */
export function aggregateCells(cells: readonly (ScoredCell | undefined)[], key: string): Aggregate {
  const base = meanOfCells(cells.map((c) => c?.cell));
  const present = cells.filter((c): c is ScoredCell => c !== undefined && c.cell.mean !== null);
  const hats = present.map((c) => c.cell.passHatK);
  return {
    ...base,
    interval: clusterInterval(
      present.map((c) => c.scores),
      key,
    ),
    passAt1: meanOf(present.map((c) => c.cell.passAt1 ?? 0)),
    passHatK: hats.every((h) => h !== null) ? meanOf(hats as number[]) : null,
  };
}
