import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { boardPairView, boardTable, boardsFor, cellIndex } from './boards.ts';

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

  it('flags k=1 rows and footnotes infra-error trials', () => {
    const t = boardTable(d, agents);
    const k = t.columns.findIndex((c) => c.key === 'k');
    const single = t.rows.findIndex((r) => r[k] === 1);
    expect(single).toBeGreaterThanOrEqual(0);
    expect(t.cells[single]![k]!.flag).toBe('k=1');
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
