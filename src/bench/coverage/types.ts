// The coverage report's types are the data set's contract: zod schemas in src/bench/schema/coverage-report.ts.
export type {
  CoverageCheckpoint,
  CoverageCount,
  CoverageLevelCount,
  CoverageReport,
  ObservableMusts,
  RevisionCoverage,
  SentenceCoverage,
} from '../schema/coverage-report.ts';
