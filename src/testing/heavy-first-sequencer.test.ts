import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEAVY_FIRST, heavyRank } from './heavy-first-sequencer.ts';

describe('heavy-first test order', () => {
  it('names only test files that exist (a stale entry would silently order nothing)', () => {
    expect(HEAVY_FIRST.filter((f) => !existsSync(f) || !f.endsWith('.test.ts'))).toEqual([]);
  });
  it('ranks the listed files in order and every other file after them', () => {
    expect(heavyRank(`/repo/${HEAVY_FIRST[0]}`)).toBe(0);
    expect(heavyRank(`/repo/${HEAVY_FIRST[2]}`)).toBe(2);
    expect(heavyRank('/repo/src/bench/other.test.ts')).toBe(HEAVY_FIRST.length);
  });
});
