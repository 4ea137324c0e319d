// Boards as derive builds them: intervals, rank bands, provisional rows, pass^k and cost, on hand-built trials and
// then as invariants over a whole synthetic data set.
import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../../testing/synthetic-dataset.ts';
import type { PriceTable } from '../schema/prices.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Subject } from '../schema/subject.ts';
import { overlaps } from '../scoring/uncertainty.ts';
import { scoreCost } from './agent-stats.ts';
import { PRICE_TABLE } from '../cost/prices.ts';
import { buildBoards, buildCells } from './boards.ts';
import type { TrialRow } from './dataset.ts';

const d = syntheticDataset({ seed: 5, subjects: 3 });
const base = d.trials.find((t) => t.subject.kind === 'agent' && t.status === 'completed' && t.score)!;
const scenario = d.scenarios.find(
  (s) => s.revision === base.revision && s.role === base.role && s.id === base.scenario,
)!;
const agent = (model: string): Subject => ({
  kind: 'agent',
  id: `agent/pi@1.0.0/acme/${model}/high`,
  label: model,
  provider: 'acme',
  model,
});
const prices: PriceTable = {
  asOf: '2026-01-01',
  currency: 'USD',
  per: '1M tokens',
  models: [
    {
      model: 'acme/priced',
      input: 1,
      output: 2,
      cacheRead: 0,
      cacheWrite: 0,
      source: 'https://example.com/',
      asOf: '2026-01-01',
    },
  ],
};

/** Trials of one agent on the one scenario, docs none: one per score, usage as given. */
function trials(subject: Subject, scores: number[], usage: TrialRow['usage'] = {}): TrialRow[] {
  return scores.map((score, i) => ({
    ...base,
    id: `${subject.label}-${i}`,
    k: i + 1,
    docs: 'none',
    subject,
    score: { ...base.score!, score, mustFailed: score === 0 ? ['x'] : [] },
    usage,
  }));
}

function board(ts: TrialRow[]) {
  const subjects = [...new Map(ts.map((t) => [t.subject.id, t.subject])).values()];
  const boards = buildBoards([scenario], subjects, buildCells(ts), ts, prices);
  return {
    boards,
    rows: boards.find((b) => b.revision === base.revision && b.docs === 'none' && b.kind === 'agent')!.rows,
  };
}

describe('buildBoards: uncertainty and cost', () => {
  it('bands rows whose intervals overlap the leader, and marks rows below k = 3 provisional', () => {
    const { rows } = board([
      ...trials(agent('a'), [1, 1, 1, 1]),
      ...trials(agent('b'), [1, 1, 0.5, 1]),
      ...trials(agent('c'), [0, 0, 0]),
      ...trials(agent('d'), [0.5]),
    ]);
    expect(rows.map((r) => [r.label, r.rank, `${r.rankBand.first}–${r.rankBand.last}`, r.provisional])).toEqual([
      ['a', 1, '1–2', false],
      ['b', 2, '1–2', false],
      ['d', 3, '3–3', true],
      ['c', 4, '4–4', false],
    ]);
    expect(rows[0]!.overall).toMatchObject({ interval: { lo: 1, hi: 1 }, passAt1: 1, passHatK: 1 });
    expect(rows[1]!.overall).toMatchObject({ passAt1: 0.75, passHatK: 0.25 });
    expect(rows[2]!.overall).toMatchObject({ interval: { lo: 0.5, hi: 0.5 }, passHatK: null });
  });

  it("costs a trial at pi's figure, else at the table; a model outside the table and every non-agent have none", () => {
    const lib: Subject = { kind: 'library', id: 'library/x@1.0.0', label: 'x' };
    const tok = { inputTokens: 1_000_000, outputTokens: 500_000 };
    const { boards, rows } = board([
      ...trials(agent('priced'), [1, 1, 1], { ...tok, costUsd: 0 }),
      ...trials(agent('reported'), [1, 1, 1], { ...tok, costUsd: 0.5 }),
      ...trials(agent('unpriced'), [1, 1, 1], { ...tok, costUsd: 0 }),
      ...trials(lib, [1], { ...tok, costUsd: 3 }),
    ]);
    const cost = Object.fromEntries(rows.map((r) => [r.label, [r.usage.costUsd, r.usage.costSource]]));
    expect(cost).toEqual({
      priced: [2, 'price-table'],
      reported: [0.5, 'reported'],
      unpriced: [undefined, undefined],
    });
    const libRow = boards.find(
      (b) => b.kind === 'library' && b.docs === 'none' && b.revision === base.revision && b.role === base.role,
    )!.rows[0]!;
    expect(libRow.usage).toEqual({ inputTokens: 1_000_000, outputTokens: 500_000 });
    const points = scoreCost(boards).find((s) => s.revision === base.revision)!;
    expect(points.points.map((p) => [p.label, p.costUsd])).toEqual([
      ['priced', 2],
      ['reported', 0.5],
    ]);
    expect(points.maxCostUsd).toBe(2);
  });
});

