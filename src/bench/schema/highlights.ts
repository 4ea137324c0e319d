// The home page's figures per revision: the best rows of each board that has data (with when, by which benchmark
// version and under which isolation they ran), the calibration verdict in one line, and the spec sentences subjects
// miss most. Computed by src/bench/derive/highlights.ts; the site only picks and formats.
import { z } from 'zod';
import { AggregateSchema, BoardRowSchema } from './board.ts';
import { IsolationTallySchema } from './isolation.ts';
import { DocsAxisSchema, LevelSchema, RevisionSchema, RoleSchema, SentenceIdSchema, SlugSchema } from './common.ts';
import { ShareSchema } from './score.ts';
import { SubjectKindSchema, SubjectSchema } from './subject.ts';
import { TrialInfoSchema } from './trial.ts';

/** When, by what and how a board row's trials ran (its current-version trials on that revision × docs axis). */
export const RowMetaSchema = z.strictObject({
  /** Latest `endedAt` over the row's trials; `null` when it has none. */
  lastRun: TrialInfoSchema.shape.endedAt.nullable(),
  /** Distinct benchmark (harness) versions that produced them, sorted. */
  versions: z.array(TrialInfoSchema.shape.benchmarkVersion),
  /** How they were isolated: trials per kind, and whether the row mixes kinds (the board row's own figures). */
  isolation: IsolationTallySchema,
});
export type RowMeta = z.infer<typeof RowMetaSchema>;

/** One of the best rows of a board. */
export const LeaderRowSchema = z.strictObject({
  /** Subject id. */
  subject: SubjectSchema.shape.id,
  /** Subject display name. */
  label: SubjectSchema.shape.label,
  /** Its rank on the board, from 1. */
  rank: z.int().positive(),
  /** The rank band it shares on the board (rows whose intervals overlap: their order is not settled). */
  rankBand: BoardRowSchema.shape.rankBand,
  /** Overall score over the board's scenarios: every scenario of the revision, or one role's (library boards). */
  overall: AggregateSchema,
  /** Mean over the client-role scenarios; `null` when none has a score. */
  client: ShareSchema.nullable(),
  /** Mean over the server-role scenarios; `null` when none has a score. */
  server: ShareSchema.nullable(),
  /** When, by which version, under which isolation. */
  meta: RowMetaSchema,
});
export type LeaderRow = z.infer<typeof LeaderRowSchema>;

/** The top of one board (revision × docs axis × kind) that has rows. */
export const LeaderBoardSchema = z.strictObject({
  /** Subject kind of the board (`agent` or `library`; calibration is summarised as one verdict). */
  kind: SubjectKindSchema,
  /** Docs axis. */
  docs: DocsAxisSchema,
  /** The board's role (library boards, one per role), or `null`: every scenario of the revision. */
  role: RoleSchema.nullable(),
  /** The first rows in board order (at most `HOME_ROWS`). */
  rows: z.array(LeaderRowSchema).min(1),
  /** Rows on the whole board. */
  total: z.int().positive(),
});
export type LeaderBoard = z.infer<typeof LeaderBoardSchema>;

/** The calibration gate of one revision in one line: the worst case of each check over its scenarios. */
export const CalibrationVerdictSchema = z.strictObject({
  /** Scenarios of the revision with a calibration row. */
  scenarios: z.int().nonnegative(),
  /** Of those, how many passed the gate. */
  passing: z.int().nonnegative(),
  /** Lowest oracle score over the scenarios (must be 1); `null` with no oracle trial. */
  oracleMin: ShareSchema.nullable(),
  /** Highest null score (must be 0); `null` with no null trial. */
  nullMax: ShareSchema.nullable(),
  /** Highest cheater score (must be 0); `null` with no scored cheater trial. */
  cheaterMax: ShareSchema.nullable(),
  /** Cheater trials that reached a planted secret (must be 0). */
  contaminated: z.int().nonnegative(),
  /** Checkpoints killed by at least one mutant, summed over the scenarios. */
  killed: z.int().nonnegative(),
  /** Checkpoints over the scenarios. */
  checkpoints: z.int().nonnegative(),
});
export type CalibrationVerdict = z.infer<typeof CalibrationVerdictSchema>;

/** A checkpoint citing a sentence. */
export const CheckpointRefSchema = z.strictObject({
  /** Role of its scenario. */
  role: RoleSchema,
  /** Scenario id. */
  scenario: SlugSchema,
  /** Checkpoint slug. */
  checkpoint: SlugSchema,
});

/** One spec sentence as subjects of one kind fare on it, over the checkpoints that cite it. */
export const MissedSentenceSchema = z.strictObject({
  /** Sentence id of the pinned normative-sentence list. */
  sentence: SentenceIdSchema,
  /** Its RFC 2119 level. */
  level: LevelSchema,
  /** The checkpoints citing it, in matrix column order. */
  checkpoints: z.array(CheckpointRefSchema).min(1),
  /** Failed verdicts over those checkpoints (completed trials, every scenario version). */
  fail: z.int().positive(),
  /** Pass + fail verdicts over them. */
  applicable: z.int().positive(),
  /** `fail / applicable`. */
  failRate: ShareSchema,
  /** Distinct subjects with at least one failed verdict on it. */
  failedBy: z.int().positive(),
  /** Distinct subjects with at least one pass or fail verdict on it. */
  judged: z.int().positive(),
});
export type MissedSentence = z.infer<typeof MissedSentenceSchema>;

/** The sentences one kind of subject misses most on one revision. */
export const MissedStripSchema = z.strictObject({
  /** `agent` or `library`. */
  kind: SubjectKindSchema,
  /** Highest fail rate first, then more failing subjects, then sentence id; at most `HOME_ROWS`, only failed ones. */
  sentences: z.array(MissedSentenceSchema),
});
export type MissedStrip = z.infer<typeof MissedStripSchema>;

/** What the home page shows of one revision. */
export const RevisionHighlightsSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Top rows of each agent and library board with rows: agents first, docs `none` before `full`. */
  leaders: z.array(LeaderBoardSchema),
  /** The calibration gate in one line. */
  calibration: CalibrationVerdictSchema,
  /** Most-missed sentences, agents then libraries, a kind only when it has a completed trial on the revision. */
  missed: z.array(MissedStripSchema),
});
export type RevisionHighlights = z.infer<typeof RevisionHighlightsSchema>;
