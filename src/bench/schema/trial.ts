import { z } from 'zod';
import { boundedString, DocsAxisSchema, RevisionSchema, RoleSchema, SlugSchema, TimestampSchema } from './common.ts';
import { SubjectSchema } from './subject.ts';
import { SandboxInfoSchema } from './sandbox.ts';
import { UsageSchema } from './usage.ts';
import { VerdictSchema } from './verdict.ts';

/**
 * Format tag of a trial record. Bump the number on any breaking change; derive rejects unknown formats.
 * `/3`: records seal their wire log (`wireChain`), and the wire log is `mcpfs.wire/2` (hash-chained lines).
 */
export const TRIAL_FORMAT = 'mcpfs.trial/3';

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
  /** Benchmark version that produced the record (`scenarios/versions.json`, = package.json `version`). */
  benchmarkVersion: z.string().regex(/^\d+\.\d+\.\d+$/, 'must be a semver version, e.g. "1.2.0"'),
  /** Content hash of the scenario as given to the subject (prompt, tools, checkpoints): which scenario version this trial ran. */
  scenarioHash: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'must be "sha256:" and 64 hex digits'),
  /** How the subject's processes were isolated: `netns` (own network namespace, loopback only), `docker`, or `none`. */
  isolation: z.enum(['netns', 'docker', 'none']).default('none'),
  /** `docker` only: the container's image and limits. */
  sandbox: SandboxInfoSchema.optional(),
  /** The run this trial belongs to (`runs/<id>.json`, or `runs/examples/<id>.json`), when it came from a sweep. */
  run: SlugSchema.max(80).optional(),
  /** Commit of the pinned spec the scenario quotes (40 hex). */
  specCommit: z.string().regex(/^[0-9a-f]{40}$/, 'must be a 40-hex commit'),
});
export type TrialInfo = z.infer<typeof TrialInfoSchema>;

/** One planted canary: where it was put, and the random value (unique per trial). */
export const CanarySchema = z.strictObject({
  /** Where the value was planted, e.g. `harness-env`, `model-key`, `auth-json`, `user-home`, `project-file`. */
  where: SlugSchema,
  /**
   * The random value (never a real secret: it exists only for this trial); `mcpfs-proxy-key-…` is the trial's dummy
   * model-proxy key (`where: "proxy-key"`), a canary too.
   */
  value: z
    .string()
    .regex(
      /^mcpfs-(canary|proxy-key)-[0-9a-f]{24}$/,
      'must be "mcpfs-canary-" (or, the proxy key, "mcpfs-proxy-key-") and 24 hex digits',
    ),
});
export type Canary = z.infer<typeof CanarySchema>;

/** A canary found where the subject could reach it: which one, and in what (workspace file, wire log, transcript). */
export const ContaminationSchema = z.strictObject({
  /** The canary's `where`. */
  canary: SlugSchema,
  /** `wire` (what the subject sent or served), `transcript`, or `workspace:<path>` (a file left at session end). */
  foundIn: z.string().min(1).max(300),
});
export type Contamination = z.infer<typeof ContaminationSchema>;

/**
 * The record's seal on its wire log: how many event lines follow the header, and the `h` of the last line (the head
 * of the log's hash chain; the header's `h` when there are no events). See `src/bench/derive/wire-chain.ts`.
 */
export const WireChainSchema = z.strictObject({
  /** Number of event lines after the header. */
  events: z.int().nonnegative(),
  /** `h` of the wire log's last line: 16 lower-case hex digits. */
  head: z.string().regex(/^[0-9a-f]{16}$/, 'must be 16 lower-case hex digits'),
});
export type WireChain = z.infer<typeof WireChainSchema>;

