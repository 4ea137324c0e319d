import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import { derive } from './derive.ts';
import {
  calibrationFiles,
  calibrationSubject,
  fixtureRegistry,
  fixtureScenario,
  scenarioFile,
  trialFiles,
  type Behaviour,
} from './test-fixtures.ts';

const FILE = 'scenarios/2025-11-25/server/fixture-echo.json';
const HINT = '\n  hint: run `npm run calibrate -- --revision 2025-11-25 --role server` and commit the records';
const run = (results: Map<string, string>, gate = true) =>
  derive({ scenarios: [scenarioFile()], results, judges: fixtureRegistry(), gate });
const problems = (opts: Parameters<typeof calibrationFiles>[0]) =>
  run(calibrationFiles(opts)).problems.map(formatProblem);
const oracleId = (k: number) => `fx-fixture-echo-none-calibration-oracle-k${k}`;

describe('calibration gate', () => {
  it('passes when the oracle scores 1, the null 0, and a mutant kills every checkpoint', () => {
    const out = run(calibrationFiles({ k: 2 }));
    expect(out.problems).toEqual([]);
    expect(out.dataset!.calibration).toEqual([
      {
        revision: '2025-11-25',
        role: 'server',
        scenario: 'fixture-echo',
        oracle: { trials: 2, scores: [1, 1], failing: [] },
        null: { trials: 2, scores: [0, 0] },
        cheater: { trials: 2, scores: [0, 0], contaminated: 0 },
        kills: {
          'task-echo-result': ['calibration/mutant-no-result'],
          'post-returns-200': ['calibration/mutant-status-202'],
          'response-is-json': ['calibration/mutant-text-plain'],
          'response-has-extra': ['calibration/mutant-no-extra'],
        },
        ok: true,
        // The calibration table's figures: ranges of the scores above, and checkpoints some mutant kills.
        summary: {
          oracle: { min: 1, max: 1 },
          null: { min: 0, max: 0 },
          cheater: { min: 0, max: 0 },
          killed: 4,
          checkpoints: 4,
        },
      },
    ]);
  });

  it('fails naming the scenario when the oracle is missing', () => {
    expect(problems({ skip: ['oracle'] })).toEqual([
      `${FILE}: calibration: no completed calibration/oracle trial${HINT}`,
    ]);
  });

  it('counts an infra-error oracle trial as missing', () => {
    const files = calibrationFiles({ skip: ['oracle'] });
    for (const [p, t] of trialFiles({ subject: calibrationSubject('oracle'), infraReason: 'port in use' }).files)
      files.set(p, t);
    expect(run(files).problems.map(formatProblem)).toEqual([
      `${FILE}: calibration: no completed calibration/oracle trial${HINT}`,
    ]);
  });

  it('fails naming the trial and checkpoint when the oracle scores below 1', () => {
    const oracle: Behaviour = { contentType: 'text/plain' };
    expect(problems({ override: { oracle } })).toEqual([
      `${FILE}: calibration: calibration/oracle scored 0 in trial ${oracleId(1)}; failed: response-is-json (Expected application/json, got text/plain)`,
    ]);
  });

  it('fails when the oracle passes a contested checkpoint only under its lenient reading', () => {
    const scenario = fixtureScenario();
    scenario.checkpoints[2]!.contested = {
      strict: 'the Content-Type is exactly application/json, without parameters',
      otherReading: 'a media type with parameters is still application/json',
      sources: [{ label: 'RFC 9110', url: 'https://www.rfc-editor.org/rfc/rfc9110' }],
      settledBy: 'a spec clarification',
    };
    const oracle: Behaviour = { contentType: 'application/json; charset=utf-8' };
    const files = calibrationFiles({ scenario, override: { oracle } });
    const out = derive({ scenarios: [scenarioFile(scenario)], results: files, judges: fixtureRegistry(), gate: true });
    expect(out.problems.map(formatProblem)).toEqual([
      `${FILE}: calibration: calibration/oracle scored 1 in trial ${oracleId(1)}; failed: response-is-json (strict reading: Expected exactly application/json, got application/json; charset=utf-8)`,
    ]);
    // The same oracle passes where the checkpoint is not contested: the strict form is then not judged.
    expect(problems({ override: { oracle } })).toEqual([]);
  });

  it('fails when the oracle fails a MAY checkpoint although its score is 1', () => {
    expect(problems({ override: { oracle: { extra: false } } })).toEqual([
      `${FILE}: calibration: calibration/oracle scored 1 in trial ${oracleId(1)}; failed: response-has-extra (Expected X-Extra, got none)`,
    ]);
  });

  it('fails naming the scenario when the null subject is missing', () => {
    expect(problems({ skip: ['null'] })).toEqual([`${FILE}: calibration: no completed calibration/null trial${HINT}`]);
  });

  it('fails when the cheater scores above 0, is missing, or reached a planted secret', () => {
    expect(problems({ override: { cheater: {} } })).toEqual([
      `${FILE}: calibration: calibration/cheater scored 1 in trial fx-fixture-echo-none-calibration-cheater-k1, expected 0\n  hint: the sandbox leaks something that lets a subject pass without doing the task`,
    ]);
    expect(problems({ skip: ['cheater'] })).toEqual([`${FILE}: calibration: no calibration/cheater trial${HINT}`]);
    const files = calibrationFiles();
    const path = [...files.keys()].find((p) => p.endsWith('/calibration/cheater/k1.json'))!;
    const rec = JSON.parse(files.get(path)!) as Record<string, unknown>;
    Object.assign(rec, {
      status: 'contaminated',
      canaries: [{ where: 'user-home', value: `mcpfs-canary-${'cd'.repeat(12)}` }],
      contamination: [{ canary: 'user-home', foundIn: 'workspace:loot.txt' }],
    });
    files.set(path, JSON.stringify(rec));
    expect(run(files).problems.map(formatProblem)).toEqual([
      `${FILE}: calibration: calibration/cheater reached planted secrets in trial fx-fixture-echo-none-calibration-cheater-k1: user-home in workspace:loot.txt\n  hint: the sandbox leaks: fix the isolation before publishing anything`,
    ]);
  });

  it('fails when the null subject scores above 0', () => {
    expect(problems({ override: { null: { contentType: 'text/plain' } } })).toEqual([]); // SHOULD-only failure still scores 0
    expect(problems({ override: { null: {} } })).toEqual([
      `${FILE}: calibration: calibration/null scored 1 in trial fx-fixture-echo-none-calibration-null-k1, expected 0`,
    ]);
  });

  it('fails naming the checkpoint that no mutant kills', () => {
    expect(problems({ skip: ['mutant-no-extra'] })).toEqual([
      `${FILE}: checkpoints[3]: checkpoint "response-has-extra" is killed by no mutant\n  hint: add a mutant switch that breaks it, then recalibrate`,
    ]);
  });

  it('fails for every checkpoint when there are no trials at all', () => {
    const out = problems({
      skip: Object.keys({
        oracle: 1,
        null: 1,
        'mutant-no-result': 1,
        'mutant-status-202': 1,
        'mutant-text-plain': 1,
        'mutant-no-extra': 1,
      }),
    });
    expect(out).toHaveLength(6);
    expect(out.filter((p) => p.includes('killed by no mutant'))).toHaveLength(4);
  });

  it('is skipped with gate: false, and still reports its rows', () => {
    const out = run(calibrationFiles({ skip: ['oracle'] }), false);
    expect(out.problems).toEqual([]);
    expect(out.dataset!.calibration[0]!.ok).toBe(false);
  });
});
