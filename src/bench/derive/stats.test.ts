// The statistics the site shows (dataset.stats, board ranks, calibration figures, trial wall times) as derive computes
// them: small hand-built inputs with figures worked out by hand, then invariants over a whole synthetic data set.
import { describe, expect, it } from 'vitest';
import type { Board, BoardRow, TrialRow } from './dataset.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Subject } from '../schema/subject.ts';
import type { Outcome } from '../schema/verdict.ts';
import { syntheticDataset } from '../../testing/synthetic-dataset.ts';
import { agentScores, docsDelta, mustFailureHistogram } from './agent-stats.ts';
import { datasetCounts, revisionStats } from './counts.ts';
import { trialDurationMs } from './derive.ts';
import { calibrationSummary } from './gate.ts';
import { checkpointColumns, missedCheckpoints, tallies, tallyOf, tallyRows } from './tallies.ts';

const d = syntheticDataset({ seed: 5, subjects: 3 });
const base = d.trials.find((t) => t.subject.kind === 'agent' && t.status === 'completed' && t.score)!;
const agent = (id: string, label = id): Subject => ({ ...base.subject, id, label });
const library: Subject = { kind: 'library', id: 'library/x@1.0.0', label: 'x 1.0.0' };

/** A trial row like a real one, with its verdicts given as `slug: outcome` and its MUST failures as slugs. */
function trial(over: Partial<TrialRow> & { v?: Record<string, Outcome>; must?: string[] } = {}): TrialRow {
  const { v = {}, must = [], ...rest } = over;
  const verdicts = Object.entries(v).map(([checkpoint, verdict]) => ({ ...base.verdicts[0]!, checkpoint, verdict }));
  return { ...base, verdicts, score: { ...base.score!, mustFailed: must }, ...rest };
}

/** A board of agents whose rows have the given overall means (in board order). */
function board(revision: TrialRow['revision'], docs: TrialRow['docs'], rows: [string, number | null][]): Board {
  const row0 = d.boards.flatMap((b) => b.rows)[0]!;
  const mk = ([subject, mean]: [string, number | null], i: number): BoardRow => ({
    ...row0,
    subject,
    label: subject,
    kind: 'agent',
    overall: { ...row0.overall, mean },
    rank: i + 1,
  });
  return {
    revision,
    docs,
    kind: 'agent',
    role: null,
    others: [],
    columns: [],
    rows: rows.map(mk),
    earlier: [],
    infraErrors: 0,
  };
}

