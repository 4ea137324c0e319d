import { describe, expect, it } from 'vitest';
import { aggregateCell, aggregateCells, meanOfCells, type CellTrial } from './cell.ts';

const done = (score: number, mayPassed = 0): CellTrial => ({ status: 'completed', score, mayPassed });
const infra: CellTrial = { status: 'infra-error' };

describe('aggregateCell', () => {
  it('averages completed trials and counts k, passes (score 1), pass@1 and pass^3', () => {
    const c = aggregateCell([done(1), done(0.5), done(0)], 'cell');
    expect(c).toMatchObject({
      mean: 0.5,
      k: 3,
      infraErrors: 0,
      contaminated: 0,
      mayTally: 0,
      min: 0,
      max: 1,
      passed: 1,
      passAt1: 1 / 3,
      passHatK: 0,
    });
    expect(c.interval!.lo).toBeLessThan(0.5);
    expect(c.interval!.hi).toBeGreaterThan(0.5);
  });

  it('gives a single trial a point interval, pass@1 of 0 or 1 and no pass^3', () => {
    expect(aggregateCell([done(0.75)], 'x')).toMatchObject({
      interval: { lo: 0.75, hi: 0.75 },
      passAt1: 0,
      passHatK: null,
    });
    expect(aggregateCell([done(1)], 'x')).toMatchObject({ passed: 1, passAt1: 1, passHatK: null });
  });

  it('counts only a full score as a pass: a failed SHOULD (0.9) is not one', () => {
    expect(aggregateCell([done(1), done(1), done(1), done(0.9)], 'x')).toMatchObject({
      passed: 3,
      passAt1: 0.75,
      passHatK: 1 / 4, // C(3,3) / C(4,3)
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
      interval: null,
      passed: 0,
      passAt1: null,
      passHatK: null,
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

describe('aggregateCells', () => {
  const scored = (...scores: number[]) => ({
    cell: aggregateCell(
      scores.map((s) => done(s)),
      'c',
    ),
    scores,
  });

  it('is the mean of cell means with a cluster interval around it, pass@1 averaged per cell', () => {
    const a = aggregateCells([scored(1, 1, 1), scored(0, 0.5, 1), undefined], 'row');
    expect(a).toMatchObject({ mean: 0.75, present: 2, expected: 3, complete: false, passAt1: (1 + 1 / 3) / 2 });
    expect(a.passHatK).toBe((1 + 0) / 2);
    expect(a.interval!.lo).toBeLessThan(0.75);
    expect(a.interval!.hi).toBeLessThanOrEqual(1);
  });

  it('has no pass^3 when a present cell ran fewer than 3 trials, and nothing at all without a score', () => {
    expect(aggregateCells([scored(1, 1, 1), scored(1)], 'row').passHatK).toBeNull();
    expect(aggregateCells([undefined], 'row')).toMatchObject({
      mean: null,
      interval: null,
      passAt1: null,
      passHatK: null,
    });
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
