import { z } from 'zod';
import { TimestampSchema } from './common.ts';
import { WireChainSchema } from './trial.ts';

/**
 * Format tag of a verification (the `<name>.verification.jsonl` sidecar written by `npm run verify`): the stored
 * solution was run again in a fresh sandbox. JSONL: line 1 is this header, the rest is the re-run's wire log exactly
 * as recorded (`mcpfs.wire/2`, its own header first). Derive re-judges that log and compares it checkpoint by
 * checkpoint with the record: the agreement shown on the site is derived, never stored.
 */
export const VERIFICATION_FORMAT = 'mcpfs.verification/1';

/** Line 1 of a verification sidecar. */
export const VerificationHeaderSchema = z.strictObject({
  /** Format tag, first field. */
  format: z.literal(VERIFICATION_FORMAT),
  /** The verified record's trial id. */
  trial: z.string().regex(/^[a-z0-9][a-z0-9-]{5,99}$/, 'must be 6–100 chars of [a-z0-9-]'),
  /** SHA-256 of the verified record file's bytes: a changed record voids its verification. */
  record: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'must be "sha256:" and 64 hex digits'),
  /** When the re-run started (UTC). */
  verifiedAt: TimestampSchema,
  /** Commit of this repository the verifier ran (40 hex). */
  repositoryCommit: z.string().regex(/^[0-9a-f]{40}$/, 'must be a 40-hex commit'),
  /** Benchmark version of the verifier. */
  benchmarkVersion: z.string().regex(/^\d+\.\d+\.\d+$/, 'must be a semver version, e.g. "1.2.0"'),
  /** Isolation of the re-run. */
  isolation: z.enum(['netns', 'docker', 'none']),
  /** How the re-run ended: `completed`, or `infra-error` (the harness failed: nothing to compare). */
  status: z.enum(['completed', 'infra-error']),
  /** Why the harness failed; only with `infra-error`. */
  infraReason: z.string().min(1).max(2000).optional(),
  /** Seal on the embedded wire log (event count, chain head), as on a record. */
  wireChain: WireChainSchema,
});
export type VerificationHeader = z.infer<typeof VerificationHeaderSchema>;
