// The data set's contract: what derive writes matches DatasetSchema (and its exported JSON Schema) field for field,
// and a data set that breaks it is refused naming the field.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020Module from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { derive, serializeDataset } from '../derive/derive.ts';
import {
  calibrationFiles,
  fixtureRegistry,
  fixtureScenario,
  scenarioFile,
  trialFiles,
} from '../derive/test-fixtures.ts';
import { formatProblem, zodProblems } from '../problems.ts';
import { loadDeriveInput } from '../../harness/derive-inputs.ts';
import { syntheticDataset } from '../../testing/synthetic-dataset.ts';
import { DatasetSchema, type Dataset } from './dataset.ts';

/** Two scenarios, an agent on both docs axes with k = 3 and an infra error, and full calibration. */
function fixtureDataset(): Dataset {
  const second = fixtureScenario('fixture-echo-two');
  const files = new Map([...calibrationFiles({ k: 2 }), ...calibrationFiles({ scenario: second })]);
  const agent = { kind: 'agent' as const, id: 'agent/pi@1.6.0/test/model/high', label: 'pi · test/model · high' };
  for (const docs of ['none', 'full'] as const)
    for (let k = 1; k <= 3; k++)
      for (const [p, text] of trialFiles({
        subject: agent,
        docs,
        k,
        behaviour: k === 2 ? { contentType: 'text/plain' } : {},
        infraReason: k === 3 && docs === 'full' ? 'agent timed out' : undefined,
      }).files)
        files.set(p, text);
  const out = derive({ scenarios: [scenarioFile(), scenarioFile(second)], results: files, judges: fixtureRegistry() });
  expect(out.problems.map(formatProblem)).toEqual([]);
  return out.dataset!;
}

/** The committed tree (records, libraries with raw evidence, coverage ledgers, the pinned spec and schemas when present). */
function committedDataset(): Dataset {
  const out = derive(loadDeriveInput(process.cwd(), { rejudge: false }));
  expect(out.problems.map(formatProblem)).toEqual([]);
  return out.dataset!;
}

/** Each derived once (the committed tree takes seconds). */
const once = (make: () => Dataset) => {
  let d: Dataset | undefined;
  return () => (d ??= make());
};
const datasets: [string, () => Dataset][] = [
  ['the committed tree', once(committedDataset)],
  ['the fixture corpus (calibration, an agent with an infra error)', once(fixtureDataset)],
  [
    'a synthetic tree (agents, a library, infra errors, k = 1 rows)',
    once(() => syntheticDataset({ seed: 21, subjects: 4, libraries: 1, scenarios: 2, k: 2, infraErrorRate: 0.1 })),
  ],
  ['a synthetic tree without agents', once(() => syntheticDataset({ seed: 1, subjects: 0 }))],
];

const Ajv2020 = Ajv2020Module.default;
const addFormats = formatsModule.default;
const jsonSchema = () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(JSON.parse(readFileSync(join(process.cwd(), 'public/schema/dataset.json'), 'utf8')));
};

/** A deep copy with one change. */
const broken = (d: Dataset, change: (x: Record<string, any>) => void): unknown => {
  const x = JSON.parse(serializeDataset(d));
  change(x);
  return x;
};
const problemsOf = (x: unknown) => {
  const r = DatasetSchema.safeParse(x);
  return r.success ? [] : zodProblems('generated/dataset.json', r.error).map(formatProblem);
};

describe('the data set contract', () => {
  it.each(datasets)('is met by what derive writes for %s, which parses back unchanged', (_, make) => {
    const file = serializeDataset(make());
    const parsed = DatasetSchema.parse(JSON.parse(file));
    // Nothing stripped, nothing defaulted, same key order: the schema describes exactly what derive writes.
    expect(parsed).toStrictEqual(JSON.parse(file));
    expect(serializeDataset(parsed)).toBe(file);
  });

  it.each(datasets)('is met in its exported JSON Schema (public/schema/dataset.json) by %s', (_, make) => {
    const validate = jsonSchema();
    expect(validate(JSON.parse(serializeDataset(make()))), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });

  it('refuses a data set that breaks it, naming each field path-first', () => {
    const d = fixtureDataset();
    const t = d.trials.findIndex((x) => x.score !== null);
    expect(problemsOf(broken(d, (x) => (x.trials[t].score.score = 1.5)))).toEqual([
      `generated/dataset.json: trials[${t}].score.score: Too big: expected number to be <=1`,
    ]);
    expect(problemsOf(broken(d, (x) => delete x.stats.counts))).toEqual([
      'generated/dataset.json: stats.counts: Invalid input: expected object, received undefined',
    ]);
    expect(problemsOf(broken(d, (x) => (x.boards[0].rows[0].rank = 0)))).toEqual([
      'generated/dataset.json: boards[0].rows[0].rank: Too small: expected number to be >0',
    ]);
    expect(problemsOf(broken(d, (x) => (x.trials[0].verdicts[0].verdict = 'maybe')))[0]).toMatch(
      /^generated\/dataset\.json: trials\[0\]\.verdicts\[0\]\.verdict: Invalid option/,
    );
    expect(problemsOf(broken(d, (x) => (x.extra.ledger = {})))).toEqual([
      'generated/dataset.json: extra: unknown field "ledger"\n  hint: remove it, or check its spelling against the JSON Schema in public/schema/',
    ]);
    expect(jsonSchema()(broken(d, (x) => (x.trials[t].score.score = 1.5)))).toBe(false);
  });
});
