import { z } from 'zod';
import { boundedString, LevelSchema, SentenceIdSchema, SlugSchema } from './common.ts';

/** Outcome of one checkpoint. `not-applicable` (condition absent) counts neither for nor against. */
export const OutcomeSchema = z.enum(['pass', 'fail', 'not-applicable']);
export type Outcome = z.infer<typeof OutcomeSchema>;

/** One judge's decision on one checkpoint of one trial. */
export const VerdictSchema = z.strictObject({
  /** Checkpoint slug; must name a checkpoint of the trial's scenario. */
  checkpoint: SlugSchema,
  /** Cited sentence id (copied from the checkpoint; `null` for the task checkpoint). */
  spec: SentenceIdSchema.nullable(),
  /** Level copied from the checkpoint; must match it. */
  level: LevelSchema,
  /** The outcome. */
  verdict: OutcomeSchema,
  /** Indexes of wire-log exchanges (`x`) that evidence the verdict, ascending. */
  evidence: z.array(z.int().nonnegative()).max(10_000, 'must list at most 10000 exchanges'),
  /** One line: "Expected X, got Y" on fail, what was seen on pass, why on not-applicable. */
  message: boundedString(2000, 1),
  /**
   * For a checkpoint whose reading is contested (`checkpoint.contested`): the verdict under the strict reading,
   * reported beside the scored one and never counted. Absent for every other checkpoint.
   */
  strict: z
    .strictObject({
      /** The outcome under the strict reading. */
      verdict: OutcomeSchema,
      /** Exchanges that evidence it, ascending. */
      evidence: z.array(z.int().nonnegative()).max(10_000, 'must list at most 10000 exchanges'),
      /** One line, as `message`. */
      message: boundedString(2000, 1),
    })
    .optional(),
  /**
   * The failed checkpoint of the same trial this failure follows from (the checkpoint's `consequenceOf`, the first
   * of them that failed): the verdict is shown and never counted in the score. Absent unless the verdict fails.
   */
  consequenceOf: SlugSchema.optional(),
});
export type Verdict = z.infer<typeof VerdictSchema>;
