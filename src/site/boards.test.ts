import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { boardPairView, boardTable, boardsFor, cellIndex, withoutEmptyColumns } from './boards.ts';
import type { Table } from './table.ts';
import { pct, round4, usd } from './format.ts';

const d = syntheticDataset({ seed: 11, subjects: 4, k: 2, infraErrorRate: 0.15 });
const agents = d.boards.find((b) => b.revision === '2025-11-25' && b.docs === 'none' && b.kind === 'agent')!;

describe('boardTable', () => {
  it('keeps derive board order and publishes its numbers rounded', () => {
    const t = boardTable(d, agents);
    expect(t.rows.map((r) => r[0])).toEqual(agents.rows.map((r) => r.subject));
    const col = t.columns.findIndex((c) => c.key === 'overall');
    t.rows.forEach((r, i) => expect(r[col]).toBeCloseTo(agents.rows[i]!.overall.mean ?? NaN, 4));
    expect(t.cells.every((c) => c.length === t.columns.length)).toBe(true);
  });

  it('has one column per scenario, linking each cell to its first trial', () => {
    const t = boardTable(d, agents);
    const key = agents.columns[0]!;
    const j = t.columns.findIndex((c) => c.key === key);
    const row = agents.rows[0]!;
    const cell = d.cells.find(
      (c) =>
        c.revision === '2025-11-25' &&
        c.docs === 'none' &&
        c.subject === row.subject &&
        `${c.role}/${c.scenario}` === key,
    )!;
    expect(t.cells[0]![j]!.href).toBe(`/trials/${cell.trials[0]}/`);
  });

  it('flags rows below k = 3 provisional and footnotes infra-error trials', () => {
    const t = boardTable(d, agents);
    const k = t.columns.findIndex((c) => c.key === 'k');
    const single = t.rows.findIndex((r) => r[k] === 1);
    expect(single).toBeGreaterThanOrEqual(0);
    expect(t.cells[single]![k]!.flag).toBe('provisional');
    expect(t.notes.join(' ')).toContain('fewer than 3 completed trials');
    const infra = agents.rows.reduce((a, r) => a + r.infraErrors, 0);
    expect(infra).toBeGreaterThan(0);
    expect(t.notes.join(' ')).toContain(`${infra} infra-error trial`);
  });

  it('returns an empty table (rows = []) for a board with no subjects, and both docs sides always', () => {
    const empty = syntheticDataset({ seed: 1, subjects: 0, libraries: 0 });
    const [none, full] = boardsFor(empty, '2026-07-28', 'agent');
    expect([none!.docs, full!.docs]).toEqual(['none', 'full']);
    expect(boardTable(empty, none!, cellIndex(empty)).rows).toEqual([]);
  });

  it('links scenario column headers to their scenario pages', () => {
    const t = boardTable(d, agents);
    const key = agents.columns[0]!;
    const [role, id] = key.split('/');
    expect(t.columns.find((c) => c.key === key)!.href).toBe(`/2025-11-25/${role}/${id}/`);
  });
});

