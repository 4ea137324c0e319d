import { describe, expect, it } from 'vitest';
import { orderBoard, rankBands, type RankableRow } from './board.ts';

const row = (name: string, score: number | null, mayTally = 0, complete = true): RankableRow => ({
  name,
  score,
  mayTally,
  complete,
});
const names = (rows: RankableRow[]) => orderBoard(rows).map((r) => r.name);

describe('orderBoard', () => {
  it('ranks complete rows before incomplete ones whatever their score', () => {
    expect(names([row('easy-only', 1, 9, false), row('all', 0.2)])).toEqual(['all', 'easy-only']);
  });

  it('ranks by score, highest first', () => {
    expect(names([row('a', 0.5), row('b', 0.9), row('c', 0.7)])).toEqual(['b', 'c', 'a']);
  });

  it('breaks score ties by MAY tally, highest first', () => {
    expect(names([row('a', 0.5, 1), row('b', 0.5, 3), row('c', 0.5, 2)])).toEqual(['b', 'c', 'a']);
  });

  it('breaks full ties by name, ascending', () => {
    expect(names([row('zeta', 0.5, 1), row('alpha', 0.5, 1)])).toEqual(['alpha', 'zeta']);
  });

  it('puts rows without a score last, below a score of 0', () => {
    expect(names([row('none', null, 5), row('zero', 0)])).toEqual(['zero', 'none']);
  });

  it('never lets the MAY tally beat a higher score', () => {
    expect(names([row('may-rich', 0.5, 100), row('better', 0.6, 0)])).toEqual(['better', 'may-rich']);
  });

  it('does not mutate its input', () => {
    const rows = [row('b', 0), row('a', 1)];
    orderBoard(rows);
    expect(rows.map((r) => r.name)).toEqual(['b', 'a']);
  });
});

describe('rankBands', () => {
  const band = (lo: number, hi: number, complete = true) => ({ complete, interval: { lo, hi } });

  it('groups the rows whose interval overlaps the band leader, then starts a new band', () => {
    const bands = rankBands([band(0.8, 1), band(0.7, 0.9), band(0.75, 0.85), band(0.4, 0.7), band(0.5, 0.6)]);
    expect(bands).toEqual([
      { first: 1, last: 3 },
      { first: 1, last: 3 },
      { first: 1, last: 3 },
      { first: 4, last: 5 },
      { first: 4, last: 5 },
    ]);
  });

  it('compares with the leader, not the row above: overlap does not chain', () => {
    expect(rankBands([band(0.8, 0.9), band(0.6, 0.8), band(0.5, 0.7)]).map((b) => b.last)).toEqual([2, 2, 3]);
  });

  it('never puts complete and incomplete rows, or rows without an interval, in one band', () => {
    expect(rankBands([band(0.5, 1), band(0.5, 1, false), { complete: true, interval: null }, band(0, 1)])).toEqual([
      { first: 1, last: 1 },
      { first: 2, last: 2 },
      { first: 3, last: 3 },
      { first: 4, last: 4 },
    ]);
  });

  it('gives point intervals a shared band only when they are equal', () => {
    expect(rankBands([band(1, 1), band(1, 1), band(0.5, 0.5)]).map((b) => `${b.first}-${b.last}`)).toEqual([
      '1-2',
      '1-2',
      '3-3',
    ]);
  });
});
