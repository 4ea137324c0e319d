// Intervals and pass^k, checked against figures worked out by hand or by a slow, obvious re-implementation.
import { describe, expect, it } from 'vitest';
import { prng, seedOf } from './prng.ts';
import { BOOTSTRAP_RESAMPLES, clusterInterval, meanInterval, overlaps, passHatK } from './uncertainty.ts';

describe('meanInterval', () => {
  it('is the same interval for the same key, and (almost surely) another for another key', () => {
    const xs = [0, 0.5, 1, 1, 0.25];
    expect(meanInterval(xs, 'a')).toEqual(meanInterval(xs, 'a'));
    expect(meanInterval(xs, 'a')).not.toEqual(meanInterval(xs, 'b'));
  });

  it('never invents spread: one trial or identical scores give the point itself', () => {
    expect(meanInterval([0.4], 'k')).toEqual({ lo: 0.4, hi: 0.4 });
    expect(meanInterval([1, 1, 1, 1], 'k')).toEqual({ lo: 1, hi: 1 });
    expect(meanInterval([], 'k')).toBeNull();
  });

  it('brackets the mean and stays within the scores, narrowing as trials accumulate', () => {
    const few = meanInterval([0, 1, 0, 1], 'k')!;
    const many = meanInterval(
      Array.from({ length: 40 }, (_, i) => i % 2),
      'k',
    )!;
    for (const i of [few, many]) {
      expect(i.lo).toBeLessThan(0.5);
      expect(i.hi).toBeGreaterThan(0.5);
      expect(i.lo).toBeGreaterThanOrEqual(0);
      expect(i.hi).toBeLessThanOrEqual(1);
    }
    expect(many.hi - many.lo).toBeLessThan(few.hi - few.lo);
  });

  it('matches the normal approximation for a large sample (within a few points)', () => {
    const xs = Array.from({ length: 200 }, (_, i) => (i % 4 === 0 ? 0 : 1)); // mean 0.75, sd 0.433
    const se = Math.sqrt(0.75 * 0.25) / Math.sqrt(200);
    const i = meanInterval(xs, 'big')!;
    expect(i.lo).toBeCloseTo(0.75 - 1.96 * se, 1);
    expect(i.hi).toBeCloseTo(0.75 + 1.96 * se, 1);
  });
});

describe('clusterInterval', () => {
  it('with one trial per scenario, reflects only the spread between scenarios', () => {
    const i = clusterInterval([[1], [0], [1], [1]], 'row')!;
    expect(i.lo).toBeLessThan(0.75);
    expect(i.hi).toBe(1);
    expect(clusterInterval([[1], [1], [1]], 'row')).toEqual({ lo: 1, hi: 1 });
  });

  it('is the trial bootstrap when there is a single scenario, and null with no scores', () => {
    expect(clusterInterval([[0, 1, 1]], 'row')).toEqual(meanInterval([0, 1, 1], 'row'));
    expect(clusterInterval([[], []], 'row')).toBeNull();
  });

  it('agrees with a direct two-stage resampling written out longhand', () => {
    const clusters = [
      [1, 0.5, 1],
      [0, 0, 1],
      [1, 1],
    ];
    const rand = prng(seedOf('row'));
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const means: number[] = [];
    for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
      const drawn = clusters.map(() => pick(clusters));
      const m = drawn.map((c) => c.map(() => pick(c)).reduce((a, x) => a + x, 0) / c.length);
      means.push(m.reduce((a, x) => a + x, 0) / m.length);
    }
    means.sort((a, b) => a - b);
    const q = (p: number) => {
      const h = (means.length - 1) * p;
      return means[Math.floor(h)]! + (h - Math.floor(h)) * (means[Math.ceil(h)]! - means[Math.floor(h)]!);
    };
    const i = clusterInterval(clusters, 'row')!;
    expect(i.lo).toBeCloseTo(q(0.025), 6);
    expect(i.hi).toBeCloseTo(q(0.975), 6);
  });
});

describe('passHatK', () => {
  it('is C(c, k) / C(n, k): the chance that k trials drawn without replacement all passed', () => {
    expect(passHatK(3, 3)).toBe(1);
    expect(passHatK(3, 2)).toBe(0);
    expect(passHatK(5, 4)).toBeCloseTo(4 / 10, 12); // C(4,3)=4, C(5,3)=10
    expect(passHatK(5, 4, 1)).toBeCloseTo(4 / 5, 12); // pass^1 is pass@1
  });

  it('is not estimable from fewer than k trials', () => {
    expect(passHatK(2, 2)).toBeNull();
  });
});

describe('overlaps', () => {
  it('treats intervals as closed', () => {
    expect(overlaps({ lo: 0, hi: 0.5 }, { lo: 0.5, hi: 1 })).toBe(true);
    expect(overlaps({ lo: 0, hi: 0.4 }, { lo: 0.5, hi: 1 })).toBe(false);
  });
});