describe('boardTable: uncertainty and cost beside the score', () => {
  const t = boardTable(d, agents);
  const col = (key: string) => t.columns.findIndex((c) => c.key === key);

  it('puts the interval and k, then tokens, cost, time and tool calls, then pass@1 and pass^3 right after the score', () => {
    expect(t.columns.slice(0, 15).map((c) => c.key)).toEqual([
      'subject',
      'harness',
      'rank',
      'overall',
      'overall_ci',
      'k',
      'input_tokens',
      'output_tokens',
      'cost_usd',
      'wall_time_ms',
      'tool_calls',
      'pass_at_1',
      'pass_hat_3',
      'client',
      'server',
    ]);
    expect(t.columns[col('overall_ci')]!.label).toBe('95% CI');
  });

  it("shows each row's interval and rank band from derive, and downloads the interval as lo-hi", () => {
    agents.rows.forEach((r, i) => {
      const ci = t.cells[i]![col('overall_ci')]!.text;
      const { lo, hi } = r.overall.interval!;
      expect(ci).toBe(lo === hi ? pct(lo) : `${Math.round(lo * 100)}–${pct(hi)}`);
      expect(t.rows[i]![col('overall_ci')]).toBe(`${round4(lo)}-${round4(hi)}`);
      const band = t.cells[i]![col('rank')]!.text;
      expect(band).toBe(
        r.rankBand.first === r.rankBand.last ? String(r.rank) : `${r.rankBand.first}–${r.rankBand.last}`,
      );
    });
    expect(agents.rows.some((r) => r.overall.interval!.lo < r.overall.interval!.hi)).toBe(true);
    expect(t.notes.join(' ')).toMatch(/95% CI: bootstrap with 2000 seeded resamples/);
  });

  it('shows cost with its source for agents, and no cost column (never $0.00) on library and calibration boards', () => {
    const i = agents.rows.findIndex((r) => r.usage.costUsd !== undefined);
    expect(t.cells[i]![col('cost_usd')]).toMatchObject({
      text: usd(agents.rows[i]!.usage.costUsd),
      note: "pi's reported cost",
    });
    const others = d.boards.filter((x) => x.kind !== 'agent' && x.rows.length);
    expect(others.length).toBeGreaterThan(0);
    for (const b of others) expect(boardTable(d, b).columns.map((c) => c.key)).not.toContain('cost_usd');
  });

  it("says whose transport each library runs, the client role's own where it differs", () => {
    const client = d.boards.find((b) => b.kind === 'library' && b.role === 'client' && b.rows.length)!;
    const subject = client.rows[0]!.subject;
    const own = { code: 'own' as const, note: 'its own transport code' };
    const sdk = {
      code: 'sdk' as const,
      package: '@modelcontextprotocol/client',
      version: '2.0.0',
      note: 'the SDK client',
    };
    const reg = (extra: object) => ({
      ...d,
      libraries: {
        ...d.libraries,
        registered: [
          { subject, library: 'x', version: '1.0.0', label: 'x', transport: own, superseded: false, ...extra },
        ],
      },
    });
    const cell = (data: typeof d) => {
      const t = boardTable(data, client);
      return t.cells[0]![t.columns.findIndex((c) => c.key === 'transport')];
    };
    expect(cell(reg({}))).toMatchObject({ text: 'own', note: 'its own transport code' });
    expect(cell(reg({ clientTransport: sdk }))).toMatchObject({
      text: 'SDK v2 2.0.0',
      note: 'the SDK client',
    });
  });

  it('hides a column empty on every row of a board, and keeps the columns that say what a row is', () => {
    const t0: Table = {
      id: 't',
      caption: 't',
      columns: ['subject', 'rank', 'cost_usd', 'server/x'].map((key) => ({ key, label: key })),
      rows: [['a', 1, null, null]],
      cells: [[{ text: 'a' }, { text: '1' }, { text: '—' }, { text: '·' }]],
      notes: [],
    };
    const t1 = withoutEmptyColumns(t0, (k) => k === 'subject' || k.includes('/'));
    expect(t1.columns.map((c) => c.key)).toEqual(['subject', 'rank', 'server/x']);
    expect(t1.rows).toEqual([['a', 1, null]]);
    expect(t1.cells[0]!.map((c) => c.text)).toEqual(['a', '1', '·']);
  });
});

describe('boardPairView', () => {
  it('shows both agent sides, invites when no agent ran, and folds a summarised calibration board', () => {
    const empty = syntheticDataset({ seed: 1, subjects: 0, libraries: 0 });
    const none = boardPairView(empty, '2025-11-25', 'agent', false);
    expect([none.noAgents, none.shown.length, none.subjects, none.id]).toEqual([true, 2, 0, 'agent-2025-11-25']);
    const a = boardPairView(d, '2025-11-25', 'agent', false);
    expect([a.noAgents, a.shown.map((b) => b.docs)]).toEqual([false, ['none', 'full']]);
    expect(a.subjects).toBe(
      new Set(
        d.boards
          .filter((b) => b.revision === '2025-11-25' && b.kind === 'agent')
          .flatMap((b) => b.rows.map((r) => r.subject)),
      ).size,
    );
    const cal = boardPairView(d, '2025-11-25', 'calibration', true);
    expect(cal.fold).toBe(true);
    expect(boardPairView(d, '2025-11-25', 'calibration', false).fold).toBe(false);
    expect(cal.shown.every((b) => b.docs === 'none' || b.rows.length > 0)).toBe(true);
  });
});
