import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import { derive } from './derive.ts';
import { base } from './malformed-corpus.ts';
import { fixtureRegistry, fixtureScenario, scenarioFile } from './test-fixtures.ts';

const PATH = 'scenarios/2025-11-25/server/fixture-echo.json';
const run = (text: string, results = base()) =>
  derive({ scenarios: [{ path: PATH, text }], results, judges: fixtureRegistry(), gate: false }).problems.map(
    formatProblem,
  );

describe('derive on scenario files', () => {
  it('reports an invalid scenario once, not again as "unknown scenario" on each of its records', () => {
    const s = { ...fixtureScenario(), grade: 9 };
    expect(run(JSON.stringify(s))).toEqual([`${PATH}: grade: Too big: expected number to be <=5`]);
  });

  it('rejects a scenario whose file name does not match its id', () => {
    const out = derive({
      scenarios: [{ path: 'scenarios/2025-11-25/server/other.json', text: scenarioFile().text }],
      results: new Map(),
      judges: fixtureRegistry(),
      gate: false,
    });
    expect(out.problems.map(formatProblem)).toEqual([
      'scenarios/2025-11-25/server/other.json: id: path does not match content: expected scenarios/2025-11-25/server/fixture-echo.json',
    ]);
  });

  it("rejects a citation of another revision's sentence even without the spec", () => {
    const s = fixtureScenario();
    s.checkpoints[1]!.spec!.id = '260728-shttp-70';
    expect(run(JSON.stringify(s), new Map())).toEqual([
      `${PATH}: checkpoints[1].spec.id: "260728-shttp-70" is not a 2025-11-25 sentence id (they start with "251125-")`,
    ]);
  });

  it('rejects a task checkpoint that cites a sentence', () => {
    const s = fixtureScenario();
    s.checkpoints[0]!.spec = { ...s.checkpoints[1]!.spec! };
    expect(run(JSON.stringify(s), new Map())).toEqual([
      `${PATH}: checkpoints[0].spec: a task checkpoint cites no sentence: set "spec": null`,
    ]);
  });

  it('rejects two readings of one slug in one revision and role (one slug is one judge)', () => {
    const a = fixtureScenario();
    a.checkpoints[1]!.reading = 'Read one way.';
    const b = { ...fixtureScenario(), id: 'fixture-echo-2' };
    b.checkpoints = b.checkpoints.map((c, i) => (i === 1 ? { ...c, reading: 'Read another way.' } : c));
    const other = 'scenarios/2025-11-25/server/fixture-echo-2.json';
    const out = derive({
      scenarios: [
        { path: PATH, text: JSON.stringify(a) },
        { path: other, text: JSON.stringify(b) },
      ],
      results: new Map(),
      judges: fixtureRegistry(),
      gate: false,
    });
    const slug = a.checkpoints[1]!.slug;
    expect(out.problems.map(formatProblem)).toEqual([
      // Files are compared in path order: fixture-echo-2.json sorts before fixture-echo.json.
      `${PATH}: checkpoints[1].reading: differs from the reading of "${slug}" in ${other} (one slug is one judge, so one reading)\n  hint: use the same text in both files: Read another way.`,
    ]);
    b.checkpoints[1]!.reading = 'Read one way.';
    const same = derive({
      scenarios: [
        { path: PATH, text: JSON.stringify(a) },
        { path: other, text: JSON.stringify(b) },
      ],
      results: new Map(),
      judges: fixtureRegistry(),
      gate: false,
    });
    expect(same.problems.map(formatProblem)).toEqual([]);
  });

  it('rejects a consequence of a checkpoint the scenario does not have, and a checkpoint that causes itself', () => {
    const a = fixtureScenario();
    const problems = () =>
      derive({
        scenarios: [{ path: PATH, text: JSON.stringify(a) }],
        results: new Map(),
        judges: fixtureRegistry(),
        gate: false,
      }).problems.map((p) => `${p.file}: ${p.field}: ${p.message}`);
    a.checkpoints[0]!.consequenceOf = ['post-returns-200'];
    expect(problems()).toEqual([]);
    a.checkpoints[1]!.consequenceOf = ['post-returns-200'];
    expect(problems()).toEqual([`${PATH}: checkpoints[1].consequenceOf: a checkpoint cannot be its own cause`]);
    a.checkpoints[1]!.consequenceOf = undefined;
    a.checkpoints[0]!.consequenceOf = ['no-such-checkpoint'];
    expect(problems()).toEqual([
      `${PATH}: checkpoints[0].consequenceOf[0]: no checkpoint "no-such-checkpoint" in this scenario`,
    ]);
  });

  it('checks citations against the pinned TSV when given', () => {
    const rows = fixtureScenario().checkpoints.flatMap((c) =>
      c.spec
        ? [
            {
              id: c.spec.id,
              file: c.spec.file,
              line: c.spec.line,
              rawLevel: c.level,
              level: c.level,
              appliesTo: 'server' as const,
              sentence: c.spec.quote,
            },
          ]
        : [],
    );
    rows[0] = { ...rows[0]!, line: 71, sentence: 'other text' };
    const out = derive({
      scenarios: [scenarioFile()],
      results: new Map(),
      judges: fixtureRegistry(),
      spec: { '2025-11-25': rows },
      gate: false,
    });
    expect(out.problems.map(formatProblem)).toEqual([
      `${PATH}: checkpoints[1].spec.line: expected 71, got 70`,
      `${PATH}: checkpoints[1].spec.quote: does not equal the sentence at docs/specification/2025-11-25/basic/transports.mdx:71\n  hint: copy it exactly: other text`,
    ]);
  });
});
