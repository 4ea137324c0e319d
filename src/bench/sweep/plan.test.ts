import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import { RunManifestSchema, type RunManifest } from '../schema/run-manifest.ts';
import { planSweep, shardMatrix, type PlanUniverse } from './plan.ts';

const FILE = 'runs/x.json';

const UNIVERSE: PlanUniverse = {
  scenarios: [
    { revision: '2025-11-25', role: 'server', id: 'tools-basics' },
    { revision: '2025-11-25', role: 'server', id: 'streaming' },
    { revision: '2025-11-25', role: 'client', id: 'call-tool' },
    { revision: '2026-07-28', role: 'server', id: 'streaming' },
    { revision: '2026-07-28', role: 'client', id: 'stateless-call' },
  ],
  mutants: {
    '2025-11-25/server': [
      { id: 'wrong-results', scenarios: ['tools-basics'] },
      { id: 'no-origin-check', scenarios: ['tools-basics', 'streaming'] },
    ],
    '2026-07-28/client': [{ id: 'wrong-answer', scenarios: ['stateless-call'] }],
  },
};

const manifest = (over: Partial<Record<keyof RunManifest, unknown>> = {}): RunManifest =>
  RunManifestSchema.parse({
    format: 'mcpfs.run/1',
    id: 'x',
    ranBy: 'tests',
    createdAt: '2026-12-01T00:00:00.000Z',
    harness: { name: 'calibration', version: '3.0.0' },
    agents: ['oracle', 'null'],
    revisions: ['2025-11-25'],
    roles: ['server'],
    scenarios: ['tools-basics'],
    docs: ['full'],
    k: 2,
    timeLimitSeconds: 60,
    isolation: 'netns',
    repositoryCommit: '0'.repeat(40),
    deviations: [],
    ...over,
  });

const plan = (m: RunManifest, shards = 1) => {
  const r = planSweep(m, FILE, UNIVERSE, shards);
  if (!r.plan) throw new Error(r.problems.map(formatProblem).join('\n'));
  return r.plan;
};
const problems = (m: RunManifest, shards = 1) => planSweep(m, FILE, UNIVERSE, shards).problems.map(formatProblem);

