import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { boardTable, boardsFor, cellIndex } from './boards.ts';

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
    const cell = d.cells.find((c) => c.revision === '2025-11-25' && c.docs === 'none' && c.subject === row.subject && `${c.role}/${c.scenario}` === key)!;
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
});
