import type { Revision, Role, DocsAxis } from '../schema/common.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Subject, SubjectKind } from '../schema/subject.ts';
import type { Usage } from '../schema/usage.ts';
import type { Verdict } from '../schema/verdict.ts';
import type { Cell } from '../scoring/cell.ts';
import type { TrialScore } from '../scoring/score.ts';
import type { SchemaRevisionStatus } from '../wire-schema/trial.ts';
import type { TrialSchemaReport } from '../wire-schema/types.ts';
import type { LibrariesView } from './libraries.ts';
import type { Contamination } from '../schema/trial.ts';
import type { VersionRow } from '../versions/check.ts';

export const DATASET_FORMAT = 'mcpfs.dataset/1';

/** One trial, validated and scored. */
export interface TrialRow {
  id: string;
  revision: Revision;
  role: Role;
  scenario: string;
  docs: DocsAxis;
  k: number;
  subject: Subject;
  status: 'completed' | 'infra-error' | 'contaminated';
  infraReason?: string;
  /** Where the trial's canaries turned up (contaminated trials). */
  contamination?: Contamination[];
  startedAt: string;
  endedAt: string;
  /** Benchmark version that produced the record. */
  benchmarkVersion: string;
  /** Scenario version (content hash) the trial ran. */
  scenarioHash: string;
  /** Whether that is the scenario's current version: only current trials count on boards and in the gate. */
  current: boolean;
  specCommit: string;
  verdicts: Verdict[];
  /** `null` for infra-error and contaminated trials: they are never scored. */
  score: TrialScore | null;
  usage: Usage;
  /** Project-relative paths of the record and its sidecars. */
  files: { record: string; wire: string; transcript?: string };
  /**
   * Its JSON-RPC messages validated against the revision's pinned schema (harness and subject alike). Findings are
   * evidence beside the verdicts (each names the checkpoints whose evidence touches its exchange); they never change
   * a verdict or the score.
   */
  schema: TrialSchemaReport;
}

/** Subject × scenario × docs, over its k trials. */
export interface CellRow {
  revision: Revision;
  role: Role;
  scenario: string;
  docs: DocsAxis;
  subject: string;
  cell: Cell;
  /** Trial ids in k order (completed and infra-error). */
  trials: string[];
}

/** Score of a subject over a set of scenarios. */
export interface Aggregate {
  mean: number | null;
  present: number;
  expected: number;
  complete: boolean;
}

/** One row of a board (revision × docs × subject kind). */
export interface BoardRow {
  subject: string;
  label: string;
  kind: SubjectKind;
  overall: Aggregate;
  client: Aggregate;
  server: Aggregate;
  /** Keyed `<role>/<scenario>`; missing = never run. */
  cells: Record<string, Cell>;
  /** Sum of the cells' MAY tallies. */
  mayTally: number;
  /** Smallest k over present cells (k = 1 is flagged on the board). */
  minK: number;
  /** Means over completed trials, when known. */
  usage: { costUsd?: number; inputTokens?: number; outputTokens?: number; wallTimeMs?: number; toolCalls?: number };
  infraErrors: number;
}

export interface Board {
  revision: Revision;
  docs: DocsAxis;
  kind: SubjectKind;
  /** Column keys `<role>/<scenario>`, client before server, by grade then id. */
  columns: string[];
  rows: BoardRow[];
}

/** Calibration status of one scenario: what the build's gate checked. */
export interface CalibrationRow {
  revision: Revision;
  role: Role;
  scenario: string;
  oracle: { trials: number; scores: number[]; failing: string[] };
  null: { trials: number; scores: number[] };
  /** The cheating subject: its scores (must be 0) and how many of its trials reached a planted secret (must be 0). */
  cheater: { trials: number; scores: (number | null)[]; contaminated: number };
  /** Checkpoint slug → mutant subject ids whose trial failed it. */
  kills: Record<string, string[]>;
  ok: boolean;
}

/** The one data set the site renders. Deterministic: same inputs → byte-identical JSON. */
export interface Dataset {
  format: typeof DATASET_FORMAT;
  scenarios: Scenario[];
  subjects: Subject[];
  trials: TrialRow[];
  cells: CellRow[];
  boards: Board[];
  calibration: CalibrationRow[];
  /** Pinned-schema validation: per revision checked or skipped (and why), and how many findings each side has. */
  schema: { revisions: SchemaRevisionStatus[]; findings: { harness: number; subject: number } };
  /** Libraries board: not-attempted scenarios (with reasons) and every library failure with its raw evidence. */
  libraries: LibrariesView;
  /** The benchmark version history, newest first (`null` current when no history was given). */
  versions: { current: string | null; rows: VersionRow[] };
  /** Extensions computed by later stages (e.g. the coverage ledger), keyed by name. */
  extra: Record<string, unknown>;
}
