import { z } from 'zod';
import { RevisionSchema, RoleSchema, SlugSchema } from './common.ts';
import { RangeSchema, ShareSchema } from './score.ts';
import { SubjectSchema } from './subject.ts';

/** What the calibration gate saw of one subject's trials on one scenario. */
const GateTrialsSchema = z.strictObject({
  /** Completed (scored) trials. */
  trials: z.int().nonnegative(),
  /** Their scores, in trial order. */
  scores: z.array(ShareSchema),
});

/** Calibration status of one scenario: what the build's gate checked. */
export const CalibrationRowSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Role of the scenario. */
  role: RoleSchema,
  /** Scenario id. */
  scenario: SlugSchema,
  /** The oracle: must score 1 with no failing verdict. */
  oracle: GateTrialsSchema.extend({
    /** Checkpoints some oracle trial failed (must be none), sorted. */
    failing: z.array(SlugSchema),
  }),
  /** The null implementation: must score 0. */
  null: GateTrialsSchema,
  /** The cheating subject: its scores (must be 0) and how many of its trials reached a planted secret (must be 0). */
  cheater: z.strictObject({
    /** Its trials that were not infra-errors. */
    trials: z.int().nonnegative(),
    /** Their scores, `null` for a contaminated trial (never scored). */
    scores: z.array(ShareSchema.nullable()),
    /** Trials that reached a planted secret. */
    contaminated: z.int().nonnegative(),
  }),
  /** Checkpoint slug → mutant subject ids whose trial failed it, sorted. */
  kills: z.record(SlugSchema, z.array(SubjectSchema.shape.id)),
  /** Whether the scenario passed the gate. */
  ok: z.boolean(),
  /** Figures of the calibration table, computed from the fields above. */
  summary: z.strictObject({
    /** Range of the oracle's scores. */
    oracle: RangeSchema,
    /** Range of the null implementation's scores. */
    null: RangeSchema,
    /** Range of the cheater's scored (non-contaminated) trials. */
    cheater: RangeSchema,
    /** Checkpoints killed by at least one mutant. */
    killed: z.int().nonnegative(),
    /** Checkpoints of the scenario (`kills` has one key per checkpoint). */
    checkpoints: z.int().nonnegative(),
  }),
});
export type CalibrationRow = z.infer<typeof CalibrationRowSchema>;
