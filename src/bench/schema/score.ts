import { z } from 'zod';
import { SlugSchema } from './common.ts';

/** A share in [0, 1]: a score, a mean of scores, or a pass rate. */
export const ShareSchema = z.number().min(0).max(1);
export type Share = z.infer<typeof ShareSchema>;

/** Passed out of applicable checkpoints of one level (not-applicable verdicts left out). */
export const LevelTallySchema = z.strictObject({
  /** Checkpoints of the level that passed. */
  passed: z.int().nonnegative(),
  /** Checkpoints of the level that applied (passed or failed). */
  applicable: z.int().nonnegative(),
});
export type LevelTally = z.infer<typeof LevelTallySchema>;

/** How a trial's score came about, so pages can explain it (computed by `scoreTrial`, never stored in a record). */
export const TrialScoreSchema = z.strictObject({
  /** 0 when any MUST failed; else passed SHOULD / applicable SHOULD; 1 when no SHOULD applies. */
  score: ShareSchema,
  /** Slugs of failed MUST checkpoints, in verdict order. */
  mustFailed: z.array(SlugSchema),
  /** Slugs of failed checkpoints left out as consequences of another failure (`verdict.consequenceOf`), in order. */
  consequences: z.array(SlugSchema),
  /** SHOULD tally (not-applicable excluded). */
  should: LevelTallySchema,
  /** MAY tally (not-applicable excluded). Never moves the score; breaks ties. */
  may: LevelTallySchema,
});
export type TrialScore = z.infer<typeof TrialScoreSchema>;

/** A closed interval of shares: a 95 % bootstrap interval of a mean (equal ends when the data has no spread). */
export const IntervalSchema = z.strictObject({
  /** Lower end (2.5 % quantile of the bootstrap means). */
  lo: ShareSchema,
  /** Upper end (97.5 % quantile of the bootstrap means). */
  hi: ShareSchema,
});
export type Interval = z.infer<typeof IntervalSchema>;

/** A cell: one subject × scenario × docs axis, aggregated over its k trials (computed by `aggregateCell`). */
export const CellSchema = z.strictObject({
  /** Mean score over completed trials; `null` when none completed (the cell shows no score). */
  mean: ShareSchema.nullable(),
  /** Completed trials counted in the mean. */
  k: z.int().nonnegative(),
  /** Infra-error trials, excluded from everything but footnotes. */
  infraErrors: z.int().nonnegative(),
  /** Contaminated trials (a planted secret reached the subject), excluded likewise. */
  contaminated: z.int().nonnegative(),
  /** Mean MAY passes over completed trials (tie-breaker); 0 when none. */
  mayTally: z.number().nonnegative(),
  /** Lowest completed score, for spread display; `null` when none. */
  min: ShareSchema.nullable(),
  /** Highest completed score, for spread display; `null` when none. */
  max: ShareSchema.nullable(),
  /** 95 % percentile-bootstrap interval of `mean` over the cell's trial scores (k = 1: the point); `null` when none. */
  interval: IntervalSchema.nullable(),
  /** Completed trials that passed: score 1, i.e. no failed MUST and every applicable SHOULD passed. */
  passed: z.int().nonnegative(),
  /** pass@1: `passed / k`, the chance one trial passes; `null` when none completed. */
  passAt1: ShareSchema.nullable(),
  /** pass^k for k = `method.passHatK`: C(passed, k) / C(k trials, k), the chance k trials all pass; `null` when fewer ran. */
  passHatK: ShareSchema.nullable(),
});
export type Cell = z.infer<typeof CellSchema>;

/** Lowest and highest of a set of scores; both `null` when the set is empty. */
export const RangeSchema = z.strictObject({
  /** Smallest value, `null` for an empty set. */
  min: ShareSchema.nullable(),
  /** Largest value, `null` for an empty set. */
  max: ShareSchema.nullable(),
});
export type Range = z.infer<typeof RangeSchema>;
