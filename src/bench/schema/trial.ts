import { z } from 'zod';
import { DocsAxisSchema, RevisionSchema, RoleSchema, SlugSchema, TimestampSchema } from './common.ts';
import { SubjectSchema } from './subject.ts';
import { UsageSchema } from './usage.ts';
import { VerdictSchema } from './verdict.ts';

/** Format tag of a trial record. Bump the number on any breaking change; derive rejects unknown formats. */
export const TRIAL_FORMAT = 'mcpfs.trial/1';

/** The trial's identity and conditions. */
export const TrialInfoSchema = z.strictObject({
  /** Unique trial id, used in URLs (`/trials/<id>/`): lower-case `[a-z0-9-]`, 6–100 chars. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{5,99}$/, 'must be 6–100 chars of [a-z0-9-]'),
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Role the subject implemented. */
  role: RoleSchema,
  /** Scenario id (a file `scenarios/<revision>/<role>/<scenario>.json` must exist). */
  scenario: SlugSchema,
  /** Docs axis. */
  docs: DocsAxisSchema,
  /** Repetition index within its cell, from 1. */
  k: z.int().positive(),
  /** When the trial started (UTC). */
  startedAt: TimestampSchema,
  /** When the trial ended (UTC). */
  endedAt: TimestampSchema,
  /** Version of this benchmark's runner (package.json version) that produced the record. */
  runnerVersion: z.string().min(1),
  /** How the subject's processes were isolated: `netns` (own network namespace, loopback only), `docker`, or `none`. */
  isolation: z.enum(['netns', 'docker', 'none']).default('none'),
  /** Commit of the pinned spec the scenario quotes (40 hex). */
  specCommit: z.string().regex(/^[0-9a-f]{40}$/, 'must be a 40-hex commit'),
});
export type TrialInfo = z.infer<typeof TrialInfoSchema>;

/** File names of a record's sidecars, relative to the record's folder. */
export const SidecarsSchema = z.strictObject({
  /** Wire log (JSONL of wire events). Required: verdicts are re-judged from it. */
  wire: z.string().regex(/^[^/\\]+\.wire\.jsonl$/, 'must be "<name>.wire.jsonl" in the same folder'),
  /** Agent transcript (JSONL, e.g. a pi session file as is). Optional. */
  transcript: z
    .string()
    .regex(/^[^/\\]+\.transcript\.jsonl$/, 'must be "<name>.transcript.jsonl" in the same folder')
    .optional(),
});

/**
 * A trial record: a small header apart from the bulky wire log and transcript sidecars.
 * It never stores a score: scores are always derived from the verdicts, and verdicts are re-judged from the wire log.
 */
export const TrialRecordSchema = z
  .strictObject({
    /** Format tag, first field: `mcpfs.trial/1`. */
    format: z.literal(TRIAL_FORMAT),
    /** JSON Schema for editors (`/schema/trial.json`). */
    $schema: z.string().optional(),
    /** Identity and conditions. */
    trial: TrialInfoSchema,
    /** Who produced it. */
    subject: SubjectSchema,
    /** `infra-error` when the harness (not the subject) failed; such trials are excluded everywhere. */
    status: z.enum(['completed', 'infra-error']),
    /** Why the harness failed; required with `infra-error`. */
    infraReason: z.string().min(1).optional(),
    /** One verdict per checkpoint of the scenario, in scenario order (empty for infra-error). */
    verdicts: z.array(VerdictSchema),
    /** Consumption, when known. */
    usage: UsageSchema.default({}),
    /** Sidecar file names. */
    sidecars: SidecarsSchema,
  })
  .superRefine((r, ctx) => {
    if (r.status === 'infra-error' && !r.infraReason) {
      ctx.addIssue({ code: 'custom', path: ['infraReason'], message: 'required when status is "infra-error"' });
    }
    if (r.status === 'completed' && r.infraReason) {
      ctx.addIssue({ code: 'custom', path: ['infraReason'], message: 'only allowed when status is "infra-error"' });
    }
  });
export type TrialRecord = z.infer<typeof TrialRecordSchema>;