/** File names of a record's sidecars, relative to the record's folder. */
export const SidecarsSchema = z.strictObject({
  /** Wire log (JSONL of wire events). Required: verdicts are re-judged from it. */
  wire: z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(/^[^/\\]+\.wire\.jsonl$/, 'must be "<name>.wire.jsonl" in the same folder'),
  /** Agent transcript (JSONL, e.g. a pi session file as is). Optional. */
  transcript: z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(/^[^/\\]+\.transcript\.jsonl$/, 'must be "<name>.transcript.jsonl" in the same folder')
    .optional(),
  /**
   * Solution snapshot (agent trials): the workspace at session end and the processes that did the work
   * (`mcpfs.snapshot/1`, see `snapshot.ts`). What `npm run verify` re-runs. A verification sidecar is not named here:
   * it is written later, beside the record, as `<name>.verification.jsonl`.
   */
  snapshot: z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(/^[^/\\]+\.snapshot\.jsonl$/, 'must be "<name>.snapshot.jsonl" in the same folder')
    .optional(),
  /**
   * Model traffic (subjects that talk to a model): every exchange between the harness and the trial's model-API proxy,
   * bodies as they passed (`mcpfs.model-traffic/1`, see `model-traffic.ts`). Usage marked `source: "proxy"` is
   * re-computed from it.
   */
  model: z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(/^[^/\\]+\.model\.jsonl$/, 'must be "<name>.model.jsonl" in the same folder')
    .optional(),
});

/**
 * A trial record: a small header apart from the bulky wire log and transcript sidecars.
 * It never stores a score: scores are always derived from the verdicts, and verdicts are re-judged from the wire log.
 */
export const TrialRecordSchema = z
  .strictObject({
    /** Format tag, first field: `mcpfs.trial/3`. */
    format: z.literal(TRIAL_FORMAT),
    /** JSON Schema for editors (`/schema/trial.json`). */
    $schema: boundedString(200).optional(),
    /** Identity and conditions. */
    trial: TrialInfoSchema,
    /** Who produced it. */
    subject: SubjectSchema,
    /**
     * `infra-error` when the harness (not the subject) failed; `contaminated` when a canary of the trial turned up in
     * what the subject left or sent (it reached something the sandbox should have hidden). Both are excluded everywhere.
     */
    status: z.enum(['completed', 'infra-error', 'contaminated']),
    /** Why the harness failed; required with `infra-error`. */
    infraReason: boundedString(2000, 1).optional(),
    /**
     * Random values planted for this trial where secrets live in a real run (harness env, model key, auth.json, homes,
     * the project folder); absent when the runner planted none. Kept so derive can re-scan the sidecars for them.
     */
    canaries: z.array(CanarySchema).max(100, 'must list at most 100 canaries').optional(),
    /** Where canaries were found; required with `contaminated`. */
    contamination: z.array(ContaminationSchema).min(1).max(100, 'must list at most 100 findings').optional(),
    /** One verdict per checkpoint of the scenario, in scenario order (empty for infra-error). */
    verdicts: z.array(VerdictSchema).max(1000, 'must hold at most 1000 verdicts'),
    /** Consumption, when known. */
    usage: UsageSchema.default({}),
    /** Sidecar file names. */
    sidecars: SidecarsSchema,
    /** The seal on the wire log: its event count and the head of its hash chain. */
    wireChain: WireChainSchema,
  })
  .superRefine((r, ctx) => {
    if ((r.status === 'contaminated') !== (r.contamination !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['contamination'],
        message:
          r.status === 'contaminated'
            ? 'required when status is "contaminated"'
            : 'only allowed when status is "contaminated"',
      });
    }
    if (r.status === 'infra-error' && !r.infraReason) {
      ctx.addIssue({ code: 'custom', path: ['infraReason'], message: 'required when status is "infra-error"' });
    }
    if (r.status === 'completed' && r.infraReason) {
      ctx.addIssue({ code: 'custom', path: ['infraReason'], message: 'only allowed when status is "infra-error"' });
    }
  });
export type TrialRecord = z.infer<typeof TrialRecordSchema>;
