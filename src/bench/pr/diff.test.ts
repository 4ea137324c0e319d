import { describe, expect, it } from 'vitest';
import { derive } from '../derive/derive.ts';
import type { Dataset } from '../derive/dataset.ts';
import { AGENT } from '../derive/forged-corpus.ts';
import {
  calibrationFiles,
  fixtureRegistry,
  scenarioFile,
  trialFiles,
  type Behaviour,
} from '../derive/test-fixtures.ts';
import type { Subject } from '../schema/subject.ts';
import { classifyChanges, type FileChange } from './changes.ts';
import { prReport } from './diff.ts';
import { verifiedAgent } from '../derive/verify-fixtures.ts';

type Files = Map<string, string>;

const agent = (model: string): Subject => ({
  ...AGENT,
  id: `agent/pi@1.6.0/prov/${model}/off`,
  label: `pi · ${model}`,
  model,
});

const trial = (model: string, k: number, behaviour?: Behaviour, infraReason?: string): Files =>
  new Map(trialFiles({ subject: agent(model), k, behaviour, infraReason }).files);

function dataset(files: Files): Dataset {
  const out = derive({ scenarios: [scenarioFile()], results: files, judges: fixtureRegistry() });
  expect(out.problems).toEqual([]);
  return out.dataset!;
}

/** git's view of the change from `old` to `next`. */
function changesOf(old: Files, next: Files): FileChange[] {
  const out: FileChange[] = [];
  for (const [p, t] of next)
    if (!old.has(p)) out.push({ status: 'A', path: p });
    else if (old.get(p) !== t) out.push({ status: 'M', path: p });
  for (const p of old.keys()) if (!next.has(p)) out.push({ status: 'D', path: p });
  return out;
}

const BASE = 'b'.repeat(40);

describe('prReport', () => {
  const old = new Map([
    ...calibrationFiles(),
    ...trial('model-a', 1),
    ...trial('model-b', 1, { status: 202 }),
    ...trial('model-d', 1, { extra: false }),
  ]);
  const next = new Map([
    ...old,
    ...trial('model-b', 2),
    ...trial('model-c', 1),
    ...trial('model-b', 3, {}, 'runner crashed: ENOSPC'),
  ]);
  for (const p of [...next.keys()]) if (p.includes('/model-d/')) next.delete(p);
  const report = prReport({
    base: { ref: 'main', commit: BASE },
    changes: classifyChanges(changesOf(old, next)),
    old: dataset(old),
    next: dataset(next),
    check: [],
    derive: [],
    conformanceChanged: false,
  });

  it('lists the rows added, changed and removed on their board, with score and rank old → new', () => {
    const agents = report.boards.find((b) => b.kind === 'agent' && b.docs === 'none')!;
    const rows = agents.rows.map((r) => [
      r.subject.split('/')[3],
      r.change,
      r.score.old,
      r.score.new,
      r.rank.old,
      r.rank.new,
    ]);
    expect(rows).toEqual([
      ['model-c', 'added', null, 1, null, 2],
      ['model-b', 'changed', 0, 0.5, 3, 3],
      ['model-d', 'removed', expect.any(Number), null, 2, null],
    ]);
    expect(report.records).toEqual({ added: 3, changed: 0, removed: 1 });
  });

  it('reports the new infra-error trial with its reason, and every added trial', () => {
    expect(report.trials.map((t) => [t.subject.split('/')[3], t.k, t.status, t.change])).toEqual([
      ['model-b', 2, 'completed', 'added'],
      ['model-b', 3, 'infra-error', 'added'],
      ['model-c', 1, 'completed', 'added'],
    ]);
    expect(report.trials[1]!.reason).toBe('runner crashed: ENOSPC');
  });

  it('shows the calibration gate unchanged when only agent records change', () => {
    expect(report.calibration).toEqual({ ok: 1, total: 1, failing: [], changed: false });
    expect(report.verification).toEqual({
      agentTrials: 3,
      counts: { agrees: 0, disagrees: 0, 'infra-error': 0, stale: 0, unverified: 3 },
    });
    expect(report.trials.map((t) => t.verification)).toEqual(['unverified', 'unverified', 'unverified']);
  });

  it('counts the agent trials whose re-run agrees, disagrees or is not yet verified', () => {
    const base = calibrationFiles();
    const head = (rerun: Behaviour) => new Map([...base, ...verifiedAgent({ rerun }), ...trial('model-c', 1)]);
    const of = (h: Files) =>
      prReport({
        base: { ref: 'main', commit: BASE },
        changes: classifyChanges(changesOf(base, h)),
        old: dataset(base),
        next: dataset(h),
        check: [],
        derive: [],
        conformanceChanged: false,
      });
    const disagrees = of(head({ status: 202 }));
    expect(disagrees.trials.map((t) => [t.subject.split('/')[3], t.verification])).toEqual([
      ['model-a', 'disagrees'],
      ['model-c', 'unverified'],
    ]);
    expect(disagrees.verification!.counts).toEqual({
      agrees: 0,
      disagrees: 1,
      'infra-error': 0,
      stale: 0,
      unverified: 1,
    });
    expect(of(head({})).verification!.counts).toMatchObject({ agrees: 1, disagrees: 0, unverified: 1 });
  });

  it('has no board changes and no calibration status when the head does not derive', () => {
    const r = prReport({
      base: { ref: 'main', commit: BASE },
      changes: classifyChanges([]),
      check: ['x: broken'],
      derive: ['x: broken'],
      conformanceChanged: true,
    });
    expect([r.boards, r.trials, r.calibration, r.conformanceChanged, r.verification]).toEqual([
      [],
      [],
      null,
      true,
      null,
    ]);
  });
});
