import { z } from 'zod';
import { ScenarioSchema } from './scenario.ts';
import { TrialRecordSchema } from './trial.ts';
import { WireEventLineSchema, WireHeaderLineSchema } from './wire-event.ts';
import { TranscriptEntrySchema } from './transcript.ts';
import { CheckpointSchema } from './checkpoint.ts';
import { CoverageLedgerSchema } from './coverage.ts';
import { ConformanceExpectationsSchema } from './conformance.ts';
import { EvidenceIndexSchema, LibraryRegistrySchema } from './library.ts';
import { BenchmarkVersionsSchema } from './versions.ts';
import { DatasetSchema } from './dataset.ts';
import { BoardArchiveSchema } from './archive.ts';
import { RunManifestSchema } from './run-manifest.ts';
import { SweepBundleSchema } from './sweep-bundle.ts';
import { ModelExchangeSchema, ModelTrafficEndSchema, ModelTrafficHeaderSchema } from './model-traffic.ts';
import { AtifTrajectorySchema } from './atif.ts';

/** JSON Schema texts by file name, for `public/schema/` (editors validate records through `$schema`). */
export function jsonSchemas(): Record<string, string> {
  // Inputs people write (records, scenarios, ledgers) as editors validate them: defaults optional. The data set is
  // derive's output: every defaulted field is present.
  const emit = (s: z.ZodType, id: string, io: 'input' | 'output' = 'input') =>
    JSON.stringify({ ...z.toJSONSchema(s, { io, unrepresentable: 'any' }), $id: `/schema/${id}` }, null, 2) + '\n';
  return {
    'scenario.json': emit(ScenarioSchema, 'scenario.json'),
    'checkpoint.json': emit(CheckpointSchema, 'checkpoint.json'),
    'trial.json': emit(TrialRecordSchema, 'trial.json'),
    // Wire-log lines as stored: with their hash-chain field `h`.
    'wire-header.json': emit(WireHeaderLineSchema, 'wire-header.json'),
    'wire-event.json': emit(WireEventLineSchema, 'wire-event.json'),
    'transcript-entry.json': emit(TranscriptEntrySchema, 'transcript-entry.json'),
    // `<name>.model.jsonl`: line 1 the header, then exchanges, then at most one end line.
    'model-traffic-header.json': emit(ModelTrafficHeaderSchema, 'model-traffic-header.json'),
    'model-exchange.json': emit(ModelExchangeSchema, 'model-exchange.json'),
    'model-traffic-end.json': emit(ModelTrafficEndSchema, 'model-traffic-end.json'),
    // /trials/<id>/trajectory.atif.json and `npm run atif`: the fields of ATIF v1.4 this benchmark fills.
    'atif-trajectory.json': emit(AtifTrajectorySchema, 'atif-trajectory.json', 'output'),
    'coverage.json': emit(CoverageLedgerSchema, 'coverage.json'),
    'conformance-expectations.json': emit(ConformanceExpectationsSchema, 'conformance-expectations.json'),
    'library-registry.json': emit(LibraryRegistrySchema, 'library-registry.json'),
    'library-evidence.json': emit(EvidenceIndexSchema, 'library-evidence.json'),
    'benchmark-versions.json': emit(BenchmarkVersionsSchema, 'benchmark-versions.json'),
    // runs/<id>.json, written by whoever runs a sweep; bundle.json, written by `npm run sweep`.
    'run-manifest.json': emit(RunManifestSchema, 'run-manifest.json'),
    'sweep-bundle.json': emit(SweepBundleSchema, 'sweep-bundle.json'),
    // archive/<version>.json, written by `npm run versions -- --bump` (derive's boards: every field present).
    'board-archive.json': emit(BoardArchiveSchema, 'board-archive.json', 'output'),
    // generated/dataset.json, the site's input (and its /downloads/dataset.json).
    'dataset.json': emit(DatasetSchema, 'dataset.json', 'output'),
  };
}