describe('checkpoint tallies', () => {
  it('counts pass and fail, leaves not-applicable out of the rate, and tallies completed trials only', () => {
    const a = trial({ role: 'server', scenario: 's', v: { x: 'pass', y: 'not-applicable' } });
    const b = trial({ role: 'server', scenario: 's', v: { x: 'fail', y: 'not-applicable' } });
    const m = tallies([a, b, { ...b, status: 'infra-error' }, { ...b, status: 'contaminated' }]);
    expect(m.get('server/s/x')).toEqual({ pass: 1, fail: 1, na: 0, applicable: 2, rate: 0.5 });
    expect(m.get('server/s/y')).toEqual({ pass: 0, fail: 0, na: 2, applicable: 0, rate: null });
    expect(tallyOf({ pass: 2, fail: 1, na: 4 })).toEqual({ pass: 2, fail: 1, na: 4, applicable: 3, rate: 2 / 3 });
  });

  it('groups per revision × scenario × subject × docs: every trial in `trials`, completed ones tallied', () => {
    const s = { revision: '2025-11-25', role: 'server', scenario: 's' } as const;
    const rows = tallyRows([
      trial({ ...s, subject: agent('agent/a'), docs: 'none', v: { x: 'pass' } }),
      trial({ ...s, subject: agent('agent/a'), docs: 'none', v: { x: 'fail' }, scenarioHash: 'other-version' }),
      trial({ ...s, subject: agent('agent/a'), docs: 'none', status: 'infra-error', verdicts: [] }),
      trial({ ...s, subject: agent('agent/a'), docs: 'full', v: { x: 'pass' } }),
      trial({ ...s, subject: agent('agent/b'), docs: 'none', status: 'infra-error', verdicts: [] }),
    ]);
    expect(rows.map((r) => [r.subject, r.docs, r.trials, r.completed, r.checkpoints.x?.rate ?? null])).toEqual([
      ['agent/a', 'full', 1, 1, 1],
      ['agent/a', 'none', 3, 2, 0.5],
      ['agent/b', 'none', 1, 0, null],
    ]);
    expect(rows[2]!.checkpoints).toEqual({});
  });

  it('orders matrix columns by scenario, then MUST, SHOULD, MAY, then the scenario order', () => {
    const cols = checkpointColumns(d.scenarios, '2025-11-25');
    const first = cols.filter((c) => c.scenario.id === cols[0]!.scenario.id);
    const levels = first.map((c) => c.checkpoint.level);
    expect(levels).toEqual(
      [...levels].sort((a, b) => ['MUST', 'SHOULD', 'MAY'].indexOf(a) - ['MUST', 'SHOULD', 'MAY'].indexOf(b)),
    );
    expect(new Set(levels).size).toBeGreaterThan(1);
    expect(cols).toHaveLength(
      d.scenarios.filter((s) => s.revision === '2025-11-25').reduce((n, s) => n + s.checkpoints.length, 0),
    );
  });

  it('ranks checkpoints agents miss: agents only, applied at least once, highest fail rate first, then slug', () => {
    const scenario: Scenario = { ...d.scenarios.find((s) => s.revision === '2025-11-25')! };
    const [c1, c2, c3, c4] = scenario.checkpoints.map((c) => c.slug);
    const at = { revision: scenario.revision, role: scenario.role, scenario: scenario.id } as const;
    const missed = missedCheckpoints(
      [scenario],
      [
        trial({ ...at, v: { [c1!]: 'fail', [c2!]: 'pass', [c3!]: 'not-applicable', [c4!]: 'fail' } }),
        trial({ ...at, v: { [c1!]: 'fail', [c2!]: 'fail', [c3!]: 'not-applicable', [c4!]: 'pass' } }),
        // A library failing everything does not count against agents.
        trial({ ...at, subject: library, v: { [c2!]: 'fail', [c4!]: 'fail' } }),
      ],
      ['2025-11-25', '2026-07-28'],
    );
    const tie = [c2!, c4!].sort();
    expect(missed.map((m) => [m.checkpoint, m.failRate, m.tally.applicable])).toEqual([
      [c1, 1, 2],
      [tie[0], 0.5, 2],
      [tie[1], 0.5, 2],
    ]);
  });
});

describe('agent chart data', () => {
  it('takes each agent board’s overall scores, their mean and range; an empty board has nulls', () => {
    const stats = agentScores([
      board('2025-11-25', 'none', [
        ['agent/a', 1],
        ['agent/b', null],
        ['agent/c', 0.5],
      ]),
    ]);
    expect(stats.find((s) => s.revision === '2025-11-25' && s.docs === 'none')).toEqual({
      revision: '2025-11-25',
      docs: 'none',
      scores: [1, 0.5],
      agents: 2,
      mean: 0.75,
      min: 0.5,
      max: 1,
    });
    expect(stats.find((s) => s.revision === '2026-07-28' && s.docs === 'full')).toEqual({
      revision: '2026-07-28',
      docs: 'full',
      scores: [],
      agents: 0,
      mean: null,
      min: null,
      max: null,
    });
    expect(stats).toHaveLength(4);
  });

  it('gives full − none per agent, null unless both exist, best first, agents with no score on either left out', () => {
    const boards = [
      board('2025-11-25', 'none', [
        ['agent/a', 0.25],
        ['agent/b', 0.5],
        ['agent/d', null],
      ]),
      board('2025-11-25', 'full', [
        ['agent/a', 0.75],
        ['agent/d', null],
      ]),
    ];
    const rows = docsDelta(boards, [
      agent('agent/a', 'A'),
      agent('agent/b', 'B'),
      agent('agent/c', 'C'),
      agent('agent/d', 'D'),
      library,
    ]);
    expect(rows.map((r) => [r.subject, r.none, r.full, r.delta])).toEqual([
      ['agent/a', 0.25, 0.75, 0.5],
      ['agent/b', 0.5, null, null],
    ]);
  });

  it('bins completed agent trials by failed MUSTs, 0 … the most, per revision; other subjects and unscored trials are left out', () => {
    const h = mustFailureHistogram([
      trial({ revision: '2025-11-25', must: [] }),
      trial({ revision: '2025-11-25', must: ['a', 'b', 'c'] }),
      trial({ revision: '2026-07-28', must: ['a', 'b', 'c'] }),
      trial({ revision: '2026-07-28', must: ['a', 'b', 'c'] }),
      trial({ revision: '2026-07-28', must: ['a', 'b', 'c', 'd', 'e'], subject: library }),
      { ...trial({ revision: '2026-07-28' }), status: 'infra-error', score: null },
    ]);
    expect(h.trials).toBe(4);
    expect(h.peak).toBe(2);
    expect(h.bins.map((b) => [b.mustFailed, b.counts['2025-11-25'], b.counts['2026-07-28']])).toEqual([
      [0, 1, 0],
      [1, 0, 0],
      [2, 0, 0],
      [3, 1, 2],
    ]);
    expect(mustFailureHistogram([])).toEqual({
      trials: 0,
      peak: 0,
      bins: [{ mustFailed: 0, counts: { '2025-11-25': 0, '2026-07-28': 0 } }],
    });
  });
});

