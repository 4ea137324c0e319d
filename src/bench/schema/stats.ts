// Statistics the site shows that are not a board, a cell or a calibration row: every one is computed by derive
// (src/bench/derive/stats.ts and the modules it calls) so pages only format and lay out numbers.
import { z } from 'zod';
import { DocsAxisSchema, LevelSchema, RevisionSchema, RoleSchema, SlugSchema } from './common.ts';
import { OutcomeSchema } from './verdict.ts';
import { CostSourceSchema } from './board.ts';
import { IsolationTallySchema } from './isolation.ts';
import { IntervalSchema, ShareSchema } from './score.ts';
import { RevisionHighlightsSchema } from './highlights.ts';
import { SubjectKindSchema, SubjectSchema } from './subject.ts';

/** Pass / fail / not-applicable verdicts of one checkpoint over a set of completed trials. */
export const TallySchema = z.strictObject({
  /** Verdicts `pass`. */
  pass: z.int().nonnegative(),
  /** Verdicts `fail`. */
  fail: z.int().nonnegative(),
  /** Verdicts `not-applicable` (count neither way). */
  na: z.int().nonnegative(),
  /** `pass + fail`: the verdicts the rate is over. */
  applicable: z.int().nonnegative(),
  /** Pass rate `pass / applicable`; `null` when the checkpoint never applied. */
  rate: ShareSchema.nullable(),
});
export type Tally = z.infer<typeof TallySchema>;

/** One subject × scenario × docs axis over every trial of it (all scenario versions): per-checkpoint tallies. */
export const TallyRowSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Role of the scenario. */
  role: RoleSchema,
  /** Scenario id. */
  scenario: SlugSchema,
  /** Subject id. */
  subject: SubjectSchema.shape.id,
  /** Docs axis. */
  docs: DocsAxisSchema,
  /** Trials of the group, any status. */
  trials: z.int().positive(),
  /** Completed trials, the ones tallied. */
  completed: z.int().nonnegative(),
  /** How the completed trials (the ones tallied) were isolated: trials per kind, and whether they mix kinds. */
  isolation: IsolationTallySchema,
  /** Checkpoint slug → its tally over the completed trials; a checkpoint no completed trial judged is absent. */
  checkpoints: z.record(SlugSchema, TallySchema),
});
export type TallyRow = z.infer<typeof TallyRowSchema>;

/** One repetition's verdict in a flaky cell. */
export const FlakyRunSchema = z.strictObject({
  /** Trial id. */
  trial: z.string().min(1),
  /** Repetition index within the cell. */
  k: z.int().positive(),
  /** Its verdict on the checkpoint. */
  verdict: OutcomeSchema,
});

/**
 * A checkpoint whose verdict differs between the completed current repetitions of one cell (subject × scenario × docs
 * axis): shown as flaky on the trial, checkpoint and subject pages. Each repetition still counts as it was judged, so
 * the flake is in the cell's mean and its interval.
 */
export const FlakyVerdictSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Role of the scenario. */
  role: RoleSchema,
  /** Scenario id. */
  scenario: SlugSchema,
  /** Docs axis. */
  docs: DocsAxisSchema,
  /** Subject id. */
  subject: SubjectSchema.shape.id,
  /** Checkpoint slug. */
  checkpoint: SlugSchema,
  /** Its level. */
  level: LevelSchema,
  /** Every completed current repetition of the cell that judged the checkpoint, by k. */
  runs: z.array(FlakyRunSchema).min(2),
});
export type FlakyVerdict = z.infer<typeof FlakyVerdictSchema>;

/** A checkpoint as agents fare on it: over completed agent trials of one revision, both docs axes. */
export const MissedCheckpointSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Role of the scenario. */
  role: RoleSchema,
  /** Scenario id. */
  scenario: SlugSchema,
  /** Checkpoint slug. */
  checkpoint: SlugSchema,
  /** Its tally (only checkpoints that applied at least once are listed). */
  tally: TallySchema,
  /** `1 − rate`: the share of applicable verdicts that failed. */
  failRate: ShareSchema,
});
export type MissedCheckpoint = z.infer<typeof MissedCheckpointSchema>;

/** Agent overall scores on one revision × docs axis (the leaderboard's first chart). */
export const AgentScoresSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Docs axis. */
  docs: DocsAxisSchema,
  /** Each agent's overall score, in board order (agents without one left out). */
  scores: z.array(ShareSchema),
  /** How many agents have a score. */
  agents: z.int().nonnegative(),
  /** Mean of `scores`; `null` when there are none. */
  mean: ShareSchema.nullable(),
  /** Lowest of `scores`; `null` when there are none. */
  min: ShareSchema.nullable(),
  /** Highest of `scores`; `null` when there are none. */
  max: ShareSchema.nullable(),
});
export type AgentScores = z.infer<typeof AgentScoresSchema>;

/** One agent on one revision: overall score with no docs and with the full spec, and the difference. */
export const DocsDeltaSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Agent subject id. */
  subject: SubjectSchema.shape.id,
  /** Agent display name. */
  label: SubjectSchema.shape.label,
  /** Overall score with docs `none`; `null` when it has none. */
  none: ShareSchema.nullable(),
  /** Overall score with docs `full`; `null` when it has none. */
  full: ShareSchema.nullable(),
  /** `full − none`, in [−1, 1]; `null` unless both are present. */
  delta: z.number().min(-1).max(1).nullable(),
});
export type DocsDelta = z.infer<typeof DocsDeltaSchema>;

