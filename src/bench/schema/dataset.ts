// The one data set the site renders (`generated/dataset.json`, written by `npm run derive`): its contract. Derive's
// output must match it (a test), and the site validates the file against it when it loads it.
import { z } from 'zod';
import { CalibrationRowSchema } from './calibration-row.ts';
import { BoardSchema, CellRowSchema } from './board.ts';
import { CoverageReportSchema } from './coverage-report.ts';
import { LibrariesViewSchema } from './library-view.ts';
import { MethodSchema } from './method.ts';
import { ScenarioSchema } from './scenario.ts';
import { SchemaRevisionStatusSchema } from './schema-report.ts';
import { DatasetStatsSchema } from './stats.ts';
import { SubjectSchema } from './subject.ts';
import { TrialRowSchema } from './trial-row.ts';
import { BenchmarkVersionSchema, VersionRowSchema } from './versions.ts';
import { ArchiveRowSchema } from './archive.ts';

/**
 * Format tag of the data set. Additive changes keep it; a breaking change bumps the number. `/2`: the home leader
 * rows' `meta.isolation` is the trials per isolation kind (an `IsolationTally`), no longer the list of distinct kinds.
 * `/3`: library boards are one per role (`board.role`, `leaders[].role`), ranked by that role's scenarios, and list
 * the libraries that speak another protocol version (`board.others`).
 */
export const DATASET_FORMAT = 'mcpfs.dataset/3';

/** The one data set the site renders. Deterministic: same inputs → byte-identical JSON. */
export const DatasetSchema = z.strictObject({
  /** Format tag, `mcpfs.dataset/2`. */
  format: z.literal(DATASET_FORMAT),
  /** Every scenario, revision order, then board column order. */
  scenarios: z.array(ScenarioSchema),
  /** Every subject with a trial, by id. */
  subjects: z.array(SubjectSchema),
  /** Every trial, by record path. */
  trials: z.array(TrialRowSchema),
  /** Cells over the current-version trials. */
  cells: z.array(CellRowSchema),
  /** One board per revision × docs axis × subject kind. */
  boards: z.array(BoardSchema),
  /** The calibration gate, one row per scenario. */
  calibration: z.array(CalibrationRowSchema),
  /** Pinned-schema validation: per revision checked or skipped (and why), and how many findings each side has. */
  schema: z.strictObject({
    /** One status per revision. */
    revisions: z.array(SchemaRevisionStatusSchema),
    /** Findings over every trial, by sender. */
    findings: z.strictObject({
      /** In messages the harness sent. */
      harness: z.int().nonnegative(),
      /** In messages the subject sent. */
      subject: z.int().nonnegative(),
    }),
  }),
  /** Libraries board: not-attempted scenarios (with reasons) and every library failure with its raw evidence. */
  libraries: LibrariesViewSchema,
  /** The benchmark version history, newest first (`null` current when no history was given). */
  versions: z.strictObject({
    /** The current benchmark version. */
    current: BenchmarkVersionSchema.shape.version.nullable(),
    /** Every release, newest first. */
    rows: z.array(VersionRowSchema),
  }),
  /** The boards of earlier benchmark versions, kept when each was replaced (`archive/<version>.json`), newest first. */
  archives: z.array(ArchiveRowSchema),
  /** Reports of later stages, keyed by name. */
  extra: z.strictObject({
    /** The spec coverage ledger checked against the scenarios and the pinned TSV. */
    coverage: CoverageReportSchema,
  }),
  /** The constants behind intervals, provisional rows, pass^k and cost (bootstrap, minimum k, dated price table). */
  method: MethodSchema,
  /** Every other statistic the site shows (counts, chart data, checkpoint tallies). */
  stats: DatasetStatsSchema,
});
export type Dataset = z.infer<typeof DatasetSchema>;
