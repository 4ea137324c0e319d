// Cells and boards as the data set publishes them: scores aggregated by src/bench/scoring, ranked by derive.
import { z } from 'zod';
import { DocsAxisSchema, RevisionSchema, RoleSchema, SlugSchema } from './common.ts';
import { IsolationTallySchema } from './isolation.ts';
import { CellSchema, IntervalSchema, ShareSchema } from './score.ts';
import { SubjectKindSchema, SubjectSchema } from './subject.ts';
import { TrialInfoSchema } from './trial.ts';

/** `<role>/<scenario>`: how boards key their scenario columns. */
export const ColumnKeySchema = z
  .string()
  .regex(/^(client|server)\/[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be "<role>/<scenario id>"');
export type ColumnKey = z.infer<typeof ColumnKeySchema>;

/** Subject × scenario × docs, over its k trials (current scenario version only). */
export const CellRowSchema = z.strictObject({
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
  /** The aggregate over the cell's trials. */
  cell: CellSchema,
  /** Trial ids in k order (completed, infra-error and contaminated). */
  trials: z.array(TrialInfoSchema.shape.id),
  /** How those trials (every status) were isolated: trials per kind, and whether the cell mixes kinds. */
  isolation: IsolationTallySchema,
});
export type CellRow = z.infer<typeof CellRowSchema>;

/** Score of a subject over a set of scenarios: the mean of its present cell means. */
export const AggregateSchema = z.strictObject({
  /** Mean of the present cells' means; `null` when none is present. */
  mean: ShareSchema.nullable(),
  /** Cells with a score. */
  present: z.int().nonnegative(),
  /** Cells the set has (one per scenario). */
  expected: z.int().nonnegative(),
  /** Whether every expected cell has a score (incomplete rows rank after complete ones). */
  complete: z.boolean(),
  /**
   * 95 % cluster-bootstrap interval of `mean`: resample the present scenarios, then each one's trials, and average
   * the scenario means (`method.bootstrap`); `null` when no cell has a score.
   */
  interval: IntervalSchema.nullable(),
  /** Mean of the present cells' pass@1; `null` when none is present. */
  passAt1: ShareSchema.nullable(),
  /** Mean of the present cells' pass^k; `null` when none is present or any present cell ran fewer than k trials. */
  passHatK: ShareSchema.nullable(),
});
export type Aggregate = z.infer<typeof AggregateSchema>;

/** Where a row's cost comes from: pi's own figure, the dated price table, or some trials each way. */
export const CostSourceSchema = z.enum(['reported', 'price-table', 'mixed']);
export type CostSource = z.infer<typeof CostSourceSchema>;

/** Mean usage over a row's completed trials, per field of `UsageSchema`, when any trial reported it (means: not integers). */
export const MeanUsageSchema = z.strictObject({
  /**
   * Mean cost per trial (US$) over the trials with a cost: pi's reported cost when above 0, else tokens × the dated
   * price table (`method.prices`) when the model is in it. Agents only: other subjects have no cost (absent, not 0).
   */
  costUsd: z.number().nonnegative().optional(),
  /** Where `costUsd` comes from; present exactly when it is. */
  costSource: CostSourceSchema.optional(),
  /** Mean input tokens per trial. */
  inputTokens: z.number().nonnegative().optional(),
  /** Mean output tokens per trial. */
  outputTokens: z.number().nonnegative().optional(),
  /** Mean wall time per trial (ms). */
  wallTimeMs: z.number().nonnegative().optional(),
  /** Mean tool calls per trial. */
  toolCalls: z.number().nonnegative().optional(),
});
export type MeanUsage = z.infer<typeof MeanUsageSchema>;

/** One row of a board (revision × docs × subject kind). */
export const BoardRowSchema = z.strictObject({
  /** Subject id. */
  subject: SubjectSchema.shape.id,
  /** Subject display name. */
  label: SubjectSchema.shape.label,
  /** Subject kind (the board's). */
  kind: SubjectKindSchema,
  /** Over every scenario of the revision. */
  overall: AggregateSchema,
  /** Over the client-role scenarios. */
  client: AggregateSchema,
  /** Over the server-role scenarios. */
  server: AggregateSchema,
  /** Keyed `<role>/<scenario>`; missing = never run. */
  cells: z.record(ColumnKeySchema, CellSchema),
  /** Sum of the cells' MAY tallies. */
  mayTally: z.number().nonnegative(),
  /** Smallest k over present cells (k = 1 is flagged on the board); 0 when no cell has a completed trial. */
  minK: z.int().nonnegative(),
  /** `minK < method.minK`: some cell has too few trials for its interval to mean much (a row without scores too). */
  provisional: z.boolean(),
  /** Means over completed trials, when known. */
  usage: MeanUsageSchema,
  /** Infra-error trials over the row's cells (excluded from its scores). */
  infraErrors: z.int().nonnegative(),
  /** How the row's trials (every trial of its cells, any status) were isolated: trials per kind, and whether they mix kinds. */
  isolation: IsolationTallySchema,
  /** Re-run verification over the row's completed trials (current scenario versions: the trials its scores are made of). */
  verified: z.strictObject({
    /** Those whose re-run agrees with the record on every checkpoint (verification status `agrees`). */
    agrees: z.int().nonnegative(),
    /** The row's completed trials. */
    of: z.int().nonnegative(),
  }),
  /**
   * Position on the board, from 1 (board order: complete rows first, then score, MAY tally, name; on a role board by
   * score over the scenarios the row attempted, then MAY tally, name).
   */
  rank: z.int().positive(),
  /**
   * The rank band the row shares: positions `first`…`last` of the run of rows, in board order, whose overall interval
   * overlaps that of the run's first row (same completeness; a row without an interval is a band of its own).
   */
  rankBand: z.strictObject({
    /** Position of the band's first row. */
    first: z.int().positive(),
    /** Position of the band's last row (`first` when the row stands alone). */
    last: z.int().positive(),
  }),
});
export type BoardRow = z.infer<typeof BoardRowSchema>;

/** A library that speaks another protocol version than the board's revision: listed beside the board, never ranked. */
export const OtherVersionRowSchema = z.strictObject({
  /** Subject id `library/<package>@<version>`. */
  subject: SubjectSchema.shape.id,
  /** Subject display name. */
  label: SubjectSchema.shape.label,
  /** The protocol version it answers an initialize asking for the board's revision with. */
  negotiates: z.string().min(1),
  /** Why it is not run on this revision (the registry's reason). */
  reason: z.string().min(1),
});
export type OtherVersionRow = z.infer<typeof OtherVersionRowSchema>;

/**
 * One board: revision × docs axis × subject kind, and for libraries × role. A library is a server or a client, so
 * library rows are ranked among libraries of the same role, by that role's scenarios only.
 */
export const BoardSchema = z.strictObject({
  /** Protocol revision. */
  revision: RevisionSchema,
  /** Docs axis. */
  docs: DocsAxisSchema,
  /** Subject kind. */
  kind: SubjectKindSchema,
  /**
   * The role whose scenarios the board covers (library boards), or `null`: every scenario of the revision (agent and
   * calibration boards). On a role board a row's `overall` is its score over that role's scenarios, and rows rank by
   * it over the scenarios they attempted, their coverage (`overall.present` of `overall.expected`) shown beside it.
   */
  role: RoleSchema.nullable(),
  /** Libraries of this revision and role that speak another protocol version: shown greyed, out of the ranking. */
  others: z.array(OtherVersionRowSchema),
  /** Column keys `<role>/<scenario>`, client before server, by grade then id. */
  columns: z.array(ColumnKeySchema),
  /** Rows in board order. */
  rows: z.array(BoardRowSchema),
  /**
   * Library boards: the rows of older releases that a newer release of the same library replaces (release history on
   * the library's page), unranked, by subject id; empty on other boards.
   */
  earlier: z.array(BoardRowSchema.omit({ rank: true, rankBand: true })).default([]),
  /** Infra-error trials over all rows (the board's footnote). */
  infraErrors: z.int().nonnegative(),
});
export type Board = z.infer<typeof BoardSchema>;
