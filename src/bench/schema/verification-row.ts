// A re-run verification as the data set lists it: derived by re-judging the verification sidecar's wire log and
// comparing outcomes with the record's verdicts (src/bench/derive/verification.ts). Never stored in a record.
import { z } from 'zod';
import { SlugSchema } from './common.ts';
import { VerificationHeaderSchema } from './verification.ts';
import { OutcomeSchema } from './verdict.ts';

/** An outcome, or `missing` when that side has no verdict for the checkpoint. */
const SideSchema = z.union([OutcomeSchema, z.literal('missing')]);

/** One checkpoint's outcome in the stored record and in the re-run. */
export const CheckpointMatchSchema = z.strictObject({
  /** Checkpoint slug. */
  checkpoint: SlugSchema,
  /** Outcome in the stored record (`missing`: the record has no verdict for it). */
  stored: SideSchema,
  /** Outcome of the re-run, re-judged from the verification's wire log (`missing`: no verdict for it). */
  rerun: SideSchema,
  /** Whether the two outcomes are equal. */
  match: z.boolean(),
});
export type CheckpointMatch = z.infer<typeof CheckpointMatchSchema>;

/**
 * How a re-run compares with the record: `agrees` (every checkpoint's outcome equal), `disagrees` (some differ),
 * `infra-error` (the verifier's harness failed: nothing to compare), `stale` (the record ran an older scenario
 * version than the current one: the re-run is not judged against it).
 */
export const VerificationStatusSchema = z.enum(['agrees', 'disagrees', 'infra-error', 'stale']);
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

/** A trial's re-run verification, derived from its `<name>.verification.jsonl` sidecar. */
export const TrialVerificationSchema = z.strictObject({
  /** When the re-run started (UTC). */
  verifiedAt: VerificationHeaderSchema.shape.verifiedAt,
  /** Commit of this repository the verifier ran. */
  repositoryCommit: VerificationHeaderSchema.shape.repositoryCommit,
  /** Isolation of the re-run. */
  isolation: VerificationHeaderSchema.shape.isolation,
  /** How the re-run compares with the record. */
  status: VerificationStatusSchema,
  /** Why the verifier's harness failed (`infra-error` only). */
  infraReason: VerificationHeaderSchema.shape.infraReason,
  /** Checkpoint by checkpoint, in the record's order, then any the re-run alone has; empty unless agrees/disagrees. */
  checkpoints: z.array(CheckpointMatchSchema),
});
export type TrialVerification = z.infer<typeof TrialVerificationSchema>;