describe('counts and per-row figures', () => {
  it('counts trials, scenarios and subjects per kind, and per revision its scenarios by role, checkpoints and board subjects', () => {
    const c = datasetCounts(d);
    expect(c.trials).toBe(d.trials.length);
    expect(c.subjects.agent).toBe(3);
    expect(c.subjects.library + c.subjects.agent + c.subjects.calibration).toBe(d.subjects.length);
    const [s0, s1] = d.scenarios.filter((s) => s.revision === '2026-07-28');
    const server: Scenario = { ...s0!, role: 'server' };
    const client: Scenario = { ...s1!, role: 'client', checkpoints: s1!.checkpoints.slice(0, 2) };
    const boards = [
      board('2026-07-28', 'none', [
        ['agent/a', 1],
        ['agent/b', 0],
      ]),
      board('2026-07-28', 'full', [
        ['agent/a', 1],
        ['agent/c', 0],
      ]),
    ];
    const r = revisionStats({
      scenarios: [server, client],
      boards,
      libraries: { notAttempted: [], failures: [], releases: [], registered: [] },
    }).find((x) => x.revision === '2026-07-28')!;
    expect(r).toEqual({
      revision: '2026-07-28',
      scenarios: 2,
      client: 1,
      server: 1,
      checkpoints: server.checkpoints.length + 2,
      subjects: { agent: 3, library: 0, calibration: 0 },
      doubtedLibraryVerdicts: 0,
    });
  });

  it('summarises a calibration row: score ranges (the cheater’s contaminated trials left out) and checkpoints some mutant kills', () => {
    const row = d.calibration[0]!;
    const s = calibrationSummary({
      ...row,
      oracle: { trials: 2, scores: [1, 0.5], failing: [] },
      null: { trials: 0, scores: [] },
      cheater: { trials: 2, scores: [null, 0], contaminated: 1 },
      kills: { a: ['m1'], b: [], c: ['m1', 'm2'] },
    });
    expect(s).toEqual({
      oracle: { min: 0.5, max: 1 },
      null: { min: null, max: null },
      cheater: { min: 0, max: 0 },
      killed: 2,
      checkpoints: 3,
    });
  });

  it('gives a trial’s wall time from its UTC timestamps', () => {
    expect(trialDurationMs('2026-01-01T00:00:00.000Z', '2026-01-01T00:01:02.500Z')).toBe(62_500);
  });
});

describe('the statistics of a derived data set', () => {
  const s = syntheticDataset({ seed: 21, subjects: 4, libraries: 1, scenarios: 2, k: 2, infraErrorRate: 0.2 });

  it('ranks board rows 1 … n in board order and sums their infra errors per board', () => {
    for (const b of s.boards) {
      expect(b.rows.map((r) => r.rank)).toEqual(b.rows.map((_, i) => i + 1));
      expect(b.infraErrors).toBe(b.rows.reduce((n, r) => n + r.infraErrors, 0));
    }
    expect(s.boards.some((b) => b.infraErrors > 0)).toBe(true);
  });

  it('histograms every scored agent trial once, and tallies every verdict of a completed trial once', () => {
    const bins = s.stats.mustFailures.bins.flatMap((b) => Object.values(b.counts));
    expect(bins.reduce((n, c) => n + c, 0)).toBe(s.trials.filter((t) => t.subject.kind === 'agent' && t.score).length);
    const tallied = s.stats.tallies
      .flatMap((r) => Object.values(r.checkpoints))
      .reduce((n, t) => n + t.pass + t.fail + t.na, 0);
    expect(tallied).toBe(s.trials.filter((t) => t.status === 'completed').reduce((n, t) => n + t.verdicts.length, 0));
    expect(s.stats.tallies.reduce((n, r) => n + r.trials, 0)).toBe(s.trials.length);
  });

  it('gives every trial its wall time', () => {
    for (const t of s.trials) expect(t.durationMs).toBe(Date.parse(t.endedAt) - Date.parse(t.startedAt));
  });
});
