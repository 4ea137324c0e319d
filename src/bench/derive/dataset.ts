// The data set's types, for derive and its readers. They are inferred from the zod schemas in src/bench/schema/
// (dataset.ts and the row schemas it assembles), which the site validates generated/dataset.json against.
export { DATASET_FORMAT } from '../schema/dataset.ts';
export type { Dataset } from '../schema/dataset.ts';
export type { TrialRow } from '../schema/trial-row.ts';
export type { Aggregate, Board, BoardRow, CellRow, MeanUsage, OtherVersionRow } from '../schema/board.ts';
export type { CalibrationRow } from '../schema/calibration-row.ts';
export type { DatasetStats } from '../schema/stats.ts';
