import { describe, expect, it } from 'vitest';
import { orderBoard, type RankableRow } from './board.ts';

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
