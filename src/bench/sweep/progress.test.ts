import { describe, expect, it } from 'vitest';
import { etaMs, progressLine, type SweepTally } from './progress.ts';

const tally = (over: Partial<SweepTally> = {}): SweepTally => ({
  total: 10,
  resumed: 0,
  done: 0,
  failed: 0,
  infra: 0,
  contaminated: 0,
  ...over,
});

describe('sweep progress', () => {
  it('estimates the time left from this invocation’s throughput, not counting trials resumed from the bundle', () => {
    expect(etaMs(tally(), 5_000)).toBeUndefined();
    expect(etaMs(tally({ done: 2 }), 10_000)).toBe(40_000);
    expect(etaMs(tally({ resumed: 4, done: 6 }), 10_000)).toBe(20_000);
    expect(etaMs(tally({ resumed: 4, done: 4 }), 10_000)).toBeUndefined();
  });

  it('says done/total, failures, infra-errors, contamination when any, and the ETA or the time taken', () => {
    expect(progressLine(tally(), 0)).toBe('0/10 done · 0 failed · 0 infra-error · ETA …');
    expect(progressLine(tally({ done: 5, failed: 2, infra: 1 }), 50_000)).toBe(
      '5/10 done · 2 failed · 1 infra-error · ETA 50 s',
    );
    expect(progressLine(tally({ done: 10, contaminated: 1 }), 125_000)).toBe(
      '10/10 done · 0 failed · 0 infra-error · 1 contaminated · in 2 min 05 s',
    );
  });
});
