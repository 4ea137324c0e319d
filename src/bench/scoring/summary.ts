import type { Range } from '../schema/score.ts';

/** Arithmetic mean, summed left to right; `null` for no values. */
export function meanOf(values: readonly number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** Lowest and highest value; both `null` for no values. */
export function rangeOf(values: readonly number[]): Range {
  return values.length ? { min: Math.min(...values), max: Math.max(...values) } : { min: null, max: null };
}
