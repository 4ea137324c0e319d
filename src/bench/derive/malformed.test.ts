import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import { derive } from './derive.ts';
import { base, CASES } from './malformed-corpus.ts';
import { fixtureRegistry, scenarioFile } from './test-fixtures.ts';

const run = (results: Map<string, string>) => derive({ scenarios: [scenarioFile()], results, judges: fixtureRegistry(), gate: false });

describe('derive on malformed records', () => {
  it('accepts the unbroken corpus the cases start from', () => {
    const out = run(base());
    expect(out.problems).toEqual([]);
    expect(out.dataset?.trials).toHaveLength(1);
  });

  it('has at least 20 distinct malformed cases', () => {
    expect(new Set(CASES.map((c) => c.name)).size).toBeGreaterThanOrEqual(20);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('reports %s path-first with its exact text', (_name, c) => {
    const out = run(c.files());
    expect(out.problems.map(formatProblem)).toEqual(c.want);
    expect(out.dataset).toBeUndefined();
  });

  it('collects the problems of every broken record in one run', () => {
    const merged = new Map<string, string>();
    const wants: string[] = [];
    // Cases whose files live at distinct paths can be combined; collect all of them, expect all problems.
    for (const c of CASES.filter((c) => c.name === 'unknown scenario' || c.name === 'orphan sidecar')) {
      for (const [p, t] of c.files()) merged.set(p, t);
      wants.push(...c.want);
    }
    expect(run(merged).problems.map(formatProblem).sort()).toEqual(wants.sort());
  });

  it('reports a missing judge once, on the scenario file, however many records meet it', () => {
    const results = new Map([...base(1), ...base(2)]);
    const judges = fixtureRegistry();
    const { 'response-is-json': _gone, ...rest } = judges['2025-11-25']!.server!;
    const out = derive({ scenarios: [scenarioFile()], results, judges: { '2025-11-25': { server: rest } }, gate: false });
    expect(out.problems.map(formatProblem)).toEqual([
      'scenarios/2025-11-25/server/fixture-echo.json: checkpoints: no judge registered for checkpoint "response-is-json" (2025-11-25 server)',
    ]);
  });
});
