// Uncertainty of scores: percentile-bootstrap intervals (seeded, fixed resample count, so the data set stays
// byte-deterministic) and pass^k. The definitions are published in the data set (`dataset.method`) and on the site.
import type { Interval } from '../schema/score.ts';
import { prng, seedOf } from './prng.ts';

/** Bootstrap resamples per interval: enough that the 2.5 % and 97.5 % quantiles settle to about a point. */
export const BOOTSTRAP_RESAMPLES = 2000;
/** Coverage of every interval. */
export const CONFIDENCE = 0.95;
/** Fewest completed trials in every cell for a row not to be provisional (its intervals mean little below this). */
export const MIN_K = 3;
/** The k of pass^k: the same as the minimum k, so a non-provisional row always has one. */
export const PASS_HAT_K = MIN_K;

/** Round a bootstrap bound: 6 decimals keep the JSON short and free of float noise (a point interval stays exact). */
const r6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The `q` quantile of sorted values, linear between neighbours (R's type 7). */
function quantile(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** The central `CONFIDENCE` interval of bootstrap statistics. */
function percentile(stats: number[]): Interval {
  stats.sort((a, b) => a - b);
  const tail = (1 - CONFIDENCE) / 2;
  return { lo: r6(quantile(stats, tail)), hi: r6(quantile(stats, 1 - tail)) };
}

/** Mean of a resample (with replacement, same size) of `xs`. */
function resampledMean(xs: readonly number[], rand: () => number): number {
  if (xs.length === 1) return xs[0]!;
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += xs[Math.floor(rand() * xs.length)]!;
  return sum / xs.length;
}

/**
 * 95 % percentile-bootstrap interval of the mean of one cell's trial scores, seeded by the cell's key. One trial (or
 * identical scores) gives the point itself: no spread is invented where the data has none. `null` for no scores.
 */
export function meanInterval(scores: readonly number[], key: string): Interval | null {
  if (scores.length === 0) return null;
  if (scores.every((s) => s === scores[0])) return { lo: scores[0]!, hi: scores[0]! };
  const rand = prng(seedOf(key));
  return percentile(Array.from({ length: BOOTSTRAP_RESAMPLES }, () => resampledMean(scores, rand)));
}

/**
 * Cluster bootstrap of "mean of per-scenario means": each resample draws as many scenarios as there are, with
 * replacement, then resamples each drawn scenario's trials and averages the scenario means. It matches how the overall
 * score is made, and its spread holds both scenario-to-scenario and trial-to-trial variation. With one trial per
 * scenario only the scenario draw varies. `null` when no scenario has a score.
 */
export function clusterInterval(clusters: readonly (readonly number[])[], key: string): Interval | null {
  const present = clusters.filter((c) => c.length > 0);
  if (present.length === 0) return null;
  const flat = present.flat();
  if (flat.every((s) => s === flat[0])) return { lo: flat[0]!, hi: flat[0]! };
  if (present.length === 1) return meanInterval(present[0]!, key);
  const rand = prng(seedOf(key));
  const n = present.length;
  return percentile(
    Array.from({ length: BOOTSTRAP_RESAMPLES }, () => {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += resampledMean(present[Math.floor(rand() * n)]!, rand);
      return sum / n;
    }),
  );
}

/** Binomial coefficient C(n, k) as a float (small n: exact). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/**
 * pass^k (τ-bench): the probability that `k` independent trials of one cell all pass, estimated without bias from `n`
 * trials of which `c` passed as C(c, k) / C(n, k). `null` when fewer than `k` trials ran (not estimable).
 */
export function passHatK(n: number, c: number, k = PASS_HAT_K): number | null {
  return n < k ? null : choose(c, k) / choose(n, k);
}

/** Whether two intervals share a point (closed intervals: touching counts). */
export const overlaps = (a: Interval, b: Interval): boolean => a.lo <= b.hi && b.lo <= a.hi;
