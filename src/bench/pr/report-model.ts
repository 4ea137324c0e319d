// The model of a pull request's report (`npm run pr-report`): what its records change on the boards, computed from the
// data sets of the base and of the head (diff.ts), printed as Markdown for a PR comment (markdown.ts).
import { z } from 'zod';
import { DocsAxisSchema, RevisionSchema, RoleSchema, SlugSchema } from '../schema/common.ts';
import { ShareSchema } from '../schema/score.ts';
import { SubjectKindSchema, SubjectSchema } from '../schema/subject.ts';
import { TrialInfoSchema, TrialRecordSchema } from '../schema/trial.ts';
import { VerificationStatusSchema } from '../schema/verification-row.ts';

/** Where an agent trial's re-run verification stands: its derived status, or `unverified` (no verification yet). */
export const TrialVerificationStateSchema = z.union([VerificationStatusSchema, z.literal('unverified')]);
export type TrialVerificationState = z.infer<typeof TrialVerificationStateSchema>;

/** A value before and after the pull request; `null` where the base or the head has none. */
const change = <T extends z.ZodType>(t: T) =>
  z.strictObject({
    /** In the base's data set. */
    old: t.nullable(),
    /** In the head's data set. */
    new: t.nullable(),
  });

/** One board row the pull request adds, changes, removes or only moves. */
export const RowChangeSchema = z.strictObject({
  /** Subject id. */
  subject: SubjectSchema.shape.id,
  /** Subject display name (from the head, else the base). */
  label: SubjectSchema.shape.label,
  /** `added`/`removed`: the row is new / gone; `changed`: its trials changed; `moved`: only its rank changed. */
  change: z.enum(['added', 'changed', 'removed', 'moved']),
  /** Overall score (mean of the present cells' means). */
  score: change(ShareSchema),
  /** Position on the board. */
  rank: change(z.int().positive()),
  /** Score over the client-role scenarios. */
  client: change(ShareSchema),
  /** Score over the server-role scenarios. */
  server: change(ShareSchema),
});
export type RowChange = z.infer<typeof RowChangeSchema>;

/** The changed rows of one board (revision × docs axis × subject kind); boards without changes are left out. */
export const BoardChangeSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Docs axis. */
  docs: DocsAxisSchema,
  /** Subject kind. */
  kind: SubjectKindSchema,
  /** The board's role (library boards are one per role), or `null`: every scenario of the revision. */
  role: RoleSchema.nullable(),
  /** Rows by change (added, changed, removed, moved), then by new rank, then subject. */
  rows: z.array(RowChangeSchema),
});
export type BoardChange = z.infer<typeof BoardChangeSchema>;

/** A trial the pull request adds or changes, as the head's data set has it. */
export const ReportTrialSchema = z.strictObject({
  /** Trial id (its replay page is `/trials/<id>/`). */
  id: TrialInfoSchema.shape.id,
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Role. */
  role: RoleSchema,
  /** Scenario id. */
  scenario: SlugSchema,
  /** Docs axis. */
  docs: DocsAxisSchema,
  /** Repetition index. */
  k: z.int().positive(),
  /** Subject id. */
  subject: SubjectSchema.shape.id,
  /** Trial status. */
  status: TrialRecordSchema.shape.status,
  /** Score of a completed trial; `null` otherwise. */
  score: ShareSchema.nullable(),
  /** Why an infra-error trial was not judged, or which canaries a contaminated one reached. */
  reason: z.string().optional(),
  /** `added` or `changed` in this pull request. */
  change: z.enum(['added', 'changed']),
  /** Agent trials only: how its re-run verification (`npm run verify`) compares with the record, or `unverified`. */
  verification: TrialVerificationStateSchema.optional(),
});
export type ReportTrial = z.infer<typeof ReportTrialSchema>;

/** Calibration gate status in the head, against the base. */
export const CalibrationStatusSchema = z.strictObject({
  /** Scenarios whose calibration passes the gate. */
  ok: z.int().nonnegative(),
  /** Scenarios. */
  total: z.int().nonnegative(),
  /** `<revision>/<role>/<scenario>` of the failing ones. */
  failing: z.array(z.string()),
  /** Whether any gate row differs from the base's. */
  changed: z.boolean(),
});

/** Everything a pull request's comment reports. */
export const PrReportSchema = z.strictObject({
  /** What the head is compared with. */
  base: z.strictObject({
    /** The ref given (or `main`). */
    ref: z.string().min(1),
    /** The merge-base commit. */
    commit: z.string().regex(/^[0-9a-f]{40}$/),
  }),
  /** Record files added, changed and removed. */
  records: z.strictObject({
    /** Added. */
    added: z.int().nonnegative(),
    /** Changed. */
    changed: z.int().nonnegative(),
    /** Removed. */
    removed: z.int().nonnegative(),
  }),
  /** `npm run check`'s problems, path-first (empty: it passes). */
  check: z.array(z.string()),
  /** Problems deriving the head's data set (then no board changes can be shown). */
  derive: z.array(z.string()),
  /** Boards with changed rows. */
  boards: z.array(BoardChangeSchema),
  /** Trials added or changed. */
  trials: z.array(ReportTrialSchema),
  /** Calibration gate in the head (null when the head did not derive). */
  calibration: CalibrationStatusSchema.nullable(),
  /** Whether the pull request changes `conformance/` (expectations or the pinned suite). */
  conformanceChanged: z.boolean(),
  /**
   * Re-run verification of the added and changed agent trials: how many agree, disagree, hit an infra error, are stale
   * or not verified yet (each trial's state is in `trials`); null when the head did not derive.
   */
  verification: z
    .strictObject({
      /** Agent trials added or changed. */
      agentTrials: z.int().nonnegative(),
      /** Per state, how many of them. */
      counts: z.record(TrialVerificationStateSchema, z.int().nonnegative()),
    })
    .nullable(),
});
export type PrReport = z.infer<typeof PrReportSchema>;