/** One bin of the MUST-failure histogram: how many completed agent trials failed exactly `mustFailed` MUSTs. */
export const MustFailureBinSchema = z.strictObject({
  /** Failed MUST checkpoints per trial. */
  mustFailed: z.int().nonnegative(),
  /** Trials with that many, per revision. */
  counts: z.record(RevisionSchema, z.int().nonnegative()),
});
export type MustFailureBin = z.infer<typeof MustFailureBinSchema>;

/** Completed agent trials by number of failed MUST checkpoints, per revision. */
export const MustFailureHistogramSchema = z.strictObject({
  /** Completed agent trials counted (0: the chart shows its empty state). */
  trials: z.int().nonnegative(),
  /** Largest count of any bin and revision (the chart's y extent); 0 with no trials. */
  peak: z.int().nonnegative(),
  /** Bins 0 … the most MUST failures any trial had (one bin, 0, when there are no trials). */
  bins: z.array(MustFailureBinSchema).min(1),
});
export type MustFailureHistogram = z.infer<typeof MustFailureHistogramSchema>;

/** One agent row of one board with both a score and a cost: a point of the score-vs-cost chart. */
export const ScoreCostPointSchema = z.strictObject({
  /** Docs axis of its board. */
  docs: DocsAxisSchema,
  /** Agent subject id. */
  subject: SubjectSchema.shape.id,
  /** Agent display name. */
  label: SubjectSchema.shape.label,
  /** Overall score. */
  score: ShareSchema,
  /** Its 95 % interval. */
  interval: IntervalSchema,
  /** Mean cost per trial (US$). */
  costUsd: z.number().nonnegative(),
  /** Where the cost comes from. */
  costSource: CostSourceSchema,
  /** Whether the row is provisional (some cell below the minimum k). */
  provisional: z.boolean(),
});
export type ScoreCostPoint = z.infer<typeof ScoreCostPointSchema>;

/** Score against cost on one revision, both docs axes (empty: no agent row with a cost yet). */
export const ScoreCostSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Points in board order, docs `none` then `full`. */
  points: z.array(ScoreCostPointSchema),
  /** Highest cost of any point (the chart's x extent); 0 with no points. */
  maxCostUsd: z.number().nonnegative(),
});
export type ScoreCost = z.infer<typeof ScoreCostSchema>;

/** Subjects per kind. */
export const KindCountsSchema = z.record(SubjectKindSchema, z.int().nonnegative());
export type KindCounts = z.infer<typeof KindCountsSchema>;

/** Counts of one revision, for its page, the leaderboard and the methodology page. */
export const RevisionStatsSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Its scenarios. */
  scenarios: z.int().nonnegative(),
  /** Client-role scenarios. */
  client: z.int().nonnegative(),
  /** Server-role scenarios. */
  server: z.int().nonnegative(),
  /** Checkpoints over its scenarios. */
  checkpoints: z.int().nonnegative(),
  /** Distinct subjects with a row on its boards (either docs axis), per kind. */
  subjects: KindCountsSchema,
  /** Library failures whose raw evidence doubts the verdict (`judge-suspected-wrong`). */
  doubtedLibraryVerdicts: z.int().nonnegative(),
});
export type RevisionStats = z.infer<typeof RevisionStatsSchema>;

/** Counts over the whole data set. */
export const DatasetCountsSchema = z.strictObject({
  /** Trial records. */
  trials: z.int().nonnegative(),
  /** Scenarios over every revision. */
  scenarios: z.int().nonnegative(),
  /** Subjects with at least one trial, per kind. */
  subjects: KindCountsSchema,
});
export type DatasetCounts = z.infer<typeof DatasetCountsSchema>;

/** `dataset.stats`: what the site shows besides boards, cells and calibration rows. */
export const DatasetStatsSchema = z.strictObject({
  /** Counts over the whole data set. */
  counts: DatasetCountsSchema,
  /** Counts per revision, in revision order. */
  revisions: z.array(RevisionStatsSchema),
  /** Agent scores per revision × docs axis, revision then docs order. */
  agentScores: z.array(AgentScoresSchema),
  /** Docs-axis effect per agent, per revision: revision order, then by score (full, else none) descending, then label. */
  docsDelta: z.array(DocsDeltaSchema),
  /** MUST failures per completed agent trial. */
  mustFailures: MustFailureHistogramSchema,
  /** Score against mean cost per trial, per revision in revision order (the score-vs-cost chart). */
  scoreCost: z.array(ScoreCostSchema),
  /** Per-checkpoint tallies per subject × scenario × docs axis (checkpoint matrix and checkpoint pages). */
  tallies: z.array(TallyRowSchema),
  /** Checkpoints whose verdict differs between repetitions of one cell, by revision, role, scenario, subject, slug. */
  flaky: z.array(FlakyVerdictSchema),
  /** Per-checkpoint tallies over agents (the most-missed list): per revision, highest fail rate first, then slug (ties in matrix column order). */
  missed: z.array(MissedCheckpointSchema),
  /** The home page's figures per revision, in revision order: best board rows, calibration verdict, most-missed sentences. */
  highlights: z.array(RevisionHighlightsSchema),
});
export type DatasetStats = z.infer<typeof DatasetStatsSchema>;
