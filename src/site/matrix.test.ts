import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { matrixColumns, matrixTable, missedTable } from './matrix.ts';

const d = syntheticDataset({ seed: 5, subjects: 3 });

describe('checkpoint matrix', () => {
  it('orders columns by scenario, then MUST, SHOULD, MAY', () => {
    const cols = matrixColumns(d.scenarios, '2025-11-25');
    const first = cols.filter((c) => c.scenario.id === cols[0]!.scenario.id).map((c) => c.checkpoint.level);
    expect(first).toEqual(
      [...first].sort((a, b) => ['MUST', 'SHOULD', 'MAY'].indexOf(a) - ['MUST', 'SHOULD', 'MAY'].indexOf(b)),
    );
  });

  it('has one row per non-calibration subject and docs axis, with rates matching the trials', () => {
    const t = matrixTable(d, '2025-11-25');
    expect(t.rows.some((r) => String(r[0]).startsWith('calibration/'))).toBe(false);
    const row = t.rows[0]!;
    const j = 2;
    const [role, scenario, slug] = t.columns[j]!.key.split('/');
    const ts = d.trials.filter(
      (x) =>
        x.revision === '2025-11-25' &&
        x.subject.id === row[0] &&
        x.docs === row[1] &&
        x.status === 'completed' &&
        x.role === role &&
        x.scenario === scenario,
    );
    const vs = ts
      .map((x) => x.verdicts.find((v) => v.checkpoint === slug)!.verdict)
      .filter((v) => v !== 'not-applicable');
    expect(row[j]).toBeCloseTo(vs.filter((v) => v === 'pass').length / vs.length, 4);
  });

  it('ranks the most-missed checkpoints first', () => {
    const t = missedTable(d, '2026-07-28');
    const rates = t.rows.map((r) => r[4] as number);
    expect(rates.length).toBeGreaterThan(1);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });
});