describe('planSweep', () => {
  it('lists agents × revisions × roles × scenarios × docs × k in that order, keyed rev/role/scenario/docs/agent/k', () => {
    const p = plan(
      manifest({
        agents: ['oracle', 'null'],
        revisions: ['2025-11-25', '2026-07-28'],
        roles: ['server', 'client'],
        scenarios: 'all',
        docs: ['none', 'full'],
        k: 1,
      }),
    );
    const keys = p.trials.map((t) => t.key);
    const cells = [
      '2025-11-25/server/streaming',
      '2025-11-25/server/tools-basics',
      '2025-11-25/client/call-tool',
      '2026-07-28/server/streaming',
      '2026-07-28/client/stateless-call',
    ];
    const want = ['oracle', 'null'].flatMap((a) =>
      cells.flatMap((c) => ['none', 'full'].map((d) => `${c}/${d}/${a}/k1`)),
    );
    expect(keys).toEqual(want);
    expect(p.trials.map((t) => t.index)).toEqual(keys.map((_, i) => i));
    expect(p.trials[3]).toMatchObject({
      agent: 'oracle',
      revision: '2025-11-25',
      role: 'server',
      scenario: 'tools-basics',
      docs: 'full',
      k: 1,
    });
  });

  it('runs a listed scenario id in every selected revision and role that has it, in the manifest order', () => {
    const p = plan(
      manifest({
        agents: ['oracle'],
        revisions: ['2025-11-25', '2026-07-28'],
        scenarios: ['tools-basics', 'streaming'],
        k: 1,
      }),
    );
    expect(p.trials.map((t) => t.key)).toEqual([
      '2025-11-25/server/tools-basics/full/oracle/k1',
      '2025-11-25/server/streaming/full/oracle/k1',
      '2026-07-28/server/streaming/full/oracle/k1',
    ]);
  });

  it('numbers repetitions from kFrom', () => {
    const p = plan(manifest({ agents: ['null'], k: 3, kFrom: 4 }));
    expect(p.trials.map((t) => t.k)).toEqual([4, 5, 6]);
    expect(p.trials[0]!.key).toBe('2025-11-25/server/tools-basics/full/null/k4');
  });

  it('gives the same list, keys and shards every time (stable)', () => {
    const m = manifest({
      revisions: ['2025-11-25', '2026-07-28'],
      roles: ['server', 'client'],
      scenarios: 'all',
      k: 3,
    });
    expect(plan(m, 4)).toEqual(plan(structuredClone(m), 4));
  });

  it('assigns trials round robin: shards are disjoint and together hold every trial once', () => {
    const m = manifest({
      revisions: ['2025-11-25', '2026-07-28'],
      roles: ['server', 'client'],
      scenarios: 'all',
      k: 3,
    });
    const p = plan(m, 3);
    expect(p.trials.map((t) => t.shard)).toEqual(p.trials.map((_, i) => (i % 3) + 1));
    const byShard = [1, 2, 3].map((s) => p.trials.filter((t) => t.shard === s).map((t) => t.key));
    const union = byShard.flat();
    expect(new Set(union).size).toBe(union.length);
    expect(union.sort()).toEqual(p.trials.map((t) => t.key).sort());
    expect(byShard.every((s) => s.length >= Math.floor(p.trials.length / 3))).toBe(true);
    // The shard count changes the assignment only, never the list.
    expect(plan(m, 1).trials.map((t) => t.key)).toEqual(p.trials.map((t) => t.key));
  });

  it('skips a mutant on a scenario it is not run on, with the reason, and keeps it where it is', () => {
    const p = plan(
      manifest({
        agents: ['oracle', 'mutant:wrong-results'],
        revisions: ['2025-11-25', '2026-07-28'],
        roles: ['server', 'client'],
        scenarios: ['tools-basics', 'streaming', 'stateless-call'],
        k: 1,
      }),
    );
    expect(p.trials.filter((t) => t.agent === 'mutant:wrong-results').map((t) => t.key)).toEqual([
      '2025-11-25/server/tools-basics/full/mutant:wrong-results/k1',
    ]);
    expect(p.skips).toEqual([
      {
        agent: 'mutant:wrong-results',
        revision: '2025-11-25',
        role: 'server',
        scenario: 'streaming',
        reason: 'mutant "wrong-results" is run on tools-basics only (it breaks nothing streaming checks)',
      },
      {
        agent: 'mutant:wrong-results',
        revision: '2026-07-28',
        role: 'server',
        scenario: 'streaming',
        reason: 'no 2026-07-28 server mutant "wrong-results"',
      },
      {
        agent: 'mutant:wrong-results',
        revision: '2026-07-28',
        role: 'client',
        scenario: 'stateless-call',
        reason: 'no 2026-07-28 client mutant "wrong-results"',
      },
    ]);
  });

  it('refuses an unknown scenario path-first, naming what the selected revisions and roles have', () => {
    expect(problems(manifest({ scenarios: ['tools-basics', 'streaming', 'foo'] }))).toEqual([
      'runs/x.json: scenarios[2]: unknown scenario "foo" (2025-11-25 server has: streaming, tools-basics)\n' +
        '  hint: use an id of the selected revisions and roles, or add the revision or role it belongs to',
    ]);
    // call-tool exists, but not in the selected role.
    expect(problems(manifest({ scenarios: ['call-tool'] }))[0]).toMatch(
      /^runs\/x\.json: scenarios\[0\]: unknown scenario "call-tool"/,
    );
  });

  it('refuses an unknown mutant path-first, and a mutant of a revision or role not selected', () => {
    expect(problems(manifest({ agents: ['oracle', 'mutant:nope'] }))[0]).toBe(
      'runs/x.json: agents[1]: unknown mutant "nope" (2025-11-25 server has: wrong-results, no-origin-check)\n' +
        '  hint: use a mutant switch of the selected revisions and roles (src/harness/oracle/<revision>/…/mutants.ts)',
    );
    expect(problems(manifest({ agents: ['mutant:wrong-answer'] }))[0]).toMatch(
      /^runs\/x\.json: agents\[0\]: unknown mutant "wrong-answer"/,
    );
  });

  it('refuses an entry listed twice, and pi without a model', () => {
    expect(problems(manifest({ agents: ['oracle', 'null', 'oracle'], docs: ['full', 'full'] }))).toEqual([
      'runs/x.json: agents[2]: "oracle" is listed twice (also agents[0])\n  hint: list it once',
      'runs/x.json: docs[1]: "full" is listed twice (also docs[0])\n  hint: list it once',
    ]);
    expect(problems(manifest({ agents: ['pi'], provider: 'anthropic' }))[0]).toMatch(
      /^runs\/x\.json: model: required by agents\[0\] "pi"/,
    );
    expect(
      planSweep(manifest({ agents: ['pi'], provider: 'anthropic', model: 'm' }), FILE, UNIVERSE).plan?.trials,
    ).toHaveLength(2);
  });

  it('gives the matrix an engine fans out over', () => {
    expect(shardMatrix(3)).toEqual({ shard: ['1/3', '2/3', '3/3'] });
    expect(problems(manifest(), 0)).toEqual(['--shards: 0: must be a positive integer']);
  });
});
