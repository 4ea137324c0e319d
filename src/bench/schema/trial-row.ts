// One trial as the data set lists it: the record's header fields (the same schemas as the record), its verdicts, the
// score derive computed from them, its files and its pinned-schema report.
import { z } from 'zod';
import { ContaminationSchema, TrialInfoSchema, TrialRecordSchema } from './trial.ts';
import { SubjectSchema } from './subject.ts';
import { UsageSchema } from './usage.ts';
import { VerdictSchema } from './verdict.ts';
import { TrialScoreSchema } from './score.ts';
import { TrialSchemaReportSchema } from './schema-report.ts';
import { TrialVerificationSchema } from './verification-row.ts';

/** A project-relative path of a file under `results/`. */
const ResultPathSchema = z.string().regex(/^results\/[^\\]+$/, 'must be a project-relative path under results/');

/** Where a trial's record and sidecars are, project-relative (the site publishes them byte for byte). */
export const TrialFilesSchema = z.strictObject({
  /** The record (`results/…/k<k>.json`). */
  record: ResultPathSchema,
  /** Its wire log. */
  wire: ResultPathSchema,
  /** Its agent transcript, when it has one. */
  transcript: ResultPathSchema.optional(),
  /** Its solution snapshot (`<name>.snapshot.jsonl`, agent trials), when it has one. */
  snapshot: ResultPathSchema.optional(),
  /** Its re-run verification (`<name>.verification.jsonl`, written by `npm run verify`), when it has one. */
  verification: ResultPathSchema.optional(),
  /** Its model traffic (`<name>.model.jsonl`, subjects that talked to a model through the trial's proxy). */
  model: ResultPathSchema.optional(),
});
export type TrialFiles = z.infer<typeof TrialFilesSchema>;

/** One trial, validated and scored. */
export const TrialRowSchema = z.strictObject({
  /** Unique trial id (record `trial.id`). */
  id: TrialInfoSchema.shape.id,
  /** Protocol revision. */
  revision: TrialInfoSchema.shape.revision,
  /** Role the subject implemented. */
  role: TrialInfoSchema.shape.role,
  /** Scenario id. */
  scenario: TrialInfoSchema.shape.scenario,
  /** Docs axis. */
  docs: TrialInfoSchema.shape.docs,
  /** Repetition index within its cell, from 1. */
  k: TrialInfoSchema.shape.k,
  /** Who produced it (record `subject`). */
  subject: SubjectSchema,
  /** `completed`, `infra-error` (the harness failed) or `contaminated` (a planted secret reached the subject). */
  status: TrialRecordSchema.shape.status,
  /** Why the harness failed (infra-error trials). */
  infraReason: TrialRecordSchema.shape.infraReason,
  /** Where the trial's canaries turned up (contaminated trials). */
  contamination: z.array(ContaminationSchema).min(1).optional(),
  /** When the trial started (UTC). */
  startedAt: TrialInfoSchema.shape.startedAt,
  /** When the trial ended (UTC). */
  endedAt: TrialInfoSchema.shape.endedAt,
  /** Benchmark version that produced the record. */
  benchmarkVersion: TrialInfoSchema.shape.benchmarkVersion,
  /** Scenario version (content hash) the trial ran. */
  scenarioHash: TrialInfoSchema.shape.scenarioHash,
  /** Whether that is the scenario's current version: only current trials count on boards and in the gate. */
  current: z.boolean(),
  /** How the subject's processes were isolated (`netns`, `docker`, `none`). */
  isolation: TrialInfoSchema.shape.isolation,
  /** `docker` trials: the container's image (recipe hash and content id), limits and capabilities, as recorded. */
  sandbox: TrialInfoSchema.shape.sandbox,
  /** The run (manifest `runs/<id>.json` or `runs/examples/<id>.json`) the trial came from, when it came from a sweep. */
  run: TrialInfoSchema.shape.run,
  /** Commit of the pinned spec the scenario quotes. */
  specCommit: TrialInfoSchema.shape.specCommit,
  /** The verdicts as stored (and re-judged equal), one per checkpoint (none for infra-error). */
  verdicts: z.array(VerdictSchema),
  /** `null` for infra-error and contaminated trials: they are never scored. */
  score: TrialScoreSchema.nullable(),
  /** What the trial consumed, when known. */
  usage: UsageSchema,
  /** Project-relative paths of the record and its sidecars. */
  files: TrialFilesSchema,
  /**
   * Its JSON-RPC messages validated against the revision's pinned schema (harness and subject alike). Findings are
   * evidence beside the verdicts (each names the checkpoints whose evidence touches its exchange); they never change
   * a verdict or the score.
   */
  schema: TrialSchemaReportSchema,
  /** The re-run verification of the stored solution, compared with the record (absent: never verified). */
  verification: TrialVerificationSchema.optional(),
  /** The trial's wall time, `endedAt − startedAt` in milliseconds (never negative: derive rejects a record ending before it starts). */
  durationMs: z.int().nonnegative(),
  /** How many requests its wire log holds (one replay exchange each). */
  requests: z.int().nonnegative(),
  /** The record's wire seal (`wireChain.head`): the replay pages check the log they read still ends there. */
  wireHead: z.string().regex(/^[0-9a-f]{16}$/, 'must be 16 lower-case hex digits'),
});
export type TrialRow = z.infer<typeof TrialRowSchema>;

/** A trial that was scored (completed: infra-error and contaminated trials carry `score: null`). */
export type ScoredTrialRow = TrialRow & { score: NonNullable<TrialRow['score']> };

/** Whether the trial was scored; a guard, so `t.score.score` needs no `!` after it. */
export const isScored = (t: TrialRow): t is ScoredTrialRow => t.score !== null;