describe('library boards, one per role', () => {
  const rev = base.revision;
  const inRole = (role: 'client' | 'server') => d.scenarios.filter((x) => x.revision === rev && x.role === role);
  const [s1, s2] = inRole('server');
  const [c1] = inRole('client');
  const lib = (name: string): Subject => ({ kind: 'library', id: `library/${name}@1.0.0`, label: name });
  const on = (subject: Subject, sc: Scenario, score: number): TrialRow => ({
    ...base,
    id: `${subject.label}-${sc.role}-${sc.id}`,
    revision: rev,
    role: sc.role,
    scenario: sc.id,
    k: 1,
    docs: 'none',
    subject,
    score: { ...base.score!, score, mustFailed: score === 0 ? ['x'] : [] },
  });
  const both = lib('both-roles');
  const partial = lib('one-server-scenario');
  const clientOnly = lib('client-only');
  const ts = [on(both, s1!, 0.5), on(both, s2!, 0.5), on(both, c1!, 1), on(partial, s1!, 1), on(clientOnly, c1!, 1)];
  const speaksOther = {
    revision: rev,
    role: 'server' as const,
    scenario: s1!.id,
    subject: 'library/old@0.1.0',
    label: 'old',
    reason: 'old 0.1.0 cannot speak this revision: it answers with 2025-03-26.',
    negotiates: '2025-03-26',
  };
  const lacksApi = { ...speaksOther, subject: 'library/no-tasks@1.0.0', label: 'no-tasks', negotiates: undefined };
  const boards = buildBoards([s1!, s2!, c1!], [both, partial, clientOnly], buildCells(ts), ts, prices, [
    speaksOther,
    lacksApi,
  ]);
  const of = (role: 'client' | 'server') =>
    boards.find((b) => b.revision === rev && b.docs === 'none' && b.kind === 'library' && b.role === role)!;

  it("ranks a library among its role by that role's scenarios only, by the score over those it attempted", () => {
    const server = of('server');
    expect(server.columns).toEqual([`server/${s1!.id}`, `server/${s2!.id}`]);
    expect(server.rows.map((r) => [r.label, r.rank, r.overall.mean, r.overall.present, r.overall.expected])).toEqual([
      ['one-server-scenario', 1, 1, 1, 2],
      ['both-roles', 2, 0.5, 2, 2],
    ]);
    // Its client score does not lift a library that has both roles on the server board.
    expect(of('client').rows.map((r) => [r.label, r.overall.mean])).toEqual([
      ['both-roles', 1],
      ['client-only', 1],
    ]);
  });

  it('lists a library that speaks another protocol version beside its role board, never as a ranked row', () => {
    expect(of('server').others).toEqual([
      { subject: speaksOther.subject, label: 'old', negotiates: '2025-03-26', reason: speaksOther.reason },
    ]);
    expect(of('server').rows.map((r) => r.subject)).not.toContain(speaksOther.subject);
    expect(of('client').others).toEqual([]);
  });

  it('keeps one board over every scenario for agents and calibration, complete rows first', () => {
    const agentBoards = boards.filter((b) => b.revision === rev && b.kind !== 'library');
    expect(agentBoards.map((b) => b.role)).toEqual(agentBoards.map(() => null));
    expect(agentBoards[0]!.columns).toHaveLength(3);
  });
});

describe('boards of a synthetic data set', () => {
  const s = syntheticDataset({ seed: 21, subjects: 4, libraries: 1, scenarios: 2, k: 3, infraErrorRate: 0.2 });

  it('gives every row a contiguous band holding its rank, whose leader overlaps every member', () => {
    for (const b of s.boards)
      b.rows.forEach((r, i) => {
        expect(r.rankBand.first).toBeLessThanOrEqual(r.rank);
        expect(r.rankBand.last).toBeGreaterThanOrEqual(r.rank);
        const leader = b.rows[r.rankBand.first - 1]!;
        expect(leader.rankBand).toEqual(r.rankBand);
        if (r.overall.interval && leader.overall.interval)
          expect(overlaps(r.overall.interval, leader.overall.interval)).toBe(true);
        if (i > 0 && b.rows[i - 1]!.rankBand.first !== r.rankBand.first) expect(r.rankBand.first).toBe(r.rank);
      });
  });

  it('marks a row provisional exactly when a cell has fewer than 3 completed trials', () => {
    const rows = s.boards.flatMap((b) => b.rows);
    for (const r of rows) expect(r.provisional).toBe(r.minK < 3);
    expect(rows.some((r) => r.provisional) && rows.some((r) => !r.provisional)).toBe(true);
  });

  it('has no cost on any non-agent row, and an interval in [0, 1] around every score', () => {
    for (const b of s.boards)
      for (const r of b.rows) {
        if (b.kind !== 'agent') expect(r.usage.costUsd).toBeUndefined();
        const i = r.overall.interval;
        if (r.overall.mean === null) expect(i).toBeNull();
        else expect(i!.lo <= i!.hi && i!.lo >= 0 && i!.hi <= 1).toBe(true);
      }
    expect(s.method).toMatchObject({ minK: 3, passHatK: 3, bootstrap: { resamples: 2000, confidence: 0.95 } });
  });
});

describe('library boards and release history', () => {
  it('list a library speaking another version beside the board, but not an earlier release of a library (its history)', () => {
    const speaks = {
      revision: '2025-11-25' as const,
      role: 'server' as const,
      scenario: 'tools-basics',
      subject: 'library/x@1.0.0',
      label: 'x 1.0.0',
      reason: 'x 1.0.0 negotiates 2025-06-18 only, and no option adds a version',
      negotiates: '2025-06-18',
    };
    const others = (superseded: string[]) =>
      buildBoards([], [], [], [], PRICE_TABLE, [speaks], superseded)
        .filter((b) => b.kind === 'library' && b.role === 'server' && b.revision === '2025-11-25' && b.docs === 'none')
        .flatMap((b) => b.others.map((o) => o.subject));
    expect(others([])).toEqual(['library/x@1.0.0']);
    expect(others(['library/x@1.0.0'])).toEqual([]);
  });
});
