import { describe, expect, it } from 'vitest';
import { formatProblem, type Problem } from '../problems.ts';
import { derive, type DeriveInput } from './derive.ts';
import { FORGED } from './forged-corpus.ts';
import { LIMITS } from './limits-corpus.ts';
import { base, CASES as MALFORMED, editWire, REC, type Case } from './malformed-corpus.ts';
import { fixtureCalibrationSubjects, fixtureRegistry, scenarioFile } from './test-fixtures.ts';
import { VERIFY_CASES } from './verify-corpus.ts';

/** The whole kit: malformed records, forgeries, what JSON or a loose schema would take, broken snapshots and verifications. */
const CASES: Case[] = [...MALFORMED, ...FORGED, ...LIMITS, ...VERIFY_CASES];

const input = (results: Map<string, string>, extra: Partial<DeriveInput> = {}): DeriveInput => ({
  scenarios: [scenarioFile()],
  results,
  judges: fixtureRegistry(),
  gate: false,
  calibrationSubjects: fixtureCalibrationSubjects(),
  ...extra,
});
const run = (results: Map<string, string>, extra?: Partial<DeriveInput>) => derive(input(results, extra));

/** Path-first: the problem names a file of the case's input and its text starts with that path. */
function pathFirst(p: Problem, known: ReadonlySet<string>): boolean {
  return known.has(p.file) && formatProblem(p).startsWith(`${p.file}: `);
}

describe('derive on malformed and forged records', () => {
  it('accepts the unbroken corpus the cases start from', () => {
    const out = run(base());
    expect(out.problems).toEqual([]);
    expect(out.dataset?.trials).toHaveLength(1);
  });

  it('has at least 70 distinct kinds, every one refused path-first with nothing written', () => {
    const names = new Set(CASES.map((c) => c.name));
    expect(names.size).toBe(CASES.length);
    let accepted = 0;
    let notPathFirst = 0;
    for (const c of CASES) {
      const files = c.files();
      const out = run(files, c.input);
      const known = new Set([
        ...files.keys(),
        scenarioFile().path,
        ...(c.input?.libraries?.registry ? [c.input.libraries.registry.path] : []),
      ]);
      if (out.dataset || out.problems.length === 0) accepted++;
      if (out.problems.some((p) => !pathFirst(p, known))) notPathFirst++;
    }
    // The kit's summary, one line (the lead's acceptance check reads it).
    console.log(`record kit: ${CASES.length} kinds tried, accepted ${accepted}, not path-first ${notPathFirst}`);
    expect(CASES.length).toBeGreaterThanOrEqual(70);
    expect({ accepted, notPathFirst }).toEqual({ accepted: 0, notPathFirst: 0 });
  });

  it.each(CASES.map((c) => [c.name, c] as const))('reports %s path-first with its exact text', (_name, c) => {
    const out = run(c.files(), c.input);
    expect(out.problems.map(formatProblem)).toEqual(c.want);
    expect(out.dataset).toBeUndefined();
  });

  it('collects the problems of every broken record in one run', () => {
    const merged = new Map<string, string>();
    const wants: string[] = [];
    // Cases whose files live at distinct paths (and hold distinct wire logs) can be combined: expect all problems.
    for (const c of CASES.filter(
      (c) =>
        c.name === 'unknown scenario' ||
        c.name === 'one transcript under two trials' ||
        c.name === 'a library not in the registry',
    )) {
      for (const [p, t] of c.files()) merged.set(p, t);
      wants.push(...c.want);
    }
    expect(
      run(merged, CASES.find((c) => c.input)!.input)
        .problems.map(formatProblem)
        .sort(),
    ).toEqual(wants.sort());
  });

  it('reports a missing judge once, on the scenario file, however many records meet it', () => {
    const results = new Map([...base(1), ...base(2)]);
    const judges = fixtureRegistry();
    const { 'response-is-json': _gone, ...rest } = judges['2025-11-25']!.server!;
    const out = derive({ ...input(results), judges: { '2025-11-25': { server: rest } } });
    expect(out.problems.map(formatProblem)).toEqual([
      'scenarios/2025-11-25/server/fixture-echo.json: checkpoints: no judge registered for checkpoint "response-is-json" (2025-11-25 server)',
    ]);
  });

  it('cannot tell a forger who recomputes the chain and reseals the record (the documented limit: no secret key)', () => {
    // The unjudged conn-close moved from t 5 to t 4: every h recomputed, the record's seal rewritten to match. Nothing
    // keyed tells this log from the harness's; only re-running the trial would (CONTEXT.md, "Record integrity").
    const forged = editWire(base(), (l) => (l[7]!.t = 4), { rechain: true });
    expect(forged.get(REC)).not.toBe(base().get(REC));
    expect(run(forged).problems).toEqual([]);
  });
});
