// The libraries board as the data set publishes it (`dataset.libraries`, built by src/bench/derive/libraries.ts from
// libraries/registry.json, libraries/evidence/ and the library trials).
import { z } from 'zod';
import { LevelSchema, RevisionSchema, RoleSchema, SentenceIdSchema, SlugSchema } from './common.ts';
import { EvidenceEntrySchema, NotAttemptedSchema, TransportLineageSchema } from './library.ts';
import { OutcomeSchema } from './verdict.ts';
import { SubjectSchema } from './subject.ts';
import { TrialInfoSchema } from './trial.ts';

/** A registered (library × scenario) that the library cannot do, with the reason. */
export const NotAttemptedRowSchema = z.strictObject({
  /** Revision of the scenario. */
  revision: NotAttemptedSchema.shape.revision,
  /** Role of the scenario. */
  role: NotAttemptedSchema.shape.role,
  /** Scenario id. */
  scenario: NotAttemptedSchema.shape.scenario,
  /** Subject id `library/<package>@<version>`. */
  subject: SubjectSchema.shape.id,
  /** The library's display name (registry `label`). */
  label: SubjectSchema.shape.label,
  /** What the library lacks (registry `reason`). */
  reason: NotAttemptedSchema.shape.reason,
  /** The protocol version the library speaks instead, when that is the reason (registry `negotiates`). */
  negotiates: NotAttemptedSchema.shape.negotiates,
});
export type NotAttemptedRow = z.infer<typeof NotAttemptedRowSchema>;

/** The raw evidence of a failure: the index entry's own fields plus the transcript's path and text. */
export const LibraryEvidenceSchema = EvidenceEntrySchema.omit({
  library: true,
  libraryVersion: true,
  revision: true,
  role: true,
  scenario: true,
  checkpoint: true,
  sentence: true,
}).extend({
  /** Transcript path, project-relative (`libraries/evidence/<transcript>`). */
  file: z.string().min(1),
  /**
   * The script that recorded the transcript, project-relative (`libraries/evidence/<name>.sh`), when the command is
   * `bash <name>.sh` beside the transcript (every entry so far); `null` for any other command.
   */
  script: z.string().min(1).nullable(),
  /** The transcript's text (empty when it is missing: a problem derive reports). */
  text: z.string(),
  /**
   * Set on an earlier release's failure that has no evidence of its own: the newest registered release of the same
   * library fails the same checkpoint, and this is that release's evidence and review (its subject id here). Absent
   * when the evidence was recorded on the failing release itself.
   */
  fromSubject: SubjectSchema.shape.id.optional(),
});
export type LibraryEvidence = z.infer<typeof LibraryEvidenceSchema>;

/**
 * A failing MUST/SHOULD verdict of a library trial, scored or under a contested checkpoint's strict reading (or an
 * evidence entry whose verdict no longer fails).
 */
export const LibraryFailureRowSchema = z.strictObject({
  /** Revision of the trial. */
  revision: EvidenceEntrySchema.shape.revision,
  /** Role of the trial. */
  role: EvidenceEntrySchema.shape.role,
  /** Scenario id. */
  scenario: EvidenceEntrySchema.shape.scenario,
  /** Subject id `library/<package>@<version>`. */
  subject: SubjectSchema.shape.id,
  /** The library's display name. */
  label: SubjectSchema.shape.label,
  /** The failing checkpoint's slug. */
  checkpoint: SlugSchema,
  /** Its level (MUST or SHOULD: MAY failures are not listed). */
  level: LevelSchema,
  /** The sentence it cites; `null` for the task checkpoint. */
  sentence: SentenceIdSchema.nullable(),
  /** The current verdict of that checkpoint in the library's trial (`missing` = no trial). */
  verdict: z.enum(['fail', 'pass', 'not-applicable', 'missing']),
  /** The judge's message (when a trial exists). */
  message: z.string().nullable(),
  /**
   * A contested checkpoint's verdict under the strict reading (shown beside the scored one, never counted); `null`
   * when the checkpoint is not contested or there is no trial.
   */
  strict: z
    .strictObject({
      /** The outcome under the strict reading. */
      verdict: z.enum(['fail', 'pass', 'not-applicable']),
      /** The strict judge's message. */
      message: z.string(),
    })
    .nullable(),
  /** The failed checkpoint this failure follows from (the verdict's `consequenceOf`), `null` when none. */
  consequenceOf: SlugSchema.nullable(),
  /**
   * The glue program that drove the library in this revision and role, project-relative (`libraries/<glue>`, from
   * the registry); `null` when the registry has none.
   */
  glue: z.string().min(1).nullable(),
  /** Id of the library's trial, `null` when there is none. */
  trial: TrialInfoSchema.shape.id.nullable(),
  /** The raw evidence (null: none recorded yet). */
  evidence: LibraryEvidenceSchema.nullable(),
});
export type LibraryFailureRow = z.infer<typeof LibraryFailureRowSchema>;

