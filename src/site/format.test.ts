import { describe, expect, it } from 'vitest';
import {
  currentRevision,
  duration,
  floorPct,
  heat,
  mayTally,
  numberWord,
  pct,
  revisionStatus,
  round4,
  tokens,
  usd,
} from './format.ts';

describe('format', () => {
  it('rounds a share down, so only all of it reads 100%', () => {
    expect([floorPct(199 / 200), floorPct(0.29), floorPct(28 / 74), floorPct(1), floorPct(0), floorPct(null)]).toEqual([
      '99%',
      '29%',
      '37%',
      '100%',
      '0%',
      '—',
    ]);
  });

  it('formats absent numbers as a dash and present ones compactly', () => {
    expect([pct(null), pct(0.875), pct(1)]).toEqual(['—', '88%', '100%']);
    expect([tokens(999), tokens(1234), tokens(2_500_000)]).toEqual(['999', '1.2k', '2.5M']);
    expect([usd(1.234), usd(undefined)]).toEqual(['$1.23', '—']);
    expect([duration(850), duration(42_000), duration(185_000), duration(120_000)]).toEqual([
      '850 ms',
      '42 s',
      '3 min 5 s',
      '2 min',
    ]);
    expect([round4(1 / 3), round4(null)]).toEqual([0.3333, null]);
  });

  it('writes small counts as words and MAY tallies with at most two decimals', () => {
    expect([numberWord(0), numberWord(2), numberWord(10), numberWord(11)]).toEqual(['zero', 'two', 'ten', '11']);
    expect([mayTally(3), mayTally(2.5), mayTally(4 / 3)]).toEqual(['3', '2.5', '1.33']);
  });

  it('buckets rates into five heat classes', () => {
    expect([heat(0), heat(0.19), heat(0.2), heat(0.99), heat(1), heat(null)]).toEqual([0, 0, 1, 4, 4, null]);
  });

  it('calls the newest revision current and the others previous', () => {
    const revs = ['2026-07-28', '2025-11-25'];
    expect(currentRevision(revs)).toBe('2026-07-28');
    expect(revs.map((r) => revisionStatus(r, revs))).toEqual(['current', 'previous']);
  });
});
