import { describe, expect, it } from 'vitest';
import { duration, heat, pct, round4, tokens, usd } from './format.ts';

describe('format', () => {
  it('formats absent numbers as a dash and present ones compactly', () => {
    expect([pct(null), pct(0.875), pct(1)]).toEqual(['—', '88%', '100%']);
    expect([tokens(999), tokens(1234), tokens(2_500_000)]).toEqual(['999', '1.2k', '2.5M']);
    expect([usd(1.234), usd(undefined)]).toEqual(['$1.23', '—']);
    expect([duration(850), duration(42_000), duration(185_000), duration(120_000)]).toEqual(['850 ms', '42 s', '3 min 5 s', '2 min']);
    expect([round4(1 / 3), round4(null)]).toEqual([0.3333, null]);
  });

  it('buckets rates into five heat classes', () => {
    expect([heat(0), heat(0.19), heat(0.2), heat(0.99), heat(1), heat(null)]).toEqual([0, 0, 1, 4, 4, null]);
  });
});
