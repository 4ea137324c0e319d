import { describe, expect, it } from 'vitest';
import { aggregateCell, meanOfCells, type CellTrial } from './cell.ts';

const done = (score: number, mayPassed = 0): CellTrial => ({ status: 'completed', score, mayPassed });
const infra: CellTrial = { status: 'infra-error' };

describe('aggregateCell', () => {
  it('averages completed trials and counts k', () => {
    expect(aggregateCell([done(1), done(0.5), done(0)])).toEqual({
      mean: 0.5,
      k: 3,
      infraErrors: 0,
      contaminated: 0,
      mayTally: 0,
      min: 0,
      max: 1,
    });
  });

  it('excludes infra-error trials from the mean and k but counts them', () => {
    const c = aggregateCell([done(1), infra, done(0), infra]);
    expect(c.mean).toBe(0.5);
    expect(c.k).toBe(2);
    expect(c.infraErrors).toBe(2);
  });

  it('shows no score for a cell whose trials are all infra-errors', () => {
    expect(aggregateCell([infra, infra])).toEqual({
      mean: null,
      k: 0,
      infraErrors: 2,
      contaminated: 0,
      mayTally: 0,
      min: null,
      max: null,
    });
  });

  it('shows no score for an empty cell', () => {
    expect(aggregateCell([]).mean).toBeNull();
  });

  it('averages the MAY tally over completed trials only', () => {
    expect(aggregateCell([done(1, 2), done(1, 0), infra]).mayTally).toBe(1);
  });

  it('ignores a completed trial that carries no score', () => {
    expect(aggregateCell([{ status: 'completed' }, done(0.25)])).toMatchObject({ mean: 0.25, k: 1 });
  });
});

describe('meanOfCells', () => {
  it('averages present cells and reports incompleteness', () => {
    const a = aggregateCell([done(1)]);
    const none = aggregateCell([infra]);
    expect(meanOfCells([a, none, undefined])).toEqual({ mean: 1, present: 1, expected: 3, complete: false });
  });

  it('has no mean when no cell has a score', () => {
    expect(meanOfCells([undefined, aggregateCell([infra])]).mean).toBeNull();
  });
});

describe('contaminated trials in a cell', () => {
  it('excludes them from the mean and k, like infra-errors, and counts them apart', () => {
    expect(
      aggregateCell([
        { status: 'completed', score: 1 },
        { status: 'contaminated', score: 1 },
      ]),
    ).toMatchObject({ mean: 1, k: 1, infraErrors: 0, contaminated: 1 });
  });
});