/** One registered library release as its pages describe it. */
export const RegisteredLibrarySchema = z.strictObject({
  /** Subject id `library/<package>@<version>`. */
  subject: z.string().min(1),
  /** npm package name. */
  library: z.string().min(1),
  /** Exact version. */
  version: z.string().min(1),
  /** Display name (registry `label`). */
  label: z.string().min(1),
  /** Whose transport code it runs (registry `transport`; the server role's when it has both). */
  transport: TransportLineageSchema,
  /** The client role's, when it differs (registry `clientTransport`). */
  clientTransport: TransportLineageSchema.optional(),
  /** A newer registered release of the same library replaces it on the boards (its row is in `board.earlier`). */
  superseded: z.boolean(),
});
export type RegisteredLibrary = z.infer<typeof RegisteredLibrarySchema>;

/** One release of a library with release history: its version and subject. */
export const ReleaseSchema = z.strictObject({
  /** Exact version. */
  version: z.string().min(1),
  /** Subject id `library/<package>@<version>`. */
  subject: z.string().min(1),
  /** Display name (registry `label`). */
  label: z.string().min(1),
  /** Whose transport code it runs (registry `transport`). */
  transport: TransportLineageSchema,
});

/** A checkpoint whose verdict changed between two consecutive releases (both stable across their repetitions). */
export const ReleaseFlipSchema = z.strictObject({
  revision: RevisionSchema,
  role: RoleSchema,
  scenario: SlugSchema,
  /** Checkpoint slug. */
  checkpoint: SlugSchema,
  /** Its level. */
  level: LevelSchema,
  /** The verdict in every repetition of the earlier release. */
  before: OutcomeSchema,
  /** The verdict in every repetition of the later release. */
  after: OutcomeSchema,
  /** `pass` → `fail`: the later release got worse. */
  regression: z.boolean(),
  /** The earlier release's first trial of the cell. */
  fromTrial: z.string().min(1),
  /** The later release's first trial of the cell. */
  toTrial: z.string().min(1),
});
export type ReleaseFlip = z.infer<typeof ReleaseFlipSchema>;

/** Two consecutive releases compared cell by cell. */
export const ReleasePairSchema = z.strictObject({
  /** The earlier version. */
  from: z.string().min(1),
  /** The later version. */
  to: z.string().min(1),
  /** Cells (revision × role × scenario) both releases ran, the ones compared. */
  compared: z.int().nonnegative(),
  /** Checkpoints flaky in either release of a compared cell: not called a change either way. */
  flaky: z.int().nonnegative(),
  /** Every stable verdict that changed, by revision, role, scenario, checkpoint. */
  flips: z.array(ReleaseFlipSchema),
});
export type ReleasePair = z.infer<typeof ReleasePairSchema>;

/** A library registered at two or more releases: the releases, oldest first, and each consecutive pair. */
export const ReleaseHistorySchema = z.strictObject({
  /** npm package name. */
  library: z.string().min(1),
  /** Releases with at least one trial, oldest first; the last is the one on the boards. */
  releases: z.array(ReleaseSchema).min(2),
  /** Consecutive releases compared, oldest pair first. */
  pairs: z.array(ReleasePairSchema),
});
export type ReleaseHistory = z.infer<typeof ReleaseHistorySchema>;

/** `dataset.libraries`: not-attempted scenarios and every library failure with its raw evidence. */
export const LibrariesViewSchema = z.strictObject({
  /** Scenarios a library cannot do (shown as n/a on the board, never 0), by revision, role, scenario, subject. */
  notAttempted: z.array(NotAttemptedRowSchema),
  /** Failing MUST/SHOULD verdicts of library trials, by revision, subject, role, scenario, checkpoint. */
  failures: z.array(LibraryFailureRowSchema),
  /** Libraries at two or more releases, by package name. */
  releases: z.array(ReleaseHistorySchema),
  /** Every registered library release, by subject id: what its pages say about whose transport it runs. */
  registered: z.array(RegisteredLibrarySchema),
});
export type LibrariesView = z.infer<typeof LibrariesViewSchema>;
